"""The Princess (9): whoever plays or discards her is knocked out.

LL19-PRINCESS-PLAY-OUT, LL19-PRINCESS-DISCARD-OUT, LL19-PRINCESS-SAFE-MOVES,
LL19-PRINCE-PRINCESS, LLC-PRINCESS, LL19-Q02. Holding, showing, comparing, trading or
returning her under the pile is safe.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, register_rule
from loveletter.cards import Card
from loveletter.events import KnockOutCause
from loveletter.motion import Motion


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Playing the Princess is legal and knocks its player out; the other card goes too."""
    w.knock_out(actor, KnockOutCause.PRINCESS_PLAYED)


def discarded(w: Motion, seat: int) -> None:
    """Discarding the Princess (to a Prince) knocks its holder out, with no redraw."""
    w.knock_out(seat, KnockOutCause.PRINCESS_DISCARDED)


RULE = register_rule(
    CardRule(
        card=Card.PRINCESS,
        french="Princesse",
        feminine=True,
        labels=("Q♥",),
        intent=Intent.LOSE,
        effect=play,
        discarded=discarded,
        knock_outs=(
            (
                KnockOutCause.PRINCESS_DISCARDED,
                "discarded the Princess",
                "Princesse défaussée",
                "Princesse défaussée",
            ),
            (
                KnockOutCause.PRINCESS_PLAYED,
                "played the Princess",
                "Princesse jouée",
                "Princesse jouée",
            ),
        ),
    )
)
