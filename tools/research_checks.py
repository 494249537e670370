"""The research issue's figures, rerunnable: environments' checkers, sizes, exact sampling.

``python tools/research_checks.py`` (with the ``[rl]`` extra) runs PettingZoo's
``api_test`` and Gymnasium's ``check_env`` (warnings as errors) on both editions at the
smallest and largest tables, whole games and single rounds; prints each edition's
action-space and observation sizes; and compares the information-set sampler with an
exact enumeration of the deals on six small two-player positions (those of
``tests/test_sampling.py``).
"""

from __future__ import annotations

import random
import sys
import warnings
from collections import Counter
from pathlib import Path

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import loveletter.rl.gymnasium  # noqa: F401  (registers loveletter/LoveLetter-v0)
from loveletter import view_for
from loveletter.encoding import encoding
from loveletter.rl.pettingzoo import env
from loveletter.sampling import sample_state

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from test_sampling import exact_deals, hidden, small_positions  # type: ignore[import-not-found]

TABLES = [("2019", 2, False), ("2019", 6, True), ("classic", 2, True), ("classic", 4, False)]


def environments() -> None:
    """PettingZoo's and Gymnasium's own checkers."""
    for name, players, single in TABLES:
        print(f"-- api_test: edition {name}, {players} players, single_round={single}")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UserWarning)  # its three style hints, see the docs
            api_test(env(edition=name, players=players, single_round=single), num_cycles=300)
    for name, players, single in TABLES:
        made = gymnasium.make(
            "loveletter/LoveLetter-v0",
            edition=name,
            players=players,
            single_round=single,
            opponents="heuristic",
        )
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            check_env(made.unwrapped, skip_render_check=True)
        print(f"-- check_env: edition {name}, {players} players, single_round={single}: passed")


def sampling() -> None:
    """The sampler against the exact list of deals a player cannot tell apart."""
    for state, viewer in small_positions(6):
        deals = exact_deals(state, viewer)
        view = view_for(state, viewer)
        rng = random.Random(7)
        draws = 400 * len(deals)
        counts = Counter(hidden(sample_state(view, rng), viewer) for _ in range(draws))
        expected = draws / len(deals)
        chi = sum((counts[deal] - expected) ** 2 / expected for deal in deals)
        print(
            f"{viewer} to play, pile {len(state.draw_pile)}: {len(deals)} deals by exact "
            f"enumeration (the true one among them: {hidden(state, viewer) in deals}); "
            f"{draws} samples, {len(counts)} distinct, all possible: {set(counts) <= deals}; "
            f"counts {min(counts[d] for d in deals)} to {max(counts.values())} "
            f"(expected {expected:.0f}), chi-square {chi:.1f} on {len(deals) - 1} df"
        )


def main() -> None:
    """Print every figure."""
    environments()
    for name in ("2019", "classic"):
        enc = encoding(name)
        print(f"{name}: {enc.num_actions} action ids, observations of {enc.observation_size}")
    sampling()


if __name__ == "__main__":
    main()
