"""The tables kept in PostgreSQL, for servers on more than one machine (psycopg 3).

``loveletter serve --database postgresql://user@host/db`` keeps the tables here instead of
in a SQLite file: every server given that URL serves the same tables. The rows are those of
:mod:`loveletter.apps.web.store` (a table's log, its seats and its version), and a write
is the same compare-and-swap on the version: of two servers that changed one table from
the same version, the second is told so and reloads it, and no move is lost.

A server also hears at once of the other servers' writes: each write sends a
notification (``NOTIFY loveletter_tables, 'ID:VERSION'``, in the write's own transaction,
so it is heard only once the write is there to read), and each server listens on a
connection of its own (:meth:`PostgresStore.listen`): a move accepted by one server
reaches the players connected to another as soon as it is stored, not at their next
stale attempt nor at the next look at the versions.

Needs the ``[postgres]`` extra (``psycopg[binary]``). The database holds the seeds: keep
it private to the servers.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Iterable, Iterator
from typing import Any

from loveletter.apps.web.store import Changed, StoreError

try:
    import psycopg
except ImportError as missing:  # pragma: no cover - depends on the environment
    raise ModuleNotFoundError(
        "PostgreSQL needs the postgres extra: pip install 'loveletter-referee[postgres]'",
        name=missing.name,
    ) from missing

__all__ = ["CHANNEL", "PostgresStore"]

log = logging.getLogger("loveletter.apps.web")

CHANNEL = "loveletter_tables"
"""The channel each write is announced on, as ``ID:VERSION``."""

_SCHEMA_LOCK = 0x4C4C5442  # "LLTB": one server at a time makes the schema
_SCHEMA = """
CREATE TABLE IF NOT EXISTS loveletter_tables (
    id TEXT PRIMARY KEY,
    log TEXT NOT NULL,
    seats TEXT NOT NULL,
    version INTEGER NOT NULL,
    updated TIMESTAMPTZ NOT NULL DEFAULT now()
)
"""


class PostgresStore:
    """A PostgreSQL database of tables at ``url`` (a libpq connection string or URL).

    One connection for the reads and writes (a lock makes the threads take turns), and
    one more, once :meth:`listen` is called, that only listens. A connection that broke
    is opened again at the next call. Its errors are
    :class:`~loveletter.apps.web.store.StoreError`.
    """

    def __init__(self, url: str, *, connect_timeout: float = 10.0) -> None:
        self.url = url
        self.connect_timeout = connect_timeout
        self._lock = threading.Lock()
        self._db: psycopg.Connection[Any] | None = None
        self._listener: threading.Thread | None = None
        self._closed = threading.Event()
        with self._transaction() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            db.execute(_SCHEMA)

    def _connect(self, *, autocommit: bool = False) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(
                self.url, autocommit=autocommit, connect_timeout=int(self.connect_timeout)
            )
        except psycopg.Error as error:
            raise StoreError(f"cannot connect to PostgreSQL: {error}") from error

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[psycopg.Connection[Any]]:
        """The connection, in a transaction committed at the end (rolled back on error)."""
        with self._lock:
            if self._db is None or self._db.closed or self._db.broken:
                self._db = self._connect()
            db = self._db
            try:
                with db.transaction():
                    yield db
            except psycopg.Error as error:
                raise StoreError(f"PostgreSQL failed: {error}") from error

    def insert(self, table: str, log: str, seats: str, *, version: int) -> None:
        """Store a new table; a :class:`~loveletter.apps.web.store.StoreError` if it is taken."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO loveletter_tables (id, log, seats, version) VALUES (%s, %s, %s, %s)",
                (table, log, seats, version),
            )
            db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table}:{version}"))

    def save(self, table: str, log: str, seats: str, *, version: int, previous: int) -> bool:
        """Store ``table`` at ``version`` if the row is still at ``previous``; say if it was.

        The other servers are told (a notification sent with the write).
        """
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE loveletter_tables SET log = %s, seats = %s, version = %s, "
                "updated = now() WHERE id = %s AND version = %s",
                (log, seats, version, table, previous),
            )
            stored = cursor.rowcount == 1
            if stored:
                db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table}:{version}"))
            return stored

    def load(self, table: str) -> tuple[str, str, int] | None:
        """The log, the seats and the version of ``table``, or ``None`` if there is none."""
        with self._transaction() as db:
            row = db.execute(
                "SELECT log, seats, version FROM loveletter_tables WHERE id = %s", (table,)
            ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]), int(row[2]))

    def versions(self, tables: Iterable[str]) -> dict[str, int]:
        """The version of each of ``tables`` that is stored (one query)."""
        names = list(tables)
        if not names:
            return {}
        with self._transaction() as db:
            rows = db.execute(
                "SELECT id, version FROM loveletter_tables WHERE id = ANY(%s)", (names,)
            ).fetchall()
        return {str(name): int(version) for name, version in rows}

    def purge(self, *, days: float) -> int:
        """Delete the tables nobody has changed for ``days``; return how many went."""
        with self._transaction() as db:
            cursor = db.execute(
                "DELETE FROM loveletter_tables WHERE updated < now() - make_interval(secs => %s)",
                (float(days) * 86400,),
            )
            return cursor.rowcount

    def listen(self, changed: Changed) -> bool:
        """Call ``changed(table, version)`` at every write of any server; ``True``.

        From a thread of its own; this server's writes are heard too.

        The listening connection is opened again if it breaks (a write meanwhile is not
        heard: the server's look at the versions every ``sync_interval`` finds it).
        """
        if self._listener is None:
            ready = threading.Event()
            self._listener = threading.Thread(
                target=self._listen, args=(changed, ready), name="loveletter-listen", daemon=True
            )
            self._listener.start()
            ready.wait(self.connect_timeout)
        return True

    def _listen(self, changed: Changed, ready: threading.Event) -> None:
        while not self._closed.is_set():
            try:
                with self._connect(autocommit=True) as db:
                    db.execute(f"LISTEN {CHANNEL}")
                    ready.set()
                    while not self._closed.is_set():
                        for note in db.notifies(timeout=0.5):
                            table, _, version = note.payload.rpartition(":")
                            if table and version.isdigit():
                                changed(table, int(version))
            except (StoreError, psycopg.Error):
                if self._closed.is_set():
                    return
                log.warning("the connection that listens to PostgreSQL broke: opening again")
                ready.set()
                self._closed.wait(1.0)

    def close(self) -> None:
        """Close the connections (the listener stops within half a second)."""
        self._closed.set()
        if self._listener is not None:
            self._listener.join(5)
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
