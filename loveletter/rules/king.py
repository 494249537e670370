"""The King (7): trade hands with another player (LL19-KING-TRADE).

Each of the two sees the card they receive, and nobody else does (LL19-Q18).
"""

from __future__ import annotations

from loveletter.cards import Card
from loveletter.events import HandsTraded
from loveletter.rules.work import Work


def play(w: Work, actor: int, target: int, guess: Card | None) -> None:
    """Trade the two hands."""
    if target < 0:
        return  # LL19-TARGET-ALL-PROTECTED-NO-EFFECT
    hands = w.hands
    mine, theirs = hands[actor], hands[target]
    hands[actor], hands[target] = theirs, mine
    w.show(actor, target, theirs[0], Card.KING)
    w.show(target, actor, mine[0], Card.KING)
    w.trade_known(actor, target)
    w.learn(actor, target, mine[0])  # each knows what they gave
    w.learn(target, actor, theirs[0])
    if w.events is not None:
        w.events.append(
            HandsTraded(
                player=w.names[actor],
                target=w.names[target],
                player_received=theirs[0],
                target_received=mine[0],
            )
        )
