"""What RL libraries ask of the environments, by public API only: action_masks() on the
Gymnasium environment; on the batch engine's vector environment, same-step autoreset, the
final observation of an ended episode, restarting chosen tables and single rounds."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the [rl] extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the [rl] extra (gymnasium) is not installed")

from gymnasium.vector import AutoresetMode  # noqa: E402

from loveletter.errors import LoveLetterError, SetupError  # noqa: E402
from loveletter.research.encoding import encoding  # noqa: E402
from loveletter.research.rl.batch_vector import LoveLetterVectorEnv  # noqa: E402
from loveletter.research.rl.gymnasium import LoveLetterGymEnv  # noqa: E402


def random_legal(masks: Any, rng: Any) -> Any:
    """One uniformly drawn legal id per row (0 where no id is legal)."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def test_the_gymnasium_env_gives_its_masks_as_booleans() -> None:
    """``action_masks()`` is the observation's mask as booleans at every step of an
    episode, and all false once it is over."""
    env = LoveLetterGymEnv(players=3, opponents="heuristic")
    obs, _ = env.reset(seed=2)
    terminated = False
    while not terminated:
        mask = env.action_masks()
        assert mask.dtype == np.bool_
        assert (mask == obs["action_mask"].astype(bool)).all()
        assert mask.any()
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(mask)[0]))
    assert not env.action_masks().any()


def test_same_step_autoreset_offers_a_legal_action_at_every_table() -> None:
    """In same-step mode every observation offered has a legal action; a step that ends an
    episode gives its final observation in info, the next game's first as the observation."""
    env = LoveLetterVectorEnv(num_envs=32, players=2, autoreset_mode=AutoresetMode.SAME_STEP)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    rng = np.random.default_rng(1)
    obs, info = env.reset(seed=4)
    phase = {name: start for name, start, _ in encoding("2019").observation_layout()}["phase"]
    ended = 0
    while ended < 40:
        assert info["action_mask"].any(axis=1).all()
        obs, rewards, terminated, _, info = env.step(random_legal(info["action_mask"], rng))
        final = info["final_obs"][info["_final_obs"]]
        assert (info["_final_obs"] == terminated).all()
        assert (final[:, phase + 4] == 1).all()  # the game over, in the final observation
        assert (obs[terminated, phase + 4] == 0).all()  # a new game, in the observation
        assert (np.abs(rewards[terminated]) == 1).all()
        assert (rewards[~terminated] == 0).all()
        ended += int(terminated.sum())


def test_next_step_autoreset_stays_the_default() -> None:
    """By default the step that ends an episode returns its final observation, mask empty."""
    env = LoveLetterVectorEnv(num_envs=16, players=2)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    rng = np.random.default_rng(2)
    _, info = env.reset(seed=1)
    for _ in range(300):
        _, _, terminated, _, info = env.step(random_legal(info["action_mask"], rng))
        assert not info["action_mask"][terminated].any()
        assert "final_obs" not in info


def test_chosen_tables_restart_and_the_others_go_on() -> None:
    """``restart`` deals new games at the chosen tables only, up to their learner's turn."""
    env = LoveLetterVectorEnv(num_envs=8, players=3, opponents="random")
    rng = np.random.default_rng(3)
    _, info = env.reset(seed=2)
    for _ in range(6):
        _, _, _, _, info = env.step(random_legal(info["action_mask"], rng))
    before = env.batch.round_number.copy(), env.batch.tokens.copy()
    chosen = np.zeros(8, dtype=bool)
    chosen[[1, 5]] = True
    _, info = env.restart(chosen)
    rounds, tokens = env.batch.round_number, env.batch.tokens
    assert (rounds[chosen] == 1).all()
    assert (tokens[chosen] == 0).all()
    assert (rounds[~chosen] == before[0][~chosen]).all()
    assert (tokens[~chosen] == before[1][~chosen]).all()
    assert info["action_mask"].any(axis=1).all()
    assert (env.batch.acting == 0).all()


def test_single_rounds_end_with_the_round_scored_by_its_winners() -> None:
    """With ``single_round`` an episode is the first round of a game: it ends with the
    round, rewarded with the learner's share of its winners' returns."""
    for mode in (AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP):
        env = LoveLetterVectorEnv(num_envs=64, players=2, single_round=True, autoreset_mode=mode)
        rng = np.random.default_rng(5)
        obs, info = env.reset(seed=3)
        blocks = {name: start for name, start, _ in encoding("2019").observation_layout()}
        episodes = 0
        while episodes < 200:
            actions = random_legal(info["action_mask"], rng)
            live = info["action_mask"].any(axis=1)
            assert (obs[live, blocks["round_number"]] == 1).all()  # always a first round
            obs, rewards, terminated, _, info = env.step(actions)
            assert set(np.abs(rewards[terminated]).tolist()) <= {1.0}
            assert (rewards[~terminated] == 0).all()
            episodes += int(terminated.sum())


def test_wrong_options_are_refused() -> None:
    """An autoreset mode the environment does not play is refused; so is a wrong table."""
    with pytest.raises(SetupError, match="autoreset_mode"):
        LoveLetterVectorEnv(num_envs=2, autoreset_mode=AutoresetMode.DISABLED)
    with pytest.raises(ValueError):  # noqa: PT011 (Gymnasium's own refusal of a name)
        LoveLetterVectorEnv(num_envs=2, autoreset_mode="sometimes")
    env = LoveLetterVectorEnv(num_envs=2)
    env.reset(seed=1)
    with pytest.raises(LoveLetterError, match="tables"):
        env.batch.restart([5])
