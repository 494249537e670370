"""What the web table's tests share: a server on 127.0.0.1 in a thread, and a client.

Importable without the ``[web]`` extra (its tests skip themselves then).
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from loveletter.apps.web.limits import Limits


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running(app: Any, limits: Limits | None = None) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (uvicorn with the connection limits) in a thread."""
    from loveletter.apps.web.app import security_headers  # the [web] extra: its tests only
    from loveletter.apps.web.guard import make_server

    port = free_port()
    server = make_server(
        app, host="127.0.0.1", port=port, limits=limits or Limits(), headers=security_headers()
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 15
    while not server.started:
        assert thread.is_alive(), "the server stopped"
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(15)


def until_closed(ws: Any) -> tuple[list[dict[str, Any]], int]:
    """The messages a test client's websocket gets until the server closes it, and the
    close code (a test fails on its own time-out if the server never does)."""
    from starlette.websockets import WebSocketDisconnect

    messages: list[dict[str, Any]] = []
    while True:
        try:
            messages.append(ws.receive_json())
        except WebSocketDisconnect as closed:
            return messages, closed.code


def move(message: dict[str, Any], index: int = 0) -> str:
    """A move of ``message``'s list, as the page sends it: with the state number."""
    return json.dumps({"state": message["state"], "command": message["moves"][index]["command"]})


def hello_text(seat: Any, token: Any, language: str = "en") -> str:
    return json.dumps({"hello": {"seat": seat, "token": token, "language": language}})
