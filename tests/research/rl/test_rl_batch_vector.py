"""The batch engine's Gymnasium vector environment (loveletter.research.rl.batch_vector): its
registration, a random agent that plays by the masks, next-step autoreset, rewards,
batched opponents, refusals, and seeded reproducibility."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the [rl] extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the [rl] extra (gymnasium) is not installed")

import gymnasium  # noqa: E402
from gymnasium.vector import AutoresetMode  # noqa: E402

from loveletter.errors import SetupError  # noqa: E402
from loveletter.research.batch import IllegalActionError  # noqa: E402
from loveletter.research.encoding import encoding  # noqa: E402
from loveletter.research.rl.batch_vector import VECTOR_ENV_ID, LoveLetterVectorEnv  # noqa: E402


def random_legal(masks: Any, rng: Any) -> Any:
    """One uniformly drawn legal id per row (0 where no id is legal)."""
    return (rng.random(masks.shape) * masks).argmax(axis=1)


def run(env: LoveLetterVectorEnv, seed: int, episodes: int) -> list[Any]:
    """Random legal play until ``episodes`` episodes ended: each step's actions, observations,
    rewards and terminations."""
    rng = np.random.default_rng(0)
    observations, info = env.reset(seed=seed)
    steps: list[Any] = [observations.copy()]
    ended = 0
    while ended < episodes:
        actions = random_legal(info["action_mask"], rng)
        observations, rewards, terminated, _truncated, info = env.step(actions)
        steps.append((actions, observations.copy(), rewards.copy(), terminated.copy()))
        ended += int(terminated.sum())
    return steps


def test_gymnasium_makes_it_from_its_registration() -> None:
    """make_vec builds the batch engine's environment, next-step autoreset, its spaces
    those of the encoding."""
    env = gymnasium.make_vec(VECTOR_ENV_ID, num_envs=5, players=3, edition="classic")
    assert isinstance(env, LoveLetterVectorEnv)
    assert env.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert env.single_observation_space.shape == (229,)
    assert env.single_action_space.n == 43
    assert env.observation_space.shape == (5, 229)
    assert env.action_space.shape == (5,)


@pytest.mark.parametrize(("name", "players"), [("2019", 2), ("2019", 5), ("classic", 4)])
def test_a_random_agent_plays_by_the_masks(name: str, players: int) -> None:
    """Acting on the masks of info, every action is accepted; observations are the
    learner's (in the space), rewards 0 until an episode ends, then the learner's share of
    the zero-sum returns; the next step deals a new game (reward 0, a mask to act on)."""
    env = LoveLetterVectorEnv(num_envs=32, edition=name, players=players, seat=1)
    rng = np.random.default_rng(1)
    observations, info = env.reset(seed=2)
    ended, restarting = 0, np.zeros(32, dtype=bool)
    while ended < 64:
        masks = info["action_mask"]
        assert env.observation_space.contains(observations)
        assert np.array_equal(observations, env.batch.observation(np.full(32, 1)))
        assert masks[~restarting].any(axis=1).all()
        assert (env.batch.acting[~restarting] == 1).all()
        observations, rewards, terminated, truncated, info = env.step(random_legal(masks, rng))
        assert not truncated.any()
        assert (rewards[restarting] == 0).all()
        assert not terminated[restarting].any()
        assert (rewards[~terminated] == 0).all()
        for table in np.flatnonzero(terminated):
            won = env.batch.game_winners[table]
            share = 0.0 if won.all() else (1 / won.sum() if won[1] else -1 / (~won).sum())
            assert rewards[table] == pytest.approx(share)
        assert not info["action_mask"][terminated].any()
        ended += int(terminated.sum())
        restarting = terminated


def test_a_seeded_reset_replays_the_same_episodes() -> None:
    """The same seed and actions give the same episodes; the unseeded reset that follows
    deals the same next games; another seed, other games."""
    env = LoveLetterVectorEnv(num_envs=16, players=4)
    first = run(env, 13, 20)
    after, _ = env.reset()
    again = run(env, 13, 20)
    after_again, _ = env.reset()
    assert len(again) == len(first)
    for one, two in zip(first, again, strict=True):
        for x, y in zip(one, two, strict=True):
            assert np.array_equal(x, y)
    assert np.array_equal(after, after_again)
    other = run(env, 14, 20)
    assert not np.array_equal(other[0], first[0])


def test_batched_opponents_act_from_their_own_views() -> None:
    """A batched policy is asked for the tables where an opponent acts, given those
    seats' observations and masks; its actions are played."""
    asked: list[tuple[Any, Any]] = []

    def lowest(observations: Any, masks: Any) -> Any:
        asked.append((observations, masks))
        return masks.argmax(axis=1)

    env = LoveLetterVectorEnv(num_envs=8, players=3, opponents=lowest)
    rng = np.random.default_rng(2)
    _, info = env.reset(seed=4)
    for _ in range(30):
        _, _, _, _, info = env.step(random_legal(info["action_mask"], rng))
    assert asked
    to_act = {name: start for name, start, _ in encoding("2019").observation_layout()}
    for observations, masks in asked:
        assert observations.shape[0] == masks.shape[0] > 0
        assert masks.any(axis=1).all()
        assert (observations[:, to_act["to_act"]] == 1).all()  # the viewer acts (offset 0)


def test_an_illegal_action_raises_and_nothing_moves() -> None:
    """An id outside a learner's mask raises IllegalActionError; no table moved."""
    env = LoveLetterVectorEnv(num_envs=4, players=2)
    observations, info = env.reset(seed=1)
    actions = info["action_mask"].argmax(axis=1)
    actions[2] = int(np.flatnonzero(~info["action_mask"][2])[0])
    with pytest.raises(IllegalActionError, match="table 2"):
        env.step(actions)
    assert np.array_equal(env.batch.observation(np.zeros(4, dtype=np.int64)), observations)


def test_wrong_settings_are_refused() -> None:
    """A seat the table does not have, or opponents that are neither 'random' nor a
    policy, are refused with SetupError."""
    with pytest.raises(SetupError, match="seat"):
        LoveLetterVectorEnv(num_envs=2, players=2, seat=2)
    with pytest.raises(SetupError, match="opponents"):
        LoveLetterVectorEnv(num_envs=2, players=2, opponents="heuristic")
