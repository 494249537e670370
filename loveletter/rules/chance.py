"""Chance: the game's random draws, from its seed, the same way every time.

A game draws at random only between rounds: who starts when round winners are tied (and
who starts the first round, when the caller does not say), and the order of the
shuffled deck. :class:`Chance` draws them from one generator seeded with the game's seed
(never the module-level one), consuming exactly one pick and one shuffle per round
whatever the players do, so round ``r``'s draws depend on the seed and ``r`` alone. A
table rebuilt from a stored state gets a fresh :class:`Chance` that catches up.

>>> from loveletter.editions import edition
>>> one, two = Chance(seed=7, deck=edition("2019").deck), Chance(seed=7, deck=edition("2019").deck)
>>> one.draws(3) == (two.draws(1), two.draws(2), two.draws(3))[-1]
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

from loveletter.cards import Card

T = TypeVar("T")


class Chance:
    """The random draws of one game, round by round."""

    __slots__ = ("_deck", "_last", "_next", "_rng", "_seed")

    def __init__(self, *, seed: int, deck: tuple[Card, ...]) -> None:
        self._seed = seed
        self._deck = deck
        self._rng = random.Random(seed)
        self._next = 1
        self._last: tuple[float, tuple[Card, ...]] = (0.0, ())

    def draws(self, round_number: int) -> tuple[float, tuple[Card, ...]]:
        """Round ``round_number``'s pick (a number in [0, 1)) and shuffled deck.

        The deck is shuffled by sorting it on random keys, one per card: every order is
        as likely as any other, as with :meth:`random.Random.shuffle`, in half the time.
        """
        if round_number == self._next - 1:
            return self._last
        if round_number < self._next:
            self._rng = random.Random(self._seed)
            self._next = 1
        draw = self._rng.random
        while True:
            pick = draw()
            deck = tuple(sorted(self._deck, key=lambda _: draw()))
            self._next += 1
            if self._next > round_number:
                self._last = (pick, deck)
                return self._last


def pick(choices: Sequence[T], draw: float) -> T:
    """The choice a draw in [0, 1) falls on."""
    return choices[int(draw * len(choices))]
