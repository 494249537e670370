"""The Chancellor (6): draw two, keep one of the three, return two under the pile.

LL19-CHANCELLOR-DRAW-KEEP-RETURN, LL19-CHANCELLOR-ORDER, LL19-CHANCELLOR-ONE-CARD,
LL19-CHANCELLOR-EMPTY, LL19-CHANCELLOR-NO-SET-ASIDE, LL19-CHANCELLOR-PILE-SIZE,
LL19-CHANCELLOR-BAD-CHOICE, LL19-Q06, LL19-Q07. The Chancellor is the one card whose
effect waits for a decision: the game is in :attr:`~loveletter.state.Phase.CHOOSE` until
the player's :class:`~loveletter.commands.Choose` arrives.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from loveletter._records import interned
from loveletter.cardrule import CardRule, Intent, Motion, register_rule
from loveletter.cards import Card
from loveletter.events import CardsReturned

_cards_returned = interned(CardsReturned)


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Draw up to two cards (never the set-aside one) and wait for the choice."""
    count = min(2, len(w.pile))
    if count == 0:
        return  # LL19-CHANCELLOR-EMPTY: no effect
    w.forget(actor)  # the card kept may be any of the three
    for _ in range(count):
        w.draw(actor, Card.CHANCELLOR)
    w.choose_pending()


def choose(w: Motion, actor: int, keep: Card, returned: tuple[Card, ...]) -> None:
    """Keep one card; put the others under the pile, ``returned[0]`` first."""
    w.hands[actor] = [keep]
    w.pile[0:0] = returned[::-1]
    w.forget(actor)  # a card known drawn (it was buried) may have gone back
    w.bury(actor, returned)
    if w.events is not None:
        w.events.append(_cards_returned(w.names[actor], returned))


def choice_problem(
    hand: Sequence[Card], keep: Card, returned: tuple[Card, ...]
) -> tuple[str, dict[str, object]] | None:
    """Why ``keep`` and ``returned`` do not split ``hand`` into one kept and the rest.

    Returns the key of the message (:func:`loveletter.words.message`) and its fields, or
    ``None``.
    """
    if len(returned) != len(hand) - 1:
        return "choice_count", {
            "held": len(hand),
            "expected": len(hand) - 1,
            "given": len(returned),
        }
    if Counter(hand) != Counter((keep, *returned)):
        return "choice_cards", {}
    return None


RULE = register_rule(
    CardRule(
        card=Card.CHANCELLOR,
        french="Chancelier",
        labels=("6♠", "6♣"),
        intent=Intent.DRAW_AND_RETURN,
        effect=play,
        draws=True,
    )
)
