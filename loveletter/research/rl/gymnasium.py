"""Love Letter as a Gymnasium environment: one learner's seat, bots in the others.

Importing this module (the ``[rl]`` extra) registers the environment with Gymnasium as
``loveletter/LoveLetter-v0``: ``gymnasium.make("loveletter/LoveLetter-v0", players=3)``
or :class:`LoveLetterGymEnv` itself. The learner sits in one seat (``seat``, 0 by
default, named as :func:`loveletter.setup.seat_names` names the seats: its name is
:attr:`LoveLetterGymEnv.player`); the other seats are played by bots
(:mod:`loveletter.bots`), which see only their own views and redacted events, like any
bot. The referee (:class:`loveletter.referee.Game`) judges every command, the bots' too.

**Options.** ``edition`` (``"2019"``, the default, ``"classic"`` or any registered
edition), ``players`` (2, by default, to the edition's most), ``seat``, ``opponents``
(a bot's name for :func:`~loveletter.bots.registry.make_bot`, ``"random"`` by default, or a
:class:`~loveletter.bots.base.Bot`; or one of those per other seat, in seat order),
``single_round`` (``False``: a whole game, to the edition's token target; ``True``: the
episode ends with the first round), ``illegal`` (``"lose"`` or ``"raise"``, below) and
``render_mode`` (``"ansi"``: :meth:`~LoveLetterGymEnv.render` returns what happened
since the last call, told as the learner saw it; ``"human"`` prints it).

**Spaces.** The action space is ``Discrete(num_actions)``: the action ids of the
edition's :class:`~loveletter.research.encoding.Encoding`, relative to the learner's seat. Draws
are made by the referee (``auto_draw``) and the deals between rounds by the environment,
so the learner only plays cards and makes the Chancellor's choices. An observation is a
dict, as in PettingZoo's card games: ``"observation"``, the encoding's vector of the
learner's view (:func:`loveletter.views.view_for`; never the true state), as
``float32``; ``"action_mask"``, ``int8``, 1 at the ids of the learner's legal commands.
``info["action_mask"]`` holds the same mask, and :meth:`~LoveLetterGymEnv.action_masks`
gives it as booleans (``sb3_contrib``'s ``MaskablePPO`` reads it). The observation's
bounds are 0 and, block by block, the largest value it can take at this table. Between
the learner's turns the bots play; the rounds the learner is knocked out of are played
to their end without it, and each next round is dealt at once (the learner's next
observation shows it, and the tokens won).

**Rewards.** 0 on every step, then the encoding's return for the learner
(:meth:`Encoding.returns <loveletter.research.encoding.Encoding.returns>`, zero-sum: the winners
share +1, the others -1) on the step that ends the game (with ``single_round``: the
round, scored by its winners), which is ``terminated``. Nothing is ever truncated.

**Skipped deals.** An episode in which the learner would not act at all (knocked out of
a single round before its first turn) is not offered: :meth:`~LoveLetterGymEnv.reset`
deals another game instead, and says so: ``info["skipped_deals"]`` is how many games it
dealt and skipped before this one, ``info["skipped_returns"]`` the learner's return in
each (a loss: the learner was out); :attr:`~LoveLetterGymEnv.deals` and
:attr:`~LoveLetterGymEnv.skipped_deals` count them since the environment was made. So
the episodes offered are biased: they leave out deals the learner loses whatever it
does, and a win rate (or a mean return) over episodes overstates the one over deals. To
report the latter, count each skipped deal as a loss (or add its return): wins over
``env.deals``, not over episodes. Measured with ``tools/research_checks.py --only
skipped`` (20,000 episodes of single rounds each, the learner in seat 0, seeded), the
share of deals skipped is 7.3% at two players against ``"random"`` (95% interval 6.9%
to 7.6%), 5.5% against ``"heuristic"`` (5.2% to 5.8%), and 4.6% and 5.2% at four; a
uniformly random learner against ``"random"`` at two players wins 50.5% of the episodes
offered but 46.9% of the deals. In whole games a learner knocked out of a round acts in
the next, and a game is skipped only if it never acts at all.

**Vector environments.** ``gymnasium.make_vec("loveletter/LoveLetter-v0",
num_envs=8, ...)`` gives :func:`vector_env`'s copies stepped together (the
environment's vector entry point), in Gymnasium's **same-step** autoreset mode
(``AutoresetMode.SAME_STEP``): the step that ends a copy's episode resets it at once
and returns the next episode's first observation, so every observation a learner is
given has a legal action in its mask, and the episode that ended is in
``info["final_obs"]`` and ``info["final_info"]`` (its reward and ``terminated`` are that
step's). ``asynchronous=True`` steps each copy in a process of its own. With
Gymnasium's own vectorizers (``make_vec(..., vectorization_mode="sync")``, or
``SyncVectorEnv``), the default is their **next-step** mode: the observation that ends
an episode has a mask of zeros, and the next step resets the copy and ignores its
action (any id will do); ``vector_kwargs={"autoreset_mode": AutoresetMode.SAME_STEP}``
gives same-step there too.

**Illegal actions.** An id that the referee refuses now (one the mask does not allow)
changes nothing at the table. With ``illegal="lose"`` (the default, as PettingZoo's
``TerminateIllegalWrapper`` does) it ends the episode with a reward of -1, and
``info["refusal"]`` holds the referee's reason code and message; with
``illegal="raise"`` it raises the referee's
:class:`~loveletter.refusals.IllegalCommandError`. An id outside the action space raises
:class:`~loveletter.errors.InvalidCommandError` either way.

**Seeding.** ``reset(seed=...)`` seeds the environment's generator, which draws each
game's seed and the bots' seeds: the same seed and the same actions give the same
episode. Bots given as objects are reseeded (their ``rng``) at every reset.

>>> env = LoveLetterGymEnv(players=3, opponents="heuristic", single_round=True)
>>> obs, info = env.reset(seed=7)
>>> obs["observation"].shape, obs["action_mask"].dtype, env.player
((389,), dtype('int8'), 'Anna')
>>> terminated = False
>>> while not terminated:
...     action = int(obs["action_mask"].nonzero()[0][0])
...     obs, reward, terminated, truncated, info = env.step(action)
>>> returns = encoding("2019").returns(env.game.state, round_only=True)
>>> reward == returns[0], int(obs["action_mask"].sum()), truncated
(True, 0, False)
"""

from __future__ import annotations

import functools
import operator
import random
from collections.abc import Iterable, Sequence
from typing import Any, Literal, SupportsFloat, TypeAlias, cast

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv, VectorEnv
from numpy.typing import NDArray

from loveletter.bots import Bot, make_bot
from loveletter.commands import Command, Deal
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import InvalidCommandError, LoveLetterError, SetupError
from loveletter.events import Event
from loveletter.narration import story
from loveletter.referee import Game
from loveletter.research.encoding import encoding
from loveletter.setup import seat_names
from loveletter.state import Phase
from loveletter.views import View, redact, view_for

__all__ = [
    "ENV_ID",
    "LoveLetterGymEnv",
    "Observation",
    "observation_for",
    "observation_space_for",
    "vector_env",
]

ENV_ID = "loveletter/LoveLetter-v0"
"""The id the environment is registered with: ``gymnasium.make(ENV_ID, ...)``."""

Observation: TypeAlias = dict[str, NDArray[Any]]
"""An observation: ``"observation"`` (``float32``) and ``"action_mask"`` (``int8``)."""

_ONES = frozenset(
    {
        "phase",
        "seated",
        "to_act",
        "out",
        "protected",
        "last_discard",
        "ruled_out",
        "tied",
        "set_aside",
        "round_winners",
        "spy_bonus",
        "game_winners",
    }
)
"""The blocks of the observation that hold only 0 and 1."""


def _table(edition: str | Edition, players: int) -> tuple[Edition, tuple[str, ...]]:
    """The edition and the seats' names; a player count the edition refuses raises."""
    ed = edition_named(edition)
    if isinstance(players, bool) or not isinstance(players, int):
        raise SetupError(f"players must be a whole number, not {players!r}")
    if not ed.min_players <= players <= ed.max_players:
        raise SetupError(
            f"the {ed.name} edition is for {ed.min_players} to {ed.max_players} players, "
            f"not {players}"
        )
    return ed, seat_names(players)


def _high(ed: Edition, players: int) -> NDArray[np.float32]:
    """The largest value of each entry of the observation at a table of ``players``.

    Indicators are at most 1; counts of cards at most the deck's size; tokens (and the
    target) at most the target plus one (the round's token and the Spy's); the round's
    number at most ``players * (target - 1) + 1`` (every round gives a token).
    """
    target = ed.target(players=players)
    most = {"tokens": target + 1, "target": target, "round_number": players * (target - 1) + 1}
    high = np.zeros(encoding(ed).observation_size, dtype=np.float32)
    for name, start, size in encoding(ed).observation_layout():
        high[start : start + size] = 1 if name in _ONES else most.get(name, len(ed.deck))
    return high


def observation_space_for(edition: str | Edition, players: int) -> spaces.Dict:
    """The observation space of a table of ``players`` of ``edition``.

    A :class:`gymnasium.spaces.Dict` of ``"observation"`` (a ``float32`` box of the
    encoding's size, from 0 to the largest value of each entry) and ``"action_mask"``
    (an ``int8`` box of 0 and 1, one per action id).

    >>> space = observation_space_for("classic", 4)
    >>> space["observation"].shape, space["action_mask"].shape
    ((229,), (43,))
    """
    ed, _ = _table(edition, players)
    enc = encoding(ed)
    high = _high(ed, players)
    return spaces.Dict(
        {
            "observation": spaces.Box(np.zeros_like(high), high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(enc.num_actions,), dtype=np.int8),
        }
    )


def observation_for(view: View) -> Observation:
    """The observation of ``view``: the encoding's vector and legal mask, as new arrays."""
    enc = encoding(view.edition)
    return {
        "observation": np.asarray(enc.observation(view), dtype=np.float32),
        "action_mask": np.asarray(enc.legal_mask(view), dtype=np.int8),
    }


def _told(
    render_mode: str | None, events: Sequence[Any], told: int, viewer: str | None
) -> tuple[str | None, int]:
    """A render of the events since ``told``, as ``viewer`` saw them (``None``: everyone).

    ``"ansi"`` returns the lines, ``"human"`` prints them; without a render mode nothing
    is told. Returns the text (or ``None``) and how many events are told now.
    """
    if render_mode is None:
        gymnasium.logger.warn("render() was called without a render_mode: nothing to tell")
        return None, told
    text = "\n".join(story(events[told:], viewer=viewer))
    if render_mode == "human":
        print(text)
        return None, len(events)
    return text, len(events)


_Opponent: TypeAlias = str | Bot


class LoveLetterGymEnv(gymnasium.Env[Observation, np.int64]):  # type: ignore[misc]
    """Love Letter for one learner against bots (see the module's description).

    ``options`` are keyword-only: ``edition``, ``players``, ``seat``, ``opponents``,
    ``single_round``, ``illegal`` and ``render_mode``.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        *,
        edition: str | Edition = "2019",
        players: int = 2,
        seat: int = 0,
        opponents: _Opponent | Sequence[_Opponent] = "random",
        single_round: bool = False,
        illegal: Literal["lose", "raise"] = "lose",
        render_mode: str | None = None,
    ) -> None:
        """A table of ``players`` where the learner sits in ``seat``; bots elsewhere."""
        ed, names = _table(edition, players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise SetupError(f"seat must be a seat number from 0 to {players - 1}, not {seat!r}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.edition = ed
        self.players = names
        self.player = names[seat]
        """The learner's seat's name."""
        self.single_round = bool(single_round)
        self.illegal = illegal
        self.render_mode = render_mode
        self._enc = encoding(ed)
        self._opponents = _seated(opponents, [name for name in names if name != self.player])
        self._bots: dict[str, Bot] = {}
        self.observation_space = cast(
            "spaces.Space[Observation]", observation_space_for(ed, players)
        )
        self.action_space = spaces.Discrete(self._enc.num_actions)
        self._game: Game | None = None
        self._ended = False
        self._told = 0
        self.deals = 0
        """Games dealt since the environment was made, those skipped included."""
        self.skipped_deals = 0
        """Games dealt and skipped since the environment was made: the learner was
        knocked out before its first turn (see the module's description)."""

    @property
    def game(self) -> Game:
        """The referee of the current episode: the true state, hidden cards and all.

        For tests and tooling; a learner should read its observations only.
        """
        if self._game is None:
            raise LoveLetterError("no game yet: call reset() first")
        return self._game

    # -- the episode -----------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and play the bots' turns up to the learner's first turn.

        A game that ends before the learner's first turn is skipped, and another dealt:
        ``info["skipped_deals"]`` counts them, and ``info["skipped_returns"]`` holds the
        learner's return in each (see the module's description).
        """
        super().reset(seed=seed)
        skipped: list[float] = []
        while True:
            self._start()
            self._play_bots()
            if not self._finished():
                break
            skipped.append(self._learner_return())
        self.deals += len(skipped) + 1
        self.skipped_deals += len(skipped)
        self._ended = False
        observation, info = self._seen()
        info["skipped_deals"] = len(skipped)
        info["skipped_returns"] = tuple(skipped)
        return observation, info

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Apply the learner's action, then the bots' turns up to the learner's next turn."""
        game = self.game
        if self._ended:
            raise LoveLetterError("the episode is over: call reset() to start another")
        index = operator.index(action)
        try:
            command = self._enc.command(index, players=self.players, actor=self.player)
        except InvalidCommandError as error:  # an id for a seat this table does not have
            if self.illegal == "raise" or not 0 <= index < self._enc.num_actions:
                raise
            return self._lost({"reason": None, "message": str(error)})
        refusal = game.check(command)
        if refusal is not None:
            if self.illegal == "raise":
                raise refusal.error(command)
            return self._lost({"reason": refusal.reason.value, "message": refusal.message})
        self._apply(command)
        self._play_bots()
        reward = 0.0
        if self._finished():
            self._ended = True
            reward = self._learner_return()
        observation, info = self._seen()
        return observation, reward, self._ended, False, info

    def action_masks(self) -> NDArray[np.bool_]:
        """The learner's legal action ids now, ``(num_actions,)`` booleans.

        All false once the episode is over. ``sb3_contrib``'s ``MaskablePPO`` asks an
        environment for them.

        >>> env = LoveLetterGymEnv(players=2)
        >>> obs, info = env.reset(seed=3)
        >>> bool((env.action_masks() == obs["action_mask"].astype(bool)).all())
        True
        """
        if self._ended:
            return np.zeros(self._enc.num_actions, dtype=bool)
        view = view_for(self.game.state, self.player)
        return np.asarray(self._enc.legal_mask(view), dtype=bool)

    def _lost(
        self, refusal: dict[str, Any]
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """The end of an episode lost by an illegal action (``illegal="lose"``)."""
        self._ended = True
        observation, info = self._seen()
        info["refusal"] = refusal
        return observation, -1.0, True, False, info

    def render(self) -> str | None:
        """What happened since the last call, told as the learner saw it (``render_mode``).

        ``"ansi"`` returns the lines, ``"human"`` prints them; without a render mode
        nothing is told (``None``).
        """
        events = self.game.events if self._game is not None else ()
        text, self._told = _told(self.render_mode, events, self._told, self.player)
        return text

    # -- the table -------------------------------------------------------------------

    def _start(self) -> None:
        """A new game and new (or reseeded) bots, their seeds drawn from ``np_random``."""
        rng = self.np_random
        seed = int(rng.integers(2**63))
        self._game = Game.new(self.players, edition=self.edition, seed=seed, auto_draw=True)
        self._told = 0
        self._bots = {}
        for name, opponent in self._opponents.items():
            bot_seed = int(rng.integers(2**63))
            if isinstance(opponent, str):
                bot = make_bot(opponent, seed=bot_seed)
            else:
                bot = opponent
                if isinstance(getattr(bot, "rng", None), random.Random):
                    bot.rng.seed(bot_seed)
            bot.join(name)
            self._bots[name] = bot
        self._tell(self._game.events)

    def _learner_return(self) -> float:
        """The learner's return at the episode's end: the game's, or the round's."""
        returns = self._enc.returns(self.game.state, round_only=self.single_round)
        return returns[self.players.index(self.player)]

    def _finished(self) -> bool:
        """Whether the episode's end is reached: the game's, or the round's."""
        phase = self.game.phase
        return phase is Phase.GAME_OVER or (self.single_round and phase is Phase.ROUND_OVER)

    def _play_bots(self) -> None:
        """Deal the rounds and play the bots' turns until the learner's turn or the end."""
        game = self.game
        while not self._finished():
            if game.phase is Phase.ROUND_OVER:
                self._apply(Deal())
                continue
            actor = game.player_to_act
            if actor is None or actor == self.player:
                return
            self._apply(self._bots[actor].choose(view_for(game.state, actor)))

    def _apply(self, command: Command) -> None:
        self._tell(self.game.apply(command))

    def _tell(self, events: Iterable[Event]) -> None:
        """Tell each bot what happened, as its player saw it."""
        told = tuple(events)
        for name, bot in self._bots.items():
            for event in told:
                bot.observe(redact(event, name))

    def _seen(self) -> tuple[Observation, dict[str, Any]]:
        """The learner's observation and info, from the learner's view."""
        observation = observation_for(view_for(self.game.state, self.player))
        return observation, {"action_mask": observation["action_mask"].copy()}


def _seated(opponents: _Opponent | Sequence[_Opponent], seats: Sequence[str]) -> dict[str, Any]:
    """The bot (or bot's name) of each other seat, checked."""
    if isinstance(opponents, str | Bot):
        if isinstance(opponents, Bot) and len(seats) > 1:
            raise SetupError(
                f"one bot object cannot sit in {len(seats)} seats: give one per seat, or a "
                "bot's name"
            )
        chosen: list[_Opponent] = [opponents] * len(seats)
    else:
        chosen = list(opponents)
    if len(chosen) != len(seats):
        raise SetupError(f"{len(chosen)} opponents for {len(seats)} other seats")
    if len({id(bot) for bot in chosen if isinstance(bot, Bot)}) != sum(
        isinstance(bot, Bot) for bot in chosen
    ):
        raise SetupError("one bot object cannot sit in two seats")
    for bot in chosen:
        if isinstance(bot, str):
            make_bot(bot, seed=0)  # an unknown name raises ValueError now, not at reset
        elif not isinstance(bot, Bot):
            raise SetupError(f"an opponent is a bot's name or a Bot, not {bot!r}")
    return dict(zip(seats, chosen, strict=True))


def vector_env(
    num_envs: int = 1,
    *,
    asynchronous: bool = False,
    autoreset_mode: AutoresetMode | str = AutoresetMode.SAME_STEP,
    **options: Any,
) -> VectorEnv:
    """``num_envs`` copies of :class:`LoveLetterGymEnv`, stepped together.

    What ``gymnasium.make_vec("loveletter/LoveLetter-v0", num_envs=...)`` returns (the
    environment's vector entry point). ``options`` are the environment's;
    ``asynchronous`` runs each copy in a process of its own (Gymnasium's
    ``AsyncVectorEnv``; else ``SyncVectorEnv``, in this process). ``autoreset_mode`` is
    Gymnasium's, same-step by default (see the module's description): the step that
    ends an episode returns the next episode's first observation, whose mask is the
    learner's legal actions, and the last observation of the one that ended in
    ``info["final_obs"]``.

    >>> envs = vector_env(3, players=2, single_round=True)
    >>> obs, info = envs.reset(seed=1)
    >>> for _ in range(40):
    ...     actions = [int(mask.nonzero()[0][0]) for mask in obs["action_mask"]]
    ...     obs, rewards, ended, truncated, info = envs.step(actions)
    ...     assert obs["action_mask"].any(axis=1).all()  # every copy has a legal action
    >>> envs.metadata["autoreset_mode"]
    <AutoresetMode.SAME_STEP: 'SameStep'>
    >>> envs.close()
    """
    mode = AutoresetMode(autoreset_mode)
    LoveLetterGymEnv(**options)  # wrong options raise now, in this process
    made = [functools.partial(LoveLetterGymEnv, **options)] * num_envs
    if asynchronous:
        return AsyncVectorEnv(made, autoreset_mode=mode)
    return SyncVectorEnv(made, autoreset_mode=mode)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="loveletter.research.rl.gymnasium:LoveLetterGymEnv",
        vector_entry_point="loveletter.research.rl.gymnasium:vector_env",
    )


# -- the batch engine's vector environment (loveletter.research.rl.batch_vector) -----------------
# Registered here so that importing this module makes both environments known; its id's
# entry point is the environment above (for Gymnasium's own vectorizing), its vector entry
# point the batch engine's (gymnasium.make_vec's default for it).
_VECTOR_ENV_ID = "loveletter/LoveLetterBatch-v0"
if _VECTOR_ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=_VECTOR_ENV_ID,
        entry_point="loveletter.research.rl.gymnasium:LoveLetterGymEnv",
        vector_entry_point="loveletter.research.rl.batch_vector:LoveLetterVectorEnv",
    )
