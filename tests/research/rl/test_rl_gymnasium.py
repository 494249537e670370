"""The Gymnasium environment (loveletter.research.rl.gymnasium): Gymnasium's checker, the learner's
observations from its view only, bots that play only their own seats, rewards, refusals."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("numpy", reason="the [rl] extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the [rl] extra (gymnasium) is not installed")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from loveletter import Card, Command, Game
from loveletter.bots import Bot, RandomBot
from loveletter.bots.sampling import sample_state
from loveletter.editions import edition
from loveletter.errors import InvalidCommandError, SetupError
from loveletter.refusals import IllegalCommandError
from loveletter.research.encoding import encoding
from loveletter.research.rl.gymnasium import (
    ENV_ID,
    LoveLetterGymEnv,
    observation_space_for,
    vector_env,
)
from loveletter.state import Phase
from loveletter.views import View, view_for

TABLES = [
    pytest.param(name, players, single, id=f"{name}-{players}p-{'round' if single else 'game'}")
    for name in ("2019", "classic")
    for players in (2, edition(name).max_players)
    for single in (False, True)
]


class Recorder(RandomBot):
    """A random bot that records the views it was asked to play from."""

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed)
        self.asked: list[View] = []

    def choose(self, view: View) -> Command:
        self.asked.append(view)
        return super().choose(view)


def run(env: LoveLetterGymEnv, seed: int, pick: random.Random) -> list[Any]:
    """An episode with random legal actions: each step's action, observation and reward."""
    obs, info = env.reset(seed=seed)
    steps: list[Any] = [obs["observation"].tolist()]
    terminated = False
    while not terminated:
        assert info["action_mask"].tolist() == obs["action_mask"].tolist()
        action = pick.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        steps.append((action, obs["observation"].tolist(), reward))
    return steps


@pytest.mark.parametrize(("name", "players", "single"), TABLES)
def test_gymnasium_check_env_passes_without_warnings(
    name: str, players: int, single: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    """check_env passes on the environment made by gymnasium.make (so that its render
    modes are checked too), with every warning an error."""
    made = gymnasium.make(
        ENV_ID, edition=name, players=players, single_round=single, render_mode="ansi"
    )
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(made.unwrapped)
    assert "Round 1:" in capsys.readouterr().out  # the "human" render mode printed


def test_check_env_on_a_bare_environment_warns_only_of_its_missing_spec() -> None:
    """Made without gymnasium.make, the one warning is that the render modes cannot be
    tried (the checker needs a spec to make the environment again)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(LoveLetterGymEnv(players=3))
    assert len(caught) == 1
    assert "not having a spec" in str(caught[0].message)


@pytest.mark.parametrize(("name", "players", "single"), TABLES)
def test_observations_masks_and_rewards(name: str, players: int, single: bool) -> None:
    """Each observation is the encoding of the learner's view and its mask the ids of the
    referee's legal commands; rewards are 0 until the end, then the learner's return,
    positive exactly when the referee names the learner a winner."""
    env = LoveLetterGymEnv(edition=name, players=players, single_round=single, seat=1)
    enc = encoding(name)
    obs, info = env.reset(seed=3)
    terminated = False
    reward: Any = 0.0
    while True:
        game = env.game
        view = view_for(game.state, env.player)
        assert env.observation_space.contains(obs)
        assert obs["observation"].tolist() == list(enc.observation(view))
        ids = set(np.flatnonzero(obs["action_mask"]).tolist())
        assert info["action_mask"].dtype == np.int8
        assert set(np.flatnonzero(info["action_mask"]).tolist()) == ids
        if terminated:
            break
        assert game.player_to_act == env.player
        assert ids == {enc.action_id(c, players=env.players) for c in game.legal_commands()}
        obs, reward, terminated, _, info = env.step(min(ids))
        if not terminated:
            assert reward == 0.0
    state = env.game.state
    assert state.phase is (Phase.ROUND_OVER if single else Phase.GAME_OVER)
    returns = enc.returns(state, round_only=single)
    assert sum(returns) == pytest.approx(0.0)
    assert reward == returns[1]
    winners = state.round_winners if single else state.game_winners
    assert (reward > 0) == (env.player in winners)
    assert not ids


def test_a_seeded_reset_replays_the_same_episode() -> None:
    """The same seed and actions give the same episode, bots' choices included; the
    unseeded reset that follows deals the same next game; another seed, another game."""
    env = LoveLetterGymEnv(players=4, opponents="heuristic")
    first = run(env, 13, random.Random(0))
    env.reset()
    after = env.game.state
    again = run(env, 13, random.Random(0))
    env.reset()
    assert again == first
    assert env.game.state == after
    assert run(env, 14, random.Random(0)) != first


def test_bots_play_only_their_own_seats() -> None:
    """Each bot is asked to play only from its own seat's view, never the learner's; the
    learner's commands in the referee's log are exactly the actions stepped."""
    bots = [Recorder(), Recorder()]
    env = LoveLetterGymEnv(players=3, seat=1, opponents=bots)
    enc = encoding("2019")
    obs, _ = env.reset(seed=2)
    sent = []
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        sent.append(enc.command(action, players=env.players, actor="Ben"))
        obs, _, terminated, _, _ = env.step(action)
    assert [bot.player for bot in bots] == ["Anna", "Carla"]
    for bot in bots:
        assert bot.asked
        assert {view.viewer for view in bot.asked} == {bot.player}
        assert all(view.to_act == bot.player for view in bot.asked)
    assert [c for c in env.game.log if getattr(c, "player", None) == "Ben"] == sent


def test_bot_objects_are_reseeded_at_each_reset() -> None:
    """A bot given as an object draws from a generator the seeded reset reseeds."""
    env = LoveLetterGymEnv(players=2, opponents=RandomBot(seed=99))
    assert run(env, 5, random.Random(1)) == run(env, 5, random.Random(1))


def test_the_observation_reads_only_what_the_learner_sees(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two true states that give the learner the same view give the same observation."""
    env = LoveLetterGymEnv(players=4)
    obs, _ = env.reset(seed=6)
    rng = random.Random(6)
    for _ in range(20):
        state = env.game.state
        other = sample_state(view_for(state, env.player), rng)
        with monkeypatch.context() as patch:
            patch.setattr(env, "_game", Game.from_state(other))
            seen, _ = env._seen()
        assert seen["observation"].tolist() == obs["observation"].tolist()
        assert seen["action_mask"].tolist() == obs["action_mask"].tolist()
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if terminated:
            break


def test_an_illegal_action_loses_the_episode_with_the_referees_reason() -> None:
    """By default an illegal id ends the episode with -1 and the referee's refusal in the
    info; the table is untouched, and the ended episode takes no more steps."""
    env = LoveLetterGymEnv(players=2)
    obs, _ = env.reset(seed=4)
    before = env.game.state
    enc = encoding("2019")
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[2])
    refusal = env.game.check(enc.command(illegal, players=env.players, actor=env.player))
    assert refusal is not None
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["refusal"] == {"reason": refusal.reason.value, "message": refusal.message}
    assert env.game.state == before
    with pytest.raises(ValueError, match="reset"):
        env.step(illegal)
    env.reset(seed=4)
    _, reward, terminated, _, info = env.step(18)  # the Guard on the seat 2 after
    assert (reward, terminated, info["refusal"]["reason"]) == (-1.0, True, None)
    env.reset(seed=4)
    with pytest.raises(InvalidCommandError, match="out of range"):
        env.step(enc.num_actions)


def test_an_illegal_action_raises_when_asked_to() -> None:
    """With illegal="raise", the referee's IllegalCommandError, and nothing changes."""
    env = LoveLetterGymEnv(players=2, illegal="raise")
    obs, _ = env.reset(seed=4)
    before = env.game.state
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[2])
    refusal = env.game.check(encoding("2019").command(illegal, players=env.players, actor="Anna"))
    assert refusal is not None
    with pytest.raises(IllegalCommandError) as raised:
        env.step(illegal)
    assert raised.value.reason is refusal.reason
    with pytest.raises(InvalidCommandError, match="a table of 2 has none"):
        env.step(18)
    assert env.game.state == before
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(env.game.log) >= 1


def test_every_single_round_episode_gives_the_learner_a_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At six players, a learner knocked out before its first turn is not offered the
    episode: reset deals another game, and every reset waits for the learner to act."""
    env = LoveLetterGymEnv(players=6, seat=5, single_round=True, opponents="heuristic")
    dealt = []
    start = env._start
    monkeypatch.setattr(env, "_start", lambda: dealt.append(1) or start())
    for seed in range(40):
        obs, _ = env.reset(seed=seed)
        assert obs["action_mask"].any()
        assert env.game.player_to_act == env.player
    assert len(dealt) > 40  # some games were dealt again


def test_render_tells_the_table_as_the_learner_saw_it() -> None:
    """ansi returns what happened since the last call, with the others' cards unnamed."""
    env = LoveLetterGymEnv(players=2, render_mode="ansi")
    env.reset(seed=9)
    told = env.render()
    assert isinstance(told, str)
    assert told.startswith("Round 1:")
    assert "Anna is dealt the Priest" in told
    assert env.game.state.hands[1] == (Card.SPY,)
    assert "Spy" not in told  # Ben's card
    assert env.render() == ""


def test_options_are_checked() -> None:
    """Wrong options raise at once, with a message that names them."""
    with pytest.raises(SetupError, match="2 to 6 players, not 7"):
        LoveLetterGymEnv(players=7)
    with pytest.raises(SetupError, match="seat"):
        LoveLetterGymEnv(players=2, seat=2)
    with pytest.raises(SetupError, match="2 opponents for 1"):
        LoveLetterGymEnv(players=2, opponents=["random", "random"])
    with pytest.raises(SetupError, match="one bot object"):
        LoveLetterGymEnv(players=3, opponents=RandomBot())
    bot = RandomBot()
    with pytest.raises(SetupError, match="two seats"):
        LoveLetterGymEnv(players=3, opponents=[bot, bot])
    with pytest.raises(ValueError, match="unknown bot"):
        LoveLetterGymEnv(opponents="nobody")
    with pytest.raises(ValueError, match="illegal"):
        LoveLetterGymEnv(illegal="ignore")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        LoveLetterGymEnv(render_mode="rgb_array")
    assert isinstance(LoveLetterGymEnv(opponents=["heuristic"]).player, str)
    assert observation_space_for("2019", 2) == LoveLetterGymEnv().observation_space
    assert issubclass(Recorder, Bot)


def test_reset_counts_the_deals_it_skips(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each reset says how many games it dealt and skipped, with the learner's return in
    each (a loss: they ended with the learner out, before any command of theirs); the
    environment's counters add them up."""
    env = LoveLetterGymEnv(players=6, seat=5, single_round=True, opponents="heuristic")
    dealt: list[Game] = []
    start = env._start

    def recorded() -> None:
        start()
        dealt.append(env.game)

    monkeypatch.setattr(env, "_start", recorded)
    skipped = 0
    for seed in range(40):
        dealt.clear()
        _, info = env.reset(seed=seed)
        assert info["skipped_deals"] == len(dealt) - 1 == len(info["skipped_returns"])
        for game, ret in zip(dealt, info["skipped_returns"], strict=False):
            assert game.state.phase is Phase.ROUND_OVER
            assert game.state.out[5]
            assert all(getattr(command, "player", None) != env.player for command in game.log)
            assert ret < 0
        skipped += info["skipped_deals"]
    assert skipped > 0
    assert (env.deals, env.skipped_deals) == (40 + skipped, skipped)


def test_make_vec_autoresets_in_the_same_step() -> None:
    """gymnasium.make_vec gives same-step autoreset: every observation has a legal action,
    and the episode that ended is in final_obs (its mask all zeros) and final_info."""
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, players=2, single_round=True)
    assert envs.metadata["autoreset_mode"] is gymnasium.vector.AutoresetMode.SAME_STEP
    obs, info = envs.reset(seed=5)
    rng = random.Random(1)
    ended = 0
    for _ in range(60):
        masks = obs["action_mask"]
        assert masks.any(axis=1).all()
        assert (info["action_mask"] == masks).all()
        actions = [rng.choice(np.flatnonzero(mask).tolist()) for mask in masks]
        obs, rewards, terminated, truncated, info = envs.step(actions)
        assert not truncated.any()
        for index in np.flatnonzero(terminated):
            ended += 1
            assert not info["final_obs"][index]["action_mask"].any()
            assert rewards[index] != 0.0
            assert "skipped_deals" in info
        assert (rewards[~terminated] == 0.0).all()
    assert ended > 3
    envs.close()


def test_vector_copies_play_the_single_environments_episodes() -> None:
    """Copy i of a vector environment reset with seed s plays the episode that one
    environment reset with seed s + i plays, the same actions giving the same rewards."""
    envs = gymnasium.make_vec(ENV_ID, num_envs=2, players=3, opponents="heuristic")
    obs, _ = envs.reset(seed=10)
    singles = [LoveLetterGymEnv(players=3, opponents="heuristic") for _ in range(2)]
    alone = [env.reset(seed=10 + index)[0] for index, env in enumerate(singles)]
    for _ in range(15):
        for index in range(2):
            assert obs["observation"][index].tolist() == alone[index]["observation"].tolist()
        actions = [int(np.flatnonzero(mask)[0]) for mask in obs["action_mask"]]
        obs, rewards, terminated, _, _ = envs.step(actions)
        for index, env in enumerate(singles):
            alone[index], reward, done, _, _ = env.step(actions[index])
            assert rewards[index] == reward
            assert terminated[index] == done
            if done:
                alone[index], _ = env.reset()
    envs.close()


def test_vector_env_runs_asynchronously_and_in_next_step_mode() -> None:
    """Each copy in a process of its own; and Gymnasium's next-step mode, asked for, where
    the step after an episode's end resets the copy and ignores its action."""
    envs = vector_env(2, asynchronous=True, players=2, single_round=True)
    obs, _ = envs.reset(seed=3)
    obs, *_ = envs.step([int(np.flatnonzero(mask)[0]) for mask in obs["action_mask"]])
    assert obs["action_mask"].any(axis=1).all()
    envs.close()
    envs = vector_env(
        1, autoreset_mode=gymnasium.vector.AutoresetMode.NEXT_STEP, players=2, single_round=True
    )
    obs, _ = envs.reset(seed=3)
    terminated = np.array([False])
    while not terminated[0]:
        obs, _, terminated, _, _ = envs.step([int(np.flatnonzero(obs["action_mask"][0])[0])])
    assert not obs["action_mask"].any()
    obs, reward, terminated, _, _ = envs.step([0])  # ignored: the copy is reset
    assert obs["action_mask"].any()
    assert reward[0] == 0.0
    assert not terminated[0]
    envs.close()
    with pytest.raises(SetupError, match="players"):
        vector_env(2, players=9)
