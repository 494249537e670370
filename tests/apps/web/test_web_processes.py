"""Several server processes on one SQLite database: no move is lost, none lands twice.

Each write is a compare-and-swap on the table's version (``loveletter.apps.web.store``). The
first test makes a process lose the race on purpose (two applications, one that never
looks at the database before it moves); the second runs two real ``loveletter serve``
processes and plays a whole game through both, racing one seat's moves on the two.
"""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("websockets", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

with warnings.catch_warnings():  # starlette warns on import of its test client with httpx
    warnings.filterwarnings("ignore", "Using .httpx. with .starlette.testclient")
    from starlette.testclient import TestClient
from testkit.two_servers import kill_one_server_mid_game, race_a_whole_game
from testkit.web_server import commands, hello_text, seeded_app, wait_for

from loveletter.apps.web.limits import Limits
from loveletter.apps.web.store import Store
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


def test_two_processes_on_one_database_lose_no_move(tmp_path: Path) -> None:
    """Anna plays through both servers at once, a different move to each for one state;
    Ben through the second: every race has one winner, and every accepted move is stored
    once, at its state number (``testkit.two_servers.race_a_whole_game``)."""
    assert race_a_whole_game(str(tmp_path / "tables.sqlite3")) >= 1


def test_a_server_killed_mid_game_loses_no_move(tmp_path: Path) -> None:
    """A server killed with SIGKILL between two moves: the other server on the same file
    goes on where the last accepted move left the game
    (``testkit.two_servers.kill_one_server_mid_game``)."""
    kill_one_server_mid_game(str(tmp_path / "tables.sqlite3"))


def test_another_process_s_moves_are_told_step_by_step(tmp_path: Path) -> None:
    """A move stored by one process reaches the other's clients as an update whose steps
    are its commands, each checked again by the referee there, with the board after each."""
    database = tmp_path / "tables.sqlite3"
    one, two = seeded_app(database), seeded_app(database, limits=Limits(sync_interval=0.05))
    with TestClient(one) as first, TestClient(two) as second, ExitStack() as stack:
        answer = first.post("/api/tables", json={"players": ["Anna", "Ben"], "target": 3}).json()
        table_id, seats = answer["table"], answer["seats"]
        actor = one.state.hub.table(table_id).game.state.player_to_act
        other = "Ben" if actor == "Anna" else "Anna"
        mover = stack.enter_context(first.websocket_connect(f"/ws/{table_id}"))
        watcher = stack.enter_context(second.websocket_connect(f"/ws/{table_id}"))
        mover.send_text(hello_text(actor, seats[actor]["token"]))
        watcher.send_text(hello_text(other, seats[other]["token"]))
        welcome, seen = mover.receive_json(), watcher.receive_json()
        mover.send_text(json.dumps({"state": welcome["state"], "command": commands(welcome)[0]}))
        moved = mover.receive_json()
        told = watcher.receive_json()
    assert told["reloaded"] is True
    assert told["state"] == moved["state"]
    assert [step["state"] for step in told["steps"]] == list(
        range(seen["state"] + 1, told["state"] + 1)
    )
    assert told["steps"][-1]["view"] == told["view"]
    assert [e for step in told["steps"] for e in step["events"]] == told["events"]
