"""The built documentation's navigation: ruling links, the reason codes, the new pages.

The site is built once for the test run (in a temporary folder, with the project's own
Sphinx configuration, as from the ``docs`` extra alone: ``sites.py``), then its HTML is
read with the standard library's parser: every ruling of the catalogue has exactly one
anchor per language, every link to a ruling lands on an existing anchor, no ruling id is
left unlinked in the text, the reason-codes table wraps rather than scrolls, and the
glossary, changelog, all-rulings page and copy button are there.
"""

from __future__ import annotations

import doctest
import posixpath
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest
from testkit.project import ROOT, need_docs_extras

from loveletter import Reason
from loveletter.catalogue import HOUSE, RULINGS

need_docs_extras()

DOCS = ROOT / "docs"
IDS = (*RULINGS, *HOUSE)
RULING_ID = re.compile(r"\b(?:LL19|LLC|HOUSE)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
_VOID = {"br", "hr", "img", "input", "link", "meta", "col", "wbr", "source", "area", "base"}
_UNLINKED_OK = {"pre", "a", "title", "script", "style", "h1", "h2", "h3", "h4", "textarea"}


def anchor(ruling: str, language: str = "en") -> str:
    """The anchor of a ruling's block, as the extension makes it."""
    return ruling.lower() if language == "en" else f"{language}-{ruling.lower()}"


class Page(HTMLParser):
    """What the tests need from one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.ids: list[str] = []
        self.rulings: list[str] = []  # the ids of the ruling blocks
        self.links: list[tuple[str, str, list[str]]] = []  # href, text, enclosing classes
        self.unlinked: list[str] = []
        self.scripts: list[str] = []
        self.tables: list[dict[str, str]] = []
        self.reason_rows: dict[str, list[str]] = {}  # row id: ruling links in the row
        self._link: list[str] | None = None

    def _classes(self) -> list[str]:
        return [c for _, attrs in self.stack for c in attrs.get("class", "").split()]

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        attrs = {key: value or "" for key, value in attributes}
        if "id" in attrs:
            self.ids.append(attrs["id"])
            if "ruling" in attrs.get("class", "").split():
                self.rulings.append(attrs["id"])
        if tag == "script" and "src" in attrs:
            self.scripts.append(attrs["src"])
        if tag == "table":
            self.tables.append(attrs)
        if tag == "tr" and attrs.get("id", "").startswith("reason-"):
            self.reason_rows[attrs["id"]] = []
        if tag == "a":
            self._link = [attrs.get("href", ""), ""]
        if tag not in _VOID:
            self.stack.append((tag, attrs))

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._link is not None:
            href, text = self._link
            self.links.append((href, text, self._classes()))
            rows = [a.get("id", "") for t, a in self.stack if t == "tr"]
            if rows and rows[-1] in self.reason_rows and RULING_ID.fullmatch(text.strip()):
                self.reason_rows[rows[-1]].append(href)
            self._link = None
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth][0] == tag:
                del self.stack[depth:]
                break

    def handle_data(self, data: str) -> None:
        if self._link is not None:
            self._link[1] += data
        tags = {tag for tag, _ in self.stack}
        if tags & _UNLINKED_OK or "sig" in self._classes():
            return  # code blocks, links, titles, and the values shown in API signatures
        self.unlinked += [found for found in RULING_ID.findall(data) if found in IDS]


@pytest.fixture(scope="module")
def site(docs_site: Path) -> Path:
    """The HTML site, built once for the test run (``conftest.py``)."""
    return docs_site


@pytest.fixture(scope="module")
def pages(site: Path) -> dict[str, Page]:
    """Every page of the site (but the highlighted sources), parsed."""
    parsed: dict[str, Page] = {}
    for path in sorted(site.rglob("*.html")):
        relative = path.relative_to(site).as_posix()
        if relative.startswith(("_modules/", "_sources/", "_static/", "fr-site/")):
            continue
        page = Page()
        page.feed(path.read_text(encoding="utf-8"))
        parsed[relative] = page
    return parsed


def _language(page: str) -> str:
    return "fr" if page.startswith("fr/") else "en"


def test_every_ruling_has_exactly_one_anchor_per_language(pages: dict[str, Page]) -> None:
    for language in ("en", "fr"):
        blocks: dict[str, list[str]] = {}
        for name, page in pages.items():
            if _language(name) == language:
                for block in page.rulings:
                    blocks.setdefault(block, []).append(name)
        for ruling in IDS:
            where = blocks.get(anchor(ruling, language), [])
            assert len(where) == 1, f"{ruling} ({language}) has {len(where)} blocks: {where}"


def test_every_ruling_link_lands_on_an_existing_anchor(pages: dict[str, Page]) -> None:
    ruling_fragment = re.compile(r"^(?:fr-)?(?:ll19|llc|house)-[a-z0-9-]+$")
    checked = 0
    for name, page in pages.items():
        for href, text, _ in page.links:
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not ruling_fragment.match(parts.fragment):
                continue
            target = name
            if parts.path:
                target = posixpath.normpath(
                    posixpath.join(posixpath.dirname(name), unquote(parts.path))
                )
            assert target in pages, f"{name}: the link {href} ({text}) leads to no page"
            assert parts.fragment in pages[target].ids, f"{name}: {href} ({text}) has no anchor"
            checked += 1
    assert checked > len(IDS)


def test_every_ruling_id_in_the_text_is_a_link(pages: dict[str, Page]) -> None:
    """Outside code blocks and titles, no ruling id is left as plain text (API pages too)."""
    unlinked = {name: page.unlinked for name, page in pages.items() if page.unlinked}
    assert unlinked == {}
    api = [
        text
        for name, page in pages.items()
        if name.startswith("reference/api")
        for _, text, _ in page.links
        if RULING_ID.fullmatch(text.strip())
    ]
    assert api, "the API pages link no ruling id"


def test_the_reason_codes_ruling_ids_are_links_and_the_table_wraps(
    pages: dict[str, Page],
) -> None:
    page = pages["reference/reason-codes.html"]
    assert len(page.reason_rows) == len(Reason)
    for row, links in page.reason_rows.items():
        assert links, f"{row}: its ruling id is no link"
    table = next(t for t in page.tables if "reason-codes" in t.get("class", ""))
    assert "style" not in table, table
    assert "width" not in table, table
    assert "nowrap" not in str(page.tables)
    css = (DOCS / "_static" / "loveletter.css").read_text(encoding="utf-8")
    rules = re.sub(r"\s+", " ", css)
    assert re.search(r"table\.docutils td[^{]*\{[^}]*white-space: normal", rules)
    assert re.search(r"table\.reason-codes[^{]*pre[^{]*\{[^}]*white-space: pre-wrap", rules)
    assert ".ruling:target" in rules


def test_the_all_rulings_page_lists_every_ruling_with_a_link(pages: dict[str, Page]) -> None:
    page = pages["rulings/all.html"]
    linked = {text.strip() for _, text, _ in page.links}
    assert [ruling for ruling in IDS if ruling not in linked] == []


def test_a_ruling_page_lists_its_rulings_on_this_page(pages: dict[str, Page]) -> None:
    for name in ("rulings/baron.html", "rulings/house.html"):
        page = pages[name]
        toc = {href for href, _, classes in page.links if "toc-tree" in classes}
        assert page.rulings
        assert {f"#{block}" for block in page.rulings} <= toc, name


def test_the_glossary_changelog_and_install_pages_are_there(pages: dict[str, Page]) -> None:
    assert {"glossary.html", "changelog.html", "install.html"} <= set(pages)
    glossary = pages["glossary.html"]
    terms = {"term-protected", "term-knocked-out", "term-set-aside", "term-face-up"}
    assert terms | {"term-showdown", "term-favor-token"} <= set(glossary.ids)
    assert any(RULING_ID.fullmatch(text.strip()) for _, text, _ in glossary.links)
    assert "changelog" in pages["changelog.html"].ids


def test_code_blocks_have_a_copy_button(site: Path, pages: dict[str, Page]) -> None:
    assert any("copybutton" in script for script in pages["index.html"].scripts)
    script = (site / "_static" / "copybutton_funcs.js").read_text(encoding="utf-8")
    assert "onlyCopyPromptLines" in script or "copybutton" in script
    settings = (site / "_static" / "copybutton.js").read_text(encoding="utf-8")
    assert ">>> " in settings.replace("\\\\", "\\") or ">>>" in settings


class Blocks(HTMLParser):
    """Each ruling block of a page: its heading, where its code is, its sources links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: dict[str, dict[str, Any]] = {}
        self.block: dict[str, Any] | None = None
        self.depth = 0  # <section> depth inside the block
        self.where: list[str] = []  # the open tags (and classes) inside the block

    def handle_starttag(self, tag: str, attributes: list[tuple[str, str | None]]) -> None:
        attrs = {key: value or "" for key, value in attributes}
        classes = attrs.get("class", "").split()
        if tag == "section" and "ruling" in classes:
            self.block = self.blocks[attrs["id"]] = {
                "heading": "",
                "folds": 0,
                "code": [],
                "tests": [],
                "sources": [],
                "prompts": 0,
            }
            self.depth, self.where = 1, []
            return
        if self.block is None or tag in _VOID:
            return
        self.depth += tag == "section"
        self.where.append(f"{tag}.{'.'.join(classes)}")
        inside = " ".join(self.where)
        if tag == "details":
            self.block["folds"] += 1
        if tag == "pre":
            self.block["code"].append("details" in inside)
        if "ruling-tests" in classes:
            self.block["tests"].append("details" in inside)
        if tag == "a" and "ruling-sources" in inside:
            self.block["sources"].append(attrs.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        if self.block is None:
            return
        if tag == "section":
            self.depth -= 1
            if self.depth == 0:
                self.block = None
                return
        if tag in _VOID:
            return
        for depth in range(len(self.where) - 1, -1, -1):
            if self.where[depth].split(".")[0] == tag:
                del self.where[depth:]
                break

    def handle_data(self, data: str) -> None:
        if self.block is None:
            return
        inside = " ".join(self.where)
        if re.search(r"\bh[2-6]\.", inside) and "headerlink" not in inside:
            self.block["heading"] += data
        if "details" in inside and data.startswith(">>> "):
            self.block["prompts"] += 1


@pytest.fixture(scope="module")
def blocks(site: Path, pages: dict[str, Page]) -> dict[str, dict[str, dict[str, Any]]]:
    """The ruling blocks of each page that has some, by page and anchor."""
    found = {}
    for name, page in pages.items():
        if page.rulings:
            parser = Blocks()
            parser.feed((site / name).read_text(encoding="utf-8"))
            found[name] = parser.blocks
    return found


def _plain(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").split())


def test_every_ruling_block_is_headed_in_players_words_and_answers_first(
    blocks: dict[str, dict[str, dict[str, Any]]],
) -> None:
    """The heading of the catalogue, then the answer; the example and the tests that check
    it are under one toggle, never in the way of the answer."""
    seen = 0
    for name, found in blocks.items():
        language = _language(name)
        for block_id, block in found.items():
            ruling = block_id.removeprefix("fr-").upper()
            record = RULINGS.get(ruling) or HOUSE[ruling]
            assert _plain(block["heading"]) == _plain(record.heading_in(language)), block_id
            assert block["folds"] == 1, (name, block_id)
            assert all(block["code"]), (name, block_id, "code outside the toggle")
            assert block["tests"], (name, block_id)
            assert all(block["tests"]), (name, block_id)
            seen += 1
    assert seen == 2 * len(IDS)


def test_each_source_of_a_ruling_links_to_its_title_and_edition(
    blocks: dict[str, dict[str, dict[str, Any]]], pages: dict[str, Page]
) -> None:
    """Every source named under a ruling links to its entry (title, edition) on the index."""
    entries = {"rulings/index.html": "source-", "fr/index.html": "fr-source-"}
    for index, prefix in entries.items():
        labels = {i for i in pages[index].ids if i.startswith(prefix)}
        assert len(labels) == 5, (index, labels)
    linked: set[str] = set()
    for name, found in blocks.items():
        for block_id, block in found.items():
            ruling = block_id.removeprefix("fr-").upper()
            record = RULINGS.get(ruling) or HOUSE[ruling]
            targets = [href for href in block["sources"] if "#" in href and "source-" in href]
            sources = [t for t in targets if "ruling-sources" not in t]
            assert len(sources) == len(record.sources), (name, block_id, targets)
            for href in sources:
                page, _, label = href.partition("#")
                where = posixpath.normpath(posixpath.join(posixpath.dirname(name), page))
                assert label in pages[where].ids, (name, href)
                linked.add(label)
    assert len(linked) == 10  # the five sources, in each language


def test_the_folded_examples_are_still_run_as_doctests(
    blocks: dict[str, dict[str, dict[str, Any]]],
) -> None:
    """Folding changes the page, not the tests: pytest (``--doctest-glob=*.md``) runs every
    example of a ruling page, those under the toggles included."""
    for page, source in (
        ("rulings/baron.html", "rulings/baron.md"),
        ("fr/regles/cartes/baron.html", "fr/regles/cartes/baron.md"),
    ):
        folded = sum(block["prompts"] for block in blocks[page].values())
        text = (DOCS / source).read_text(encoding="utf-8")
        test = doctest.DocTestParser().get_doctest(text, {}, source, source, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        result = runner.run(test, out=lambda _: None)
        assert result.failed == 0, source
        assert folded > 0
        assert result.attempted >= folded, (source, result.attempted, folded)


@pytest.mark.parametrize("page", ["rulings/questions.html", "fr/regles/questions.html"])
def test_questions_at_the_table(pages: dict[str, Page], site: Path, page: str) -> None:
    """At least 40 questions in players' words, each answered with a link to its ruling;
    "a card shown by mistake" is one, answered by the house remedy and its agreement."""
    text = (site / page).read_text(encoding="utf-8")
    answers = re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", text, re.S)
    assert len(answers) >= 40
    ruling_link = re.compile(r'href="[^"]*#(?:fr-)?(?:ll19|llc|house)-[a-z0-9-]+"')
    for question, answer in answers:
        assert question.strip().endswith("?"), question
        assert ruling_link.search(answer), question
    mistake = next(
        answer for question, answer in answers if "showed" in question or "montré" in question
    )
    for ruling in ("house-remedy-agreed", "house-remedy-redeal"):
        assert f"#{anchor(ruling.upper(), _language(page))}" in mistake, ruling


@pytest.mark.parametrize("home", ["index.html", "fr/index.html"])
def test_the_home_pages_lead_players_to_what_they_need(pages: dict[str, Page], home: str) -> None:
    """The questions, the one-line list of every ruling and the printable reference card."""
    hrefs = [href for href, _, _ in pages[home].links]
    wanted = (
        "questions.html",
        "all.html" if home == "index.html" else "toutes.html",
        "refcards/2019-",
    )
    for end in wanted:
        assert any(end in href for href in hrefs), (home, end)
