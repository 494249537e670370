"""The array state of a batch, and the edition as arrays: what every other module reads.

A batch of ``B`` tables of ``n`` players keeps its state in a few small integer arrays,
the table on the first axis (:class:`Arrays`). Cards are indices into the edition's
kinds in the order of its ``specs`` (the encoding's order, :attr:`Encoding.cards
<loveletter.research.encoding.Encoding.cards>`); ``K``, one past the last, stands for *no card*.
Seat sets (who is out, protected, who played a Spy, round winners) are bitmasks, bit
``s`` for seat ``s``.

==============  ===========  ==========================================================
array           shape        what it holds
==============  ===========  ==========================================================
``hand``        (B, n)       each seat's card (``K`` once knocked out); the acting
                             seat's older card
``drawn``       (B,)         the acting seat's newer card (its draw)
``drawn2``      (B,)         the Chancellor's second card while it chooses (else ``K``)
``actor``       (B,)         the seat that must decide
``phase``       (B,)         :data:`PLAY`, :data:`CHOOSE` or :data:`OVER` (the game)
``out``         (B,)         seats knocked out of the round (bits)
``protected``   (B,)         seats a Handmaid protects (bits)
``spied``       (B,)         seats that played or discarded a Spy this round (bits)
``tokens``      (B, n)       favor tokens
``round``       (B,)         the round, from 1
``first``       (B,)         the seat that started the round
``deck``        (B, D + 4)   the round's deck, its first ``dealt`` cards gone (the cards
                             not dealt yet, in no order), then the cards Chancellors
                             returned under the pile, in order (:mod:`~.deal`)
``dealt``       (B,)         how many cards were dealt or drawn
``returned``    (B,)         how many cards were returned under the pile
``aside``       (B,)         the set-aside card (``K`` once a Prince took it)
``face_up``     (B, 3)       the two-player face-up cards
``under_own``   (B, 4)       who still knows each returned card there (-1: nobody)
``discards``    (B, n, K)    copies of each card each seat discarded this round
``last``        (B, n)       each seat's last discard (``K``: none)
``discarded``   (B, n)       the total value of each seat's discards (classic ties)
``known``       (B, n, 8)    the card viewer ``v`` knows seat ``o`` holds, at ``[o, v]``
                             (``K``: nothing; 8 viewers, so that a seat's row reads
                             as one 64-bit word)
``ruled_out``   (B, n)       the cards everyone knows a seat does not hold (bits by card)
``tied``        (B, 8)       the seats everyone knows tied with each seat (bits; 8
                             seats, so that a table's row reads as one 64-bit word)
``won``         (B,)         the last round's winners (bits)
``spy_bonus``   (B,)         who won the last round's Spy token (-1: nobody)
``winners``     (B,)         the game's winners (bits), once it is over
==============  ===========  ==========================================================

Every array is as small as its values allow (a table holds 100 to 210 bytes in all), so
that a step's arrays stay in the processor's cache: a step converts the few it uses as
indices (NumPy's ``intp``). The knowledge arrays (``known``, ``ruled_out``,
``tied``, ``under_own``), ``discards`` and ``last`` serve the observations only: a batch
made without observations (``observe=False``, for bulk random play) never touches them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np
from numpy.typing import NDArray

from loveletter.cards import Card
from loveletter.editions import EDITIONS, Edition, Tiebreak
from loveletter.errors import SetupError
from loveletter.research.encoding import Encoding, encoding

__all__ = ["CHOOSE", "OVER", "PLAY", "Arrays", "Deck", "deck_of", "seat_rows"]

PLAY = 0
"""The acting seat holds two cards and must play one."""
CHOOSE = 1
"""The acting seat holds a Chancellor's cards and must choose which to keep."""
OVER = 2
"""The game is over."""

UNDER = 4
"""Room for the cards returned under the pile: two Chancellors, two cards each."""

Int = NDArray[np.signedinteger[Any]]
"""An array of indices or small numbers (rows, seats, cards), of any signed integer type."""


class Deck:
    """One edition at one table size, as arrays: values, copies, cards by role, lookups.

    Made once for each edition and number of players (:func:`deck_of`).
    """

    def __init__(self, ed: Edition, players: int) -> None:
        enc: Encoding = encoding(ed)
        self.edition = ed
        self.encoding = enc
        self.players = players
        self.most = ed.max_players
        """The edition's largest table: the encoding's seat blocks are this long."""
        self.cards: tuple[Card, ...] = enc.cards
        self.kinds = len(self.cards)
        self.none = self.kinds
        """The index that stands for no card."""
        self.size = len(ed.deck)
        self.index = {card: i for i, card in enumerate(self.cards)}
        self.face_up = ed.face_up_with_two_players if players == 2 else 0
        dealing = 1 + self.face_up + players + 1
        self.dealt_first = np.arange(dealing)
        """How many cards are gone before each card of the deal is drawn: the set-aside
        card, the face-up cards, the hands from the starter on and the starter's draw."""
        self.draw_from = self.size - self.dealt_first
        """How many cards each card of the deal is drawn from."""
        self.classic_ties = ed.tiebreak is Tiebreak.DISCARD_TOTAL
        self.role = {card: self.index.get(card, -1) for card in Card}
        """Each built-in card's index here (-1 where the edition has none)."""
        self._card_arrays(ed)
        self._seat_sets(players)

    def _card_arrays(self, ed: Edition) -> None:
        """The arrays by card: values, copies, the deck, bits and one-hot rows."""
        kinds, index = self.kinds, self.index
        self.value = np.array([ed.value[c] for c in self.cards] + [-1], dtype=np.int16)
        """Each card's value (no card: -1)."""
        self.copies = np.array([ed.deck.count(c) for c in self.cards], dtype=np.int8)
        self.order = np.array([index[c] for c in ed.deck], dtype=np.int8)
        """The deck, card by card, in the edition's order: every round starts from it."""
        self.fresh = np.array([*self.order, *[kinds] * UNDER], dtype=np.int8)
        """A table's ``deck`` row as a round starts: the deck, and no card returned."""
        self.guesses = np.array([index[c] for c in ed.guesses if c is not Card.GUARD], np.int8)
        """What a Guard may name, in the encoding's order of named cards."""
        values = self.value[:-1]
        self.not_above = np.array(
            [int(((values <= v) * (1 << np.arange(kinds))).sum()) for v in values] + [0],
            dtype=np.uint16,
        )
        """The cards whose value is at most each card's: what a comparison's winner cannot hold."""
        self.card_bit = np.array([1 << i for i in range(kinds)] + [0], dtype=np.uint16)
        """Each card as a bit (no card: 0)."""
        self.card_bits = _bits_table(kinds, kinds)

    def _seat_sets(self, players: int) -> None:
        """The lookups of seats and seat sets (bits)."""
        seats = 1 << players
        self.full = seats - 1
        """Every seat, as bits."""
        self.bit = np.array([1 << s for s in range(players)] + [0], dtype=np.uint8)
        """Each seat as a bit; the index ``players`` (nobody) as 0."""
        self.count = np.array([bin(m).count("1") for m in range(seats)], dtype=np.int64)
        """How many seats each set holds."""
        self.survivor = self.count == players - 1
        """Whether a set of seats knocked out leaves one seat standing."""
        self.unbit = ~self.bit
        """Each seat's bit cleared (``unbit[seat]``, to remove a seat from a set)."""
        self.lowest = np.array([(m & -m).bit_length() - 1 for m in range(seats)], dtype=np.int64)
        """The lowest seat of each set (-1 for none)."""
        self.following = _table(
            seats, players, lambda out, seat: _following(out, seat, players)
        ).reshape(-1)
        """``following[out * n + seat]``: the next seat after ``seat`` clockwise not in
        ``out``."""
        self.others = _table(seats, players, lambda free, seat: _others(free, seat, players))
        """``others[free, seat]``: the seats of ``free`` other than ``seat``, as offsets from
        it (bit ``j - 1`` for the seat ``j`` places after it): whom its card may choose."""
        self.choosable = self.others[self.full & ~np.arange(seats)].reshape(-1)
        """``choosable[taken * n + seat]``: :attr:`others` of the seats not in ``taken``
        (those knocked out or protected)."""
        self.kth = _table(seats, players, _kth).reshape(-1)
        """``kth[set * n + k]``: the ``k``-th lowest seat of a set (-1 past its end)."""
        self.alone = np.where(self.count == 1, self.lowest, -1)
        """``alone[set]``: the seat of a set of one (-1 for any other set)."""
        self.seat_bits = _bits_table(players, players)
        self.seat_counts = self.seat_bits.astype(np.int8)
        """``seat_counts[set]``: a set of seats as one count (0 or 1) a seat."""
        self.turn = _table(players, players, lambda seat, j: (seat + j) % players)
        """``turn[viewer, j]``: the seat ``j`` places after the viewer's."""
        self.offset = _table(players, players, lambda viewer, seat: (seat - viewer) % players)
        """``offset[viewer, seat]``: how many places after the viewer's a seat is."""
        rotated = _table(seats * players, 1, lambda at, _: _rotated(at, players))[:, 0]
        self.flags = self.seat_bits[rotated]
        """``flags[set * n + viewer]``: a seat set as flags, by offset from the viewer."""


@functools.lru_cache(maxsize=16)
def seat_rows(tables: int, players: int) -> Int:
    """Where each table's seats start in a flattened ``(tables, players)`` array."""
    rows = np.arange(0, tables * players, players)
    rows.flags.writeable = False
    return rows


def _table(rows: int, columns: int, value: Callable[[int, int], int]) -> NDArray[np.int64]:
    """``table[i, j] = value(i, j)``."""
    return np.array([[value(i, j) for j in range(columns)] for i in range(rows)], dtype=np.int64)


def _rotated(at: int, players: int) -> int:
    """The set ``at // players`` turned so that seat ``at % players`` is bit 0."""
    mask, viewer = divmod(at, players)
    return sum(1 << j for j in range(players) if mask >> ((viewer + j) % players) & 1)


def _following(out: int, seat: int, players: int) -> int:
    for step in range(1, players + 1):
        other = (seat + step) % players
        if not out >> other & 1:
            return other
    return -1


def _others(free: int, seat: int, players: int) -> int:
    offsets = [j for j in range(1, players) if free >> ((seat + j) % players) & 1]
    return sum(1 << (j - 1) for j in offsets)


def _kth(mask: int, k: int) -> int:
    seats = [s for s in range(8) if mask >> s & 1]
    return seats[k] if k < len(seats) else -1


def _bits_table(bits: int, width: int) -> NDArray[np.float32]:
    """``table[m]``: the bits of ``m`` as 0.0 and 1.0, lowest first (for the observation)."""
    masks = np.arange(1 << bits)[:, None]
    return ((masks >> np.arange(width)) & 1).astype(np.float32)


@functools.cache
def _deck(name: str, players: int) -> Deck:
    return Deck(EDITIONS[name], players)


def deck_of(ed: Edition, players: int) -> Deck:
    """The arrays of a built-in edition at a table of ``players``.

    An edition of one's own is refused with :class:`~loveletter.errors.SetupError`: the
    batch engine plays the built-in cards only.
    """
    if EDITIONS.get(ed.name) is not ed or ed.name not in ("2019", "classic"):
        raise SetupError(
            f"the batch engine plays the built-in editions ('2019', 'classic'), not "
            f"{ed.name!r}: play an edition of one's own through loveletter.Game"
        )
    if isinstance(players, bool) or not isinstance(players, int):
        raise SetupError(f"players must be a whole number, not {players!r}")
    if not ed.min_players <= players <= ed.max_players:
        raise SetupError(
            f"the {ed.name} edition is for {ed.min_players} to {ed.max_players} players, "
            f"not {players}"
        )
    return _deck(ed.name, players)


_FIELDS = {
    # name: (shape, dtype, filled with). Shapes name B (tables), n (seats), K (kinds) and
    # W (the deck, with room for the cards returned).
    "hand": (("B", "n"), np.int8, "K"),
    "drawn": (("B",), np.int8, "K"),
    "drawn2": (("B",), np.int8, "K"),
    "actor": (("B",), np.int8, 0),
    "phase": (("B",), np.int8, PLAY),
    "out": (("B",), np.uint8, 0),
    "protected": (("B",), np.uint8, 0),
    "spied": (("B",), np.uint8, 0),
    "tokens": (("B", "n"), np.int8, 0),
    "round": (("B",), np.int16, 0),
    "first": (("B",), np.int8, 0),
    "deck": (("B", "W"), np.int8, "K"),
    "dealt": (("B",), np.int8, 0),
    "returned": (("B",), np.int8, 0),
    "aside": (("B",), np.int8, "K"),
    "face_up": (("B", 3), np.int8, "K"),
    "under_own": (("B", UNDER), np.int8, -1),
    "discards": (("B", "n", "K"), np.int8, 0),
    "last": (("B", "n"), np.int8, "K"),
    "discarded": (("B", "n"), np.int16, 0),
    "known": (("B", "n", 8), np.int8, "K"),
    "ruled_out": (("B", "n"), np.uint16, 0),
    "tied": (("B", 8), np.uint8, 0),
    "won": (("B",), np.uint8, 0),
    "spy_bonus": (("B",), np.int8, -1),
    "winners": (("B",), np.uint8, 0),
}


class Arrays:
    """The state of ``B`` tables, as the arrays of the module's table (one attribute each)."""

    FIELDS = tuple(_FIELDS)

    hand: NDArray[np.int8]
    drawn: NDArray[np.int8]
    drawn2: NDArray[np.int8]
    actor: NDArray[np.int8]
    phase: NDArray[np.int8]
    out: NDArray[np.uint8]
    protected: NDArray[np.uint8]
    spied: NDArray[np.uint8]
    tokens: NDArray[np.int8]
    round: NDArray[np.int16]
    first: NDArray[np.int8]
    deck: NDArray[np.int8]
    dealt: NDArray[np.int8]
    returned: NDArray[np.int8]
    aside: NDArray[np.int8]
    face_up: NDArray[np.int8]
    under_own: NDArray[np.int8]
    discards: NDArray[np.int8]
    last: NDArray[np.int8]
    discarded: NDArray[np.int16]
    known: NDArray[np.int8]
    ruled_out: NDArray[np.uint16]
    tied: NDArray[np.uint8]
    won: NDArray[np.uint8]
    spy_bonus: NDArray[np.int8]
    winners: NDArray[np.uint8]

    def __init__(self, tables: int, deck: Deck) -> None:
        sizes = {"B": tables, "n": deck.players, "K": deck.kinds, "W": deck.size + UNDER}
        for name, (shape, dtype, fill) in _FIELDS.items():
            dims = tuple(sizes[d] if isinstance(d, str) else d for d in shape)
            value = sizes[fill] if isinstance(fill, str) else fill
            setattr(self, name, np.full(dims, value, dtype=dtype))

    @property
    def nbytes(self) -> int:
        """The bytes the arrays hold."""
        return sum(int(getattr(self, name).nbytes) for name in self.FIELDS)

    def take(self, rows: Int) -> Arrays:
        """The tables ``rows`` only, as new arrays (to drop the tables whose games are over)."""
        other = Arrays.__new__(Arrays)
        for name in self.FIELDS:
            value: Any = getattr(self, name)
            setattr(other, name, value[rows])
        return other
