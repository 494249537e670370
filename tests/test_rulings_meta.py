"""Every ruling of RULINGS.md is tested under its id, and no test names an unknown id."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, RULINGS_TESTED, ruling_ids

pytestmark = pytest.mark.filterwarnings("error")


def test_every_2019_ruling_has_a_test(request: pytest.FixtureRequest) -> None:
    """Each LL19- ruling is named by at least one collected test."""
    if request.config.option.keyword or request.config.option.markexpr:
        pytest.skip("the whole suite must be collected to see every ruling's tests")
    missing = [r for r in ruling_ids() if r.startswith("LL19-") and r not in RULINGS_TESTED]
    assert missing == [], f"rulings without a test: {missing}"


def test_tests_name_only_known_rulings() -> None:
    """A ruling marker names an id that RULINGS.md defines."""
    known = set(ruling_ids())
    unknown = {r: tests[:2] for r, tests in RULINGS_TESTED.items() if r not in known}
    assert unknown == {}, f"tests name unknown rulings: {unknown}"


def test_refusals_cite_known_rulings() -> None:
    """Every ruling id written in the library's source is one of RULINGS.md."""
    known = set(ruling_ids())
    cited = set()
    for path in (ROOT / "loveletter").rglob("*.py"):
        cited.update(re.findall(r"\b(?:LL19|LLC)-[A-Z0-9]+(?:-[A-Z0-9]+)*(?![-*A-Z0-9])", path.read_text()))
    assert sorted(cited - known) == []


def test_ruling_ids_are_read() -> None:
    """The ruling list is parsed: it has the 2019 setup rulings and the referee decisions."""
    ids = ruling_ids()
    assert "LL19-SETUP-DECK" in ids
    assert "LL19-Q22" in ids
    assert len(ids) == len(set(ids))
    assert all(Path(__file__).exists() for _ in ids[:1])
