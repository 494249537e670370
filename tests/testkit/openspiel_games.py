"""What the OpenSpiel adapter's tests and ``tools/research_checks.py`` share: a game played
at random, and a short digest of a tensor.

Importable without the ``[openspiel]`` extra: it imports nothing of OpenSpiel's (the games
it is given come from the modules that skip themselves without it).
"""

from __future__ import annotations

import array
import hashlib
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from loveletter.research.rl.openspiel import LoveLetterState


def walk(game: Any, seed: int) -> Iterator[LoveLetterState]:
    """Every state of one game played at random (chance by its odds), the terminal one last.

    Each state is a new one (the previous one's child), so the states may be kept.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    while True:
        yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state = state.child(rng.choices(outcomes, odds)[0])
        else:
            state = state.child(rng.choice(state.legal_actions()))


def key(tensor: Any) -> bytes:
    """A short digest of a tensor, to count distinct ones in little memory."""
    return hashlib.blake2b(array.array("f", tensor).tobytes(), digest_size=16).digest()
