"""The King (7): trade hands with another player (LL19-KING-TRADE).

Each of the two sees the card they receive, and nobody else does (LL19-Q18).
:func:`loveletter.effects.trade_hands` serves any card that makes two players trade.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, Targeting, register_rule
from loveletter.cards import Card
from loveletter.effects import trade_hands
from loveletter.motion import Motion


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Trade the two hands."""
    if targets:
        trade_hands(w, actor, targets[0], Card.KING)


RULE = register_rule(
    CardRule(
        card=Card.KING,
        french="Roi",
        labels=("7♥",),
        targeting=Targeting.OTHER,
        intent=Intent.TRADE,
        effect=play,
        shows_hands=True,
    )
)
