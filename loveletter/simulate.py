"""Whole games between bots, many at a time, with a summary of who won and how.

Each game's seed is derived from the run's seed and the game's number, so a run gives the
same results whether it uses one process or several (``jobs``), and any single game can
be replayed on its own.

>>> summary = simulate(games=20, players=2, bots=("heuristic", "random"), seed=1)
>>> summary.games, sum(row.games for row in summary.bots)
(20, 40)
"""

from __future__ import annotations

import contextlib
import math
import multiprocessing
import random
import signal
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.pool import Pool
from typing import Any

import attrs

from loveletter.bots import make_bot
from loveletter.commands import Deal
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.events import Ending, GameEnded, RoundEnded, TokenAwarded, TokenFor
from loveletter.referee import Game
from loveletter.setup import seat_names
from loveletter.state import Phase
from loveletter.views import redact, view_for

__all__ = ["BotResult", "GameResult", "Summary", "play_game", "simulate"]


@attrs.frozen(kw_only=True)
class GameResult:
    """One game: who won (by seat), how many rounds, how the tokens were won."""

    winners: tuple[int, ...]
    rounds: int
    showdown_tokens: int
    survivor_tokens: int
    spy_tokens: int


def game_seed(seed: int, number: int) -> int:
    """The seed of game ``number`` of a run seeded with ``seed``."""
    return random.Random(f"loveletter-simulate:{seed}:{number}").getrandbits(63)


def play_game(
    *,
    number: int,
    seed: int,
    players: int,
    bots: Sequence[str],
    edition: str,
    target: int | str | None = None,
) -> GameResult:
    """Play game ``number`` of a run to its end, each seat driven by its bot.

    ``target`` replaces the edition's token target (a number, or a named setting such
    as the classic ``"printed"``).
    """
    names = seat_names(players)
    this_seed = game_seed(seed, number)
    game = Game.new(names, edition=edition, seed=this_seed, target=target)
    seated = [
        make_bot(bots[seat % len(bots)], seed=this_seed + seat + 1) for seat in range(players)
    ]
    for bot, name in zip(seated, names, strict=True):
        bot.join(name)

    def tell(events: Sequence[Any]) -> None:
        for bot, name in zip(seated, names, strict=True):
            for event in events:
                bot.observe(redact(event, name))

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
            command = seated[player].choose(view_for(state, names[player]))
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
            elif isinstance(event, GameEnded):
                pass
    final = game.state
    return GameResult(
        winners=tuple(final.table.seats[name] for name in final.game_winners),
        rounds=final.round_number,
        showdown_tokens=showdown,
        survivor_tokens=survivor,
        spy_tokens=spy,
    )


@attrs.frozen(kw_only=True)
class BotResult:
    """How one bot did: games played and won, with a 95% interval on its win rate."""

    bot: str
    seats: tuple[int, ...]
    games: int
    wins: int

    @property
    def win_rate(self) -> float:
        """The share of its games this bot won (shared wins count for each winner)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        return wilson(self.wins, self.games)


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
    """What a run of games showed."""

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

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-shaped data."""
        return {
            "games": self.games,
            "players": self.players,
            "edition": self.edition,
            "seed": self.seed,
            "bots": [
                {
                    "bot": row.bot,
                    "seats": list(row.seats),
                    "games": row.games,
                    "wins": row.wins,
                    "win_rate": round(row.win_rate, 4),
                    "interval_95": [round(bound, 4) for bound in row.interval],
                }
                for row in self.bots
            ],
            "rounds_per_game": round(self.rounds_per_game, 3),
            "tokens": {
                "showdown": self.showdown_tokens,
                "last_survivor": self.survivor_tokens,
                "spy": self.spy_tokens,
            },
        }

    def table(self) -> str:
        """The summary as a table for people."""
        lines = [
            f"{self.games} games, {self.players} players, edition {self.edition}, seed {self.seed}",
            f"{'bot':<12} {'seats':<8} {'games':>7} {'wins':>7} {'win rate':>9}  95% interval",
        ]
        for row in self.bots:
            low, high = row.interval
            seats = ",".join(str(seat) for seat in row.seats)
            lines.append(
                f"{row.bot:<12} {seats:<8} {row.games:>7} {row.wins:>7} {row.win_rate:>8.1%}  "
                f"{low:.1%} to {high:.1%}"
            )
        lines.append(f"rounds per game: {self.rounds_per_game:.2f}")
        lines.append(
            f"tokens won: {self.showdown_tokens} by showdown, {self.survivor_tokens} by last "
            f"survivor, {self.spy_tokens} by the Spy"
        )
        return "\n".join(lines)


def _play_many(
    arguments: tuple[Sequence[int], int, int, tuple[str, ...], str, int | str | None],
) -> list[GameResult]:
    numbers, seed, players, bots, edition, target = arguments
    return [
        play_game(
            number=number, seed=seed, players=players, bots=bots, edition=edition, target=target
        )
        for number in numbers
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
) -> Edition:
    """The edition named, once every setting is checked (before any game is played)."""
    _whole_number(games, "the number of games", 1)
    _whole_number(jobs, "the number of jobs", 1)
    ed = edition_named(edition)
    if not ed.min_players <= players <= ed.max_players:
        raise ValueError(
            f"the {ed.name} edition is for {ed.min_players} to {ed.max_players} players"
        )
    for name in bots:
        make_bot(name, seed=0)
    Game.new(seat_names(players), edition=ed, seed=0, target=target)  # a bad target: SetupError
    return ed


def _play_batches(
    arguments: list[tuple[Any, ...]],
    jobs: int,
    games: int,
    progress: Callable[[int, int], None] | None,
) -> list[GameResult]:
    """Play every batch, in ``jobs`` processes if above 1, in order."""
    results: list[GameResult] = []
    pool: Pool | None = None
    try:
        if jobs > 1:
            with _interrupts_held():
                pool = multiprocessing.get_context().Pool(jobs, initializer=_worker_setup)
        outputs: Iterator[list[GameResult]] = (
            map(_play_many, arguments) if pool is None else pool.imap(_play_many, arguments)
        )
        for output in outputs:
            results.extend(output)
            if progress is not None:
                progress(len(results), games)
    except BaseException:
        if pool is not None:
            pool.terminate()
            pool.join()
        raise
    if pool is not None:
        pool.close()
        pool.join()
    return results


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
) -> Summary:
    """Play ``games`` games; seat ``s`` is played by ``bots[s % len(bots)]``.

    ``target`` replaces the edition's token target: a number (LL19-Q22) or a named
    setting (the classic ``"printed"``, LLC-TARGETS-PRINTED).

    With ``jobs`` above 1 the games are spread over that many processes; the results are
    the same as with one. ``progress(done, total)`` is called as games finish. ``games``
    and ``jobs`` are whole numbers of at least 1, or :class:`ValueError` is raised before
    any game is played. An interruption (:class:`KeyboardInterrupt`) stops the worker
    processes and is raised again.
    """
    ed = _checked(
        games=games, jobs=jobs, players=players, bots=bots, edition=edition, target=target
    )
    bots = tuple(bots)
    chunk = max(1, min(200, games // max(1, jobs * 8)))
    batches = [range(start, min(games, start + chunk)) for start in range(0, games, chunk)]
    arguments = [(batch, seed, players, bots, ed.name, target) for batch in batches]
    results = _play_batches(arguments, jobs, games, progress)
    seat_wins: Counter[int] = Counter(seat for result in results for seat in result.winners)
    rows: dict[str, list[int]] = {}
    for seat in range(players):
        rows.setdefault(bots[seat % len(bots)], []).append(seat)
    return Summary(
        games=games,
        players=players,
        edition=ed.name,
        seed=seed,
        bots=tuple(
            BotResult(
                bot=bot,
                seats=tuple(seats),
                games=games * len(seats),
                wins=sum(seat_wins[s] for s in seats),
            )
            for bot, seats in rows.items()
        ),
        rounds=sum(result.rounds for result in results),
        showdown_tokens=sum(result.showdown_tokens for result in results),
        survivor_tokens=sum(result.survivor_tokens for result in results),
        spy_tokens=sum(result.spy_tokens for result in results),
    )


def progress_bar(done: int, total: int, width: int = 30) -> None:
    """Draw a progress bar on standard error."""
    filled = width * done // total if total else width
    end = "\n" if done >= total else ""
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games{end}")
    sys.stderr.flush()
