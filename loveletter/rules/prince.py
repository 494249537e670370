"""The Prince (5): the chosen player discards their hand and draws a new card.

LL19-PRINCE-DISCARD-DRAW, LL19-PRINCE-NO-EFFECT-OF-DISCARD, LL19-PRINCE-SELF,
LL19-PRINCE-PRINCESS, LL19-PRINCE-EMPTY-DECK, LL19-PRINCE-SPY, LLC-PRINCE-EMPTY-DECK,
LLC-PRINCESS. The discarded card's own effect never happens; only what its record says
a discard does (the Princess knocks her holder out, who then draws nothing; a Spy
counts for the Spy token).
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, Targeting, register_rule, rule_of
from loveletter.cards import Card
from loveletter.errors import InconsistentStateError
from loveletter.events import HandDiscarded
from loveletter.motion import Motion


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Make the target discard their card, then draw (or take the set-aside card)."""
    if not w.draw_pile and w.set_aside is None:
        # LL19-Q04: checked before anything moves, so a game's table is left as it was.
        raise InconsistentStateError("the set-aside card was needed twice in a round")
    target = targets[0]
    (card,) = w.hands[target]
    w.discard(target, card)
    w.forget(target)
    if w.events is not None:
        w.events.append(HandDiscarded(player=w.names[target], card=card))
    discarded = rule_of(card).discarded
    if discarded is not None:
        discarded(w, target)
        if w.out[target]:
            return  # the Princess: knocked out, and no new card (LLC-PRINCESS)
    if w.draw_pile:
        w.draw(target, Card.PRINCE)
    else:
        w.take_set_aside(target)


RULE = register_rule(
    CardRule(
        card=Card.PRINCE,
        french="Prince",
        labels=("5♠", "5♣"),
        targeting=Targeting.ANY,
        intent=Intent.REPLACE,
        effect=play,
    )
)
