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
import contextlib
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
from loveletter.apps.web.limits import BURST_SECONDS, Bucket, Buckets, Limits, address_key
from loveletter.apps.web.store import Store
from loveletter.apps.web.tables import MAX_NAME, Table, TableError
from loveletter.apps.web.workers import BotPool, check_bots
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
        self, socket: WebSocket, *, seat: str, language: str, address: str, limits: Limits
    ) -> None:
        self.socket = socket
        self.seat = seat
        self.language = language
        self.address = address
        rate = limits.socket_messages
        self.bucket = Bucket(rate=rate, burst=max(1.0, rate * BURST_SECONDS))
        self.last = time.monotonic()
        self.open = True
        self.outbox: asyncio.Queue[dict[str, Any] | int] = asyncio.Queue()
        self.writer = asyncio.ensure_future(self._write())

    def send(self, message: dict[str, Any]) -> bool:
        """Queue ``message``; ``False`` if the connection is closed (or dropped now).

        A connection with :attr:`OUTBOX` messages waiting reads too slowly: it is dropped.
        """
        if not self.open:
            return False
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
                    await self.socket.send_json(item)
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

    def __init__(self, table: Table, version: int) -> None:
        self.table = table
        self.version = version
        self.lock = asyncio.Lock()
        self.connections: dict[WebSocket, _Connection] = {}
        self.touched = time.monotonic()
        self.thinking = False


class Hub:
    """The tables in memory, read from the store when first asked for, and who is connected.

    ``bots`` are the bot kinds offered; ``limits`` the server's limits; ``seeds`` what
    deals the new tables (:meth:`Table.create <loveletter.apps.web.tables.Table.create>`).
    """

    def __init__(
        self,
        store: Store,
        *,
        limits: Limits | None = None,
        bots: Sequence[str] = BOTS_OFFERED,
        seeds: random.Random | None = None,
    ) -> None:
        self.store = store
        self.seeds = seeds
        self.limits = limits = limits or Limits()
        self.bots = check_bots(tuple(bots))
        self.tables: dict[str, _Live] = {}
        self.pool = BotPool(workers=limits.bot_workers, budget=limits.bot_budget)
        self.creations = Buckets(rate=limits.address_tables / 60, burst=limits.address_tables)
        self.messages = Buckets(
            rate=limits.address_messages,
            burst=max(1.0, limits.address_messages * BURST_SECONDS),
        )
        self._tasks: set[asyncio.Task[None]] = set()
        self._synced = 0.0
        self._purged = -math.inf  # the first chores purge at once

    # -- tables in memory -------------------------------------------------------------

    def _room(self) -> None:
        """Make room for one more table in memory, or raise :class:`ServerFullError`."""
        if len(self.tables) >= self.limits.max_tables:
            self.evict(time.monotonic())
        if len(self.tables) >= self.limits.max_tables:
            raise ServerFullError(f"the server holds {len(self.tables)} tables, as many as it may")

    async def create(self, options: Mapping[str, Any]) -> tuple[str, Table, dict[str, str]]:
        """A new table, stored at once: its id, the table, and each person's token.

        Raise :class:`~loveletter.apps.web.tables.TableError` for a table that cannot be set up,
        :class:`ServerFullError` if the server holds as many tables as it may.
        """
        self._room()
        table, tokens = Table.create(offered=self.bots, seeds=self.seeds, **options)
        table_id = secrets.token_urlsafe(9)
        await asyncio.to_thread(
            self.store.insert, table_id, table.log_json(), table.seats_json(), version=table.state
        )
        self.tables[table_id] = _Live(table, table.state)
        self.schedule_bots(table_id)
        return table_id, table, tokens

    async def live(self, table_id: str) -> _Live | None:
        """The table ``table_id`` in memory, read from the store if need be.

        A table in memory is brought up to date with the store first. ``None`` if there
        is no such table; :class:`ServerFullError` if it is not in memory and there is no
        room for it.
        """
        live = self.tables.get(table_id)
        if live is not None:
            if self.limits.sync_interval:
                await self._refresh(table_id, live)
            return self.tables.get(table_id)
        if len(table_id) > 64:
            return None
        row = await asyncio.to_thread(self.store.load, table_id)
        if row is None:
            return None
        log_text, seats, version = row
        table = await asyncio.to_thread(Table.restore, log_text, seats)
        live = self.tables.get(table_id)  # loaded meanwhile by another connection?
        if live is None:
            self._room()
            live = self.tables[table_id] = _Live(table, version)
            self.schedule_bots(table_id)
        return live

    def table(self, table_id: str) -> Table | None:
        """The table ``table_id`` if it is in memory (for tests and tinkering)."""
        live = self.tables.get(table_id)
        return None if live is None else live.table

    def evict(self, now: float) -> int:
        """Forget the tables untouched for ``Limits.evict_after``; return how many.

        Only tables over, or that nobody is connected to, are forgotten; the store keeps
        them (:attr:`~loveletter.apps.web.limits.Limits.evict_after`).
        """
        after = self.limits.evict_after
        gone = [
            table_id
            for table_id, live in self.tables.items()
            if not live.thinking
            and now - live.touched >= after
            and (live.table.over or not live.connections)
        ]
        for table_id in gone:
            live = self.tables.pop(table_id)
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
        except sqlite3.Error:
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

        Another process changed it: moves it stored are sent as an update; if a move of
        this process's lost the race, the whole game is sent again.
        """
        row = await asyncio.to_thread(self.store.load, table_id)
        if row is None:  # deleted: its retention ran out
            self.tables.pop(table_id, None)
            for connection in list(live.connections.values()):
                connection.close(4410, "closed", "the table is no longer kept")
            return
        log_text, seats, version = row
        new = await asyncio.to_thread(Table.restore, log_text, seats)
        old = live.table
        live.table, live.version = new, version
        live.touched = time.monotonic()
        before = old.game.log
        if new.game.log[: len(before)] == before:  # it went on: send what is new
            events = new.game.events[len(old.game.events) :]
            await self.broadcast(live, events, reloaded=True)
        else:  # our move lost the race: the whole game again
            for connection in list(live.connections.values()):
                connection.send(new.welcome(connection.seat, connection.language, reloaded=True))
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

    # -- playing ------------------------------------------------------------------------

    async def broadcast(self, live: _Live, events: Sequence[Event], **more: Any) -> None:
        """Send every seat connected to the table its own update after ``events``."""
        table = live.table
        for connection in list(live.connections.values()):
            message = table.update(connection.seat, connection.language, events, **more)
            if not connection.send(message):
                live.connections.pop(connection.socket, None)

    async def move(self, table_id: str, live: _Live, connection: _Connection, text: str) -> None:
        """Handle a move from ``connection``: refuse it, or apply, store and tell everyone."""
        async with live.lock:
            table = live.table
            outcome = table.receive(connection.seat, text)
            if isinstance(outcome, Rejected):  # in the seat's own language
                connection.send(outcome.to_data(connection.language))
                return
            stored = await self._store(table_id, live)
            if not stored:  # another process moved first, or the database failed
                connection.send(
                    {
                        "type": "refused",
                        "error": "stale" if stored is False else "unavailable",
                        "message": "another move was made first: look again"
                        if stored is False
                        else "the move could not be stored: try again",
                    }
                )
                await self._reload(table_id, live)
                return
            live.touched = time.monotonic()
            await self.broadcast(
                live, outcome.events, accepted={"seat": connection.seat, "state": outcome.state}
            )
        self.schedule_bots(table_id)

    def _spawn(self, work: Awaitable[None]) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def schedule_bots(self, table_id: str, *, stalled_only: bool = False) -> None:
        """Let the table's bots play in a worker, if one is to choose and none is at it.

        With ``stalled_only``, only if the table has waited for them longer than a bot's
        budget should take (the process that was to play them may have stopped).
        """
        live = self.tables.get(table_id)
        if live is None or live.thinking or live.table.bot_to_choose is None:
            return
        if stalled_only and time.monotonic() - live.touched < self.limits.bot_budget + 10:
            return
        live.thinking = True
        self._spawn(self._play_bots(table_id, live))

    async def _play_bots(self, table_id: str, live: _Live) -> None:
        try:
            while self.tables.get(table_id) is live and live.table.bot_to_choose is not None:
                table = live.table
                moves = await self.pool.think(table)
                async with live.lock:
                    if live.table is not table or table.state != moves.state:
                        continue  # the table moved meanwhile: think again
                    events = table.apply_moves(moves)
                    if not await self._store(table_id, live):
                        await self._reload(table_id, live)
                        continue
                    live.touched = time.monotonic()
                    await self.broadcast(live, events)
        except Exception:  # a worker that died, a bug: logged; the chores try again later
            log.exception("the bots of table %s could not play", table_id)
        finally:
            live.thinking = False

    # -- connections --------------------------------------------------------------------

    async def join(self, table_id: str, live: _Live, connection: _Connection) -> bool:
        """Tie ``connection`` to its seat at the table, and welcome it.

        ``False`` (and the connection closed) if the seat has as many connections as it
        may. The welcome and the table's next update are in order: it joins between two
        moves (under the table's lock).
        """
        async with live.lock:
            same = [c for c in live.connections.values() if c.seat == connection.seat]
            if len(same) >= self.limits.seat_sockets:
                connection.close(
                    4409,
                    "too many connections",
                    f"{connection.seat} has {len(same)} connections open already",
                )
                return False
            live.connections[connection.socket] = connection
            live.touched = time.monotonic()
            return connection.send(live.table.welcome(connection.seat, connection.language))

    def leave(self, table_id: str, connection: _Connection) -> None:
        """Untie ``connection`` from its table."""
        live = self.tables.get(table_id)
        if live is not None and live.connections.pop(connection.socket, None) is not None:
            live.touched = time.monotonic()

    # -- chores ---------------------------------------------------------------------------

    async def chores(self, now: float) -> None:
        """What the server does on its own, every moment.

        It closes idle sockets, evicts tables, shows other processes' moves, lets
        stalled bots play, and purges old tables hourly.
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
        if now - self._purged >= 3600:
            self._purged = now
            gone = await asyncio.to_thread(self.store.purge, days=self.limits.retention_days)
            if gone:
                log.info("%d tables older than %s days deleted", gone, self.limits.retention_days)

    async def run(self) -> None:
        """Do the :meth:`chores` until cancelled."""
        while True:
            try:
                await self.chores(time.monotonic())
            except Exception:
                log.exception("the server's chores failed")
            await asyncio.sleep(_TICK)

    async def close(self) -> None:
        """Stop the chores and the bots' workers, and close the store."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.to_thread(self.pool.close)
        self.store.close()


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


_FIELDS = {"players", "bots", "edition", "target", "remedy", "language"}


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
    return {
        "players": [player.strip() for player in players],
        "bots": bots,
        "edition": edition,
        "target": target,
        "remedy": remedy,
        "language": language,
    }


def _client(connection: Request | WebSocket) -> str:
    return address_key(connection.client.host if connection.client else None)


def _routes(hub: Hub, allow_origins: Sequence[str]) -> list[Any]:
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
        connections = sum(len(live.connections) for live in hub.tables.values())
        return _json({"ok": True, "tables": len(hub.tables), "connections": connections})

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
        address = _client(request)
        if not hub.creations.take(address, now=time.monotonic()):
            wait = max(1, round(hub.creations.wait(address)))
            message = f"too many tables from this address: wait {wait} s"
            return _error(429, message, **{"Retry-After": str(wait)})
        try:
            body = await asyncio.wait_for(request.body(), limits.header_timeout)
            options = _options(json.loads(body[:MAX_MESSAGE]), editions)
            table_id, table, tokens = await hub.create(options)
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
        return _json({"table": table_id, "seats": seats, "bots": sorted(table.bot_kinds)})

    async def play(socket: WebSocket) -> None:
        address = _client(socket)
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


async def _read_hello(socket: WebSocket, timeout: float) -> tuple[str, str, str] | str:
    """The seat, token and language of a connection's first message; else why not."""
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
    seat, token, language = hello.get("seat"), hello.get("token"), hello.get("language", "en")
    if not isinstance(seat, str) or not isinstance(token, str) or len(token) > 200:
        return "unauthorized"
    return seat, token, language if language in LANGUAGES else "en"


async def _session(hub: Hub, socket: WebSocket, address: str) -> None:
    """A websocket from its hello to its close."""
    limits = hub.limits
    table_id = socket.path_params["table"]
    hello = await _read_hello(socket, limits.hello_timeout)
    connection = _Connection(socket, seat="", language="en", address=address, limits=limits)
    try:
        if hello == "timeout":
            connection.close(4408, "timeout", f"say hello within {limits.hello_timeout:g} s")
            return
        try:
            live = await hub.live(table_id) if isinstance(hello, tuple) else None
        except ServerFullError:
            connection.close(4503, "unavailable", "the server is full: try again later")
            return
        if (
            not isinstance(hello, tuple)
            or live is None
            or not live.table.host.authenticate(*hello[:2])
        ):
            connection.close(UNAUTHORIZED, "unauthorized", "no such table, seat or token")
            return
        connection.seat, _, connection.language = hello
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
        if isinstance(text, str):
            await hub.move(table_id, live, connection, text)
        else:
            connection.send({"type": "refused", "error": "malformed", "message": "send text"})
        await asyncio.sleep(0)  # let every other client in before the next message


def create_app(
    database: str | Path = "loveletter-web.sqlite3",
    *,
    limits: Limits | None = None,
    bots: Sequence[str] = BOTS_OFFERED,
    allow_origins: Sequence[str] = (),
    seeds: random.Random | None = None,
) -> Starlette:
    """The web table's application, keeping its tables in the SQLite file ``database``.

    ``limits`` are its limits (the defaults of :class:`~loveletter.apps.web.limits.Limits`);
    ``bots`` the bot kinds it offers (each a spec :func:`~loveletter.bots.registry.make_bot`
    knows); ``allow_origins`` the origins besides its own that may create tables,
    connect, and frame the page; ``seeds``, for tests, deals every new table from that
    ``random.Random`` (the same seeds, the same tables), where a server draws each
    table's seed from :mod:`secrets`. The hub (the tables and connections) is
    ``app.state.hub``; its chores run while the application runs (its lifespan).
    """
    hub = Hub(Store(database), limits=limits, bots=bots, seeds=seeds)
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
        routes=_routes(hub, origins),
        middleware=middleware,
        exception_handlers=errors,
        lifespan=lifespan,
    )
    app.state.hub = hub
    return app
