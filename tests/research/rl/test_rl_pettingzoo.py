"""The PettingZoo AEC environment (loveletter.research.rl.pettingzoo): PettingZoo's own API and
seed tests, observations from views only, masks from the referee, returns, refusals."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the [rl] extra (numpy) is not installed")
pytest.importorskip("pettingzoo", reason="the [rl] extra (pettingzoo) is not installed")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test
from pettingzoo.utils import wrappers

from loveletter import Card, Game, Play
from loveletter.bots.sampling import sample_state
from loveletter.editions import edition
from loveletter.errors import InvalidCommandError, Reason
from loveletter.refusals import IllegalCommandError
from loveletter.research.encoding import encoding
from loveletter.research.rl.pettingzoo import LoveLetterEnv, env, raw_env
from loveletter.state import Phase
from loveletter.views import view_for

TABLES = [
    pytest.param(name, players, single, id=f"{name}-{players}p-{'round' if single else 'game'}")
    for name in ("2019", "classic")
    for players in (2, edition(name).max_players)
    for single in (False, True)
]

EXPECTED_WARNINGS = {
    # The observation is a dict (observation and action mask), as in PettingZoo's classic
    # card games, which api_test lets off by their names only.
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
    # The agents are the seats' names ("Anna", "Ben", ...), as everywhere in the library.
    'We recommend agents to be named in the format <descriptor>_<number>, like "player_0"',
}


def play(aec: Any, seed: int, pick: random.Random) -> Iterator[tuple[str, Any, float, bool]]:
    """Play ``aec`` to its end with random legal actions; yield what each agent saw."""
    aec.reset(seed=seed)
    for agent in aec.agent_iter():
        observation, reward, termination, truncation, _ = aec.last()
        assert not truncation
        yield agent, observation, float(reward), termination
        if termination:
            aec.step(None)
        else:
            aec.step(pick.choice(list(np.flatnonzero(observation["action_mask"]))))


@pytest.mark.parametrize(("name", "players", "single"), TABLES)
def test_pettingzoo_api_and_seed_tests_pass(
    name: str, players: int, single: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """PettingZoo's api_test and seed_test pass, with no warnings but the expected ones."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(
            env(edition=name, players=players, single_round=single),
            num_cycles=1000,
            verbose_progress=False,
        )
        seed_test(lambda: env(edition=name, players=players, single_round=single), 1000)
    assert capsys.readouterr().out == "Starting API test\nPassed API test\n"
    assert {str(w.message) for w in caught} <= EXPECTED_WARNINGS


def test_pettingzoo_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """render_test passes in both modes: ansi returns the story, human prints it."""
    render_test(lambda render_mode=None: env(players=3, render_mode=render_mode))
    assert "Round 1:" in capsys.readouterr().out
    aec = env(render_mode="ansi")
    aec.reset(seed=4)
    told = aec.render()
    assert told.startswith("Round 1:")
    assert aec.render() == ""


@pytest.mark.parametrize(("name", "players", "single"), TABLES)
def test_observations_are_the_views_vectors_and_masks_the_legal_commands(
    name: str, players: int, single: bool
) -> None:
    """At every step, each agent's observation is the encoding of its own view, and the
    mask is 1 exactly at the ids of the referee's legal commands (only for the agent
    selected); the game itself never waits between rounds or for a draw."""
    aec = raw_env(edition=name, players=players, single_round=single)
    enc = encoding(name)
    aec.reset(seed=11)
    players_ = aec.possible_agents
    rounds = set()
    while not all(aec.terminations.values()):
        game = aec.game
        state = game.state
        assert state.phase in (Phase.PLAY, Phase.CHOOSE)
        assert aec.agent_selection == state.player_to_act
        rounds.add(state.round_number)
        for agent in players_:
            seen = aec.observe(agent)
            view = view_for(state, agent)
            assert seen["observation"].dtype == np.float32
            assert seen["action_mask"].dtype == np.int8
            assert seen["observation"].tolist() == list(enc.observation(view))
            assert aec.observation_space(agent).contains(seen)
            ids = set(np.flatnonzero(seen["action_mask"]).tolist())
            legal = game.legal_commands() if agent == aec.agent_selection else ()
            assert ids == {enc.action_id(c, players=players_) for c in legal}
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[-1]))
    assert len(rounds) == 1 if single else len(rounds) > 1


@pytest.mark.parametrize(("name", "players", "single"), TABLES)
def test_returns_sum_to_zero_and_follow_the_referees_winners(
    name: str, players: int, single: bool
) -> None:
    """Rewards are 0 until the end; then each agent's is its return, which is positive
    exactly for the referee's winners (of the game, or of the round), summing to 0."""
    aec = env(edition=name, players=players, single_round=single)
    final: dict[str, float] = {}
    for agent, _, reward, termination in play(aec, 5, random.Random(5)):
        if termination:
            final[agent] = reward
        else:
            assert reward == 0.0
    state = aec.unwrapped.game.state
    winners = state.round_winners if single else state.game_winners
    assert state.phase is (Phase.ROUND_OVER if single else Phase.GAME_OVER)
    assert set(final) == set(aec.possible_agents)
    assert sum(final.values()) == pytest.approx(0.0)
    assert {agent for agent, r in final.items() if r > 0} == set(winners)
    returns = encoding(name).returns(state, round_only=single)
    assert [final[agent] for agent in aec.possible_agents] == list(returns)


def test_a_seeded_reset_replays_the_same_games() -> None:
    """The same seed and the same actions give the same trajectory, and so do the
    unseeded resets that follow; another seed gives another game."""

    def trajectory(seed: int) -> list[Any]:
        aec = env(players=4)
        first = [
            (a, o["observation"].tolist(), r) for a, o, r, _ in play(aec, seed, random.Random(1))
        ]
        aec.reset()
        return [first, aec.unwrapped.game.state]

    assert trajectory(21) == trajectory(21)
    assert trajectory(21)[0] != trajectory(22)[0]


def test_the_observation_reads_only_what_the_agent_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two true states that give an agent the same view give it the same observation
    (the other state drawn by the information-set sampler)."""
    aec = raw_env(players=4)
    aec.reset(seed=8)
    rng = random.Random(8)
    checked = differ = 0
    while not all(aec.terminations.values()) and checked < 30:
        state = aec.game.state
        for agent in aec.possible_agents:
            other = sample_state(view_for(state, agent), rng)
            differ += other.hands != state.hands
            before = aec.observe(agent)
            with monkeypatch.context() as patch:
                patch.setattr(aec, "_game", Game.from_state(other))
                after = aec.observe(agent)
            assert after["observation"].tolist() == before["observation"].tolist()
            assert after["action_mask"].tolist() == before["action_mask"].tolist()
            checked += 1
        mask = aec.observe(aec.agent_selection)["action_mask"]
        aec.step(int(np.flatnonzero(mask)[0]))
    assert checked >= 30
    assert differ > 10


def test_an_illegal_action_is_refused_with_the_referees_reason() -> None:
    """An id the mask forbids raises the referee's refusal and changes nothing: the same
    agent then plays a legal action; ids with no command at this table are invalid."""
    aec = env(players=2)
    aec.reset(seed=3)
    agent = aec.agent_selection
    players = aec.possible_agents
    game = aec.unwrapped.game
    before = game.state
    enc = encoding("2019")
    mask = aec.observe(agent)["action_mask"]
    command = enc.command(int(np.flatnonzero(mask == 0)[2]), players=players, actor=agent)
    refusal = game.check(command)
    assert refusal is not None
    with pytest.raises(IllegalCommandError) as raised:
        aec.step(enc.action_id(command, players=players))
    assert raised.value.reason is refusal.reason
    assert raised.value.ruling == refusal.ruling
    with pytest.raises(IllegalCommandError) as drawn:
        aec.step(0)  # the referee draws for the players
    assert drawn.value.reason is Reason.WRONG_PHASE
    with pytest.raises(InvalidCommandError, match="out of range"):
        aec.step(enc.num_actions)
    far = Play(player="Anna", card=Card.GUARD, target="Carla", guess=Card.PRIEST)
    with pytest.raises(InvalidCommandError, match="a table of 2 has none"):
        aec.step(enc.action_id(far, players=("Anna", "Ben", "Carla")))
    with pytest.raises(InvalidCommandError, match="must act"):
        aec.step(None)
    assert game.state == before
    assert aec.agent_selection == agent
    assert aec.rewards == dict.fromkeys(players, 0.0)
    legal = int(np.flatnonzero(mask)[0])
    aec.step(legal)
    assert game.log[0] == enc.command(legal, players=players, actor=agent)


def test_terminate_illegal_wrapper_ends_the_game_instead() -> None:
    """Wrapped in PettingZoo's TerminateIllegalWrapper, an illegal action ends the game
    with the penalty for its agent only."""
    aec = wrappers.OrderEnforcingWrapper(
        wrappers.TerminateIllegalWrapper(raw_env(players=3), illegal_reward=-1)
    )
    aec.reset(seed=2)
    agent = aec.agent_selection
    mask = aec.observe(agent)["action_mask"]
    aec.step(int(np.flatnonzero(mask == 0)[2]))
    assert all(aec.terminations.values())
    assert aec.rewards == {name: (-1.0 if name == agent else 0) for name in aec.possible_agents}


def test_options_are_checked() -> None:
    """A player count the edition refuses, or an unknown render mode, raises at once."""
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        LoveLetterEnv(edition="classic", players=5)
    with pytest.raises(ValueError, match="render_mode"):
        LoveLetterEnv(render_mode="rgb_array")
    with pytest.raises(ValueError, match="reset"):
        _ = LoveLetterEnv().game


def test_the_core_package_imports_no_framework() -> None:
    """Every module of the core imports without numpy, PettingZoo, Gymnasium or OpenSpiel.

    The adapters and the batch engine (extras of their own) are left out, and so is a
    module of another extra whose framework is not installed here (the web table without
    the [web] extra, its PostgreSQL store without [postgres]): this test is about the
    research frameworks.
    """
    code = (
        "import importlib, pkgutil, sys, loveletter\n"
        "optional = ('loveletter.research.rl.', 'loveletter.apps._floor',"
        " 'loveletter.research.batch', 'loveletter.apps.batch_bench')\n"
        "others = {'starlette', 'uvicorn', 'websockets', 'dask', 'distributed', 'psycopg'}\n"
        "def walk(path, prefix):\n"
        "    for m in pkgutil.iter_modules(path, prefix):\n"
        "        if m.name.startswith(optional) or m.name.endswith('__main__'):\n"
        "            continue\n"
        "        try:\n"
        "            module = importlib.import_module(m.name)\n"
        "        except ModuleNotFoundError as missing:\n"
        "            if (missing.name or '').partition('.')[0] not in others:\n"
        "                raise\n"
        "            continue\n"
        "        if m.ispkg:\n"
        "            walk(module.__path__, m.name + '.')\n"
        "walk(loveletter.__path__, 'loveletter.')\n"
        "found = {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel'} & set(sys.modules)\n"
        "assert not found, found\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
