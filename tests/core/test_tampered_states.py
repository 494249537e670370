"""Stored states that were tampered with: refused with a clear error, or they play on cleanly.

A server that stores states reads back whatever its storage gives it. The consistency
check (:mod:`loveletter.consistency`) either refuses such a state or promises that every
listed command applies to it without an internal error, and that play goes on from there.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from testkit.game_strategies import editions

from loveletter import (
    Card,
    Ending,
    Game,
    InconsistentStateError,
    InvalidCommandError,
    Phase,
    Play,
    RoundOutcome,
    Shown,
    State,
    edition,
)
from loveletter.consistency import inconsistencies
from loveletter.serialization import state_from_json, to_json
from loveletter.setup import seat_names

CARDS = list(Card)


@st.composite
def reachable_states(draw: st.DrawFn) -> State:
    """A state some game reaches: any edition and size, after a random number of commands."""
    name = draw(editions(), label="edition")
    ed = edition(name)
    count = draw(st.integers(ed.min_players, ed.max_players), label="players")
    game = Game.new(
        seat_names(count),
        edition=name,
        seed=draw(st.integers(0, 2**32), label="seed"),
        auto_draw=draw(st.booleans(), label="auto_draw"),
        target=draw(st.sampled_from([None, 1, 2, 3])),
    )
    rng = random.Random(draw(st.integers(0, 2**32), label="play"))
    for _ in range(draw(st.integers(0, 120), label="steps")):
        if game.over:
            break
        game.apply(rng.choice(game.legal_commands()))
    return game.state


def _flip(flags: tuple[bool, ...], seat: int) -> tuple[bool, ...]:
    return tuple(not flag if i == seat else flag for i, flag in enumerate(flags))


def _move_card(state: State, rng: random.Random) -> dict[str, Any]:
    """Take a card from one place and put it in another (hands, discards, pile, set aside)."""
    hands = [list(h) for h in state.hands]
    discards = [list(d) for d in state.discards]
    pile = list(state.draw_pile)
    places: list[list[Card]] = [*hands, *discards, pile]
    sources = [place for place in places if place]
    if not sources:
        return {}
    source = rng.choice(sources)
    card = source.pop(rng.randrange(len(source)))
    target = rng.choice(places)
    target.insert(rng.randrange(len(target) + 1), card)
    return {
        "hands": tuple(map(tuple, hands)),
        "discards": tuple(map(tuple, discards)),
        "draw_pile": tuple(pile),
    }


def _tampering(state: State, rng: random.Random, kind: int) -> dict[str, Any]:
    """One change to one field of ``state``."""
    count = len(state.players)
    seat = rng.randrange(count)
    changes: list[Callable[[], dict[str, Any]]] = [
        lambda: {"round_number": rng.choice([0, -1, 2, 7, 10**9, state.round_number + 1])},
        lambda: {"phase": rng.choice(list(Phase))},
        lambda: {"to_act": rng.randrange(-2, count + 1)},
        lambda: {"set_aside": rng.choice([None, *CARDS])},
        lambda: {"draw_pile": ()},
        lambda: {"draw_pile": tuple(rng.sample(state.draw_pile, len(state.draw_pile)))},
        lambda: {"out": _flip(state.out, seat)},
        lambda: {"protected": _flip(state.protected, seat)},
        lambda: {"spied": _flip(state.spied, seat)},
        lambda: {"tokens": tuple(rng.randrange(0, 8) for _ in range(count))},
        lambda: {"hands": tuple(rng.sample(state.hands, count))},
        lambda: {"face_up": state.face_up[:-1] or (rng.choice(CARDS),)},
        lambda: {"outcome": None},
        lambda: {
            "outcome": RoundOutcome(
                end=rng.choice(list(Ending)),
                winners=tuple(sorted(rng.sample(range(count), rng.randrange(0, count + 1)))),
                spy_bonus=rng.choice([None, seat]),
                game_winners=rng.choice([(), (seat,)]),
            )
        },
        lambda: {
            "shown": (
                *state.shown,
                Shown(
                    viewer=rng.choice([None, *state.players]),
                    owner=rng.choice(state.players),
                    card=rng.choice(CARDS),
                    by=rng.choice([None, *CARDS]),
                ),
            )
        },
        lambda: _move_card(state, rng),
        lambda: {"table": attrs.evolve(state.table, target=rng.choice([0, 1, 2, 99]))},
    ]
    return changes[kind % len(changes)]()


def _plays_on(state: State, rng: random.Random, steps: int = 40) -> None:
    """Every listed command applies to ``state``; then play goes on for a while."""
    game = Game.from_state(state)
    for command in game.legal_commands():
        trial = game.copy()
        trial.apply(command)
        trial.legal_commands()
    for _ in range(steps):
        if game.over:
            return
        game.apply(rng.choice(game.legal_commands()))


@settings(deadline=None)
@given(
    reachable_states(), st.integers(0, 2**32), st.lists(st.integers(0, 100), min_size=1, max_size=3)
)
def test_a_tampered_state_is_refused_or_plays_on_cleanly(
    state: State, seed: int, kinds: list[int]
) -> None:
    """Tampered stored states: refused with a clear error, or every listed command applies."""
    rng = random.Random(seed)
    tampered = state
    for kind in kinds:
        tampered = attrs.evolve(tampered, **_tampering(tampered, rng, kind))
    problems = inconsistencies(tampered)
    if problems:
        with pytest.raises(InconsistentStateError):
            Game.from_state(tampered)
        try:
            read = state_from_json(to_json(tampered))
        except InvalidCommandError:
            return
        # JSON names players, not seats: a seat out of range was written as nobody.
        assert read != tampered
        assert inconsistencies(read) == []
        return
    assert state_from_json(to_json(tampered)) == tampered
    _plays_on(tampered, rng)


@settings(deadline=None)
@given(reachable_states(), st.integers(0, 2**32))
def test_every_reachable_state_is_consistent_and_plays_on(state: State, seed: int) -> None:
    """The check refuses no state a game reaches (so it is no stricter than the rules)."""
    assert inconsistencies(state) == []
    _plays_on(state, random.Random(seed))


def test_an_empty_pile_without_the_set_aside_card_is_refused() -> None:
    """The issue's reproducer: no Prince can then be played on a state the check accepted."""
    game = Game.arranged({"Anna": "Prince", "Ben": "Guard"}, pile=["Baron"])
    state = game.state
    tampered = attrs.evolve(
        state,
        draw_pile=(),
        set_aside=None,
        discards=(state.discards[0], (*state.discards[1], *state.draw_pile, state.set_aside)),
    )
    with pytest.raises(InconsistentStateError, match="set-aside card is gone"):
        Game.from_state(tampered)


def test_a_round_over_state_with_no_winners_is_refused() -> None:
    """A round that ended without winners has no legal command: such a state is refused."""
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"])
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    state = game.state
    assert state.outcome is not None
    tampered = attrs.evolve(state, outcome=attrs.evolve(state.outcome, winners=()))
    with pytest.raises(InconsistentStateError, match="winner"):
        Game.from_state(tampered)


def test_a_huge_round_number_is_refused_and_a_deal_never_replays_rounds() -> None:
    """Round 10**9 with no tokens handed out is refused; a deal draws its round directly."""
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"])
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    with pytest.raises(InconsistentStateError, match="rounds ended"):
        Game.from_state(attrs.evolve(game.state, round_number=10**9))
    far = attrs.evolve(
        game.state,
        round_number=10**9,
        tokens=(10**9, 0),
        table=attrs.evolve(game.state.table, target=10**10),
    )
    later = Game.from_state(far)
    later.apply(later.legal_commands()[0])  # at once: round 10**9 + 1 is drawn directly
    assert later.state.round_number == 10**9 + 1
