"""The Princess (9): whoever plays or discards her is knocked out.

LL19-PRINCESS-PLAY-OUT, LL19-PRINCESS-DISCARD-OUT, LL19-PRINCESS-SAFE-MOVES,
LL19-PRINCE-PRINCESS, LLC-PRINCESS, LL19-Q02. Holding, showing, comparing, trading or
returning her under the pile is safe.
"""

from __future__ import annotations

from loveletter.cards import Card
from loveletter.events import KnockOutCause
from loveletter.rules.knockout import knock_out
from loveletter.rules.work import Work


def play(w: Work, actor: int, target: int, guess: Card | None) -> None:
    """Playing the Princess is legal and knocks its player out; the other card goes too."""
    knock_out(w, actor, KnockOutCause.PRINCESS_PLAYED)


def discarded(w: Work, seat: int) -> None:
    """Discarding the Princess (to a Prince) knocks its holder out, with no redraw."""
    knock_out(w, seat, KnockOutCause.PRINCESS_DISCARDED)
