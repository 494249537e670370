"""The Princess (9, classic 8): whoever plays or discards her is knocked out."""

from __future__ import annotations

import pytest
from testkit.tables import both_editions, knock_outs, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    Choose,
    Ending,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    KnockOutCause,
    Play,
    PlayerKnockedOut,
    RoundEnded,
    Shown,
)

# -- LL19-PRINCESS-PLAY-OUT --------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-PRINCESS-PLAY-OUT")
def test_ll19_princess_play_out_is_legal_and_knocks_you_out(edition_name: str) -> None:
    """Playing the Princess is a legal move; its player is out with the other card face up."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"},
        pile=["Princess", "Handmaid"],
        edition_name=edition_name,
    )
    command = Play(player="Anna", card=Card.PRINCESS)
    assert command in list(game.legal_commands())
    events = game.apply(command)
    assert events == (
        CardPlayed(player="Anna", card=Card.PRINCESS),
        PlayerKnockedOut(
            player="Anna", cause=KnockOutCause.PRINCESS_PLAYED, discarded=(Card.GUARD,)
        ),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    state = game.state
    assert state.is_out("Anna")
    assert state.in_round == ("Ben", "Carla")
    assert state.hand("Anna") == ()
    assert state.discards_of("Anna") == (Card.PRINCESS, Card.GUARD)
    assert state.player_to_act == "Ben"


@both_editions
@pytest.mark.ruling("LL19-PRINCESS-PLAY-OUT")
def test_ll19_princess_play_out_with_two_players_ends_the_round(edition_name: str) -> None:
    """With two players, playing the Princess leaves the other the last survivor."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron"},
        pile=["Princess"],
        set_aside="Priest",
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCESS))
    assert knock_outs(events) == [("Anna", KnockOutCause.PRINCESS_PLAYED)]
    assert (
        RoundEnded(
            round_number=1,
            end=Ending.LAST_SURVIVOR,
            winners=("Ben",),
            hands=(),
            set_aside=Card.PRIEST,
        )
        in events
    )
    assert game.state.discards_of("Anna") == (Card.PRINCESS, Card.GUARD)
    assert game.state.round_winners == ("Ben",)


# -- LL19-PRINCESS-DISCARD-OUT -----------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-PRINCESS-DISCARD-OUT")
def test_ll19_princess_discard_out_to_a_prince(edition_name: str) -> None:
    """A player made to discard the Princess by a Prince is out, and draws nothing."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Princess", "Carla": "Priest"},
        pile=["Prince", "Handmaid"],
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert events[:2] == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Ben"),
        HandDiscarded(player="Ben", card=Card.PRINCESS),
    )
    assert knock_outs(events) == [("Ben", KnockOutCause.PRINCESS_DISCARDED)]
    assert [e for e in events if isinstance(e, CardDrawn)] == [
        CardDrawn(player="Carla", card=Card.HANDMAID)
    ]
    state = game.state
    assert state.in_round == ("Anna", "Carla")
    assert state.hand("Ben") == ()
    assert state.discards_of("Ben") == (Card.PRINCESS,)
    assert state.draw_pile == before.draw_pile[1:]  # only Carla's draw


@both_editions
@pytest.mark.ruling("LL19-PRINCESS-DISCARD-OUT")
def test_ll19_princess_discard_out_to_a_guard(edition_name: str) -> None:
    """A Guard that names the Princess knocks her holder out, her card face up."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Princess", "Carla": "Baron"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCESS))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.PRINCESS, hit=True) in events
    assert (
        PlayerKnockedOut(player="Ben", cause=KnockOutCause.GUARD, discarded=(Card.PRINCESS,))
        in events
    )
    assert game.state.in_round == ("Anna", "Carla")
    assert game.state.discards_of("Ben") == (Card.PRINCESS,)


# -- LL19-PRINCESS-SAFE-MOVES ------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-PRINCESS-SAFE-MOVES")
def test_ll19_princess_safe_moves_holding_her(edition_name: str) -> None:
    """Holding the Princess while playing the other card is safe."""
    game = table(
        hands={"Anna": "Princess", "Ben": "Baron", "Carla": "Priest"},
        pile=["Handmaid", "Guard"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.HANDMAID))
    assert knock_outs(events) == []
    assert game.state.hand("Anna") == (Card.PRINCESS,)
    assert game.state.in_round == ("Anna", "Ben", "Carla")


@both_editions
@pytest.mark.ruling("LL19-PRINCESS-SAFE-MOVES")
def test_ll19_princess_safe_moves_shown_to_a_priest(edition_name: str) -> None:
    """A Priest looking at the Princess knocks nobody out."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Princess", "Carla": "Baron"},
        pile=["Priest", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert HandSeen(player="Anna", target="Ben", card=Card.PRINCESS) in events
    assert knock_outs(events) == []
    assert game.state.hand("Ben") == (Card.PRINCESS, Card.HANDMAID)
    assert game.state.in_round == ("Anna", "Ben", "Carla")


@both_editions
@pytest.mark.parametrize("princess_holder", ["Anna", "Ben"])
@pytest.mark.ruling("LL19-PRINCESS-SAFE-MOVES")
def test_ll19_princess_safe_moves_compared_at_a_baron(
    edition_name: str, princess_holder: str
) -> None:
    """At a Baron's comparison the Princess is just the higher card: her holder stays in."""
    other = "Ben" if princess_holder == "Anna" else "Anna"
    game = table(
        hands={princess_holder: "Princess", other: "Priest", "Carla": "Guard"},
        players=["Anna", "Ben", "Carla"],
        pile=["Baron", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert [e.loser for e in events if isinstance(e, HandsCompared)] == [other]
    assert knock_outs(events) == [(other, KnockOutCause.BARON)]
    assert not game.state.is_out(princess_holder)
    assert Card.PRINCESS in game.state.hand(princess_holder)


@both_editions
@pytest.mark.parametrize("princess_holder", ["Anna", "Ben"])
@pytest.mark.ruling("LL19-PRINCESS-SAFE-MOVES")
def test_ll19_princess_safe_moves_traded_by_a_king(edition_name: str, princess_holder: str) -> None:
    """Giving away or receiving the Princess through a King is safe for both players."""
    other = "Ben" if princess_holder == "Anna" else "Anna"
    game = table(
        hands={princess_holder: "Princess", other: "Priest", "Carla": "Guard"},
        players=["Anna", "Ben", "Carla"],
        pile=["King", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.KING, target="Ben"))
    assert any(isinstance(e, HandsTraded) for e in events)
    assert knock_outs(events) == []
    assert game.state.in_round == ("Anna", "Ben", "Carla")
    assert game.state.hand(other)[0] is Card.PRINCESS
    assert Shown(viewer=other, owner=princess_holder, card=Card.PRINCESS, by=Card.KING) in (
        game.state.shown
    )


@pytest.mark.ruling("LL19-PRINCESS-SAFE-MOVES")
def test_ll19_princess_safe_moves_returned_by_a_chancellor() -> None:
    """Putting the Princess under the pile with a Chancellor is not discarding her."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"},
        pile=["Chancellor", "Princess", "Handmaid", "Countess"],
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    events = game.apply(
        Choose(player="Anna", keep=Card.GUARD, returned=(Card.PRINCESS, Card.HANDMAID))
    )
    assert knock_outs(events) == []
    state = game.state
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.discards_of("Anna") == (Card.CHANCELLOR,)
    assert state.draw_pile[-2:] == (Card.PRINCESS, Card.HANDMAID)
