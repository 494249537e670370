"""Building blocks for cards' effects: what more than one kind of card does.

A card's effect (:data:`loveletter.cardrule.Effect`) works on the table in motion
(:class:`~loveletter.motion.Motion`). The Baron compares hands and the King trades them;
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

from collections.abc import Mapping

from loveletter.cards import Card
from loveletter.events import HandsCompared, HandsTraded, KnockOutCause
from loveletter.motion import Motion

__all__ = ["compare_hands", "trade_hands"]


def compare_hands(
    w: Motion, actor: int, target: int, by: Card, cause: KnockOutCause, *, lower_loses: bool
) -> None:
    """Compare two hands: the lower card (or the higher) is knocked out, a tie does nothing.

    Each of the two sees the other's card, and nobody else does (LL19-BARON-VISIBILITY).
    Everyone sees the loser's card, face up, and so knows the winner's card beats it.
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
            HandsCompared(
                player=names[actor],
                target=names[target],
                player_card=mine,
                target_card=theirs,
                loser=names[loser] if loser >= 0 else None,
                by=by,
            )
        )
    if loser < 0:
        w.tie(actor, target)
        return
    w.knock_out(loser, cause)
    beaten = value[mine if loser == actor else theirs]
    w.rule_out(target if loser == actor else actor, _not_beating(value, beaten, lower_loses))


def _not_beating(value: Mapping[Card, int], beaten: int, lower_loses: bool) -> tuple[Card, ...]:
    """The cards that do not beat a card worth ``beaten``: not what its winner holds."""
    if lower_loses:
        return tuple(card for card, worth in value.items() if worth <= beaten)
    return tuple(card for card, worth in value.items() if worth >= beaten)


def trade_hands(w: Motion, one: int, other: int, by: Card) -> None:
    """``one`` and ``other`` trade hands; each sees the card received (LL19-Q18)."""
    mine, theirs = w.hands[one], w.hands[other]
    w.hands[one], w.hands[other] = theirs, mine
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
