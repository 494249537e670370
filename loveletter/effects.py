"""Building blocks for cards' effects: what more than one kind of card does.

A card's effect (:data:`loveletter.cardrule.Effect`) works on the table in motion
(:class:`~loveletter.cardrule.Motion`). The Baron compares hands and the King trades them;
a card of one's own edition that compares the other way round, or makes two other
players trade, calls the same functions:

>>> from loveletter import Card, Game, Play
>>> game = Game.new(["Anna", "Ben"], seed=18)
>>> game.state.hands
((Card.PRIEST, Card.BARON), (Card.GUARD,))
>>> compared = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))[1]
>>> compared.player_card, compared.target_card, compared.loser
(Card.PRIEST, Card.GUARD, 'Ben')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from loveletter._records import interned
from loveletter.cardrule import Motion
from loveletter.cards import Card
from loveletter.events import HandsCompared, HandsTraded, KnockOutCause

if TYPE_CHECKING:
    from loveletter.editions import Edition

__all__ = ["compare_hands", "equal_values", "trade_hands"]

_hands_compared = interned(HandsCompared)
_hands_traded = interned(HandsTraded)


@functools.cache
def _not_above(edition: Edition, beaten: int, lower_loses: bool) -> tuple[Card, ...]:
    """The edition's cards a comparison's winner cannot hold, having beaten a ``beaten``."""
    return tuple(
        card
        for card, worth in edition.value.items()
        if (worth <= beaten if lower_loses else worth >= beaten)
    )


def compare_hands(
    w: Motion, actor: int, target: int, by: Card, cause: KnockOutCause, *, lower_loses: bool
) -> None:
    """Compare two hands: the lower card (or the higher) is knocked out, a tie does nothing.

    Each of the two sees the other's card, and nobody else does (LL19-BARON-VISIBILITY).
    """
    mine = w.hands[actor][0]
    theirs = w.hands[target][0]
    value = w.table.edition.value
    difference = value[mine] - value[theirs]
    if not lower_loses:
        difference = -difference
    loser = -1 if difference == 0 else (actor if difference < 0 else target)
    w.show(actor, target, theirs, by)
    w.show(target, actor, mine, by)
    w.learn(actor, target, theirs)
    w.learn(target, actor, mine)
    if w.events is not None:
        names = w.names
        w.events.append(
            _hands_compared(
                names[actor], names[target], mine, theirs, names[loser] if loser >= 0 else None, by
            )
        )
    if loser >= 0:
        w.knock_out(loser, cause)
        # Everyone sees the loser's card, face up: the winner's card beats it.
        beaten = value[w.discards[loser][-1]]
        winner = target if loser == actor else actor
        w.rule_out(winner, _not_above(w.table.edition, beaten, lower_loses))
    else:
        w.tie(actor, target)


def trade_hands(w: Motion, one: int, other: int, by: Card) -> None:
    """``one`` and ``other`` trade hands; each sees the card received (LL19-Q18)."""
    hands = w.hands
    mine, theirs = hands[one], hands[other]
    hands[one], hands[other] = theirs, mine
    w.show(one, other, theirs[0], by)
    w.show(other, one, mine[0], by)
    w.trade_known(one, other)
    w.learn(one, other, mine[0])  # each knows what they gave
    w.learn(other, one, theirs[0])
    if w.events is not None:
        w.events.append(_hands_traded(w.names[one], w.names[other], theirs[0], mine[0]))


def equal_values(
    hands: Sequence[tuple[Card, ...]],
    value: Mapping[Card, int],
    actor: int,
    targets: tuple[int, ...],
    guess: Card | int | None,
) -> bool:
    """A comparison or a trade between cards of equal value changes nothing that counts.

    A card record's ``quiet`` for cards that compare or trade.
    """
    kept = value[hands[actor][0]]
    return all(value[hands[target][0]] == kept for target in targets)
