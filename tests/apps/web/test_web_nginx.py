"""The web table behind a real reverse proxy: the distribution's nginx, started by the test,
with the configuration of the deployment how-to, and 200 players' websockets through it.

Each player comes from an address of its own (127.0.0.2, ...: Linux answers on all of
127.0.0.0/8), so that nginx forwards 200 different clients while the server sees one peer,
nginx (127.0.0.1, its only ``--trusted-proxy``). Past the old break (64 connections from
the proxy's address filled the server), every player is welcomed, a move reaches the
others through the proxy, and a new visitor still gets the page.

Needs nginx (Debian's ``nginx`` package: ``apt-get install nginx``); skips without it,
saying so, except under CI (``CI=true``), where ``.ci/run`` installs it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("websockets", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="the web table's tests need httpx")

import httpx
from testkit.web_server import commands, free_port, hello_text, running, seeded_app, wait_for

from loveletter.apps.web.limits import Limits

PLAYERS = 200
"""Websockets through the proxy: 50 tables of four people."""

CONFIG = Path(__file__).parents[3] / "docs" / "howto" / "nginx-loveletter.conf"
"""The how-to's nginx configuration (its ``server`` block), used as it is."""


def nginx_binary() -> str:
    found = shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/usr/local/sbin/nginx") if os.path.exists(path)),
        None,
    )
    if found is None:
        reason = "nginx is not installed (Debian: apt-get install nginx)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"the proxy test must run under CI: {reason}")
        pytest.skip(reason)
    return found


@contextmanager
def nginx(upstream: str) -> Iterator[str]:
    """nginx on 127.0.0.1, in front of ``upstream``, with the how-to's ``server`` block."""
    binary = nginx_binary()
    port = free_port()
    folder = Path(tempfile.mkdtemp(prefix="loveletter-nginx-"))
    server = CONFIG.read_text(encoding="utf-8")
    server = server.replace("listen 443 ssl;", f"listen 127.0.0.1:{port};")
    server = server.replace("127.0.0.1:8000", upstream)
    server = "\n".join(line for line in server.splitlines() if "ssl_certificate" not in line)
    user = "user root;" if os.geteuid() == 0 else ""
    temp = " ".join(
        f"{kind}_temp_path {folder / kind};"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (folder / "nginx.conf").write_text(
        f"""{user}
worker_processes 1;
daemon off;
pid {folder / "nginx.pid"};
error_log {folder / "error.log"} warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    {temp}
{server}
}}
""",
        encoding="utf-8",
    )
    process = subprocess.Popen(
        [binary, "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stderr=subprocess.PIPE,
    )

    def answers() -> bool:
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        try:
            return httpx.get(f"http://127.0.0.1:{port}/api/config").status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(answers, "nginx to answer")
        yield f"127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(10)
        shutil.rmtree(folder, ignore_errors=True)


def source(n: int) -> str:
    """The loopback address player number ``n`` comes from."""
    return f"127.0.{1 + (n + 1) // 250}.{(n + 1) % 250 + 2}"


def connect(proxy: str, table: str, n: int) -> Any:
    from websockets.sync.client import connect as ws_connect

    host, port = proxy.split(":")
    raw = socket.socket()
    raw.bind((source(n), 0))
    raw.settimeout(30)
    raw.connect((host, int(port)))
    return ws_connect(f"ws://{proxy}/ws/{table}", sock=raw, open_timeout=30)


def test_two_hundred_players_through_nginx(tmp_path: Path) -> None:
    """200 websockets through nginx, from 200 clients: each is welcomed (the limits count
    the forwarded clients, not the proxy), a move on each table reaches the three others,
    and a new visitor's ``GET /`` still gets the page."""
    limits = Limits(address_connections=8)  # well under 200: a proxy counted as one fails
    app = seeded_app(tmp_path / "t.sqlite3", limits=limits, trusted_proxies=["127.0.0.1"])
    with running(app, limits, trusted_proxies=("127.0.0.1",)) as upstream, nginx(upstream) as proxy:
        try:
            socket.create_connection(
                (proxy.split(":")[0], int(proxy.split(":")[1])), source_address=(source(PLAYERS), 0)
            ).close()
        except OSError:
            pytest.skip("this system does not answer on all of 127.0.0.0/8")
        tables = []
        for n in range(PLAYERS // 4):
            transport = httpx.HTTPTransport(local_address=source(n))
            with httpx.Client(transport=transport) as client:
                answer = client.post(
                    f"http://{proxy}/api/tables",
                    json={"players": ["Anna", "Ben", "Carla", "Dan"], "target": 1},
                )
            assert answer.status_code == 200, answer.text
            tables.append(answer.json())
        with ExitStack() as stack:
            sockets = []
            for n in range(PLAYERS):
                answer, seat = tables[n // 4], ("Anna", "Ben", "Carla", "Dan")[n % 4]
                ws = stack.enter_context(connect(proxy, answer["table"], n))
                ws.send(hello_text(seat, answer["seats"][seat]["token"]))
                sockets.append((ws, seat, json.loads(ws.recv(timeout=30))))
            assert all(welcome["type"] == "welcome" for _, _, welcome in sockets)
            assert len(app.state.hub.tables) == PLAYERS // 4
            connections = sum(len(live.connections) for live in app.state.hub.tables.values())
            assert connections == PLAYERS
            for first in range(0, PLAYERS, 4):
                group = sockets[first : first + 4]
                actor = group[0][2]["view"]["to_act"]
                ws, _, welcome = next(entry for entry in group if entry[1] == actor)
                ws.send(json.dumps({"state": welcome["state"], "command": commands(welcome)[0]}))
                for other, _, _ in group:
                    update = json.loads(other.recv(timeout=30))
                    assert update["type"] == "update", update
                    assert update["state"] > welcome["state"]
            with httpx.Client(
                transport=httpx.HTTPTransport(local_address=source(PLAYERS))
            ) as visitor:
                page = visitor.get(f"http://{proxy}/")
    assert page.status_code == 200
