"""Several server processes on one SQLite database: no move is lost, none lands twice.

Each write is a compare-and-swap on the table's version (``loveletter.apps.web.store``). The
first test makes a process lose the race on purpose (two applications, one that never
looks at the database before it moves); the second runs two real ``loveletter serve``
processes and plays a whole game through both, racing one seat's moves on the two.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import urllib.request
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("websockets", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

with warnings.catch_warnings():  # starlette warns on import of its test client with httpx
    warnings.filterwarnings("ignore", "Using .httpx. with .starlette.testclient")
    from starlette.testclient import TestClient
from testkit.web_server import commands, free_port, hello_text, seeded_app, seeds, wait_for

from loveletter.apps.web.limits import Limits
from loveletter.apps.web.store import Store
from loveletter.apps.web.tables import Table
from loveletter.serialization import command_from_json, log_from_json


def test_two_stores_on_one_file_write_by_compare_and_swap(tmp_path: Path) -> None:
    """Of two writes made from one version, the second is refused and changes nothing."""
    first, second = Store(tmp_path / "t.sqlite3"), Store(tmp_path / "t.sqlite3")
    first.insert("t", "log-0", "seats", version=0)
    assert first.save("t", "log-a", "seats", version=1, previous=0)
    assert not second.save("t", "log-b", "seats", version=1, previous=0)
    assert second.load("t") == ("log-a", "seats", 1)
    first.close()
    second.close()


_OPEN_AT_THE_SIGNAL = """
import os, sys, time
from loveletter.apps.web.store import Store
open(sys.argv[3], "w").close()  # ready
deadline = time.monotonic() + 60
while not os.path.exists(sys.argv[2]):
    assert time.monotonic() < deadline, "no signal to go"
    time.sleep(0.001)
Store(sys.argv[1]).close()
"""


def test_processes_opening_a_new_file_at_once_all_open_it(tmp_path: Path) -> None:
    """Servers started together on a new database all open it: one makes the schema and
    the write-ahead log, the others wait for it (neither "database is locked" nor a
    column added twice)."""
    for attempt in range(12):
        path, signal = tmp_path / f"t{attempt}.sqlite3", tmp_path / f"go{attempt}"
        ready = [tmp_path / f"ready{attempt}-{index}" for index in range(4)]
        processes = [
            subprocess.Popen(
                [sys.executable, "-c", _OPEN_AT_THE_SIGNAL, str(path), str(signal), str(mark)],
                stderr=subprocess.PIPE,
            )
            for mark in ready
        ]
        wait_for(lambda ready=ready: all(m.exists() for m in ready), "all of them waiting")
        signal.touch()
        errors = [process.communicate(timeout=60)[1] for process in processes]
        assert [process.returncode for process in processes] == [0] * 4, errors
        with _store(path) as store:
            store.insert("t", "log", "seats", version=0)
            assert store.load("t") == ("log", "seats", 0)


def test_a_process_that_loses_the_race_reloads_and_tells_its_clients(tmp_path: Path) -> None:
    """Two servers hold one table at one version; a move lands on the first. The second,
    which has not looked at the database since, takes another move for the same state:
    its write is refused, the move with it; its client is told ``stale`` and sent the
    game again as stored, with the first server's move."""
    database = tmp_path / "tables.sqlite3"
    one = seeded_app(database)
    two = seeded_app(database, limits=Limits(sync_interval=0))  # never looks by itself
    with TestClient(one) as first, TestClient(two) as second, ExitStack() as stack:
        answer = first.post("/api/tables", json={"players": ["Anna", "Ben"], "target": 3}).json()
        table_id, seats = answer["table"], answer["seats"]
        actor = one.state.hub.table(table_id).game.state.player_to_act
        token = seats[actor]["token"]
        on_one = stack.enter_context(first.websocket_connect(f"/ws/{table_id}"))
        on_two = stack.enter_context(second.websocket_connect(f"/ws/{table_id}"))
        on_one.send_text(hello_text(actor, token))
        on_two.send_text(hello_text(actor, token))
        welcome, welcome_two = on_one.receive_json(), on_two.receive_json()
        assert welcome["state"] == welcome_two["state"]
        state = welcome["state"]
        moves = commands(welcome)
        won, lost = moves[0], moves[-1]  # two moves, unless only one is legal
        on_one.send_text(json.dumps({"state": state, "command": won}))
        assert on_one.receive_json()["accepted"] == {"seat": actor, "state": state}
        on_two.send_text(json.dumps({"state": state, "command": lost}))
        refused, again = on_two.receive_json(), on_two.receive_json()
    assert refused == {
        "type": "refused",
        "error": "stale",
        "message": "another move was made first: look again",
    }
    # The game as stored: all of it if the lost move was another, else what is new.
    assert again["type"] == ("welcome" if won != lost else "update")
    assert again["reloaded"] is True
    assert again["state"] > state
    with _store(database) as store:
        row = store.load(table_id)
    assert row is not None
    _, logged = log_from_json(row[0])
    assert logged[state] == command_from_json(won)
    assert len(logged) == again["state"]


@contextmanager
def _store(path: Path) -> Iterator[Store]:
    store = Store(path)
    try:
        yield store
    finally:
        store.close()


# -- two real processes -------------------------------------------------------------------


@contextmanager
def serving(database: Path, count: int) -> Iterator[list[str]]:
    """``count`` ``loveletter serve`` processes on one database; their addresses."""
    ports = [free_port() for _ in range(count)]
    processes = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "loveletter",
                "serve",
                "--port",
                str(port),
                "--database",
                str(database),
                "--sync-interval",
                "0.1",
                "--address-messages",
                "500",
                "--address-tables",
                "100",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        for port in ports
    ]
    addresses = [f"127.0.0.1:{port}" for port in ports]
    try:
        for address, process in zip(addresses, processes, strict=True):

            def answers(address: str = address, process: Any = process) -> bool:
                assert process.poll() is None, process.stderr.read() if process.stderr else ""
                try:
                    urllib.request.urlopen(f"http://{address}/api/config", timeout=2).close()
                except OSError:
                    return False
                return True

            wait_for(answers, f"the server at {address} to answer", timeout=60)
        yield addresses
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(5)


class Client:
    """A websocket of one seat on one server, its messages read as they come."""

    def __init__(self, address: str, table: str, seat: str, token: str) -> None:
        from websockets.sync.client import connect

        self.seat = seat
        self.socket = connect(f"ws://{address}/ws/{table}").__enter__()
        self.messages: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.socket.send(hello_text(seat, token))
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        try:
            for text in self.socket:
                with self.lock:
                    self.messages.append(json.loads(text))
        except Exception:  # closed: the test reads what came
            return

    def seen(self) -> list[dict[str, Any]]:
        with self.lock:
            return list(self.messages)

    def latest(self) -> dict[str, Any] | None:
        """The last message that shows the table (not a refusal)."""
        shown = [m for m in self.seen() if m["type"] != "refused"]
        return shown[-1] if shown else None

    def send(self, state: int, command: dict[str, Any]) -> int:
        """Send a move; return how many messages had come before it."""
        count = len(self.seen())
        self.socket.send(json.dumps({"state": state, "command": command}))
        return count

    def close(self) -> None:
        self.socket.__exit__(None, None, None)


def answer_to(client: Client, after: int, state: int) -> str:
    """What became of the move ``client`` sent for ``state``: accepted, or refused."""

    def outcome() -> str | None:
        for message in client.seen()[after:]:
            if message["type"] == "refused":
                return str(message["error"])
            if message.get("accepted") == {"seat": client.seat, "state": state}:
                return "accepted"
        return None

    found: str = wait_for(outcome, f"an answer to {client.seat}'s move")
    return found


def test_two_processes_on_one_database_lose_no_move(tmp_path: Path) -> None:
    """Anna plays through both servers at once (her move for a state sent to each, a
    different one to each), Ben through the second: every race has exactly one winner,
    every accepted move is in the stored log at its state number, and both servers show
    every move, to the end of the game."""
    database, table = tmp_path / "tables.sqlite3", "seeded"
    made, tokens = Table.create(["Anna", "Ben"], target=2, seeds=seeds())  # dealt alike every run
    with _store(database) as store:
        store.insert(table, made.log_json(), made.seats_json(), version=made.state)
    with serving(database, 2) as (one, two):
        anna_one = Client(one, table, "Anna", tokens["Anna"])
        anna_two = Client(two, table, "Anna", tokens["Anna"])
        ben = Client(two, table, "Ben", tokens["Ben"])
        clients = [anna_one, anna_two, ben]
        accepted: list[tuple[int, dict[str, Any]]] = []
        races = 0
        try:
            for _ in range(300):

                def agreed() -> dict[str, Any] | None:
                    latest = [c.latest() for c in clients]
                    if any(m is None for m in latest):
                        return None
                    states = {m["state"] for m in latest if m is not None}
                    return latest[-1] if len(states) == 1 else None

                shown = wait_for(agreed, "both servers to show the same state")
                if shown["view"]["game_winners"]:
                    break
                state = shown["state"]
                actor = shown["view"]["to_act"]
                if actor == "Ben":
                    move = commands(shown)[0]
                    after = ben.send(state, move)
                    assert answer_to(ben, after, state) == "accepted"
                    accepted.append((state, move))
                    continue
                moves = commands(anna_one.latest())  # type: ignore[arg-type]
                sent = {anna_one: moves[0], anna_two: moves[-1]}
                marks = {c: c.send(state, move) for c, move in sent.items()}
                outcomes = {c: answer_to(c, marks[c], state) for c in sent}
                assert sorted(outcomes.values()) == ["accepted", "stale"], outcomes
                winner = next(c for c, outcome in outcomes.items() if outcome == "accepted")
                accepted.append((state, sent[winner]))
                races += 1
            else:
                pytest.fail("the game did not end in 300 moves")
        finally:
            for client in clients:
                client.close()
    with _store(database) as store:
        row = store.load(table)
    assert row is not None
    _, logged = log_from_json(row[0])
    assert races >= 1
    for state, move in accepted:
        assert logged[state] == command_from_json(move), state
    assert row[2] == len(logged)
