"""The deal and the draw pile: lazy draws, the cards returned under the pile, new rounds.

The deck is never shuffled ahead: each card is drawn when it is needed, uniformly among
the cards not dealt yet, which is what the next card of a uniformly shuffled deck is
(LL19-SETUP-ORDER deals from such a deck). Each table's ``deck`` row starts a round as
the edition's deck (``D`` cards), with room after it for the cards Chancellors return.
Its first ``dealt`` places hold the cards gone; a draw takes the card at a random place
among the ``D - dealt`` others and moves the card at the first of them there (one step
of a Fisher-Yates shuffle, made only when a card is drawn). Returned cards are written
after the deck, in the order they go under the pile (LL19-CHANCELLOR-ORDER), so once the
deck's own cards are gone the same draw takes them, in that order, from place ``D`` on:
the pile holds ``D + returned - dealt`` cards. Whoever returned a card and still knows
it there (``under_own``) learns who draws it (:class:`~loveletter.state.Buried`).

A :class:`Recorder` (a batch made with ``record=True``) is told every deal and every
card drawn from the deck's own cards, so that a table's rounds can be written as
layouts.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from loveletter.research.batch.layout import PLAY, Arrays, Deck, Int

__all__ = ["Recorder", "deal", "draw", "pile_size", "under_pile"]


class Recorder(Protocol):
    """What a deal and a draw tell a batch's recorder (:mod:`loveletter.research.batch.export`)."""

    def dealt(self, rows: Int, first: Int, aside: Int, face_up: Int, hands: Int) -> None:
        """``rows`` were dealt: the starter, the set-aside card, the face-up cards, the hands."""

    def drew(self, rows: Int, cards: Int) -> None:
        """``rows`` drew ``cards`` off their decks' own cards (the pile's next cards)."""

    def ended(self, rows: Int) -> None:
        """The round at ``rows`` ended (the cards never drawn lie in ``deck``)."""


def pile_size(s: Arrays, rows: Int) -> Int:
    """How many cards each of ``rows``'s draw piles holds."""
    size = s.deck.shape[1] - s.under_own.shape[1]
    result: Int = size + s.returned[rows] - s.dealt[rows]
    return result


def under_pile(s: Arrays) -> Int:
    """``(B,)``: how many of the cards returned under each pile are still there."""
    size = s.deck.shape[1] - s.under_own.shape[1]
    result: Int = s.returned - np.maximum(s.dealt - size, 0)
    return result


def draw(
    s: Arrays,
    deck: Deck,
    rng: np.random.Generator,
    rows: Int,
    seats: Int,
    observe: bool,
    recorder: Recorder | None,
) -> Int:
    """Each of ``seats`` takes the top card of its table's pile (every pile holds one).

    While the deck's own cards last, one of them at random; then the returned cards, in
    order. Whoever returned the card drawn, and still knows it there, now knows who
    holds it.
    """
    size = deck.size
    dealt = s.dealt.take(rows)
    left = size - dealt
    np.maximum(left, 0, out=left)
    here = rows * s.deck.shape[1]
    here += dealt
    pick = rng.random(rows.size)
    pick *= left
    there = pick.astype(np.intp)
    there += here
    cards = s.deck.reshape(-1)
    drawn: Int = cards.take(there)
    cards[there] = cards.take(here)
    dealt += 1
    s.dealt[rows] = dealt
    if recorder is not None:
        fresh = left > 0
        recorder.drew(rows[fresh], drawn[fresh])
    if observe and (left == 0).any():
        under = (left == 0).nonzero()[0]
        low, seat = rows[under], seats[under]
        place = low * s.under_own.shape[1] + dealt[under] - 1 - size
        owner = s.under_own.reshape(-1)[place].astype(np.int64)
        s.under_own.reshape(-1)[place] = -1
        learns = (owner >= 0) & (owner != seat)
        count = deck.players
        where = (low[learns] * count + seat[learns]) * 8 + owner[learns]
        s.known.reshape(-1)[where] = drawn[under][learns]
    return drawn


def deal(
    s: Arrays,
    deck: Deck,
    rng: np.random.Generator,
    rows: Int,
    first: Int,
    observe: bool,
    recorder: Recorder | None,
) -> None:
    """Deal the next round at ``rows``: ``first`` starts and draws (LL19-SETUP-DEAL).

    Off the shuffled deck come the set-aside card, the face-up cards (two players) and
    one card per seat from ``first`` on (LL19-SETUP-ORDER), each drawn when dealt; every
    other field of the round starts afresh (what players know only with ``observe``).
    """
    if rows.size == 0:
        return
    count, tables = deck.players, rows.size
    dealing = 1 + deck.face_up + count
    drawing = dealing + 1  # and the starter's draw, the pile's top card
    width = s.deck.shape[1]
    cards = np.empty((tables, width), dtype=s.deck.dtype)
    cards[:] = deck.fresh
    flat = cards.reshape(-1)
    here = np.arange(0, tables * width, width) + deck.dealt_first[:, None]
    """Where each card of the deal is taken from (the first of the cards left)."""
    picks = rng.random((drawing, tables))
    picks *= deck.draw_from[:, None]
    picks = picks.astype(np.intp)
    picks += here
    dealt = np.empty((drawing, tables), dtype=s.deck.dtype)
    for step in range(drawing):
        flat.take(picks[step], out=dealt[step])
        flat[picks[step]] = flat.take(here[step])
    s.deck[rows] = cards
    s.dealt[rows] = drawing
    s.aside[rows] = dealt[0]
    face_up = np.full((tables, 3), deck.none, dtype=np.int8)
    if deck.face_up:
        face_up[:, : deck.face_up] = dealt[1 : 1 + deck.face_up].T
        s.face_up[rows] = face_up
    # LL19-SETUP-ORDER: one card each from the starter on; the seat ``j`` places after
    # the starter gets the ``j``-th.
    order = deck.offset.take(first, axis=0)
    order *= tables
    order += np.arange(tables)[:, None]
    hands = dealt[1 + deck.face_up : dealing].reshape(-1).take(order)
    s.hand[rows] = hands
    if recorder is not None:
        recorder.dealt(rows, first, dealt[0], face_up, hands)
        recorder.drew(rows, dealt[dealing])
    for name in ("out", "protected", "spied", "returned", "winners"):
        getattr(s, name)[rows] = 0
    if deck.classic_ties:
        s.discarded[rows] = 0
    s.drawn2[rows] = deck.none
    if observe:
        s.tied[rows] = 0
        s.ruled_out[rows] = 0
        s.under_own[rows] = -1
        s.discards[rows] = 0
        s.last[rows] = deck.none
        s.known[rows] = deck.none
    s.round[rows] += 1
    s.first[rows] = first
    s.actor[rows] = first
    s.phase[rows] = PLAY
    s.drawn[rows] = dealt[dealing]
