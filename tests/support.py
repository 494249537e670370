"""Where the shared rulings and scenarios live, and how tests reach them.

The shared folder (``../shared`` beside the project) holds RULINGS.md and the public
scenarios; the library ships its own copy of the catalogue (:mod:`loveletter.catalogue`),
which the tests read, and ``test_rulings_meta`` checks it against the shared one. Where
the shared folder is missing, tests that need it are skipped, except under CI
(``CI=true``), where a missing folder is a failure.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from loveletter.catalogue import HOUSE, RULINGS

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
RULINGS_FILE = SHARED / "rulings" / "RULINGS.md"
SCENARIOS_DIR = SHARED / "scenarios"


def under_ci() -> bool:
    """Whether the tests run under CI, where missing shared files are failures."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need_shared(path: Path) -> Path:
    """``path`` under ``../shared``; skip (or fail under CI) when it is missing."""
    if not path.exists():
        message = f"{path} is missing: the shared rulings and scenarios are not checked out"
        if under_ci():
            pytest.fail(message)
        pytest.skip(message)
    return path


def ruling_ids() -> list[str]:
    """Every ruling id of the catalogue the library ships, in order: RULINGS.md, then the
    house remedy's HOUSE.md."""
    return [*RULINGS, *HOUSE]
