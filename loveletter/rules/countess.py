"""The Countess (8): no effect, but she must be played beside the King or a Prince.

LL19-COUNTESS-FORCED (LLC-COUNTESS-FORCED), LL19-COUNTESS-VOLUNTARY,
LL19-COUNTESS-NO-EFFECT, LL19-COUNTESS-SECRET, LL19-PRINCE-COUNTESS-IMPOSSIBLE, LL19-Q20.
The check applies to the two cards held when playing on one's own turn, never to the
Chancellor's choice.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, register_rule
from loveletter.cards import Card
from loveletter.commands import Play
from loveletter.errors import Reason
from loveletter.motion import Motion
from loveletter.refusals import Refusal, RefusalKind, refuse

FORCED_BY = frozenset({Card.KING, Card.PRINCE})

FORCED = RefusalKind(
    reason=Reason.COUNTESS_FORCED, ruling="LL19-COUNTESS-FORCED", key="countess_forced"
)


def check_beside(w: Motion, command: Play) -> Refusal | None:
    """Held with the King or a Prince, the Countess must be played instead of them."""
    if command.card not in FORCED_BY:
        return None
    return refuse(w.table, FORCED, command, the_card=command.card, the_forcing=Card.COUNTESS)


RULE = register_rule(
    CardRule(
        card=Card.COUNTESS,
        french="Comtesse",
        feminine=True,
        also_read=("Comptesse",),  # the French aid's spelling (LL19-NAMES-FR)
        labels=("8♥",),
        forced_by=FORCED_BY,
        check_beside=check_beside,
    )
)
