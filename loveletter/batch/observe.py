"""Observations: the encoding's vector of a seat's view, for every table at once.

:meth:`Encoding.observation <loveletter.encoding.Encoding.observation>` reads a view and
what its player knows (:func:`~loveletter.knowledge.knowledge`); this reads the same
facts off the arrays, block by block, in the encoding's layout. Seats are by offset from
the viewer: each seat array is read in the viewer's order (``turn``), and each seat set
(bits) is spread into flags in that order through one small table (``flags``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from loveletter.batch.layout import CHOOSE, OVER, PLAY, Arrays, Deck, Int

__all__ = ["observation"]

_PHASE_COLUMN = {PLAY: 1, CHOOSE: 2, OVER: 4}
"""Each phase's place in the encoding's phase block (draw, play, choose, round over, game over)."""


def observation(
    s: Arrays, deck: Deck, target: int, viewers: Int, out: NDArray[np.float32] | None = None
) -> NDArray[np.float32]:
    """The observation of each table's view by ``viewers`` (a seat each; -1: zeros).

    Written into ``out`` when given (an array of the right shape, overwritten).
    """
    enc = deck.encoding
    start = {name: first for name, first, _ in enc.observation_layout()}
    tables = viewers.size
    count, most, kinds = deck.players, deck.most, deck.kinds
    if out is None:
        out = np.zeros((tables, enc.observation_size), dtype=np.float32)
    else:
        out.fill(0.0)
    if tables == 0:
        return out
    seen = viewers >= 0
    size = enc.observation_size
    v = np.where(seen, viewers, 0)
    rows = np.arange(tables)
    seats = rows[:, None] * count + deck.turn[v]
    """Where each offset's seat lies in a flattened ``(B, n)`` array."""
    one_hot = deck.one_hot

    def turned(values: NDArray[Any]) -> NDArray[Any]:
        """A per-seat array, the viewer's seat first."""
        flat = values.reshape((tables * count, *values.shape[2:]))
        result: NDArray[Any] = flat[seats]
        return result

    def flags(bits: NDArray[Any]) -> NDArray[np.float32]:
        """Seat sets as flags by offset from the viewer."""
        result: NDArray[np.float32] = deck.flags[
            bits.astype(np.int64) * count + v.reshape(v.shape + (1,) * (bits.ndim - 1))
        ]
        return result

    def put(block: str, values: NDArray[Any]) -> None:
        flat = values.reshape(tables, -1)
        out[:, start[block] : start[block] + flat.shape[1]] = flat

    flat_out = out.reshape(-1)

    def put_ones(first: int, cards: Int) -> None:
        """A 1.0 for each card of ``cards`` (``(B, n)``, ``K``: none) in the block at ``first``."""
        where = rows[:, None] * size + first + np.arange(count) * kinds + cards
        flat_out[where[cards != deck.none]] = 1.0

    phase = s.phase
    in_round = phase != OVER
    over = ~in_round
    column = np.where(phase == PLAY, 1, np.where(phase == CHOOSE, 2, 4))
    out.reshape(-1)[rows * size + start["phase"] + column] = 1.0
    out[:, start["seated"] : start["seated"] + count] = 1.0
    actor = s.actor
    playing = in_round.nonzero()[0]
    out.reshape(-1)[playing * size + start["to_act"] + deck.offset[v[playing], actor[playing]]] = (
        1.0
    )

    # The viewer's hand: their card, and their draws on their own turn.
    hand = np.zeros((tables, kinds + 1), dtype=np.int16)
    wide = hand.reshape(-1)
    mine = s.hand.reshape(-1)[rows * count + v]
    wide[rows * (kinds + 1) + mine] += 1
    acting = (in_round & (v == actor)).nonzero()[0]
    wide[acting * (kinds + 1) + s.drawn[acting]] += 1
    wide[acting * (kinds + 1) + s.drawn2[acting]] += 1
    hand = hand[:, :kinds]
    put("hand", hand)

    put("out", flags(s.out))
    put("protected", flags(s.protected))
    put("tokens", turned(s.tokens))
    sizes = (s.hand != deck.none).astype(np.int8)
    sizes.reshape(-1)[rows * count + actor] += in_round * (1 + (s.drawn2 != deck.none))
    put("hand_size", turned(sizes))
    discards = turned(s.discards)
    put("discards", discards)
    block = start["last_discard"]
    last = turned(s.last)
    put_ones(block, last)

    # What the viewer knows each other hand holds (players still in only).
    knows = turned(s.known.reshape(tables * count, count)[rows * count + v])
    knows[turned(s.hand) == deck.none] = deck.none
    knows[:, 0] = deck.none
    put_ones(start["holds"], knows)
    ruled = turned(s.ruled_out).reshape(-1)
    some = ruled.nonzero()[0]  # the seats with cards ruled out: few
    where = (some // count) * size + start["ruled_out"] + (some % count) * kinds
    flat_out[(where[:, None] + np.arange(kinds)).reshape(-1)] = deck.card_bits[ruled[some]].reshape(
        -1
    )
    paired = np.flatnonzero(s.tied.any(axis=1))
    if paired.size:  # LL19-BARON-TIE: the hands known to be equal
        tied = out[:, start["tied"] : start["tied"] + most * most].reshape(tables, most, most)
        ties = turned(s.tied)[paired].astype(np.int64) * count + v[paired, None]
        tied[paired, :count, :count] = deck.flags[ties]

    # LL19-SETUP-DECK: the unseen cards are the deck less every card the viewer has seen.
    seen_cards = hand + discards[:, 0]
    for seat in range(1, count):
        seen_cards += discards[:, seat]
    held = np.bincount(
        (rows[:, None] * (kinds + 1) + knows).reshape(-1), minlength=tables * (kinds + 1)
    )
    seen_cards += held.reshape(tables, kinds + 1)[:, :kinds].astype(np.int16)
    if deck.face_up:
        face_up = one_hot[s.face_up].sum(axis=1)
        put("face_up", face_up)
        seen_cards += face_up.astype(np.int16)
    below = np.zeros(tables, dtype=np.int64)
    mixed = (s.under_own == v[:, None]).any(axis=1).nonzero()[0]
    if mixed.size:  # LL19-CHANCELLOR-ORDER: the viewer's cards under the pile
        own = s.under_own[mixed] == v[mixed, None]
        returned = s.deck[mixed, deck.size :]
        buried = np.zeros((tables, kinds), dtype=np.float32)
        buried[mixed] = (one_hot[returned] * own[:, :, None]).sum(axis=1)
        put("buried", buried)
        seen_cards += buried.astype(np.int16)
        lowest = np.where(own, np.arange(own.shape[1]), -1).max(axis=1)
        below[mixed] = np.where(lowest >= 0, s.returned[mixed] - 1 - lowest, 0)
    ended = over.nonzero()[0]
    if ended.size:  # LL19-END-DECK-EMPTY: the set-aside card is shown at the round's end
        revealed = np.zeros((tables, kinds), dtype=np.float32)
        revealed[ended] = one_hot[s.aside[ended]]
        put("set_aside", revealed)
        seen_cards += revealed.astype(np.int16)
    put("unseen", np.maximum(deck.copies - seen_cards, 0))
    out[:, start["pile_size"]] = deck.size - s.dealt + s.returned
    out[:, start["buried_under"]] = below
    out[:, start["round_number"]] = s.round
    out[:, start["target"]] = target

    if ended.size:
        shown = v[ended]
        for name, bits in (("round_winners", s.won), ("game_winners", s.winners)):
            here = deck.flags[bits[ended].astype(np.int64) * count + shown]
            out[ended, start[name] : start[name] + count] = here
        spy = s.spy_bonus[ended].astype(np.int64)
        earned = spy >= 0
        at = start["spy_bonus"] + deck.offset[shown[earned], spy[earned]]
        out.reshape(-1)[ended[earned] * size + at] = 1.0
    out[~seen] = 0.0
    return out
