"""The heuristic bot as a batch policy: its scores, worked out from observations and masks.

:class:`~loveletter.bots.heuristic.HeuristicBot` scores each legal command from what its
view tells (the card it keeps, the odds of each other hand) and plays the best, ties
broken at random. Everything it reads is in the encoding's observation: the viewer's hand,
the cards it knows another hand holds, the cards everyone knows a hand does not hold and
the cards it has not seen. :class:`HeuristicPolicy` reads those blocks of a batch of
observations and scores every legal action at once, so the batch engine's tables can
play against the heuristic at batch speed. It decides as the bot does: the same action
wherever one scores best, and uniformly among the best where several tie (as the bot's
random tie-break does). Its scores are exact: every odds and weight is scaled to a whole
number (the weights are hundredths, the odds have a denominator of at most the deck's
size), never a float, as the bot's are exact fractions. A test replays thousands of its
decisions through the referee and compares each with the bot's.

>>> from loveletter.research.batch import Batch
>>> from loveletter.research.batch.heuristic import HeuristicPolicy
>>> batch = Batch.new(tables=200, players=2, seed=4)
>>> policy = HeuristicPolicy(batch.edition, seed=4)
>>> while not batch.over.all():
...     _ = batch.step(policy.act(batch))
>>> int(batch.game_winners.sum())
200
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from loveletter.bots import heuristic as bot
from loveletter.cardrule import Intent, rule_of
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import LoveLetterError
from loveletter.research.batch.batch import Batch
from loveletter.research.batch.layout import Int, deck_of
from loveletter.research.batch.legal import moves_of

__all__ = ["HeuristicPolicy"]

_INTENTS = tuple(Intent)
_NONE = -1
"""The intent code of an action that is no play (a Chancellor's choice)."""


class HeuristicPolicy:
    """:class:`~loveletter.bots.heuristic.HeuristicBot`'s decisions, for many tables at once.

    Made for one edition; ``seed`` seeds the generator that breaks ties. It reads
    observations and legal masks of any table size of that edition, as
    :meth:`Batch.observation <loveletter.research.batch.Batch.observation>` and
    :meth:`Batch.legal_mask <loveletter.research.batch.Batch.legal_mask>` give them (or
    :meth:`Encoding.observation <loveletter.research.encoding.Encoding.observation>` of a
    referee's view), in any numeric type.
    """

    def __init__(self, edition: str | Edition = "2019", *, seed: int | None = None) -> None:
        ed = edition_named(edition)
        deck = deck_of(ed, ed.min_players)
        moves = moves_of(deck)
        enc = deck.encoding
        self.edition = ed
        self.encoding = enc
        self._rng = np.random.default_rng(seed)
        self._kinds = kinds = deck.kinds
        self._seats = ed.max_players
        blocks = {name: (start, size) for name, start, size in enc.observation_layout()}
        self._blocks = blocks
        self._unit = 100 * math.lcm(*range(1, deck.size + 1))
        """What 1 is worth in the scores: every weight and odds is a whole multiple of it."""
        self._value = deck.value[:kinds].astype(np.int64)
        self._card = np.where(moves.card < 0, kinds, moves.card)
        self._offset = moves.offset
        self._guess = moves.guess
        self._keep = moves.keep
        rules = [rule_of(card) for card in deck.cards]
        self._fatal = np.array([r.intent is Intent.LOSE for r in rules] + [False])
        self._lower_loses = np.array([r.lower_loses for r in rules] + [True])
        self._spy = np.array([r.bonus is not None for r in rules] + [False])
        codes = [_INTENTS.index(r.intent) for r in rules] + [_NONE]
        self._intent = np.array(codes, dtype=np.int64)[self._card]

    def _scaled(self, weight: Fraction) -> int:
        scaled = weight * self._unit
        if scaled.denominator != 1:  # pragma: no cover (the weights are hundredths)
            raise LoveLetterError(f"a weight of {weight} is no whole multiple of the unit")
        return int(scaled)

    def _block(self, observations: NDArray[Any], name: str, rows: int = 1) -> Int:
        start, size = self._blocks[name]
        block: Int = observations[:, start : start + size].astype(np.int64)
        return block.reshape(len(observations), rows, -1) if rows > 1 else block

    def odds(self, observations: NDArray[Any]) -> NDArray[np.float64]:
        """``(B, N, K)``: the odds of each seat's hand by card, as the bot counts them.

        By seat offset from the viewer's; a seat the viewer cannot tell anything of (no
        card unseen) has all 0.
        """
        scaled, _ = self._odds(np.asarray(observations))
        result: NDArray[np.float64] = scaled / self._unit
        return result

    def _odds(self, observations: NDArray[Any]) -> tuple[Int, NDArray[np.bool_]]:
        """``(B, N, K)``: each hand's odds, scaled; and ``(B, N)``: whether they are certain."""
        n = self._seats
        holds = self._block(observations, "holds", n)
        ruled = self._block(observations, "ruled_out", n) > 0
        unseen = self._block(observations, "unseen")[:, None, :]
        counts = np.where(ruled, 0, unseen)
        counts = np.where(counts.sum(axis=2, keepdims=True) > 0, counts, unseen)
        total = counts.sum(axis=2, keepdims=True)
        odds = counts * (self._unit // np.maximum(total, 1))
        held = holds.argmax(axis=2)
        certain_held = holds.max(axis=2) > 0
        known = np.zeros_like(odds)
        np.put_along_axis(known, held[:, :, None], self._unit, axis=2)
        odds = np.where(certain_held[:, :, None], known, odds)
        certain = (odds > 0).sum(axis=2) == 1
        return odds, certain

    def pair_scores(
        self, observations: NDArray[Any], masks: NDArray[np.bool_]
    ) -> tuple[Int, Int, Int]:
        """Every legal action's score: the rows, the action ids and the scores, in order.

        Scores are whole numbers, the bot's exact scores times :attr:`unit`.
        """
        obs = np.asarray(observations)
        legal = np.asarray(masks, dtype=bool)
        if obs.ndim != 2 or legal.ndim != 2 or len(obs) != len(legal):
            raise LoveLetterError("observations and masks must be two arrays of B rows")
        if obs.shape[1] != self.encoding.observation_size:
            raise LoveLetterError(
                f"observations of {obs.shape[1]} columns, for an encoding of "
                f"{self.encoding.observation_size}"
            )
        if legal.shape[1] != self.encoding.num_actions:
            raise LoveLetterError(
                f"masks of {legal.shape[1]} columns, for an encoding of "
                f"{self.encoding.num_actions} actions"
            )
        rows, ids = legal.nonzero()
        odds, certain = self._odds(obs)
        return rows, ids, self._scores(obs, odds, certain, rows, ids)

    @property
    def unit(self) -> int:
        """What a score of 1 is worth in :meth:`pair_scores`."""
        return self._unit

    def _scores(
        self, obs: NDArray[Any], odds: Int, certain: NDArray[np.bool_], rows: Int, ids: Int
    ) -> Int:
        s = self._scaled
        value, kinds = self._value, self._kinds
        hand = self._block(obs, "hand")[rows]
        card, offset, intent = self._card[ids], self._offset[ids], self._intent[ids]
        played = np.eye(kinds + 1, kinds, dtype=np.int64)[card]
        kept = (hand - played).argmax(axis=1)
        mine = value[kept]
        at = np.maximum(offset, 0)
        p = odds[rows, at]  # (P, K): the target's odds (meaningless where none is chosen)
        chosen = offset > 0
        score = np.zeros(len(ids), dtype=np.int64)

        def where(code: Intent) -> NDArray[np.bool_]:
            result: NDArray[np.bool_] = intent == _INTENTS.index(code)
            return result

        guess = self._guess[ids]
        named = np.take_along_axis(p, np.minimum(guess, kinds - 1)[:, None], axis=1)[:, 0]
        score += np.where(where(Intent.GUESS) & chosen & (guess < kinds), named, 0)
        look = np.where(certain[rows, at], s(bot._PRIEST_KNOWN), s(bot._PRIEST_UNKNOWN))
        score += np.where(where(Intent.LOOK) & chosen, look, 0)
        lower = (p * (value[None, :] < mine[:, None])).sum(axis=1)
        higher = (p * (value[None, :] > mine[:, None])).sum(axis=1)
        loses = self._lower_loses[card]
        win, lose = np.where(loses, lower, higher), np.where(loses, higher, lower)
        loss = bot._BARON_LOSS
        compare = win - lose * loss.numerator // loss.denominator
        score += np.where(where(Intent.COMPARE) & chosen, compare, 0)
        protect = s(bot._HANDMAID) + s(bot._HANDMAID_PER_POINT) * mine
        score += np.where(where(Intent.PROTECT), protect, 0)
        fatal_kept = self._fatal[kept]
        own = np.where(
            fatal_kept,
            s(bot._PRINCE_OWN_PRINCESS),
            s(bot._PRINCE_SELF) - s(bot._PRINCE_SELF_PER_POINT) * mine,
        )
        per = bot._PRINCE_PER_POINT
        expected = (p * value[None, :]).sum(axis=1) * per.numerator // per.denominator
        other = (p * self._fatal[None, :kinds]).sum(axis=1) + expected
        replace = np.where(offset == 0, own, np.where(chosen, other, 0))
        score += np.where(where(Intent.REPLACE), replace, 0)
        king = bot._KING_PER_POINT
        gain = (p * (value[None, :] - mine[:, None])).sum(axis=1)
        trade = gain * king.numerator // king.denominator - np.where(
            fatal_kept, s(bot._KING_GIVES_PRINCESS), 0
        )
        score += np.where(where(Intent.TRADE) & chosen, trade, 0)
        nothing = np.where(self._spy[card], s(bot._SPY), s(bot._COUNTESS))
        score += np.where(where(Intent.NOTHING), nothing, 0)
        score += np.where(where(Intent.DRAW_AND_RETURN), s(bot._CHANCELLOR), 0)
        score += np.where(where(Intent.LOSE), s(bot._NEVER) - s(bot._KEEP_PER_POINT) * mine, 0)
        playing = intent != _NONE
        score += np.where(playing, s(bot._KEEP_PER_POINT) * mine, 0)
        keep = self._keep[ids]
        score += np.where(keep >= 0, value[np.maximum(keep, 0)] * self._unit, 0)
        return score

    def scores(self, observations: NDArray[Any], masks: NDArray[np.bool_]) -> NDArray[np.float64]:
        """``(B, num_actions)``: each legal action's score as the bot weighs it; -inf if illegal."""
        rows, ids, score = self.pair_scores(observations, masks)
        dense = np.full(np.shape(masks), -np.inf)
        dense[rows, ids] = score / self._unit
        return dense

    def best(self, observations: NDArray[Any], masks: NDArray[np.bool_]) -> NDArray[np.bool_]:
        """``(B, num_actions)``: the actions that score best at each table (the bot's ties)."""
        rows, ids, score = self.pair_scores(observations, masks)
        top = np.full(len(masks), np.iinfo(np.int64).min)
        np.maximum.at(top, rows, score)
        chosen = np.zeros(np.shape(masks), dtype=bool)
        at = score == top[rows]
        chosen[rows[at], ids[at]] = True
        return chosen

    def __call__(self, observations: NDArray[Any], masks: NDArray[np.bool_]) -> Int:
        """``(B,)``: the bot's action at each table, ties drawn uniformly (-1: none legal)."""
        best = self.best(observations, masks)
        rows, ids = best.nonzero()
        key = self._rng.random(len(ids))
        order = np.lexsort((key, rows))
        actions = np.full(len(best), -1, dtype=np.int64)
        actions[rows[order]] = ids[order]  # the last of each row's ties wins: the largest key
        return actions

    def act(self, batch: Batch) -> Int:
        """The bot's action at every table of ``batch`` (-1 where its game is over)."""
        if batch.edition is not self.edition:
            raise LoveLetterError(
                f"a heuristic policy of the {self.edition.name} edition, for a batch of "
                f"the {batch.edition.name} edition"
            )
        return self(batch.observation(), batch.legal_mask())
