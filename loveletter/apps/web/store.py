"""The tables kept as JSON in SQLite (the standard library's :mod:`sqlite3`).

Each row holds a table's game log (its setup and commands,
:func:`~loveletter.serialization.to_json` of the game), its seats (names, bots, the hashes
of the seats' tokens) and its *version*: the number of commands in its log, which only
grows. The log carries the seed, so the database is as secret as the hands: it stays on
the server, in a file only its owner may read (created with mode ``0600``).

A write names the version it was made from, and happens only if the row still has it
(compare-and-swap): of two server processes that changed one table from the same version,
the second is told so (:meth:`Store.save` returns ``False``) and no move is lost.

>>> store = Store(":memory:")
>>> store.insert("t1", '{"log": 1}', '{"seats": []}', version=3)
>>> store.load("t1")
('{"log": 1}', '{"seats": []}', 3)
>>> store.save("t1", '{"log": 2}', '{"seats": []}', version=5, previous=3)
True
>>> store.save("t1", '{"log": 9}', '{"seats": []}', version=4, previous=3)  # too late
False
>>> store.load("t1")[2], store.load("nope") is None
(5, True)
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Protocol

from loveletter.errors import LoveLetterError

__all__ = ["Store", "StoreError", "TableStore"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    log TEXT NOT NULL,
    seats TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (datetime('now'))
)
"""

BUSY_TIMEOUT = 5.0
"""Seconds a write waits for another process's write to the same file to finish."""


class StoreError(LoveLetterError):
    """The database failed (the server logs it and tells the client to try again)."""


Changed = Callable[[str, int], None]
"""Told, from another thread, that a table was stored at a version: its id and version."""


class TableStore(Protocol):
    """What the server needs of a store: SQLite's or PostgreSQL's.

    :class:`Store` (SQLite), or :class:`loveletter.apps.web.postgres.PostgresStore`. Its
    errors are :class:`sqlite3.Error` or :class:`StoreError`.
    """

    def insert(self, table: str, log: str, seats: str, *, version: int) -> None:
        """Store a new table."""

    def save(self, table: str, log: str, seats: str, *, version: int, previous: int) -> bool:
        """Store ``table`` at ``version`` if it is still at ``previous``; say if it was."""

    def load(self, table: str) -> tuple[str, str, int] | None:
        """The log, the seats and the version of ``table``, or ``None``."""

    def versions(self, tables: Iterable[str]) -> dict[str, int]:
        """The version of each of ``tables`` that is stored."""

    def purge(self, *, days: float) -> int:
        """Delete the tables nobody changed for ``days``; return how many."""

    def listen(self, changed: Changed) -> bool:
        """Call ``changed`` whenever any server stores a table; ``False`` if it cannot."""

    def close(self) -> None:
        """Close the store."""


def _private_file(path: str) -> None:
    """Create ``path`` readable and writable by its owner only, or make it so."""
    descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        if hasattr(os, "fchmod"):  # not on Windows, whose files have no such mode
            os.fchmod(descriptor, 0o600)
    finally:
        os.close(descriptor)


class Store:
    """A SQLite database of tables: ``path`` is a file, or ``":memory:"`` for tests.

    Several processes may open one file: SQLite's write-ahead log lets them read while
    one writes, and :meth:`save` is a compare-and-swap on each table's version. A file
    is created with mode ``0600`` (a file that exists is made so), and its write-ahead
    log and journal take the same mode from it.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        memory = self.path == ":memory:"
        if not memory:
            _private_file(self.path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, timeout=BUSY_TIMEOUT)
        deadline = time.monotonic() + BUSY_TIMEOUT
        while True:
            try:
                self._set_up(wal=not memory)
                return
            except sqlite3.OperationalError as error:
                # Switching to the write-ahead log, or creating the schema, while another
                # process does the same is refused at once ("database is locked"), without
                # SQLite's busy wait: try again until the busy timeout is spent.
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                time.sleep(0.05)

    def _set_up(self, *, wal: bool) -> None:
        """The write-ahead log (for a file), the schema and its ``version`` column.

        The schema is made in one immediate transaction, so that of two processes opening
        a new file at once, one makes it and the other finds it made.
        """
        with self._lock:
            if wal:
                self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(_SCHEMA)
                columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
                if "version" not in columns:  # a database from before versions: none yet
                    self._db.execute(
                        "ALTER TABLE tables ADD COLUMN version INTEGER NOT NULL DEFAULT -1"
                    )
            except BaseException:
                self._db.rollback()
                raise
            self._db.commit()

    def insert(self, table: str, log: str, seats: str, *, version: int) -> None:
        """Store a new table; ``sqlite3.IntegrityError`` if ``table`` is taken."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO tables (id, log, seats, version) VALUES (?, ?, ?, ?)",
                (table, log, seats, version),
            )

    def save(self, table: str, log: str, seats: str, *, version: int, previous: int) -> bool:
        """Store ``table`` at ``version`` if the row is still at ``previous``; say if it was."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "UPDATE tables SET log = ?, seats = ?, version = ?, updated = datetime('now') "
                "WHERE id = ? AND version = ?",
                (log, seats, version, table, previous),
            )
            return cursor.rowcount == 1

    def load(self, table: str) -> tuple[str, str, int] | None:
        """The log, the seats and the version of ``table``, or ``None`` if there is none."""
        with self._lock:
            row = self._db.execute(
                "SELECT log, seats, version FROM tables WHERE id = ?", (table,)
            ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]), int(row[2]))

    def versions(self, tables: Iterable[str]) -> dict[str, int]:
        """The version of each of ``tables`` that is stored (one query)."""
        names: Sequence[str] = list(tables)
        if not names:
            return {}
        marks = ", ".join("?" * len(names))
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, version FROM tables WHERE id IN ({marks})", names
            ).fetchall()
        return {str(name): int(version) for name, version in rows}

    def purge(self, *, days: float) -> int:
        """Delete the tables nobody has changed for ``days``; return how many went."""
        with self._lock, self._db:
            cursor = self._db.execute(
                "DELETE FROM tables WHERE updated < datetime('now', ?)", (f"-{float(days)} days",)
            )
            return cursor.rowcount

    def listen(self, changed: Changed) -> bool:
        """SQLite tells no other process of a write: ``False``.

        The server looks again at the versions every ``sync_interval`` instead.
        """
        return False

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
