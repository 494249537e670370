"""Every ruling of RULINGS.md is tested under its id, and no test names an unknown id."""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, RULINGS_TESTED, ruling_ids


def slug(ruling: str) -> str:
    """The form of a ruling id inside a test's name: ``LL19-BARON-TIE`` -> ``ll19_baron_tie``."""
    return ruling.lower().replace("-", "_")


def _whole_suite(request: pytest.FixtureRequest) -> None:
    if request.config.option.keyword or request.config.option.markexpr:
        pytest.skip("the whole suite must be collected to see every ruling's tests")


def test_every_ruling_has_a_test_named_after_it(request: pytest.FixtureRequest) -> None:
    """Each ruling is marked on a test whose name contains the ruling's id."""
    _whole_suite(request)
    missing = []
    for ruling in ruling_ids():
        names = [node.split("::")[-1] for node in RULINGS_TESTED.get(ruling, [])]
        if not any(slug(ruling) in name for name in names):
            missing.append(ruling)
    assert missing == [], f"rulings without a test named after them: {missing}"


def test_tests_name_only_known_rulings() -> None:
    """A ruling marker names an id that RULINGS.md defines."""
    known = set(ruling_ids())
    unknown = {r: tests[:2] for r, tests in RULINGS_TESTED.items() if r not in known}
    assert unknown == {}, f"tests name unknown rulings: {unknown}"


def test_library_cites_only_known_rulings() -> None:
    """Every ruling id written in the library's source is one of RULINGS.md."""
    known = set(ruling_ids())
    pattern = re.compile(r"\b(?:LL19|LLC)-[A-Z0-9]+(?:-[A-Z0-9]+)*(?![-*A-Z0-9])")
    cited: set[str] = set()
    for path in (ROOT / "loveletter").rglob("*.py"):
        cited.update(pattern.findall(path.read_text(encoding="utf-8")))
    assert sorted(cited - known) == []


def test_ruling_ids_are_read() -> None:
    """RULINGS.md parses into unique ids, 2019 and classic alike."""
    ids = ruling_ids()
    assert "LL19-SETUP-DECK" in ids
    assert "LL19-Q22" in ids
    assert "LLC-NO-SPY" in ids
    assert len(ids) == len(set(ids))
