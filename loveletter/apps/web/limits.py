"""What one client may cost the web table, and how it is told no.

Every limit has a default here, a ``loveletter serve`` option (:mod:`loveletter.apps.web.cli`),
and a refusal a client can act on: an HTTP status (429 with ``Retry-After``, 503), or a
websocket close code with a last ``refused`` message saying why (:data:`CLOSE_CODES`).
``docs/howto/game-server.md`` has the table of them all.

>>> limits = Limits(socket_messages=2)
>>> limits.socket_messages, limits.seat_sockets
(2.0, 4)
>>> bucket = Bucket(rate=2, burst=3)
>>> [bucket.take(now=0.0) for _ in range(4)]
[True, True, True, False]
>>> bucket.take(now=0.5)  # half a second later: one more message
True
"""

from __future__ import annotations

import ipaddress
from collections.abc import Hashable, Iterable, Sequence
from typing import Any

import attrs

__all__ = [
    "BURST_SECONDS",
    "CLOSE_CODES",
    "Bucket",
    "Buckets",
    "Limits",
    "address_key",
    "client_address",
    "networks",
    "trusted",
]

CLOSE_CODES = {
    4401: "unauthorized: no such table, seat or token (the page does not reconnect)",
    4408: "timeout: no hello in time, or nothing sent either way for too long",
    4409: "too many connections: the seat has as many open as it may",
    4410: "closed: the table is over and has left the server's memory",
    4429: "rate limited: too many messages (or bytes asked for) from this connection or address",
    4503: "unavailable: the server holds as many tables as it may",
}
"""The websocket close codes the server uses, each with what it means.

Each close is preceded by a ``{"type": "refused", "error": ..., "message": ...}`` message.
"""


def _positive(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    if not value > 0:
        raise ValueError(f"{attribute.name} must be more than 0, not {value!r}")


def _not_negative(instance: object, attribute: attrs.Attribute[Any], value: float) -> None:
    if not value >= 0:
        raise ValueError(f"{attribute.name} must be 0 or more, not {value!r}")


@attrs.frozen(kw_only=True)
class Limits:
    """The web table's limits, each with its default (the ``serve`` option in brackets).

    Rates are sustained rates; a client may send a burst of :data:`BURST_SECONDS` worth
    of them at once. Times are in seconds.
    """

    bot_budget: float = attrs.field(default=2.0, converter=float, validator=_positive)
    """The time the bots of one table may think between two moves of its people, in all
    (``--bot-budget``). A bot still thinking when it runs out plays the heuristic bot's
    move instead."""
    bot_workers: int = attrs.field(default=2, validator=_positive)
    """The worker processes the bots think in, never on the server's event loop
    (``--bot-workers``). The tables waiting for their bots take turns at them, one bot's
    choice at a time."""
    bot_slice: float = attrs.field(default=0.1, converter=float, validator=_positive)
    """The longest one bot's choice may take at a worker (``--bot-slice``): a search bot
    searches that long, then plays its best move so far, and the next table waiting takes
    the worker. A table's bots spend ``bot_budget`` a slice at a time."""
    socket_messages: float = attrs.field(default=10.0, converter=float, validator=_positive)
    """Messages a second one connection may send (``--socket-messages``); over it the
    connection is closed with 4429."""
    address_messages: float = attrs.field(default=30.0, converter=float, validator=_positive)
    """Messages a second all the connections of one address may send together, new
    connections counted (``--address-messages``); over it, 4429."""
    address_bytes: float = attrs.field(default=2_000_000.0, converter=float, validator=_positive)
    """Bytes a second of what the connections of one address ask for (welcomes, pages of
    the story), together (``--address-bytes``); over it, 4429."""
    address_tables: float = attrs.field(default=10.0, converter=float, validator=_positive)
    """Tables one address may create a minute (``--address-tables``); over it, HTTP 429."""
    address_live_tables: int = attrs.field(default=4, validator=_positive)
    """Tables one address's creations keep in memory (``--address-live-tables``): past
    it, its oldest table nobody is connected to leaves memory (the store keeps it, and a
    hello brings it back)."""
    max_tables: int = attrs.field(default=500, validator=_positive)
    """Tables in memory at once (``--max-tables``), never exceeded: past it, the table
    nobody is connected to that was touched longest ago leaves memory (the store keeps
    it); when every table has a connection, a new one gets HTTP 503 (and a connection to
    a stored one, 4503)."""
    unjoined_after: float = attrs.field(default=60.0, converter=float, validator=_not_negative)
    """Time after which a table nobody has joined leaves memory (``--unjoined-after``)."""
    table_spectators: int = attrs.field(default=16, validator=_positive)
    """Spectators' connections open at once at one table (``--table-spectators``); one
    more gets 4409."""
    seat_sockets: int = attrs.field(default=4, validator=_positive)
    """Connections open at once for one seat (``--seat-sockets``); one more gets 4409."""
    address_connections: int = attrs.field(default=64, validator=_positive)
    """TCP connections open at once from one address (``--address-connections``); one more
    is answered 503 and closed."""
    max_connections: int = attrs.field(default=1000, validator=_positive)
    """TCP connections open at once in all (``--max-connections``), kept under the
    process's limit of open files; one more is answered 503 and closed."""
    header_timeout: float = attrs.field(default=10.0, converter=float, validator=_positive)
    """Time a request has to send its headers, and then its body (``--header-timeout``);
    then 408 and the connection is closed."""
    keep_alive: float = attrs.field(default=5.0, converter=float, validator=_positive)
    """Time an idle HTTP connection is kept open between requests (``--keep-alive``)."""
    hello_timeout: float = attrs.field(default=10.0, converter=float, validator=_positive)
    """Time a new websocket has to say who it is (``--hello-timeout``); then 4408."""
    socket_idle: float = attrs.field(default=1800.0, converter=float, validator=_positive)
    """Time a websocket may stay open with nothing sent either way (``--socket-idle``);
    then 4408."""
    evict_after: float = attrs.field(default=600.0, converter=float, validator=_not_negative)
    """Time after which a finished table, or one nobody is connected to and nobody has
    moved at, leaves memory (``--evict-after``); the database keeps it."""
    retention_days: float = attrs.field(default=30.0, converter=float, validator=_positive)
    """Days a table nobody has moved at stays in the database (``--retention-days``)."""
    sync_interval: float = attrs.field(default=1.0, converter=float, validator=_not_negative)
    """How often each table with a connection is compared with the database, to show the
    moves another server process stored (``--sync-interval``; 0: never)."""


BURST_SECONDS = 3.0
"""A rate limit lets a client send this many seconds' worth of messages at once."""


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` kept; one per message."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, *, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp: float | None = None

    def take(self, *, now: float, amount: float = 1.0) -> bool:
        """Take ``amount`` tokens at time ``now`` (seconds); ``False`` if there are fewer."""
        if self.stamp is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < amount:
            return False
        self.tokens -= amount
        return True

    def wait(self) -> float:
        """Seconds until the next token (0 if one is there)."""
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


class Buckets:
    """One :class:`Bucket` per key (an address); the full ones are forgotten in time.

    >>> per_address = Buckets(rate=1, burst=2)
    >>> [per_address.take("10.0.0.1", now=0.0) for _ in range(3)]
    [True, True, False]
    >>> per_address.take("10.0.0.2", now=0.0)
    True
    """

    def __init__(self, *, rate: float, burst: float, keep: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keep = keep
        self.buckets: dict[Hashable, Bucket] = {}

    def take(self, key: Hashable, *, now: float, amount: float = 1.0) -> bool:
        """Take ``amount`` tokens from ``key``'s bucket at time ``now``."""
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.keep:
                self._forget(now)
            bucket = self.buckets[key] = Bucket(rate=self.rate, burst=self.burst)
        return bucket.take(now=now, amount=amount)

    def wait(self, key: Hashable) -> float:
        """Seconds until ``key`` has a token again."""
        bucket = self.buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()

    def _forget(self, now: float) -> None:
        """Drop the buckets that have refilled: forgetting them changes nothing."""
        full = [
            key
            for key, bucket in self.buckets.items()
            if bucket.stamp is None
            or bucket.tokens + (now - bucket.stamp) * bucket.rate >= bucket.burst
        ]
        for key in full:
            del self.buckets[key]
        if len(self.buckets) >= self.keep:  # all busy: forget the half least recently used
            by_age = sorted(self.buckets, key=lambda key: self.buckets[key].stamp or 0.0)
            for key in by_age[: len(by_age) // 2]:
                del self.buckets[key]


def address_key(host: str | None) -> str:
    """The key an address's limits are kept under: the address, or its /64 for IPv6.

    One IPv6 host usually holds a whole /64, so each of its addresses is not a client.

    >>> address_key("192.0.2.7"), address_key("2001:db8:1:2:3:4:5:6"), address_key(None)
    ('192.0.2.7', '2001:db8:1:2::/64', '?')
    """
    if host is None:
        return "?"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{host}/64", strict=False))
    return str(address)


IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(specs: Iterable[str]) -> tuple[IPNetwork, ...]:
    """The networks of ``specs`` (addresses, or CIDR blocks); :class:`ValueError` if wrong.

    >>> networks(["127.0.0.1", "10.0.0.0/8"])
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'))
    """
    found: list[IPNetwork] = []
    for spec in specs:
        try:
            found.append(ipaddress.ip_network(spec.strip(), strict=False))
        except ValueError:
            raise ValueError(f"not an address or a network: {spec!r}") from None
    return tuple(found)


def trusted(host: str | None, networks: Sequence[IPNetwork]) -> bool:
    """Whether the address ``host`` is in one of ``networks``."""
    if host is None or not networks:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in networks)


def client_address(
    peer: str | None, forwarded: str | None, proxies: Sequence[IPNetwork] = ()
) -> str | None:
    """The client's address: the peer's, or behind a trusted proxy the one it forwarded.

    ``forwarded`` is the ``X-Forwarded-For`` header (each proxy appends the address it
    was reached from). Only when ``peer`` is in ``proxies`` is the header read, from its
    end: the last address that is not a trusted proxy's is the client (those before it
    were written by the client itself, and may be anything). A header from anyone else
    is ignored.

    >>> proxies = networks(["127.0.0.1"])
    >>> client_address("127.0.0.1", "6.6.6.6, 203.0.113.9", proxies)
    '203.0.113.9'
    >>> client_address("198.51.100.4", "203.0.113.9", proxies)  # not a proxy: ignored
    '198.51.100.4'
    """
    if not forwarded or not trusted(peer, proxies):
        return peer
    hops = [hop.strip() for hop in forwarded.split(",")]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return peer  # a header no proxy of ours wrote: the peer is the client
        if not trusted(hop, proxies):
            return hop
    return hops[0] or peer
