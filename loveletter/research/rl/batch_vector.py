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

**Single rounds.** With ``single_round=True`` an episode is one round, from a new game:
its reward is the learner's share of the round's returns, scored by its winners, on the
step that ends the round (as :class:`~loveletter.research.rl.gymnasium.LoveLetterGymEnv`
scores ``single_round``). The engine deals the next round in the step that ends one, so
the final observation of a round shows the table as the next round is dealt (its mask
is all false); its values are those of a terminal state, never bootstrapped.

**Autoreset** (``autoreset_mode``, in ``metadata["autoreset_mode"]``).
``AutoresetMode.NEXT_STEP``, Gymnasium's default: the step that ends a table's episode
returns its final observation; the next call to :meth:`~LoveLetterVectorEnv.step`
ignores that table's action, deals it a new game and returns the new game's first
observation, with a reward of 0 and ``terminated`` false. ``AutoresetMode.SAME_STEP``
(what Stable-Baselines3's vector environments do): the step that ends a table's
episode deals it a new game at once and returns the new game's first observation, so
that every mask has a legal action; the episode's final observation is in
``info["final_obs"]`` (the rows of ``info["_final_obs"]``), its reward and
``terminated`` are that step's. :meth:`~LoveLetterVectorEnv.restart` starts new games at
chosen tables at any time.

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
from typing import Any, Literal

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
        single_round: bool = False,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
    ) -> None:
        """``num_envs`` tables of ``players``; the learner sits in ``seat`` at each."""
        mode = AutoresetMode(autoreset_mode)
        if mode not in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
            raise SetupError(f"autoreset_mode must be next-step or same-step, not {mode}")
        self.single_round = bool(single_round)
        self._rewards: Literal["game", "round"] = "round" if self.single_round else "game"
        batch = Batch.new(
            tables=num_envs,
            players=players,
            edition=edition,
            target=target,
            seed=0,
            rewards=self._rewards,
        )
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise SetupError(f"seat must be a seat number from 0 to {players - 1}, not {seat!r}")
        if opponents != "random" and not callable(opponents):
            raise SetupError(f"opponents must be 'random' or a batched policy, not {opponents!r}")
        self.metadata = {**self.metadata, "autoreset_mode": mode}
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
        self._ended = np.zeros(num_envs, dtype=bool)
        """The tables whose episode ended, waiting for the next step (next-step mode)."""
        self._seats = np.full(num_envs, seat, dtype=np.int64)

    @property
    def batch(self) -> Batch:
        """The batch the tables are played on: the true state, for tests and tooling."""
        return self._batch

    @property
    def autoreset_mode(self) -> AutoresetMode:
        """When a table whose episode ended starts the next: the step after, or at once."""
        mode: AutoresetMode = self.metadata["autoreset_mode"]
        return mode

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
                rewards=self._rewards,
            )
            every = np.ones(self.num_envs, dtype=bool)
            self._ended[:] = False
            self._advance(np.zeros(self.num_envs), every)
            return self._seen()
        return self.restart(np.ones(self.num_envs, dtype=bool))

    def restart(self, tables: Any) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """New games at the chosen tables, up to their learner's first decision.

        ``tables``: indices, or ``(num_envs,)`` booleans; the other tables wait as they
        are. Returns every table's observation and info, as :meth:`reset` does.
        """
        chosen = np.zeros(self.num_envs, dtype=bool)
        chosen[np.asarray(tables)] = True
        self._batch.restart(chosen)
        self._ended &= ~chosen
        self._advance(np.zeros(self.num_envs), chosen)
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

        In next-step mode, tables whose episode ended at the last step start a new game
        instead (their actions are ignored); in same-step mode, the tables whose episode
        ends now start the next at once, and their final observations are in
        ``info["final_obs"]``.
        """
        batch = self._batch
        ids = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)
        restart = self._ended.copy()
        rewards = np.zeros(self.num_envs)
        step = batch.step(ids, where=~restart)  # the tables to restart take no action
        rewards += step.rewards[:, self.seat]
        terminated = (step.round_over if self.single_round else step.game_over) & ~restart
        if restart.any():
            batch.restart(restart)
        self._ended = terminated.copy()
        self._advance(rewards, restart, terminated)
        observations, info = self._seen()
        if self.autoreset_mode is AutoresetMode.SAME_STEP:
            info["final_obs"], info["_final_obs"] = observations, terminated.copy()
            if terminated.any():
                info["final_obs"] = observations.copy()
                observations, fresh = self.restart(terminated)
                info["action_mask"] = fresh["action_mask"]
        return observations, rewards, terminated, np.zeros(self.num_envs, dtype=bool), info

    def _advance(
        self,
        rewards: NDArray[np.float64],
        fresh: NDArray[np.bool_],
        terminated: NDArray[np.bool_] | None = None,
    ) -> None:
        """Let the opponents act until every table waits for its learner or is over.

        A table in ``fresh`` (a game just dealt) whose episode ends before its learner
        acts is dealt again. A table whose episode ended waits for its restart (with
        ``single_round``, its next round is dealt but not played).
        """
        batch = self._batch
        fresh = fresh.copy()
        while True:
            acting = batch.acting
            fresh &= acting != self.seat
            waiting = (acting >= 0) & (acting != self.seat) & ~self._ended
            if not waiting.any():
                return
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
            ended = (step.round_over if self.single_round else step.game_over) & waiting
            if (ended & fresh).any():  # the learner never acted: deal again
                batch.restart(ended & fresh)
            self._ended |= ended & ~fresh
            rewards += np.where(fresh, 0.0, step.rewards[:, self.seat])
            if terminated is not None:
                terminated |= ended & ~fresh

    def _seen(self) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Each learner's observation, and the info: each learner's legal mask."""
        batch = self._batch
        masks = batch.legal_mask()
        masks[self._ended] = False
        return batch.observation(self._seats), {"action_mask": masks}
