"""The tables kept as JSON in SQLite (the standard library's :mod:`sqlite3`).

Each row holds a table's game log (its setup and commands,
:func:`~loveletter.serialization.to_json` of
the game) and its seats (names, bots, the hashes of the seats' tokens). The log carries the
seed, so the database is as secret as the hands: it stays on the server.

>>> store = Store(":memory:")
>>> store.save("t1", '{"log": 1}', '{"seats": []}')
>>> store.load("t1")
('{"log": 1}', '{"seats": []}')
>>> store.load("nope") is None
True
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    log TEXT NOT NULL,
    seats TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT (datetime('now'))
)
"""


class Store:
    """A SQLite database of tables: ``path`` is a file, or ``":memory:"`` for tests."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False)
        with self._lock, self._db:
            self._db.execute(_SCHEMA)

    def save(self, table: str, log: str, seats: str) -> None:
        """Store (or replace) the log and the seats of ``table``, in one transaction."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO tables (id, log, seats) VALUES (?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET log = excluded.log, seats = excluded.seats, "
                "updated = datetime('now')",
                (table, log, seats),
            )

    def load(self, table: str) -> tuple[str, str] | None:
        """The log and the seats of ``table``, or ``None`` if there is no such table."""
        with self._lock:
            row = self._db.execute(
                "SELECT log, seats FROM tables WHERE id = ?", (table,)
            ).fetchone()
        return None if row is None else (str(row[0]), str(row[1]))

    def close(self) -> None:
        """Close the database."""
        with self._lock:
            self._db.close()
