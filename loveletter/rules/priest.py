"""The Priest (2): look at another player's hand, secretly (LL19-PRIEST-LOOK)."""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, Targeting, register_rule
from loveletter.cards import Card
from loveletter.events import HandSeen
from loveletter.motion import Motion


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Show the target's card to the Priest's player only."""
    if not targets:
        return  # LL19-TARGET-ALL-PROTECTED-NO-EFFECT
    target = targets[0]
    card = w.hands[target][0]
    w.show(actor, target, card, Card.PRIEST)
    w.learn(actor, target, card)
    if w.events is not None:
        w.events.append(HandSeen(player=w.names[actor], target=w.names[target], card=card))


RULE = register_rule(
    CardRule(
        card=Card.PRIEST,
        french="Prêtre",
        labels=("2♠", "2♣"),
        targeting=Targeting.OTHER,
        intent=Intent.LOOK,
        effect=play,
        shows_hands=True,
    )
)
