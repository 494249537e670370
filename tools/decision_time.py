"""How long a bot takes per decision: CPU time, measured in real games.

``python tools/decision_time.py --bot ismcts --players 2 --games 60`` (any bot spec:
``--bot ismcts:iterations=5``; ``--iterations N`` is short for the search bot with that
budget) plays seeded games of the bot against the heuristic bot (seats turning) and
prints the bot's mean, median and 95th-percentile CPU time per decision
(``time.process_time``), counting only decisions with more than one legal command, with
the machine's load averages (``os.getloadavg``) before and after the run: CPU time
grows with a busy machine's contention for caches and memory, so quote it with them.
One process: run it on as idle a machine as you have.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from loveletter import Deal, Game, Phase, view_for
from loveletter.bots import make_bot, parse_bot
from loveletter.setup import seat_names


def decision_times(bot: str, players: int, games: int, seed: int) -> list[float]:
    """The bot's CPU seconds per decision over ``games`` seeded games."""
    times = []
    for number in range(games):
        names = seat_names(players)
        game = Game.new(names, seed=seed + number)
        seat_of_bot = number % players
        bots = [make_bot("heuristic", seed=seed + number * 10 + s) for s in range(players)]
        bots[seat_of_bot] = make_bot(bot, seed=seed + number)
        for one, name in zip(bots, names, strict=True):
            one.join(name)
        while not game.over:
            state = game.state
            if state.phase is Phase.ROUND_OVER:
                game.apply(Deal())
                continue
            view = view_for(state, names[state.to_act])
            start = time.process_time()
            command = bots[state.to_act].choose(view)
            if state.to_act == seat_of_bot and len(view.legal) > 1:
                times.append(time.process_time() - start)
            game.apply(command)
    return times


def main() -> None:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot", default="ismcts", help="a bot spec (ismcts:iterations=5)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--iterations", type=int, help="an ismcts budget other than its default (ismcts-N)"
    )
    args = parser.parse_args()
    if args.iterations is not None:
        args.bot = f"ismcts:iterations={args.iterations}"
    args.bot = str(parse_bot(args.bot))
    before = _load()
    times = sorted(decision_times(args.bot, args.players, args.games, args.seed))
    p95 = times[int(0.95 * (len(times) - 1))]
    print(
        f"{args.bot}, {args.players} players, {args.games} games: {len(times)} decisions, "
        f"CPU ms per decision: mean {1000 * statistics.fmean(times):.1f}, "
        f"median {1000 * statistics.median(times):.1f}, 95th percentile {1000 * p95:.1f}; "
        f"load average {before} before, {_load()} after, {os.cpu_count()} CPUs"
    )


def _load() -> str:
    """The 1, 5 and 15-minute load averages, as ``uptime`` prints them."""
    return " ".join(f"{load:.2f}" for load in os.getloadavg())


if __name__ == "__main__":
    main()
