"""Shared test configuration: where the shared rulings and scenarios live, and the
``ruling`` marker.

Tests that check a ruling say so with ``@pytest.mark.ruling("LL19-BARON-TIE")`` (several
ids may be given). ``tests/test_rulings_meta.py`` fails when a ruling of
``../shared/rulings/RULINGS.md`` has no such test, or a test names an unknown id.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
RULINGS_FILE = SHARED / "rulings" / "RULINGS.md"
SCENARIOS_DIR = SHARED / "scenarios"

_RULING_ID = re.compile(r"^- \*\*((?:LL19|LLC)-[A-Z0-9-]+)\*\*", re.MULTILINE)

# Every ruling id named by a collected test, gathered before -k or -m deselect anything.
RULINGS_TESTED: dict[str, list[str]] = {}


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
    """Every ruling id of RULINGS.md, in order."""
    return _RULING_ID.findall(need_shared(RULINGS_FILE).read_text(encoding="utf-8"))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for marker in item.iter_markers("ruling"):
            for ruling in marker.args:
                RULINGS_TESTED.setdefault(ruling, []).append(item.nodeid)
