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

from loveletter.batch.layout import PLAY, Arrays, Deck, Int

__all__ = ["Recorder", "deal", "draw", "pile_size", "under_pile"]


class Recorder(Protocol):
    """What a deal and a draw tell a batch's recorder (:mod:`loveletter.batch.export`)."""

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
    width = s.deck.shape[1]
    size = deck.size
    dealt = s.dealt[rows]
    left = np.maximum(size - dealt, 0)
    here = rows * width + dealt
    there = here + (rng.random(rows.size) * left).astype(np.int64)
    cards = s.deck.reshape(-1)
    drawn: Int = cards[there]
    cards[there] = cards[here]
    s.dealt[rows] = dealt + 1
    fresh = left > 0
    if recorder is not None:
        recorder.drew(rows[fresh], drawn[fresh])
    if observe and not fresh.all():
        under = (~fresh).nonzero()[0]
        low, seat = rows[under], seats[under]
        place = low * s.under_own.shape[1] + dealt[under] - size
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
    count, size = deck.players, deck.size
    dealing = 1 + deck.face_up + count
    drawing = dealing + 1  # and the starter's draw, the pile's top card
    cards = np.empty((rows.size, s.deck.shape[1]), dtype=np.int64)
    cards[:, :size] = deck.order
    cards[:, size:] = deck.none
    flat = cards.reshape(-1)
    base = np.arange(rows.size) * cards.shape[1]
    steps = np.arange(drawing)
    picks = steps[:, None] + (rng.random((drawing, rows.size)) * (size - steps)[:, None]).astype(
        np.int64
    )
    dealt = np.empty((drawing, rows.size), dtype=np.int64)
    for step in range(drawing):
        here, there = base + step, base + picks[step]
        dealt[step] = flat[there]
        flat[there] = flat[here]
    s.deck[rows] = cards
    s.dealt[rows] = drawing
    s.aside[rows] = dealt[0]
    face_up = np.full((rows.size, 3), deck.none, dtype=np.int64)
    face_up[:, : deck.face_up] = dealt[1 : 1 + deck.face_up].T
    s.face_up[rows] = face_up
    hands = np.empty((rows.size, count), dtype=np.int64)
    seats = (first + np.arange(count)[:, None]) % count  # LL19-SETUP-ORDER: from the starter
    places = np.arange(rows.size) * count + seats
    hands.reshape(-1)[places.reshape(-1)] = dealt[1 + deck.face_up : dealing].reshape(-1)
    s.hand[rows] = hands
    if recorder is not None:
        recorder.dealt(rows, first, dealt[0], face_up, hands)
        recorder.drew(rows, dealt[dealing])
    for name in ("out", "protected", "spied", "returned", "winners", "discarded"):
        getattr(s, name)[rows] = 0
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
