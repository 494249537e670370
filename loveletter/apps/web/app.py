"""The web table's server: a Starlette application, served by uvicorn.

* ``GET /``: the page (``static/index.html``): a form that creates a table, or, with
  ``?table=ID&seat=NAME&lang=LANG#token=SECRET``, the table as that seat sees it. The token
  stays in the address's fragment, which the browser never sends over HTTP.
* ``GET /api/config``: what the form offers: the bots this server plays (``--bots``), the
  editions and their numbers of players, the languages.
* ``GET /api/health``: for a load balancer's checks: the tables in memory and the
  connections open.
* ``POST /api/tables``: create a table (``Content-Type: application/json``); the answer
  holds each person's secret token and link (give each person their own link only).
* ``WS /ws/{table}``: play. The first message must be
  ``{"hello": {"seat": NAME, "token": SECRET, "language": "en"}}``; then every message is
  a move, ``{"state": N, "command": COMMAND}`` (or ``{"state": N, "say": "guard ben"}``),
  which the table's host refuses unless it is that seat's own and made for the table's
  current state (:meth:`loveletter.host.Host.receive`, through
  :meth:`loveletter.apps.web.tables.Table.receive`); a refusal is written in the seat's
  language. Every seat connected to the table is then sent its own update
  (:meth:`loveletter.host.Host.update`); the bots play in worker processes
  (:mod:`loveletter.apps.web.workers`).

Create it with :func:`create_app`; tables are stored in SQLite (:mod:`loveletter.apps.web.store`)
after every accepted move, by compare-and-swap on the table's version, and read back after
a restart or by another server process on the same file. Every limit
(:class:`loveletter.apps.web.limits.Limits`) has its refusal: an HTTP status, or a websocket
close code (:data:`loveletter.apps.web.limits.CLOSE_CODES`).
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hmac
import json
import logging
import math
import random
import secrets
import sqlite3
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, MutableMapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from loveletter.apps.web import MISSING_EXTRA
from loveletter.apps.web.database import open_store
from loveletter.apps.web.limits import (
    BURST_SECONDS,
    Bucket,
    Buckets,
    IPNetwork,
    Limits,
    address_key,
    client_address,
    networks,
)
from loveletter.apps.web.store import StoreError, TableStore
from loveletter.apps.web.tables import MAX_NAME, NameRefusedError, Table, TableError
from loveletter.apps.web.workers import BotPool, check_bots
from loveletter.bots import make_bot
from loveletter.editions import EDITIONS
from loveletter.errors import LoveLetterError
from loveletter.events import Event
from loveletter.host import MAX_MESSAGE, Rejected
from loveletter.words import LANGUAGES

try:
    from starlette.applications import Starlette
    from starlette.exceptions import HTTPException
    from starlette.middleware import Middleware
    from starlette.middleware.cors import CORSMiddleware
    from starlette.requests import ClientDisconnect, Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ModuleNotFoundError(MISSING_EXTRA, name=missing.name) from missing

__all__ = ["BOTS_OFFERED", "STATIC", "Hub", "ServerFullError", "create_app", "security_headers"]

log = logging.getLogger("loveletter.apps.web")

STATIC = Path(__file__).parent / "static"
"""The page's files: HTML, CSS, a small script and the icon, served as they are."""

BOTS_OFFERED = ("heuristic", "random")
"""The bots a server offers unless told otherwise (``--bots``): both cost milliseconds."""

UNAUTHORIZED = 4401
"""The websocket close code after a failed hello (no such table, seat or token)."""

_TICK = 0.25
"""Seconds between two rounds of the server's chores (idle sockets, evictions, sync)."""


def security_headers(allow_origins: Sequence[str] = ()) -> dict[str, str]:
    """The headers every response carries; ``allow_origins`` may frame the page.

    >>> security_headers()["Content-Security-Policy"].split("; ")[:2]
    ["default-src 'self'", "connect-src 'self'"]
    >>> "X-Frame-Options" in security_headers(["https://example.org"])
    False
    """
    ancestors = " ".join(allow_origins) if allow_origins else "'none'"
    headers = {
        "Content-Security-Policy": (
            "default-src 'self'; connect-src 'self'; img-src 'self' data:; "
            "style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; "
            f"form-action 'self'; frame-ancestors {ancestors}"
        ),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "Cross-Origin-Opener-Policy": "same-origin",
        "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    }
    if not allow_origins:
        headers["X-Frame-Options"] = "DENY"
    return headers


class _SecurityHeaders:
    """ASGI middleware: the security headers on every response, errors and files included.

    A websocket's refused handshake gets them too.
    """

    def __init__(self, app: Any, headers: Mapping[str, str]) -> None:
        self.app = app
        self.headers = [(k.lower().encode(), v.encode()) for k, v in headers.items()]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return

        async def secured(message: MutableMapping[str, Any]) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                present = {name for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in self.headers if k not in present]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, secured)


def host_allowed(host: str, allowed: Sequence[str]) -> bool:
    """Whether the ``Host`` header ``host`` names one of ``allowed`` (its port aside).

    >>> host_allowed("play.example.org:8443", ["*.example.org"])
    True
    >>> host_allowed("evil.test", ["example.org"]), host_allowed("example.org", ["example.org"])
    (False, True)
    """
    name = host.strip().lower()
    if name.startswith("["):  # an IPv6 address, [::1]:8000
        name = name[: name.find("]") + 1]
    else:
        name = name.rsplit(":", 1)[0] if name.count(":") == 1 else name
    for pattern in allowed:
        pattern = pattern.strip().lower()
        if pattern.startswith("*."):
            if name.endswith(pattern[1:]) and name != pattern[2:]:
                return True
        elif name == pattern:
            return True
    return False


class _AllowedHosts:
    """ASGI middleware: a request (or websocket) naming another ``Host`` gets 400.

    A page of another site that a DNS rebinding points at this server names its own host:
    it is refused before anything else is done.
    """

    def __init__(self, app: Any, hosts: Sequence[str]) -> None:
        self.app = app
        self.hosts = tuple(hosts)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1")
        if host_allowed(host, self.hosts):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        response = _error(400, "this server does not answer for that host name")
        await response(scope, receive, send)


class ServerFullError(LoveLetterError):
    """The server holds as many tables as it may (``Limits.max_tables``)."""


class _Connection:
    """One websocket tied to a seat: its rate limit, its outbox, its last activity.

    ``last`` is when it last sent or was sent something. Messages go through a bounded
    outbox that a task of the connection's own writes out, so that a client that reads
    slowly holds up nobody: when its outbox is full, it is dropped.
    """

    OUTBOX = 64
    """Messages waiting for a slow reader before it is dropped."""

    def __init__(
        self, socket: WebSocket, *, seat: str | None, language: str, address: str, limits: Limits
    ) -> None:
        self.socket = socket
        self.seat = seat
        """The seat, or ``None`` for a spectator."""
        self.language = language
        self.address = address
        rate = limits.socket_messages
        self.bucket = Bucket(rate=rate, burst=max(1.0, rate * BURST_SECONDS))
        self.last = time.monotonic()
        self.open = True
        self.outbox: asyncio.Queue[str | int] = asyncio.Queue()
        self.writer = asyncio.ensure_future(self._write())

    def send(self, message: dict[str, Any] | str) -> bool:
        """Queue ``message`` (or its JSON text); ``False`` if the connection is closed.

        A connection with :attr:`OUTBOX` messages waiting reads too slowly: it is dropped.
        """
        if not self.open:
            return False
        if not isinstance(message, str):
            message = json.dumps(message)
        if self.outbox.qsize() >= self.OUTBOX:
            self.open = False
            self.writer.cancel()
            log.warning("a connection of %s read too slowly and was dropped", self.seat or "?")
            return False
        self.outbox.put_nowait(message)
        return True

    def close(self, code: int, error: str, message: str) -> None:
        """Say why, then close with ``code`` (after what is queued already)."""
        if self.send({"type": "refused", "error": error, "message": message}):
            self.outbox.put_nowait(code)
            self.open = False

    async def _write(self) -> None:
        try:
            while True:
                item = await self.outbox.get()
                try:
                    if isinstance(item, int):
                        await self.socket.close(code=item)
                        return
                    await self.socket.send_text(item)
                    self.last = time.monotonic()
                finally:
                    self.outbox.task_done()
        except (RuntimeError, WebSocketDisconnect, OSError):
            pass  # gone meanwhile
        finally:
            self.open = False
            while not self.outbox.empty():  # nothing more will be sent
                self.outbox.get_nowait()
                self.outbox.task_done()

    async def finish(self, timeout: float = 5.0) -> None:
        """Wait (at most ``timeout`` s) until what is queued is sent, then stop writing."""
        self.open = False
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.outbox.join(), timeout)
        self.writer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self.writer


class _Live:
    """A table in memory: the table, its stored version, its lock and its connections."""

    def __init__(self, table: Table, version: int, *, owner: str = "", joined: bool = True) -> None:
        self.table = table
        self.version = version
        self.lock = asyncio.Lock()
        self.connections: dict[WebSocket, _Connection] = {}
        self.touched = self.turn_began = time.monotonic()
        self.thinking = False
        self.owner = owner
        """The address that created it (``""`` for a table read from the store)."""
        self.joined = joined
        """Whether anyone has joined it since it was created."""
        self.bot_spent = 0.0
        """The seconds its bots have thought since its people last moved."""


class Hub:
    """The tables in memory, read from the store when first asked for, and who is connected.

    ``bots`` are the bot kinds offered; ``limits`` the server's limits; ``seeds`` what
    deals the new tables (:meth:`Table.create <loveletter.apps.web.tables.Table.create>`);
    ``trusted_proxies`` the networks of the reverse proxies whose ``X-Forwarded-For`` is
    believed (:func:`~loveletter.apps.web.limits.client_address`).

    The tables whose bots are to play wait in a queue; :attr:`Limits.bot_workers
    <loveletter.apps.web.limits.Limits.bot_workers>` drivers take them in turn, one bot's
    choice at a time (at most :attr:`~loveletter.apps.web.limits.Limits.bot_slice`
    seconds), and put a table whose bots are still to play at the back of the queue.
    """

    def __init__(
        self,
        store: TableStore,
        *,
        limits: Limits | None = None,
        bots: Sequence[str] = BOTS_OFFERED,
        seeds: random.Random | None = None,
        trusted_proxies: Sequence[IPNetwork] = (),
    ) -> None:
        self.store = store
        self.seeds = seeds
        self.limits = limits = limits or Limits()
        self.bots = check_bots(tuple(bots))
        self.trusted_proxies = tuple(trusted_proxies)
        self.tables: dict[str, _Live] = {}
        self.reserved = 0
        """Tables being created, counted before they are stored and in memory."""
        self.pool = BotPool(workers=limits.bot_workers, budget=limits.bot_budget)
        self.creations = Buckets(rate=limits.address_tables / 60, burst=limits.address_tables)
        self.messages = Buckets(
            rate=limits.address_messages,
            burst=max(1.0, limits.address_messages * BURST_SECONDS),
        )
        self.bytes = Buckets(
            rate=limits.address_bytes, burst=max(1.0, limits.address_bytes * BURST_SECONDS)
        )
        self.waiting: collections.deque[str] = collections.deque()
        """The tables whose search bots are to play, in turn."""
        self.quick: collections.deque[str] = collections.deque()
        """The tables whose bot to play is a quick one (no search), in turn: served first,
        so that a heuristic bot's turn never waits behind the search bots' slices."""
        self._searches: dict[str, bool] = {}
        self.drivers = 0
        self._tasks: set[asyncio.Task[None]] = set()
        self._synced = 0.0
        self._purged = -math.inf  # the first chores purge at once
        self._loop: asyncio.AbstractEventLoop | None = None

    def address(self, connection: Request | WebSocket) -> str:
        """The key of a request's limits: its client's address (forwarded by a trusted proxy)."""
        peer = connection.client.host if connection.client else None
        forwarded = connection.headers.get("x-forwarded-for")
        return address_key(client_address(peer, forwarded, self.trusted_proxies))

    # -- tables in memory -------------------------------------------------------------

    def _room(self) -> None:
        """Make room for one more table in memory, or raise :class:`ServerFullError`.

        The tables in memory and those being created count; past ``max_tables``, the
        tables due to leave go, then the one nobody is connected to touched longest ago
        (the store keeps it).
        """
        if len(self.tables) + self.reserved >= self.limits.max_tables:
            self.evict(time.monotonic())
        while len(self.tables) + self.reserved >= self.limits.max_tables:
            idle = [
                (live.touched, table_id)
                for table_id, live in self.tables.items()
                if not live.connections and not live.thinking
            ]
            if not idle:
                count = len(self.tables) + self.reserved
                raise ServerFullError(f"the server holds {count} tables, as many as it may")
            self._forget(min(idle)[1])

    def _forget(self, table_id: str) -> None:
        """Let the table ``table_id`` leave memory (the store keeps it)."""
        self.tables.pop(table_id, None)
        for queue in (self.waiting, self.quick):
            with contextlib.suppress(ValueError):
                queue.remove(table_id)

    def _owned(self, owner: str) -> None:
        """Keep at most ``address_live_tables`` of ``owner``'s tables in memory, one made."""
        mine = sorted(
            (live.touched, table_id)
            for table_id, live in self.tables.items()
            if live.owner == owner and not live.connections and not live.thinking
        )
        extra = sum(1 for live in self.tables.values() if live.owner == owner)
        for _, table_id in mine:
            if extra < self.limits.address_live_tables:
                break
            self._forget(table_id)
            extra -= 1

    async def create(
        self, options: Mapping[str, Any], *, owner: str = ""
    ) -> tuple[str, Table, dict[str, str]]:
        """A new table, stored at once: its id, the table, and each person's token.

        Raise :class:`~loveletter.apps.web.tables.TableError` for a table that cannot be set up,
        :class:`ServerFullError` if the server holds as many tables as it may. The table
        is counted before it is stored, so that creations at once never pass
        ``max_tables``; ``owner`` is the creator's address.
        """
        table, tokens = Table.create(offered=self.bots, seeds=self.seeds, **options)
        self._owned(owner)
        self._room()
        table_id = secrets.token_urlsafe(9)
        self.reserved += 1
        try:
            await asyncio.to_thread(
                self.store.insert,
                table_id,
                table.log_json(),
                table.seats_json(),
                version=table.state,
            )
        finally:
            self.reserved -= 1
        self.tables[table_id] = _Live(table, table.state, owner=owner, joined=False)
        self.schedule_bots(table_id)
        return table_id, table, tokens

    async def live(
        self, table_id: str, admits: Callable[[Table], bool] = lambda table: True
    ) -> _Live | None:
        """The table ``table_id`` in memory, read from the store if need be.

        A table in memory is brought up to date with the store first. ``None`` if there
        is no such table, or ``admits`` (the hello's check of its secret) refuses it:
        that is checked before room is made for a table read from the store.
        :class:`ServerFullError` if there is no room for it.
        """
        live = self.tables.get(table_id)
        if live is not None:
            if self.limits.sync_interval:
                await self._refresh(table_id, live)
            live = self.tables.get(table_id)
            return live if live is not None and admits(live.table) else None
        if len(table_id) > 64:
            return None
        row = await asyncio.to_thread(self.store.load, table_id)
        if row is None:
            return None
        log_text, seats, version = row
        table = await asyncio.to_thread(Table.restore, log_text, seats)
        if not admits(table):
            return None
        live = self.tables.get(table_id)  # loaded meanwhile by another connection?
        if live is None:
            self._room()
            live = self.tables[table_id] = _Live(table, version)
            self.schedule_bots(table_id)
        return live if admits(live.table) else None

    def table(self, table_id: str) -> Table | None:
        """The table ``table_id`` if it is in memory (for tests and tinkering)."""
        live = self.tables.get(table_id)
        return None if live is None else live.table

    def evict(self, now: float) -> int:
        """Forget the tables due to leave memory; return how many.

        Those untouched for ``Limits.evict_after`` that are over or that nobody is
        connected to, and those nobody has joined for ``Limits.unjoined_after``; the
        store keeps them (:attr:`~loveletter.apps.web.limits.Limits.evict_after`).
        """
        after, unjoined = self.limits.evict_after, self.limits.unjoined_after
        gone = [
            table_id
            for table_id, live in self.tables.items()
            if not live.thinking
            and (
                (now - live.touched >= after and (live.table.over or not live.connections))
                or (not live.joined and not live.connections and now - live.touched >= unjoined)
            )
        ]
        for table_id in gone:
            live = self.tables[table_id]
            self._forget(table_id)
            for connection in list(live.connections.values()):
                connection.close(4410, "closed", "the game is over and the table is closed")
        return len(gone)

    # -- storing and reloading --------------------------------------------------------

    async def _store(self, table_id: str, live: _Live) -> bool | None:
        """Store the table if the store still holds the version it was read at.

        ``True`` if stored, ``False`` if another process stored another version first,
        ``None`` if the database failed (logged).
        """
        table = live.table
        try:
            stored = await asyncio.to_thread(
                self.store.save,
                table_id,
                table.log_json(),
                table.seats_json(),
                version=table.state,
                previous=live.version,
            )
        except (sqlite3.Error, StoreError):
            log.exception("table %s could not be stored", table_id)
            return None
        if stored:
            live.version = table.state
        return stored

    async def _refresh(self, table_id: str, live: _Live) -> None:
        """Reload ``table_id`` if the store holds another version, under the table's lock."""
        async with live.lock:  # no store of this process's under way
            stored = await asyncio.to_thread(self.store.versions, [table_id])
            if stored.get(table_id, live.version) != live.version:
                await self._reload(table_id, live)

    async def _reload(self, table_id: str, live: _Live) -> None:
        """Read the table again from the store, and tell its connections what changed.

        Another process changed it: the moves it stored are applied here too, one by
        one, each checked by the referee, and sent as an update with its steps; if a move
        of this process's lost the race, the whole game is sent again.
        """
        row = await asyncio.to_thread(self.store.load, table_id)
        if row is None:  # deleted: its retention ran out
            self._forget(table_id)
            for connection in list(live.connections.values()):
                connection.close(4410, "closed", "the table is no longer kept")
            return
        log_text, seats, version = row
        new = await asyncio.to_thread(Table.restore, log_text, seats)
        old = live.table
        before = old.game.log
        live.touched = time.monotonic()
        if new.game.log[: len(before)] == before:  # it went on: send what is new
            since = old.state
            followed = await asyncio.to_thread(old.host.follow, new.game.log[len(before) :])
            new.host.journal = old.host.journal
            live.table, live.version = new, version
            await self.broadcast(live, followed, since=since, reloaded=True)
        else:  # our move lost the race: the whole game again
            live.table, live.version = new, version
            for connection in list(live.connections.values()):
                connection.send(self._welcome(live, connection, reloaded=True))
        self.schedule_bots(table_id, stalled_only=True)

    async def sync(self) -> None:
        """Read again each table with a connection that another process has changed."""
        watched = [table_id for table_id, live in self.tables.items() if live.connections]
        if not watched:
            return
        stored = await asyncio.to_thread(self.store.versions, watched)
        for table_id in watched:
            live = self.tables.get(table_id)
            if live is None or table_id not in stored or stored[table_id] == live.version:
                continue
            await self._refresh(table_id, live)  # again, with no store of this process's under way

    def changed(self, table_id: str, version: int) -> None:
        """Told by the store (from its listening thread) that ``table_id`` is at ``version``."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(self._heard, table_id, version)

    def _heard(self, table_id: str, version: int) -> None:
        live = self.tables.get(table_id)
        if live is not None and live.connections and version != live.version:
            self._spawn(self._refresh(table_id, live))

    # -- playing ------------------------------------------------------------------------

    def timer(self, live: _Live, now: float | None = None) -> dict[str, Any]:
        """The table's turn timer as its messages carry it (the web page shows it)."""
        table = live.table
        person = table.person_to_act
        left: float | None = None
        if table.turn_timer is not None and person is not None:
            elapsed = (time.monotonic() if now is None else now) - live.turn_began
            left = round(max(0.0, table.turn_timer - elapsed), 1)
        return {
            "seconds": table.turn_timer,
            "to_act": person,
            "left": left,
            "stood_in": list(table.stood_in),
        }

    def _welcome(self, live: _Live, connection: _Connection, **more: Any) -> dict[str, Any]:
        return live.table.welcome(
            connection.seat, connection.language, timer=self.timer(live), **more
        )

    async def broadcast(
        self, live: _Live, events: Sequence[Event], *, since: int | None = None, **more: Any
    ) -> None:
        """Send everyone connected to the table their own update after ``events``.

        ``since`` is the state number before them: each update has its steps.
        """
        table = live.table
        live.turn_began = time.monotonic()
        timer = self.timer(live)
        for connection in list(live.connections.values()):
            message = table.update(
                connection.seat, connection.language, events, since=since, timer=timer, **more
            )
            if not connection.send(message):
                live.connections.pop(connection.socket, None)

    def _tell_timer(self, live: _Live) -> None:
        timer = self.timer(live)
        message = json.dumps({"type": "timer", "state": live.table.state, "timer": timer})
        for connection in list(live.connections.values()):
            if not connection.send(message):
                live.connections.pop(connection.socket, None)

    async def move(self, table_id: str, live: _Live, connection: _Connection, text: str) -> None:
        """Handle a move from ``connection``: refuse it, or apply, store and tell everyone."""
        seat = connection.seat
        if seat is None:
            connection.send(_refusal("forbidden", "a spectator may not move"))
            return
        async with live.lock:
            table = live.table
            outcome = table.receive(seat, text)
            if isinstance(outcome, Rejected):  # in the seat's own language
                connection.send(outcome.to_data(connection.language))
                return
            stored = await self._store(table_id, live)
            if not stored:  # another process moved first, or the database failed
                connection.send(
                    _refusal("stale", "another move was made first: look again")
                    if stored is False
                    else _refusal("unavailable", "the move could not be stored: try again")
                )
                await self._reload(table_id, live)
                return
            live.touched = time.monotonic()
            live.bot_spent = 0.0
            await self.broadcast(
                live,
                outcome.events,
                since=outcome.state,
                accepted={"seat": seat, "state": outcome.state},
            )
        self.schedule_bots(table_id)

    async def back(self, table_id: str, live: _Live, seat: str | None) -> None:
        """The person ``seat`` is back: no bot plays for them any more (stored, told)."""
        if seat is None or seat not in live.table.stood_in:
            return
        async with live.lock:
            if not live.table.back(seat):
                return
            await self._store(table_id, live)
            self._tell_timer(live)

    async def stand_in(self, table_id: str, live: _Live, seat: str) -> None:
        """Let a bot play for ``seat``, whose turn timer ran out (stored, told)."""
        async with live.lock:  # the timer read again: a move may have landed meanwhile
            timer = self.timer(live)
            if (timer["to_act"], timer["left"]) != (seat, 0) or not live.table.stand_in(seat):
                return
            since = live.table.state
            events = live.table.serve()  # the draws due to them, at a house-remedy table
            if await self._store(table_id, live) is not True:
                live.table.back(seat)
                return
            if events:
                await self.broadcast(live, events, since=since)
            self._tell_timer(live)
        self.schedule_bots(table_id)

    def _spawn(self, work: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def schedule_bots(self, table_id: str, *, stalled_only: bool = False) -> None:
        """Put the table in the queue for its bots' turn, if one is to choose.

        With ``stalled_only``, only if the table has waited for them longer than a bot's
        budget should take (the process that was to play them may have stopped).
        """
        live = self.tables.get(table_id)
        if live is None or live.thinking or live.table.bot_to_choose is None:
            return
        if table_id in self.waiting or table_id in self.quick:
            return
        if stalled_only and time.monotonic() - live.touched < self.limits.bot_budget + 10:
            return
        actor = live.table.bot_to_choose
        spec = live.table.bot_kinds.get(actor, "heuristic")  # a stand-in is heuristic
        (self.waiting if self._searches_for(spec) else self.quick).append(table_id)
        if self.drivers < self.limits.bot_workers:
            self.drivers += 1
            self._spawn(self._drive())

    def _searches_for(self, spec: str) -> bool:
        """Whether a bot of kind ``spec`` searches (it has a time limit to search within)."""
        found = self._searches.get(spec)
        if found is None:
            found = self._searches[spec] = hasattr(make_bot(spec, seed=0), "time_limit")
        return found

    async def _drive(self) -> None:
        """Take the tables waiting for their bots, one bot's choice each, in turn.

        The tables of quick bots first, then those of search bots.
        """
        try:
            while self.quick or self.waiting:
                table_id = (self.quick or self.waiting).popleft()
                live = self.tables.get(table_id)
                if live is None or live.thinking or live.table.bot_to_choose is None:
                    continue
                live.thinking = True
                try:
                    again = await self._play_bot(table_id, live)
                except Exception:  # a worker that died, a bug: logged; the chores try again
                    log.exception("the bots of table %s could not play", table_id)
                    again = False
                finally:
                    live.thinking = False
                if again:
                    self.schedule_bots(table_id)
        finally:
            self.drivers -= 1

    async def _play_bot(self, table_id: str, live: _Live) -> bool:
        """One bot's choice at the table (and the draws after it); whether to go on."""
        table = live.table
        left = max(0.0, self.limits.bot_budget - live.bot_spent)
        moves = await self.pool.think(
            table, budget=left, decisions=1, slice_seconds=self.limits.bot_slice
        )
        live.bot_spent += moves.seconds
        async with live.lock:
            if self.tables.get(table_id) is not live:
                return False
            if live.table is not table or table.state != moves.state:
                return True  # the table moved meanwhile: think again
            since = table.state
            events = table.apply_moves(moves)
            if not await self._store(table_id, live):
                await self._reload(table_id, live)
                return True
            live.touched = time.monotonic()
            await self.broadcast(live, events, since=since)
        return True

    # -- connections --------------------------------------------------------------------

    def spend(self, connection: _Connection, message: dict[str, Any]) -> str | None:
        """``message`` as text, if the connection's address may be sent its bytes now.

        For what a connection asks for (a welcome, a page of the story); else ``None``.
        """
        text = json.dumps(message)
        if not self.bytes.take(connection.address, now=time.monotonic(), amount=len(text)):
            return None
        return text

    async def join(self, table_id: str, live: _Live, connection: _Connection) -> bool:
        """Tie ``connection`` to its seat (or as a spectator) at the table, and welcome it.

        ``False`` (and the connection closed) if the seat, or the table's spectators,
        have as many connections as they may, or its address has asked for too many
        bytes. The welcome and the table's next update are in order: it joins between two
        moves (under the table's lock).
        """
        async with live.lock:
            same = [c for c in live.connections.values() if c.seat == connection.seat]
            most = (
                self.limits.table_spectators
                if connection.seat is None
                else self.limits.seat_sockets
            )
            if len(same) >= most:
                who = connection.seat or "the table's spectators"
                verb = "have" if connection.seat is None else "has"
                connection.close(
                    4409,
                    "too many connections",
                    f"{who} {verb} {len(same)} connections open already",
                )
                return False
            text = self.spend(connection, self._welcome(live, connection))
            if text is None:
                connection.close(
                    4429, "rate limited", "too many bytes asked for from this address: wait"
                )
                return False
            live.connections[connection.socket] = connection
            live.touched = time.monotonic()
            live.joined = True
            return connection.send(text)

    def leave(self, table_id: str, connection: _Connection) -> None:
        """Untie ``connection`` from its table."""
        live = self.tables.get(table_id)
        if live is not None and live.connections.pop(connection.socket, None) is not None:
            live.touched = time.monotonic()

    # -- chores ---------------------------------------------------------------------------

    async def chores(self, now: float) -> None:
        """What the server does on its own, every moment.

        It closes idle sockets, evicts tables, shows other processes' moves, lets
        stalled bots play, lets a bot play for a person whose turn timer ran out, and
        purges old tables hourly.
        """
        idle = self.limits.socket_idle
        for live in list(self.tables.values()):
            for connection in list(live.connections.values()):
                if now - connection.last >= idle:
                    live.connections.pop(connection.socket, None)
                    connection.close(4408, "timeout", "nothing happened for too long")
        self.evict(now)
        if self.limits.sync_interval and now - self._synced >= self.limits.sync_interval:
            self._synced = now
            await self.sync()
        for table_id in list(self.tables):
            self.schedule_bots(table_id, stalled_only=True)
            found = self.tables.get(table_id)
            if found is None:
                continue
            timer = self.timer(found, now)
            if timer["left"] == 0 and timer["to_act"] is not None:
                await self.stand_in(table_id, found, timer["to_act"])
        if now - self._purged >= 3600:
            self._purged = now
            gone = await asyncio.to_thread(self.store.purge, days=self.limits.retention_days)
            if gone:
                log.info("%d tables older than %s days deleted", gone, self.limits.retention_days)

    async def run(self) -> None:
        """Listen to the store, and do the :meth:`chores` until cancelled.

        A store that can tell of other servers' writes (PostgreSQL's) tells the hub at once.
        """
        self._loop = asyncio.get_running_loop()
        try:
            await asyncio.to_thread(self.store.listen, self.changed)
        except (sqlite3.Error, StoreError):
            log.exception("the store cannot tell of other servers' writes")
        while True:
            try:
                await self.chores(time.monotonic())
            except Exception:
                log.exception("the server's chores failed")
            await asyncio.sleep(_TICK)

    async def close(self) -> None:
        """Stop the chores and the bots' workers, and close the store."""
        self._loop = None
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.to_thread(self.pool.close)
        self.store.close()


def _refusal(error: str, message: str) -> dict[str, Any]:
    return {"type": "refused", "error": error, "message": message}


# -- HTTP ---------------------------------------------------------------------------------


def _json(data: Any, status: int = 200, **headers: str) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers={"Cache-Control": "no-store", **headers})


def _error(status: int, message: str, **headers: str) -> JSONResponse:
    return _json({"error": message}, status, **headers)


def _origin_allowed(headers: Mapping[str, str], allowed: Sequence[str]) -> bool:
    """Whether a request comes from the server's own pages (or an allowed origin).

    A request with no ``Origin`` comes from no browser page (a browser sends one with
    every POST and every websocket), unless ``Sec-Fetch-Site`` says it is cross-site.
    """
    origin = headers.get("origin")
    if origin is None:
        return headers.get("sec-fetch-site", "same-origin") in ("same-origin", "none")
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    host = headers.get("host", "")
    return parts.scheme in ("http", "https") and bool(host) and parts.netloc.lower() == host.lower()


_FIELDS = {"players", "bots", "edition", "target", "remedy", "language", "turn_timer"}

TURN_TIMER = (15, 3600)
"""The shortest and longest turn timer a table may set, in seconds."""


def _options(data: Any, editions: Sequence[str]) -> dict[str, Any]:
    """The options of a new table from the form's JSON; :class:`TableError` if wrong."""
    if not isinstance(data, dict):
        raise TableError("expected a JSON object")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        fields = ", ".join(sorted(_FIELDS))
        raise TableError(f"unknown field {unknown[0][:20]!r}: the fields are {fields}")
    players, bots = data.get("players"), data.get("bots", [])
    if not isinstance(players, list) or not isinstance(bots, list):
        raise TableError("players and bots are lists of names")
    if len(players) + len(bots) > 8:
        raise TableError("a table seats 8 at most")
    if not all(isinstance(player, str) for player in players):
        raise TableError(f"a seat's name is 1 to {MAX_NAME} characters")
    edition = data.get("edition", "2019")
    if edition not in editions:
        raise TableError(f"the edition is one of {', '.join(editions)}")
    target = data.get("target")
    if target is not None and not (type(target) is int and 1 <= target <= 20):
        raise TableError("the target is a number of tokens from 1 to 20")
    remedy = data.get("remedy", False)
    if not isinstance(remedy, bool):
        raise TableError("remedy is true or false")
    language = data.get("language", "en")
    if language not in LANGUAGES:
        raise TableError(f"the language is one of {', '.join(LANGUAGES)}")
    timer = data.get("turn_timer")
    low, high = TURN_TIMER
    if timer is not None and not (type(timer) is int and low <= timer <= high):
        raise TableError(f"the turn timer is a number of seconds from {low} to {high}, or null")
    return {
        "turn_timer": timer,
        "players": [player.strip() for player in players],
        "bots": bots,
        "edition": edition,
        "target": target,
        "remedy": remedy,
        "language": language,
    }


def _routes(hub: Hub, allow_origins: Sequence[str], operator_token: str = "") -> list[Any]:
    limits = hub.limits
    editions = tuple(EDITIONS)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def icon(request: Request) -> Response:
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    async def config(request: Request) -> Response:
        return _json(
            {
                "bots": list(hub.bots),
                "languages": list(LANGUAGES),
                "editions": {
                    name: {"min": ed.min_players, "max": ed.max_players}
                    for name, ed in EDITIONS.items()
                },
                "max_name": MAX_NAME,
            }
        )

    async def health(request: Request) -> Response:
        given = request.headers.get("authorization", "")
        expected = f"Bearer {operator_token}"
        if not operator_token or not hmac.compare_digest(given.encode(), expected.encode()):
            return _json({"ok": True})  # anyone: only that it answers
        connections = sum(len(live.connections) for live in hub.tables.values())
        return _json(
            {
                "ok": True,
                "tables": len(hub.tables),
                "connections": connections,
                "waiting_for_bots": len(hub.waiting) + len(hub.quick),
                "bot_jobs": hub.pool.jobs,
                "bot_cut": hub.pool.cut,
            }
        )

    async def create(request: Request) -> Response:
        if not _origin_allowed(request.headers, allow_origins):
            return _error(403, "tables are created from this server's own page")
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            return _error(415, "send the table as JSON (Content-Type: application/json)")
        length = request.headers.get("content-length", "")
        if not length.isdigit():
            return _error(411, "say the length of the request (Content-Length)")
        if int(length) > MAX_MESSAGE:
            return _error(413, f"a request is {MAX_MESSAGE} bytes at most")
        address = hub.address(request)
        if not hub.creations.take(address, now=time.monotonic()):
            wait = max(1, round(hub.creations.wait(address)))
            message = f"too many tables from this address: wait {wait} s"
            return _error(429, message, **{"Retry-After": str(wait)})
        try:
            body = await asyncio.wait_for(request.body(), limits.header_timeout)
            data = json.loads(body[:MAX_MESSAGE])
            options = _options(data, editions)
            table_id, table, tokens = await hub.create(options, owner=address)
        except NameRefusedError as refused:
            asked = data.get("language") if isinstance(data, dict) else "en"
            return _json({"error": refused.message(str(asked)), "code": refused.code}, 400)
        except TimeoutError:
            return _error(408, "the request's body came too slowly")
        except ClientDisconnect:
            return _error(400, "the request's body did not come")
        except ServerFullError as full:
            return _error(503, f"{full}: try again later", **{"Retry-After": "60"})
        except (ValueError, RecursionError) as error:  # TableError, bad JSON or text
            message = str(error) if isinstance(error, TableError) else "the body is not JSON"
            return _error(400, message)
        language = options["language"]
        seats = {
            seat: {
                "token": token,
                "link": f"/?table={table_id}&seat={quote(seat)}&lang={language}#token={token}",
            }
            for seat, token in tokens.items()
        }
        watch = {
            "token": table.watch,
            "link": f"/?table={table_id}&lang={language}#watch={table.watch}",
        }
        return _json(
            {
                "table": table_id,
                "seats": seats,
                "bots": sorted(table.bot_kinds),
                "spectator": watch,
            }
        )

    async def play(socket: WebSocket) -> None:
        address = hub.address(socket)
        if not _origin_allowed(socket.headers, allow_origins):
            await _deny(socket, 403, "connect from this server's own page")
            return
        if not hub.messages.take(address, now=time.monotonic()):
            await _deny(socket, 429, "too many messages from this address: wait a moment")
            return
        await socket.accept()
        with contextlib.suppress(WebSocketDisconnect):
            await _session(hub, socket, address)

    return [
        Route("/", page),
        Route("/favicon.ico", icon),
        Route("/api/config", config),
        Route("/api/health", health),
        Route("/api/tables", create, methods=["POST"]),
        WebSocketRoute("/ws/{table}", play),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


async def _deny(socket: WebSocket, status: int, message: str) -> None:
    """Refuse a websocket's handshake with an HTTP answer (or a bare close)."""
    if "websocket.http.response" in socket.scope.get("extensions", {}):
        await socket.send_denial_response(_error(status, message))
    else:
        await socket.close(code=4000 + status)


async def _read_hello(socket: WebSocket, timeout: float) -> tuple[str | None, str, str] | str:
    """The seat, token and language of a connection's first message; else why not.

    A spectator's hello (``{"spectator": SECRET}``) has no seat (``None``).
    """
    try:
        message = await asyncio.wait_for(socket.receive(), timeout)
    except TimeoutError:
        return "timeout"
    text = message.get("text")
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return "unauthorized"
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return "unauthorized"
    hello = data.get("hello") if isinstance(data, dict) else None
    if not isinstance(hello, dict):
        return "unauthorized"
    language = hello.get("language", "en")
    language = language if isinstance(language, str) and language in LANGUAGES else "en"
    if "spectator" in hello and "seat" not in hello:
        token = hello["spectator"]
        if not isinstance(token, str) or len(token) > 200:
            return "unauthorized"
        return None, token, language
    seat, token = hello.get("seat"), hello.get("token")
    if not isinstance(seat, str) or not isinstance(token, str) or len(token) > 200:
        return "unauthorized"
    return seat, token, language


async def _session(hub: Hub, socket: WebSocket, address: str) -> None:
    """A websocket from its hello to its close."""
    limits = hub.limits
    table_id = socket.path_params["table"]
    hello = await _read_hello(socket, limits.hello_timeout)
    connection = _Connection(socket, seat=None, language="en", address=address, limits=limits)
    try:
        if hello == "timeout":
            connection.close(4408, "timeout", f"say hello within {limits.hello_timeout:g} s")
            return
        if not isinstance(hello, tuple):
            connection.close(UNAUTHORIZED, "unauthorized", "no such table, seat or token")
            return
        seat, token, language = hello

        def admits(table: Table) -> bool:
            if seat is None:
                return table.is_watcher(token)
            return table.host.authenticate(seat, token)

        try:  # the secret is checked before room is made for a stored table
            live = await hub.live(table_id, admits)
        except ServerFullError:
            connection.close(4503, "unavailable", "the server is full: try again later")
            return
        except (sqlite3.Error, StoreError):
            log.exception("table %s could not be read", table_id)
            connection.close(4503, "unavailable", "the tables cannot be read: try again later")
            return
        if live is None:
            connection.close(UNAUTHORIZED, "unauthorized", "no such table, seat or token")
            return
        connection.seat, connection.language = seat, language
        await hub.back(table_id, live, seat)
        if not await hub.join(table_id, live, connection):
            return
        try:
            await _converse(hub, table_id, connection)
        finally:
            hub.leave(table_id, connection)
    finally:
        await connection.finish()


async def _converse(hub: Hub, table_id: str, connection: _Connection) -> None:
    """Take a joined connection's messages, one by one, until it closes or is closed."""
    socket, address = connection.socket, connection.address
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return
        now = time.monotonic()
        if not connection.bucket.take(now=now) or not hub.messages.take(address, now=now):
            connection.close(4429, "rate limited", "too many messages: slow down")
            return
        connection.last = now
        live = hub.tables.get(table_id)
        if not connection.open or live is None or socket not in live.connections:
            return  # dropped, evicted, or closed as idle
        text = message.get("text")
        if not isinstance(text, str):
            connection.send(_refusal("malformed", "send text"))
        elif not await _asked(hub, table_id, live, connection, text):
            await hub.back(table_id, live, connection.seat)
            await hub.move(table_id, live, connection, text)
        await asyncio.sleep(0)  # let every other client in before the next message


async def _asked(hub: Hub, table_id: str, live: _Live, connection: _Connection, text: str) -> bool:
    """Answer a message that asks for something: a page of the story, or "I am back".

    ``False`` if it is not one of those (a move, or anything else).
    """
    if len(text) > MAX_MESSAGE or not text.startswith(('{"story"', '{"back"')):
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or len(data) != 1:
        return False
    if "back" in data:
        await hub.back(table_id, live, connection.seat)
        return True
    asked = data.get("story")
    if not isinstance(asked, dict):
        return False
    page = live.table.story(
        connection.seat, connection.language, asked.get("start"), asked.get("count")
    )
    answer = hub.spend(connection, page)
    if answer is None:
        connection.close(4429, "rate limited", "too many bytes asked for from this address: wait")
    else:
        connection.send(answer)
    return True


def create_app(
    database: str | Path = "loveletter-web.sqlite3",
    *,
    limits: Limits | None = None,
    bots: Sequence[str] = BOTS_OFFERED,
    allow_origins: Sequence[str] = (),
    seeds: random.Random | None = None,
    trusted_proxies: Sequence[str] = (),
    allowed_hosts: Sequence[str] = (),
    operator_token: str = "",
) -> Starlette:
    """The web table's application, keeping its tables in ``database``.

    ``database`` is a SQLite file, or a PostgreSQL URL (``postgresql://...``,
    :mod:`loveletter.apps.web.postgres`).

    ``limits`` are its limits (the defaults of :class:`~loveletter.apps.web.limits.Limits`);
    ``bots`` the bot kinds it offers (each a spec :func:`~loveletter.bots.registry.make_bot`
    knows); ``allow_origins`` the origins besides its own that may create tables,
    connect, and frame the page; ``seeds``, for tests, deals every new table from that
    ``random.Random`` (the same seeds, the same tables), where a server draws each
    table's seed from :mod:`secrets`. The hub (the tables and connections) is
    ``app.state.hub``; its chores run while the application runs (its lifespan).

    ``trusted_proxies`` are the addresses or networks (CIDR) of the reverse proxies in
    front: from them only is ``X-Forwarded-For`` read, and every limit counts the
    client's address it forwards. ``allowed_hosts``, if given, are the only ``Host``
    names a request may name (``example.org``, or ``*.example.org`` for its
    subdomains); any other gets 400. ``operator_token``, if given, is what
    ``/api/health`` wants (``Authorization: Bearer TOKEN``) before it says more than "ok".
    """
    proxies = networks(trusted_proxies)
    hub = Hub(open_store(database), limits=limits, bots=bots, seeds=seeds, trusted_proxies=proxies)
    origins = tuple(allow_origins)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        chores = asyncio.ensure_future(hub.run())
        try:
            yield
        finally:
            chores.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await chores
            await hub.close()

    secured = security_headers(origins)
    middleware = [Middleware(_SecurityHeaders, headers=secured)]
    if allowed_hosts:
        middleware.append(Middleware(_AllowedHosts, hosts=tuple(allowed_hosts)))
    if origins:
        middleware.append(
            Middleware(
                CORSMiddleware,
                allow_origins=origins,
                allow_methods=["GET", "POST"],
                allow_headers=["content-type"],
            )
        )

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, str(exc.detail), **(exc.headers or {}))

    async def server_error(request: Request, exc: Exception) -> Response:
        # Starlette answers this one outside the middleware: the headers are put here.
        log.error("error on %s %s", request.method, request.url.path, exc_info=exc)
        return _error(500, "the server failed to answer; it has been logged", **secured)

    errors: dict[Any, Callable[[Request, Exception], Awaitable[Response]]] = {
        HTTPException: http_error,
        500: server_error,
    }
    app = Starlette(
        routes=_routes(hub, origins, operator_token),
        middleware=middleware,
        exception_handlers=errors,
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app
