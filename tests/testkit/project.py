"""Where the shared rulings and scenarios live, and how tests reach them.

The shared folder (``../shared`` beside the project) holds the ruling catalogue, the
public scenarios and the benchmark's floor. The project carries its own copy of the
catalogue, as package data (``loveletter/catalogue/RULINGS.md`` and ``HOUSE.md``, read
through :mod:`loveletter.catalogue`): the tests and the docs read that copy, so they need
no shared folder, and ``test_rulings_meta`` checks it is byte for byte the shared one.
Where the shared folder is missing (a clone on its own, an unpacked sdist), the tests that
compare with it or run its scenarios are skipped, except under CI (``CI=true``), where a
missing folder is a failure.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from loveletter.catalogue import HOUSE, RULINGS

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
RULINGS_FILE = SHARED / "rulings" / "RULINGS.md"
SCENARIOS_DIR = SHARED / "scenarios"


DOCS_EXTRAS = {
    "sphinx": "sphinx",
    "myst_parser": "myst-parser",
    "furo": "furo",
    "sphinx_copybutton": "sphinx-copybutton",
}
"""The docs extra's modules, and the distributions that bring them."""


def tool(name: str) -> ModuleType:
    """The checkout's ``tools/NAME.py``, loaded as a module (the tools are not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def need_docs_extras() -> None:
    """Skip the calling test module unless the docs extra is installed (call at import)."""
    for module, distribution in DOCS_EXTRAS.items():
        pytest.importorskip(module, reason=f"the docs extra ({distribution}) is not installed")


def under_ci() -> bool:
    """Whether the tests run under CI, where missing shared files are failures."""
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


def need_shared(path: Path) -> Path:
    """``path`` under ``../shared``; skip (or fail under CI) when it is missing."""
    if not path.exists():
        message = (
            f"{path} is missing: the shared folder ({SHARED}) is not beside the project, "
            "so there is nothing to compare with or run"
        )
        if under_ci():
            pytest.fail(message)
        pytest.skip(message)
    return path


def ruling_ids() -> list[str]:
    """Every ruling id of the catalogue the library ships, in order: RULINGS.md, then the
    house remedy's HOUSE.md."""
    return [*RULINGS, *HOUSE]


CLI_WAIT = 120
"""Seconds a ``python -m loveletter`` subprocess gets before a test gives up on it (a
safety net, not a measure)."""


def run_cli(*args: str, **options: object) -> subprocess.CompletedProcess[str]:
    """``python -m loveletter ARGS`` from the checkout, its output captured; lines left
    whole (no ``COLUMNS`` from the environment the tests run in) unless ``env`` says
    otherwise."""
    options.setdefault("env", {k: v for k, v in os.environ.items() if k != "COLUMNS"})
    done: subprocess.CompletedProcess[str] = subprocess.run(
        [sys.executable, "-m", "loveletter", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=CLI_WAIT,
        **options,  # type: ignore[call-overload]
    )
    return done


WINGS = {
    "loveletter.bots": set(),
    "loveletter.games": {"loveletter.bots"},
    "loveletter.research": {"loveletter.bots", "loveletter.games"},
    "loveletter.apps": {"loveletter.bots", "loveletter.games", "loveletter.research"},
}
"""Each wing, and the other wings it may import (the architecture page and DEVELOPERS.md
say why): the games seat bots; research reads what a player knows (bots) and sums a batch
up as a simulation (games); the apps run everything."""
