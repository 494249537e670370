"""Chance: a game's random draws, from its seed, the same way every time and on every Python.

A game draws at random only between rounds: who starts when round winners are tied (and
who starts the first round, when the caller does not say), and the order of the shuffled
deck. Each round's draws come from a generator of their own, seeded with the game's seed
and the round's number (never the module-level one): round ``r``'s draws depend on the
seed and ``r`` alone, whatever happened before, so a table rebuilt from a stored state at
any round draws at once what the game would have drawn. A redealt round (the house
remedy) draws again with the number of the redeal.

>>> from loveletter.editions import edition
>>> deck = edition("2019").deck
>>> round_draws(7, deck, 3) == round_draws(7, deck, 3)
True
>>> round_draws(7, deck, 3) != round_draws(7, deck, 4) != round_draws(7, deck, 3, redeal=1)
True
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import TypeVar

from loveletter.cards import Card

__all__ = ["pick", "round_draws"]

T = TypeVar("T")


@functools.lru_cache(maxsize=256)
def round_draws(
    seed: int, deck: tuple[Card, ...], round_number: int, redeal: int = 0
) -> tuple[float, tuple[Card, ...]]:
    """Round ``round_number``'s pick (a number in [0, 1)) and shuffled deck.

    The first deal of round 1 draws from ``random.Random(seed)``; every other deal from a
    generator seeded with the text ``"seed:round:redeal"`` (hashed with SHA-512 by
    :mod:`random`, so the same on every Python). The deck is shuffled by sorting it on
    random keys, one per card: every order is as likely as any other, as with
    :meth:`random.Random.shuffle`.
    """
    if round_number == 1 and redeal == 0:
        rng = random.Random(seed)
    else:
        rng = random.Random(f"{seed}:{round_number}:{redeal}")
    draw = rng.random
    chosen = draw()
    return chosen, tuple(sorted(deck, key=lambda _: draw()))


def pick(choices: Sequence[T], draw: float) -> T:
    """The choice a draw in [0, 1) falls on."""
    return choices[int(draw * len(choices))]
