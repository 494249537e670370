"""The Baron (3): compare hands in secret; the lower value is knocked out.

LL19-BARON-COMPARE, LL19-BARON-TIE (and LLC-BARON-TIE), LL19-BARON-VISIBILITY. Values
come from the edition: the classic King (6) loses to the Countess (7).
:func:`loveletter.effects.compare_hands` serves any card that compares hands, whichever
way round it rules.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, Targeting, register_rule
from loveletter.cards import Card
from loveletter.effects import compare_hands
from loveletter.events import KnockOutCause
from loveletter.motion import Motion


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Compare the two hands; the lower is out, a tie does nothing."""
    if targets:
        compare_hands(w, actor, targets[0], Card.BARON, KnockOutCause.BARON, lower_loses=True)


RULE = register_rule(
    CardRule(
        card=Card.BARON,
        french="Baron",
        labels=("3♠", "3♣"),
        targeting=Targeting.OTHER,
        intent=Intent.COMPARE,
        effect=play,
        shows_hands=True,
        knock_outs=(
            (
                KnockOutCause.BARON,
                "lost the Baron's comparison",
                "comparaison perdue face au Baron",
                "comparaison perdue face au Baron",
            ),
        ),
    )
)
