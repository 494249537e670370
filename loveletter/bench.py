"""``python -m loveletter bench``: how fast the referee runs, beside a bare Python loop.

For each player count it measures, in one run:

* **floor**: ``benchmarks/floor.py``, a bare loop (ints and lists, no validation, no
  events) playing whole 2019 games at random: the speed pure Python allows here;
* **(a) api**: random play through the public API, validation and events on: choose
  uniformly among :meth:`~loveletter.referee.Game.legal_commands`, then
  :meth:`~loveletter.referee.Game.apply`;
* **(b) fast**: the same with ``apply(command, check=False, record=False)``, the fast path
  for simulation and search;
* **(c)** snapshotting a game's state, and copying a game;
* **(d)** computing a player's view;
* **(e)** JSON encoding and decoding of a full state.

Each figure is the best of several repeats, with its ratio to the floor's turns per
second (a turn is a card played). Figures are printed, never asserted: they depend on
the machine. ``--profile`` adds the hot spots of the public-API loop.
"""

from __future__ import annotations

import cProfile
import importlib.util
import io
import pstats
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import attrs

from loveletter.commands import Play
from loveletter.editions import edition as edition_named
from loveletter.referee import Game
from loveletter.rules.work import Work
from loveletter.serialization import state_from_json, to_json
from loveletter.setup import seat_names
from loveletter.state import State
from loveletter.views import View, view_for

__all__ = ["Figures", "load_floor", "measure", "run_bench"]


T = TypeVar("T")
FLOOR = Path(__file__).resolve().parent.parent / "benchmarks" / "floor.py"


@attrs.frozen(kw_only=True)
class Figures:
    """What random play measured: counts and the best time."""

    players: int
    games: int
    rounds: int
    turns: int
    commands: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Whole games per second."""
        return self.games / self.seconds

    @property
    def rounds_per_second(self) -> float:
        """Rounds per second."""
        return self.rounds / self.seconds

    @property
    def turns_per_second(self) -> float:
        """Cards played per second."""
        return self.turns / self.seconds

    @property
    def commands_per_second(self) -> float:
        """Applied commands per second (plays, choices, deals)."""
        return self.commands / self.seconds


def load_floor(path: Path = FLOOR) -> ModuleType | None:
    """The bare loop of ``benchmarks/floor.py`` (``None`` outside a source checkout)."""
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("loveletter_floor", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play_games(
    *, players: int, games: int, seed: int, edition: str, check: bool = True, record: bool = True
) -> Figures:
    """Play ``games`` random games through the public API; count and time them."""
    names = seat_names(players)
    ed = edition_named(edition)
    rng = random.Random(seed)
    choice = rng.choice
    rounds = turns = commands = 0
    start = time.perf_counter()
    for _ in range(games):
        game = Game.new(names, edition=ed, seed=rng.getrandbits(63))
        apply = game.apply
        legal = game.legal_commands
        while not game.over:
            command = choice(legal())
            if type(command) is Play:
                turns += 1
            apply(command, check=check, record=record)
            commands += 1
        rounds += game.state.round_number
    seconds = time.perf_counter() - start
    return Figures(
        players=players, games=games, rounds=rounds, turns=turns, commands=commands, seconds=seconds
    )


def measure(*, players: int, games: int, seed: int = 1, edition: str = "2019") -> Figures:
    """Random play through the public API, validation and events on (one repeat)."""
    return play_games(players=players, games=games, seed=seed, edition=edition)


def _each(repeats: int, items: Sequence[T], action: Callable[[T], object]) -> float:
    """How many times per second ``action`` runs over ``items`` (the best of ``repeats``)."""
    best = 0.0
    for _ in range(repeats):
        start = time.perf_counter()
        for item in items:
            action(item)
        best = max(best, len(items) / (time.perf_counter() - start))
    return best


def _positions(players: int, seed: int, edition: str, count: int) -> list[Game]:
    """Games stopped at ``count`` random moments of random play."""
    names = seat_names(players)
    rng = random.Random(seed)
    found: list[Game] = []
    while len(found) < count:
        game = Game.new(names, edition=edition, seed=rng.getrandbits(63))
        while not game.over and len(found) < count:
            game.apply(rng.choice(game.legal_commands()))
            if rng.random() < 0.2:
                found.append(game.copy())
    return found


def _snapshot(work: Work) -> State:
    """A table frozen into a state: what ``Game.state`` does when the table has moved."""
    return work.freeze()


def _view(pair: tuple[State, str]) -> View:
    return view_for(*pair)


def figures_for(
    players: int, *, games: int, seed: int, edition: str, repeats: int, floor: ModuleType | None
) -> tuple[dict[str, float], Figures]:
    """Every figure for one player count, and the public-API run's counts."""
    figures: dict[str, float] = {}
    if floor is not None:
        figures["floor turns/s"] = max(
            float(floor.measure(players, games, seed)["turns_per_s"]) for _ in range(repeats)
        )
    runs = [
        play_games(players=players, games=games, seed=seed, edition=edition) for _ in range(repeats)
    ]
    api = min(runs, key=lambda run: run.seconds)
    figures["(a) api turns/s"] = api.turns_per_second
    figures["(b) fast turns/s"] = max(
        play_games(
            players=players, games=games, seed=seed, edition=edition, check=False, record=False
        ).turns_per_second
        for _ in range(repeats)
    )
    stops = _positions(players, seed, edition, 500)
    tables = [game._work for game in stops]
    states = [game.state for game in stops]
    viewers = [state.players[index % players] for index, state in enumerate(states)]
    texts = [to_json(state) for state in states]
    figures["(c) snapshots/s"] = _each(repeats, tables, _snapshot)
    figures["(c) game copies/s"] = _each(repeats, stops, Game.copy)
    figures["(d) views/s"] = _each(repeats, list(zip(states, viewers, strict=True)), _view)
    figures["(e) state to JSON/s"] = _each(repeats, states, to_json)
    figures["(e) state from JSON/s"] = _each(repeats, texts, state_from_json)
    return figures, api


TARGETS = {"(a) api turns/s": 1 / 3, "(b) fast turns/s": 1 / 2}
"""The ratios to the floor that random play must reach (issue 7)."""


def run_bench(
    *,
    games: int = 500,
    players: Sequence[int] | None = None,
    seed: int = 1,
    edition: str = "2019",
    repeats: int = 3,
    profile: bool = False,
    write: Callable[[str], None] = print,
) -> dict[int, dict[str, float]]:
    """Measure every figure for each player count, print them, and return them."""
    counts = list(players or (2, 4, 6))
    rules = edition_named(edition)
    for count in counts:
        if not rules.min_players <= count <= rules.max_players:
            raise ValueError(
                f"the {rules.name} edition is played by {rules.min_players} to "
                f"{rules.max_players} players, not {count}"
            )
    if games < 1 or repeats < 1:
        raise ValueError(f"games and repeats must be at least 1, not {games} and {repeats}")
    floor = load_floor() if edition == "2019" else None
    write(
        f"loveletter bench: edition {edition}, {games} games per figure, best of {repeats}, "
        f"seed {seed}"
    )
    if floor is None:
        write("(no floor here: it plays the 2019 edition, from a source checkout; no ratios)")
    results: dict[int, dict[str, float]] = {}
    for count in counts:
        figures, api = figures_for(
            count, games=games, seed=seed, edition=edition, repeats=repeats, floor=floor
        )
        results[count] = figures
        floor_turns = figures.get("floor turns/s", 0.0)
        write("")
        write(
            f"{count} players: {api.games_per_second:,.0f} games/s, "
            f"{api.rounds_per_second:,.0f} rounds/s, {api.commands_per_second:,.0f} commands/s "
            "through the public API"
        )
        for name, value in figures.items():
            ratio = f"{value / floor_turns:5.2f} x floor" if floor_turns else ""
            target = TARGETS.get(name)
            mark = ""
            if target is not None and floor_turns:
                met = "met" if value / floor_turns >= target else "NOT met"
                mark = f"  (target {target:.2f}: {met})"
            write(f"  {name:<24} {value:>12,.0f}  {ratio}{mark}")
    if profile:
        write("")
        write("hot spots of random play through the public API (cProfile, by own time):")
        profiler = cProfile.Profile()
        profiler.enable()
        play_games(players=counts[0], games=max(1, games // 4), seed=seed, edition=edition)
        profiler.disable()
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(15)
        write(out.getvalue())
    return results
