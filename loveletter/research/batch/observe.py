"""Observations: the encoding's vector of a seat's view, for every table at once.

:meth:`Encoding.observation <loveletter.research.encoding.Encoding.observation>` reads a view and
what its player knows (:func:`~loveletter.bots.knowledge.knowledge`); this reads the same
facts off the arrays, in the encoding's layout. Seats are by offset from the viewer:
each seat array is read in the viewer's order (``turn``).

The vector is built as small integers, a byte a column: in the result itself when it is
of a byte type (``int8``, ``uint8``), else in a scratch array (:class:`Observer`) then
written into the ``float32`` result in one contiguous pass (writing a wide ``float32``
array block by block costs several times as much). Most blocks
are one gather from a small table (:class:`Lookups`) keyed by a few numbers per table:
the phase, the acting seat's offset and the viewer's cards give the first blocks, the
seats knocked out and protected the next, each seat's last discard a one-hot row. The
rarely set blocks (the cards the viewer knows others hold, those ruled out, ties, the
viewer's cards under the pile, what the end of a game shows) are written at the tables
and seats that have them.
"""

from __future__ import annotations

import functools
import itertools
from typing import Any

import numpy as np
from numpy.typing import NDArray

from loveletter.research.batch.layout import CHOOSE, OVER, PLAY, UNDER, Arrays, Deck, Int, seat_rows

__all__ = ["Lookups", "Observer", "lookups_of"]

_PHASE_COLUMN = {PLAY: 1, CHOOSE: 2, OVER: 4}
"""Each phase's place in the encoding's phase block (draw, play, choose, round over, game over)."""

Bytes = NDArray[np.int8]

_FLOAT32 = np.dtype(np.float32)

_UNDER_WORD = np.dtype(f"u{UNDER}")
"""An unsigned number as wide as the places under the pile (a byte each)."""
_ONES = np.array(int.from_bytes(b"\x01" * UNDER, "little"), dtype=_UNDER_WORD)
"""That number with each byte 1."""


class Lookups:
    """The lookup tables of one edition at one table size, as rows of the scratch's bytes.

    Made once for each edition and number of players (:func:`lookups_of`).
    """

    def __init__(self, deck: Deck) -> None:
        enc = deck.encoding
        kinds, most = deck.kinds, deck.most
        self.start = {name: first for name, first, _ in enc.observation_layout()}
        """Where each block of the encoding's layout starts."""
        start = self.start
        self.back_start = {name: first - start["tied"] for name, first in start.items()}
        """Where each block from ``tied`` on starts in an observer's ``back``."""
        seats, cards = most, most * kinds
        _adjacent(
            start,
            *(("phase", 5), ("seated", seats), ("to_act", seats), ("hand", kinds)),
            *(("out", seats), ("protected", seats), ("tokens", seats), ("hand_size", seats)),
            *(("discards", cards), ("last_discard", cards), ("holds", cards)),
            *(("ruled_out", cards), ("tied", 0)),
        )
        self.hands = (kinds + 1) ** 3
        """How many keys three cards have: ``(a * (K + 1) + b) * (K + 1) + c``, ``K`` for none."""
        self.hand = _counts(3, kinds)
        """``hand[key]``: the copies of each card among three cards (a key of :attr:`hands`)."""
        self.head = self._head(deck)
        self.seat_width = 2 * most
        self.seats = self._seats(deck)
        self.sizes = self._sizes(deck)
        self.cards = np.eye(kinds + 1, kinds, dtype=np.int8)
        """``cards[card]``: a card as one-hot flags (``K``: none)."""
        self.bits = deck.card_bits.astype(np.int8)
        """``bits[cards]``: a set of cards (bits) as flags."""
        self.under = _counts(UNDER, kinds)
        """``under[key]``: the copies of each card among the cards under a pile, the key
        ``((a * (K + 1) + b) * (K + 1) + c) * (K + 1) + d`` of its places (``K``: none)."""
        self.last_place = np.array(
            [max(i for i in range(UNDER) if m >> i & 1) if m else -1 for m in range(1 << UNDER)],
            dtype=np.int8,
        )
        """``last_place[places]``: the last of a set of places under the pile (bits)."""

    def _head(self, deck: Deck) -> Bytes:
        """``head[(phase * (n + 1) + to_act) * hands + hand]``: the blocks before ``out``.

        The phase's flag, the seats at the table, who acts (``n``: nobody, once the game is
        over), and the viewer's cards: ``hand`` is the key of :attr:`hand` of their card
        and, on their turn, their draws.
        """
        count, most = deck.players, deck.most
        rows = []
        for phase in (PLAY, CHOOSE, OVER):
            for to_act in range(count + 1):
                row = np.zeros(5 + 2 * most, dtype=np.int8)
                row[_PHASE_COLUMN[phase]] = 1
                row[5 : 5 + count] = 1
                if to_act < count:
                    row[5 + most + to_act] = 1
                rows.append(row)
        result: Bytes = np.concatenate(
            [np.repeat(np.array(rows), self.hands, axis=0), np.tile(self.hand, (len(rows), 1))],
            axis=1,
        )
        return result

    def _seats(self, deck: Deck) -> Bytes:
        """The blocks ``out`` and ``protected``.

        ``seats[((out << n) | protected) * n + viewer]``: the seats knocked out and the seats
        protected, as flags by offset from the viewer.
        """
        count, most = deck.players, deck.most
        sets = 1 << count
        flags = np.zeros((sets * count, most), dtype=np.int8)
        flags[:, :count] = deck.flags
        keys = np.arange(sets * sets * count)
        out, protected, viewer = keys // count >> count, keys // count & (sets - 1), keys % count
        both = np.concatenate([flags[out * count + viewer], flags[protected * count + viewer]], 1)
        result: Bytes = both
        return result

    def _sizes(self, deck: Deck) -> Bytes:
        """``sizes[((out * n + viewer) * (n + 1) + to_act) * 2 + two]``: the ``hand_size`` block.

        One card for each seat still in, and one or two more for the acting seat's draws
        (``two``: a Chancellor's second card). Only a seat knocked out holds no card.
        """
        count = deck.players
        keys = np.arange((1 << count) * count * (count + 1) * 2)
        two, to_act = keys % 2, keys // 2 % (count + 1)
        viewer, out = keys // 2 // (count + 1) % count, keys // 2 // (count + 1) // count
        sizes = 1 - deck.flags[out * count + viewer]
        sizes[np.arange(keys.size), np.minimum(to_act, count - 1)] += (to_act < count) * (1 + two)
        result: Bytes = sizes.astype(np.int8)
        return result


def _counts(cards: int, kinds: int) -> Bytes:
    """``table[key]``: the copies of each card among ``cards`` cards, ``K`` for none.

    The key of cards ``a, b, c, ...`` is ``((a * (K + 1) + b) * (K + 1) + c) ...``.
    """
    keys = np.arange((kinds + 1) ** cards)
    table = np.zeros((keys.size, kinds + 1), dtype=np.int8)
    for place in range(cards):
        table[keys, keys // (kinds + 1) ** place % (kinds + 1)] += 1
    result: Bytes = np.ascontiguousarray(table[:, :kinds])
    return result


def _adjacent(start: dict[str, int], *blocks: tuple[str, int]) -> None:
    """Check that the encoding's layout has each of ``blocks`` (name, length) after the last."""
    for (name, length), (following, _) in itertools.pairwise(blocks):
        if start[following] != start[name] + length:  # pragma: no cover (a fixed layout)
            raise AssertionError(f"the encoding's block {following!r} moved")


@functools.cache
def lookups_of(deck: Deck) -> Lookups:
    """The lookup tables of ``deck``'s edition and table size, made once and shared."""
    return Lookups(deck)


class Observer:
    """Writes the observations of a batch's tables; keeps its scratch arrays between calls.

    The vector is built a byte a column (``(B, observation_size)``) in the result itself
    when it is of a byte type (cleared first), else in ``board``, whose columns for seats
    past the table's ``n`` are never written and stay zero (its blocks from ``tied`` on
    are cleared at each call). Each block is written once, from a gather (``np.take``
    writes into a contiguous array only: the gathers go to scratch arrays, ``cards``
    holding the four blocks of each seat's cards, ``(4, B, n, K)``: discards, last
    discard, holds, ruled out). Keys and indices are worked out in place in scratch
    arrays kept between calls: new arrays of a few hundred kilobytes at every call cost
    their memory pages again each time (the allocator hands them back to the system).
    """

    def __init__(self, deck: Deck, tables: int) -> None:
        self.deck = deck
        self.lookups = t = lookups_of(deck)
        count, kinds = deck.players, deck.kinds
        size = deck.encoding.observation_size
        self.board = np.zeros((tables, size), dtype=np.int8)
        self.head = np.zeros((tables, t.start["out"]), dtype=np.int8)
        self.seat_flags = np.zeros((tables, t.seat_width), dtype=np.int8)
        self.sizes = np.zeros((tables, count), dtype=np.int8)
        self.cards = np.zeros((4, tables, count, kinds), dtype=np.int8)
        self.by_seat = np.zeros((count, tables, kinds), dtype=np.int8)
        """Each seat's discards, seat first (to sum them over the seats)."""
        self.seen = np.zeros((tables, kinds), dtype=np.int8)
        """The copies of each card the viewer has seen; then those not seen."""
        self.mine = np.zeros((tables, kinds), dtype=np.int8)
        """The copies of each card the viewer holds."""
        self.seats = np.zeros((tables, count), dtype=np.intp)
        """Where each offset's seat lies in a flattened ``(B, n)`` array."""
        self.index = np.zeros((tables, count), dtype=np.intp)
        self.values = np.zeros((tables, count), dtype=np.int8)
        self.ruled = np.zeros((tables, count), dtype=np.uint16)
        self.v = np.zeros(tables, dtype=np.intp)
        self.to_act = np.zeros(tables, dtype=np.intp)
        self.hand = np.zeros(tables, dtype=np.intp)
        self.key = np.zeros(tables, dtype=np.intp)
        self.work = np.zeros(tables, dtype=np.intp)
        """Scratch arrays, a seat or a table each: keys are worked out in them in place
        (a new array of a few hundred kilobytes at every step costs its pages again)."""
        self.seat_rows = seat_rows(tables, count)[:, None]
        """Where each table's seats start in a flattened ``(B, n)`` array."""
        self.seat_major = self.seat_rows.T + np.arange(count)[:, None]
        """``seat_major[seat, table]``: where a seat lies in a flattened ``(B, n)`` array."""
        self.seat_base = np.repeat(self.seat_rows, count, axis=1)
        """:attr:`seat_rows` at each seat, for sums without broadcasting (faster)."""
        self.known_base = self.seat_base * 8
        """Where each table's knowledge starts in the flattened ``known``, at each seat."""
        self.viewed = (deck.turn * 8 + np.arange(count)[:, None]).astype(np.intp)
        """``viewed[viewer, j]``: where the viewer's knowledge of the seat ``j`` places after
        theirs lies in a table's ``known`` (flattened)."""
        self.turn = deck.turn.astype(np.intp)
        self.copies = np.tile(deck.copies, (tables, 1))
        """The copies of each card in the deck, at every table."""

    def __call__(
        self,
        s: Arrays,
        target: int,
        viewers: Int,
        out: NDArray[Any] | None,
        dtype: np.dtype[Any] = _FLOAT32,
    ) -> NDArray[Any]:
        """The observation of each table's view by ``viewers`` (a seat each; -1: zeros).

        Written into ``out`` when given (an array of the right shape and type ``dtype``,
        overwritten). In a type of one byte, the round number stops at its largest value.
        """
        t = self.lookups
        start = t.start
        if out is None:
            out = np.empty(self.board.shape, dtype=dtype)
        if viewers.size == 0:
            return out
        seen = viewers >= 0
        v = np.maximum(viewers, 0, out=self.v, casting="unsafe")
        seats = self.turn.take(v, axis=0, out=self.seats)
        seats += self.seat_base
        # A byte a column: the vector is built in ``out`` itself (uint8 seen as int8: every
        # column is at least 0, and below 128 until the round number is written).
        direct = out.dtype != _FLOAT32 and out.flags.c_contiguous
        board = out.view(np.int8) if direct else self.board
        if direct:
            board.fill(0)
        else:  # the board's columns past the table's seats stay zero
            board[:, start["tied"] :].fill(0)
        hand = self._front(board, s, v, seats)
        seen_cards = self._cards(board, s, v, seats)
        seen_cards += t.hand.take(hand, axis=0, out=self.mine, mode="clip")
        self._back(board[:, start["tied"] :], s, v, seen_cards)
        if not direct:
            np.copyto(out, board, casting="unsafe")  # uint8: every column is at least 0
        rounds = s.round if out.dtype == _FLOAT32 else np.minimum(s.round, np.iinfo(out.dtype).max)
        out[:, start["round_number"]] = rounds
        out[:, start["target"]] = target
        if not seen.all():
            out[~seen] = 0.0
        return out

    def _front(self, board: Bytes, s: Arrays, v: Int, seats: Int) -> Int:
        """The blocks before the discards.

        The phase, the seats, who acts, the viewer's cards, who is out and protected, the
        tokens and how many cards each holds. Returns the key of the viewer's cards
        (:attr:`Lookups.hand`).
        """
        deck, t = self.deck, self.lookups
        start = t.start
        count, kinds = deck.players, deck.kinds
        to_act, hand, key, work = self.to_act, self.hand, self.key, self.work
        phase, actor = s.phase, s.actor
        np.multiply(v, count, out=work)
        work += actor
        deck.offset.reshape(-1).take(work, out=to_act)
        acting = v == actor
        over = (phase == OVER).nonzero()[0]
        to_act[over] = count
        acting[over] = False
        # The viewer's cards: their card and, on their turn, their draws (else none).
        np.copyto(work, s.drawn)
        work *= kinds + 1
        work += s.drawn2
        work -= kinds * (kinds + 2)
        work *= acting
        np.add(self.seat_rows[:, 0], v, out=hand)
        np.copyto(hand, s.hand.reshape(-1).take(hand))
        hand *= (kinds + 1) ** 2
        hand += kinds * (kinds + 2)
        hand += work
        np.copyto(key, phase)
        key *= count + 1
        key += to_act
        key *= t.hands
        key += hand
        t.head.take(key, axis=0, out=self.head, mode="clip")
        board[:, : start["out"]] = self.head
        np.copyto(work, s.out)
        np.left_shift(work, count, out=key)
        key |= s.protected
        key *= count
        key += v
        t.seats.take(key, axis=0, out=self.seat_flags, mode="clip")
        board[:, start["out"] : start["tokens"]] = self.seat_flags
        tokens = s.tokens.reshape(-1).take(seats, out=self.values)
        board[:, start["tokens"] : start["tokens"] + count] = tokens
        work *= count
        work += v
        work *= count + 1
        work += to_act
        work *= 2
        work += s.drawn2 != kinds
        t.sizes.take(work, axis=0, out=self.sizes, mode="clip")
        board[:, start["hand_size"] : start["hand_size"] + count] = self.sizes
        return hand

    def _cards(self, board: Bytes, s: Arrays, v: Int, seats: Int) -> Bytes:
        """The blocks of each seat's cards.

        Its discards, last discard, the card the viewer knows it holds and the cards
        everyone knows it does not hold. What was known of a seat is forgotten when it is
        knocked out, and a viewer never knows their own card there
        (:meth:`~loveletter.research.batch.rules.Tables.forget`), so the players still in are those
        the viewer knows. Returns the cards the viewer saw among them (``(B, K)``).
        """
        deck, t, cards, index = self.deck, self.lookups, self.cards, self.index
        count, kinds, most = deck.players, deck.kinds, deck.most
        discards = s.discards.reshape(-1, kinds)
        discards.take(seats, axis=0, out=cards[0], mode="clip")
        discards.take(self.seat_major, axis=0, out=self.by_seat, mode="clip")
        seen_cards: Bytes = self.by_seat.sum(axis=0, dtype=np.int8, out=self.seen)
        np.copyto(index, s.last.reshape(-1).take(seats, out=self.values))
        t.cards.take(index, axis=0, out=cards[1], mode="clip")
        # Few cards are known (what Priests, Barons and Kings showed), fewer are ruled out.
        viewed = self.viewed.take(v, axis=0, out=index)
        viewed += self.known_base
        knows = s.known.reshape(-1).take(viewed, out=self.values)
        held = np.flatnonzero(knows != kinds)
        cards_held = knows.reshape(-1).take(held)
        cards[2].fill(0)
        cards[2].reshape(-1)[held * kinds + cards_held] = 1
        held, copies = np.unique(held // count * kinds + cards_held, return_counts=True)
        seen_cards.reshape(-1)[held] += copies.astype(np.int8)
        np.copyto(index, s.ruled_out.reshape(-1).take(seats, out=self.ruled))
        t.bits.take(index, axis=0, out=cards[3], mode="clip")
        first = self.lookups.start["discards"]
        blocks = board[:, first : first + 4 * most * kinds].reshape(-1, 4, most, kinds)
        blocks[:, :, :count] = cards.transpose(1, 0, 2, 3)
        return seen_cards

    def _back(self, back: Bytes, s: Arrays, v: Int, seen_cards: Bytes) -> None:
        """The blocks from the ties on.

        Ties, the unseen cards, the face-up cards, the viewer's cards under the pile, the
        set-aside card once shown, the pile, and what the end of a round shows.
        ``back`` is the board's columns from ``tied`` on, zeros; ``seen_cards`` counts the
        cards seen so far.
        """
        deck, t = self.deck, self.lookups
        kinds = deck.kinds
        at = t.back_start
        self._ties(back, s, v)
        if deck.face_up:
            cards3 = s.face_up.astype(np.intp)
            key = (cards3[:, 0] * (kinds + 1) + cards3[:, 1]) * (kinds + 1) + cards3[:, 2]
            face_up = t.hand.take(key, axis=0)
            back[:, at["face_up"] : at["face_up"] + kinds] = face_up
            seen_cards += face_up
        self._buried(back, s, v, seen_cards)
        ended = (s.phase == OVER).nonzero()[0]
        if ended.size:  # LL19-END-DECK-EMPTY: the set-aside card is shown at the round's end
            revealed = t.cards.take(s.aside[ended], axis=0)
            back[ended, at["set_aside"] : at["set_aside"] + kinds] = revealed
            seen_cards[ended] += revealed
            self._ended(back, s, v, ended)
        np.subtract(self.copies, seen_cards, out=seen_cards)
        np.maximum(seen_cards, 0, out=seen_cards)
        back[:, at["unseen"] : at["unseen"] + kinds] = seen_cards
        back[:, at["pile_size"]] = deck.size - s.dealt + s.returned

    def _ties(self, back: Bytes, s: Arrays, v: Int) -> None:
        """LL19-BARON-TIE: the hands the viewer knows to be equal, at the tables with any."""
        deck = self.deck
        count, most = deck.players, deck.most
        paired = np.flatnonzero(s.tied.view(np.uint64).reshape(-1) != 0)
        if paired.size:
            tied = back[:, : most * most].reshape(-1, most, most)
            rows = paired[:, None] * 8 + deck.turn[v[paired]]
            ties = s.tied.reshape(-1)[rows].astype(np.intp) * count + v[paired, None]
            tied[paired, :count, :count] = deck.flags[ties]

    def _buried(self, back: Bytes, s: Arrays, v: Int, seen_cards: Bytes) -> None:
        """LL19-CHANCELLOR-ORDER: the viewer's cards under the pile, and the cards below them.

        Writes both blocks, and counts the cards as seen, at the tables where the viewer
        has cards there.
        """
        deck, start = self.deck, self.lookups.back_start
        kinds = deck.kinds
        # The places under a table's pile, a byte each, read as one number: a byte of
        # ``places ^ viewer``, the viewer repeated in each byte, is zero where the place is
        # the viewer's; ``(x - 0x01..01) & ~x & 0x80..80`` is not zero where a byte of x is.
        places = s.under_own.view(_UNDER_WORD).reshape(-1) ^ v.astype(_UNDER_WORD) * _ONES
        under = np.flatnonzero((places - _ONES) & ~places & (_ONES << 7) != 0)
        if not under.size:
            return
        own = s.under_own[under] == v[under, None]
        returned = s.deck.take(under, axis=0)[:, deck.size :]
        held = np.where(own, returned, kinds).astype(np.intp)
        key = held[:, 0]
        for place in range(1, UNDER):
            key = key * (kinds + 1) + held[:, place]
        buried = self.lookups.under.take(key, axis=0)
        back[under, start["buried"] : start["buried"] + kinds] = buried
        seen_cards[under] += buried
        last = self.lookups.last_place.take(np.packbits(own, axis=1, bitorder="little"))
        back[under, start["buried_under"]] = s.returned[under] - 1 - last[:, 0]

    def _ended(self, back: Bytes, s: Arrays, v: Int, ended: Int) -> None:
        """The winners of the round and game that just ended, and the Spy's token."""
        deck, start = self.deck, self.lookups.back_start
        count = deck.players
        shown = v[ended]
        for name, bits in (("round_winners", s.won), ("game_winners", s.winners)):
            here = deck.flags[bits[ended].astype(np.intp) * count + shown]
            back[ended, start[name] : start[name] + count] = here
        spy = s.spy_bonus[ended].astype(np.intp)
        earned = spy >= 0
        at = start["spy_bonus"] + deck.offset[shown[earned], spy[earned]]
        back[ended[earned], at] = 1
