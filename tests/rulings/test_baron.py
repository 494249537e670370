"""The Baron (3): compare hands in secret; the lower value is knocked out."""

from __future__ import annotations

import pytest
from testkit.tables import both_editions, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    HandsCompared,
    KnockOutCause,
    Play,
    PlayerKnockedOut,
    Shown,
)


@both_editions
@pytest.mark.ruling("LL19-BARON-COMPARE")
def test_ll19_baron_compare_knocks_out_the_lower_target(edition_name: str) -> None:
    """The target's lower card loses: they are out and their card goes face up."""
    game = table(
        hands={"Anna": "King", "Ben": "Priest", "Carla": "Handmaid"},
        pile=["Baron", "Guard"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.BARON, target="Ben"),
        HandsCompared(
            player="Anna",
            target="Ben",
            player_card=Card.KING,
            target_card=Card.PRIEST,
            loser="Ben",
        ),
        PlayerKnockedOut(player="Ben", cause=KnockOutCause.BARON, discarded=(Card.PRIEST,)),
        CardDrawn(player="Carla", card=Card.GUARD),
    )
    state = game.state
    assert state.in_round == ("Anna", "Carla")
    assert state.hand("Ben") == ()
    assert state.discards_of("Ben") == (Card.PRIEST,)
    assert state.hand("Anna") == (Card.KING,)
    assert state.discards_of("Anna") == (Card.BARON,)
    assert state.player_to_act == "Carla"


@both_editions
@pytest.mark.ruling("LL19-BARON-COMPARE")
def test_ll19_baron_compare_may_knock_out_its_own_player(edition_name: str) -> None:
    """When the Baron's player holds the lower card, the Baron's player is out."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Handmaid", "Carla": "Priest"},
        pile=["Baron", "Countess"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.BARON, target="Ben"),
        HandsCompared(
            player="Anna",
            target="Ben",
            player_card=Card.GUARD,
            target_card=Card.HANDMAID,
            loser="Anna",
        ),
        PlayerKnockedOut(player="Anna", cause=KnockOutCause.BARON, discarded=(Card.GUARD,)),
        CardDrawn(player="Ben", card=Card.COUNTESS),
    )
    state = game.state
    assert state.in_round == ("Ben", "Carla")
    assert state.hand("Anna") == ()
    assert state.discards_of("Anna") == (Card.BARON, Card.GUARD)
    assert state.hand("Ben") == (Card.HANDMAID, Card.COUNTESS)
    assert state.player_to_act == "Ben"


@both_editions
@pytest.mark.parametrize(
    ("anna", "ben", "loser"),
    [
        ("King", "Countess", "Anna"),
        ("Countess", "King", "Ben"),
        ("Princess", "Countess", "Ben"),
        ("Priest", "Guard", "Ben"),
        ("Prince", "Handmaid", "Ben"),
    ],
)
@pytest.mark.ruling("LL19-BARON-COMPARE")
def test_ll19_baron_compare_by_the_edition_values(
    edition_name: str, anna: str, ben: str, loser: str
) -> None:
    """The comparison follows the card values, the same order in both editions."""
    game = table(
        hands={"Anna": anna, "Ben": ben, "Carla": "Handmaid" if ben != "Handmaid" else "Priest"},
        pile=["Baron"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    compared = [e for e in events if isinstance(e, HandsCompared)]
    assert [c.loser for c in compared] == [loser]
    assert game.state.is_out(loser)
    assert game.state.in_round == tuple(p for p in ("Anna", "Ben", "Carla") if p != loser)


@both_editions
@pytest.mark.ruling("LL19-BARON-TIE")
def test_ll19_baron_tie_knocks_nobody_out(edition_name: str) -> None:
    """Equal cards at a Baron's comparison: nobody is knocked out and nothing moves."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Guard", "Carla": "Priest"},
        pile=["Baron", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.BARON, target="Ben"),
        HandsCompared(
            player="Anna", target="Ben", player_card=Card.GUARD, target_card=Card.GUARD, loser=None
        ),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    state = game.state
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.hand("Ben") == (Card.GUARD, Card.HANDMAID)
    assert state.discards_of("Ben") == ()
    assert state.discards_of("Anna") == (Card.BARON,)


@both_editions
@pytest.mark.ruling("LL19-BARON-VISIBILITY")
def test_ll19_baron_visibility_after_a_tie_only_the_two_see(edition_name: str) -> None:
    """After a tie each of the two has seen the other's card, and the third player nothing."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Priest", "Carla": "Guard"},
        pile=["Baron", "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    state = game.state
    assert set(state.shown) == {
        Shown(viewer="Anna", owner="Ben", card=Card.PRIEST, by=Card.BARON),
        Shown(viewer="Ben", owner="Anna", card=Card.PRIEST, by=Card.BARON),
    }
    assert len(state.shown) == 2
    assert all(Card.PRIEST not in state.discards_of(p) for p in ("Anna", "Ben", "Carla"))


@both_editions
@pytest.mark.ruling("LL19-BARON-VISIBILITY")
def test_ll19_baron_visibility_the_loser_card_becomes_public(edition_name: str) -> None:
    """After a knock-out the loser's card lies face up; the winner's is still seen by one."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Priest", "Carla": "Guard"},
        pile=["Baron", "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    state = game.state
    assert state.discards_of("Ben") == (Card.PRIEST,)  # public now
    assert set(state.shown) == {
        Shown(viewer="Anna", owner="Ben", card=Card.PRIEST, by=Card.BARON),
        Shown(viewer="Ben", owner="Anna", card=Card.PRINCE, by=Card.BARON),
    }
    assert not any(s.viewer == "Carla" for s in state.shown)
    assert Card.PRINCE not in state.discards_of("Anna")
