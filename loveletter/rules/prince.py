"""The Prince (5): the chosen player discards their hand and draws a new card.

LL19-PRINCE-DISCARD-DRAW, LL19-PRINCE-NO-EFFECT-OF-DISCARD, LL19-PRINCE-SELF,
LL19-PRINCE-PRINCESS, LL19-PRINCE-EMPTY-DECK, LL19-PRINCE-SPY, LLC-PRINCE-EMPTY-DECK,
LLC-PRINCESS. The discarded card's own effect never happens, except that discarding the
Princess knocks its holder out (and they draw nothing).
"""

from __future__ import annotations

from loveletter._records import builder
from loveletter.cards import Card
from loveletter.errors import InconsistentStateError
from loveletter.events import HandDiscarded
from loveletter.rules import princess, spy
from loveletter.rules.work import Work

_hand_discarded = builder(HandDiscarded)


def play(w: Work, actor: int, target: int, guess: Card | None) -> None:
    """Make the target discard their card, then draw (or take the set-aside card)."""
    if not w.draw_pile and w.set_aside is None:
        # LL19-Q04: checked before anything moves, so a game's table is left as it was.
        raise InconsistentStateError("the set-aside card was needed twice in a round")
    (card,) = w.hands[target]
    w.hands[target] = ()
    w.discards[target] += (card,)
    w.forget(target)
    if w.events is not None:
        w.events.append(_hand_discarded(w.names[target], card))
    if card is Card.PRINCESS:
        princess.discarded(w, target)
        return
    if card is Card.SPY:
        spy.discarded(w, target)
    if w.draw_pile:
        w.draw(target, Card.PRINCE)
    else:
        w.take_set_aside(target)
