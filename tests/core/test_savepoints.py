"""Savepoints: a game keeps one before each command, and goes back to it at once."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from testkit.game_strategies import new_games

from loveletter import Card, Draw, Game, Play, TakeBack
from loveletter.motion import Motion, Savepoint


def test_undo_goes_back_through_the_savepoints_to_the_first_deal() -> None:
    """Undoing every command, rounds and deals included, gives every state back in turn."""
    game = Game.new(["Anna", "Ben", "Carla"], seed=4)
    rng = random.Random(4)
    states = [game.state]
    while not game.over:
        game.apply(rng.choice(game.legal_commands()))
        states.append(game.state)
    assert game.log
    assert len(game._savepoints) == len(game.log)
    for state in reversed(states[:-1]):
        game.undo()
        assert game.state == state
    assert game.log == ()
    assert game.events == Game.new(["Anna", "Ben", "Carla"], seed=4).events


def test_a_command_undone_plays_again_to_the_same_end() -> None:
    """After an undo the game plays on as it would have: the same events, deals included."""
    game = Game.new(["Anna", "Ben"], seed=9)
    rng = random.Random(9)
    while not game.over:
        command = rng.choice(game.legal_commands())
        events = game.apply(command)
        game.undo()
        assert game.apply(command) == events


@given(data=st.data())
def test_restoring_a_savepoint_gives_the_table_it_was_made_from(data: st.DataObject) -> None:
    """A savepoint made at any position, restored after any commands, gives that position;
    it can be restored again, the table's later changes leaving it alone."""
    game = data.draw(new_games())
    motion = game._motion
    saved, before = Savepoint(motion), game.state
    for _ in range(data.draw(st.integers(0, 12))):
        if game.over:
            break
        game.apply(data.draw(st.sampled_from(game.legal_commands())), check=False, record=False)
    motion.restore(saved)
    assert motion.snapshot() == before
    if not game.over:
        game.apply(game.legal_commands()[0])
    motion.restore(saved)
    assert motion.snapshot() == before == Motion(before).snapshot()


def test_a_take_back_and_its_undo_at_a_table_with_the_remedy() -> None:
    """A take-back goes back to the savepoint before the play it takes back; undoing the
    take-back puts the play back, as it was (HOUSE-REMEDY-TAKE-BACK)."""
    game = Game.arranged(
        {"Anna": "Handmaid", "Ben": "Guard"}, pile=["Countess", "Spy"], remedy=True, auto_draw=False
    )
    game.apply(Draw(player="Anna"))
    before = game.state
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    played = game.state
    game.apply(TakeBack(player="Anna"))
    assert game.state.hands == before.hands
    assert game.state.known != before.known  # everyone saw the Countess go back
    game.undo()
    assert game.state == played
    game.undo()
    assert game.state == before


def test_state_at_reads_the_savepoints() -> None:
    """state_at(n) is the state after n commands, read from the savepoint of command n."""
    game = Game.new(["Anna", "Ben", "Carla", "Dan"], seed=2)
    rng = random.Random(2)
    states = [game.state]
    for _ in range(60):
        if game.over:
            break
        game.apply(rng.choice(game.legal_commands()))
        states.append(game.state)
    assert [game.state_at(n) for n in range(len(states))] == states
    with pytest.raises(ValueError, match="not 99"):
        game.state_at(99)
