"""Every ruling of RULINGS.md is tested under its id, and no test names an unknown id."""

from __future__ import annotations

import re
from importlib import resources

import pytest
from testkit.project import ROOT, RULINGS_FILE, need_shared, ruling_ids

from loveletter.catalogue import HEADINGS, HOUSE, RULINGS, SOURCES, catalogue_text, parse_headings


def slug(ruling: str) -> str:
    """The form of a ruling id inside a test's name: ``LL19-BARON-TIE`` -> ``ll19_baron_tie``."""
    return ruling.lower().replace("-", "_")


def rulings_marked(request: pytest.FixtureRequest) -> dict[str, list[str]]:
    """Each ruling id named by a ruling marker of a collected test, with those tests."""
    config = request.config
    whole = config.args_source is pytest.Config.ArgsSource.TESTPATHS
    if config.option.keyword or config.option.markexpr or not whole:
        pytest.skip("the whole suite must be collected to see every ruling's tests")
    found: dict[str, list[str]] = {}
    for item in request.session.items:
        for marker in item.iter_markers("ruling"):
            for ruling in marker.args:
                found.setdefault(ruling, []).append(item.nodeid)
    return found


def test_every_ruling_has_a_test_named_after_it(request: pytest.FixtureRequest) -> None:
    """Each ruling is marked on a test whose name contains the ruling's id."""
    tested = rulings_marked(request)
    missing = []
    for ruling in ruling_ids():
        names = [node.split("::")[-1] for node in tested.get(ruling, [])]
        if not any(slug(ruling) in name for name in names):
            missing.append(ruling)
    assert missing == [], f"rulings without a test named after them: {missing}"


def test_tests_name_only_known_rulings(request: pytest.FixtureRequest) -> None:
    """A ruling marker names an id that RULINGS.md defines."""
    known = set(ruling_ids())
    unknown = {r: tests[:2] for r, tests in rulings_marked(request).items() if r not in known}
    assert unknown == {}, f"tests name unknown rulings: {unknown}"


def test_library_cites_only_known_rulings() -> None:
    """Every ruling id written in the library's source is one of RULINGS.md."""
    known = set(ruling_ids())
    pattern = re.compile(r"\b(?:LL19|LLC|HOUSE)-[A-Z0-9]+(?:-[A-Z0-9]+)*(?![-*A-Z0-9])")
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


@pytest.mark.parametrize("name", ["RULINGS.md", "HOUSE.md"])
def test_the_shipped_catalogue_is_the_shared_one(name: str) -> None:
    """The catalogue the project carries is, byte for byte, the shared one (when it is there).

    Where they differ, copy the shared file over ``loveletter/catalogue/`` (or the other
    way round, if the change is the project's) and let the tests say what follows.
    """
    shared = need_shared(RULINGS_FILE.parent / name)
    shipped = resources.files("loveletter.catalogue").joinpath(name).read_bytes()
    assert shipped == shared.read_bytes(), (
        f"loveletter/catalogue/{name} differs from {shared}: the two must stay the same"
    )


@pytest.mark.parametrize("name", ["RULINGS.md", "HOUSE.md"])
def test_the_catalogue_is_package_data(name: str) -> None:
    """The catalogue is a file of the package, the one the library and the docs read."""
    shipped = ROOT / "loveletter" / "catalogue" / name
    assert shipped.is_file()
    assert catalogue_text(name) == shipped.read_text(encoding="utf-8")


def test_every_ruling_names_its_sources() -> None:
    """Each ruling ends with the sources that state it, or says it is a referee decision."""
    for ruling in [*RULINGS.values(), *HOUSE.values()]:
        assert ruling.sources or ruling.decision == "referee decision", ruling.id
        assert set(ruling.sources) <= set(SOURCES), ruling.id
        assert ruling.statement, ruling.id
        assert not ruling.statement.endswith("*"), ruling.id


def test_every_ruling_has_a_heading_in_each_language_and_a_french_statement() -> None:
    """``HEADINGS.md`` heads every ruling of both catalogues in English and in French, and
    states it in French; a heading is a title, without a full stop (the search index would
    cut it there)."""
    missing = [
        ruling.id
        for ruling in [*RULINGS.values(), *HOUSE.values()]
        if not (ruling.heading and ruling.heading_fr and ruling.statement_fr)
    ]
    assert missing == [], f"rulings without their headings or French statement: {missing}"
    for ruling in [*RULINGS.values(), *HOUSE.values()]:
        for heading in (ruling.heading_in("en"), ruling.heading_in("fr")):
            assert "." not in heading, ruling.id
            assert not heading.endswith((":", ";")), ruling.id
        assert ruling.heading_in("en") != ruling.heading_in("fr"), ruling.id
        assert ruling.statement_in("fr").endswith((".", "»", ")")), ruling.id


def test_the_headings_name_only_rulings_of_the_catalogue() -> None:
    assert sorted(set(HEADINGS) - {*RULINGS, *HOUSE}) == []
    # in the catalogue's order, so that a new ruling's entry is easy to place
    assert list(HEADINGS) == [*RULINGS, *HOUSE]


def test_a_headings_entry_lacking_a_field_is_refused() -> None:
    with pytest.raises(ValueError, match="lacks énoncé"):
        parse_headings("- **LL19-BARON-TIE**\n  - heading: A Baron tie\n  - titre: Égalité")
    with pytest.raises(ValueError, match="no field"):
        parse_headings("- **LL19-BARON-TIE**\n  - heading A Baron tie")
