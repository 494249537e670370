"""The King (7): trade hands with another player (LL19-KING-TRADE).

Each of the two sees the card they receive, and nobody else does (LL19-Q18).
:func:`trade` serves any card that makes two players trade.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, Motion, Targeting, register_rule
from loveletter.cards import Card
from loveletter.events import HandsTraded
from loveletter.rules.baron import equal


def trade(w: Motion, one: int, other: int, by: Card) -> None:
    """``one`` and ``other`` trade hands; each knows now what the other holds."""
    hands = w.hands
    mine, theirs = hands[one], hands[other]
    hands[one], hands[other] = theirs, mine
    w.show(one, other, theirs[0], by)
    w.show(other, one, mine[0], by)
    w.trade_known(one, other)
    w.learn(one, other, mine[0])  # each knows what they gave
    w.learn(other, one, theirs[0])
    if w.events is not None:
        w.events.append(
            HandsTraded(
                player=w.names[one],
                target=w.names[other],
                player_received=theirs[0],
                target_received=mine[0],
            )
        )


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Trade the two hands."""
    if targets:
        trade(w, actor, targets[0], Card.KING)


RULE = register_rule(
    CardRule(
        card=Card.KING,
        french="Roi",
        labels=("7♥",),
        targeting=Targeting.OTHER,
        intent=Intent.TRADE,
        effect=play,
        shows_hands=True,
        quiet=equal,
    )
)
