"""Information-set sampling: full states a player cannot tell from the one they see.

:func:`sample_state` deals the cards a player has not seen (:mod:`loveletter.bots.knowledge`)
into the places they cannot see: the other hands' unknown cards, the set-aside card and
the draw pile (below the pile's top, the cards the player buried there stay where they
know them). Every deal that agrees with what the player saw is equally likely: the
sampler models no player's choices, only the facts (cards known held, cards ruled out,
hands tied in value). It reads nothing but the view, and the state it returns passes the
consistency check and gives the player the very same view.

>>> import random
>>> from loveletter import Card, Game, Play, view_for
>>> game = Game.arranged({"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Spy"])
>>> _ = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
>>> view = view_for(game.state, "Carla")
>>> sample = sample_state(view, random.Random(1))
>>> view_for(sample, "Carla") == view, sample.hand("Carla"), sample.hand("Ben") != (Card.KING,)
(True, (Card.BARON,), True)

What it does not sample: the other players' own knowledge. A sampled state keeps what
the viewer was shown and knows (and what everyone knows); what another player was
shown privately (a Priest's look the viewer only saw happen) is left out, as are the
table's settings a view does not carry (the seed, the language, the remedy), which the
caller may give.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from loveletter.bots.knowledge import Knowledge, knowledge
from loveletter.cardrule import RULES
from loveletter.cards import Card
from loveletter.editions import edition
from loveletter.errors import LoveLetterError
from loveletter.state import Buried, Known, Phase, RuledOut, Shown, State, Table, Tied
from loveletter.views import SeatView, View

__all__ = ["MAX_TRIES", "Sampler", "sample_state"]

MAX_TRIES = 100_000
"""Deals tried before the sampler gives up (no deal agrees with the view)."""

_RUNNING = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)


def sample_state(
    view: View,
    rng: random.Random,
    *,
    seed: int | None = None,
    auto_draw: bool | None = None,
    language: str = "en",
    remedy: bool = False,
) -> State:
    """A full state, drawn uniformly among those that give ``view`` to its player.

    ``rng`` draws the deal (and, unless ``seed`` is given, the sampled game's seed, for
    the rounds after this one). ``auto_draw`` defaults to whether the view awaits no
    draw. Between rounds nothing is hidden and :class:`~loveletter.errors.LoveLetterError`
    is raised, as it is when no deal agrees with the view. Many samples of one view are
    cheaper with a :class:`Sampler`.
    """
    sampler = Sampler(view, auto_draw=auto_draw, language=language, remedy=remedy)
    return sampler.sample(rng, seed=seed)


class Sampler:
    """Samples of one view (:func:`sample_state`), its knowledge read once."""

    def __init__(
        self,
        view: View,
        *,
        auto_draw: bool | None = None,
        language: str = "en",
        remedy: bool = False,
    ) -> None:
        if view.phase not in _RUNNING:
            raise LoveLetterError("nothing is hidden between rounds: there is no deal to sample")
        self.view = view
        self.edition = edition(view.edition)
        self.known = knowledge(view)
        self.places = _Places(view, self.known)
        self.cards = [
            card
            for card, count in sorted(self.known.unseen.items(), key=_order)
            for _ in range(count)
        ]
        if len(self.cards) != self.places.count:
            raise LoveLetterError(
                f"{len(self.cards)} unseen cards for {self.places.count} hidden places: "
                "no table shows this view"
            )
        self.auto_draw = view.phase is not Phase.DRAW if auto_draw is None else auto_draw
        self.language = language
        self.remedy = remedy

    def sample(
        self,
        rng: random.Random,
        *,
        seed: int | None = None,
        weight: Callable[[Mapping[str, tuple[Card, ...]]], float] | None = None,
    ) -> State:
        """One state, drawn with ``rng`` (see :func:`sample_state`).

        ``weight``, if given, reweights the deals: a deal that agrees with the view is
        kept with probability ``weight(hands)`` (between 0 and 1; ``hands`` maps each
        player to their hand in that deal), so deals come out in proportion to their
        weight: a model of the players' choices, which the sampler itself does not have
        (a search bot's prior, :class:`loveletter.bots.ismcts.IsmctsBot`). Where every
        deal that agrees is weighed away in :data:`MAX_TRIES` draws (weights so small that
        none is kept), the first deal that agreed is the one drawn: the weights reweigh
        the deals the view allows, and never make a view that allows some impossible.
        """
        cards = list(self.cards)
        places, value = self.places, self.edition.value
        agreed = None
        for _ in range(MAX_TRIES):
            rng.shuffle(cards)
            hands = places.hands(cards)
            if places.agrees(hands, value):
                if weight is None or rng.random() < weight(hands):
                    break
                if agreed is None:
                    agreed = hands
        else:
            if agreed is None:
                raise LoveLetterError("no deal of the unseen cards agrees with the view")
            hands = agreed
        view = self.view
        table = Table(
            edition=self.edition,
            players=tuple(seat.player for seat in view.seats),
            target=view.target,
            seed=rng.getrandbits(128) if seed is None else seed,
            auto_draw=self.auto_draw,
            language=self.language,
            remedy=self.remedy,
            open_hands=view.open_hands,
        )
        return _state(view, self.known, table, hands, places.pile(cards))


def _order(item: tuple[Card, int]) -> str:
    return item[0].value  # a fixed order of the cards before shuffling: the same every time


class _Places:
    """Where the unseen cards go, in a fixed order, and the facts they must agree with."""

    def __init__(self, view: View, known: Knowledge) -> None:
        self.view = view
        self.known = known
        self.value = edition(view.edition).value
        self.slots: list[tuple[str, int]] = []  # (player, unknown cards in their hand)
        for seat in view.seats:
            if seat.player != view.viewer and not seat.out and seat.hand is None:
                self.slots.append((seat.player, seat.hand_size - len(seat.known)))
        self.in_hands = sum(count for _, count in self.slots)
        self.visible = {  # the first card of every hand the viewer sees
            seat.player: seat.hand[0] for seat in view.seats if seat.hand and not seat.out
        }
        self.in_pile = view.draw_pile_size - len(view.buried)
        self.count = self.in_hands + 1 + self.in_pile  # the set-aside card

    def hands(self, cards: Sequence[Card]) -> dict[str, tuple[Card, ...]]:
        """Each hidden hand: its known cards first, or last where they were just drawn.

        The first of a hand's known cards is the one just drawn when a fact says it cannot
        be the card held before the draw (:meth:`may_have_held`).
        """
        found = {}
        at = 0
        for player, count in self.slots:
            certain = self.known.holds[player]
            drawn = tuple(cards[at : at + count])
            at += count
            if certain and drawn and not self.may_have_held(player, certain[0]):
                found[player] = (*drawn, *certain)  # the known card is the one just drawn
            else:
                found[player] = (*certain, *drawn)
        return found

    def may_have_held(self, player: str, card: Card) -> bool:
        """Whether ``card`` may be the card ``player`` held before drawing.

        As far as the facts of ``player`` alone tell: not ruled out, and of the value of a
        hand the viewer sees that it is tied with.
        """
        if card in self.known.not_holding.get(player, frozenset()):
            return False
        for one, other in self.known.tied:
            partner = other if one == player else one if other == player else None
            seen = self.visible.get(partner) if partner is not None else None
            if seen is not None and self.value[seen] != self.value[card]:
                return False
        return True

    def agrees(self, hands: dict[str, tuple[Card, ...]], value: Mapping[Card, int]) -> bool:
        """Whether the hands agree with what everyone knows: ruled out, tied."""
        for player, cards in self.known.not_holding.items():
            held = hands.get(player)
            if held and held[0] in cards:
                return False
        if self.known.tied:
            first = {**self.visible, **{player: held[0] for player, held in hands.items() if held}}
            for one, other in self.known.tied:
                if one in first and other in first and value[first[one]] != value[first[other]]:
                    return False
        return True

    def pile(self, cards: Sequence[Card]) -> tuple[tuple[Card, ...], Card]:
        """The set-aside card and the draw pile, the buried cards where the viewer knows them."""
        rest = cards[self.in_hands :]
        set_aside = rest[0]
        unknown = tuple(rest[1:])
        under = self.view.buried_under
        top = unknown[: len(unknown) - under]
        bottom = unknown[len(unknown) - under :]
        return (*top, *self.view.buried, *bottom), set_aside


def _hand(seat: SeatView, hands: dict[str, tuple[Card, ...]]) -> tuple[Card, ...]:
    """A seat's hand: as the viewer sees it, empty if out, or as sampled."""
    if seat.hand is not None:
        return seat.hand
    return () if seat.out else hands[seat.player]


def _known(view: View) -> tuple[Known, ...]:
    """The viewer's knowledge of the other hands, as facts of the state."""
    return tuple(
        Known(viewer=view.viewer if index == 0 else None, owner=seat.player, card=card)
        for seat in view.seats
        if seat.hand is None
        for index, card in enumerate(seat.known)
    )


def _state(
    view: View,
    known: Knowledge,
    table: Table,
    hands: dict[str, tuple[Card, ...]],
    pile_and_aside: tuple[tuple[Card, ...], Card],
) -> State:
    pile, set_aside = pile_and_aside
    players = table.players
    viewer = view.viewer
    to_act = players.index(view.to_act) if view.to_act is not None else -1
    return State(
        table=table,
        round_number=view.round_number,
        phase=view.phase,
        to_act=to_act,
        hands=tuple(_hand(seat, hands) for seat in view.seats),
        discards=tuple(seat.discards for seat in view.seats),
        out=tuple(seat.out for seat in view.seats),
        protected=tuple(seat.protected for seat in view.seats),
        spied=tuple(
            not seat.out and any(RULES[card].bonus is not None for card in seat.discards)
            for seat in view.seats
        ),
        tokens=tuple(seat.tokens for seat in view.seats),
        draw_pile=pile,
        set_aside=set_aside,
        face_up=view.face_up,
        shown=tuple(
            Shown(viewer=e.viewer, owner=e.owner, card=e.card, by=e.by) for e in view.shown
        ),
        known=_known(view),
        ruled_out=tuple(
            RuledOut(owner=seat.player, cards=seat.ruled_out)
            for seat in view.seats
            if seat.ruled_out
        ),
        tied=tuple(Tied(one=tie.one, other=tie.other) for tie in view.tied),
        buried=(
            (Buried(viewer=viewer, cards=view.buried, under=view.buried_under),)
            if view.buried and viewer is not None
            else ()
        ),
        first=max(to_act, 0),
    )
