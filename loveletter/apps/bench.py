"""``python -m loveletter bench``: how fast the referee runs, beside a bare Python loop.

The *floor* is ``bare_playout.py``: an independent bare loop of whole 2019 games (ints in
lists, no validation, no events). The bench runs it unmodified, from ``--floor PATH``
when given, else from ``../shared/bench/bare_playout.py`` when that file is there (a
checkout beside the shared folder), and otherwise from the byte-identical copy shipped in
the package (``loveletter/apps/_floor/bare_playout.py``), so an installed wheel can run the
bench. Its turns are counted as ``../shared/bench/speed_check.py`` counts them:
the same seeded games are replayed, untimed, in a copy with a counter inserted at the top
of ``play_round``'s loop.

For each player count (2, 4 and 6 by default) it measures:

* **floor**: ``play_game(n, rng)`` of the floor, turns per second;
* **(a) api**: random play through the public API, checked and with events:
  ``while not game.over: game.apply(rng.choice(game.legal_commands()))``;
* **(a') server**: the same games as a server plays them: each command arrives as JSON
  text, is read with :func:`~loveletter.serialization.read_command`, checked with
  :meth:`~loveletter.referee.Game.check`, applied (``check=False`` after that check), and
  then every player's redacted events and every player's view are built;
* **(b) fast**: the same games with ``apply(command, check=False, record=False)``;
* **(c)** :meth:`~loveletter.referee.Game.copy`, and a snapshot (the first read of
  :attr:`~loveletter.referee.Game.state` after a command), at positions of those games;
* **(d)** a player's view (:func:`~loveletter.views.view_for`);
* **(e)** a full state to JSON and back;
* **(f)** :func:`~loveletter.games.simulate.simulate` games per second (heuristic against random);
* **(g)** the server's path: the commands of (a')'s games read from their JSON text
  (:func:`~loveletter.serialization.read_command`) and applied, and the same games with
  each command the object the referee lists, applied; the report says what the first
  costs in the second (at most 1.5 is the aim: a client's command costs the server little
  more than a listed one).

A turn is a card played (a :class:`~loveletter.commands.Play`; a pass of the floor's turn
loop). Every figure of a run is measured in the same process, interleaved (each repeat
measures them all, in alternating order), on the process's CPU clock
(``time.process_time``), after an untimed warm-up; the best of the repeats counts and
the spread between the repeats is printed. A ratio is the referee's best per second over
the floor's best turns per second. The floor, (a) and (b) play ``games`` games; the
slower figures a tenth of them. Figures are printed, never asserted or judged: they
depend on the machine, and the referee is written to be read (bulk play is the batch
engine's job).
"""

from __future__ import annotations

import ast
import cProfile
import gc
import importlib.util
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from operator import attrgetter
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

import attrs

from loveletter.commands import Command, Play
from loveletter.editions import edition as edition_named
from loveletter.events import Event
from loveletter.games.simulate import simulate
from loveletter.referee import Game
from loveletter.serialization import read_command, state_from_json, to_json
from loveletter.setup import seat_names
from loveletter.state import State
from loveletter.views import View, redact, view_for

__all__ = [
    "SHARED_FLOOR",
    "SHIPPED_FLOOR",
    "Floor",
    "Rates",
    "Report",
    "Sample",
    "Settings",
    "count_floor_turns",
    "find_floor",
    "floor_for",
    "load_floor",
    "measure",
    "run_bench",
]

SHARED_FLOOR = Path("..") / "shared" / "bench" / "bare_playout.py"
"""Where the shared floor lies, from a checkout beside the shared folder."""

SHIPPED_FLOOR = Path(__file__).resolve().parent / "_floor" / "bare_playout.py"
"""The copy of the shared floor shipped in the package (byte for byte the same)."""

T = TypeVar("T")

FLOOR = "floor"
API = "(a) api"
SERVER = "(a') server"
FAST = "(b) fast"
COPY = "(c) Game.copy()"
SNAPSHOT = "(c) snapshot"
VIEW = "(d) view"
JSON = "(e) JSON round trip"
SIMULATE = "(f) simulate"
READ = "(g) read, applied"
LISTED = "(g) listed, applied"

BOTS = ("heuristic", "random")
"""The bots of figure (f)."""

SLOWER = 10
"""Figures (a'), (c) to (e) and (f) play ``games // SLOWER`` games (at least one).

Each of their turns costs many of (a)'s, and the whole bench must run in a minute or two.
"""

TIMES = SLOWER
"""Figures (c) and (d), quick ones, go ``TIMES`` times over every position of their games."""


@attrs.frozen(kw_only=True)
class Settings:
    """What one run of the bench measures; :meth:`checked` refuses a wrong setting."""

    games: int = 500
    players: tuple[int, ...] = (2, 4, 6)
    seed: int = 1
    edition: str = "2019"
    repeats: int = 5
    floor: Path | None = None
    profile: bool = False

    @classmethod
    def checked(
        cls,
        *,
        games: int = 500,
        players: Sequence[int] | None = None,
        seed: int = 1,
        edition: str = "2019",
        repeats: int = 5,
        floor: str | Path | None = None,
        profile: bool = False,
    ) -> Settings:
        """The settings, or :class:`ValueError` naming the first wrong one."""
        if games < 1 or repeats < 1:
            raise ValueError(f"games and repeats must be at least 1, not {games} and {repeats}")
        rules = edition_named(edition)
        counts = tuple(dict.fromkeys(players or (2, 4, 6)))
        for count in counts:
            if not rules.min_players <= count <= rules.max_players:
                raise ValueError(
                    f"the {rules.name} edition is played by {rules.min_players} to "
                    f"{rules.max_players} players, not {count}"
                )
        if floor is not None and not Path(floor).is_file():
            raise ValueError(f"no floor file at {floor}")
        return cls(
            games=games,
            players=counts,
            seed=seed,
            edition=rules.name,
            repeats=repeats,
            floor=None if floor is None else Path(floor),
            profile=profile,
        )


# -- the floor ---------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Floor:
    """The bare loop measured against: its file, where it came from, and its module."""

    path: Path
    origin: str
    module: ModuleType

    def play(self, players: int, games: int, seed: int) -> None:
        """Play ``games`` games of ``players`` with the floor, as speed_check times them."""
        rng = random.Random(seed)
        play = self.module.play_game
        for _ in range(games):
            play(players, rng)


def find_floor(explicit: str | Path | None = None, *, cwd: Path | None = None) -> tuple[Path, str]:
    """The floor file to measure against, and where it was found.

    ``explicit`` (``--floor``) if given; else ``../shared/bench/bare_playout.py`` from
    ``cwd`` (the current directory) if it is there; else the copy shipped in the package.
    """
    if explicit is not None:
        return Path(explicit).resolve(), "given with --floor"
    shared = (Path.cwd() if cwd is None else cwd) / SHARED_FLOOR
    if shared.is_file():
        return shared.resolve(), "the shared floor, ../shared/bench"
    return SHIPPED_FLOOR, "the copy shipped with loveletter"


def load_floor(path: Path, origin: str = "") -> Floor:
    """The floor at ``path``, loaded unmodified from its file.

    A file that does not load, has no ``play_game``, or no turn loop in ``play_round`` to
    count turns with, raises :class:`ValueError`.
    """
    try:
        _turn_loop(ast.parse(path.read_text(encoding="utf-8")), path)
        spec = importlib.util.spec_from_file_location("loveletter_bench_floor", path)
        if spec is None or spec.loader is None:
            raise ValueError(f"cannot load the floor {path}: not a Python file")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    except ValueError:
        raise
    except Exception as error:
        raise ValueError(f"cannot load the floor {path}: {error}") from error
    if not callable(getattr(module, "play_game", None)):
        raise ValueError(f"the floor {path} has no play_game(n, rng)")
    return Floor(path=path, origin=origin, module=module)


def floor_for(settings: Settings, *, cwd: Path | None = None) -> Floor | None:
    """The floor ``settings`` measure against; ``None`` for an edition other than 2019."""
    if settings.edition != "2019":
        return None
    return load_floor(*find_floor(settings.floor, cwd=cwd))


def _turn_loop(tree: ast.Module, path: Path) -> ast.While:
    """The turn loop of the floor's ``play_round``: its first ``while`` statement."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name == "play_round":
            for statement in node.body:
                if isinstance(statement, ast.While):
                    return statement
    raise ValueError(f"the floor {path} has no play_round with a turn loop to count turns")


def count_floor_turns(path: Path, players: int, games: int, seed: int) -> int:
    """The turns the floor plays in ``games`` games from ``seed``, counted as speed_check does.

    The same seeded games are replayed in a copy of the floor whose ``play_round`` loop
    starts with a counter (inserted in the syntax tree), so the timed floor stays unmodified.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    _turn_loop(tree, path).body.insert(0, ast.parse("_TURNS[0] += 1").body[0])
    tree.body.insert(_after_future(tree), ast.parse("_TURNS = [0]").body[0])
    scope: dict[str, Any] = {"__name__": "bare_counted"}
    exec(compile(ast.fix_missing_locations(tree), str(path), "exec"), scope)
    rng = random.Random(seed)
    for _ in range(games):
        scope["play_game"](players, rng)
    turns: int = scope["_TURNS"][0]
    return turns


def _after_future(tree: ast.Module) -> int:
    """Where a statement may go first in ``tree``: after a docstring and ``__future__`` imports.

    speed_check puts it at the very top, which is the same place in the shared floor.
    """
    for index, node in enumerate(tree.body):
        docstring = index == 0 and isinstance(node, ast.Expr)
        future = isinstance(node, ast.ImportFrom) and node.module == "__future__"
        if not (docstring or future):
            return index
    return len(tree.body)


# -- the figures -------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class _Task:
    """One figure's work for one player count.

    ``run`` is timed; ``prepare`` (before it) and ``cleanup`` (after it) are not.
    """

    name: str
    unit: str
    games: int
    run: Callable[[], int]
    prepare: Callable[[], None] | None = None
    cleanup: Callable[[], None] | None = None


def _api_turns(names: Sequence[str], edition: str, games: int, seed: int) -> int:
    """Random play through the public API, checked, with events; the cards played."""
    rng = random.Random(seed)
    choice = rng.choice
    turns = 0
    for _ in range(games):
        game = Game.new(names, edition=edition, seed=rng.getrandbits(63))
        legal = game.legal_commands
        apply = game.apply
        while not game.over:
            command = choice(legal())
            if type(command) is Play:
                turns += 1
            apply(command)
    return turns


def _fast_turns(names: Sequence[str], edition: str, games: int, seed: int) -> int:
    """The same games on the fast path (no check, no events); the cards played."""
    rng = random.Random(seed)
    choice = rng.choice
    turns = 0
    for _ in range(games):
        game = Game.new(names, edition=edition, seed=rng.getrandbits(63))
        legal = game.legal_commands
        apply = game.apply
        while not game.over:
            command = choice(legal())
            if type(command) is Play:
                turns += 1
            apply(command, check=False, record=False)
    return turns


_Script = tuple[int, tuple[str, ...]]
"""A game as a client sends it to a server: its seed, and each command as JSON text."""


def _scripts(names: Sequence[str], edition: str, games: int, seed: int) -> list[_Script]:
    """The games of (a), as the JSON texts a client sends (made untimed, in advance)."""
    rng = random.Random(seed)
    scripts: list[_Script] = []
    for _ in range(games):
        game_seed = rng.getrandbits(63)
        game = Game.new(names, edition=edition, seed=game_seed)
        texts: list[str] = []
        while not game.over:
            command = rng.choice(game.legal_commands())
            texts.append(to_json(command))
            game.apply(command)
        scripts.append((game_seed, tuple(texts)))
    return scripts


def _read_and_applied(names: Sequence[str], edition: str, scripts: Sequence[_Script]) -> int:
    """Replay ``scripts``, each command read from its JSON text and applied; the commands."""
    return _replayed(names, edition, scripts, read_command)


def _listed(
    names: Sequence[str], edition: str, scripts: Sequence[_Script]
) -> list[tuple[int, tuple[Command, ...]]]:
    """The games of ``scripts``, each command the object the referee lists (made untimed)."""
    games: list[tuple[int, tuple[Command, ...]]] = []
    for game_seed, texts in scripts:
        game = Game.new(names, edition=edition, seed=game_seed)
        commands: list[Command] = []
        for text in texts:
            legal = game.legal_commands()
            command = legal[[to_json(listed) for listed in legal].index(text)]
            commands.append(command)
            game.apply(command)
        games.append((game_seed, tuple(commands)))
    return games


def _listed_and_applied(
    names: Sequence[str], edition: str, games: Sequence[tuple[int, tuple[Command, ...]]]
) -> int:
    """The same games, each command the listed object itself, applied; the commands."""
    return _replayed(names, edition, games, lambda game, command: command)


def _replayed(
    names: Sequence[str],
    edition: str,
    games: Sequence[tuple[int, tuple[T, ...]]],
    command_of: Callable[[Game, T], Command],
) -> int:
    """Play ``games`` again, each of their moves made a command by ``command_of``."""
    done = 0
    for game_seed, moves in games:
        game = Game.new(names, edition=edition, seed=game_seed)
        for move in moves:
            game.apply(command_of(game, move))
        done += len(moves)
    return done


def _serve(names: Sequence[str], edition: str, scripts: Sequence[_Script]) -> int:
    """Play ``scripts`` as a server does; return the cards played.

    Each command is read from its JSON text, checked, applied, and then every player's
    redacted events and view are built.
    """
    turns = 0
    outbox: dict[str, tuple[list[Event], View]] = {}  # what each player is sent
    for game_seed, texts in scripts:
        game = Game.new(names, edition=edition, seed=game_seed)
        for text in texts:
            command = read_command(game, text)
            problem = game.check(command)
            if problem is not None:
                raise RuntimeError(f"the referee refused a legal command: {problem}")
            if type(command) is Play:
                turns += 1
            events = game.apply(command, check=False)
            state = game.state
            for player in names:
                outbox[player] = (
                    [redact(event, player) for event in events],
                    view_for(state, player),
                )
    return turns


def _positions(names: Sequence[str], edition: str, games: int, seed: int) -> list[Game]:
    """Every position (before a command) of the games random play gives."""
    rng = random.Random(seed)
    stops: list[Game] = []
    for _ in range(games):
        game = Game.new(names, edition=edition, seed=rng.getrandbits(63))
        while not game.over:
            stops.append(game.copy())
            game.apply(rng.choice(game.legal_commands()))
    return stops


def _each(
    items: Sequence[Any], action: Callable[[Any], object], times: int = 1
) -> Callable[[], int]:
    """A run doing ``action`` on every item, ``times`` times over; it returns how many."""

    def run() -> int:
        for _ in range(times):
            for item in items:
                action(item)
        return len(items) * times

    return run


def _view(pair: tuple[State, str]) -> View:
    return view_for(*pair)


def _round_trip(state: State) -> State:
    return state_from_json(to_json(state))


def _snapshot_tasks(stops: Sequence[Game], games: int, seed: int) -> list[_Task]:
    """Figure (c): copying a game, and the first snapshot of its state after a command."""
    moved: list[Game] = []

    def prepare() -> None:
        rng = random.Random(seed)
        moved[:] = [stop.copy() for _ in range(TIMES) for stop in stops]
        for game in moved:
            game.apply(rng.choice(game.legal_commands()))
        gc.collect()  # so that no collection of these copies falls in the timed part

    return [
        _Task(name=COPY, unit="copies", games=games, run=_each(stops, Game.copy, TIMES)),
        _Task(
            name=SNAPSHOT,
            unit="snapshots",
            games=games,
            run=_each(moved, attrgetter("state")),
            prepare=prepare,
            cleanup=moved.clear,
        ),
    ]


def _simulated(players: int, edition: str, games: int, seed: int) -> int:
    """Games played by :func:`~loveletter.games.simulate.simulate`, in this process."""
    return simulate(games=games, players=players, bots=BOTS, edition=edition, seed=seed).games


def floor_task(floor: Floor, count: int, games: int, seed: int) -> _Task:
    """The floor's games, its turns counted in advance (untimed), as speed_check does."""
    turns = count_floor_turns(floor.path, count, games, seed)

    def bare() -> int:
        floor.play(count, games, seed)
        return turns

    return _Task(name=FLOOR, unit="turns", games=games, run=bare)


def _tasks(edition: str, count: int, games: int, seed: int, floor: Floor | None) -> list[_Task]:
    """Every figure's work for ``count`` players, from ``seed``.

    The floor, (a) and (b) play ``games`` games; the slower figures a tenth of them.
    """
    names = seat_names(count)
    few = max(1, games // SLOWER)
    stops = _positions(names, edition, few, seed)
    states = [stop.state for stop in stops]
    viewers = [names[index % count] for index in range(len(states))]
    pairs = list(zip(states, viewers, strict=True))
    scripts = _scripts(names, edition, few, seed)
    return [
        *([] if floor is None else [floor_task(floor, count, games, seed)]),
        _Task(
            name=API,
            unit="turns",
            games=games,
            run=partial(_api_turns, names, edition, games, seed),
        ),
        _Task(name=SERVER, unit="turns", games=few, run=partial(_serve, names, edition, scripts)),
        _Task(
            name=FAST,
            unit="turns",
            games=games,
            run=partial(_fast_turns, names, edition, games, seed),
        ),
        *_snapshot_tasks(stops, few, seed),
        _Task(name=VIEW, unit="views", games=few, run=_each(pairs, _view, TIMES)),
        _Task(name=JSON, unit="round trips", games=few, run=_each(states, _round_trip)),
        _Task(
            name=SIMULATE,
            unit="games",
            games=few,
            run=partial(_simulated, count, edition, few, seed),
        ),
        _Task(
            name=READ,
            unit="commands",
            games=few,
            run=partial(_read_and_applied, names, edition, scripts),
        ),
        _Task(
            name=LISTED,
            unit="commands",
            games=few,
            run=partial(_listed_and_applied, names, edition, _listed(names, edition, scripts)),
        ),
    ]


def _timed(task: _Task) -> float:
    """``task`` done once: how many units per second of CPU time."""
    if task.prepare is not None:
        task.prepare()
    start = time.process_time()
    done = task.run()
    seconds = time.process_time() - start
    if task.cleanup is not None:
        task.cleanup()
    return done / max(seconds, 1e-9)


@attrs.frozen(kw_only=True)
class Rates:
    """One figure: its name, unit, and rate (units per second) at each repeat."""

    name: str
    unit: str
    rates: tuple[float, ...]

    @property
    def best(self) -> float:
        """The best rate: the figure."""
        return max(self.rates)

    @property
    def median(self) -> float:
        """The median rate."""
        return statistics.median(self.rates)

    @property
    def spread(self) -> float:
        """How far the worst repeat fell below the best, as a fraction of the best."""
        return (self.best - min(self.rates)) / self.best if self.best else 0.0

    def data(self, ratio: float | None) -> dict[str, Any]:
        """The rates as JSON-shaped data, with the figure's ``ratio`` to the floor."""
        return {
            "best_per_second": self.best,
            "median_per_second": self.median,
            "spread": self.spread,
            "ratio": ratio,
            "per_second": list(self.rates),
        }


@attrs.frozen(kw_only=True)
class Sample(Rates):
    """One figure of the referee's for one player count, over ``games`` games."""

    games: int


def measure(settings: Settings, floor: Floor | None) -> dict[int, list[Sample]]:
    """Every figure for every player count, interleaved, best of ``settings.repeats``.

    The work is made ready first, then done once untimed (the warm-up); the objects alive
    by then are frozen out of the garbage collector (``gc.freeze()``), so that a
    collection costs what it costs in a program playing games, not what it costs beside
    the bench's own positions and scripts.
    """
    edition, games, seed = settings.edition, settings.games, settings.seed
    plans = {count: _tasks(edition, count, games, seed, floor) for count in settings.players}
    for count in settings.players:
        for task in _tasks(edition, count, max(1, games // SLOWER), seed + 1, floor):
            _timed(task)
    rates: dict[tuple[int, str], list[float]] = {}
    gc.collect()
    gc.freeze()
    try:
        for repeat in range(settings.repeats):
            for count in settings.players:
                tasks = plans[count] if repeat % 2 == 0 else plans[count][::-1]
                for task in tasks:
                    rates.setdefault((count, task.name), []).append(_timed(task))
    finally:
        gc.unfreeze()
    return {
        count: [
            Sample(
                name=task.name,
                unit=task.unit,
                games=task.games,
                rates=tuple(rates[count, task.name]),
            )
            for task in plans[count]
        ]
        for count in settings.players
    }


def _hot_spots(runs: Sequence[Callable[[], int]]) -> str:
    """The top hot spots (cProfile, by own time) of doing ``runs`` once each."""
    profiler = cProfile.Profile()
    profiler.enable()
    for run in runs:
        run()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).strip_dirs().sort_stats("tottime").print_stats(15)
    return out.getvalue().strip("\n")


def profile(settings: Settings) -> dict[str, str]:
    """The hot spots of the (a) loop and of the (a') loop, over every player count."""
    api: list[Callable[[], int]] = []
    server: list[Callable[[], int]] = []
    for count in settings.players:
        names = seat_names(count)
        edition, games, seed = settings.edition, settings.games, settings.seed
        scripts = _scripts(names, edition, max(1, games // SLOWER), seed)
        api.append(partial(_api_turns, names, edition, games, seed))
        server.append(partial(_serve, names, edition, scripts))
    return {API: _hot_spots(api), SERVER: _hot_spots(server)}


# -- the report --------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Report:
    """A run's figures, with what they were measured against."""

    settings: Settings
    floor: Floor | None
    samples: dict[int, list[Sample]]
    hot_spots: dict[str, str] = attrs.field(factory=dict)

    def floor_rate(self, count: int) -> float | None:
        """The floor's best turns per second at ``count`` players (``None`` without a floor)."""
        found = [sample.best for sample in self.samples[count] if sample.name == FLOOR]
        return found[0] if found else None

    def ratio(self, count: int, sample: Sample) -> float | None:
        """``sample``'s best over the floor's best (``None`` where it means nothing)."""
        floor = self.floor_rate(count)
        if floor is None or sample.name == SIMULATE:
            return None
        return sample.best / floor

    def header(self) -> list[str]:
        """The lines that say what was measured, how, and against what."""
        s = self.settings
        floor = self.floor
        shown = f"{floor.path} ({floor.origin})" if floor else "none (it plays the 2019 edition)"
        repeats = f"{s.repeats} repeat{'s' if s.repeats > 1 else ''}"
        few = max(1, s.games // SLOWER)
        return [
            f"loveletter bench: edition {s.edition}, seed {s.seed}, {s.games} games per figure "
            f"({few} for (a'), (c)-(f)), best of {repeats}",
            "timing: interleaved, CPU clock (time.process_time), after an untimed warm-up",
            f"floor: {shown}",
            f"python: {sys.version.split()[0]} ({sys.executable})",
        ]

    def table(self) -> list[str]:
        """One row per figure and player count: best per second, ratio, median, spread."""
        rows = [
            f"{'players':>7}  {'figure':<20} {'games':>5}  {'unit':<11} {'best/s':>11} "
            f"{'ratio':>6} {'median/s':>11} {'spread':>7}"
        ]
        for count, samples in self.samples.items():
            rows.append("")
            for sample in samples:
                ratio = self.ratio(count, sample)
                shown = "-" if ratio is None else f"{ratio:.2f}"
                rows.append(
                    f"{count:>7}  {sample.name:<20} {sample.games:>5}  {sample.unit:<11} "
                    f"{sample.best:>11,.0f} {shown:>6} {sample.median:>11,.0f} "
                    f"{sample.spread:>7.1%}"
                )
        return rows

    def server_path(self, count: int) -> float | None:
        """What a command read from its JSON and applied costs, in listed objects applied.

        At ``count`` players (figures (g)); ``None`` if they were not measured.
        """
        found = {sample.name: sample.best for sample in self.samples[count]}
        if READ not in found or LISTED not in found:
            return None
        return found[LISTED] / found[READ]

    def lines(self) -> list[str]:
        """The whole report, as printed."""
        lines = [*self.header(), "", *self.table()]
        paths = [(count, self.server_path(count)) for count in self.samples]
        told = ", ".join(f"{ratio:.2f} ({count} players)" for count, ratio in paths if ratio)
        if told:
            lines += [
                "",
                "(g) the server's path: reading a command from its JSON and applying it takes "
                f"this many times as long as applying the listed object: {told}",
            ]
        for name, text in self.hot_spots.items():
            lines += ["", f"hot spots of the {name} loop (cProfile, by own time):", text]
        return lines

    def to_data(self) -> dict[str, Any]:
        """The report as JSON-shaped data."""
        s = self.settings
        return {
            "edition": s.edition,
            "games": s.games,
            "repeats": s.repeats,
            "seed": s.seed,
            "clock": "time.process_time",
            "floor": None if self.floor is None else str(self.floor.path),
            "floor_origin": None if self.floor is None else self.floor.origin,
            "python": sys.version.split()[0],
            "executable": sys.executable,
            "figures": {
                str(count): [
                    {
                        "figure": sample.name,
                        "unit": sample.unit,
                        "games": sample.games,
                        **sample.data(self.ratio(count, sample)),
                    }
                    for sample in samples
                ]
                for count, samples in self.samples.items()
            },
            "hot_spots": self.hot_spots,
            "server_path": {str(count): self.server_path(count) for count in self.samples},
        }


def run_bench(settings: Settings, floor: Floor | None) -> Report:
    """Measure every figure of ``settings`` against ``floor`` (see :func:`floor_for`).

    >>> settings = Settings.checked(games=1, repeats=1, players=[2], edition="classic")
    >>> report = run_bench(settings, floor_for(settings))
    >>> [sample.name for sample in report.samples[2]][:3]
    ['(a) api', "(a') server", '(b) fast']
    """
    samples = measure(settings, floor)
    hot_spots = profile(settings) if settings.profile else {}
    return Report(settings=settings, floor=floor, samples=samples, hot_spots=hot_spots)
