"""The Spy (0, 2019 edition only): no immediate effect; it counts 0 at the showdown."""

from __future__ import annotations

import pytest
from testkit.tables import table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    Ending,
    HandDiscarded,
    HandsCompared,
    KnockOutCause,
    Play,
    PlayerKnockedOut,
    RoundEnded,
    TokenAwarded,
    TokenFor,
)
from loveletter.games.quiet import play_quietly

# -- LL19-SPY-PLAY -----------------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-PLAY")
def test_ll19_spy_play_has_no_immediate_effect() -> None:
    """Playing a Spy moves only the Spy: nobody is chosen, shown, protected or knocked out."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"}, pile=["Spy", "Handmaid"]
    )
    before = game.state
    command = Play(player="Anna", card=Card.SPY)
    assert command in list(game.legal_commands())
    events = game.apply(command)
    assert events == (
        CardPlayed(player="Anna", card=Card.SPY),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    state = game.state
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.discards_of("Anna") == (Card.SPY,)
    assert state.hand("Ben") == (Card.BARON, Card.HANDMAID)
    assert state.hand("Carla") == (Card.PRIEST,)
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert not any(state.is_protected(p) for p in state.players)
    assert state.shown == ()
    assert state.draw_pile == before.draw_pile[1:]
    assert state.tokens == before.tokens


@pytest.mark.ruling("LL19-SPY-PLAY")
def test_ll19_spy_play_discarded_to_a_prince_has_no_immediate_effect() -> None:
    """A Spy discarded to a Prince does nothing: its holder just draws a new card."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Spy", "Carla": "Priest"},
        pile=["Prince", "Baron", "Handmaid"],
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Ben"),
        HandDiscarded(player="Ben", card=Card.SPY),
        CardDrawn(player="Ben", card=Card.BARON, by=Card.PRINCE),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    assert game.state.in_round == ("Anna", "Ben", "Carla")
    assert game.state.discards_of("Ben") == (Card.SPY,)
    assert game.state.shown == ()


@pytest.mark.ruling("LL19-SPY-PLAY")
def test_ll19_spy_play_matters_at_the_round_end() -> None:
    """A Spy played early earns its player the Spy token when the round ends."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron"},
        pile=["Spy", "Priest", "Handmaid"],
        set_aside="Princess",
    )
    game.apply(Play(player="Anna", card=Card.SPY))
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Anna"))
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON))
    assert events[-3:] == (
        RoundEnded(
            round_number=1,
            end=Ending.LAST_SURVIVOR,
            winners=("Anna",),
            hands=(),
            set_aside=Card.PRINCESS,
        ),
        TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=1),
        TokenAwarded(player="Anna", reason=TokenFor.SPY, tokens=2),
    )
    assert game.state.spy_bonus == "Anna"
    assert game.state.tokens_of("Anna") == 2


# -- LL19-SPY-VALUE-ZERO -----------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-VALUE-ZERO")
def test_ll19_spy_value_zero_loses_the_showdown_to_a_guard() -> None:
    """A Spy held at the showdown counts 0, so it loses even to a Guard."""
    game = table(
        hands={"Anna": "Spy", "Ben": "Guard"},
        set_aside="Princess",
        face_up=["King", "Prince", "Prince"],
        pile=[
            *["Handmaid", "Baron", "Handmaid", "Baron"],
            *["Guard"] * 5,
            *["Priest", "Priest", "Countess", "Spy", "Chancellor", "Chancellor"],
        ],
    )
    events = play_quietly(game, turns=15)
    assert (
        RoundEnded(
            round_number=1,
            end=Ending.SHOWDOWN,
            winners=("Ben",),
            hands=(("Anna", Card.SPY), ("Ben", Card.GUARD)),
            set_aside=Card.PRINCESS,
        )
        in events
    )
    assert TokenAwarded(player="Ben", reason=TokenFor.ROUND_WIN, tokens=1) in events
    assert game.state.round_winners == ("Ben",)
    assert game.state.hand("Anna") == (Card.SPY,)


@pytest.mark.ruling("LL19-SPY-VALUE-ZERO")
def test_ll19_spy_value_zero_two_spies_tie_at_the_showdown() -> None:
    """Two Spies at the showdown are both worth 0: both players win the round."""
    game = table(
        hands={"Anna": "Spy", "Ben": "Spy"},
        set_aside="Princess",
        face_up=["King", "Prince", "Prince"],
        pile=[
            *["Handmaid", "Baron", "Handmaid", "Baron"],
            *["Guard"] * 6,
            *["Priest", "Priest", "Countess", "Chancellor", "Chancellor"],
        ],
    )
    events = play_quietly(game, turns=15)
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert [(e.end, e.winners, e.hands) for e in ended] == [
        (Ending.SHOWDOWN, ("Anna", "Ben"), (("Anna", Card.SPY), ("Ben", Card.SPY)))
    ]


@pytest.mark.ruling("LL19-SPY-VALUE-ZERO")
def test_ll19_spy_value_zero_loses_a_baron_comparison() -> None:
    """A Spy is worth 0 when compared, too: it loses a Baron's comparison to a Guard."""
    game = table(hands={"Anna": "Spy", "Ben": "Guard", "Carla": "Priest"}, pile=["Baron"])
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert [e.loser for e in events if isinstance(e, HandsCompared)] == ["Anna"]
    assert (
        PlayerKnockedOut(player="Anna", cause=KnockOutCause.BARON, discarded=(Card.SPY,)) in events
    )
