"""Two (or more) real ``loveletter serve`` processes on one store, and what their tests
share: the players' websockets, and the whole games played through both servers.

The store is a SQLite file or a PostgreSQL URL (:mod:`testkit.postgres`): each test that
runs two servers runs on both (``tests/apps/web/test_web_processes.py`` on SQLite,
``tests/apps/web/postgres/`` on PostgreSQL), with the same scenarios from here.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import pytest

from loveletter.apps.web.database import open_store
from loveletter.apps.web.tables import Table
from loveletter.serialization import command_from_json, log_from_json
from testkit.web_server import commands, free_port, hello_text, seeds, wait_for


@contextmanager
def serving(
    database: str, count: int, options: Sequence[str] = ("--sync-interval", "0.1")
) -> Iterator[list[tuple[str, subprocess.Popen[bytes]]]]:
    """``count`` ``loveletter serve`` processes on one store: their addresses and processes."""
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
                database,
                "--address-messages",
                "500",
                "--address-tables",
                "100",
                *options,
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
        yield list(zip(addresses, processes, strict=True))
    finally:
        for process in processes:
            if process.poll() is None:
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
        """The last message that shows the table (not a refusal, nor a timer's)."""
        shown = [m for m in self.seen() if m["type"] in ("welcome", "update")]
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


def seeded_table(database: str, table: str = "seeded") -> dict[str, str]:
    """Store a two-person table dealt alike every run in ``database``; the tokens."""
    made, tokens = Table.create(["Anna", "Ben"], target=2, seeds=seeds())
    store = open_store(database)
    try:
        store.insert(table, made.log_json(), made.seats_json(), version=made.state)
    finally:
        store.close()
    return tokens


def stored_log(database: str, table: str = "seeded") -> tuple[list[Any], int]:
    """The commands ``table`` holds in ``database``, and its version."""
    store = open_store(database)
    try:
        row = store.load(table)
    finally:
        store.close()
    assert row is not None
    _, logged = log_from_json(row[0])
    return list(logged), row[2]


def race_a_whole_game(database: str) -> int:
    """Anna plays through both servers at once (her move for a state sent to each, a
    different one to each), Ben through the second: every race has exactly one winner,
    every accepted move is in the stored log at its state number, and both servers show
    every move, to the end of the game. Return the number of races."""
    table = "seeded"
    tokens = seeded_table(database, table)
    with serving(database, 2) as ((one, _), (two, _)):
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
    logged, version = stored_log(database, table)
    for state, move in accepted:
        assert logged[state] == command_from_json(move), state
    assert version == len(logged)
    return races


def kill_one_server_mid_game(database: str) -> None:
    """Anna and Ben play on the first server; it is killed (SIGKILL) between two moves,
    with no time to close anything. On the second server, the game is where the last
    accepted move left it: every accepted move is stored once, at its state number, and
    the game goes on there."""
    table = "seeded"
    tokens = seeded_table(database, table)
    accepted: list[tuple[int, dict[str, Any]]] = []
    with serving(database, 2) as ((one, killed), (two, _)):
        players = {seat: Client(one, table, seat, tokens[seat]) for seat in ("Anna", "Ben")}
        try:
            reached = 0
            for _ in range(6):
                shown = wait_for(
                    lambda reached=reached: (
                        (m := players["Anna"].latest()) and m["state"] >= reached and m
                    ),
                    "Anna's view of the table after the last move",
                )
                if shown["view"]["game_winners"]:
                    break
                actor = shown["view"]["to_act"]
                mine = wait_for(
                    lambda actor=actor, state=shown["state"]: next(
                        (
                            m
                            for m in reversed(players[actor].seen())
                            if m["type"] in ("welcome", "update") and m["state"] == state
                        ),
                        None,
                    ),
                    f"{actor} to see the state",
                )
                move = commands(mine)[0]
                after = players[actor].send(mine["state"], move)
                assert answer_to(players[actor], after, mine["state"]) == "accepted"
                accepted.append((mine["state"], move))
                reached = mine["state"] + 1
            os.kill(killed.pid, signal.SIGKILL)
            killed.wait(10)
        finally:
            for client in players.values():
                client.close()
        logged, version = stored_log(database, table)
        assert version == len(logged)
        for state, move in accepted:
            assert logged[state] == command_from_json(move), state
        survivor = {seat: Client(two, table, seat, tokens[seat]) for seat in ("Anna", "Ben")}
        try:
            welcome = wait_for(lambda: survivor["Anna"].latest(), "the second server's welcome")
            assert welcome["state"] == version  # nothing lost, nothing doubled
            actor = welcome["view"]["to_act"]
            if actor is not None:
                mine = wait_for(lambda: survivor[actor].latest(), f"{actor}'s welcome")
                after = survivor[actor].send(mine["state"], commands(mine)[0])
                assert answer_to(survivor[actor], after, mine["state"]) == "accepted"
        finally:
            for client in survivor.values():
                client.close()
