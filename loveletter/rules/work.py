"""The table in motion: the mutable form of a state, that the rules move cards in.

States are frozen. The rules work on a :class:`Work`: a mutable table with the same
fields (:class:`~loveletter.state.StateFields`, declared once), which they change in
place and which :meth:`Work.freeze` turns back into a state.
:func:`loveletter.rules.engine.apply` makes a Work from a state, applies one command and
freezes the result; a :class:`~loveletter.referee.Game` keeps one Work alive from command
to command and freezes a state only when one is asked for.

What players know (the state's ``shown``, ``known``, ``ruled_out`` and ``tied``) is read
by no rule, only by views, bots and stored states: the rules note each change as it
happens (:meth:`Work.learn`, :meth:`Work.forget`, ...), and the notes are worked through
when a state is made (:meth:`Work.settle`), in the order they were made. A simulation
on the fast path, which seldom asks for a state, seldom pays for them.
"""

from __future__ import annotations

from typing import Any

import attrs

from loveletter._records import builder, interned
from loveletter.cards import Card
from loveletter.errors import InconsistentStateError
from loveletter.events import CardDrawn, DrawSource, Event, KnockOutCause, PlayerKnockedOut
from loveletter.rules.chance import Chance
from loveletter.state import (
    Buried,
    Known,
    Phase,
    RuledOut,
    Shown,
    State,
    StateFields,
    Tied,
    blocked_seats,
)

card_drawn = interned(CardDrawn)
"""A ``CardDrawn`` from its fields, built once (shared by every draw of the rules)."""
_shown = builder(Shown)
_knocked_out = interned(PlayerKnockedOut)
_known = builder(Known)
_ruled_out = builder(RuledOut)
_tied = builder(Tied)
_buried = builder(Buried)
_PILE = DrawSource.PILE


_Note = tuple[Any, ...]
"""A change to what players know: the method that makes it, then its arguments."""

_FIELDS = tuple(field.name for field in attrs.fields(StateFields))
_HELD = {field.name: field.metadata["in_motion"] for field in attrs.fields(StateFields)}
"""How the table in motion holds each field of a state (see ``StateFields``' fields)."""


_SHAPES = {
    "": ("{}", "{}", "{}"),
    "list": ("tuple({})", "list({})", "{}[:]"),
    "lists": (
        "tuple(map(tuple, {}))",
        "[list(items) for items in {}]",
        "[items[:] for items in {}]",
    ),
    "pile": ("tuple({}[::-1])", "list({}[::-1])", "{}[:]"),
}
"""For each way the table in motion holds a field (its ``in_motion``): the expression of
the state's value from the table's, of the table's from the state's, and of a copy."""


def _attribute(name: str) -> str:
    """The table in motion's attribute for the state's field ``name``."""
    return "pile" if _HELD[name] == "pile" else name


def _frozen(name: str) -> str:
    """The expression of a state's field ``name``, from the table in motion ``w``."""
    return _SHAPES[_HELD[name]][0].format(f"w.{_attribute(name)}")


def _moving(name: str, value: str) -> str:
    """The statement setting ``w``'s field ``name`` from ``value`` (as a state holds it)."""
    return f"    w.{_attribute(name)} = {_SHAPES[_HELD[name]][1].format(value)}\n"


def _compile(name: str, body: str) -> Any:
    """A function made from ``body``, whose names are the fields of a state."""
    scope: dict[str, Any] = {"make_state": builder(State)}
    exec(body, scope)
    return scope[name]


_freeze = _compile(
    "freeze",
    "def freeze(w):\n    return make_state(" + ", ".join(map(_frozen, _FIELDS)) + ")\n",
)
"""The state a table in motion is in: every field, in order, as a state holds it."""

_load = _compile(
    "load", "def load(w, s):\n" + "".join(_moving(name, f"s.{name}") for name in _FIELDS)
)
"""Set a table in motion's every field from a state's (held as the table holds them)."""

_savepoint = _compile(
    "savepoint",
    "def savepoint(w):\n    return ("
    + ", ".join(map(_frozen, _FIELDS))
    + ", w.alive, w.blocked, w.notes, len(w.notes))\n",
)
_restore = _compile(
    "restore",
    "def restore(w, saved):\n    "
    + ", ".join(_FIELDS)
    + ", w.alive, w.blocked, notes, noted = saved\n"
    + "".join(_moving(name, name) for name in _FIELDS)
    + "    w.notes = notes[:noted]\n",
)
"""A table's every field (its count of players still in, and its notes), and putting them
back. A savepoint holds the notes' list and their count: a list of notes is only ever added
to while it is the table's, and never changed once another takes its place, so its first
``noted`` notes stay as they were."""


def _copied(name: str) -> str:
    """The statement that sets copy ``c``'s field ``name`` from the table in motion ``w``."""
    attribute = _attribute(name)
    return f"    c.{attribute} = {_SHAPES[_HELD[name]][2].format(f'w.{attribute}')}\n"


_copy = _compile(
    "copy",
    "def copy(w, c):\n"
    + "".join(map(_copied, _FIELDS))
    + "".join(f"    c.{name} = w.{name}\n" for name in ("alive", "blocked", "auto_draw"))
    + "".join(f"    c.{name} = w.{name}\n" for name in ("names", "seats")),
)
"""Set a new table's every field from a table in motion's, its lists copied."""


class Work(StateFields):
    """A mutable table: a state's fields, and the events of the command being applied.

    Its fields are :class:`~loveletter.state.StateFields`, declared once, held as their
    ``in_motion`` says: the hands are lists of cards; the discards, and the flags of who
    is out, protected or spied, are lists; the draw pile is ``pile``, a list whose end is
    its top. ``events`` is a list while events are recorded, ``None`` when they are not.
    """

    __slots__ = (
        "alive",
        "auto_draw",
        "blocked",
        "chance",
        "events",
        "names",
        "notes",
        "pile",
        "seats",
    )
    hands: list[list[Card]]  # type: ignore[assignment]
    discards: list[tuple[Card, ...]]  # type: ignore[assignment]
    out: list[bool]  # type: ignore[assignment]
    protected: list[bool]  # type: ignore[assignment]
    spied: list[bool]  # type: ignore[assignment]
    pile: list[Card]
    """The draw pile, its top card last (a state's ``draw_pile`` the other way round)."""

    def __init__(self, state: State, *, record: bool = True) -> None:
        _load(self, state)
        self.names = state.table.players
        self.seats = state.table.seats
        self.auto_draw = state.table.auto_draw
        self.alive = state.out.count(False)
        self.blocked = blocked_seats(state.out, state.protected)
        """The seats no card may choose (out or protected), a bit each: ``1 << seat``."""
        self.events: list[Event] | None = [] if record else None
        self.chance: Chance | None = None
        """The game's generator of deals, made when the first is needed (not copied)."""
        self.notes: list[_Note] = []
        """What players learned or forgot since the knowledge fields were last brought up
        to date, in order (see :meth:`settle`)."""

    def copy(self) -> Work:
        """An independent copy (the in-motion lists are copied; the rest is immutable).

        What players learned is worked out first (:meth:`settle`), once for this table
        and every copy of it, rather than again in each copy.
        """
        if self.notes:
            self.settle()
        other = Work.__new__(Work)
        _copy(self, other)
        other.notes = []
        other.events = None if self.events is None else []
        other.chance = None
        return other

    def savepoint(self) -> tuple[object, ...]:
        """Everything :meth:`restore` needs to put this table back as it is now.

        The events being recorded are not part of the table: they stay as they are.
        """
        saved: tuple[object, ...] = _savepoint(self)
        return saved

    def restore(self, saved: tuple[object, ...]) -> None:
        """Put the table back as it was at ``saved`` (a :meth:`savepoint`)."""
        _restore(self, saved)

    def __getstate__(self) -> dict[str, Any]:
        """What pickling and copying keep: every attribute (the pile as ``pile``).

        The generator of deals is left out, to be made again when the next deal needs it
        (it draws the same: see :mod:`loveletter.rules.chance`).
        """
        kept = {name: getattr(self, name) for name in _KEPT}
        kept["chance"] = None
        return kept

    def __setstate__(self, kept: dict[str, Any]) -> None:
        for name, value in kept.items():
            setattr(self, name, value)

    @property
    def draw_pile(self) -> tuple[Card, ...]:  # type: ignore[override]
        """The draw pile, top card first, as a state holds it."""
        return tuple(self.pile[::-1])

    def freeze(self) -> State:
        """The state this table is in."""
        if self.notes:
            self.settle()
        state: State = _freeze(self)
        return state

    def settle(self) -> None:
        """Bring what players know (``shown``, ``known``, ``ruled_out``, ``tied``) up to date.

        The rules note what a move shows, teaches or makes forgotten (:meth:`show`,
        :meth:`learn`, :meth:`forget`, :meth:`rule_out`, :meth:`tie`,
        :meth:`trade_known`); no rule reads those fields, so the notes are worked through
        only when a state is made. The list of notes is replaced, never emptied in place
        (a savepoint may hold it).
        """
        notes = self.notes
        self.notes = []
        for note in notes:
            note[0](self, *note[1:])

    # -- small moves shared by several rules -----------------------------------------

    # What players learn is noted as it happens and worked out when a state is made
    # (see settle): each of these notes one change, made by its _settle_ twin.

    def rule_out(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Everyone knows now that ``seat``'s card is none of ``cards``."""
        self.notes.append((Work._settle_rule_out, seat, cards))

    def tie(self, one: int, other: int) -> None:
        """Everyone knows now that ``one`` and ``other`` hold cards of the same value."""
        self.notes.append((Work._settle_tie, one, other))

    def show(self, viewer: int, owner: int, card: Card, by: Card | None) -> None:
        """Record that the referee showed ``viewer`` (-1: everyone) a card of ``owner``'s."""
        self.notes.append((Work._settle_show, viewer, owner, card, by))

    def learn(self, viewer: int, owner: int, card: Card) -> None:
        """``viewer`` (-1: everyone) now knows that ``owner`` holds ``card``."""
        self.notes.append((Work._settle_learn, viewer, owner, card))

    def forget(self, owner: int, card: Card | None = None) -> None:
        """What was known of ``owner``'s hand is known no more.

        With ``card``, the owner played a card of that kind: what was known of their other
        card stays.
        """
        self.notes.append((Work._settle_forget, owner, card))

    def trade_known(self, one: int, other: int) -> None:
        """The two hands were traded: what was known of each is now known of the other."""
        self.notes.append((Work._settle_trade_known, one, other))

    def draw(self, seat: int, by: Card | None = None) -> Card:
        """``seat`` takes the top card of the draw pile (for the effect of ``by``, if any)."""
        pile = self.pile
        if not pile:
            raise InconsistentStateError("a card was to be drawn from an empty draw pile")
        card = pile.pop()
        self.hands[seat].append(card)
        if self.buried:
            self.unbury(seat, card, len(pile) + 1)
        events = self.events
        if events is not None:
            events.append(card_drawn(self.names[seat], card, _PILE, by))
        return card

    def unbury(self, seat: int, card: Card, pile_size: int) -> None:
        """``seat`` drew ``card`` off a pile of ``pile_size``.

        Whoever had buried it there (a Chancellor's return) knows now that ``seat`` holds it.
        """
        for fact in self.buried:
            if pile_size == len(fact.cards) + fact.under:
                break
        else:
            return  # the most common case: a card from above every buried one
        names = self.names
        kept = []
        for fact in self.buried:
            if fact.cards and pile_size == len(fact.cards) + fact.under:
                if fact.viewer != names[seat]:
                    self.learn(names.index(fact.viewer), seat, card)
                if len(fact.cards) > 1:
                    kept.append(_buried(fact.viewer, fact.cards[1:], fact.under))
            else:
                kept.append(fact)
        self.buried = tuple(kept)

    def bury(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` put ``cards`` under the pile, the last one lowest (a Chancellor's return)."""
        name = self.names[seat]
        mine = [fact for fact in self.buried if fact.viewer == name]
        others = [
            _buried(fact.viewer, fact.cards, fact.under + len(cards))
            for fact in self.buried
            if fact.viewer != name
        ]
        if mine and mine[0].under == 0:  # their earlier cards lie right on these
            cards = (*mine[0].cards, *cards)
        self.buried = (*others, _buried(name, cards, 0))

    def _settle_rule_out(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Everyone knows now that ``seat``'s card is none of ``cards``."""
        name = self.names[seat]
        before = next((fact.cards for fact in self.ruled_out if fact.owner == name), ())
        merged = tuple(dict.fromkeys((*before, *cards)))
        others = [fact for fact in self.ruled_out if fact.owner != name]
        self.ruled_out = (*others, _ruled_out(name, merged))

    def _settle_tie(self, one: int, other: int) -> None:
        """Everyone knows now that ``one`` and ``other`` hold cards of the same value."""
        self.tied += (_tied(self.names[one], self.names[other]),)

    def take_set_aside(self, seat: int) -> Card:
        """``seat`` takes the face-down set-aside card (LL19-PRINCE-EMPTY-DECK)."""
        card = self.set_aside
        if card is None:
            # LL19-Q04: the pile is empty only after the turn that emptied it, so a
            # second Prince can never need the set-aside card.
            raise InconsistentStateError("the set-aside card was needed twice in a round")
        self.set_aside = None
        self.hands[seat].append(card)
        if self.events is not None:
            self.events.append(
                card_drawn(self.names[seat], card, DrawSource.SET_ASIDE, Card.PRINCE)
            )
        return card

    def knock_out(self, seat: int, cause: KnockOutCause) -> None:
        """Knock ``seat`` out of the round (LL19-KO-DISCARD, LL19-KO-SKIP-TURNS).

        Their hand goes face up in front of them, without its effect; they take no more
        turns this round and cannot be chosen; what was known of their hand is gone.
        """
        hand = tuple(self.hands[seat])
        self.hands[seat] = []
        self.discards[seat] += hand
        self.out[seat] = True
        self.blocked |= 1 << seat
        self.alive -= 1
        self.forget(seat)
        if self.protected[seat]:
            self.set_protected(seat, False)
        if self.events is not None:
            self.events.append(_knocked_out(self.names[seat], cause, hand))

    def choose_pending(self) -> None:
        """The effect waits for its player's choice (a Chancellor's)."""
        self.phase = Phase.CHOOSE

    def set_protected(self, seat: int, value: bool) -> None:
        """Protect ``seat``, or end their protection."""
        self.protected[seat] = value
        if value:
            self.blocked |= 1 << seat
        elif not self.out[seat]:
            self.blocked &= ~(1 << seat)

    def set_spied(self, seat: int) -> None:
        """Record that ``seat`` played or discarded a Spy this round."""
        self.spied[seat] = True

    def _settle_show(self, viewer: int, owner: int, card: Card, by: Card | None) -> None:
        """Record that the referee showed ``viewer`` (-1: everyone) a card of ``owner``'s."""
        names = self.names
        self.shown += (_shown(names[viewer] if viewer >= 0 else None, names[owner], card, by),)

    def _settle_learn(self, viewer: int, owner: int, card: Card) -> None:
        """``viewer`` (-1: everyone) now knows that ``owner`` holds ``card``."""
        names = self.names
        who = names[viewer] if viewer >= 0 else None
        owner_name = names[owner]
        kept = [k for k in self.known if not (k.owner == owner_name and k.viewer == who)]
        self.known = (*kept, _known(who, owner_name, card))

    def _settle_forget(self, owner: int, card: Card | None = None) -> None:
        """What was known of ``owner``'s hand is known no more.

        With ``card``, the owner played a card of that kind: what was known of their other
        card stays (a card known held, unless of that kind; what a card was ruled out to be,
        if the card played is one of those: it was the one just drawn).
        """
        name = self.names[owner]
        if self.known:
            self.known = tuple(
                [k for k in self.known if k.owner != name or (card is not None and k.card != card)]
            )
        if self.ruled_out:
            self.ruled_out = tuple(
                [
                    f
                    for f in self.ruled_out
                    if f.owner != name or (card is not None and card in f.cards)
                ]
            )
        if self.tied:
            self.tied = tuple([t for t in self.tied if name not in (t.one, t.other)])

    def _settle_played(self, owner: int, card: Card) -> None:
        """``owner`` played ``card``: what was known of it is forgotten.

        If another card would have had to be played instead (a King or Prince gives way to
        the Countess), everyone knows now that none was held with it.
        """
        self._settle_forget(owner, card)
        forced = self.table.edition.forced_when_playing.get(card)
        if forced:
            self._settle_rule_out(owner, forced)

    def _settle_trade_known(self, one: int, other: int) -> None:
        """The two hands were traded: what was known of each is now known of the other."""
        names = self.names
        moved = {names[one]: names[other], names[other]: names[one]}
        if self.known:
            known = [_known(k.viewer, moved.get(k.owner, k.owner), k.card) for k in self.known]
            self.known = tuple([k for k in known if k.viewer != k.owner])
        if self.ruled_out:
            self.ruled_out = tuple(
                [_ruled_out(moved.get(f.owner, f.owner), f.cards) for f in self.ruled_out]
            )
        if self.tied:
            self.tied = tuple(
                [_tied(moved.get(t.one, t.one), moved.get(t.other, t.other)) for t in self.tied]
            )


_KEPT = tuple(name for name in (*_FIELDS, *Work.__slots__) if name != "draw_pile")
"""The attributes of a table in motion (the draw pile is held as ``pile``)."""
