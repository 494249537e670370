"""The web table's server process: uvicorn, with the limits a connection meets first.

Before a request reaches the application, a connection may already cost the server a file
descriptor for as long as it likes: a client that opens a thousand connections and never
finishes its headers would lock every new visitor out. :func:`make_server` runs uvicorn with
an HTTP protocol that

* answers ``503`` and closes a connection past ``max_connections`` open in all, or past
  ``address_connections`` open from its address;
* answers ``408`` and closes a connection that has not sent a request's headers within
  ``header_timeout`` (the application gives a body as long);
* keeps an idle connection ``keep_alive`` seconds between requests;

(the fields of :class:`~loveletter.apps.web.limits.Limits`)

and :func:`fit_to_open_files` keeps the connections under the process's limit of open
files. Every answer the protocol writes itself carries the security headers.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from loveletter.apps.web import MISSING_EXTRA
from loveletter.apps.web.limits import IPNetwork, Limits, address_key, client_address, trusted
from loveletter.host import MAX_MESSAGE

__all__ = ["RESERVED_FILES", "fit_to_open_files", "guarded_protocol", "make_server"]

RESERVED_FILES = 100
"""Open files kept for the server's own use (its database, its workers, its logs)."""

_REASONS = {400: "Bad Request", 408: "Request Timeout", 503: "Service Unavailable"}


def _answer(status: int, text: str, headers: Mapping[str, str]) -> bytes:
    """A whole HTTP answer that closes the connection."""
    body = text.encode()
    lines = [
        f"HTTP/1.1 {status} {_REASONS[status]}",
        "content-type: text/plain; charset=utf-8",
        f"content-length: {len(body)}",
        "connection: close",
        *(f"{name.lower()}: {value}" for name, value in headers.items()),
    ]
    if status == 503:
        lines.append("retry-after: 5")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


class _Open:
    """The transports open, in all and by address (closed ones are dropped as met)."""

    def __init__(self) -> None:
        self.by_address: dict[str, set[asyncio.Transport]] = {}

    def count(self, address: str) -> tuple[int, int]:
        """How many are open in all, and from ``address``."""
        total = 0
        for key in list(self.by_address):
            transports = self.by_address[key]
            transports.difference_update([t for t in transports if t.is_closing()])
            if not transports:
                del self.by_address[key]
            total += len(transports)
        return total, len(self.by_address.get(address, ()))

    def add(self, address: str, transport: asyncio.Transport) -> None:
        self.by_address.setdefault(address, set()).add(transport)

    def discard(self, address: str, transport: asyncio.Transport) -> None:
        self.by_address.get(address, set()).discard(transport)


def guarded_protocol(
    limits: Limits, headers: Mapping[str, str], trusted_proxies: Sequence[IPNetwork] = ()
) -> type:
    """The HTTP protocol of uvicorn, with the connection limits of ``limits``.

    ``headers`` are the security headers its own answers carry. A connection from one of
    ``trusted_proxies`` counts, once its request's headers have come, for the client
    address its ``X-Forwarded-For`` names (each request of a kept-alive connection moves
    it there), never for the proxy's: only the limit in all holds it before.
    """
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError as missing:  # pragma: no cover - depends on the environment
        raise ModuleNotFoundError(MISSING_EXTRA, name=missing.name) from missing
    opened = _Open()

    class GuardedHttp(HttpToolsProtocol):  # type: ignore[misc, unused-ignore]
        _timer: asyncio.TimerHandle | None = None

        _counted: str | None = None
        _proxied = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override, unused-ignore]
            super().connection_made(transport)
            peer = self.client[0] if self.client else None
            self._proxied = trusted(peer, trusted_proxies)
            address = "" if self._proxied else address_key(peer)  # a proxy's: at its headers
            if not self._admit(address, transport):
                return
            self._arm()

        def _admit(self, address: str, transport: asyncio.Transport) -> bool:
            """Count ``transport`` for ``address`` ("": in all only), or refuse it 503."""
            if self._counted is not None:
                opened.discard(self._counted, transport)
            total, mine = opened.count(address)
            if total >= limits.max_connections or (address and mine >= limits.address_connections):
                which = "in all" if total >= limits.max_connections else "from your address"
                self._refuse(503, f"too many connections {which}: try again later")
                return False
            opened.add(address, transport)
            self._counted = address
            return True

        def _arm(self) -> None:
            self._timer = self.loop.call_later(limits.header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _too_slow(self) -> None:
            self._timer = None
            if self.cycle is None or self.cycle.response_complete:
                self._refuse(408, "the request's headers came too slowly")

        def _refuse(self, status: int, text: str) -> None:
            if not self.transport.is_closing():
                self.transport.write(_answer(status, text, headers))
                self.transport.close()

        def data_received(self, data: bytes) -> None:
            if self._timer is None and (self.cycle is None or self.cycle.response_complete):
                self._arm()  # a new request begins: its headers have their time
            super().data_received(data)

        def on_headers_complete(self) -> None:
            self._disarm()
            if self._proxied and self._counted is not None:
                peer = self.client[0] if self.client else None
                forwarded = b", ".join(
                    value for name, value in self.headers if name.lower() == b"x-forwarded-for"
                )
                client = client_address(peer, forwarded.decode("latin-1"), trusted_proxies)
                if not self._admit(address_key(client), self.transport):
                    raise ConnectionRefusedError("too many connections")  # ends the parse
            super().on_headers_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def send_400_response(self, msg: str) -> None:
            self._refuse(400, msg)

    return GuardedHttp


def fit_to_open_files(limits: Limits) -> Limits:
    """``limits``, with ``max_connections`` under the process's limit of open files.

    The process's soft limit is raised towards its hard one if that makes room; what is
    left after :data:`RESERVED_FILES` bounds the connections. Where the system has no
    such limit, ``limits`` as they are.
    """
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Windows
        return limits
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = limits.max_connections + RESERVED_FILES
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
            soft = raised
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY or soft >= wanted:
        return limits
    room = max(1, soft - RESERVED_FILES)
    print(
        f"loveletter serve: {soft} open files at most: {room} connections, not "
        f"{limits.max_connections}",
        file=sys.stderr,
    )
    return attrs.evolve(limits, max_connections=room)


class _DenialNotAnError(logging.Filter):
    """Drop the error uvicorn's websocket protocol logs after a refused handshake.

    The application refuses a websocket (403, 429) with an HTTP answer before accepting
    it (the ASGI denial response); uvicorn sends that answer, then logs that the
    handshake was never completed, which is what a refusal is. A client refused a
    thousand times would write a thousand errors.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith("ASGI callable returned without completing")


def make_server(
    app: Any,
    *,
    host: str,
    port: int,
    limits: Limits,
    headers: Mapping[str, str],
    log_level: str = "warning",
    trusted_proxies: Sequence[IPNetwork] = (),
    **options: Any,
) -> Any:
    """A uvicorn server (``uvicorn.Server``) for ``app`` on ``host:port``, with the limits.

    ``headers`` are the security headers of the answers it writes itself;
    ``trusted_proxies`` the reverse proxies whose forwarded addresses the connection
    limits count (:func:`guarded_protocol`); ``options`` go to ``uvicorn.Config`` as they
    are. uvicorn's own reading of proxy headers is off: the application reads them, from
    the trusted proxies only.
    """
    try:
        import uvicorn
    except ImportError as missing:  # pragma: no cover - depends on the environment
        raise ModuleNotFoundError(MISSING_EXTRA, name=missing.name) from missing
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded_protocol(limits, headers, trusted_proxies),
        proxy_headers=False,
        ws="auto",
        ws_max_size=4 * MAX_MESSAGE,  # the transport's own cap, before the server's
        ws_max_queue=32,
        timeout_keep_alive=limits.keep_alive,  # type: ignore[arg-type, unused-ignore]
        server_header=False,
        log_level=log_level,
        **options,
    )
    error_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(f, _DenialNotAnError) for f in error_log.filters):
        error_log.addFilter(_DenialNotAnError())
    return uvicorn.Server(config)
