"""The Priest (2): look at another player's hand, secretly."""

from __future__ import annotations

import pytest
from testkit.tables import both_editions, table

from loveletter import Card, CardDrawn, CardPlayed, HandSeen, Play, Shown


@both_editions
@pytest.mark.ruling("LL19-PRIEST-LOOK")
def test_ll19_priest_look_shows_the_card_to_its_player_only(edition_name: str) -> None:
    """The Priest's player sees the target's card; nobody else does, and nothing moves."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Priest", "Countess"],
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.PRIEST, target="Ben"),
        HandSeen(player="Anna", target="Ben", card=Card.BARON),
        CardDrawn(player="Ben", card=Card.COUNTESS),
    )
    state = game.state
    assert state.shown == (Shown(viewer="Anna", owner="Ben", card=Card.BARON, by=Card.PRIEST),)
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.discards_of("Anna") == (Card.PRIEST,)
    assert state.hand("Ben") == (Card.BARON, Card.COUNTESS)
    assert state.discards_of("Ben") == ()
    assert state.hand("Carla") == (Card.HANDMAID,)
    assert state.discards_of("Carla") == ()
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.draw_pile == before.draw_pile[1:]  # only Ben's draw left the pile
    assert state.set_aside == before.set_aside


@both_editions
@pytest.mark.ruling("LL19-PRIEST-LOOK")
def test_ll19_priest_look_each_look_is_shown_to_its_own_player(edition_name: str) -> None:
    """Two Priests on the same player show the card to each Priest's player, separately."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"},
        pile=["Priest", "Countess", "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    game.apply(Play(player="Ben", card=Card.COUNTESS))
    events = game.apply(Play(player="Carla", card=Card.PRIEST, target="Ben"))
    assert HandSeen(player="Carla", target="Ben", card=Card.BARON) in events
    assert game.state.shown == (
        Shown(viewer="Anna", owner="Ben", card=Card.BARON, by=Card.PRIEST),
        Shown(viewer="Carla", owner="Ben", card=Card.BARON, by=Card.PRIEST),
    )
    assert game.state.hand("Ben") == (Card.BARON,)
    assert game.state.in_round == ("Anna", "Ben", "Carla")
