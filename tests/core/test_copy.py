"""Game.copy: an independent game, its history shared (or dropped), never copied."""

from __future__ import annotations

import pickle
import random

from loveletter import Game


def played(commands: int, seed: int = 3) -> Game:
    game = Game.new(["Anna", "Ben", "Carla"], seed=seed)
    rng = random.Random(seed)
    for _ in range(commands):
        game.apply(rng.choice(game.legal_commands()))
    return game


def test_a_copy_shares_the_history_and_goes_its_own_way() -> None:
    """Same log, events and state; commands applied to either leave the other alone."""
    game = played(30)
    log, events, state = game.log, game.events, game.state
    copy = game.copy()
    assert (copy.log, copy.events, copy.state, copy.setup) == (log, events, state, game.setup)
    copy.apply(copy.legal_commands()[0])
    game.apply(game.legal_commands()[-1])
    assert copy.log[:-1] == game.log[:-1] == log
    assert copy.events[: len(events)] == game.events[: len(events)] == events
    assert copy.log[-1] != game.log[-1]
    again = copy.copy().copy()
    assert again.log == copy.log
    assert again.state == copy.state


def test_a_copy_without_history_starts_where_it_is() -> None:
    """No setup, an empty log, the same position; it plays on and undoes back to it."""
    game = played(20)
    node = game.copy(history=False)
    assert (node.setup, node.log, node.events, node.state) == (None, (), (), game.state)
    assert node.legal_commands() == game.legal_commands()
    command = node.legal_commands()[0]
    node.apply(command)
    assert node.undo() == command
    assert node.state == game.state
    assert game.log == played(20).log  # the original is untouched


def test_undo_and_state_at_read_the_shared_history() -> None:
    """A copy's undo and state_at go back through the history it shares."""
    game = played(25)
    copy = game.copy()
    copy.apply(copy.legal_commands()[0])
    assert copy.state_at(25) == game.state
    copy.undo()
    assert copy.state == game.state
    assert copy.log == game.log


def test_a_pickled_game_plays_on_as_the_game_itself() -> None:
    """A game sent through pickle (to another process) plays on as the game would: the
    same legal commands, events and states, deals included."""
    game = Game.new(["Anna", "Ben", "Carla"], seed=11)
    rng = random.Random(5)
    for _ in range(40):
        game.apply(rng.choice(game.legal_commands()))
    moved = pickle.loads(pickle.dumps(game))
    while not game.over:
        legal = game.legal_commands()
        assert moved.legal_commands() == legal
        command = rng.choice(legal)
        assert moved.apply(command) == game.apply(command)
        assert moved.state == game.state
    assert moved.over
