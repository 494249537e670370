"""Love Letter as a PettingZoo AEC environment: every seat an agent.

Import this module (the ``[rl]`` extra) and call :func:`env` (wrapped, as PettingZoo's
classic environments are) or :func:`raw_env` (the bare :class:`LoveLetterEnv`). The
agents are the seats' names (:func:`loveletter.setup.seat_names`: ``"Anna"``,
``"Ben"``, ...), in seat order; the agent selected is the player the referee
(:class:`loveletter.referee.Game`) waits for.

**Options.** ``edition`` (``"2019"``, the default, ``"classic"`` or any registered
edition), ``players`` (2, by default, to the edition's most), ``single_round``
(``False``: a whole game, to the edition's token target; ``True``: the game ends with
the first round, scored by its winners) and ``render_mode`` (``"ansi"``:
:meth:`~LoveLetterEnv.render` returns what happened since its last call, told as a
spectator saw it; ``"human"`` prints it).

**Spaces.** Each agent's action space is ``Discrete(num_actions)``: the action ids of
the edition's :class:`~loveletter.research.encoding.Encoding`, relative to the agent's seat. The
referee draws for the players (``auto_draw``) and the environment deals each new round
(the referee's :class:`~loveletter.commands.Deal`), so agents only play cards and make
the Chancellor's choices; the id of :class:`~loveletter.commands.Draw` and of ``Deal``
are never legal. An observation is a dict, as in PettingZoo's classic card games:
``"observation"``, the encoding's vector of the agent's own view
(:func:`loveletter.views.view_for`; never the true state), as ``float32``;
``"action_mask"``, ``int8``, 1 at the ids of the agent's legal commands (all 0 when it
is not the agent's turn). See :func:`loveletter.research.rl.gymnasium.observation_space_for` for
the bounds. An agent's observation after the end of a round shows the next round dealt
(and the tokens won), as the deal follows at once.

**Rewards.** 0 on every step; on the step that ends the game (with ``single_round``:
the first round), every agent gets the encoding's return
(:meth:`Encoding.returns <loveletter.research.encoding.Encoding.returns>`, zero-sum: the winners
share +1, the others -1) and every agent is terminated. Nothing is truncated: every
game ends.

**Illegal actions.** An action the referee refuses raises its
:class:`~loveletter.refusals.IllegalCommandError` (its ``reason`` and ``ruling`` say
why) and changes nothing: the agent may act again. An id that names a seat the table
does not have, or lies outside the action space, raises
:class:`~loveletter.errors.InvalidCommandError`. To end the game instead, with a
penalty for the agent at fault, wrap :func:`raw_env` in PettingZoo's
``TerminateIllegalWrapper``.

**Seeding.** ``reset(seed=...)`` seeds a generator that draws each game's seed (a
reset without a seed draws the next game from it): the same seed and the same actions
replay the same games.

>>> aec = env(players=3, single_round=True)
>>> aec.reset(seed=1)
>>> aec.possible_agents, aec.agent_selection
(['Anna', 'Ben', 'Carla'], 'Ben')
>>> returns = {}
>>> for agent in aec.agent_iter():
...     observation, reward, termination, truncation, info = aec.last()
...     if termination:
...         returns[agent] = reward
...     aec.step(None if termination else int(observation["action_mask"].nonzero()[0][0]))
>>> returns, aec.unwrapped.game.state.round_winners
({'Anna': -0.5, 'Ben': 1.0, 'Carla': -0.5}, ('Ben',))
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from loveletter.commands import Deal
from loveletter.editions import Edition
from loveletter.errors import InvalidCommandError, LoveLetterError
from loveletter.referee import Game
from loveletter.research.encoding import encoding
from loveletter.research.rl.gymnasium import (
    Observation,
    _table,
    _told,
    observation_for,
    observation_space_for,
)
from loveletter.state import Phase
from loveletter.views import view_for

__all__ = ["LoveLetterEnv", "env", "raw_env"]


def env(**options: Any) -> Any:
    """A :class:`LoveLetterEnv` with ``options``, wrapped in PettingZoo's ``OrderEnforcingWrapper``.

    The wrapper refuses a :meth:`~LoveLetterEnv.step` or an observation before the
    first :meth:`~LoveLetterEnv.reset`.
    """
    return wrappers.OrderEnforcingWrapper(LoveLetterEnv(**options))


def raw_env(**options: Any) -> LoveLetterEnv:
    """A bare :class:`LoveLetterEnv` with ``options`` (PettingZoo's convention)."""
    return LoveLetterEnv(**options)


class LoveLetterEnv(AECEnv):  # type: ignore[misc]
    """Love Letter, refereed by :class:`loveletter.referee.Game`, as an AEC environment.

    ``options`` are keyword-only: ``edition``, ``players``, ``single_round`` and
    ``render_mode`` (see the module's description).
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "name": "loveletter_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        *,
        edition: str | Edition = "2019",
        players: int = 2,
        single_round: bool = False,
        render_mode: str | None = None,
    ) -> None:
        """A table of ``players`` of ``edition``; the first game is dealt by :meth:`reset`."""
        super().__init__()
        ed, names = _table(edition, players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.edition = ed
        self.single_round = bool(single_round)
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(names)
        self.agents: list[str] = []
        self._enc = encoding(ed)
        space = observation_space_for(ed, players)
        self.observation_spaces = dict.fromkeys(names, space)
        self.action_spaces = {name: spaces.Discrete(self._enc.num_actions) for name in names}
        self._rng: random.Random | None = None
        self._game: Game | None = None
        self._told = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's observation space (the same object on every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The agent's action space (the same object on every call)."""
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The referee of the current game: the true state, hidden cards and all.

        For tests and tooling; agents should read their observations only.
        """
        if self._game is None:
            raise LoveLetterError("no game yet: call reset() first")
        return self._game

    # -- the game --------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: with ``seed``, the first of a replayable series of games."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        players = tuple(self.possible_agents)
        self._game = Game.new(players, edition=self.edition, rng=self._rng, auto_draw=True)
        self._told = 0
        self.agents = list(players)
        self.rewards = dict.fromkeys(players, 0.0)
        self._cumulative_rewards = dict.fromkeys(players, 0.0)
        self.terminations = dict.fromkeys(players, False)
        self.truncations = dict.fromkeys(players, False)
        self.infos: dict[str, dict[str, Any]] = {name: {} for name in players}
        self.agent_selection = self._to_act()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now: its view's vector and its legal mask."""
        return observation_for(view_for(self.game.state, agent))

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (``None`` once it is terminated).

        A refused action raises and changes nothing (see the module's description).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidCommandError(f"{agent} must act: None is only for terminated agents")
        game = self.game
        command = self._enc.command(
            operator.index(action), players=self.possible_agents, actor=agent
        )
        game.apply(command)  # a refusal raises here, before anything changes
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if not self._finished() and game.phase is Phase.ROUND_OVER:
            game.apply(Deal())
        if self._finished():
            returns = self._enc.returns(game.state, round_only=self.single_round)
            self.rewards = dict(zip(self.possible_agents, returns, strict=True))
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = _after(self.possible_agents, agent)
        else:
            self.agent_selection = self._to_act()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """What happened since the last call, told as a spectator saw it (``render_mode``).

        ``"ansi"`` returns the lines, ``"human"`` prints them; without a render mode
        nothing is told (``None``).
        """
        events = self.game.events if self._game is not None else ()
        text, self._told = _told(self.render_mode, events, self._told, None)
        return text

    def close(self) -> None:
        """Nothing to release: the table lives in memory."""

    # -- helpers ---------------------------------------------------------------------

    def _finished(self) -> bool:
        """Whether the game's end (or, with ``single_round``, the round's) is reached."""
        phase = self.game.phase
        return phase is Phase.GAME_OVER or (self.single_round and phase is Phase.ROUND_OVER)

    def _to_act(self) -> str:
        actor = self.game.player_to_act
        if actor is None:  # pragma: no cover - the referee draws and the env deals
            raise LoveLetterError(f"nobody to act in the {self.game.phase.value} phase")
        return actor


def _after(players: Sequence[str], player: str) -> str:
    """The player after ``player``, in seat order."""
    return players[(players.index(player) + 1) % len(players)]
