"""The Countess (8): no effect, but she must be played beside the King or a Prince.

LL19-COUNTESS-FORCED (LLC-COUNTESS-FORCED), LL19-COUNTESS-VOLUNTARY,
LL19-COUNTESS-NO-EFFECT, LL19-COUNTESS-SECRET, LL19-PRINCE-COUNTESS-IMPOSSIBLE, LL19-Q20.
The check applies to the two cards held when playing on one's own turn, never to the
Chancellor's choice.
"""

from __future__ import annotations

from loveletter.cards import Card
from loveletter.editions import Edition
from loveletter.rules.work import Work


def play(w: Work, actor: int, target: int, guess: Card | None) -> None:
    """Playing (or discarding) the Countess does nothing."""


def forces(edition: Edition, hand: tuple[Card, ...], card: Card) -> bool:
    """Whether playing ``card`` from ``hand`` is refused because the Countess must go."""
    return card in edition.countess_forced_by and Card.COUNTESS in hand
