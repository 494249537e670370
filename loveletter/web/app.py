"""The web table's server: a Starlette application, served by uvicorn.

* ``GET /``: the page (``static/index.html``): a form that creates a table, or, with
  ``?table=ID&seat=NAME#token=SECRET``, the table as that seat sees it. The token stays in
  the address's fragment, which the browser never sends over HTTP.
* ``POST /api/tables``: create a table; the answer holds each person's secret token
  (give each person their own link only).
* ``WS /ws/{table}``: play. The first message must be
  ``{"hello": {"seat": NAME, "token": SECRET, "language": "en"}}``; then every message is
  one command as JSON, which the table refuses unless it is that seat's own
  (:meth:`loveletter.web.tables.Table.receive`). Every seat connected to the table is then
  sent its own update.

Create it with :func:`create_app`; tables are stored in SQLite (:mod:`loveletter.web.store`)
after every accepted command, and read back after a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

from loveletter.web import MISSING_EXTRA
from loveletter.web.store import Store
from loveletter.web.tables import LANGUAGES, MAX_MESSAGE, Table, TableError

try:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import FileResponse, JSONResponse, Response
    from starlette.routing import Mount, Route, WebSocketRoute
    from starlette.staticfiles import StaticFiles
    from starlette.websockets import WebSocket, WebSocketDisconnect
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ModuleNotFoundError(MISSING_EXTRA, name=missing.name) from missing

__all__ = ["STATIC", "Hub", "create_app"]

STATIC = Path(__file__).parent / "static"
"""The page's files: HTML, CSS and a small script, served as they are."""

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say who it is before it is closed."""

UNAUTHORIZED = 4401
"""The websocket close code after a failed hello (no such table, seat or token)."""

_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class Hub:
    """The tables in play, read from the store when first asked for, and who is connected."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self.connections: dict[str, dict[WebSocket, tuple[str, str]]] = {}

    def create(self, **options: Any) -> tuple[str, Table, dict[str, str]]:
        """A new table, stored at once: its id, the table, and each person's token."""
        table, tokens = Table.create(**options)
        table_id = secrets.token_urlsafe(9)
        self.tables[table_id] = table
        self.save(table_id)
        return table_id, table, tokens

    def table(self, table_id: str) -> Table | None:
        """The table ``table_id``, read from the store if not in memory; ``None`` if none."""
        table = self.tables.get(table_id)
        if table is None:
            row = self.store.load(table_id)
            if row is None:
                return None
            table = self.tables[table_id] = Table.restore(*row)
        return table

    def save(self, table_id: str) -> None:
        """Store the table's log and seats."""
        table = self.tables[table_id]
        self.store.save(table_id, table.log_json(), table.seats_json())

    async def broadcast(self, table_id: str, events: Any) -> None:
        """Send every seat connected to the table its own update after ``events``."""
        table = self.tables[table_id]
        for socket, (seat, language) in list(self.connections.get(table_id, {}).items()):
            try:
                await socket.send_json(table.message_for(seat, language, events))
            except (RuntimeError, WebSocketDisconnect):  # gone meanwhile
                self.connections[table_id].pop(socket, None)


def _secure(response: Response) -> Response:
    response.headers.update(_HEADERS)
    return response


async def _page(request: Request) -> Response:
    return _secure(FileResponse(STATIC / "index.html", media_type="text/html"))


def _options(data: Any) -> dict[str, Any]:
    """The options of a new table from the form's JSON; :class:`TableError` if wrong."""
    if not isinstance(data, dict):
        raise TableError("expected a JSON object")
    players = data.get("players")
    bots = data.get("bots", [])
    if not isinstance(players, list) or not isinstance(bots, list):
        raise TableError("players and bots are lists of names")
    target = data.get("target")
    if target is not None and not (isinstance(target, int) and 1 <= target <= 20):
        raise TableError("the target is a number of tokens from 1 to 20")
    language = data.get("language", "en")
    return {
        "players": [str(p).strip() if isinstance(p, str) else p for p in players],
        "bots": bots,
        "edition": str(data.get("edition", "2019")),
        "target": target,
        "remedy": data.get("remedy") is True,
        "language": language if language in LANGUAGES else "en",
    }


async def _read_hello(socket: WebSocket) -> tuple[str, str, str] | None:
    """The seat, token and language of a connection's first message, or ``None``."""
    try:
        message = await asyncio.wait_for(socket.receive(), HELLO_TIMEOUT)
    except TimeoutError:
        return None
    text = message.get("text")
    if not isinstance(text, str) or len(text) > MAX_MESSAGE:
        return None
    try:
        hello = json.loads(text).get("hello")
        seat, token = hello["seat"], hello["token"]
    except (ValueError, AttributeError, KeyError, TypeError):
        return None
    language = hello.get("language", "en")
    if not isinstance(seat, str) or not isinstance(token, str):
        return None
    return seat, token, language if language in LANGUAGES else "en"


def create_app(database: str | Path = "loveletter-web.sqlite3") -> Starlette:
    """The web table's application, keeping its tables in the SQLite file ``database``.

    The hub (the tables and connections) is ``app.state.hub``.
    """
    hub = Hub(Store(database))

    @contextlib.asynccontextmanager
    async def _lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        hub.store.close()

    async def create(request: Request) -> Response:
        length = request.headers.get("content-length", "")
        if not length.isdigit() or int(length) > MAX_MESSAGE:
            return _secure(JSONResponse({"error": "too large"}, status_code=413))
        body = await request.body()
        try:
            options = _options(json.loads(body[:MAX_MESSAGE]))
            table_id, table, tokens = hub.create(**options)
        except (ValueError, TableError) as error:
            return _secure(JSONResponse({"error": str(error)}, status_code=400))
        seats = {
            seat: {"token": token, "link": f"/?table={table_id}&seat={quote(seat)}#token={token}"}
            for seat, token in tokens.items()
        }
        return _secure(
            JSONResponse({"table": table_id, "seats": seats, "bots": sorted(table.bots)})
        )

    async def play(socket: WebSocket) -> None:
        await socket.accept()
        table_id = socket.path_params["table"]
        hello = await _read_hello(socket)
        table = hub.table(table_id) if hello is not None else None
        if hello is None or table is None or not table.authenticate(hello[0], hello[1]):
            await socket.send_json(
                {
                    "type": "refused",
                    "error": "unauthorized",
                    "message": "no such table, seat or token",
                }
            )
            await socket.close(code=UNAUTHORIZED)
            return
        seat, _, language = hello
        connected = hub.connections.setdefault(table_id, {})
        connected[socket] = (seat, language)
        try:
            await socket.send_json(table.welcome(seat, language))
            while True:
                message = await socket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if not isinstance(text, str):
                    await socket.send_json(
                        {"type": "refused", "error": "malformed", "message": "send text"}
                    )
                    continue
                outcome = table.receive(seat, text)
                if outcome.reply is not None:
                    await socket.send_json(outcome.reply)
                if outcome.events:
                    hub.save(table_id)
                    await hub.broadcast(table_id, outcome.events)
        except WebSocketDisconnect:
            pass
        finally:
            connected.pop(socket, None)

    app = Starlette(
        routes=[
            Route("/", _page),
            Route("/api/tables", create, methods=["POST"]),
            WebSocketRoute("/ws/{table}", play),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        lifespan=_lifespan,
    )
    app.state.hub = hub
    return app
