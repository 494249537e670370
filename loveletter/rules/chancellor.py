"""The Chancellor (6): draw two, keep one of the three, return two under the pile.

LL19-CHANCELLOR-DRAW-KEEP-RETURN, LL19-CHANCELLOR-ORDER, LL19-CHANCELLOR-ONE-CARD,
LL19-CHANCELLOR-EMPTY, LL19-CHANCELLOR-NO-SET-ASIDE, LL19-CHANCELLOR-PILE-SIZE,
LL19-CHANCELLOR-BAD-CHOICE, LL19-Q06, LL19-Q07. The Chancellor is the one card whose
effect waits for a decision: the game is in :attr:`~loveletter.state.Phase.CHOOSE` until
the player's :class:`~loveletter.commands.Choose` arrives.
"""

from __future__ import annotations

from collections import Counter

from loveletter.cardrule import CardRule, Intent, register_rule
from loveletter.cards import Card
from loveletter.commands import Choose
from loveletter.errors import Reason
from loveletter.events import CardsReturned
from loveletter.motion import Motion
from loveletter.refusals import Field, Refusal, RefusalKind, refuse


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Draw up to two cards (never the set-aside one) and wait for the choice."""
    count = min(2, len(w.draw_pile))
    if count == 0:
        return  # LL19-CHANCELLOR-EMPTY: no effect
    w.forget(actor)  # the card kept may be any of the three
    for _ in range(count):
        w.draw(actor, Card.CHANCELLOR)
    w.choose_pending()


def choose(w: Motion, actor: int, keep: Card, returned: tuple[Card, ...]) -> None:
    """Keep one card; put the others under the pile, ``returned[0]`` first."""
    w.put_under(actor, returned)
    w.forget(actor)  # a card known drawn (it was buried) may have gone back
    if w.events is not None:
        w.events.append(CardsReturned(player=w.names[actor], cards=returned))


CHOICE_COUNT = RefusalKind(
    reason=Reason.BAD_CHOICE, ruling="LL19-CHANCELLOR-BAD-CHOICE", key="choice_count"
)
CHOICE_CARDS = RefusalKind(
    reason=Reason.BAD_CHOICE, ruling="LL19-CHANCELLOR-BAD-CHOICE", key="choice_cards"
)


def check_choice(w: Motion, command: Choose) -> Refusal | None:
    """The choice splits the hand into one card kept and the rest returned, in an order."""
    hand = w.hands[w.to_act]
    returned = command.returned
    if len(returned) != len(hand) - 1:
        kind = CHOICE_COUNT
        fields: dict[str, Field] = {
            "held": len(hand),
            "expected": len(hand) - 1,
            "given": len(returned),
        }
    elif Counter(hand) != Counter((command.keep, *returned)):
        kind, fields = CHOICE_CARDS, {}
    else:
        return None
    return refuse(w.table, kind, command, **fields)


RULE = register_rule(
    CardRule(
        card=Card.CHANCELLOR,
        french="Chancelier",
        labels=("6♠", "6♣"),
        intent=Intent.DRAW_AND_RETURN,
        effect=play,
        choose=choose,
        check_choice=check_choice,
        draws=True,
    )
)
