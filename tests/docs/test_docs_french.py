"""The French site: built as French, and linked ruling by ruling with the English site.

Both sites are built once for the test run, as CI builds them (``sites.py``): the English
site in ``html/``, the French one (``-D language=fr``, the French pages alone) in
``html/fr-site/``. Every page says its language (``<html lang>``), the French site's theme
speaks French, every ruling block links to its twin in the other language (the French
site's blocks to the English site's), and on the English site the search index finds a
ruling id on the English pages, never on the French ones.
"""

from __future__ import annotations

import json
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

import pytest
from testkit.project import need_docs_extras

from loveletter.catalogue import HOUSE, RULINGS

need_docs_extras()

IDS = (*RULINGS, *HOUSE)


class Page(HTMLParser):
    """A page's language, its ids, and its links from one ruling block to its twin."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.ids: set[str] = set()
        self.twins: list[tuple[str, str]] = []  # (href, classes)
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        if tag == "html":
            self.lang = found.get("lang", "")
        if "id" in found:
            self.ids.add(found["id"])
        if tag == "a" and "ruling-twin" in found.get("class", "").split():
            self.twins.append((found.get("href", ""), found["class"]))

    def handle_data(self, data: str) -> None:
        self.text.append(data)


@pytest.fixture(scope="module")
def site(docs_site: Path, french_site: Path) -> Path:
    """The English site, with the French one in its ``fr-site/`` folder (``conftest.py``)."""
    return docs_site


def _pages(root: Path, skip: tuple[str, ...] = ()) -> dict[Path, Page]:
    parsed = {}
    for path in sorted(root.rglob("*.html")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith(("_modules/", "_sources/", "_static/", *skip)):
            continue
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        parsed[path] = page
    return parsed


@pytest.fixture(scope="module")
def english(site: Path) -> dict[Path, Page]:
    return _pages(site, skip=("fr-site/",))


@pytest.fixture(scope="module")
def french(site: Path) -> dict[Path, Page]:
    return _pages(site / "fr-site", skip=("index.html",))


def test_the_french_site_holds_the_french_pages_only(site: Path) -> None:
    french = site / "fr-site"
    assert (french / "fr" / "regles" / "partie.html").is_file()
    assert not (french / "rulings").exists()
    assert not (french / "reference").exists()
    assert "fr/index.html" in (french / "index.html").read_text(encoding="utf-8")


def test_each_page_says_its_language(
    site: Path, english: dict[Path, Page], french: dict[Path, Page]
) -> None:
    assert french
    assert english
    assert {page.lang for page in french.values()} == {"fr"}
    for path, page in english.items():
        expected = "fr" if path.relative_to(site).parts[0] == "fr" else "en"
        assert page.lang == expected, path


@pytest.mark.parametrize("where", ["fr-site/fr/regles/partie.html", "fr/regles/partie.html"])
def test_the_theme_speaks_french_on_french_pages(site: Path, where: str) -> None:
    """On the French site and on the French pages of the English site alike: "On this
    page", the search box, "Contents" (the table of contents' icon) are in French."""
    text = (site / where).read_text(encoding="utf-8")
    for label in (
        "Sur cette page",
        "Retour en haut",
        'placeholder="Recherche"',
        "<title>Contenu</title>",
    ):
        assert label in text, label
    for label in ("On this page", 'placeholder="Search"', "<title>Contents</title>"):
        assert label not in text, label
    english = (site / "rulings" / "baron.html").read_text(encoding="utf-8")
    assert "Sur cette page" not in english
    assert "<title>Contents</title>" in english


class Prose(HTMLParser):
    """The text of a page's article, outside code: what French typography applies to."""

    _CODE: ClassVar = {"code", "pre", "script", "style", "kbd", "samp"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # inside <article>
        self.code = 0
        self.chunks: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.depth += tag == "article" or (self.depth > 0 and tag == "article")
        self.code += tag in self._CODE

    def handle_endtag(self, tag: str) -> None:
        self.depth -= tag == "article"
        self.code -= tag in self._CODE

    def handle_data(self, data: str) -> None:
        if self.depth > 0 and not self.code:
            self.chunks.append(data)


_NBSP = "\u00a0\u202f"
_BADLY_SPACED = re.compile(rf"[^{_NBSP}][:;!?](?=\s|$)|[^{_NBSP}]»|«[^{_NBSP}]|^[:;!?»](?=\s|$)")


def test_french_pages_follow_french_typography(french: dict[Path, Page]) -> None:
    """A non-breaking space before ``: ; ! ?`` and inside ``« »`` on every French page
    (code apart), "Vérifiée par :" included."""
    bad: dict[str, list[str]] = {}
    for path in french:
        prose = Prose()
        prose.feed(path.read_text(encoding="utf-8"))
        text = "".join(prose.chunks)
        found = [text[max(0, m.start() - 20) : m.end() + 5] for m in _BADLY_SPACED.finditer(text)]
        if found:
            bad[path.name] = found[:5]
    assert bad == {}
    cards = next(p for p in french if p.name == "baron.html").read_text(encoding="utf-8")
    assert "Vérifiée par\u00a0:" in cards


def _resolve(page: Path, href: str) -> tuple[Path, str]:
    parts = urlsplit(href)
    assert not parts.scheme, href
    assert not parts.netloc, href
    where = posixpath.normpath(posixpath.join(page.parent.as_posix(), unquote(parts.path)))
    return Path(where), unquote(parts.fragment)


def _twins(pages: dict[Path, Page], kind: str) -> dict[str, tuple[Path, Path, str]]:
    """Each ruling's twin link of this kind: the ruling, its page, where it lands, anchor."""
    found = {}
    for path, page in pages.items():
        for href, classes in page.twins:
            if kind in classes.split():
                target, fragment = _resolve(path, href)
                ruling = fragment.removeprefix("fr-").upper()
                found[ruling] = (path, target, fragment)
    return found


@pytest.mark.parametrize("direction", ["en-to-fr", "fr-to-en"])
def test_every_ruling_block_links_to_its_twin_on_the_other_site(
    site: Path, english: dict[Path, Page], french: dict[Path, Page], direction: str
) -> None:
    if direction == "en-to-fr":
        pages = {p: page for p, page in english.items() if p.relative_to(site).parts[0] != "fr"}
        links, language = _twins(pages, "ruling-twin-fr"), "fr"
    else:
        links, language = _twins(french, "ruling-twin-en"), "en"
    assert sorted(links) == sorted(IDS), set(IDS) ^ set(links)
    parsed = {**english, **french}
    for ruling, (page, target, fragment) in links.items():
        assert target.is_file(), (ruling, page, target)
        if language == "en":  # from the French site to the English one
            assert not target.is_relative_to(site / "fr-site"), (ruling, target)
        expected = ruling.lower() if language == "en" else f"fr-{ruling.lower()}"
        assert fragment == expected
        assert fragment in parsed[target].ids, (ruling, target, fragment)
        assert parsed[target].lang == language, target


def test_the_french_pages_of_the_english_site_link_to_its_english_blocks(
    site: Path, english: dict[Path, Page]
) -> None:
    pages = {p: page for p, page in english.items() if p.relative_to(site).parts[0] == "fr"}
    links = _twins(pages, "ruling-twin-en")
    assert sorted(links) == sorted(IDS)
    for ruling, (_, target, fragment) in links.items():
        assert target.is_file(), ruling
        assert target.is_relative_to(site), ruling
        assert not target.is_relative_to(site / "fr-site"), ruling
        assert fragment in english[target].ids


def test_links_from_the_french_site_to_english_pages_land_on_the_english_site(
    site: Path, french: dict[Path, Page]
) -> None:
    index = site / "fr-site" / "fr" / "index.html"
    hrefs = re.findall(r'href="([^"#]*(?:reference|howto)/[^"]*)"', index.read_text("utf-8"))
    assert hrefs
    for href in hrefs:
        target, _ = _resolve(index, href)
        assert target.is_file(), href
        assert not target.is_relative_to(site / "fr-site"), href


def _search_index(path: Path) -> dict[str, object]:
    text = path.read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])  # type: ignore[no-any-return]


@pytest.mark.parametrize("ruling", ["LL19-BARON-TIE", "LL19-NAMES-FR", "HOUSE-REMEDY-TAKE-BACK"])
def test_searching_a_ruling_id_finds_the_english_page_first(site: Path, ruling: str) -> None:
    index = _search_index(site / "searchindex.js")
    docnames: list[str] = index["docnames"]  # type: ignore[assignment]
    entries = index["indexentries"][ruling.lower()]  # type: ignore[index]
    assert entries, ruling
    first, anchor, main = entries[0]
    assert main
    assert anchor == ruling.lower()
    assert not docnames[first].startswith("fr/")
    # the French pages are not searched at all on the English site
    terms: dict[str, object] = index["terms"]  # type: ignore[assignment]
    for word in ruling.lower().split("-"):
        found = terms.get(word, [])
        found = [found] if isinstance(found, int) else found
        assert not [doc for doc in found if docnames[doc].startswith("fr/")], word
    assert not any(
        docnames[doc].startswith("fr/")
        for docs in index["indexentries"].values()  # type: ignore[union-attr]
        for doc, _, _ in docs
    )


def test_searching_a_ruling_id_on_the_french_site_finds_the_french_block(site: Path) -> None:
    index = _search_index(site / "fr-site" / "searchindex.js")
    docnames: list[str] = index["docnames"]  # type: ignore[assignment]
    entries = index["indexentries"]["ll19-baron-tie"]  # type: ignore[index]
    assert [(docnames[doc], anchor) for doc, anchor, _ in entries] == [
        ("fr/regles/cartes/baron", "fr-ll19-baron-tie")
    ]
