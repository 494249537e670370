"""The research issues' figures, rerunnable.

Environments' checkers, sizes, exact sampling, canonical information states, ISMCTS,
the deals the Gymnasium environment skips. ``python tools/research_checks.py`` (with the
``[rl]`` and ``[openspiel]`` extras) runs every section; ``--only NAME ...`` runs some of
them:

- ``environments``: PettingZoo's ``api_test`` and Gymnasium's ``check_env`` (warnings as
  errors) on both editions at the smallest and largest tables, whole games and single
  rounds;
- ``sizes``: each edition's action-space and observation sizes;
- ``sampling``: the information-set sampler against an exact enumeration of the deals on
  six small two-player positions (those of ``tests/bots/test_sampling.py``);
- ``strings``: OpenSpiel information state strings against tensors, over every node of
  random single rounds and whole games, and at the first decision of 20,000 deals;
- ``ismcts``: OpenSpiel's ISMCTS against its uniform random bot, through
  ``evaluate_bots``, with a 95% interval;
- ``skipped``: how many deals the Gymnasium environment skips (the learner knocked out
  before its first turn), and the win rate of a uniformly random learner over the
  episodes offered and over all deals.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from collections import Counter
from pathlib import Path
from typing import Any

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import loveletter.research.rl.gymnasium  # noqa: F401  (registers loveletter/LoveLetter-v0)
from loveletter import view_for
from loveletter.bots.sampling import sample_state
from loveletter.research.encoding import encoding
from loveletter.research.rl.pettingzoo import env

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "bots"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "research" / "openspiel"))
from test_sampling import exact_deals, hidden, small_positions  # type: ignore[import-not-found]
from testkit.openspiel_games import key, walk  # type: ignore[import-not-found]

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


def sizes() -> None:
    """Each edition's action ids and observation size."""
    for name in ("2019", "classic"):
        enc = encoding(name)
        print(f"{name}: {enc.num_actions} action ids, observations of {enc.observation_size}")


def strings() -> None:
    """Information state strings against tensors, over every node of random games."""
    import pyspiel
    from test_openspiel_infostates import counts, pairs  # type: ignore[import-not-found]

    import loveletter.research.rl.openspiel  # noqa: F401  (registers python_loveletter)

    tables = [
        ({"players": 2, "single_round": True}, 1000, "within a round"),
        ({"edition": "classic", "players": 2, "single_round": True}, 1000, "within a round"),
        ({"players": 4, "single_round": True}, 300, "within a round"),
        ({"edition": "classic", "players": 2}, 200, "across rounds"),
        ({"players": 3}, 60, "across rounds"),
    ]
    for params, games, where in tables:
        game = pyspiel.load_game("python_loveletter", params)
        found = counts(pairs(game, games, seed=0))
        print(
            f"{params}, {games} random games ({where}): {found['nodes']} (node, player) "
            f"pairs, {found['strings']} distinct strings, {found['tensors']} distinct "
            f"tensors; strings with more than one tensor: "
            f"{found['strings with two tensors']}; tensors with more than one string: "
            f"{found['tensors with two strings']}"
        )
    game = pyspiel.load_game("python_loveletter", {"single_round": True})
    first: set[tuple[str, Any]] = set()
    deals = 20_000
    for seed in range(deals):
        for state in walk(game, seed):
            if state.current_player() == 0:
                first.add(
                    (state.information_state_string(0), key(state.information_state_tensor(0)))
                )
                break
    print(
        f"Anna's first decision, {deals} deals: {len({t for t, _ in first})} distinct strings,"
        f" {len({t for _, t in first})} distinct tensors, {len(first)} distinct pairs"
    )


def ismcts(games: int = 200, simulations: int = 50) -> None:
    """OpenSpiel's ISMCTS against its uniform random bot, seats turning."""
    from test_openspiel_ismcts import ismcts_against_random  # type: ignore[import-not-found]

    from loveletter.games.simulate import wilson

    for params, count in (({"single_round": True}, games), ({}, games // 4)):
        start = time.process_time()
        wins = ismcts_against_random(params, count, simulations)
        low, high = wilson(wins, count)
        kind = "single rounds" if params else "whole games"
        print(
            f"ISMCTS ({simulations} simulations a move, random roll-outs) against uniform "
            f"random, {count} {kind} (2019, two players, seats turning): {wins} won, "
            f"{wins / count:.1%}, 95% interval {low:.1%} to {high:.1%} "
            f"({time.process_time() - start:.0f} s of CPU)"
        )


def skipped(episodes: int = 20_000) -> None:
    """The deals the Gymnasium environment skips, and the bias of leaving them out."""
    import numpy as np

    from loveletter.games.simulate import wilson
    from loveletter.research.rl.gymnasium import LoveLetterGymEnv

    for players in (2, 4):
        for opponents in ("random", "heuristic"):
            env = LoveLetterGymEnv(players=players, opponents=opponents, single_round=True)
            rng = np.random.default_rng(0)
            obs, _ = env.reset(seed=1)
            wins = 0
            for episode in range(episodes):
                if episode:
                    obs, _ = env.reset()
                done = False
                reward: Any = 0.0
                while not done:
                    legal = np.flatnonzero(obs["action_mask"])
                    obs, reward, done, _, _ = env.step(int(rng.choice(legal)))
                wins += reward > 0
            low, high = wilson(env.skipped_deals, env.deals)
            print(
                f"{players} players against {opponents}, single rounds, learner in seat 0: "
                f"{env.deals} deals, {env.skipped_deals} skipped "
                f"({env.skipped_deals / env.deals:.1%}, 95% interval {low:.1%} to "
                f"{high:.1%}); a uniformly random learner won {wins / episodes:.1%} of the "
                f"{episodes} episodes offered, {wins / env.deals:.1%} of all deals"
            )


SECTIONS = {
    "environments": environments,
    "sizes": sizes,
    "sampling": sampling,
    "strings": strings,
    "ismcts": ismcts,
    "skipped": skipped,
}


def main() -> None:
    """Print the figures of every section, or of those named."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="+", choices=list(SECTIONS), default=list(SECTIONS))
    for name in parser.parse_args().only:
        print(f"== {name}")
        SECTIONS[name]()


if __name__ == "__main__":
    main()
