"""The web table behind a reverse proxy, and the names it answers for.

Behind a trusted proxy (``--trusted-proxy``), every limit counts the client's address the
proxy forwards (``X-Forwarded-For``), never the proxy's; a forwarded header from anyone
else is ignored. ``--allowed-host`` refuses any other ``Host``. Through a real uvicorn
server on 127.0.0.1, whose peer address is the proxy's; no time is measured.
"""

from __future__ import annotations

import json
import socket
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

import httpx

with warnings.catch_warnings():  # starlette warns on import of its test client with httpx
    warnings.filterwarnings("ignore", "Using .httpx. with .starlette.testclient")
    from starlette.testclient import TestClient
from testkit.web_server import running, seeded_app

from loveletter.apps.web.limits import Limits, client_address, networks

TABLE = {"players": ["Anna"], "bots": ["random"]}


def create(address: str, forwarded: str | None) -> int:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    return httpx.post(f"http://{address}/api/tables", json=TABLE, headers=headers).status_code


def test_behind_a_trusted_proxy_each_client_has_its_own_limits(tmp_path: Path) -> None:
    """Two tables a minute from each forwarded client: a third from the same client gets
    429, while another client still creates its own."""
    limits = Limits(address_tables=2)
    app = seeded_app(tmp_path / "t.sqlite3", limits=limits, trusted_proxies=["127.0.0.0/8"])
    with running(app, limits, trusted_proxies=("127.0.0.0/8",)) as address:
        first = [create(address, "203.0.113.7") for _ in range(3)]
        other = create(address, "198.51.100.2")
        spoofed = create(address, "6.6.6.6, 203.0.113.7")  # what the client wrote comes first
    assert first == [200, 200, 429]
    assert other == 200
    assert spoofed == 429


def test_a_forwarded_header_from_an_untrusted_peer_is_ignored(tmp_path: Path) -> None:
    """Without ``--trusted-proxy``, a client that forwards itself a new address every time
    is still one client: its third table gets 429."""
    limits = Limits(address_tables=2)
    with running(seeded_app(tmp_path / "t.sqlite3", limits=limits), limits) as address:
        answers = [create(address, f"203.0.113.{n}") for n in range(3)]
    assert answers == [200, 200, 429]


def held(address: str, forwarded: str) -> tuple[socket.socket, bytes]:
    """A kept-alive connection that made one request as ``forwarded``, and its answer."""
    host, port = address.split(":")
    connection = socket.create_connection((host, int(port)), timeout=10)
    request = f"GET /api/config HTTP/1.1\r\nHost: {address}\r\nX-Forwarded-For: {forwarded}\r\n"
    connection.sendall(request.encode() + b"\r\n")
    return connection, connection.recv(65536)


def test_behind_a_trusted_proxy_connections_count_for_the_forwarded_client(
    tmp_path: Path,
) -> None:
    """``address_connections`` counts the forwarded client's connections: a proxy holds
    more than that for its clients, and one client past it is answered 503."""
    limits = Limits(address_connections=2, max_connections=50)
    app = seeded_app(tmp_path / "t.sqlite3", limits=limits, trusted_proxies=["127.0.0.1"])
    connections = []
    with running(app, limits, trusted_proxies=("127.0.0.1",)) as address:
        try:
            answers = []
            for n in range(6):  # six clients through one proxy: one connection each
                connection, answer = held(address, f"198.51.100.{n}")
                connections.append(connection)
                answers.append(answer.split(b"\r\n")[0])
            one = [held(address, "203.0.113.9") for _ in range(3)]
            connections += [connection for connection, _ in one]
        finally:
            for connection in connections:
                connection.close()
    assert answers == [b"HTTP/1.1 200 OK"] * 6
    assert [answer.split(b"\r\n")[0] for _, answer in one][:2] == [b"HTTP/1.1 200 OK"] * 2
    assert one[2][1].startswith(b"HTTP/1.1 503")
    assert b"too many connections from your address" in one[2][1]


def test_the_client_address_is_the_last_hop_no_trusted_proxy_wrote() -> None:
    """Read from the end of ``X-Forwarded-For``: the first address no trusted proxy wrote
    is the client; a header that is not addresses leaves the peer as the client."""
    proxies = networks(["10.0.0.0/8", "127.0.0.1"])
    assert client_address("127.0.0.1", "198.51.100.1, 10.1.2.3", proxies) == "198.51.100.1"
    assert client_address("127.0.0.1", "junk", proxies) == "127.0.0.1"
    assert client_address("127.0.0.1", None, proxies) == "127.0.0.1"
    assert client_address("10.9.9.9", "2001:db8::1", proxies) == "2001:db8::1"
    with pytest.raises(ValueError, match="not an address"):
        networks(["not-a-network"])


def test_only_the_allowed_host_names_are_answered(tmp_path: Path) -> None:
    """With ``allowed_hosts``, a request naming another host (a DNS-rebinding page's)
    gets 400, its websocket is refused; the allowed names, subdomains by pattern, are
    answered."""
    app = seeded_app(tmp_path / "t.sqlite3", allowed_hosts=["play.example.org", "*.lan"])
    with TestClient(app, base_url="http://evil.test") as client:
        refused = client.post("/api/tables", json=TABLE)
        assert refused.status_code == 400
        assert "host" in refused.json()["error"]
        assert client.get("/").status_code == 400
        assert client.get("/", headers={"Host": "play.example.org"}).status_code == 200
        assert client.get("/api/config", headers={"Host": "table.lan:8443"}).status_code == 200
        with pytest.raises(Exception), client.websocket_connect("/ws/x") as ws:  # noqa: B017, PT011
            ws.receive_json()
    json.dumps(refused.json())
