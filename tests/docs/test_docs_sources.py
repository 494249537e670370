"""The sources on every ruling of the docs: as the catalogue gives them, never by hand.

Each ``{ruling}`` block of the documentation shows the sources of its ruling, read from
the catalogue the library ships when the docs are built. These tests build the docs,
read each block's sources line from the HTML, and compare it with the catalogue's
``RULINGS.md`` and ``HOUSE.md`` (``loveletter/catalogue/``, the project's own copy of
``../shared/rulings/``, kept the same by ``test_rulings_meta``), parsed here on their own
(a regex, not the library's parser); and they check that no page writes a sources line
for a ruling by hand, where it could drift.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from testkit.project import ROOT

from loveletter.catalogue import SOURCE_NAMES_FR, catalogue_text

DOCS = ROOT / "docs"

_CATALOGUED = re.compile(
    r"^- \*\*((?:LL19|LLC|HOUSE)-[A-Z0-9-]+)\*\*: .*\*\(([^()]*)\)\*[ \t]*$", re.MULTILINE
)
_DECISIONS = ("in part a referee decision", "referee decision")


def catalogue_sources() -> dict[str, str]:
    """Each ruling's sources in the catalogue's RULINGS.md and HOUSE.md, as written between
    ``*(`` and ``)*``."""
    found: dict[str, str] = {}
    for name in ("RULINGS.md", "HOUSE.md"):
        rulings = dict(_CATALOGUED.findall(catalogue_text(name)))
        assert rulings, f"no ruling found in the catalogue's {name}"
        found.update(rulings)
    return found


def expected(words: str, language: str) -> str:
    """The line a block shows for the catalogue's ``words``: a sentence, in ``language``."""
    if language == "fr":
        if words in _DECISIONS:
            words = SOURCE_NAMES_FR[words]
        else:
            listed, _, decision = words.removeprefix("sources: ").partition("; ")
            words = "sources : " + ", ".join(
                SOURCE_NAMES_FR[source.strip()] for source in listed.split(",")
            )
            if decision:
                words += " ; " + SOURCE_NAMES_FR[decision]
    return words[:1].upper() + words[1:] + "."


class _Blocks(HTMLParser):
    """The text of the sources lines of each ruling block of a page, by anchor."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: dict[str, list[str]] = {}
        self.block: str | None = None
        self.reading = False
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if tag in ("div", "section") and "ruling" in classes and attributes.get("id"):
            self.block = attributes["id"]
            self.found.setdefault(self.block, [])
        elif tag == "p" and "ruling-sources" in classes and self.block is not None:
            self.reading, self.text = True, []

    def handle_endtag(self, tag: str) -> None:
        if tag == "p" and self.reading:
            assert self.block is not None
            self.found[self.block].append(" ".join("".join(self.text).split()))
            self.reading = False

    def handle_data(self, data: str) -> None:
        if self.reading:
            self.text.append(data)


@pytest.fixture(scope="module")
def rendered(docs_site: Path) -> dict[tuple[str, str], list[str]]:
    """Every ruling block of the built docs: ``(ruling id, language)`` -> its sources lines."""
    blocks: dict[tuple[str, str], list[str]] = {}
    for page in sorted(docs_site.rglob("*.html")):
        if page.relative_to(docs_site).parts[0] == "fr-site":
            continue  # the French site's blocks are its own pages'; tested in test_docs_french
        reader = _Blocks()
        reader.feed(page.read_text(encoding="utf-8"))
        for anchor, lines in reader.found.items():
            language, ruling = ("fr", anchor[3:]) if anchor.startswith("fr-") else ("en", anchor)
            key = (ruling.upper(), language)
            assert key not in blocks, f"{anchor} is a ruling block twice (again in {page.name})"
            blocks[key] = lines
    return blocks


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_ruling_block_shows_the_catalogues_sources(
    rendered: dict[tuple[str, str], list[str]], language: str
) -> None:
    """Each ruling's block shows one sources line: the catalogue's words for it."""
    wrong = {}
    for ruling, words in catalogue_sources().items():
        lines = rendered.get((ruling, language))
        want = expected(words, language)
        if lines != [want]:
            wrong[ruling] = {"rendered": lines, "catalogue": want}
    assert wrong == {}, f"ruling blocks whose sources differ from the catalogue's: {wrong}"


def test_no_ruling_block_is_left_over(rendered: dict[tuple[str, str], list[str]]) -> None:
    """Every ruling block of the docs is for a ruling of the catalogue."""
    known = set(catalogue_sources())
    unknown = sorted({ruling for ruling, _ in rendered} - known)
    assert unknown == [], f"ruling blocks for rulings the catalogue does not have: {unknown}"


_NAMES = "|".join(
    re.escape(name)
    for english, french in SOURCE_NAMES_FR.items()
    if english not in _DECISIONS
    for name in (english, french)
)
_HAND_WRITTEN = [
    # "Sources: rules reference, ...", "*(sources: teaching guide)*", "Sources : aide de jeu"
    re.compile(rf"(?i)\bsources?[ \t]*:[ \t]*[*_]*(?:{_NAMES})"),
    # "*(referee decision)*", "(Décision de l'arbitre)"
    re.compile(r"(?i)\((?:in part a |en partie une )?(?:referee decision|décision de l'arbitre)\)"),
    # a line that is nothing but a decision, as a block's sources line would be
    re.compile(
        r"(?im)^[ \t>*_(]*(?:in part a referee decision|referee decision"
        r"|en partie une décision de l'arbitre|décision de l'arbitre)[ \t.)*_]*$"
    ),
]
_BLOCK = re.compile(r"^:::\{ruling\} (\S+)\n((?::[a-z_-]+:[^\n]*\n)*)(.*?)^:::$", re.M | re.S)


def _pages() -> list[Path]:
    return [page for page in sorted(DOCS.rglob("*.md")) if "_build" not in page.parts]


def test_no_page_writes_sources_by_hand() -> None:
    """No page writes a ruling's sources (or its being a referee decision) by hand."""
    found = []
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        for pattern in _HAND_WRITTEN:
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{page.relative_to(ROOT)}:{line}: {match.group(0).strip()!r}")
    assert found == [], "sources written by hand (the {ruling} block shows them):\n" + "\n".join(
        found
    )


def test_ruling_blocks_take_no_option_but_their_language() -> None:
    """A ``{ruling}`` block's only option is ``:lang:``: no page marks a decision by hand."""
    found = []
    for page in _pages():
        for ruling, options, _ in _BLOCK.findall(page.read_text(encoding="utf-8")):
            for option in options.splitlines():
                if not option.startswith(":lang:"):
                    found.append(f"{page.relative_to(ROOT)}: {ruling} {option}")
    assert found == [], "ruling blocks with hand-set options:\n" + "\n".join(found)
