"""The Countess (8): no effect, but she must be played beside the King or a Prince.

LL19-COUNTESS-FORCED (LLC-COUNTESS-FORCED), LL19-COUNTESS-VOLUNTARY,
LL19-COUNTESS-NO-EFFECT, LL19-COUNTESS-SECRET, LL19-PRINCE-COUNTESS-IMPOSSIBLE, LL19-Q20.
The check applies to the two cards held when playing on one's own turn, never to the
Chancellor's choice: the checks read ``forced_by`` from this record.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, register_rule
from loveletter.cards import Card

RULE = register_rule(
    CardRule(
        card=Card.COUNTESS,
        french="Comtesse",
        feminine=True,
        also_read=("Comptesse",),  # the French aid's spelling (LL19-NAMES-FR)
        labels=("8♥",),
        forced_by=frozenset({Card.KING, Card.PRINCE}),
    )
)
