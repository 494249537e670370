"""The Countess (8, classic 7): no effect, but she must be played beside the King or a Prince."""

from __future__ import annotations

import pytest
from testkit.tables import FORCED_RULING, assert_refused, both_editions, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    HandDiscarded,
    Play,
    Reason,
)


@both_editions
@pytest.mark.parametrize("other", ["King", "Prince"])
@pytest.mark.parametrize("countess_drawn", [False, True], ids=["countess-held", "countess-drawn"])
@pytest.mark.ruling("LL19-COUNTESS-FORCED")
def test_ll19_countess_forced_by_the_king_or_a_prince(
    edition_name: str, other: str, countess_drawn: bool
) -> None:
    """With the King or a Prince beside her, the Countess is the only card you may play."""
    held, drawn = ("Countess", other) if not countess_drawn else (other, "Countess")
    game = table(
        hands={"Anna": held, "Ben": "Baron", "Carla": "Handmaid"},
        pile=[drawn, "Guard"],
        edition_name=edition_name,
    )
    other_card = Card(other)
    targets = ["Ben", "Carla"] + (["Anna"] if other_card is Card.PRINCE else [])
    for target in targets:
        command = Play(player="Anna", card=other_card, target=target)
        assert_refused(game, command, Reason.COUNTESS_FORCED, FORCED_RULING[edition_name])
    assert list(game.legal_commands()) == [Play(player="Anna", card=Card.COUNTESS)]

    game.apply(Play(player="Anna", card=Card.COUNTESS))
    assert game.state.hand("Anna") == (other_card,)
    assert game.state.discards_of("Anna") == (Card.COUNTESS,)


@both_editions
@pytest.mark.parametrize("other", ["Guard", "Priest", "Baron", "Handmaid", "Princess"])
@pytest.mark.ruling("LL19-COUNTESS-VOLUNTARY")
def test_ll19_countess_voluntary_with_any_other_card(edition_name: str, other: str) -> None:
    """Beside any card but the King or a Prince, either card may be played."""
    game = table(
        hands={"Anna": "Countess", "Ben": "Baron" if other != "Baron" else "Priest"},
        pile=[other, "Guard"],
        players=["Anna", "Ben", "Carla"],
        edition_name=edition_name,
    )
    cards_played = {c.card for c in game.legal_commands() if isinstance(c, Play)}
    assert cards_played == {Card.COUNTESS, Card(other)}
    events = game.apply(Play(player="Anna", card=Card.COUNTESS))
    assert events[0] == CardPlayed(player="Anna", card=Card.COUNTESS)
    assert game.state.hand("Anna") == (Card(other),)
    assert game.state.in_round == ("Anna", "Ben", "Carla")


@both_editions
@pytest.mark.ruling("LL19-COUNTESS-VOLUNTARY")
def test_ll19_countess_voluntary_the_other_card_may_be_played_instead(edition_name: str) -> None:
    """Beside a Guard, the Guard may be played and the Countess kept."""
    game = table(
        hands={"Anna": "Countess", "Ben": "Baron", "Carla": "Priest"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert game.state.hand("Anna") == (Card.COUNTESS,)
    assert game.state.discards_of("Anna") == (Card.GUARD,)


@both_editions
@pytest.mark.ruling("LL19-COUNTESS-NO-EFFECT")
def test_ll19_countess_no_effect_when_played(edition_name: str) -> None:
    """Playing the Countess changes nothing but the card's own place."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"},
        pile=["Countess", "Handmaid"],
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.COUNTESS))
    assert events == (
        CardPlayed(player="Anna", card=Card.COUNTESS),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    state = game.state
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.discards_of("Anna") == (Card.COUNTESS,)
    assert state.hand("Ben") == (Card.BARON, Card.HANDMAID)
    assert state.hand("Carla") == (Card.PRIEST,)
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert not any(state.is_protected(p) for p in state.players)
    assert state.shown == ()
    assert state.draw_pile == before.draw_pile[1:]


@both_editions
@pytest.mark.ruling("LL19-COUNTESS-NO-EFFECT")
def test_ll19_countess_no_effect_when_discarded_to_a_prince(edition_name: str) -> None:
    """A Countess discarded to a Prince does nothing: her holder just draws."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Countess", "Carla": "Priest"},
        pile=["Prince", "Baron", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Ben"),
        HandDiscarded(player="Ben", card=Card.COUNTESS),
        CardDrawn(player="Ben", card=Card.BARON, by=Card.PRINCE),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    state = game.state
    assert state.discards_of("Ben") == (Card.COUNTESS,)
    assert state.hand("Ben") == (Card.BARON, Card.HANDMAID)
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.shown == ()


@both_editions
@pytest.mark.parametrize("other", ["King", "Prince", "Guard"])
@pytest.mark.ruling("LL19-COUNTESS-SECRET")
def test_ll19_countess_secret_the_other_card_is_not_revealed(edition_name: str, other: str) -> None:
    """Playing the Countess, forced (King, Prince) or not (Guard), shows nobody the other card."""
    game = table(
        hands={"Anna": other, "Ben": "Baron", "Carla": "Priest"},
        pile=["Countess", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.COUNTESS))
    assert events == (
        CardPlayed(player="Anna", card=Card.COUNTESS),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    assert game.state.shown == ()
    assert game.state.discards_of("Anna") == (Card.COUNTESS,)
    assert game.state.hand("Anna") == (Card(other),)
