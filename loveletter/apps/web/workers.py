"""The bots think in worker processes, never on the web server's event loop.

A bot's move may cost seconds of CPU time (the ``ismcts`` bot searches); on the event loop
it would stall every other client for as long. :class:`BotPool` sends a table's stored
log and seats to a worker process, which rebuilds the table, lets its bots play until a
person is to act (:meth:`loveletter.apps.web.tables.Table.think`) and sends back the commands;
the server checks and applies them as it does a person's.

Each job has a time budget: in the worker, a bot still thinking when its table's budget
runs out is interrupted (a timer signal, where the system has one) and the heuristic bot
plays that move instead. A job is one bot's choice, within a slice of time
(``Limits.bot_slice``): a search bot searches for that long and plays its best move so
far; then the table goes to the back of the queue of tables waiting for a worker
(:class:`loveletter.apps.web.app.Hub`), so that no table keeps a worker from the others
for longer than a slice.

>>> from loveletter.apps.web.tables import Table
>>> table, _ = Table.create(["Anna"], bots=["random"], target=1)
>>> moves = think(table.log_json(), table.seats_json(), 1.0)
>>> moves.state == table.state
True
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import signal
import threading
import types
from typing import Any

from loveletter.apps.web.tables import BotMoves, Table
from loveletter.bots import Bot, make_bot
from loveletter.commands import Command
from loveletter.views import View

__all__ = ["BotPool", "check_bots", "think"]


class _OutOfTime(BaseException):
    """Raised in a worker by its timer: the bot's time is up.

    A :class:`BaseException`, so that no ``except Exception`` in a bot's code swallows it.
    """


_AGAIN = 0.01
"""Seconds between two alarms once a bot's time is up, until it stops."""

_deciding = False
"""Whether a bot of this process is being asked under an alarm (the alarm raises then)."""

MIN_SEARCH = 0.02
"""Seconds below which a bot is not asked at all (the heuristic bot plays instead)."""


def _alarm(signum: int, frame: types.FrameType | None) -> None:
    if _deciding:
        raise _OutOfTime


def _decide_with_alarm(bot: Bot, view: View, left: float) -> Command | None:
    """Ask ``bot``, interrupting it after ``left`` seconds (``None`` then).

    The alarm repeats every ``_AGAIN`` seconds until the bot stops: Python drops an
    exception raised where it cannot propagate (a garbage collector's callback, a
    ``__del__``), and one alarm could be lost there.
    """
    global _deciding
    if left <= 0:
        return None
    if left == float("inf"):
        return bot.choose(view)
    alarm = left
    if hasattr(bot, "time_limit"):  # a search bot: it searches as long as it is given
        if left < MIN_SEARCH:
            return None
        bot.time_limit = left
        alarm = 2 * left + 0.05  # it stops by itself; the alarm is for a bot that does not
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        _deciding = True
        signal.setitimer(signal.ITIMER_REAL, alarm, _AGAIN)
        try:
            return bot.choose(view)
        finally:
            _deciding = False  # from here on, an alarm does nothing
    except _OutOfTime:
        return None
    finally:
        _deciding = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def think(
    log: str,
    seats: str,
    budget: float,
    decisions: int | None = None,
    slice_seconds: float | None = None,
) -> BotMoves:
    """The bots' moves at the table stored as ``log`` and ``seats``, within ``budget`` s.

    What a worker runs: ``decisions`` bots' choices at most, each within
    ``slice_seconds`` (:meth:`Table.think <loveletter.apps.web.tables.Table.think>`). In
    a process's main thread, on a system with timer signals, a bot is interrupted at the
    deadline; elsewhere it is only not asked once time is up. A search bot (one with a
    ``time_limit``) is given the time left as its limit.
    """
    table = Table.restore(log, seats)
    decide = _decide_with_alarm if _can_interrupt() else None
    return table.think(budget, decide=decide, decisions=decisions, slice_seconds=slice_seconds)


def check_bots(specs: tuple[str, ...]) -> tuple[str, ...]:
    """``specs``, if ``make_bot`` makes each of them; else :class:`ValueError`.

    >>> check_bots(("heuristic", "random"))
    ('heuristic', 'random')
    >>> check_bots(("nobody",))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    ValueError: the server cannot offer the bot 'nobody': unknown bot 'nobody': ...
    """
    if not specs:
        raise ValueError("the server offers at least one bot")
    for spec in specs:
        try:
            make_bot(spec, seed=0)
        except (ValueError, TypeError) as error:
            raise ValueError(f"the server cannot offer the bot {spec!r}: {error}") from None
    if len(set(specs)) != len(specs):
        raise ValueError(f"a bot is offered twice: {', '.join(specs)}")
    return specs


class BotPool:
    """Worker processes for the bots, started when first needed.

    ``workers`` processes (started with ``spawn``, so that none inherits the server's
    sockets or threads); each job is one table's turn of bots, within ``budget`` seconds.
    """

    def __init__(self, *, workers: int, budget: float) -> None:
        self.workers = workers
        self.budget = budget
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self.jobs = 0
        self.cut = 0

    def _executor(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._pool is None:
            self._pool = concurrent.futures.ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pool

    async def think(
        self,
        table: Table,
        *,
        budget: float | None = None,
        decisions: int | None = None,
        slice_seconds: float | None = None,
    ) -> BotMoves:
        """The bots' moves at ``table`` from its current state, worked out in a worker.

        Within ``budget`` seconds (the pool's by default), ``decisions`` choices at most,
        each within ``slice_seconds`` (:func:`think`).
        """
        loop = asyncio.get_running_loop()
        try:
            moves: BotMoves = await loop.run_in_executor(
                self._executor(),
                think,
                table.log_json(),
                table.seats_json(),
                self.budget if budget is None else budget,
                decisions,
                slice_seconds,
            )
        except concurrent.futures.BrokenExecutor:  # a worker died (killed?): start again
            self._pool = None
            raise
        self.jobs += 1
        self.cut += moves.cut
        return moves

    def pids(self) -> list[int]:
        """The worker processes' ids (none before the first job)."""
        processes: dict[int, Any] = getattr(self._pool, "_processes", None) or {}
        return sorted(processes)

    def close(self) -> None:
        """Stop the workers (a job under way is abandoned)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
