"""The store a server's ``--database`` names: a SQLite file, or a PostgreSQL URL.

Apart from both stores, which it chooses between: :mod:`loveletter.apps.web.store` (SQLite,
and what every store does) needs no PostgreSQL, and :mod:`loveletter.apps.web.postgres`
needs the ``[postgres]`` extra only when a URL names it.
"""

from __future__ import annotations

from pathlib import Path

from loveletter.apps.web.store import Store, TableStore

__all__ = ["open_store"]


def open_store(database: str | Path) -> TableStore:
    """The store ``database`` names: a PostgreSQL URL (``postgresql://...``), or a file.

    PostgreSQL needs the ``[postgres]`` extra (psycopg 3).
    """
    text = str(database)
    if text.startswith(("postgresql://", "postgres://")):
        from loveletter.apps.web.postgres import PostgresStore

        return PostgresStore(text)
    return Store(text)
