"""Love Letter as a Gymnasium vector environment on the batch engine: one learner a table.

:class:`LoveLetterVectorEnv` is a :class:`gymnasium.vector.VectorEnv` of ``num_envs``
tables played at once by :class:`loveletter.research.batch.Batch` (the ``[rl]`` extra, which
brings NumPy). Importing :mod:`loveletter.research.rl.gymnasium` registers it as
``loveletter/LoveLetterBatch-v0``:
``gymnasium.make_vec("loveletter/LoveLetterBatch-v0", num_envs=4096, players=4)``. At each
table the learner sits in ``seat`` (0 by default); the other seats are played by
``opponents``: ``"random"`` (uniformly random legal actions, the default) or a batched
policy, a callable ``policy(observations, masks) -> actions`` given the observations and
legal masks of the tables where an opponent must act (one row each) and returning one
action id per row.

**Spaces.** An observation is the encoding's vector of the learner's view
(:meth:`Encoding.observation <loveletter.research.encoding.Encoding.observation>`), ``float32``,
``(num_envs, observation_size)``; an action is an action id of the encoding, one per
table (``MultiDiscrete``). ``info["action_mask"]`` holds the learner's legal ids,
``(num_envs, num_actions)``, ``bool`` (all false at a table whose episode just ended).
Draws and deals are the engine's; between the learner's turns the opponents play, and
the rounds the learner is knocked out of are played to their end without it.

**Rewards and episodes.** An episode is a whole game: 0 on every step, then the
learner's share of the encoding's zero-sum returns on the step that ends the game
(``terminated``). Nothing is truncated. A game in which the learner never acts (knocked
out of every round before its first turn) is dealt again rather than offered.

**Autoreset: next step** (``metadata["autoreset_mode"]`` is
``AutoresetMode.NEXT_STEP``, Gymnasium's default). The step that
ends a table's episode returns its final observation; the next call to
:meth:`~LoveLetterVectorEnv.step`
ignores that table's action, deals it a new game and returns the new game's first
observation, with a reward of 0 and ``terminated`` false.

**Illegal actions** raise :class:`~loveletter.research.batch.IllegalActionError` and change
nothing (no table moves).

**Seeding.** ``reset(seed=S)`` starts every table afresh from the batch's generator
seeded with ``S``: the same seed and actions give the same episodes; ``reset()`` without
a seed deals new games with the generator as it is.

>>> import numpy as np
>>> env = LoveLetterVectorEnv(num_envs=8, players=3)
>>> observations, info = env.reset(seed=1)
>>> observations.shape, info["action_mask"].shape
((8, 389), (8, 1177))
>>> pick = np.random.default_rng(0)
>>> ended = 0
>>> while ended < 8:
...     masks = info["action_mask"]
...     actions = [pick.choice(np.flatnonzero(row)) if row.any() else 0 for row in masks]
...     observations, rewards, terminated, truncated, info = env.step(actions)
...     ended += int(terminated.sum())
>>> rewards.dtype, bool(truncated.any())
(dtype('float64'), False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space
from numpy.typing import NDArray

from loveletter.editions import Edition
from loveletter.errors import SetupError
from loveletter.research.batch import Batch
from loveletter.research.rl.gymnasium import observation_space_for

__all__ = ["VECTOR_ENV_ID", "LoveLetterVectorEnv", "Policy"]

VECTOR_ENV_ID = "loveletter/LoveLetterBatch-v0"
"""The id the vector environment is registered with (``gymnasium.make_vec``)."""

Policy = Callable[[NDArray[np.float32], NDArray[np.bool_]], Any]
"""A batched policy: ``policy(observations, masks)`` -> one action id per row."""


class LoveLetterVectorEnv(gymnasium.vector.VectorEnv):  # type: ignore[misc]
    """``num_envs`` tables on the batch engine, a learner at each (see the module's text)."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 16,
        *,
        edition: str | Edition = "2019",
        players: int = 2,
        seat: int = 0,
        opponents: str | Policy = "random",
        target: int | str | None = None,
    ) -> None:
        """``num_envs`` tables of ``players``; the learner sits in ``seat`` at each."""
        batch = Batch.new(tables=num_envs, players=players, edition=edition, target=target, seed=0)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise SetupError(f"seat must be a seat number from 0 to {players - 1}, not {seat!r}")
        if opponents != "random" and not callable(opponents):
            raise SetupError(f"opponents must be 'random' or a batched policy, not {opponents!r}")
        self.num_envs = num_envs
        self.seat = seat
        self.players = players
        self.edition = batch.edition
        self._target = target
        self._opponents = opponents
        self.single_observation_space = observation_space_for(batch.edition, players)["observation"]
        self.single_action_space = spaces.Discrete(batch.encoding.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._batch = batch
        self._restart = np.zeros(num_envs, dtype=bool)
        self._seats = np.full(num_envs, seat, dtype=np.int64)

    @property
    def batch(self) -> Batch:
        """The batch the tables are played on: the true state, for tests and tooling."""
        return self._batch

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """New games at every table, played up to the learner's first decision."""
        if seed is not None:
            self._batch = Batch.new(
                tables=self.num_envs,
                players=self.players,
                edition=self.edition,
                target=self._target,
                seed=seed,
            )
        else:
            self._batch._start(np.arange(self.num_envs))
        self._restart[:] = False
        rewards = np.zeros(self.num_envs)
        self._advance(rewards, np.ones(self.num_envs, dtype=bool))
        return self._seen()

    def step(
        self, actions: Any
    ) -> tuple[
        NDArray[np.float32],
        NDArray[np.float64],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, Any],
    ]:
        """The learners' actions, then the opponents' until each learner acts again.

        Tables whose episode ended at the last step start a new game instead (their
        actions are ignored).
        """
        batch = self._batch
        ids = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        restart = self._restart
        rewards = np.zeros(self.num_envs)
        step = batch.step(ids)  # tables whose game is over (to restart) take no action
        rewards += step.rewards[:, self.seat]
        terminated = step.game_over.copy()
        if restart.any():
            batch._start(np.flatnonzero(restart))
        self._advance(rewards, restart, terminated)
        self._restart = terminated.copy()
        observations, info = self._seen()
        return observations, rewards, terminated, np.zeros(self.num_envs, dtype=bool), info

    def _advance(
        self,
        rewards: NDArray[np.float64],
        fresh: NDArray[np.bool_],
        terminated: NDArray[np.bool_] | None = None,
    ) -> None:
        """Let the opponents act until every table waits for its learner or is over.

        A table in ``fresh`` (a game just dealt) whose game ends before its learner
        acts is dealt again.
        """
        batch = self._batch
        fresh = fresh.copy()
        while True:
            acting = batch.acting
            fresh &= acting != self.seat
            waiting = (acting >= 0) & (acting != self.seat)
            if not waiting.any():
                again = fresh & batch.over
                if not again.any():
                    return
                batch._start(np.flatnonzero(again))
                continue
            if self._opponents == "random":
                step = batch.step(batch.random_actions(), check=False, where=waiting)
            else:
                rows = np.flatnonzero(waiting)
                actions = np.zeros(self.num_envs, dtype=np.int64)
                policy = self._opponents
                assert callable(policy)
                chosen = policy(batch.observation()[rows], batch.legal_mask()[rows])
                actions[rows] = np.asarray(chosen, dtype=np.int64).reshape(rows.size)
                step = batch.step(actions, where=waiting)
            ended = step.game_over & ~fresh
            rewards += np.where(fresh, 0.0, step.rewards[:, self.seat])
            if terminated is not None:
                terminated |= ended

    def _seen(self) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Each learner's observation, and the info: each learner's legal mask."""
        batch = self._batch
        return batch.observation(self._seats), {"action_mask": batch.legal_mask()}
