"""Love Letter as a Stable-Baselines3 vector environment on the batch engine (``[sb3]``).

:class:`LoveLetterSB3VecEnv` is a :class:`stable_baselines3.common.vec_env.VecEnv` of
``num_envs`` tables played at once by :class:`~loveletter.research.batch.Batch`, over the
batch engine's Gymnasium vector environment
(:class:`~loveletter.research.rl.batch_vector.LoveLetterVectorEnv`, in its same-step
autoreset mode, as SB3 resets): the learner sits in ``seat`` at every table, the other
seats are played by ``opponents`` (``"random"``, ``"heuristic"``, the heuristic bot as a
batch policy, :class:`~loveletter.research.batch.heuristic.HeuristicPolicy`, or a batched
policy of one's own), and ``single_round`` makes an episode one round. It gives its legal
masks as :meth:`~LoveLetterSB3VecEnv.action_masks` (what ``sb3_contrib``'s
``MaskablePPO`` reads), so that ``MaskablePPO`` trains on thousands of tables with no
adapter of the user's::

    from sb3_contrib import MaskablePPO
    env = LoveLetterSB3VecEnv(num_envs=1024, players=2, opponents="heuristic")
    MaskablePPO("MlpPolicy", env, n_steps=16, batch_size=4096).learn(100_000)

Observations are the encoding's ``float32`` vectors, ``(num_envs, observation_size)``;
rewards ``float32``; an episode that ends gives its final observation in its info
(``"terminal_observation"``), as SB3's own vector environments do, and the observation
returned is the next game's first. Nothing is truncated (``"TimeLimit.truncated"`` is
false). ``seed(S)`` (SB3's) seeds the next reset.

>>> env = LoveLetterSB3VecEnv(num_envs=4, players=2, opponents="heuristic")
>>> _ = env.seed(3)
>>> observations = env.reset()
>>> observations.shape, env.action_masks().shape
((4, 389), (4, 1177))
>>> observations, rewards, dones, infos = env.step(env.action_masks().argmax(axis=1))
>>> rewards.dtype, len(infos)
(dtype('float32'), 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode
from numpy.typing import NDArray
from stable_baselines3.common.vec_env import VecEnv

from loveletter.editions import Edition
from loveletter.errors import SetupError
from loveletter.research.batch.heuristic import HeuristicPolicy
from loveletter.research.rl.batch_vector import LoveLetterVectorEnv, Policy

__all__ = ["LoveLetterSB3VecEnv"]


class LoveLetterSB3VecEnv(VecEnv):  # type: ignore[misc]
    """``num_envs`` tables on the batch engine as an SB3 ``VecEnv`` (see the module's text)."""

    def __init__(
        self,
        num_envs: int = 64,
        *,
        edition: str | Edition = "2019",
        players: int = 2,
        seat: int = 0,
        opponents: str | Policy = "random",
        single_round: bool = False,
        target: int | str | None = None,
    ) -> None:
        """``num_envs`` tables of ``players``; the learner sits in ``seat`` at each."""
        policy: str | Policy = opponents
        if opponents == "heuristic":
            policy = HeuristicPolicy(edition)
        elif isinstance(opponents, str) and opponents != "random":
            raise SetupError(
                f"opponents must be 'random', 'heuristic' or a batched policy, not {opponents!r}"
            )
        self.vector = LoveLetterVectorEnv(
            num_envs,
            edition=edition,
            players=players,
            seat=seat,
            opponents=policy,
            target=target,
            single_round=single_round,
            autoreset_mode=AutoresetMode.SAME_STEP,
        )
        """The Gymnasium vector environment it steps."""
        self.render_mode = None
        super().__init__(
            num_envs,
            self.vector.single_observation_space,
            self.vector.single_action_space,
        )
        actions = self.vector.batch.encoding.num_actions
        self._masks: NDArray[np.bool_] = np.zeros((num_envs, actions), dtype=np.bool_)
        self._actions: NDArray[np.int64] | None = None

    # -- the VecEnv protocol -------------------------------------------------------------

    def reset(self) -> NDArray[np.float32]:
        """New games at every table (seeded by ``seed()``, if it was called)."""
        seed = self._seeds[0]
        observations, info = self.vector.reset(seed=seed)
        self._reset_seeds()
        self._masks = info["action_mask"]
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        return observations

    def step_async(self, actions: NDArray[Any]) -> None:
        """Keep the learners' actions for :meth:`step_wait`."""
        self._actions = np.asarray(actions, dtype=np.int64).reshape(self.num_envs)

    def step_wait(
        self,
    ) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.bool_], list[dict[str, Any]]]:
        """Apply the actions; an ended episode's table starts the next game at once."""
        if self._actions is None:
            raise SetupError("step_wait() before step_async(): no actions to apply")
        observations, rewards, terminated, truncated, info = self.vector.step(self._actions)
        self._actions = None
        self._masks = info["action_mask"]
        dones = terminated | truncated
        infos: list[dict[str, Any]] = [{"TimeLimit.truncated": False} for _ in range(self.num_envs)]
        for table in np.flatnonzero(dones):
            infos[table]["terminal_observation"] = info["final_obs"][table]
        return observations, rewards.astype(np.float32), dones, infos

    def close(self) -> None:
        """Nothing to close: the tables are arrays in this process."""

    def action_masks(self) -> NDArray[np.bool_]:
        """``(num_envs, num_actions)``: each learner's legal actions now."""
        return self._masks.copy()

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        """The attribute of the environment, once per table asked for."""
        value = getattr(self, attr_name)
        return [value for _ in self._get_indices(indices)]

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        """Attributes are the batch's as a whole: only all tables at once can be set."""
        if list(self._get_indices(indices)) != list(range(self.num_envs)):
            raise SetupError("the tables share one batch: set an attribute for all of them")
        setattr(self, attr_name, value)

    def env_method(
        self, method_name: str, *method_args: Any, indices: Any = None, **method_kwargs: Any
    ) -> list[Any]:
        """A method per table: ``action_masks`` gives each table's mask (MaskablePPO's)."""
        rows: Sequence[int] = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[row] for row in rows]
        result = getattr(self, method_name)(*method_args, **method_kwargs)
        return [result for _ in rows]

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        """No table is wrapped: they are rows of one batch."""
        return [False for _ in self._get_indices(indices)]
