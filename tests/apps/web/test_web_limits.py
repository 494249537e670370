"""Each limit of the web table, and its refusal (``loveletter.apps.web.limits.Limits``).

Through Starlette's test client for what the application refuses, and through a real
uvicorn server on 127.0.0.1 for what a connection meets first (connection caps, header
and keep-alive timeouts). Limits are set low so that each is reached at once; no test
measures a time.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import socket
import sqlite3
import time
import warnings
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

with warnings.catch_warnings():  # starlette warns on import of its test client with httpx
    warnings.filterwarnings("ignore", "Using .httpx. with .starlette.testclient")
    from starlette.testclient import TestClient, WebSocketDenialResponse
from testkit.web_server import hello_text, move, running, seeded_app, seeds, until_closed, wait_for

from loveletter.apps.web.app import ServerFullError
from loveletter.apps.web.limits import CLOSE_CODES, Limits
from loveletter.apps.web.store import Store
from loveletter.apps.web.tables import Table
from loveletter.apps.web.workers import _can_interrupt, _decide_with_alarm, think


def app_with(tmp_path: Path, **limits: Any) -> Any:
    return seeded_app(tmp_path / "tables.sqlite3", limits=Limits(**limits))


def new_table(client: TestClient, **options: Any) -> dict[str, Any]:
    body = {"players": ["Anna", "Ben"], "target": 3, **options}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def joined(stack: ExitStack, client: TestClient, answer: dict[str, Any], seat: str = "Anna") -> Any:
    """A websocket of ``seat`` at the table, past its welcome, closed with ``stack``."""
    ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['table']}"))
    ws.send_text(hello_text(seat, answer["seats"][seat]["token"]))
    assert ws.receive_json()["type"] == "welcome"
    return ws


def refusal_and_close(ws: Any) -> tuple[dict[str, Any], int]:
    """The last message before the server closed ``ws``, and the close code."""
    messages, code = until_closed(ws)
    return (messages[-1] if messages else {}), code


# -- the bots ---------------------------------------------------------------------------


def test_a_bot_out_of_time_is_cut_short_and_its_move_is_still_legal() -> None:
    """A table's bots share its budget: an ``ismcts`` bot still searching when the budget
    runs out is interrupted, and the heuristic bot's move is played for it.

    The bots think in a worker process, as the server's do: an alarm that goes off in a
    ``__del__`` or a garbage collector's callback is dropped there (the next one stops the
    bot), not in the test run's own hooks.
    """
    table, _ = Table.create(["Anna"], bots=["ismcts", "ismcts", "ismcts"], target=2, seeds=seeds())
    cut = turns = 0
    worker = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    with worker:
        while turns < 6 and not table.over:
            if table.bot_to_choose is None:  # Anna's turn: her first move
                outcome = table.receive("Anna", move(table.update("Anna", "en", [])))
                assert outcome.error is None, outcome
                continue
            moves = worker.submit(think, table.log_json(), table.seats_json(), 0.001).result()
            assert moves.commands
            table.apply_moves(moves)  # each command checked by the referee
            assert table.bot_to_choose is None
            cut += moves.cut
            turns += 1
    assert cut >= 1


class _LosesOneAlarm:
    """A bot that thinks for 5 s at most, counting the interruptions it meets, and drops
    the first one, as Python drops an exception raised in a garbage collector's callback
    or a ``__del__``."""

    def __init__(self) -> None:
        self.interruptions = 0

    def choose(self, view: object) -> str:
        while True:
            try:
                for _ in range(5000):
                    time.sleep(0.001)
                return "not interrupted"
            except BaseException:
                self.interruptions += 1
                if self.interruptions > 1:
                    raise


@pytest.mark.skipif(not _can_interrupt(), reason="needs timer signals in the main thread")
def test_a_bot_is_cut_short_even_when_an_alarm_is_lost() -> None:
    """The alarm repeats until the bot stops: one lost interruption does not let it think
    on (it would answer "not interrupted"); the next one stops it."""
    bot = _LosesOneAlarm()
    assert _decide_with_alarm(bot, None, 0.05) is None  # type: ignore[arg-type]
    assert bot.interruptions == 2  # the one it lost, and the one that stopped it


def test_the_bots_have_as_many_workers_as_allowed(tmp_path: Path) -> None:
    """The bots think in at most ``bot_workers`` processes."""
    app = seeded_app(tmp_path / "t.sqlite3", limits=Limits(bot_workers=1), bots=["heuristic"])
    with TestClient(app) as client, ExitStack() as stack:
        answer = new_table(client, players=["Anna"], bots=["heuristic", "heuristic"], target=1)
        ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['table']}"))
        ws.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
        message = ws.receive_json()
        # Anna moves until the bots have played (a Chancellor of hers asks her again)
        while not app.state.hub.pool.jobs and not message["view"]["game_winners"]:
            if message["view"]["to_act"] == "Anna":
                ws.send_text(move(message))
            message = ws.receive_json()
        assert app.state.hub.pool.jobs >= 1
        assert 1 <= len(app.state.hub.pool.pids()) <= 1


# -- messages -----------------------------------------------------------------------------


def test_a_connection_that_floods_is_closed_4429(tmp_path: Path) -> None:
    """Past ``socket_messages`` a second (and its burst), the connection is told
    ``rate limited`` and closed with 4429."""
    with TestClient(app_with(tmp_path, socket_messages=2)) as client, ExitStack() as stack:
        ws = joined(stack, client, new_table(client))
        for _ in range(50):
            ws.send_text("x")
        last, code = refusal_and_close(ws)
    assert code == 4429
    assert last == {
        "type": "refused",
        "error": "rate limited",
        "message": "too many messages: slow down",
    }


def test_an_address_that_floods_is_closed_4429_and_refused_429(tmp_path: Path) -> None:
    """Past ``address_messages`` a second for all its connections together (new ones
    counted), an address's connection is closed with 4429, and a new one refused 429."""
    app = app_with(tmp_path, address_messages=2, socket_messages=100)
    with TestClient(app) as client, ExitStack() as stack:
        answer = new_table(client)
        ws = joined(stack, client, answer)
        for _ in range(20):
            ws.send_text("x")
        last, code = refusal_and_close(ws)
        assert (last["error"], code) == ("rate limited", 4429)
        with (
            pytest.raises(WebSocketDenialResponse) as refused,
            client.websocket_connect(f"/ws/{answer['table']}"),
        ):
            pass
    assert refused.value.status_code == 429


def test_a_new_connection_must_say_hello_in_time(tmp_path: Path) -> None:
    """A websocket that says nothing for ``hello_timeout`` is closed with 4408."""
    with TestClient(app_with(tmp_path, hello_timeout=0.2)) as client:
        answer = new_table(client)
        with client.websocket_connect(f"/ws/{answer['table']}") as ws:
            last, code = refusal_and_close(ws)
    assert (last["error"], code) == ("timeout", 4408)


def test_an_idle_connection_is_closed_4408(tmp_path: Path) -> None:
    """A websocket with nothing sent either way for ``socket_idle`` is closed with 4408."""
    with TestClient(app_with(tmp_path, socket_idle=0.3)) as client, ExitStack() as stack:
        ws = joined(stack, client, new_table(client))
        last, code = refusal_and_close(ws)
    assert (last["error"], code) == ("timeout", 4408)


# -- tables and seats ------------------------------------------------------------------------


def test_an_address_creating_too_many_tables_gets_429(tmp_path: Path) -> None:
    """Past ``address_tables`` a minute, a creation gets 429 with ``Retry-After``."""
    with TestClient(app_with(tmp_path, address_tables=2)) as client:
        new_table(client)
        new_table(client)
        response = client.post("/api/tables", json={"players": ["Anna", "Ben"]})
    assert response.status_code == 429
    assert int(response.headers["retry-after"]) >= 1
    assert response.json()["error"].startswith("too many tables from this address")


def test_a_full_server_refuses_tables_503_and_connections_4503(tmp_path: Path) -> None:
    """Past ``max_tables`` in memory, every one of them with a connection, a creation gets
    503 with ``Retry-After``, and a valid hello to a stored table that would need room is
    closed with 4503 (a wrong one with 4401: its secret is checked first)."""
    app = app_with(tmp_path, max_tables=2)
    with TestClient(app) as client, ExitStack() as stack:
        first = new_table(client)
        second = new_table(client)
        joined(stack, client, second)
        app.state.hub.tables.pop(first["table"])  # in the store only, now
        third = new_table(client)  # takes the room it left
        joined(stack, client, third)
        response = client.post("/api/tables", json={"players": ["Anna", "Ben"]})
        assert response.status_code == 503
        assert response.headers["retry-after"] == "60"
        with client.websocket_connect(f"/ws/{first['table']}") as ws:
            ws.send_text(hello_text("Anna", "not the token"))
            wrong, wrong_code = refusal_and_close(ws)
        with client.websocket_connect(f"/ws/{first['table']}") as ws:
            ws.send_text(hello_text("Anna", first["seats"]["Anna"]["token"]))
            last, code = refusal_and_close(ws)
        assert len(app.state.hub.tables) == 2
    assert (wrong["error"], wrong_code) == ("unauthorized", 4401)
    assert (last["error"], code) == ("unavailable", 4503)


def test_tables_nobody_is_connected_to_make_room_for_others(tmp_path: Path) -> None:
    """A full server lets the table nobody is connected to, touched longest ago, leave
    memory for a new one (the store keeps it); a valid hello brings it back, in the room
    another idle table leaves: a crowd's creations lock nobody out."""
    app = app_with(tmp_path, max_tables=2)
    with TestClient(app) as client, ExitStack() as stack:
        first, second = new_table(client), new_table(client)
        third = new_table(client)
        hub = app.state.hub
        assert first["table"] not in hub.tables
        assert {second["table"], third["table"]} <= set(hub.tables)
        joined(stack, client, first)  # back from the store
        assert first["table"] in hub.tables
        assert len(hub.tables) == 2


def test_an_address_keeps_a_few_tables_in_memory(tmp_path: Path) -> None:
    """Past ``address_live_tables`` tables from one address, its oldest unjoined one leaves
    memory (and stays in the store): one address cannot fill the server."""
    app = app_with(tmp_path, address_live_tables=2)
    with TestClient(app) as client:
        made = [new_table(client) for _ in range(4)]
        hub = app.state.hub
        kept = {answer["table"] for answer in made} & set(hub.tables)
        assert kept == {made[2]["table"], made[3]["table"]}
        assert all(hub.store.load(answer["table"]) is not None for answer in made)


def test_a_table_nobody_joins_leaves_memory_soon(tmp_path: Path) -> None:
    """A table nobody has joined leaves memory after ``unjoined_after``, long before
    ``evict_after``; a joined one stays."""
    app = app_with(tmp_path, unjoined_after=0.2, evict_after=600)
    with TestClient(app) as client, ExitStack() as stack:
        lonely, played = new_table(client), new_table(client)
        joined(stack, client, played)
        hub = app.state.hub
        wait_for(lambda: lonely["table"] not in hub.tables, "the unjoined table to leave")
        assert played["table"] in hub.tables


def test_creations_at_once_never_pass_max_tables(tmp_path: Path) -> None:
    """Tables created at once are counted before they are stored: however many at once,
    the tables in memory never pass ``max_tables``."""
    app = app_with(tmp_path, max_tables=3, address_tables=1000)
    hub = app.state.hub
    most = 0

    async def many() -> None:
        nonlocal most
        options = {"players": ["Anna", "Ben"], "bots": [], "language": "en"}

        async def one() -> None:
            nonlocal most
            with contextlib.suppress(ServerFullError):
                await hub.create(options)
            most = max(most, len(hub.tables) + hub.reserved)

        await asyncio.gather(*(one() for _ in range(30)))

    asyncio.run(many())
    assert 0 < most <= 3
    assert len(hub.tables) <= 3
    hub.store.close()


def test_a_seat_has_as_many_connections_as_allowed(tmp_path: Path) -> None:
    """Past ``seat_sockets`` for one seat, a connection is closed with 4409; another
    seat may still connect."""
    with TestClient(app_with(tmp_path, seat_sockets=2)) as client, ExitStack() as stack:
        answer = new_table(client)
        joined(stack, client, answer)
        joined(stack, client, answer)
        with client.websocket_connect(f"/ws/{answer['table']}") as ws:
            ws.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
            last, code = refusal_and_close(ws)
        joined(stack, client, answer, "Ben")
    assert (last["error"], code) == ("too many connections", 4409)


def test_an_abandoned_table_leaves_memory_and_comes_back(tmp_path: Path) -> None:
    """A table nobody is connected to leaves memory after ``evict_after``; the store
    keeps it, and a connection brings it back as it was."""
    app = app_with(tmp_path, evict_after=0.2)
    with TestClient(app) as client, ExitStack() as stack:
        answer = new_table(client)
        # read from the store, not from memory: a slow machine may evict it before this line
        stored = app.state.hub.store.load(answer["table"])
        assert stored is not None
        state = Table.restore(stored[0], stored[1]).state
        wait_for(lambda: answer["table"] not in app.state.hub.tables, "the eviction")
        joined(stack, client, answer)
        assert app.state.hub.table(answer["table"]).state == state


def test_a_finished_table_is_closed_4410(tmp_path: Path) -> None:
    """A game over leaves memory after ``evict_after``, even watched: its connections
    are closed with 4410."""
    app = seeded_app(tmp_path / "t.sqlite3", limits=Limits(evict_after=0.3), bots=["random"])
    with TestClient(app) as client, ExitStack() as stack:
        answer = new_table(client, players=["Anna"], bots=["random"], target=1)
        ws = stack.enter_context(client.websocket_connect(f"/ws/{answer['table']}"))
        ws.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
        message = ws.receive_json()
        while not message["view"]["game_winners"]:
            if message["view"]["to_act"] == "Anna" and message["moves"]["steps"]:
                ws.send_text(move(message))
            message = ws.receive_json()
        last, code = refusal_and_close(ws)
    assert (last["error"], code) == ("closed", 4410)


def test_tables_past_their_retention_are_deleted(tmp_path: Path) -> None:
    """A table nobody has moved at for ``retention_days`` is deleted from the database by
    the server's chores; a recent one stays."""
    database = tmp_path / "tables.sqlite3"
    store = Store(database)
    store.insert("old", "{}", "{}", version=0)
    store.insert("new", "{}", "{}", version=0)
    with sqlite3.connect(database) as db:
        db.execute("UPDATE tables SET updated = datetime('now', '-31 days') WHERE id = 'old'")
    store.close()
    app = seeded_app(database, limits=Limits(retention_days=30))
    with TestClient(app):
        wait_for(lambda: app.state.hub.store.load("old") is None, "the purge")
        assert app.state.hub.store.load("new") is not None


def test_every_close_code_is_documented() -> None:
    """The close codes the server uses are listed with their meaning, in the docs too."""
    page = (Path(__file__).parents[3] / "docs" / "howto" / "game-server.md").read_text()
    for code in CLOSE_CODES:
        assert f"`{code}`" in page, code


# -- connections, before any request ----------------------------------------------------------


def raw(address: str, source: str = "127.0.0.1") -> socket.socket:
    host, port = address.split(":")
    return socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))


def answer_to(connection: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := connection.recv(65536):
        data += chunk
    return data


def test_connections_past_the_caps_are_answered_503(tmp_path: Path) -> None:
    """Past ``address_connections`` open from one address, or ``max_connections`` in all,
    a connection is answered 503 (with the security headers) and closed at once."""
    limits = Limits(address_connections=3, max_connections=5, header_timeout=30)
    with running(seeded_app(tmp_path / "t.sqlite3", limits=limits), limits) as address:
        held = [raw(address) for _ in range(3)]
        refused = answer_to(raw(address))
        assert refused.startswith(b"HTTP/1.1 503 Service Unavailable")
        assert b"too many connections from your address" in refused
        assert b"x-content-type-options: nosniff" in refused
        try:
            held += [raw(address, "127.0.0.2"), raw(address, "127.0.0.2")]
        except OSError:
            pytest.skip("this system has no 127.0.0.2 to connect from")
        in_all = answer_to(raw(address, "127.0.0.3"))
        assert in_all.startswith(b"HTTP/1.1 503")
        assert b"too many connections in all" in in_all
        for connection in held:
            connection.close()


def test_a_request_whose_headers_come_too_slowly_is_answered_408(tmp_path: Path) -> None:
    """Headers unfinished after ``header_timeout``: 408 and closed; a body that does not
    come in as long: 408 from the application."""
    limits = Limits(header_timeout=0.3)
    with running(seeded_app(tmp_path / "t.sqlite3", limits=limits), limits) as address:
        slow = raw(address)
        slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        answer = answer_to(slow)
        assert answer.startswith(b"HTTP/1.1 408 Request Timeout")
        assert b"content-security-policy" in answer
        body = raw(address)
        body.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: " + address.encode() + b"\r\n"
            b'Content-Type: application/json\r\nContent-Length: 40\r\n\r\n{"players"'
        )
        answer = body.recv(65536)
        assert answer.startswith(b"HTTP/1.1 408")
        assert b"came too slowly" in answer
        body.close()


def test_an_idle_http_connection_is_closed_after_keep_alive(tmp_path: Path) -> None:
    """After an answer, a connection that sends nothing for ``keep_alive`` is closed."""
    limits = Limits(keep_alive=0.3)
    with running(seeded_app(tmp_path / "t.sqlite3", limits=limits), limits) as address:
        idle = raw(address)
        idle.sendall(b"GET /api/config HTTP/1.1\r\nHost: " + address.encode() + b"\r\n\r\n")
        answer = answer_to(idle)  # returns once the server closes it
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 200")
    assert json.loads(body)["bots"] == ["heuristic", "random"]
