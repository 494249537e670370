"""The legal commands of a position, as a lazy sequence.

:class:`LegalCommands` lists exactly what may be done now: every card the player to act
may play with every target and every Guard guess, every Chancellor keep/return order,
the draw, or the next round's deal. It is a :class:`~collections.abc.Sequence`: ``len``
is computed without building the commands, indexing builds only the one asked for (so
``random.choice(legal)`` builds one command), and ``in`` compares with what is listed.
It is a value: computed once, from the position it was made for.

Between rounds it lists the one :class:`~loveletter.commands.Deal` the referee makes:
no layout (the referee shuffles) and no ``first`` (the last round's winner starts; after
a tie the referee draws the starter among the tied winners, LL19-Q12). A ``Deal`` with an
explicit layout, or naming the single winner, is also accepted, but is not listed.

How it stays cheap: during a turn the legal plays depend only on the edition, the
players, who is to act, what they hold, and who is out or protected. :func:`legal_commands`
works out a *plan* once for each such combination and shares it: a plain tuple of names
and card numbers, which the garbage collector does not need to track however many are
kept. Commands are values too, so each play is built once and shared
(:func:`play_command`).
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import permutations
from typing import Any, overload

from loveletter._records import builder
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.editions import Edition, Targeting
from loveletter.state import Phase, Position, Table

__all__ = ["LegalCommands", "legal_commands", "play_command"]

_NONE, _ANY = Targeting.NONE, Targeting.ANY
_GUARD, _COUNTESS = Card.GUARD, Card.COUNTESS
_PLAY, _CHOOSE, _ROUND_OVER = Phase.PLAY, Phase.CHOOSE, Phase.ROUND_OVER

_KINDS: tuple[Card, ...] = tuple(Card)
"""Cards by number."""
_CARDS: tuple[Card | None, ...] = (*Card, None)
"""Cards by number, for guesses: the last number (-1) stands for no guess."""
_NUMBER: dict[Card | None, int] = {card: number for number, card in enumerate(Card)}
_NUMBER[None] = -1
_NO_GUESS = (-1,)
_NO_TARGET: tuple[str | None, ...] = (None,)

_Segment = tuple[int, tuple[str | None, ...], tuple[int, ...], int, int]
"""A card's number, its targets, its guesses' numbers, the number of guesses, and the
number of plays (targets times guesses)."""
_Plan = tuple[str, tuple[_Segment, ...], int]
"""The player to act, their segments, and the number of plays in all."""

_deal = builder(Deal)
_choose = builder(Choose)

_PLAYS: dict[tuple[str, Card, str | None, Card | None], Play] = {}
_PLAYS_KEPT = 1 << 16


def play_command(player: str, card: Card, target: str | None, guess: Card | None) -> Play:
    """The :class:`~loveletter.commands.Play` with these fields, built once and shared.

    Commands are immutable values, so one object can stand for every equal command. The
    memo holds at most 65,536 of them and starts afresh when full.
    """
    key = (player, card, target, guess)
    command = _PLAYS.get(key)
    if command is None:
        if len(_PLAYS) >= _PLAYS_KEPT:
            _PLAYS.clear()
        command = _PLAYS[key] = Play(player=player, card=card, target=target, guess=guess)
    return command


class LegalCommands(Sequence[Command]):
    """Every command the rules allow in a position, in a fixed order.

    Plays come card by card in hand order, then target by target in seat order, then
    guess by guess in order of value.
    """

    __slots__ = ("_given", "_items", "_length", "_plan")

    def __init__(self, position: Position, *, plan: _Plan | None = None) -> None:
        self._given: Command | None = None
        phase = position.phase
        if phase is _PLAY:
            self._plan: _Plan | None = plan or _plan(position)
            self._items: tuple[Command, ...] | None = None
            self._length = self._plan[2]
            return
        self._plan = None
        if phase is Phase.DRAW:
            items: tuple[Command, ...] = (Draw(player=position.table.players[position.to_act]),)
        elif phase is _CHOOSE:
            items = _choices(position)
        elif phase is _ROUND_OVER and position.outcome is not None:
            items = (_deal(None, None),)
        else:
            items = ()
        self._items = items
        self._length = len(items)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Command: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Command]: ...

    def __getitem__(self, index: int | slice) -> Command | Sequence[Command]:
        if type(index) is not int:
            if isinstance(index, slice):
                return tuple(self[i] for i in range(*index.indices(self._length)))
            index = operator.index(index)
        plan = self._plan
        if plan is None:
            return self._items[index]  # type: ignore[index]
        if index < 0:
            index += self._length
        if index >= 0:
            for card, targets, guesses, count, size in plan[1]:
                if index < size:
                    given = self._given = play_command(
                        plan[0],
                        _KINDS[card],
                        targets[index // count],
                        _CARDS[guesses[index % count]],
                    )
                    return given
                index -= size
        raise IndexError("legal command index out of range")

    def __iter__(self) -> Iterator[Command]:
        plan = self._plan
        if plan is None:
            yield from self._items  # type: ignore[misc]
            return
        player = plan[0]
        for card, targets, guesses, _, _ in plan[1]:
            for target in targets:
                for guess in guesses:
                    yield play_command(player, _KINDS[card], target, _CARDS[guess])

    def __contains__(self, command: object) -> bool:
        if command is self._given:
            # The play this list handed out last (random play asks for exactly that).
            return True
        plan = self._plan
        if plan is None:
            return command in self._items  # type: ignore[operator]
        if not isinstance(command, Play) or command.player != plan[0]:
            return False
        number = _NUMBER[command.card]
        for card, targets, guesses, _, _ in plan[1]:
            if card == number:
                return command.target in targets and _NUMBER[command.guess] in guesses
        return False

    def __repr__(self) -> str:
        return f"LegalCommands({list(self)!r})"


def _plan(position: Position) -> _Plan:
    """What the player to act may play: a segment per card they may play."""
    table = position.table
    edition = table.edition
    seat = position.to_act
    names = table.players
    player = names[seat]
    hand = position.hands[seat]
    first, second = hand
    cards = (first,) if first is second else hand
    if _COUNTESS in hand and not edition.countess_forced_by.isdisjoint(hand):
        cards = (_COUNTESS,)
    targeting = edition.targeting
    others: tuple[str, ...] | None = None
    segments: list[_Segment] = []
    length = 0
    for card in cards:
        number = _NUMBER[card]
        aim = targeting[card]
        if aim is _NONE:
            segments.append((number, _NO_TARGET, _NO_GUESS, 1, 1))
            length += 1
            continue
        if others is None:
            others = _others(table, seat, position.out, position.protected)
        if aim is _ANY:
            targets = tuple([n for n in names if n == player or n in others])
            segments.append((number, targets, _NO_GUESS, 1, len(targets)))
            length += len(targets)
        elif not others:
            segments.append((number, _NO_TARGET, _NO_GUESS, 1, 1))
            length += 1
        elif card is _GUARD:
            guesses = _guesses(edition)
            size = len(others) * len(guesses)
            segments.append((number, others, guesses, len(guesses), size))
            length += size
        else:
            segments.append((number, others, _NO_GUESS, 1, len(others)))
            length += len(others)
    return (player, tuple(segments), length)


_GUESSES: dict[Edition, tuple[int, ...]] = {}


def _guesses(edition: Edition) -> tuple[int, ...]:
    found = _GUESSES.get(edition)
    if found is None:
        found = _GUESSES[edition] = tuple(_NUMBER[card] for card in edition.guesses)
    return found


_new = object.__new__
_SLOTS: dict[str, Any] = dict(vars(LegalCommands))
_set_plan = _SLOTS["_plan"].__set__
_set_items = _SLOTS["_items"].__set__
_set_length = _SLOTS["_length"].__set__
_set_given = _SLOTS["_given"].__set__
_PLAYS_OF: dict[tuple[object, ...], LegalCommands] = {}
_PLAYS_OF_KEPT = 1 << 16
_EDITIONS: dict[Edition, int] = {}
_MEMO: dict[tuple[object, ...], LegalCommands] = {}
_MEMO_KEPT = 1 << 12


def legal_commands(position: Position) -> LegalCommands:
    """The legal commands of ``position``, worked out once for all alike positions.

    During a turn the legal plays depend only on the edition, the players, who is to act,
    what they hold, and who is out or protected: positions that agree on these share one
    :class:`LegalCommands`, whose plan is a plain tuple the garbage collector does not
    track (the memo keeps at most 65,536 and starts afresh when full). A Chancellor's
    choice and the deals between rounds are shared the same way, in a smaller memo.
    """
    table = position.table
    phase = position.phase
    seat = position.to_act
    if phase is _PLAY:
        edition = table.edition
        number = _EDITIONS.get(edition)
        if number is None:
            number = _EDITIONS[edition] = len(_EDITIONS)
        first, second = position.hands[seat]
        key: tuple[object, ...] = (
            number,
            table.players,
            seat,
            _NUMBER[first],
            _NUMBER[second],
            position.out,
            position.protected,
        )
        legal = _PLAYS_OF.get(key)
        if legal is None:
            if len(_PLAYS_OF) >= _PLAYS_OF_KEPT:
                _PLAYS_OF.clear()
            plan = _plan(position)
            legal = _new(LegalCommands)
            _set_plan(legal, plan)
            _set_items(legal, None)
            _set_given(legal, None)
            _set_length(legal, plan[2])
            _PLAYS_OF[key] = legal
        return legal
    if phase is _CHOOSE:
        key = (phase, table.players, seat, *position.hands[seat])
    elif phase is _ROUND_OVER and position.outcome is not None:
        key = (phase,)
    else:
        return LegalCommands(position)
    shared = _MEMO.get(key)
    if shared is None:
        if len(_MEMO) >= _MEMO_KEPT:
            _MEMO.clear()
        shared = _MEMO[key] = LegalCommands(position)
    return shared


def _others(
    table: Table, seat: int, out: tuple[bool, ...], protected: tuple[bool, ...]
) -> tuple[str, ...]:
    """The players ``seat``'s card may choose besides its own: still in, not protected."""
    key = (seat, out, protected)
    found = table.choosable.get(key)
    if found is None:
        names = table.players
        found = table.choosable[key] = tuple(
            [names[s] for s in range(len(out)) if not (s == seat or out[s] or protected[s])]
        )
    return found


def _choices(position: Position) -> tuple[Command, ...]:
    player = position.table.players[position.to_act]
    hand = position.hands[position.to_act]
    seen: dict[tuple[Card, tuple[Card, ...]], None] = {}
    for index, keep in enumerate(hand):
        rest = hand[:index] + hand[index + 1 :]
        for order in permutations(rest):
            seen.setdefault((keep, order), None)
    return tuple(_choose(player, keep, order) for keep, order in seen)
