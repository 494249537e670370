"""Stable-Baselines3 over the batch engine (the [sb3] extra): SB3's own checks of the
vector environment, and sb3-contrib's MaskablePPO training on it with no adapter."""

from __future__ import annotations

from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="the [sb3] extra (numpy) is not installed")
pytest.importorskip("stable_baselines3", reason="the [sb3] extra is not installed")
pytest.importorskip("sb3_contrib", reason="the [sb3] extra (sb3-contrib) is not installed")

from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # noqa: E402
from stable_baselines3.common.env_checker import check_env  # noqa: E402
from stable_baselines3.common.utils import check_for_correct_spaces  # noqa: E402
from stable_baselines3.common.vec_env import VecCheckNan, VecEnv, VecMonitor  # noqa: E402

from loveletter.research.rl.gymnasium import LoveLetterGymEnv  # noqa: E402
from loveletter.research.rl.sb3 import LoveLetterSB3VecEnv  # noqa: E402


def test_sb3_checks_the_gymnasium_env_with_its_masks() -> None:
    """SB3's environment checker passes the referee's Gymnasium environment, and
    sb3-contrib finds its action_masks()."""
    env = LoveLetterGymEnv(players=2, opponents="heuristic")
    check_env(env, warn=False)
    assert is_masking_supported(env)
    env.reset(seed=1)
    assert get_action_masks(env).any()


def test_the_vector_env_passes_sb3s_checks_over_whole_games() -> None:
    """Under SB3's VecCheckNan (no NaN nor infinity anywhere) and VecMonitor, random legal
    play over whole games: the spaces are the batch's, every mask has a legal action,
    each ended episode has its terminal observation and a reward of +1 or -1."""
    raw = LoveLetterSB3VecEnv(num_envs=32, players=2, opponents="heuristic")
    env = VecMonitor(VecCheckNan(raw, raise_exception=True))
    assert isinstance(env, VecEnv)
    assert is_masking_supported(env)
    check_for_correct_spaces(env, raw.observation_space, raw.action_space)
    env.seed(5)
    observations = env.reset()
    assert observations.shape == (32, raw.observation_space.shape[0])
    rng = np.random.default_rng(0)
    episodes = 0
    while episodes < 60:
        masks = get_action_masks(env)
        assert masks.shape == (32, raw.action_space.n)
        assert masks.any(axis=1).all()
        actions = (rng.random(masks.shape) * masks).argmax(axis=1)
        observations, rewards, dones, infos = env.step(actions)
        for table in np.flatnonzero(dones):
            assert infos[table]["terminal_observation"].shape == observations.shape[1:]
            assert abs(rewards[table]) == 1.0
            assert "episode" in infos[table]  # VecMonitor's record of it
        assert (rewards[~dones] == 0).all()
        episodes += int(dones.sum())


def test_the_same_seed_replays_the_same_episodes() -> None:
    """seed() then reset() deals the same games: the same actions give the same steps."""

    def run() -> list[float]:
        env = LoveLetterSB3VecEnv(num_envs=8, players=3)
        env.seed(11)
        env.reset()
        total = []
        for _ in range(80):
            masks = env.action_masks()
            _, rewards, _, _ = env.step(masks.argmax(axis=1))
            total.append(float(rewards.sum()))
        return total

    assert run() == run()


def test_maskable_ppo_trains_on_the_batch_tables_and_plays_legal_actions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """MaskablePPO learns a few updates on 64 tables against the heuristic, then its
    masked predictions are legal at every table."""
    monkeypatch.setenv("SB3_LOGDIR", str(tmp_path))  # SB3's logger makes a folder there
    env = LoveLetterSB3VecEnv(num_envs=64, players=2, opponents="heuristic", single_round=True)
    env.seed(2)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=8, batch_size=128, n_epochs=1, seed=2, device="cpu"
    )
    model.learn(total_timesteps=2 * 8 * 64)
    assert model.num_timesteps >= 2 * 8 * 64
    observations = env.reset()
    masks = env.action_masks()
    actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
    assert masks[np.arange(64), actions].all()
