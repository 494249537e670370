"""Invariants over random games of every edition and player count (hypothesis)."""

from __future__ import annotations

import random
from typing import Any
from unittest import mock

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from testkit.budgets import long_property
from testkit.game_strategies import check_invariants, editions, new_games

from loveletter import (
    Card,
    Choose,
    Command,
    Deal,
    Draw,
    Game,
    IllegalCommandError,
    Play,
    State,
)
from loveletter.cardrule import RULES
from loveletter.setup import seat_names

MAX_COMMANDS = 3000
"""No game needs this many commands: a game that does not end by then is a failure."""

SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""The number of examples comes from the profile: 100 by default, 3000 when thorough."""


def play_out(game: Game, data: st.DataObject, each: object = None) -> None:
    """Play ``game`` to its end, drawing each command among the legal ones."""
    for _ in range(MAX_COMMANDS):
        if game.state.game_over:
            return
        legal = game.legal_commands()
        assert len(legal) > 0, "a running game offers no legal command"
        index = data.draw(st.integers(0, len(legal) - 1), label="command")
        command = legal[index]
        if callable(each):
            each(game, command)
        game.apply(command)
    pytest.fail(f"the game did not end within {MAX_COMMANDS} commands")


@SETTINGS
@given(new_games(), st.data())
def test_invariants_hold_in_every_state_and_games_end(game: Game, data: st.DataObject) -> None:
    """Cards are conserved, one player acts, the knocked out hold nothing; games end."""
    tokens_before = game.state.tokens

    def each(game: Game, command: Command) -> None:
        nonlocal tokens_before
        check_invariants(game.state)
        assert all(b >= a for a, b in zip(tokens_before, game.state.tokens, strict=True)), (
            "tokens decreased"
        )
        tokens_before = game.state.tokens

    play_out(game, data, each)
    check_invariants(game.state)


@SETTINGS
@given(new_games(), st.data())
def test_every_listed_command_is_accepted(game: Game, data: st.DataObject) -> None:
    """Each command of legal_commands() passes the check, and is in the listing."""

    def each(game: Game, command: Command) -> None:
        legal = game.legal_commands()
        listed = list(legal)
        assert len(listed) == len(legal)
        assert len(set(listed)) == len(listed), "a command is listed twice"
        for item in listed:
            assert game.check(item) is None, f"{item!r} is listed but refused"
            assert item in legal

    play_out(game, data, each)


def mutations(state: State, command: Command) -> list[Command]:
    """Commands one change away from ``command``: another player, card, target, guess."""
    players = [*state.players, "Nobody"]
    cards = list(Card)
    found: list[Command] = []
    if isinstance(command, Play):
        found += [attrs.evolve(command, player=p) for p in players]
        found += [attrs.evolve(command, card=c) for c in cards]
        found += [attrs.evolve(command, target=t) for t in [None, *players]]
        found += [attrs.evolve(command, guess=g) for g in [None, *cards]]
        found.append(Draw(player=command.player))
        found.append(Choose(player=command.player, keep=command.card, returned=()))
    elif isinstance(command, Choose):
        found += [attrs.evolve(command, player=p) for p in players]
        found += [attrs.evolve(command, keep=c) for c in cards]
        found.append(attrs.evolve(command, returned=tuple(reversed(command.returned))))
        found.append(attrs.evolve(command, returned=command.returned[:-1]))
        found.append(attrs.evolve(command, returned=(*command.returned, Card.GUARD)))
        found.append(Play(player=command.player, card=command.keep))
    elif isinstance(command, Draw):
        found += [Draw(player=p) for p in players]
        found.append(Deal())
    elif isinstance(command, Deal):
        found += [Deal(first=p) for p in players]
        found.append(Draw(player=state.players[0]))
    return found


@long_property(quick=20, full=150)
@given(new_games(), st.data())
def test_mutated_commands_are_refused_unless_listed(game: Game, data: st.DataObject) -> None:
    """A command one change away from a legal one is accepted exactly when it is listed,
    and refusing it changes nothing."""

    def each(game: Game, command: Command) -> None:
        legal = game.legal_commands()
        listed = set(legal)
        before = game.state
        for mutant in mutations(before, command):
            refusal = game.check(mutant)
            if isinstance(mutant, Deal) and before.round_winners == (mutant.first,):
                continue  # Deal(first=the sole winner) is the listed Deal() in other words
            assert (refusal is None) == (mutant in listed), mutant
            if refusal is not None:
                with pytest.raises(IllegalCommandError) as raised:
                    game.apply(mutant)
                assert raised.value.reason is refusal.reason
                assert game.state == before, "a refused command changed the state"

    play_out(game, data, each)


@SETTINGS
@given(new_games(), st.data())
def test_replays_agree(game: Game, data: st.DataObject) -> None:
    """The same setup and commands give the same events and the same states."""
    play_out(game, data)
    assert game.setup is not None
    again = Game.replay(game.setup, game.log)
    assert again.events == game.events
    assert again.state == game.state
    fresh = Game(game.setup)
    for command in game.log:
        fresh.apply(command)
    assert fresh.state == game.state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**63 - 1), editions())
def test_the_same_seed_deals_the_same_game(seed: int, name: str) -> None:
    """Two games from one seed deal the same rounds; another seed deals another game."""
    one = Game.new(["Anna", "Ben", "Carla"], edition=name, seed=seed)
    two = Game.new(["Anna", "Ben", "Carla"], edition=name, seed=seed)
    assert one.state == two.state
    assert one.events == two.events


@SETTINGS
@given(new_games(), st.data())
def test_a_state_read_now_and_then_is_the_state_read_at_every_step(
    game: Game, data: st.DataObject
) -> None:
    """What players know is worked out when a state is made: however seldom one is asked
    for, on the checked path or the fast one, it is the state of a game asked every time."""
    seldom = game.copy(history=False)
    fast = game.copy(history=False)

    def each(game: Game, command: Command) -> None:
        if data.draw(st.integers(0, 9), label="look") == 0:  # the three are in step here
            assert seldom.state == fast.state == game.state
            assert seldom.legal_commands() == fast.legal_commands() == game.legal_commands()
        seldom.apply(command)
        fast.apply(command, check=False, record=False)

    play_out(game, data, each)
    assert seldom.state == fast.state == game.state


@pytest.mark.parametrize("edition_name", ["2019", "classic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_failure_inside_a_checked_apply_changes_nothing_unread(
    edition_name: str, players: int
) -> None:
    """A failure at the end of a card's effect, with what players learned since the last
    state not yet worked out, leaves the game as a twin that never tried the command."""
    rng = random.Random(players)
    for _ in range(10):
        game = Game.new(seat_names(players), edition=edition_name, seed=rng.getrandbits(32))
        twin = game.copy(history=False)
        for step in range(MAX_COMMANDS):
            if game.over:
                break
            command = rng.choice(game.legal_commands())
            if isinstance(command, Play) and step % 3 == 0:
                rule = RULES[command.card]
                failures = [KeyboardInterrupt("injected")]  # it fails once, as an interrupt

                def failing(
                    *args: Any, effect: Any = rule.effect, failures: Any = failures
                ) -> None:
                    effect(*args)
                    if failures:
                        raise failures.pop()

                with (
                    mock.patch.dict(RULES, {command.card: attrs.evolve(rule, effect=failing)}),
                    pytest.raises(KeyboardInterrupt),
                ):
                    game.apply(command)
            game.apply(command)
            twin.apply(command, check=False, record=False)
            if step % 10 == 0:
                assert game.state == twin.state
        assert game.over
        assert game.state == twin.state
