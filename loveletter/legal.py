"""The legal commands of a position, as a lazy sequence.

:class:`LegalCommands` lists exactly what may be done now: every card the player to act
may play with every target and every Guard guess, every Chancellor keep/return order,
the draw, or the next round's deal. It is a :class:`~collections.abc.Sequence`: ``len``
is computed without building the commands, indexing builds only the one asked for (so
``random.choice(legal)`` builds one command), and ``in`` compares with what is listed.
It is a value: computed once, from the position it was made for.

Between rounds it lists one :class:`~loveletter.commands.Deal` per player who may start
the next round, without a layout (the referee shuffles). A ``Deal`` with an explicit
layout, or with no ``first``, is also accepted when the rules allow it, but is not listed.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator, Sequence
from itertools import permutations
from typing import overload

from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.editions import Targeting
from loveletter.state import Phase, Position, Table

__all__ = ["LegalCommands"]

_Segment = tuple[Card, tuple[str | None, ...], tuple[Card | None, ...], int, int]
"""A card, its targets, its guesses, the number of guesses, and the number of plays."""
_NO_TARGET: tuple[str | None, ...] = (None,)
_NO_GUESS: tuple[Card | None, ...] = (None,)
_NONE, _ANY = Targeting.NONE, Targeting.ANY
_GUARD, _COUNTESS = Card.GUARD, Card.COUNTESS
_PLAY = Phase.PLAY

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
    guess by guess in order of value. A segment is a card with its targets and guesses;
    the plays are their products, built only when asked for.
    """

    __slots__ = ("_items", "_length", "_player", "_segments")

    def __init__(self, position: Position) -> None:
        phase = position.phase
        if phase is _PLAY:
            self._items: tuple[Command, ...] | None = None
            self._plays(position)
            return
        self._player = ""
        self._segments: tuple[_Segment, ...] = ()
        if phase is Phase.DRAW:
            items: tuple[Command, ...] = (Draw(player=position.table.players[position.to_act]),)
        elif phase is Phase.CHOOSE:
            items = _choices(position)
        elif phase is Phase.ROUND_OVER and position.outcome is not None:
            names = position.table.players
            items = tuple(Deal(first=names[seat]) for seat in position.outcome.winners)
        else:
            items = ()
        self._items = items
        self._length = len(items)

    def _plays(self, position: Position) -> None:
        table = position.table
        edition = table.edition
        seat = position.to_act
        names = table.players
        self._player = player = names[seat]
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
            aim = targeting[card]
            if aim is _NONE:
                segments.append((card, _NO_TARGET, _NO_GUESS, 1, 1))
                length += 1
                continue
            if others is None:
                others = _others(table, seat, position.out, position.protected)
            if aim is _ANY:
                targets = tuple([n for n in names if n == player or n in others])
                segments.append((card, targets, _NO_GUESS, 1, len(targets)))
                length += len(targets)
            elif not others:
                segments.append((card, _NO_TARGET, _NO_GUESS, 1, 1))
                length += 1
            elif card is _GUARD:
                guesses = edition.guesses
                size = len(others) * len(guesses)
                segments.append((card, others, guesses, len(guesses), size))
                length += size
            else:
                segments.append((card, others, _NO_GUESS, 1, len(others)))
                length += len(others)
        self._segments = tuple(segments)
        self._length = length

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
        if self._items is not None:
            return self._items[index]
        if index < 0:
            index += self._length
        if index >= 0:
            for card, targets, guesses, count, size in self._segments:
                if index < size:
                    return play_command(
                        self._player, card, targets[index // count], guesses[index % count]
                    )
                index -= size
        raise IndexError("legal command index out of range")

    def __iter__(self) -> Iterator[Command]:
        if self._items is not None:
            yield from self._items
            return
        player = self._player
        for card, targets, guesses, _, _ in self._segments:
            for target in targets:
                for guess in guesses:
                    yield play_command(player, card, target, guess)

    def __contains__(self, command: object) -> bool:
        if self._items is not None:
            return command in self._items
        if not isinstance(command, Play) or command.player != self._player:
            return False
        for card, targets, guesses, _, _ in self._segments:
            if card is command.card:
                return command.target in targets and command.guess in guesses
        return False

    def __repr__(self) -> str:
        return f"LegalCommands({list(self)!r})"


_MEMO: dict[tuple[object, ...], LegalCommands] = {}
_MEMO_KEPT = 1 << 15


def legal_commands(position: Position) -> LegalCommands:
    """The legal commands of ``position``, shared with every position that has the same.

    During a turn the legal plays depend only on the edition, the players, who is to
    act and what they hold, and who is out or protected: positions that agree on these
    get the same (immutable) :class:`LegalCommands`, worked out once. The memo keeps at
    most 32,768 of them and starts afresh when full.
    """
    if position.phase is not _PLAY:
        return LegalCommands(position)
    table = position.table
    seat = position.to_act
    key = (
        table.edition,
        table.players,
        seat,
        *position.hands[seat],
        position.out,
        position.protected,
    )
    legal = _MEMO.get(key)
    if legal is None:
        if len(_MEMO) >= _MEMO_KEPT:
            _MEMO.clear()
        legal = _MEMO[key] = LegalCommands(position)
    return legal


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
    return tuple(Choose(player=player, keep=keep, returned=order) for keep, order in seen)
