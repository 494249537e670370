"""Chance: a game's random draws, from its seed, the same way every time and on every Python.

A game draws at random only between rounds: who starts when round winners are tied (and
who starts the first round, when the caller does not say), and the order of the shuffled
deck. Each deal draws the same number of values from a generator (one for the starter,
one per card). Rounds come in blocks of 16 (:data:`BLOCK`): the deals of a block are
drawn one after the other from one generator, ``random.Random(seed)`` for the first
block, one seeded with the text ``"seed:block"`` for the others (never the module-level
generator). So round ``r``'s draws depend on the seed and ``r`` alone, whatever happened
before, and a table rebuilt from a stored state at any round draws at once what the game
would have drawn (at most 15 deals to skip); in play, :class:`Chance` goes on from where
the last deal left the generator. A redealt round (the house remedy) draws from a
generator of its own, seeded with the seed, the round and the number of the redeal.

>>> from loveletter.editions import edition
>>> deck = edition("2019").deck
>>> round_draws(7, deck, 3) == round_draws(7, deck, 3) == Chance(7, deck).draws(3)
True
>>> round_draws(7, deck, 3) != round_draws(7, deck, 4) != round_draws(7, deck, 3, redeal=1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from loveletter.cards import Card

__all__ = ["BLOCK", "Chance", "pick", "round_draws"]

T = TypeVar("T")


def _deal_draws(rng: random.Random, deck: tuple[Card, ...]) -> tuple[float, tuple[Card, ...]]:
    """One deal's draws: the starter's pick, then a random key per card, sorted.

    The deck is shuffled by sorting it on random keys, one per card: every order is as
    likely as any other, as with :meth:`random.Random.shuffle`.
    """
    chosen = rng.random()
    keys = [rng.random() for _ in deck]
    order = sorted(range(len(deck)), key=keys.__getitem__)
    return chosen, tuple([deck[index] for index in order])


BLOCK = 16
"""Rounds drawn one after the other from one generator."""


def _generator(seed: int, block: int) -> random.Random:
    """The generator of a block of rounds: ``random.Random(seed)`` for the first."""
    if block == 0:
        return random.Random(seed)
    return random.Random(f"{seed}:{block}")  # a text seed: hashed with SHA-512 by random


class Chance:
    """A game's deals, round after round (see the module's text for the order of draws)."""

    __slots__ = ("_deck", "_next", "_rng", "_seed")

    def __init__(self, seed: int, deck: tuple[Card, ...]) -> None:
        self._seed = seed
        self._deck = deck
        self._rng = _generator(seed, 0)
        self._next = 1
        """The round whose draws the generator gives next."""

    def draws(self, round_number: int) -> tuple[float, tuple[Card, ...]]:
        """Round ``round_number``'s pick (a number in [0, 1)) and shuffled deck."""
        block, offset = divmod(round_number - 1, BLOCK)
        if round_number != self._next or (offset == 0 and block > 0):
            self._rng = _generator(self._seed, block)
            for _ in range(offset * (len(self._deck) + 1)):  # the deals before it in the block
                self._rng.random()
        self._next = round_number + 1
        return _deal_draws(self._rng, self._deck)


def round_draws(
    seed: int, deck: tuple[Card, ...], round_number: int, redeal: int = 0
) -> tuple[float, tuple[Card, ...]]:
    """Round ``round_number``'s pick (a number in [0, 1)) and shuffled deck.

    A deal draws as :class:`Chance` does; the ``redeal``-th redeal of a round from a
    generator seeded with the text ``"seed:round:redeal"`` (hashed with SHA-512 by
    :mod:`random`, so the same on every Python).
    """
    if redeal == 0:
        return Chance(seed, deck).draws(round_number)
    return _deal_draws(random.Random(f"{seed}:{round_number}:{redeal}"), deck)  # SHA-512


def pick(choices: Sequence[T], draw: float) -> T:
    """The choice a draw in [0, 1) falls on."""
    return choices[int(draw * len(choices))]
