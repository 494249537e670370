"""What a player knows, from their view alone: the cards of the other hands, for sure or not.

A :class:`~loveletter.views.View` lists the facts; :func:`knowledge` reads them the way a
player reasons: which card each other hand certainly holds now (a card shown and not
moved since), which cards it certainly does not hold (a Guard that missed, a comparison
won, a King or Prince played without the Countess), which hands are of the same value
(a comparison that tied), which cards lie at the bottom of the pile (a Chancellor's
return), and how many copies of each card the player has not seen. It reads nothing
but the view, so a bot, a search or a training loop can use it where only a view is
given.

>>> from loveletter import Card, Game, Play, view_for
>>> game = Game.arranged({"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Spy"])
>>> _ = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
>>> known = knowledge(view_for(game.state, "Carla"))
>>> known.not_holding["Ben"], known.holds["Ben"]
(frozenset({Card.KING}), ())
>>> known.unseen[Card.GUARD], sum(known.unseen.values())
(5, 19)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import attrs

from loveletter.cards import Card
from loveletter.editions import edition
from loveletter.views import View

__all__ = ["Knowledge", "knowledge"]


@attrs.frozen(kw_only=True)
class Knowledge:
    """What ``viewer`` knows of the hidden cards (see :func:`knowledge`).

    Hands are by player, for every player still in the round but the viewer.
    """

    viewer: str | None
    holds: Mapping[str, tuple[Card, ...]]
    """The cards each hand certainly holds now (shown to the viewer and not moved since)."""
    not_holding: Mapping[str, frozenset[Card]]
    """The cards each hand's oldest card certainly is not (known to everyone)."""
    tied: tuple[tuple[str, str], ...]
    """Pairs of hands everyone knows to hold cards of the same value."""
    buried: tuple[Card, ...]
    """Cards the viewer knows at the bottom of the draw pile, the last one lowest, with
    :attr:`Knowledge.buried_under <loveletter.bots.knowledge.Knowledge.buried_under>` unknown
    cards under them."""
    buried_under: int
    """How many unknown cards lie under :attr:`Knowledge.buried
    <loveletter.bots.knowledge.Knowledge.buried>`."""
    unseen: Mapping[Card, int]
    """How many copies of each card the viewer has not seen: the deck, less their own
    hand, every discard, the face-up cards, the cards they know held and the cards they
    know buried. The hidden places (the other hands' unknown cards, the set-aside card,
    the rest of the pile) hold exactly these."""

    def possible(self, player: str) -> frozenset[Card]:
        """The cards ``player``'s oldest unknown card may be: unseen and not ruled out."""
        left = frozenset(card for card, count in self.unseen.items() if count > 0)
        return left - self.not_holding.get(player, frozenset())


def knowledge(view: View) -> Knowledge:
    """What the view's player (or a spectator) knows of the hidden cards.

    It reads the view only: the same view gives the same knowledge.
    """
    ed = edition(view.edition)
    others = [seat for seat in view.seats if seat.player != view.viewer and not seat.out]
    seen: Counter[Card] = Counter(view.hand)
    seen.update(view.face_up)
    seen.update(view.buried)
    if view.set_aside is not None:
        seen[view.set_aside] += 1
    for seat in view.seats:
        seen.update(seat.discards)
        if seat.hand is not None and seat.player != view.viewer:
            seen.update(seat.hand)  # an open-hands view
    holds = {}
    for seat in others:
        certain = seat.hand if seat.hand is not None else seat.known
        holds[seat.player] = certain
        if seat.hand is None:
            seen.update(certain)
    unseen = Counter(ed.deck)
    unseen.subtract(seen)
    return Knowledge(
        viewer=view.viewer,
        holds=holds,
        not_holding={seat.player: frozenset(seat.ruled_out) for seat in others},
        tied=tuple((tie.one, tie.other) for tie in view.tied),
        buried=view.buried,
        buried_under=view.buried_under,
        unseen={card: max(count, 0) for card, count in unseen.items()},
    )
