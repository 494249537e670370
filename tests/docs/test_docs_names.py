"""The pages name only modules and paths that exist.

A dotted name ``loveletter.xxx`` on a page (the docs' Markdown pages, the README and
DEVELOPERS.md) must import, or be an attribute of what imports: a module, a class, a
function, a method. A path ``loveletter/...`` must be a file or a folder of the checkout
(a ``*`` in it must match one). The docstrings need no test: Sphinx's nitpicky build
(``-n``) refuses a reference that does not resolve. The CHANGELOG is history, and names
what has moved or gone on purpose; it is not read.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from testkit.project import ROOT

PAGES = sorted(
    [ROOT / "README.md", ROOT / "DEVELOPERS.md", *(ROOT / "docs").rglob("*.md")],
)
"""Every page a reader reads, the CHANGELOG aside (``docs/changelog.md`` only includes it)."""

_DOTTED = re.compile(r"(?<![\w./-])loveletter(?:\.[A-Za-z_]\w*)+")
_PATH = re.compile(r"(?<![\w./-])loveletter/[\w./*-]*[\w*/]")
NOT_PATHS = frozenset({"loveletter/LoveLetter-v0"})
"""What reads as a path and is not: the Gymnasium environment's id."""


def _missing_extra(error: ModuleNotFoundError) -> bool:
    """Whether ``error`` is an optional extra's framework missing, not a module of ours."""
    return not (error.name or "loveletter").startswith("loveletter")


def _module_file(parts: list[str]) -> bool:
    """Whether ``loveletter/PARTS`` is a module or a package of the checkout."""
    path = ROOT.joinpath(*parts)
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _resolves(name: str) -> bool:
    """Whether the dotted ``name`` is a module, or an attribute reached from one.

    The longest prefix that imports is the module; the rest are attributes. Where a
    module needs an extra this environment lacks, it need only exist as a file: the
    longest prefix that is one is the module, and what follows is not looked at (a run
    with every extra looks).
    """
    parts = name.split(".")
    if "__main__" in parts:  # importing it would run the command line
        return _module_file(parts[: parts.index("__main__") + 1])
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError as error:
            if _missing_extra(error):
                return any(_module_file(parts[:k]) for k in range(3, cut + 1))
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def _exists(path: str) -> bool:
    return any(ROOT.glob(path.rstrip("/"))) if "*" in path else (ROOT / path).exists()


def names_on(page: Path) -> tuple[set[str], set[str]]:
    """The dotted names and the paths of the package that ``page`` names."""
    text = page.read_text(encoding="utf-8")
    return set(_DOTTED.findall(text)), {p.rstrip(".") for p in _PATH.findall(text)} - NOT_PATHS


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_a_page_names_only_modules_and_paths_that_exist(page: Path) -> None:
    dotted, paths = names_on(page)
    assert sorted(name for name in dotted if not _resolves(name)) == []
    assert sorted(path for path in paths if not _exists(path)) == []


def test_the_names_are_found_and_a_wrong_one_is_caught() -> None:
    """The check itself: what a page names is found, and a name that is gone fails."""
    assert _resolves("loveletter.bots.registry.make_bot")
    assert _resolves("loveletter.Game.legal_commands")
    assert not _resolves("loveletter.simulate")  # moved to loveletter.games.simulate
    assert not _resolves("loveletter.bots.make_bot.nothing")
    assert _resolves("loveletter.__main__")
    assert _exists("loveletter/apps/web/static/table.js")
    assert _exists("loveletter/catalogue/*.md")
    assert not _exists("loveletter/knowledge.py")  # moved to loveletter/bots/
    dotted, paths = names_on(ROOT / "DEVELOPERS.md")
    assert "loveletter/bots/" in paths
    assert "loveletter.bots" not in dotted  # a path is not read as a dotted name


def test_a_module_whose_extra_is_missing_need_only_exist(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without NumPy, ``loveletter.research.batch`` does not import: its names need only
    name its file; a module that is not there still fails."""
    real = importlib.import_module

    def without_numpy(name: str) -> object:
        if name.startswith("loveletter.research.batch"):
            raise ModuleNotFoundError("needs NumPy", name="numpy")
        return real(name)

    monkeypatch.setattr(importlib, "import_module", without_numpy)
    assert _resolves("loveletter.research.batch.Batch.play_random")
    assert not _resolves("loveletter.research.batches.Batch")
