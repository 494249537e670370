"""Whole games between bots, many at a time, with a summary of who won and how.

Each game's seed is derived from the run's seed and the game's number, and so is its
seating: game ``k`` moves every bot ``k`` seats on (:func:`seating`), so that each bot
sits in each seat equally often, and the results are counted per bot (and seat by seat).
Any single game can be played again on its own (:func:`play_game`).

The games run in this process, over a pool of ``jobs`` processes, or on any
``concurrent.futures.Executor`` (a thread pool, a process pool, a Dask cluster's
executor): the results are the same, byte for byte, whatever runs them and in whatever
order the games finish, since they are put back in the order of the games' numbers.

>>> summary = simulate(games=20, players=2, bots=("heuristic", "random"), seed=1)
>>> summary.games, sum(row.games for row in summary.bots)
(20, 40)
>>> [row.seat_games for row in summary.bots]
[(10, 10), (10, 10)]
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import math
import multiprocessing
import random
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, ParamSpec, TypeVar

import attrs

from loveletter.bots import BOTS, Bot, make_bot, parse_bot
from loveletter.commands import Deal
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.events import Ending, RoundEnded, TokenAwarded, TokenFor
from loveletter.referee import Game
from loveletter.setup import seat_names
from loveletter.state import Phase
from loveletter.views import redact, view_for

__all__ = ["BotResult", "GameResult", "Summary", "play_game", "seating", "simulate"]

_P = ParamSpec("_P")
_T = TypeVar("_T")


@attrs.frozen(kw_only=True)
class GameResult:
    """One game: the bot of each seat, who won (by seat), how many rounds, how tokens were won."""

    bots: tuple[str, ...]
    winners: tuple[int, ...]
    rounds: int
    showdown_tokens: int
    survivor_tokens: int
    spy_tokens: int


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a run seeded with ``seed``."""
    return random.Random(f"loveletter-simulate:{seed}:{number}").getrandbits(63)


def seating(bots: Sequence[str], players: int, number: int) -> tuple[str, ...]:
    """The bot of each seat in game ``number``: the lineup moved ``number`` seats on.

    The lineup is ``bots`` repeated to fill the table: game 0 seats it as written, and
    each next game moves every bot one seat on, the last coming round to seat 0.

    >>> seating(("heuristic", "random"), 3, 0)
    ('heuristic', 'random', 'heuristic')
    >>> seating(("heuristic", "random"), 3, 1)
    ('heuristic', 'heuristic', 'random')
    >>> seating(("heuristic", "random"), 2, 7)
    ('random', 'heuristic')
    """
    lineup = [bots[place % len(bots)] for place in range(players)]
    return tuple(lineup[(seat - number) % players] for seat in range(players))


def play_game(
    *,
    number: int,
    seed: int,
    players: int,
    bots: Sequence[str],
    edition: str,
    target: int | str | None = None,
    registry: Mapping[str, type[Bot]] | None = None,
) -> GameResult:
    """Play game ``number`` of a run to its end, each seat driven by its bot.

    The seats are those of :func:`seating`: ``bots`` is the lineup of game 0. ``target``
    replaces the edition's token target (a number, or a named setting such as the
    classic ``"printed"``). ``registry`` gives the kinds of bots by name, where they are
    not (or not yet) registered in :data:`loveletter.bots.registry.BOTS`.
    """
    names = seat_names(players)
    this_seed = game_seed(seed, number)
    game = Game.new(names, edition=edition, seed=this_seed, target=target)
    seated = seating(bots, players, number)
    drivers = [
        make_bot(bot, seed=this_seed + seat + 1, registry=registry)
        for seat, bot in enumerate(seated)
    ]
    for driver, name in zip(drivers, names, strict=True):
        driver.join(name)

    def tell(events: Sequence[Any]) -> None:
        for driver, name in zip(drivers, names, strict=True):
            for event in events:
                driver.observe(redact(event, name))

    tell(game.events)
    showdown = survivor = spy = 0
    last_end = Ending.SHOWDOWN
    while True:
        state = game.state
        if state.phase is Phase.GAME_OVER:
            break
        if state.phase is Phase.ROUND_OVER:
            events = game.apply(Deal())
        else:
            player = state.to_act
            command = drivers[player].choose(view_for(state, names[player]))
            events = game.apply(command)
        tell(events)
        for event in events:
            if isinstance(event, RoundEnded):
                last_end = event.end
            elif isinstance(event, TokenAwarded):
                if event.reason is TokenFor.SPY:
                    spy += 1
                elif last_end is Ending.SHOWDOWN:
                    showdown += 1
                else:
                    survivor += 1
    final = game.state
    return GameResult(
        bots=seated,
        winners=tuple(final.table.seats[name] for name in final.game_winners),
        rounds=final.round_number,
        showdown_tokens=showdown,
        survivor_tokens=survivor,
        spy_tokens=spy,
    )


@attrs.frozen(kw_only=True)
class BotResult:
    """How one bot did: seat-games played and won, in all and seat by seat.

    ``games`` counts the bot's seat-games (a game in which it held two seats counts
    twice); ``seat_games[s]`` and ``seat_wins[s]`` count those it played and won in seat
    ``s``.
    """

    bot: str
    games: int
    wins: int
    seat_games: tuple[int, ...]
    seat_wins: tuple[int, ...]

    @property
    def win_rate(self) -> float:
        """The share of its games this bot won (shared wins count for each winner)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        return wilson(self.wins, self.games)

    def to_data(self) -> dict[str, Any]:
        """The row as JSON-shaped data."""
        return {
            "bot": self.bot,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "interval_95": [round(bound, 4) for bound in self.interval],
            "by_seat": [
                {"seat": seat, "games": games, "wins": wins}
                for seat, (games, wins) in enumerate(
                    zip(self.seat_games, self.seat_wins, strict=True)
                )
            ],
        }


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` out of ``trials`` (95% by default)."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


@attrs.frozen(kw_only=True)
class Summary:
    """What a run of games showed, bot by bot (the seats turn between games)."""

    games: int
    players: int
    edition: str
    seed: int
    bots: tuple[BotResult, ...]
    rounds: int
    showdown_tokens: int
    survivor_tokens: int
    spy_tokens: int

    @property
    def rounds_per_game(self) -> float:
        """The average number of rounds in a game."""
        return self.rounds / self.games if self.games else 0.0

    def bot(self, name: str) -> BotResult:
        """The row of the bot called ``name``."""
        for row in self.bots:
            if row.bot == name:
                return row
        raise KeyError(name)

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-shaped data."""
        return {
            "games": self.games,
            "players": self.players,
            "edition": self.edition,
            "seed": self.seed,
            "seats": "rotated",
            "bots": [row.to_data() for row in self.bots],
            "rounds_per_game": round(self.rounds_per_game, 3),
            "tokens": {
                "showdown": self.showdown_tokens,
                "last_survivor": self.survivor_tokens,
                "spy": self.spy_tokens,
            },
        }

    def table(self) -> str:
        """The summary as a table for people."""
        width = max([12, *(len(row.bot) for row in self.bots)])  # a bot spec may be long
        lines = [
            f"{self.games} games, {self.players} players, edition {self.edition}, "
            f"seed {self.seed}, seats rotated",
            f"{'bot':<{width}} {'games':>7} {'wins':>7} {'win rate':>9}  95% interval",
        ]
        for row in self.bots:
            low, high = row.interval
            lines.append(
                f"{row.bot:<{width}} {row.games:>7} {row.wins:>7} {row.win_rate:>8.1%}  "
                f"{low:.1%} to {high:.1%}"
            )
        wins = sum(row.wins for row in self.bots)
        if wins > self.games:  # LL19-Q11: players who reach the target together all win
            lines.append(
                f"wins: {wins} in {self.games} games: players who reach the target in the "
                "same round win the game together, and each of them counts the win"
            )
        lines.append(f"rounds per game: {self.rounds_per_game:.2f}")
        lines.append(
            f"tokens won: {self.showdown_tokens} by showdown, {self.survivor_tokens} by last "
            f"survivor, {self.spy_tokens} by the Spy"
        )
        return "\n".join(lines)


def _summarise(
    results: Sequence[GameResult], *, players: int, edition: str, seed: int, order: Sequence[str]
) -> Summary:
    """The summary of ``results``, one row per bot, in the order of ``order``."""
    names = list(dict.fromkeys(order))
    seat_games = {name: [0] * players for name in names}
    seat_wins = {name: [0] * players for name in names}
    for result in results:
        for seat, bot in enumerate(result.bots):
            seat_games[bot][seat] += 1
        for seat in result.winners:
            seat_wins[result.bots[seat]][seat] += 1
    return Summary(
        games=len(results),
        players=players,
        edition=edition,
        seed=seed,
        bots=tuple(
            BotResult(
                bot=name,
                games=sum(seat_games[name]),
                wins=sum(seat_wins[name]),
                seat_games=tuple(seat_games[name]),
                seat_wins=tuple(seat_wins[name]),
            )
            for name in names
        ),
        rounds=sum(result.rounds for result in results),
        showdown_tokens=sum(result.showdown_tokens for result in results),
        survivor_tokens=sum(result.survivor_tokens for result in results),
        spy_tokens=sum(result.spy_tokens for result in results),
    )


# -- running batches of games: in turn, over a pool of processes, or on an executor -----------


@attrs.frozen(kw_only=True)
class _Batch:
    """Games of a run to play in one go, with everything a worker needs to play them.

    ``kinds`` carries the bots' classes by name where they can be sent by reference (a
    class defined at the top level of a module, or of the script that runs), so that a
    worker that never registered them (a Dask worker) can still make them; the others are
    looked up by name in the worker's :data:`~loveletter.bots.registry.BOTS`.
    """

    numbers: range
    seed: int
    players: int
    bots: tuple[str, ...]
    edition: str
    target: int | str | None
    kinds: tuple[tuple[str, type[Bot]], ...]

    def play(self) -> list[GameResult]:
        """Play the batch's games, in the order of their numbers."""
        registry = dict(self.kinds)
        return [
            play_game(
                number=number,
                seed=self.seed,
                players=self.players,
                bots=self.bots,
                edition=self.edition,
                target=self.target,
                registry=registry,
            )
            for number in self.numbers
        ]


def _play_batch(batch: _Batch) -> list[GameResult]:
    """Play one batch (a module-level function, so that any executor can send it)."""
    return batch.play()


def _by_reference(kind: type[Bot]) -> bool:
    """Whether ``kind`` can be found again by its module and name (so pickled as such)."""
    try:
        found: object = functools.reduce(
            getattr, kind.__qualname__.split("."), sys.modules[kind.__module__]
        )
    except (KeyError, AttributeError):
        return False
    return found is kind


def _batches(
    *,
    numbers: range,
    seed: int,
    players: int,
    bots: Sequence[str],
    edition: str,
    target: int | str | None,
    workers: int,
) -> list[_Batch]:
    """The games ``numbers`` cut into batches: about eight per worker, of 200 games at most."""
    names = dict.fromkeys(parse_bot(spec).name for spec in bots)
    kinds = tuple((name, BOTS[name]) for name in names if _by_reference(BOTS[name]))
    games = len(numbers)
    chunk = max(1, min(200, games // max(1, workers * 8)))
    return [
        _Batch(
            numbers=numbers[start : start + chunk],
            seed=seed,
            players=players,
            bots=tuple(bots),
            edition=edition,
            target=target,
            kinds=kinds,
        )
        for start in range(0, games, chunk)
    ]


_INTERRUPT = {signal.SIGINT}


def _worker_setup() -> None:
    """In a worker process: leave Ctrl-C to the parent, which stops the workers itself.

    A Ctrl-C at a terminal reaches every process of the group; a worker that took it
    would print a traceback of its own.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _INTERRUPT)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C back (blocked, not lost) in this block; it arrives when the block ends.

    Worker processes started in the block inherit the hold, and give it up only once they
    ignore Ctrl-C (:func:`_worker_setup`), so none of them can take it first.
    """
    hold = hasattr(signal, "pthread_sigmask") and (
        threading.current_thread() is threading.main_thread()
    )
    if hold:
        signal.pthread_sigmask(signal.SIG_BLOCK, _INTERRUPT)
    try:
        yield
    finally:
        if hold:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, _INTERRUPT)


class _ProcessPool(concurrent.futures.Executor):
    """The default executor for ``jobs`` above 1: that many worker processes.

    It is ``multiprocessing``'s pool behind the ``concurrent.futures.Executor``
    interface, for two things ``concurrent.futures.ProcessPoolExecutor`` does not
    do: its workers leave Ctrl-C to the parent, and ``shutdown(cancel_futures=True)``
    stops them at once, in the middle of a game, rather than after their current task.
    """

    def __init__(self, jobs: int) -> None:
        with _interrupts_held():
            self._pool = multiprocessing.get_context().Pool(jobs, initializer=_worker_setup)

    def submit(
        self, fn: Callable[_P, _T], /, *args: _P.args, **kwargs: _P.kwargs
    ) -> concurrent.futures.Future[_T]:
        """Run ``fn(*args, **kwargs)`` in a worker; its future is running at once."""
        future: concurrent.futures.Future[_T] = concurrent.futures.Future()
        future.set_running_or_notify_cancel()
        self._pool.apply_async(
            fn, args, kwargs, callback=future.set_result, error_callback=future.set_exception
        )
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Let the workers finish (``wait``), or stop them at once (``cancel_futures``)."""
        if cancel_futures:
            self._pool.terminate()
        else:
            self._pool.close()
        if wait or cancel_futures:
            self._pool.join()


def _run_batches(
    work: Sequence[_Batch],
    *,
    jobs: int = 1,
    executor: concurrent.futures.Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[GameResult]:
    """Play every batch and return the games in the order of ``work``.

    In this process when ``jobs`` is 1 and no ``executor`` is given; over a
    :class:`_ProcessPool` of ``jobs`` processes (stopped on any error or interruption)
    when ``jobs`` is above 1; else on ``executor``, whose futures may finish in any
    order. ``progress(done, total)`` is called as each batch finishes.
    """
    total = sum(len(batch.numbers) for batch in work)
    if executor is None and jobs == 1:
        results: list[GameResult] = []
        for batch in work:
            results.extend(batch.play())
            if progress is not None:
                progress(len(results), total)
        return results
    if executor is not None:
        return _gather(executor, work, progress, total)
    pool = _ProcessPool(jobs)
    try:
        results = _gather(pool, work, progress, total)
    except BaseException:
        pool.shutdown(cancel_futures=True)
        raise
    pool.shutdown()
    return results


def _gather(
    executor: concurrent.futures.Executor,
    work: Sequence[_Batch],
    progress: Callable[[int, int], None] | None,
    total: int,
) -> list[GameResult]:
    """Submit every batch to ``executor``; put the results back in order as they come."""
    futures = {executor.submit(_play_batch, batch): index for index, batch in enumerate(work)}
    outputs: list[list[GameResult]] = [[] for _ in work]
    done = 0
    try:
        for future in concurrent.futures.as_completed(futures):
            output = future.result()
            outputs[futures[future]] = output
            done += len(output)
            if progress is not None:
                progress(done, total)
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [result for output in outputs for result in output]


def _whole_number(value: object, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{what} must be a whole number of at least {low}, not {value!r}")
    return value


def _checked(
    *,
    games: int,
    jobs: int,
    players: int,
    bots: Sequence[str],
    edition: str,
    target: int | str | None,
    executor: object = None,
) -> Edition:
    """The edition named, once every setting is checked (before any game is played)."""
    _whole_number(games, "the number of games", 1)
    _whole_number(jobs, "the number of jobs", 1)
    if executor is not None and not isinstance(executor, concurrent.futures.Executor):
        raise TypeError(f"executor must be a concurrent.futures.Executor, not {executor!r}")
    ed = edition_named(edition)
    if not ed.min_players <= players <= ed.max_players:
        raise ValueError(
            f"the {ed.name} edition is for {ed.min_players} to {ed.max_players} players"
        )
    if not bots:
        raise ValueError("name at least one bot")
    for name in bots:
        make_bot(name, seed=0)
    Game.new(seat_names(players), edition=ed, seed=0, target=target)  # a bad target: SetupError
    return ed


def simulate(
    *,
    games: int,
    players: int = 2,
    bots: Sequence[str] = ("heuristic", "random"),
    edition: str = "2019",
    seed: int = 1,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    target: int | str | None = None,
    executor: concurrent.futures.Executor | None = None,
) -> Summary:
    """Play ``games`` games; ``bots`` is the lineup, and the seats turn between games.

    Game 0 seats ``bots[s % len(bots)]`` in seat ``s``, and game ``k`` moves every bot
    ``k`` seats on (:func:`seating`); the summary counts each bot's games and wins, in
    all and seat by seat. ``target`` replaces the edition's token target: a number
    (LL19-Q22) or a named setting (the classic ``"printed"``, LLC-TARGETS-PRINTED).

    The games run in this process by default; with ``jobs`` above 1 in that many worker
    processes; and on ``executor`` when one is given (any
    ``concurrent.futures.Executor``: a thread or process pool, or a Dask client's
    ``get_executor()``; ``jobs`` then says how many workers it has, to cut the games into
    batches). The results are the same in every case, byte for byte. A bot registered at
    the top level of a module (or of the script) reaches every worker; one registered
    elsewhere (in a doctest, or made by ``IsmctsBot.budgeted``) is known to workers that
    the process forked, not to a Dask cluster's. A bot may be named with its options
    (a spec, :func:`loveletter.bots.registry.parse_bot`: ``"ismcts:iterations=5"``), which
    travel with the name to every worker.

    ``progress(done, total)`` is called as batches of games finish. ``games`` and
    ``jobs`` are whole numbers of at least 1, or :class:`ValueError` is raised before any
    game is played. An interruption (:class:`KeyboardInterrupt`) stops the worker
    processes of ``jobs`` (and cancels the games not started on ``executor``) and is
    raised again.
    """
    ed = _checked(
        games=games,
        jobs=jobs,
        players=players,
        bots=bots,
        edition=edition,
        target=target,
        executor=executor,
    )
    work = _batches(
        numbers=range(games),
        seed=seed,
        players=players,
        bots=bots,
        edition=ed.name,
        target=target,
        workers=jobs,
    )
    results = _run_batches(work, jobs=jobs, executor=executor, progress=progress)
    return _summarise(results, players=players, edition=ed.name, seed=seed, order=bots)


def progress_bar(done: int, total: int, width: int = 30) -> None:
    """Draw a progress bar on standard error."""
    filled = width * done // total if total else width
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games{end}")
    sys.stderr.flush()
