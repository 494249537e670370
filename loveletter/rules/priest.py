"""The Priest (2): look at another player's hand, secretly (LL19-PRIEST-LOOK)."""

from __future__ import annotations

from loveletter._records import builder
from loveletter.cards import Card
from loveletter.events import HandSeen
from loveletter.rules.work import Work

_hand_seen = builder(HandSeen)


def play(w: Work, actor: int, target: int, guess: Card | None) -> None:
    """Show the target's card to the Priest's player only."""
    if target < 0:
        return  # LL19-TARGET-ALL-PROTECTED-NO-EFFECT
    card = w.hands[target][0]
    w.show(actor, target, card, Card.PRIEST)
    w.learn(actor, target, card)
    if w.events is not None:
        w.events.append(_hand_seen(w.names[actor], w.names[target], card))
