"""What the web table's tests share: a seeded application, a server on 127.0.0.1 in a
thread, a client, and a wait for a condition.

Every application a test makes deals its tables from ``random.Random(SEED)``
(:func:`seeded_app`), so each table a test makes is dealt the same way on every run; no
test sleeps in place of a condition (:func:`wait_for`). Importable without the ``[web]``
extra (its tests skip themselves then).
"""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from loveletter.apps.web.limits import Limits

SEED = 32
"""The seed every test's tables are dealt from."""


def seeds() -> random.Random:
    """A fresh source of the tables' seeds: the same tables, in the same order, every run."""
    return random.Random(SEED)


def seeded_app(database: str | Path, **settings: Any) -> Any:
    """``create_app(database, **settings)``, its tables dealt from :func:`seeds`."""
    from loveletter.apps.web.app import create_app  # the [web] extra: its tests only

    return create_app(database, seeds=seeds(), **settings)


def wait_for(condition: Callable[[], Any], what: str, timeout: float = 30, retry: Any = ()) -> Any:
    """What ``condition()`` returns once it is true, asked again and again; the test fails
    after ``timeout`` seconds of asking. An exception of the types ``retry`` counts as not
    yet (a page redrawn while it is read)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            result = condition()
        except retry:
            result = None
        if result:
            return result
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def running(
    app: Any, limits: Limits | None = None, trusted_proxies: tuple[str, ...] = ()
) -> Iterator[str]:
    """Serve ``app`` on 127.0.0.1 (uvicorn with the connection limits) in a thread; the
    connection limits count the addresses ``trusted_proxies`` forward."""
    from loveletter.apps.web.app import security_headers  # the [web] extra: its tests only
    from loveletter.apps.web.guard import make_server
    from loveletter.apps.web.limits import networks

    port = free_port()
    server = make_server(
        app,
        host="127.0.0.1",
        port=port,
        limits=limits or Limits(),
        headers=security_headers(),
        trusted_proxies=networks(trusted_proxies),
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()

    def started() -> bool:
        assert thread.is_alive(), "the server stopped"
        return bool(server.started)

    wait_for(started, "the server to start")
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


def leaves(steps: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The commands a moves tree's ``steps`` end in, in the tree's order."""
    for step in steps:
        if "command" in step:
            yield step["command"]
        yield from leaves(step.get("then", []))


def commands(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The commands of ``message``'s moves tree: what its seat may send now."""
    return list(leaves(message["moves"]["steps"]))


def move(message: dict[str, Any], index: int = 0) -> str:
    """A move of ``message``'s tree, as the page sends it: with the state number."""
    return json.dumps({"state": message["state"], "command": commands(message)[index]})


def hello_text(seat: Any, token: Any, language: str = "en") -> str:
    return json.dumps({"hello": {"seat": seat, "token": token, "language": language}})
