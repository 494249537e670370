"""The Handmaid (4): protection until the start of your next turn.

LL19-HANDMAID-PROTECT, LL19-HANDMAID-DURATION, LL19-HANDMAID-NOT-SHOWDOWN, LL19-Q10.
Protection ends when play passes to the protected player
(:func:`loveletter.rules.turn.end_turn`); it never shields from the showdown, the Spy
check or the player's own Prince.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, register_rule
from loveletter.cards import Card
from loveletter.events import PlayerProtected
from loveletter.motion import Motion


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Protect the Handmaid's player."""
    w.set_protected(actor, True)
    if w.events is not None:
        w.events.append(PlayerProtected(player=w.names[actor]))


RULE = register_rule(
    CardRule(
        card=Card.HANDMAID,
        french="Servante",
        feminine=True,
        labels=("4♠", "4♣"),
        intent=Intent.PROTECT,
        effect=play,
    )
)
