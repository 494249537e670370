"""The learned bot's inputs and policy over a batch: what training and bulk play read.

:class:`~loveletter.bots.learned.LearnedBot` reads a view; a learner on the batch engine
reads observations (:meth:`Batch.observation <loveletter.research.batch.Batch.observation>`).
:func:`features` gives, from a batch of observations, the numbers the bot's
:func:`~loveletter.bots.learned.features` gives of each view, and :func:`action_parts` each
action id's parts as :func:`~loveletter.bots.learned.action_parts` gives a command's (a test
compares them over thousands of views). :class:`LearnedPolicy` plays the bot's policy at
every table at once, NumPy only, with the shipped weights or others.

>>> from loveletter.research.batch import Batch
>>> batch = Batch.new(tables=100, players=2, seed=2)
>>> policy = LearnedPolicy(seed=2)
>>> while not batch.over.all():
...     _ = batch.step(policy.act(batch))
>>> int(batch.game_winners.sum())
100
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from loveletter.bots.learned import EDITION, Weights, weights
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import LoveLetterError
from loveletter.research.batch.batch import Batch
from loveletter.research.batch.heuristic import HeuristicPolicy
from loveletter.research.batch.layout import Int, deck_of
from loveletter.research.batch.legal import moves_of
from loveletter.research.encoding import encoding

__all__ = ["LearnedPolicy", "action_parts", "features"]


def _blocks(ed: Edition) -> dict[str, tuple[int, int]]:
    return {name: (start, size) for name, start, size in encoding(ed).observation_layout()}


def features(
    observations: NDArray[Any], odds: NDArray[Any], *, edition: str | Edition = EDITION
) -> NDArray[np.float32]:
    """``(B, F)``: the bot's features of each observation (float32).

    ``odds``, ``(B, N, K)``: each hand's odds as the heuristic counts them
    (:meth:`HeuristicPolicy.odds <loveletter.research.batch.heuristic.HeuristicPolicy.odds>`).
    """
    ed = edition_named(edition)
    blocks = _blocks(ed)
    obs = np.asarray(observations, dtype=np.float64)
    rows = len(obs)

    def block(name: str) -> NDArray[np.float64]:
        start, size = blocks[name]
        return obs[:, start : start + size]

    seated, out = block("seated"), block("out")
    target = block("target")
    tokens = block("tokens") / np.maximum(target, 1)
    seats = np.stack([seated, out, block("protected"), tokens], axis=1)
    live = (seated > 0) & (out == 0)
    live[:, 0] = False
    chances = np.where(live[:, :, None], odds, 0.0)
    phase_start = blocks["phase"][0]
    table = np.stack(
        [
            obs[:, phase_start + 2],  # the phase "choose"
            block("pile_size")[:, 0] / len(ed.deck),
            target[:, 0] / 10,
        ],
        axis=1,
    )
    parts = (
        block("hand"),
        seats,
        block("discards"),
        block("last_discard"),
        chances,
        block("unseen"),
        table,
    )
    return np.concatenate([p.reshape(rows, -1) for p in parts], axis=1).astype(np.float32)


def action_parts(edition: str | Edition = EDITION) -> Int:
    """``(num_actions, 4)``: each action id's parts, as indices.

    The card played, the seat offset chosen, the card named and the card kept, as
    :func:`loveletter.bots.learned.action_parts` gives them.
    """
    ed = edition_named(edition)
    deck = deck_of(ed, ed.min_players)
    moves = moves_of(deck)
    kinds, most = deck.kinds, ed.max_players
    parts: Int = np.stack(
        [
            np.where(moves.card < 0, kinds, moves.card),
            np.where(moves.offset < 0, most, moves.offset),
            np.where(moves.guess < 0, kinds, moves.guess),
            np.where(moves.keep < 0, kinds, moves.keep),
        ],
        axis=1,
    ).astype(np.intp)
    return parts


class LearnedPolicy:
    """The learned bot's decisions at many tables at once (the shipped weights by default).

    It plays the best action by its scores (:meth:`scores`), ties broken at random with a
    generator seeded with ``seed``.
    """

    def __init__(self, learned: Weights | None = None, *, seed: int | None = None) -> None:
        self.weights = weights() if learned is None else learned
        self.edition = edition_named(EDITION)
        self.heuristic = HeuristicPolicy(self.edition, seed=seed)
        self._rng = np.random.default_rng(seed)
        self._embedding = self.weights.embedding(action_parts(self.edition))

    def inputs(
        self, observations: NDArray[Any], masks: NDArray[np.bool_]
    ) -> tuple[NDArray[np.float32], NDArray[np.float64]]:
        """The features and the heuristic's scores (-inf where illegal) of each table."""
        odds = self.heuristic.odds(observations)
        return features(observations, odds, edition=self.edition), self.heuristic.scores(
            observations, masks
        )

    def scores(self, observations: NDArray[Any], masks: NDArray[np.bool_]) -> NDArray[Any]:
        """``(B, num_actions)``: each action's score (-inf where illegal)."""
        x, prior = self.inputs(observations, masks)
        hidden = self.weights.hidden(x.astype(np.float64))
        with np.errstate(invalid="ignore"):
            result: NDArray[Any] = self.weights.scale * prior + hidden @ self._embedding.T
        return np.where(np.isfinite(prior), result, -np.inf)

    def __call__(self, observations: NDArray[Any], masks: NDArray[np.bool_]) -> Int:
        """``(B,)``: the best action at each table; -1 where none is legal."""
        scores = self.scores(observations, masks)
        top = scores.max(axis=1, keepdims=True)
        best = (scores == top) & np.isfinite(scores)
        key = np.where(best, self._rng.random(best.shape), -1.0)
        actions: Int = np.where(best.any(axis=1), key.argmax(axis=1), -1)
        return actions

    def act(self, batch: Batch) -> Int:
        """The policy's action at every table of ``batch`` (-1 where its game is over)."""
        if batch.edition is not self.edition:
            raise LoveLetterError(f"the learned policy plays the {EDITION} edition")
        return self(batch.observation(), batch.legal_mask())
