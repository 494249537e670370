"""The learned bot over a batch reads what the bot reads of each view, and scores alike.

The learned bot plays seeded games through the referee at every table size; at each
decision the batch side (:mod:`loveletter.research.batch.learned`), given the encoding's
observation and mask of the bot's view, computes the same features, the same parts of
each legal action and the same scores as the bot (:mod:`loveletter.bots.learned`), so
that weights trained on the batch engine play unchanged through the referee.
"""

from __future__ import annotations

import functools

import pytest
from testkit.budgets import examples
from testkit.referee_games import decisions

np = pytest.importorskip("numpy", reason="the [batch] extra (numpy) is not installed")

from loveletter.bots.learned import LearnedBot  # noqa: E402
from loveletter.bots.learned import action_parts as command_parts  # noqa: E402
from loveletter.bots.learned import features as view_features  # noqa: E402
from loveletter.research.batch import Batch  # noqa: E402
from loveletter.research.batch.learned import LearnedPolicy, action_parts, features  # noqa: E402
from loveletter.research.encoding import encoding  # noqa: E402
from loveletter.setup import seat_names  # noqa: E402

GAMES = examples(quick=4, full=12)
"""Referee games per table size."""


@pytest.mark.long
@pytest.mark.parametrize("players", range(2, 7))
def test_the_batch_reads_each_view_as_the_bot_does(players: int) -> None:
    """Features, action parts and scores agree at every decision of the bot's games."""
    enc = encoding("2019")
    policy = LearnedPolicy(seed=1)
    parts = action_parts("2019")
    names = seat_names(players)
    count = 0
    for view, bot, _ in decisions(
        edition="2019",
        players=players,
        games=GAMES,
        bot=lambda number, seat: LearnedBot(seed=10 * number + seat),
    ):
        assert isinstance(bot, LearnedBot)
        obs = np.array([enc.observation(view)], dtype=np.float32)
        mask = np.array([enc.legal_mask(view)])
        ids = [enc.action_id(command, players=names) for command in view.legal]
        mine = view_features(view, bot._knowledge(view), functools.partial(bot.odds, view))
        assert np.array_equal(mine, features(obs, policy.heuristic.odds(obs))[0])
        assert np.array_equal(command_parts(view, view.legal), parts[ids])
        np.testing.assert_allclose(
            bot.preferences(view), policy.scores(obs, mask)[0, ids], rtol=1e-9, atol=1e-9
        )
        count += 1
    assert count >= 20 * GAMES


def test_the_policy_plays_whole_batch_games_with_legal_actions() -> None:
    """At every table the policy's action is legal; every game ends."""
    batch = Batch.new(tables=64, players=4, seed=3)
    policy = LearnedPolicy(seed=3)
    while not batch.over.all():
        actions = policy.act(batch)
        live = batch.acting >= 0
        assert batch.legal_mask()[np.flatnonzero(live), actions[live]].all()
        batch.step(actions)
    assert batch.game_winners.any(axis=1).all()
