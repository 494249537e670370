"""Legal masks, action ids and random actions, read off small tables.

What a seat may do depends on little: the two cards it holds (or the Chancellor's
three), and which other seats its card may choose (still in, not protected), as a set
of seat *offsets* from it, since action ids are relative to the acting seat
(:mod:`loveletter.research.encoding`). Every such situation is a row of a few tables, worked out
once per edition and table size (:class:`Moves`): the legal mask (one flag per action
id), how many actions are legal, and their ids. A table's situation is its row number
(:func:`situation`); the mask of a whole batch is then one gather, a uniformly drawn
legal action two, and checking that an action is legal one.

The rows, from the rules of the built-in cards: a seat holding the Countess with the
King or a Prince plays the Countess (LL19-COUNTESS-FORCED); a card that chooses another
player, with nobody to choose, is played choosing nobody
(LL19-TARGET-ALL-PROTECTED-NO-EFFECT); a Prince may choose its own player
(LL19-PRINCE-SELF); a Guard names any card but the Guard (LL19-GUARD-NOT-GUARD); a
Chancellor keeps one card and returns the others in any order (LL19-CHANCELLOR-ORDER).
"""

from __future__ import annotations

from itertools import permutations

import numpy as np
from numpy.typing import NDArray

from loveletter.cards import Card
from loveletter.commands import Choose, Play
from loveletter.research.batch.layout import CHOOSE, OVER, PLAY, Arrays, Deck, Int, seat_rows
from loveletter.setup import seat_names

__all__ = ["Moves", "moves_of", "situation"]

_NONE = frozenset({Card.SPY, Card.HANDMAID, Card.CHANCELLOR, Card.COUNTESS, Card.PRINCESS})
"""The cards that choose nobody."""
_ANY = frozenset({Card.PRINCE})
"""The cards that choose any player still in, their own included."""


class Moves:
    """Every situation's legal actions, and every action id's meaning, as arrays.

    Rows ``0 .. plays - 1`` are the plays: ``(older * K + newer) * 2**(n-1) + others``,
    where ``others`` has bit ``j - 1`` for each offset ``j`` the cards may choose; then
    the Chancellor's choices, ``plays + (older * K + first) * (K + 1) + second``
    (``second`` is ``K`` when one card was drawn); last, ``over``, the row of a table
    whose game is over (no action; its one "action" is -1).
    """

    def __init__(self, deck: Deck) -> None:
        enc = deck.encoding
        kinds, count = deck.kinds, deck.players
        names = seat_names(deck.most)
        self.actions = enc.num_actions
        play_ids: dict[tuple[int, int, int], int] = {}
        choose_ids: dict[tuple[int, ...], int] = {}
        decoded = np.full((6, enc.num_actions), -1, dtype=np.int64)
        for action in range(enc.num_actions):
            command = enc.command(action, players=names, actor=names[0])
            if isinstance(command, Play):
                offset = names.index(command.target) if command.target is not None else -1
                named = command.guess
                guess = deck.index[named] if isinstance(named, Card) else kinds
                key = (deck.index[command.card], offset, guess)
                play_ids[key] = action
                decoded[0:3, action] = key
            elif isinstance(command, Choose):
                cards = [deck.index[c] for c in (command.keep, *command.returned)]
                cards += [kinds] * (3 - len(cards))
                choose_ids[tuple(cards)] = action
                decoded[3:6, action] = cards
        self.card, self.offset, self.guess = decoded[0], decoded[1], decoded[2]
        """Each id's card played, the offset it chooses (-1: nobody), the card it names."""
        seats = np.arange(count)[:, None]
        self.target = np.where(self.offset < 0, -1, (seats + self.offset) % count).reshape(-1)
        """``target[actor * num_actions + id]``: the seat a play by ``actor`` chooses (-1:
        nobody)."""
        self.keep, self.first, self.second = decoded[3], decoded[4], decoded[5]
        """Each id's Chancellor's card kept, and cards returned (``K``: none)."""
        self.spread = 1 << (count - 1)
        self.plays = kinds * kinds * self.spread
        self.over = self.plays + kinds * kinds * (kinds + 1)
        lists = [
            _plays(deck, play_ids, older, newer, others)
            for older in range(kinds)
            for newer in range(kinds)
            for others in range(self.spread)
        ]
        lists += [
            _choices(choose_ids, (older, first, second), kinds)
            for older in range(kinds)
            for first in range(kinds)
            for second in range(kinds + 1)
        ]
        lists.append([-1])
        longest = max(len(ids) for ids in lists)
        self.mask = np.zeros((len(lists), enc.num_actions), dtype=bool)
        """``mask[row]``: the legal action ids of a situation."""
        self.count = np.array([len(ids) for ids in lists], dtype=np.int64)
        self.ids = np.full((len(lists), longest), -1, dtype=np.int16)
        """``ids[row, :count[row]]``: the legal action ids of a situation."""
        for row, ids in enumerate(lists):
            self.ids[row, : len(ids)] = ids
            if ids != [-1]:
                self.mask[row, ids] = True
        self.packed = np.packbits(self.mask, axis=1, bitorder="little")
        """``packed[row]``: :attr:`mask` eight actions a byte (the lowest bit first)."""
        self._flat_mask = self.mask.reshape(-1)
        self._flat_ids = self.ids.reshape(-1)

    def legal(self, rows: Int, actions: Int) -> NDArray[np.bool_]:
        """Whether each action is legal in its situation (``rows`` from :func:`situation`)."""
        inside = (actions >= 0) & (actions < self.actions)
        flat = rows * self.actions + np.where(inside, actions, 0)
        result: NDArray[np.bool_] = inside & self._flat_mask[flat]
        return result

    def random(self, rows: Int, rng: np.random.Generator) -> Int:
        """One legal action id per situation, uniformly drawn (-1 for ``over``)."""
        pick = rng.random(rows.size)
        pick *= self.count.take(rows)
        at = rows * self.ids.shape[1]
        at += pick.astype(np.intp)
        result: Int = self._flat_ids.take(at).astype(np.int64)
        return result


def _plays(
    deck: Deck, ids: dict[tuple[int, int, int], int], older: int, newer: int, others: int
) -> list[int]:
    """The legal action ids of a seat holding ``older`` and ``newer``."""
    cards = [deck.cards[older], deck.cards[newer]]
    if Card.COUNTESS in cards and (Card.KING in cards or Card.PRINCE in cards):
        cards = [Card.COUNTESS]
    offsets = [j for j in range(1, deck.players) if others >> (j - 1) & 1]
    found: list[int] = []
    for card in dict.fromkeys(cards):
        index = deck.index[card]
        if card in _NONE:
            found.append(ids[index, -1, deck.none])
        elif card in _ANY:
            found += [ids[index, offset, deck.none] for offset in (0, *offsets)]
        elif not offsets:
            found.append(ids[index, -1, deck.none])
        elif card is Card.GUARD:
            found += [
                ids[index, offset, int(guess)] for offset in offsets for guess in deck.guesses
            ]
        else:
            found += [ids[index, offset, deck.none] for offset in offsets]
    return found


def _choices(ids: dict[tuple[int, ...], int], held: tuple[int, int, int], kinds: int) -> list[int]:
    """The legal choices of a Chancellor holding ``held`` (the last ``K`` when two cards)."""
    cards = [card for card in held if card != kinds]
    found: dict[int, None] = {}
    if not ids:
        return []  # an edition without a Chancellor
    for index, keep in enumerate(cards):
        rest = cards[:index] + cards[index + 1 :]
        for order in permutations(rest):
            key = (keep, *order, *([kinds] * (2 - len(order))))
            found.setdefault(ids[key], None)
    return list(found)


_MOVES: dict[tuple[str, int], Moves] = {}


def moves_of(deck: Deck) -> Moves:
    """The tables of ``deck``'s edition and table size, made once and shared."""
    key = (deck.edition.name, deck.players)
    found = _MOVES.get(key)
    if found is None:
        found = _MOVES[key] = Moves(deck)
    return found


def situation(s: Arrays, deck: Deck, moves: Moves) -> Int:
    """Each table's row of the :class:`Moves` tables."""
    count = deck.players
    actors = s.actor
    taken = (s.out | s.protected).astype(np.intp)
    taken *= count
    taken += actors
    pair = s.hand.reshape(-1).take(seat_rows(actors.size, count) + actors).astype(np.intp)
    pair *= deck.kinds
    pair += s.drawn
    result: Int = pair * moves.spread
    result += deck.choosable.take(taken)
    phase = s.phase
    if (phase == PLAY).all():
        return result
    choosing = (phase == CHOOSE).nonzero()[0]
    result[choosing] = moves.plays + pair[choosing] * (deck.kinds + 1) + s.drawn2[choosing]
    result[phase == OVER] = moves.over
    return result
