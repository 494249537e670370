"""A PostgreSQL server for the web table's tests: the one named by an environment variable,
or a throwaway cluster of the distribution's PostgreSQL, started for the test session.

``LOVELETTER_TEST_POSTGRES`` (a libpq URL) names a server to use; else the tests start their
own cluster with ``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/*/bin`` (Debian's
``postgresql`` package) in a temporary folder, listening on a unix socket there only, run as
the ``postgres`` user when the tests run as root (PostgreSQL refuses to run as root). Where
neither is there, the tests that need it skip, saying why; under CI (``CI=true``), where
``.ci/run`` installs the package, they fail instead.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ENVIRONMENT = "LOVELETTER_TEST_POSTGRES"
"""The environment variable that names a PostgreSQL server to test against."""


def _binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def unavailable(reason: str) -> None:
    """Skip the test (fail it under CI, where PostgreSQL is installed) for ``reason``."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"PostgreSQL is needed under CI: {reason}")
    pytest.skip(reason)


def _as_owner(command: list[str], owner: str | None) -> list[str]:
    return command if owner is None else ["runuser", "-u", owner, "--", *command]


@contextmanager
def cluster() -> Iterator[str]:
    """A PostgreSQL server's URL for the tests: the environment's, or a new cluster's."""
    given = os.environ.get(ENVIRONMENT)
    if given:
        yield given
        return
    pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")
    binaries = _binaries()
    if binaries is None:
        unavailable(
            f"no PostgreSQL server: set {ENVIRONMENT}, or install Debian's postgresql "
            "(apt-get install postgresql)"
        )
    assert binaries is not None
    owner: str | None = None
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            unavailable("running as root and there is no postgres user to run PostgreSQL as")
        owner = "postgres"
    folder = Path(tempfile.mkdtemp(prefix="loveletter-pg-"))
    if owner is not None:
        shutil.chown(folder, user=owner)
    data = folder / "data"
    subprocess.run(
        _as_owner(
            [str(binaries / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"], owner
        ),
        check=True,
        capture_output=True,
    )
    options = f"-c listen_addresses='' -k {folder} -c fsync=off -c max_connections=200"
    subprocess.run(
        _as_owner(
            [str(binaries / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-l",
             str(folder / "log"), "start"],
            owner,
        ),
        check=True,
        capture_output=True,
    )  # fmt: skip
    try:
        yield f"postgresql://postgres@/postgres?host={folder}"
    finally:
        subprocess.run(
            _as_owner(
                [str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], owner
            ),
            check=False,
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)


def fresh_database(server: str) -> str:
    """A new, empty database on ``server``: its URL (each test its own tables)."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(server, autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    base, _, query = server.partition("?")
    root = base.rsplit("/", 1)[0]
    return f"{root}/{name}" + (f"?{query}" if query else "")
