"""Where the fast path's time goes, turn by turn, beside the shared floor's.

``python tools/speed_budget.py [--games 400] [--players 2 --players 4 ...]`` (from a
checkout beside ``shared/``) plays the bench's (b) games, ``apply(command, check=False,
record=False)`` on random legal commands, and splits their time per turn (a card played)
into: the loop itself (the same loop around a game that does nothing), ``Game.new``,
listing the legal commands, the plays (by card), a Chancellor's choices, and the deals
between rounds. The games are played twice and timed the second time, as the bench's
repeats are: the memo of legal commands then holds their positions. Each part is timed
with ``time.perf_counter_ns`` around its calls, less the cost of reading the clock
(measured first); the floor's time per turn comes from ``bare_playout.play_game`` on the
CPU clock, as the bench times it. Beside them: what a whole turn may cost for target (b)
of issue 14, at least 0.60 of the floor.

One process, figures in microseconds: run it on an idle machine; they move by a few
percent from run to run.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter

from loveletter import Game, Play
from loveletter.bench import SHARED_FLOOR, SHIPPED_FLOOR, count_floor_turns, load_floor
from loveletter.setup import seat_names

_now = time.perf_counter_ns


def clock_cost() -> float:
    """Nanoseconds a part's two clock readings add to what it times (best of 5)."""
    best = float("inf")
    for _ in range(5):
        spent = 0
        for _ in range(100_000):
            a = _now()
            spent += _now() - a
        best = min(best, spent / 100_000)
    return best


class _Still:
    """A game that does nothing, for the cost of the loop around it."""

    __slots__ = ("left",)

    def __init__(self, commands: int) -> None:
        self.left = commands

    @property
    def over(self) -> bool:
        return self.left == 0

    def legal_commands(self) -> tuple[Play, ...]:
        return _STILL_LEGAL

    def apply(self, command: object, *, check: bool = True, record: bool = True) -> tuple[()]:
        self.left -= 1
        return ()


_STILL_LEGAL = tuple(Play.__new__(Play) for _ in range(8))
"""Objects of the type the loop counts as a turn."""


def loop_cost(commands_per_game: int, games: int, seed: int) -> float:
    """Nanoseconds per command of the bench's loop around a game that does nothing."""
    rng = random.Random(seed)
    choice = rng.choice
    start = time.process_time_ns()
    count = 0
    for _ in range(games):
        game = _Still(commands_per_game)
        legal = game.legal_commands
        apply = game.apply
        while not game.over:
            command = choice(legal())
            if type(command) is Play:
                count += 1
            apply(command, check=False, record=False)
    return (time.process_time_ns() - start) / count


PARTS = {"Deal": "Deal (the next round)", "Choose": "Choose (a Chancellor's)"}


def split(
    players: int, games: int, seed: int, tick: float
) -> tuple[int, int, Counter[str], Counter[str]]:
    """Turns, commands, nanoseconds and calls by part of ``games`` games of the fast path."""
    names = seat_names(players)
    rng = random.Random(seed)
    choice = rng.choice
    spent: Counter[str] = Counter()
    calls: Counter[str] = Counter()
    turns = commands = 0
    for _ in range(games):
        a = _now()
        game = Game.new(names, seed=rng.getrandbits(63))
        spent["Game.new"] += _now() - a - tick
        calls["Game.new"] += 1
        legal = game.legal_commands
        apply = game.apply
        while not game.over:
            a = _now()
            listed = legal()
            spent["listing the legal commands"] += _now() - a - tick
            calls["listing the legal commands"] += 1
            command = choice(listed)
            if type(command) is Play:
                turns += 1
                part = f"play: {command.card}"
            else:
                part = PARTS.get(type(command).__name__, type(command).__name__)
            commands += 1
            a = _now()
            apply(command, check=False, record=False)
            spent[part] += _now() - a - tick
            calls[part] += 1
    return turns, commands, spent, calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, action="append")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    floor_path = SHARED_FLOOR if SHARED_FLOOR.is_file() else SHIPPED_FLOOR
    floor = load_floor(floor_path)
    tick = clock_cost()
    print(f"floor: {floor_path}; one clock reading costs {tick:.0f} ns, taken off each part")
    for players in options.players or [2, 4, 6]:
        # The same games twice, as the bench repeats them: the second time the memo of
        # legal commands holds what these games list (a long simulation's steady state).
        split(players, options.games, options.seed, tick)
        turns, commands, spent, calls = split(players, options.games, options.seed, tick)
        floor_turns = count_floor_turns(floor_path, players, options.games, options.seed)
        floor.play(players, max(1, options.games // 4), options.seed + 1)  # warm-up
        start = time.process_time_ns()
        floor.play(players, options.games, options.seed)
        floor_ns = (time.process_time_ns() - start) / floor_turns
        loop_ns = loop_cost(max(1, commands // options.games), options.games, options.seed)
        loop_per_turn = loop_ns * commands / turns
        print(f"\n{players} players: {options.games} games, {turns} turns, {commands} commands")
        print(f"  {'':38} {'per turn':>9}  {'calls':>7}  {'per call':>8}")
        print(f"  {'the floor, a whole turn':38} {floor_ns / 1000:6.2f} us")
        print(f"  {'target (b): 0.60 of the floor':38} {floor_ns / 600:6.2f} us")
        total = loop_per_turn
        print(f"  {'the loop itself (choice, calls)':38} {loop_per_turn / 1000:6.2f} us")
        for part, ns in sorted(spent.items(), key=lambda item: -item[1]):
            total += ns / turns
            each = ns / calls[part] / 1000
            print(f"  {part:38} {ns / turns / 1000:6.2f} us  {calls[part]:7}  {each:5.2f} us")
        print(f"  {'sum':38} {total / 1000:6.2f} us  = {floor_ns / total:.2f} of the floor")


if __name__ == "__main__":
    main()
