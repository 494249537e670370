"""Observations: the encoding's vector of a seat's view, for every table at once.

:meth:`Encoding.observation <loveletter.encoding.Encoding.observation>` reads a view and
what its player knows (:func:`~loveletter.knowledge.knowledge`); this reads the same
facts off the arrays, in the encoding's layout. Seats are by offset from the viewer:
each seat array is read in the viewer's order (``turn``).

The vector is built as small integers in a scratch array of one byte a column
(:class:`Observer`), then written into the ``float32`` result in one pass: writing a
wide ``float32`` array block by block costs several times what one contiguous pass does.
Most blocks are one gather from a small table (:class:`Tables`) keyed by a few numbers
per table: the phase, the acting seat's offset and the viewer's cards give the first
blocks, the seats knocked out and protected the next, and each seat's last discard, the
card the viewer knows it holds and the cards ruled out of its hand give a one-hot (or
bits) row each. Blocks that are rarely set (ties, the viewer's cards under the pile,
what the end of a game shows) are cleared and written at the tables that have them.
"""

from __future__ import annotations

import functools

import numpy as np
from numpy.typing import NDArray

from loveletter.batch.layout import CHOOSE, OVER, PLAY, UNDER, Arrays, Deck, Int

__all__ = ["Observer", "Tables", "tables_of"]

_PHASE_COLUMN = {PLAY: 1, CHOOSE: 2, OVER: 4}
"""Each phase's place in the encoding's phase block (draw, play, choose, round over, game over)."""

Bytes = NDArray[np.int8]

_UNDER_WORD = np.dtype(f"u{UNDER}")
"""An unsigned number as wide as the places under the pile (a byte each)."""


class Tables:
    """The lookup tables of one edition at one table size, rows of the scratch's bytes.

    Made once for each edition and number of players (:func:`tables_of`).
    """

    def __init__(self, deck: Deck) -> None:
        enc = deck.encoding
        kinds, most = deck.kinds, deck.most
        self.start = {name: first for name, first, _ in enc.observation_layout()}
        """Where each block of the encoding's layout starts."""
        start = self.start
        _adjacent(start, ("seated", 5), ("to_act", 5 + most), ("hand", 5 + 2 * most))
        _adjacent(start, ("out", start["hand"] + kinds), ("protected", start["out"] + most))
        self.hands = (kinds + 1) ** 3
        """How many keys three cards have: ``(a * (K + 1) + b) * (K + 1) + c``, ``K`` for none."""
        keys = np.arange(self.hands)
        hand = np.zeros((self.hands, kinds + 1), dtype=np.int8)
        for card in (keys // (kinds + 1) ** 2, keys // (kinds + 1) % (kinds + 1), keys % (kinds + 1)):
            hand[keys, card] += 1
        self.hand = np.ascontiguousarray(hand[:, :kinds])
        """``hand[key]``: the copies of each card among three cards (a key of :attr:`hands`)."""
        self.head = self._head(deck)
        self.seat_width = 2 * most
        self.seats = self._seats(deck)
        self.sizes = self._sizes(deck)
        self.cards = np.eye(kinds + 1, kinds, dtype=np.int8)
        """``cards[card]``: a card as one-hot flags (``K``: none)."""
        self.bits = deck.card_bits.astype(np.int8)
        """``bits[cards]``: a set of cards (bits) as flags."""
        self.copies = deck.copies
        keys = np.arange((kinds + 1) ** UNDER)
        under = np.zeros((keys.size, kinds + 1), dtype=np.int8)
        for place in range(UNDER):
            under[keys, keys // (kinds + 1) ** place % (kinds + 1)] += 1
        self.under = np.ascontiguousarray(under[:, :kinds])
        """``under[key]``: the copies of each card among the cards under a pile, the key
        ``((a * (K + 1) + b) * (K + 1) + c) * (K + 1) + d`` of its places (``K``: none)."""
        self.last_place = np.array([max(i for i in range(UNDER) if m >> i & 1) if m else -1
                                    for m in range(1 << UNDER)], dtype=np.int8)
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
        head = np.concatenate(
            [
                np.repeat(np.array(rows), self.hands, axis=0),
                np.tile(self.hand, (len(rows), 1)),
            ],
            axis=1,
        )
        return head

    def _seats(self, deck: Deck) -> Bytes:
        """``seats[((out << n) | protected) * n + viewer]``: the ``out`` and ``protected`` blocks."""
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


def _adjacent(start: dict[str, int], *blocks: tuple[str, int]) -> None:
    """Check that the encoding's layout places ``blocks`` where this module writes them."""
    for name, where in blocks:
        if start[name] != where:  # pragma: no cover (the encoding's layout is fixed)
            raise AssertionError(f"the encoding's block {name!r} moved: {start[name]} not {where}")


@functools.cache
def tables_of(deck: Deck) -> Tables:
    """The tables of ``deck``'s edition and table size, made once and shared."""
    return Tables(deck)


class Observer:
    """Writes the observations of a batch's tables; keeps its scratch arrays between calls.

    ``board`` holds the vector being built, a byte a column (``(B, observation_size)``):
    its columns for seats past the table's ``n`` are never written and stay zero, and the
    rarely set blocks are cleared where they were written (``written``). The other
    arrays receive gathers (``np.take`` writes into a contiguous array only).
    """

    def __init__(self, deck: Deck, tables: int) -> None:
        self.deck = deck
        self.tables = t = tables_of(deck)
        count, kinds = deck.players, deck.kinds
        size = deck.encoding.observation_size
        self.board = np.zeros((tables, size), dtype=np.int8)
        self.written = np.empty(0, dtype=np.intp)
        """The tables whose rarely set blocks the last call wrote."""
        self.head = np.zeros((tables, t.start["out"]), dtype=np.int8)
        self.seat_flags = np.zeros((tables, t.seat_width), dtype=np.int8)
        self.sizes = np.zeros((tables, count), dtype=np.int8)
        self.cards = np.zeros((tables, count, kinds), dtype=np.int8)
        """Each seat's cards of one block (by offset from the viewer)."""
        self.by_seat = np.zeros((count, tables, kinds), dtype=np.int8)
        """Each seat's cards of one block, seat first (to sum them over the seats)."""
        rows = np.arange(tables)
        self.rows = rows
        self.seat_rows = rows[:, None] * count
        """Where each table's seats start in a flattened ``(B, n)`` array."""
        self.seat_major = rows[None, :] * count + np.arange(count)[:, None]
        """``seat_major[seat, table]``: where a seat lies in a flattened ``(B, n)`` array."""
        self.seat_base = np.repeat(self.seat_rows, count, axis=1)
        """:attr:`seat_rows` at each seat, for sums without broadcasting (faster)."""
        self.known_base = self.seat_base * 8
        """Where each table's knowledge starts in the flattened ``known``, at each seat."""
        self.viewed = deck.turn * 8 + np.arange(count)[:, None]
        """``viewed[viewer, j]``: where the viewer's knowledge of the seat ``j`` places after
        theirs lies in a table's ``known`` (flattened)."""
        self.copies = np.tile(deck.copies, (tables, 1))
        """The copies of each card in the deck, at every table."""

    def __call__(
        self, s: Arrays, target: int, viewers: Int, out: NDArray[np.float32] | None
    ) -> NDArray[np.float32]:
        """The observation of each table's view by ``viewers`` (a seat each; -1: zeros).

        Written into ``out`` when given (an array of the right shape, overwritten).
        """
        deck, t, board = self.deck, self.tables, self.board
        start = t.start
        count, kinds = deck.players, deck.kinds
        tables = viewers.size
        if out is None:
            out = np.empty(board.shape, dtype=np.float32)
        if tables == 0:
            return out
        seen = viewers >= 0
        v = np.maximum(viewers, 0)
        seats = self.seat_base + np.take(deck.turn, v, axis=0)
        """Where each offset's seat lies in a flattened ``(B, n)`` array."""

        # The phase, the seats, who acts and the viewer's cards; who is out, protected,
        # and how many cards each holds.
        phase = s.phase
        in_round = phase != OVER
        actor = s.actor
        to_act = np.where(in_round, np.take(deck.offset.reshape(-1), v * count + actor), count)
        acting = in_round & (v == actor)
        mine = s.hand.reshape(-1).take(self.seat_rows[:, 0] + v).astype(np.intp)
        hand = (mine * (kinds + 1) + np.where(acting, s.drawn, kinds)) * (kinds + 1)
        hand += np.where(acting, s.drawn2, kinds)
        key = (phase * (count + 1) + to_act) * t.hands + hand
        np.take(t.head, key, axis=0, out=self.head, mode="clip")
        board[:, : start["out"]] = self.head
        out_bits = s.out.astype(np.intp)
        sets = (out_bits << count | s.protected) * count + v
        np.take(t.seats, sets, axis=0, out=self.seat_flags, mode="clip")
        board[:, start["out"] : start["out"] + t.seat_width] = self.seat_flags
        board[:, start["tokens"] : start["tokens"] + count] = np.take(
            s.tokens.reshape(-1), seats, mode="clip"
        )
        sizes = ((out_bits * count + v) * (count + 1) + to_act) * 2 + (s.drawn2 != kinds)
        np.take(t.sizes, sizes, axis=0, out=self.sizes, mode="clip")
        board[:, start["hand_size"] : start["hand_size"] + count] = self.sizes

        # Each seat's discards, last discard, the card the viewer knows it holds and the
        # cards everyone knows it does not hold. What was known of a seat is forgotten
        # when it is knocked out, and a viewer never knows their own card there
        # (rules.Tables.forget), so the players still in are those the viewer knows.
        cards, by_seat = self.cards, self.by_seat
        discards = s.discards.reshape(-1, kinds)
        np.take(discards, seats, axis=0, out=cards, mode="clip")
        self._put("discards", cards)
        np.take(discards, self.seat_major, axis=0, out=by_seat, mode="clip")
        seen_cards = by_seat.sum(axis=0, dtype=np.int8)
        last = np.take(s.last.reshape(-1), seats, mode="clip")
        np.take(t.cards, last, axis=0, out=cards, mode="clip")
        self._put("last_discard", cards)
        viewed = self.known_base + np.take(self.viewed, v, axis=0)
        knows = np.take(s.known.reshape(-1), viewed, mode="clip")
        np.take(t.cards, knows, axis=0, out=cards, mode="clip")
        self._put("holds", cards)
        held = np.flatnonzero(knows != kinds)  # few: what Priests, Barons and Kings showed
        seen_cards.reshape(-1)[:] += np.bincount(
            held // count * kinds + knows.reshape(-1)[held], minlength=seen_cards.size
        ).astype(np.int8)
        ruled = np.take(s.ruled_out.reshape(-1), seats, mode="clip")
        np.take(t.bits, ruled, axis=0, out=cards, mode="clip")
        self._put("ruled_out", cards)

        # LL19-SETUP-DECK: the unseen cards are the deck less every card the viewer has seen.
        seen_cards += np.take(t.hand, hand, axis=0, mode="clip")
        written = self.written
        if written.size:
            board[written, start["tied"] :] = 0
        ties = self._ties(s, v)
        if deck.face_up:
            cards3 = s.face_up.astype(np.intp)
            key = (cards3[:, 0] * (kinds + 1) + cards3[:, 1]) * (kinds + 1) + cards3[:, 2]
            face_up = np.take(t.hand, key, axis=0)
            board[:, start["face_up"] : start["face_up"] + kinds] = face_up
            seen_cards += face_up
        buried = self._buried(s, v, seen_cards)
        ended = (~in_round).nonzero()[0]
        if ended.size:  # LL19-END-DECK-EMPTY: the set-aside card is shown at the round's end
            revealed = np.take(t.cards, s.aside[ended], axis=0, mode="clip")
            board[ended, start["set_aside"] : start["set_aside"] + kinds] = revealed
            seen_cards[ended] += revealed
            self._ended(s, v, ended)
        self.written = np.concatenate([ties, buried, ended])
        np.subtract(self.copies, seen_cards, out=seen_cards)
        board[:, start["unseen"] : start["unseen"] + kinds] = np.maximum(seen_cards, 0, out=seen_cards)
        board[:, start["pile_size"]] = deck.size - s.dealt + s.returned

        np.copyto(out, board)
        out[:, start["round_number"]] = s.round
        out[:, start["target"]] = target
        if not seen.all():
            out[~seen] = 0.0
        return out

    def _put(self, block: str, cards: Bytes) -> None:
        """Write a block of ``n x K`` (each seat's cards, by offset) into the board."""
        first = self.tables.start[block]
        self.board[:, first : first + cards.shape[1] * cards.shape[2]] = cards.reshape(
            cards.shape[0], -1
        )

    def _ties(self, s: Arrays, v: Int) -> Int:
        """LL19-BARON-TIE: the hands the viewer knows to be equal, at the tables with any.

        Returns those tables.
        """
        deck, board = self.deck, self.board
        count, most = deck.players, deck.most
        paired = np.flatnonzero(s.tied.view(np.uint64).reshape(-1) != 0)
        if not paired.size:
            return paired
        first = self.tables.start["tied"]
        tied = board[:, first : first + most * most].reshape(-1, most, most)
        rows = paired[:, None] * 8 + deck.turn[v[paired]]
        ties = s.tied.reshape(-1)[rows].astype(np.intp) * count + v[paired, None]
        tied[paired, :count, :count] = deck.flags[ties]
        return paired

    def _buried(self, s: Arrays, v: Int, seen_cards: Bytes) -> Int:
        """LL19-CHANCELLOR-ORDER: the viewer's cards under the pile, and the cards below them.

        Writes both blocks, and counts the cards as seen, at the tables where the viewer
        has cards there; returns those tables.
        """
        deck, board, start = self.deck, self.board, self.tables.start
        kinds = deck.kinds
        some = np.flatnonzero(s.returned != 0)
        own = s.under_own[some] == v[some, None]
        # A table's flags, one byte a place under the pile, read as one number.
        mine = np.flatnonzero(own.view(_UNDER_WORD).reshape(-1) != 0)
        under, own = some[mine], own[mine]
        if not under.size:
            return under
        returned = np.take(s.deck, under, axis=0)[:, deck.size :]
        held = np.where(own, returned, kinds).astype(np.intp)
        key = ((held[:, 0] * (kinds + 1) + held[:, 1]) * (kinds + 1) + held[:, 2]) * (kinds + 1)
        buried = np.take(self.tables.under, key + held[:, 3], axis=0)
        board[under, start["buried"] : start["buried"] + kinds] = buried
        seen_cards[under] += buried
        last = np.take(self.tables.last_place, np.packbits(own, axis=1, bitorder="little"))
        board[under, start["buried_under"]] = s.returned[under] - 1 - last[:, 0]
        return under

    def _ended(self, s: Arrays, v: Int, ended: Int) -> None:
        """The winners of the round and game that just ended, and the Spy's token."""
        deck, board, start = self.deck, self.board, self.tables.start
        count = deck.players
        shown = v[ended]
        for name, bits in (("round_winners", s.won), ("game_winners", s.winners)):
            here = deck.flags[bits[ended].astype(np.intp) * count + shown]
            board[ended, start[name] : start[name] + count] = here
        spy = s.spy_bonus[ended].astype(np.intp)
        earned = spy >= 0
        at = start["spy_bonus"] + deck.offset[shown[earned], spy[earned]]
        board[ended[earned], at] = 1
