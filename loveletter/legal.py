"""The legal commands of a state, as a lazy sequence.

:class:`LegalCommands` lists exactly what may be done now: every card the player to act
may play with every target and every Guard guess, every Chancellor keep/return order,
the draw, or the next round's deal. It is a :class:`~collections.abc.Sequence`: ``len``
is computed without building the commands, indexing builds only the one asked for (so
``random.choice(legal)`` is cheap), and ``in`` asks the referee rather than searching.

Between rounds it lists one :class:`~loveletter.commands.Deal` per player who may start
the next round, without a layout (the referee shuffles). A ``Deal`` with an explicit
layout, or with no ``first``, is also accepted when the rules allow it, but is not listed.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import permutations
from typing import overload

from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.editions import Targeting
from loveletter.rules import countess
from loveletter.rules.checks import refusal
from loveletter.state import Phase, State

__all__ = ["LegalCommands"]

_Segment = tuple[Card, tuple[str | None, ...], tuple[Card | None, ...]]
_NO_TARGET: tuple[str | None, ...] = (None,)
_NO_GUESS: tuple[Card | None, ...] = (None,)


class LegalCommands(Sequence[Command]):
    """Every command the rules allow in ``state``, in a fixed order."""

    __slots__ = ("_items", "_length", "_player", "_segments", "_state")

    def __init__(self, state: State) -> None:
        self._state = state
        self._items: tuple[Command, ...] | None = None
        self._segments: list[_Segment] = []
        self._player = ""
        phase = state.phase
        if phase is Phase.PLAY:
            self._plays(state)
        elif phase is Phase.DRAW:
            self._items = (Draw(player=state.table.players[state.to_act]),)
        elif phase is Phase.CHOOSE:
            self._items = _choices(state)
        elif phase is Phase.ROUND_OVER:
            self._items = tuple(Deal(first=winner) for winner in state.round_winners)
        else:
            self._items = ()
        self._length = (
            len(self._items)
            if self._items is not None
            else sum(len(targets) * len(guesses) for _, targets, guesses in self._segments)
        )

    def _plays(self, state: State) -> None:
        table = state.table
        edition = table.edition
        seat = state.to_act
        names = table.players
        self._player = names[seat]
        hand = state.hands[seat]
        out, protected = state.out, state.protected
        others: tuple[str | None, ...] | None = None
        for index, card in enumerate(hand):
            if card in hand[:index] or countess.forces(edition, hand, card):
                continue
            targeting = edition.targeting[card]
            if targeting is Targeting.NONE:
                self._segments.append((card, _NO_TARGET, _NO_GUESS))
                continue
            if others is None:
                others = tuple(
                    names[s]
                    for s in range(len(out))
                    if s != seat and not out[s] and not protected[s]
                )
            if targeting is Targeting.ANY:
                targets = tuple(n for n in names if n in others or n == self._player)
                self._segments.append((card, targets, _NO_GUESS))
            elif not others:
                self._segments.append((card, _NO_TARGET, _NO_GUESS))
            elif card is Card.GUARD:
                self._segments.append((card, others, edition.guesses))
            else:
                self._segments.append((card, others, _NO_GUESS))

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Command: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Command]: ...

    def __getitem__(self, index: int | slice) -> Command | Sequence[Command]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._length)))
        if self._items is not None:
            return self._items[index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("legal command index out of range")
        for card, targets, guesses in self._segments:
            size = len(targets) * len(guesses)
            if index < size:
                target, guess = divmod(index, len(guesses))
                return Play(
                    player=self._player, card=card, target=targets[target], guess=guesses[guess]
                )
            index -= size
        raise IndexError("legal command index out of range")  # pragma: no cover

    def __iter__(self) -> Iterator[Command]:
        if self._items is not None:
            yield from self._items
            return
        player = self._player
        for card, targets, guesses in self._segments:
            for target in targets:
                for guess in guesses:
                    yield Play(player=player, card=card, target=target, guess=guess)

    def __contains__(self, command: object) -> bool:
        if isinstance(command, Deal):
            return (
                command.layout is None
                and command.first is not None
                and any(command == item for item in self)
            )
        if not isinstance(command, (Draw, Play, Choose)):
            return False
        return refusal(self._state, command) is None

    def __repr__(self) -> str:
        return f"LegalCommands({list(self)!r})"


def _choices(state: State) -> tuple[Command, ...]:
    player = state.table.players[state.to_act]
    hand = state.hands[state.to_act]
    seen: dict[tuple[Card, tuple[Card, ...]], None] = {}
    for index, keep in enumerate(hand):
        rest = hand[:index] + hand[index + 1 :]
        for order in permutations(rest):
            seen.setdefault((keep, order), None)
    return tuple(Choose(player=player, keep=keep, returned=order) for keep, order in seen)
