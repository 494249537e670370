"""The learned bot: registered, legal, NumPy only at play time, its weights a small file."""

from __future__ import annotations

import subprocess
import sys
from importlib import resources

import pytest
from testkit.referee_games import decisions

pytest.importorskip("numpy", reason="the learned bot runs on NumPy (the [batch] extra)")

from loveletter.bots import BOTS, make_bot
from loveletter.bots.learned import WEIGHTS, LearnedBot, weights


def play(edition: str, players: int, seed: int) -> int:
    """Seeded games of learned bots at every seat; the number of decisions, each legal."""
    count = 0
    for view, _, command in decisions(
        edition=edition,
        players=players,
        games=1 + seed % 2,
        bot=lambda number, seat: make_bot("learned", seed=seed + 10 * number + seat),
    ):
        assert command in view.legal
        count += 1
    return count


def test_the_learned_bot_is_registered_and_plays_legal_commands_at_every_size() -> None:
    """``make_bot("learned")`` is the learned bot; it plays whole games of 2 to 6 players,
    and classic games (as the heuristic, having no weights for them)."""
    assert BOTS["learned"] is LearnedBot
    assert isinstance(make_bot("learned", seed=1), LearnedBot)
    for players in range(2, 7):
        assert play("2019", players, seed=players) > 10
    assert play("classic", 3, seed=1) > 10


def test_the_same_seed_plays_the_same_game() -> None:
    """A seeded bot replays: two runs of the same game take the same decisions."""
    assert play("2019", 3, seed=4) == play("2019", 3, seed=4)


def test_its_weights_are_package_data_under_two_megabytes() -> None:
    """The weights ship inside the package, a file of at most 2 MB, every array finite."""
    data = resources.files("loveletter.bots").joinpath(WEIGHTS)
    assert data.is_file()
    assert len(data.read_bytes()) <= 2 * 1024 * 1024
    import numpy as np

    assert all(np.isfinite(array).all() for array in weights().arrays.values())


def test_it_plays_without_any_training_library() -> None:
    """Playing a game imports neither PyTorch nor any other learning library."""
    code = (
        "import sys\n"
        "from loveletter.games.simulate import simulate\n"
        "simulate(games=2, players=2, bots=['learned', 'heuristic'], seed=1)\n"
        "print(sorted(m for m in ('torch', 'tensorflow', 'jax', 'stable_baselines3') "
        "if m in sys.modules))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
