"""examples/http_service.py, played by three clients over HTTP: moves checked and stored,
a crash and a reload, each client told only its own cards, refusals in French."""

from __future__ import annotations

import importlib.util
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from testkit.project import ROOT

from loveletter.host import Host


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "http_service", ROOT / "examples" / "http_service.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SERVICE = load()


class Client:
    """One seat's app: it knows the service's address, its table, its seat and its token."""

    def __init__(self, base: str, table: str, seat: str, token: str) -> None:
        self.base, self.table, self.seat, self.token = base, table, seat, token

    def call(self, method: str, body: object = None, language: str = "en") -> tuple[int, Any]:
        url = f"{self.base}/{self.table}?seat={self.seat}&language={language}"
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(url, data=data, method=method)
        request.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return refused.code, json.loads(refused.read())


def start(folder: Path) -> tuple[Any, str]:
    service = SERVICE.Service(0, folder)
    threading.Thread(target=service.serve_forever, daemon=True).start()
    return service, f"http://127.0.0.1:{service.server_address[1]}"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "tables"


def new_table(base: str, players: list[str]) -> tuple[str, dict[str, str]]:
    body = json.dumps({"players": players, "language": "fr"}).encode()
    with urllib.request.urlopen(f"{base}/new", data=body, timeout=30) as answer:
        made = json.loads(answer.read())
    return made["table"], made["tokens"]


class SeededHost(Host):
    """The example's host, dealing a game this test knows (the service draws its seeds)."""

    @classmethod
    def new(cls, players: Sequence[str], **options: Any) -> tuple[Host, dict[str, str]]:
        return Host.new(players, seed=SEED, **options)


SEED = 20261203
"""A game in which a take-back comes up (the test plays the first listed move each time)."""


def test_three_clients_play_a_whole_game_through_a_crash(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each move is checked and stored; the service is stopped mid-game and started again
    from its folder; every client sees only its own hand; refusals speak French."""
    monkeypatch.setattr(SERVICE, "Host", SeededHost)
    service, base = start(folder)
    players = ["Anna", "Ben", "Carla"]
    table, tokens = new_table(base, players)
    clients = {seat: Client(base, table, seat, tokens[seat]) for seat in players}
    intruder = Client(base, table, "Anna", tokens["Ben"])
    assert intruder.call("GET")[0] == 403
    moves, crashed, refused_fr, took_back = 0, False, False, False
    while True:
        welcome = {seat: client.call("GET")[1] for seat, client in clients.items()}
        for seat, message in welcome.items():
            for other in message["view"]["seats"]:
                assert other["player"] == seat or other["hand"] is None
        mover = next((s for s, m in welcome.items() if m["legal"]), None)
        if mover is None:
            break
        message = welcome[mover]
        if not refused_fr:  # someone else's move: forbidden, and said in French
            other = clients[next(s for s in players if s != mover)]
            status, answer = other.call(
                "POST", {"state": message["state"], "command": message["legal"][0]}, "fr"
            )
            assert (status, answer["error"]) == (409, "forbidden")
            refused_fr = True
        status, answer = clients[mover].call(
            "POST", {"state": message["state"], "command": message["legal"][0]}
        )
        assert status == 200, answer
        moves += 1
        if answer["take_back"] is not None and not took_back:  # undo a plain mistake
            status, undone = clients[mover].call(
                "POST", {"state": answer["state"], "command": answer["take_back"]}
            )
            assert status == 200
            assert undone["events"][0]["event"] == "CommandTakenBack"
            took_back = True
        stale = clients[mover].call(
            "POST", {"state": message["state"], "command": message["legal"][0]}
        )
        assert stale[1]["error"] == "stale"
        if moves == 10 and not crashed:  # the service goes down, and comes back from its files
            service.shutdown()
            service.server_close()
            service, base = start(folder)
            for client in clients.values():
                client.base = base
            crashed = True
    final = clients["Anna"].call("GET", language="fr")[1]
    service.shutdown()
    service.server_close()
    assert final["view"]["game_winners"], final["view"]
    assert (crashed, refused_fr, took_back) == (True, True, True)
    assert any("partie" in line or "manche" in line for line in final["narration"])
