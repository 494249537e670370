"""The table in motion: the one table the rules change, command after command.

A :class:`~loveletter.state.State` is frozen. A game (:class:`~loveletter.referee.Game`)
keeps one :class:`Motion`, made from a state, and the rules change it as each command is
applied: a card's effect receives it (:data:`loveletter.cardrule.Effect`) and moves the
cards with its methods. It holds immutable values, replaced (never changed in place)
when they change, in two lists (the hands and the discards, by seat) and otherwise on
their own, so :meth:`Motion.snapshot` is a state of the very same values, and a
:class:`Savepoint` (which a game keeps before each command, to go back at once) is those
values too, with the two lists copied.

Everything is by seat (the position in ``table.players``): ``hands[seat]`` and
``discards[seat]`` are tuples of cards, in lists whose items are replaced; ``out``,
``protected`` and ``spied`` are tuples of flags, as in a state; the draw pile is
``draw_pile``, top card first. What players know
(a state's ``shown``, ``known``, ``ruled_out``, ``tied`` and ``buried``) is held by seat
too, and each change to it is one method (:meth:`Motion.learn`, :meth:`Motion.forget`,
...), applied when it happens. What is known of a hand is kept with the seat that holds
it (``known[seat]``, ``ruled_out[seat]``), each fact numbered in the order it was learned
(``taught`` counts them), as a state lists them.

>>> from loveletter import Game
>>> table = Motion(Game.new(["Anna", "Ben"], seed=4, first="Anna").state)
>>> table.hands, table.to_act
([(Card.BARON, Card.HANDMAID), (Card.KING,)], 0)
>>> table.snapshot() == Game.new(["Anna", "Ben"], seed=4, first="Anna").state
True
"""

from __future__ import annotations

from typing import TypeVar

from loveletter.cards import Card
from loveletter.chance import Chance
from loveletter.errors import InconsistentStateError
from loveletter.events import CardDrawn, DrawSource, Event, KnockOutCause, PlayerKnockedOut
from loveletter.state import (
    Buried,
    Known,
    Phase,
    RoundOutcome,
    RuledOut,
    Shown,
    State,
    Table,
    Tied,
)

__all__ = ["Motion", "Savepoint"]

T = TypeVar("T")

SeatShown = tuple[int, int, Card, Card | None]
"""A :class:`~loveletter.state.Shown` record by seat: the viewer's seat (-1: everyone), the
owner's, the card, and the card whose effect showed it."""
SeatKnown = tuple[int, int, Card]
"""A :class:`~loveletter.state.Known` record, kept with its owner's seat: the number it was
learned as, the viewer's seat (-1: everyone), and the card."""
SeatRuledOut = tuple[int, tuple[Card, ...]]
"""A :class:`~loveletter.state.RuledOut` record, kept with its owner's seat: the number it
was learned as, and the cards."""
SeatTied = tuple[int, int]
"""A :class:`~loveletter.state.Tied` record by seat: the two seats."""
SeatBuried = tuple[int, tuple[Card, ...], int]
"""A :class:`~loveletter.state.Buried` record by seat: the viewer's, the cards, and how
many cards lie under them."""


def replaced(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items``, with ``item`` in place of the one at ``index``.

    >>> replaced(("a", "b", "c"), 1, "x")
    ('a', 'x', 'c')
    """
    changed = list(items)
    changed[index] = item
    return tuple(changed)


class Motion:
    """A table in motion: a state's values, replaced as the rules change them.

    ``events`` is the list a command's events go to while they are recorded, ``None``
    when they are not (the rules build no event then). ``chance`` is the game's
    generator of deals, made when the first deal needs it.
    """

    __slots__ = (
        "buried",
        "chance",
        "discards",
        "draw_pile",
        "events",
        "face_up",
        "first",
        "hands",
        "known",
        "names",
        "out",
        "outcome",
        "phase",
        "protected",
        "redeals",
        "round_number",
        "ruled_out",
        "seats",
        "set_aside",
        "shown",
        "spied",
        "table",
        "taught",
        "tied",
        "to_act",
        "tokens",
    )

    def __init__(self, state: State, *, record: bool = True) -> None:
        """The table ``state`` describes (``record=False``: no events are built)."""
        table = state.table
        seats = table.seats
        self.table: Table = table
        self.names: tuple[str, ...] = table.players
        self.seats = seats
        self.round_number = state.round_number
        self.phase = state.phase
        self.to_act = state.to_act
        self.first = state.first
        self.redeals = state.redeals
        self.outcome: RoundOutcome | None = state.outcome
        self.hands = list(state.hands)
        self.discards = list(state.discards)
        self.out = state.out
        self.protected = state.protected
        self.spied = state.spied
        self.tokens = state.tokens
        self.draw_pile = state.draw_pile
        self.set_aside: Card | None = state.set_aside
        self.face_up = state.face_up

        def seat(name: str | None) -> int:
            return -1 if name is None else seats[name]

        self.shown: tuple[SeatShown, ...] = tuple(
            (seat(fact.viewer), seats[fact.owner], fact.card, fact.by) for fact in state.shown
        )
        known: list[tuple[SeatKnown, ...]] = [() for _ in table.players]
        for order, fact in enumerate(state.known):
            known[seats[fact.owner]] += ((order, seat(fact.viewer), fact.card),)
        ruled_out: list[tuple[SeatRuledOut, ...]] = [() for _ in table.players]
        for order, ruled in enumerate(state.ruled_out, start=len(state.known)):
            ruled_out[seats[ruled.owner]] += ((order, ruled.cards),)
        self.known = tuple(known)
        self.ruled_out = tuple(ruled_out)
        self.taught = len(state.known) + len(state.ruled_out)
        """How many facts of ``known`` and ``ruled_out`` were learned: their numbers."""
        self.tied: tuple[SeatTied, ...] = tuple(
            (seats[fact.one], seats[fact.other]) for fact in state.tied
        )
        self.buried: tuple[SeatBuried, ...] = tuple(
            (seats[fact.viewer], fact.cards, fact.under) for fact in state.buried
        )
        self.events: list[Event] | None = [] if record else None
        self.chance: Chance | None = None

    def snapshot(self) -> State:
        """The state this table is in."""
        names = self.names

        def name(seat: int) -> str | None:
            return None if seat < 0 else names[seat]

        known = sorted(
            (order, viewer, owner, card)
            for owner, facts in enumerate(self.known)
            for order, viewer, card in facts
        )
        ruled_out = sorted(
            (order, owner, cards)
            for owner, facts in enumerate(self.ruled_out)
            for order, cards in facts
        )
        return State(
            table=self.table,
            round_number=self.round_number,
            phase=self.phase,
            to_act=self.to_act,
            hands=tuple(self.hands),
            discards=tuple(self.discards),
            out=self.out,
            protected=self.protected,
            spied=self.spied,
            tokens=self.tokens,
            draw_pile=self.draw_pile,
            set_aside=self.set_aside,
            face_up=self.face_up,
            shown=tuple(
                Shown(viewer=name(viewer), owner=names[owner], card=card, by=by)
                for viewer, owner, card, by in self.shown
            ),
            known=tuple(
                Known(viewer=name(viewer), owner=names[owner], card=card)
                for _, viewer, owner, card in known
            ),
            ruled_out=tuple(
                RuledOut(owner=names[owner], cards=cards) for _, owner, cards in ruled_out
            ),
            tied=tuple(Tied(one=names[one], other=names[other]) for one, other in self.tied),
            buried=tuple(
                Buried(viewer=names[viewer], cards=cards, under=under)
                for viewer, cards, under in self.buried
            ),
            first=self.first,
            redeals=self.redeals,
            outcome=self.outcome,
        )

    def copy(self) -> Motion:
        """An independent table in the same position, recording events as this one does."""
        return Motion(self.snapshot(), record=self.events is not None)

    def restore(self, saved: Savepoint) -> None:
        """Put the table back as it was when ``saved`` was made.

        The events being recorded are not part of the table: they stay as they are.
        """
        self.round_number = saved.round_number
        self.phase = saved.phase
        self.to_act = saved.to_act
        self.first = saved.first
        self.redeals = saved.redeals
        self.outcome = saved.outcome
        self.hands = saved.hands[:]
        self.discards = saved.discards[:]
        self.out = saved.out
        self.protected = saved.protected
        self.spied = saved.spied
        self.tokens = saved.tokens
        self.draw_pile = saved.draw_pile
        self.set_aside = saved.set_aside
        self.face_up = saved.face_up
        self.shown = saved.shown
        self.known = saved.known
        self.ruled_out = saved.ruled_out
        self.taught = saved.taught
        self.tied = saved.tied
        self.buried = saved.buried

    # -- moving cards --------------------------------------------------------------------

    def draw(self, seat: int, by: Card | None = None) -> Card:
        """``seat`` takes the top card of the draw pile (for the effect of ``by``, if any).

        Whoever had buried that card there (a Chancellor's return) knows now who holds it.
        """
        if not self.draw_pile:
            raise InconsistentStateError("a card was to be drawn from an empty draw pile")
        card = self.draw_pile[0]
        self.draw_pile = self.draw_pile[1:]
        self.hands[seat] += (card,)
        if self.buried:
            self._unbury(seat, card)
        if self.events is not None:
            self.events.append(
                CardDrawn(player=self.names[seat], card=card, source=DrawSource.PILE, by=by)
            )
        return card

    def take_set_aside(self, seat: int) -> Card:
        """``seat`` takes the face-down set-aside card (LL19-PRINCE-EMPTY-DECK)."""
        card = self.set_aside
        if card is None:
            # LL19-Q04: the pile is empty only after the turn that emptied it, so a
            # second Prince can never need the set-aside card.
            raise InconsistentStateError("the set-aside card was needed twice in a round")
        self.set_aside = None
        self.hands[seat] += (card,)
        if self.events is not None:
            self.events.append(
                CardDrawn(
                    player=self.names[seat],
                    card=card,
                    source=DrawSource.SET_ASIDE,
                    by=Card.PRINCE,
                )
            )
        return card

    def discard(self, seat: int, card: Card) -> None:
        """``seat`` puts ``card`` from their hand face up in front of them."""
        hand = self.hands[seat]
        index = hand.index(card)
        self.hands[seat] = hand[:index] + hand[index + 1 :]
        self.discards[seat] += (card,)

    def play(self, seat: int, card: Card) -> None:
        """``seat`` plays ``card``: it goes face up, and everyone sees it.

        What was known of it is known no more (:meth:`forget`, the card's kind), and a
        card that gives way to another (LL19-COUNTESS-FORCED) shows that one was not held
        with it.
        """
        self.discard(seat, card)
        self.forget(seat, card)
        if card.gives_way_to:
            self.rule_out(seat, self.table.edition.given_way_to(card))

    def put_under(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` puts ``cards`` from their hand under the pile, the last one lowest.

        They know those cards are there (:class:`~loveletter.state.Buried`).
        """
        hand = list(self.hands[seat])
        for card in cards:
            hand.remove(card)
        self.hands[seat] = tuple(hand)
        self.draw_pile += cards
        mine = [fact for fact in self.buried if fact[0] == seat]
        others = [
            (viewer, theirs, under + len(cards))
            for viewer, theirs, under in self.buried
            if viewer != seat
        ]
        if mine and mine[0][2] == 0:  # their earlier cards lie right on these
            cards = (*mine[0][1], *cards)
        self.buried = (*others, (seat, cards, 0))

    def _unbury(self, seat: int, card: Card) -> None:
        """``seat`` drew ``card``, the top of the pile: whoever buried it knows now."""
        pile_size = len(self.draw_pile) + 1
        if all(pile_size != len(cards) + under for _, cards, under in self.buried):
            return  # a card from above every buried one
        kept: list[SeatBuried] = []
        for viewer, cards, under in self.buried:
            if cards and pile_size == len(cards) + under:  # the top of these was drawn
                if viewer != seat:
                    self.learn(viewer, seat, card)
                if len(cards) > 1:
                    kept.append((viewer, cards[1:], under))
            else:
                kept.append((viewer, cards, under))
        self.buried = tuple(kept)

    def knock_out(self, seat: int, cause: KnockOutCause) -> None:
        """Knock ``seat`` out of the round (LL19-KO-DISCARD, LL19-KO-SKIP-TURNS).

        Their hand goes face up in front of them, without its effect; they take no more
        turns this round and cannot be chosen; what was known of their hand is gone.
        """
        hand = self.hands[seat]
        self.hands[seat] = ()
        self.discards[seat] += hand
        self.out = replaced(self.out, seat, True)
        self.forget(seat)
        if self.protected[seat]:
            self.set_protected(seat, False)
        if self.events is not None:
            self.events.append(
                PlayerKnockedOut(player=self.names[seat], cause=cause, discarded=hand)
            )

    def set_protected(self, seat: int, value: bool) -> None:
        """Protect ``seat``, or end their protection."""
        self.protected = replaced(self.protected, seat, value)

    def set_spied(self, seat: int) -> None:
        """Record that ``seat`` played or discarded a Spy this round."""
        self.spied = replaced(self.spied, seat, True)

    def choose_pending(self) -> None:
        """The effect waits for its player's choice (a Chancellor's)."""
        self.phase = Phase.CHOOSE

    # -- what players know ----------------------------------------------------------------

    def show(self, viewer: int, owner: int, card: Card, by: Card | None) -> None:
        """The referee showed ``viewer`` (-1: everyone) ``owner``'s ``card``."""
        self.shown += ((viewer, owner, card, by),)

    def learn(self, viewer: int, owner: int, card: Card) -> None:
        """``viewer`` (-1: everyone) now knows that ``owner`` holds ``card``."""
        self.taught += 1
        others = [fact for fact in self.known[owner] if fact[1] != viewer]
        self.known = replaced(self.known, owner, (*others, (self.taught, viewer, card)))

    def forget(self, owner: int, card: Card | None = None) -> None:
        """What was known of ``owner``'s hand is known no more.

        With ``card``, the owner played a card of that kind: what was known of their other
        card stays (a card known held, unless of that kind; what a card was ruled out to
        be, if the card played is one of those: it was the one just drawn).
        """
        known, ruled = self.known[owner], self.ruled_out[owner]
        if known:
            kept = () if card is None else tuple([fact for fact in known if fact[2] is not card])
            self.known = replaced(self.known, owner, kept)
        if ruled:
            still = () if card is None else tuple([fact for fact in ruled if card in fact[1]])
            self.ruled_out = replaced(self.ruled_out, owner, still)
        if self.tied:
            self.tied = tuple([pair for pair in self.tied if owner not in pair])

    def rule_out(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Everyone knows now that ``seat``'s card is none of ``cards``."""
        self.taught += 1
        facts = self.ruled_out[seat]
        merged = tuple(dict.fromkeys((*(facts[0][1] if facts else ()), *cards)))
        self.ruled_out = replaced(self.ruled_out, seat, ((self.taught, merged),))

    def tie(self, one: int, other: int) -> None:
        """Everyone knows now that ``one`` and ``other`` hold cards of the same value."""
        self.tied += ((one, other),)

    def trade_known(self, one: int, other: int) -> None:
        """The two hands were traded: what was known of each is now known of the other.

        What each knew of the hand they receive, they now know of their own: it goes.
        """
        known = list(self.known)
        known[one], known[other] = (
            tuple([fact for fact in self.known[other] if fact[1] != one]),
            tuple([fact for fact in self.known[one] if fact[1] != other]),
        )
        self.known = tuple(known)
        ruled_out = list(self.ruled_out)
        ruled_out[one], ruled_out[other] = ruled_out[other], ruled_out[one]
        self.ruled_out = tuple(ruled_out)
        if self.tied:
            moved = {one: other, other: one}
            self.tied = tuple([(moved.get(a, a), moved.get(b, b)) for a, b in self.tied])


class Savepoint:
    """A table in motion's values at one moment (see :meth:`Motion.restore`).

    A game keeps one before each command it applies (:class:`loveletter.referee.Game`), to
    take the command back at once. The table's values are immutable, so this holds them
    (and copies of the two lists that hold some).
    """

    __slots__ = (
        "buried",
        "discards",
        "draw_pile",
        "face_up",
        "first",
        "hands",
        "known",
        "out",
        "outcome",
        "phase",
        "protected",
        "redeals",
        "round_number",
        "ruled_out",
        "set_aside",
        "shown",
        "spied",
        "taught",
        "tied",
        "to_act",
        "tokens",
    )

    def __init__(self, table: Motion) -> None:
        """Keep the values ``table`` holds now."""
        self.round_number = table.round_number
        self.phase = table.phase
        self.to_act = table.to_act
        self.first = table.first
        self.redeals = table.redeals
        self.outcome = table.outcome
        self.hands = table.hands[:]
        self.discards = table.discards[:]
        self.out = table.out
        self.protected = table.protected
        self.spied = table.spied
        self.tokens = table.tokens
        self.draw_pile = table.draw_pile
        self.set_aside = table.set_aside
        self.face_up = table.face_up
        self.shown = table.shown
        self.known = table.known
        self.ruled_out = table.ruled_out
        self.taught = table.taught
        self.tied = table.tied
        self.buried = table.buried
