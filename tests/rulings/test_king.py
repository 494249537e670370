"""The King (7, classic 6): trade hands with another player."""

from __future__ import annotations

import pytest
from testkit.tables import both_editions, table

from loveletter import Card, CardDrawn, CardPlayed, HandSeen, HandsTraded, Play, Shown


@both_editions
@pytest.mark.ruling("LL19-KING-TRADE")
def test_ll19_king_trade_swaps_the_two_hands(edition_name: str) -> None:
    """The King's player and the target trade hands; each sees only the card received."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["King", "Guard"],
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.KING, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.KING, target="Ben"),
        HandsTraded(
            player="Anna", target="Ben", player_received=Card.BARON, target_received=Card.PRIEST
        ),
        CardDrawn(player="Ben", card=Card.GUARD),
    )
    state = game.state
    assert state.hand("Anna") == (Card.BARON,)
    assert state.hand("Ben") == (Card.PRIEST, Card.GUARD)
    assert state.hand("Carla") == (Card.HANDMAID,)
    assert state.discards_of("Anna") == (Card.KING,)
    assert state.discards_of("Ben") == ()
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert set(state.shown) == {
        Shown(viewer="Anna", owner="Ben", card=Card.BARON, by=Card.KING),
        Shown(viewer="Ben", owner="Anna", card=Card.PRIEST, by=Card.KING),
    }
    assert state.draw_pile == before.draw_pile[1:]


@both_editions
@pytest.mark.ruling("LL19-KING-TRADE")
def test_ll19_king_trade_each_keeps_the_card_received(edition_name: str) -> None:
    """After the trade, the target plays the card they received as their own."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["King", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.KING, target="Ben"))
    events = game.apply(Play(player="Ben", card=Card.PRIEST, target="Anna"))
    assert HandSeen(player="Ben", target="Anna", card=Card.BARON) in events
    assert game.state.hand("Ben") == (Card.GUARD,)
    assert game.state.hand("Anna") == (Card.BARON,)
    assert game.state.discards_of("Ben") == (Card.PRIEST,)


@both_editions
@pytest.mark.ruling("LL19-KING-TRADE")
def test_ll19_king_trade_is_not_a_comparison(edition_name: str) -> None:
    """Trading a low card for a high one knocks nobody out: the King only trades."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Princess"}, pile=["King"], edition_name=edition_name
    )
    game.apply(Play(player="Anna", card=Card.KING, target="Ben"))
    assert game.state.hand("Anna") == (Card.PRINCESS,)
    assert game.state.hand("Ben")[0] is Card.GUARD
    assert game.state.in_round == ("Anna", "Ben")
    assert not game.state.round_over
