"""Sphinx extension for the loveletter docs: rulings, reason codes and scenarios.

* ``{ruling} ID`` (option ``:lang: fr``): a ruling's anchor (``ll19-baron-tie``, or
  ``fr-ll19-baron-tie`` in French), its id, its sources, its statement and example (the
  content), and the tests that check it. ``ID`` is a ruling of the catalogue's
  ``RULINGS.md`` or a house rule of its ``HOUSE.md`` (``HOUSE-REMEDY-TAKE-BACK``); the
  build fails while any of them lacks a block in either language. The sources are the
  catalogue's words (:mod:`loveletter.catalogue`, in French
  :meth:`~loveletter.catalogue.Ruling.attribution_in`),
  whether a referee decision included; the tests are found by reading the test files'
  ``ruling`` markers and the scenario files' ``rulings`` lists when the docs are built.
  Neither is written by hand on a page, so neither can drift.
* ``{reason-codes}``: a table of every :class:`loveletter.Reason`, in order of precedence,
  with when it is raised (the enum's own docstrings) and an example refusal that the
  referee produces as the page is built. A code without an example fails the build.
* ``{scenario} FILE#ID``: a scenario of a ``.jsonl`` file, rendered step by step.
* ``{playing-card-labels}`` (option ``:by: label`` or ``:by: card``): the labels of the
  2019 deck played with playing cards, read from the edition as the page is built.
* ``{all-rulings}``: every ruling id of the catalogue (house rules included) with its
  one-line statement, each id a link to its block.
* Every ruling id written anywhere in the docs (text, inline code, API docstrings, but
  not code blocks) becomes a link to its block (on a French page, the French block); and
  each ruling block is listed in its page's "on this page" table of contents.
* Each ruling block links to its twin in the other language: an English block to the
  French block (of the French site built with ``-D language=fr`` when
  ``loveletter_french_site`` names its folder), a French block to the English block (on
  the French site, through ``loveletter_english_site``). The French pages of the
  English site say they are French (``<html lang="fr">``).
  On the French site, built from the French pages alone, a link to an English page or
  to the API goes to the English site.
* The English site leaves its French pages out of the search index, and each block of
  a site's language is an index entry: searching a ruling id finds its block first.
"""

from __future__ import annotations

import ast
import gettext
import json
import os
import posixpath
import re
import subprocess
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.domains import Domain, ObjType
from sphinx.errors import ExtensionError
from sphinx.pycode import ModuleAnalyzer
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "scenarios"


# -- who checks what ----------------------------------------------------------------------


def _marked(node: ast.AST) -> list[str]:
    """The ruling ids of a ``pytest.mark.ruling(...)`` call, if ``node`` is one."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "ruling"
    ):
        return [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
    return []


def checked_rulings(root: Path = ROOT) -> dict[str, list[str]]:
    """Every test (and scenario) that names each ruling."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((root / "tests").rglob("test_*.py")):
        relative = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for decorator in node.decorator_list:
                    for ruling in _marked(decorator):
                        found[ruling].append(f"{relative}::{node.name}")
    folders = (
        (root / "tests" / "scenarios", "tests/scenarios"),
        (SHARED, "shared"),
        (SHARED / "house", "shared/house"),
    )
    for folder, label in folders:
        for path in sorted(folder.glob("*.jsonl")) if folder.exists() else []:
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip() and not line.lstrip().startswith("//"):
                    data = json.loads(line)
                    for ruling in data.get("rulings", []):
                        found[ruling].append(f"scenario {label}/{path.name}: {data['id']}")
    return dict(found)


# -- rulings --------------------------------------------------------------------------------

_WORDS = {
    "en": ("Checked by", "no test names this ruling yet"),
    "fr": ("Vérifiée par", "aucun test ne nomme encore cette règle"),
}
SOURCES_LABEL = {"en": "ruling-sources", "fr": "fr-ruling-sources"}
"""The label of the section that names the sources, on each language's index page."""


def catalogued(ruling_id: str) -> Any:
    """The catalogue's record of ``ruling_id``.

    A ruling of :data:`loveletter.catalogue.RULINGS`, or a house rule of
    :data:`loveletter.catalogue.HOUSE`.
    """
    from loveletter.catalogue import HOUSE, RULINGS

    found = RULINGS.get(ruling_id) or HOUSE.get(ruling_id)
    if found is None:
        raise ExtensionError(f"{ruling_id} is no ruling of the catalogue")
    return found


def sources_line(ruling_id: str, language: str = "en") -> str:
    """A ruling's sources as its block shows them: the catalogue's words, as a sentence.

    >>> sources_line("LL19-BARON-TIE")
    'Sources: rules reference, teaching guide, French aid, classic rules explained.'
    >>> sources_line("LL19-Q03"), sources_line("LL19-Q03", "fr")
    ('Referee decision.', "Décision de l'arbitre.")
    """
    text = catalogued(ruling_id).attribution_in(language)
    return text[:1].upper() + text[1:] + "."


class folded(nodes.General, nodes.Element):  # noqa: N801 (docutils names nodes so)
    """What a player need not read to have the answer, folded under one toggle.

    In HTML a ``<details>`` whose ``<summary>`` is the node's ``summary``.
    """


def _visit_folded(self: Any, node: folded) -> None:
    self.body.append(f'<details class="{" ".join(node["classes"])}">')
    self.body.append(f"<summary>{self.encode(node['summary'])}</summary>\n")


def _depart_folded(self: Any, node: folded) -> None:
    self.body.append("</details>\n")


def _skip_folded(self: Any, node: folded) -> None:
    """Other builders show what is folded as it is."""


_FOLD = {"en": "Example and tests", "fr": "Exemple et tests"}


def _split_answer(box: nodes.Element) -> list[nodes.Node]:
    """The content of a ruling block from its first example on, taken out of ``box``.

    The player's answer is what comes before: the project's own words for the ruling.
    """
    children = list(box.children)
    first = next(
        (
            number
            for number, child in enumerate(children)
            if isinstance(child, (nodes.literal_block, nodes.doctest_block))
            or any(True for _ in child.findall(nodes.literal_block))
        ),
        len(children),
    )
    rest = children[first:]
    for child in rest:
        box.remove(child)
    return rest


def source_label(source: str, language: str = "en") -> str:
    """The label of a source's entry on the rulings index: ``source-rules-reference``.

    >>> source_label("French aid"), source_label("French aid", "fr")
    ('source-french-aid', 'fr-source-french-aid')
    """
    label = nodes.make_id(f"source-{source}")
    return label if language == "en" else f"{language}-{label}"


def _link(label: str, text: str) -> addnodes.pending_xref:
    link = addnodes.pending_xref(
        "", refdomain="std", reftype="ref", reftarget=label, refexplicit=True, refwarn=True
    )
    link += nodes.inline(text=text)
    return link


def _sources_paragraph(ruling_id: str, language: str, line: str) -> nodes.paragraph:
    """A ruling's sources line (``line``, :func:`sources_line`), with its links.

    Each source links to its entry on the rulings index, the rest (such as "in part a
    referee decision") to the sources section.
    """
    from loveletter.catalogue import SOURCE_NAMES_FR

    said = nodes.paragraph(classes=["ruling-sources"])
    said["support_smartquotes"] = False  # the catalogue's words, apostrophes included
    names = {
        (SOURCE_NAMES_FR[source] if language == "fr" else source): source
        for source in catalogued(ruling_id).sources
    }
    pattern = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))

    def between(text: str) -> None:
        """Words ("Sources:", "in part a referee decision") lead to the sources section."""
        if any(char.isalpha() for char in text):
            said.append(_link(SOURCES_LABEL[language], text))
        elif text:
            said.append(nodes.Text(text))

    last = 0
    for match in re.finditer(pattern, line) if pattern else ():
        between(line[last : match.start()])
        said += _link(source_label(names[match.group()], language), match.group())
        last = match.end()
    between(line[last:])
    return said


class RulingDirective(SphinxDirective):
    """A ruling: heading, id and anchor, answer, sources; folded: example and tests."""

    required_arguments = 1
    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {"lang": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        ruling = self.arguments[0]
        language = self.options.get("lang", "en")
        if language not in _WORDS:
            raise self.error(f"{ruling}: no language {language!r} (en, fr)")
        try:
            sources = sources_line(ruling, language)
            heading = catalogued(ruling).heading_in(language)
        except ExtensionError as problem:
            raise self.error(str(problem)) from None
        if not heading:
            raise self.error(
                f"{ruling} has no heading in {language} (loveletter/catalogue/HEADINGS.md)"
            )
        anchor = ruling_anchor(ruling, language)
        checked, none = _WORDS[language]
        box = nodes.section(classes=["ruling"], ruling=ruling, ruling_language=language)
        box["ids"].append(anchor)
        box += nodes.title(heading, heading)
        head = nodes.paragraph(classes=["ruling-id"])
        head += nodes.reference("", "", nodes.literal(text=ruling), refid=anchor)
        box += head
        self.state.nested_parse(self.content, self.content_offset, box)
        rest = _split_answer(box)
        box += _sources_paragraph(ruling, language, sources)
        fold = folded(classes=["ruling-more"], summary=_FOLD[language])
        fold.extend(rest)
        tests = self.env.app.config.loveletter_tests.get(ruling, [])  # type: ignore[attr-defined]
        listing = nodes.paragraph(classes=["ruling-tests"])
        listing += nodes.emphasis(text=f"{checked} : " if language == "fr" else f"{checked}: ")
        if not tests:
            listing += nodes.emphasis(text=none)
        fold += listing
        if tests:
            items = nodes.bullet_list(classes=["ruling-tests"])
            for test in tests:
                items += nodes.list_item("", nodes.paragraph("", "", nodes.literal(text=test)))
            fold += items
        box += fold
        std = self.env.get_domain("std")
        std.note_hyperlink_target(anchor, self.env.docname, anchor, ruling)  # type: ignore[attr-defined]
        _documented(self.env).setdefault(language, {})[ruling] = self.env.docname
        if language != build_language(self.config):
            return [box]
        domain = self.env.get_domain(RulingsDomain.name)
        domain.note_ruling(ruling, heading, self.env.docname, anchor)  # type: ignore[attr-defined]
        entry = addnodes.index(entries=[("single", ruling, anchor, "main", None)], inline=False)
        return [entry, box]


class FoldedDirective(SphinxDirective):
    """``{folded} SUMMARY``: its content folded under one toggle (``<details>``).

    Such as the imports a page's examples start from: still built, still run by the tests.
    """

    required_arguments = 1
    final_argument_whitespace = True
    has_content = True

    def run(self) -> list[nodes.Node]:
        fold = folded(classes=["folded"], summary=self.arguments[0])
        self.state.nested_parse(self.content, self.content_offset, fold)
        return [fold]


class moved_rulings(nodes.General, nodes.Element):  # noqa: N801 (docutils names nodes so)
    """Where a page's rulings went: filled in by :class:`LinkRulingIds`."""


class MovedRulingsDirective(SphinxDirective):
    """``{moved-rulings} FOLDER/``: the rulings this page held are on FOLDER's pages now.

    ``FOLDER`` is relative to the page. A link to one of them on this page, as links in
    the wild have it (``cartes.html#fr-ll19-baron-tie``), lands on its new page.
    A small script of the page does it, with the map of anchors to pages that the build
    knows; the anchors themselves never change.
    """

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        base = posixpath.dirname(self.env.docname)
        folder = posixpath.normpath(posixpath.join(base, self.arguments[0]))
        return [moved_rulings(folder=folder + "/")]


def _fill_moved(app: Sphinx, document: nodes.Node, docname: str) -> None:
    for node in list(document.findall(moved_rulings)):
        language = _language_of(docname)
        moved = {
            ruling_anchor(ruling, language): ruling_uri(app, docname, ruling, language)
            for ruling, where in sorted(_documented(app.env).get(language, {}).items())
            if where.startswith(node["folder"])
        }
        script = (
            "<script>(function () {\n"
            f"  var moved = {json.dumps(moved, sort_keys=True)};\n"
            "  var to = moved[decodeURIComponent(location.hash.slice(1))];\n"
            "  if (to) location.replace(to);\n"
            "})();</script>\n"
        )
        node.replace_self(nodes.raw("", script, format="html"))


class RulingsDomain(Domain):
    """The rulings as objects of the search index: a player's words find the ruling itself.

    Each ruling block of the site's language is an object named by its heading and id
    (``A Baron tie: nobody is out (LL19-BARON-TIE)``), of the type "ruling" ("règle" on
    the French site), so that the search box lists it, linked to its anchor, with its
    heading as the result's title; the site's scorer (``_static/search-scorer.js``) puts
    rulings above the pages that merely mention the words.
    """

    name = "ruling"
    label = "Rulings"
    object_types: ClassVar[dict[str, ObjType]] = {"ruling": ObjType("ruling", "ruling")}
    initial_data: ClassVar[dict[str, Any]] = {"rulings": {}}

    @property
    def rulings(self) -> dict[str, tuple[str, str, str]]:
        """Each ruling's ``(heading, docname, anchor)``, by id."""
        found: dict[str, tuple[str, str, str]] = self.data.setdefault("rulings", {})
        return found

    def note_ruling(self, ruling: str, heading: str, docname: str, anchor: str) -> None:
        self.rulings[ruling] = (heading, docname, anchor)

    def clear_doc(self, docname: str) -> None:
        for ruling in [r for r, (_, doc, _) in self.rulings.items() if doc == docname]:
            del self.rulings[ruling]

    def merge_domaindata(self, docnames: Any, otherdata: dict[str, Any]) -> None:
        for ruling, (heading, docname, anchor) in otherdata.get("rulings", {}).items():
            if docname in docnames:
                self.rulings[ruling] = (heading, docname, anchor)

    def get_type_name(self, type: ObjType, primary: bool = False) -> str:
        return "règle" if build_language(self.env.config) == "fr" else "ruling"

    def get_objects(self) -> Any:
        # The index escapes the name once and the search page once more: an apostrophe
        # would show as "&#x27;", so the name has the typographic one.
        for ruling, (heading, docname, anchor) in sorted(self.rulings.items()):
            yield (
                ruling,
                f"{heading} ({ruling})".replace("'", "\u2019"),
                "ruling",
                docname,
                anchor,
                0,
            )

    def resolve_xref(self, *args: Any) -> None:
        return None

    def resolve_any_xref(self, *args: Any) -> list[Any]:
        return []


# -- reason codes ----------------------------------------------------------------------------


def _examples() -> dict[str, tuple[str, Any]]:
    """For each reason code: a table, and a command the referee refuses for that reason."""
    from loveletter import Card, Choose, Deal, Draw, Game, Layout, Play, TakeBack

    def three() -> Any:
        return Game.arranged(
            {"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Handmaid"]
        )

    def over(tokens: int) -> Any:
        game = Game.arranged(
            {"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"], tokens={"Anna": tokens}
        )
        game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
        return game

    def protected() -> Any:
        game = Game.arranged(
            {"Anna": "Handmaid", "Ben": "Guard", "Carla": "Priest"}, pile=["Handmaid", "Guard"]
        )
        game.apply(Play(player="Anna", card=Card.HANDMAID))
        return game

    def knocked() -> Any:
        game = Game.arranged(
            {"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"}, pile=["Guard", "Guard"]
        )
        game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON))
        return game

    def chancellor() -> Any:
        game = Game.arranged(
            {"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Chancellor", "Spy", "King"]
        )
        game.apply(Play(player="Anna", card=Card.CHANCELLOR))
        return game

    def looked() -> Any:
        game = Game.arranged(
            {"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"},
            pile=["Priest", "Guard"],
            remedy=True,
        )
        game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
        return game

    bad = Layout(set_aside="Spy", hands={"Anna": "Spy", "Ben": "Guard"}, draw_pile=[])
    return {
        "GAME_OVER": ("Anna has won the game", (over(5), Play(player="Ben", card=Card.GUARD))),
        "BAD_DEAL": ("between rounds", (over(0), Deal(layout=bad))),
        "FIRST_NOT_ALLOWED": ("Anna won round 1", (over(0), Deal(first="Ben"))),
        "ROUND_OVER": ("round 1 is over", (over(0), Draw(player="Anna"))),
        "UNKNOWN_PLAYER": (
            "Anna's turn",
            (three(), Play(player="Anna", card=Card.GUARD, target="Zoe", guess=Card.KING)),
        ),
        "NOT_YOUR_TURN": (
            "Anna's turn",
            (three(), Play(player="Ben", card=Card.PRIEST, target="Anna")),
        ),
        "WRONG_PHASE": ("Anna has drawn", (three(), Draw(player="Anna"))),
        "UNKNOWN_CARD": (
            "a classic table",
            (
                Game.arranged({"Anna": "Guard", "Ben": "Priest"}, edition="classic"),
                Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY),
            ),
        ),
        "CARD_NOT_IN_HAND": (
            "Anna holds Guard, Handmaid",
            (three(), Play(player="Anna", card=Card.KING, target="Ben")),
        ),
        "COUNTESS_FORCED": (
            "Anna holds Countess, King",
            (
                Game.arranged({"Anna": "Countess", "Ben": "Priest"}, pile=["King"]),
                Play(player="Anna", card=Card.KING, target="Ben"),
            ),
        ),
        "TARGET_REQUIRED": (
            "Anna's turn",
            (three(), Play(player="Anna", card=Card.GUARD, guess=Card.KING)),
        ),
        "TARGET_NOT_ALLOWED": (
            "Anna's turn",
            (three(), Play(player="Anna", card=Card.HANDMAID, target="Ben")),
        ),
        "TARGET_SELF": (
            "Anna's turn",
            (three(), Play(player="Anna", card=Card.GUARD, target="Anna", guess=Card.KING)),
        ),
        "TARGET_OUT": (
            "Ben was knocked out",
            (knocked(), Play(player="Carla", card=Card.GUARD, target="Ben", guess=Card.KING)),
        ),
        "TARGET_PROTECTED": (
            "Anna played a Handmaid",
            (protected(), Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRIEST)),
        ),
        "GUESS_REQUIRED": (
            "Anna's turn",
            (three(), Play(player="Anna", card=Card.GUARD, target="Ben")),
        ),
        "GUESS_NOT_ALLOWED": (
            "Anna's turn",
            (three(), Play(player="Anna", card=Card.HANDMAID, guess=Card.KING)),
        ),
        "GUESS_GUARD": (
            "Anna's turn",
            (three(), Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD)),
        ),
        "BAD_CHOICE": (
            "Anna holds Guard, Spy, King after her Chancellor",
            (chancellor(), Choose(player="Anna", keep=Card.KING, returned=(Card.SPY,))),
        ),
        "REMEDY_NOT_AGREED": (
            "a table that did not agree to the house remedy",
            (three(), TakeBack(player="Anna")),
        ),
        "NOTHING_TO_TAKE_BACK": (
            "a table with the house remedy, before any play",
            (
                Game.arranged({"Anna": "Guard", "Ben": "Priest"}, remedy=True),
                TakeBack(player="Anna"),
            ),
        ),
        "NOT_REVERSIBLE": (
            "Anna's Priest has looked at Ben's card",
            (looked(), TakeBack(player="Anna")),
        ),
    }


class ReasonCodesDirective(SphinxDirective):
    """Every reason code, in order of precedence, with an example made by the referee."""

    def run(self) -> list[nodes.Node]:
        from loveletter import Reason
        from loveletter.serialization import to_data

        when = ModuleAnalyzer.for_module("loveletter.errors").find_attr_docs()
        examples = _examples()
        table = nodes.table(classes=["reason-codes"])
        group = nodes.tgroup(cols=5)
        table += group
        for width in (4, 16, 16, 30, 34):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        group += head
        row = nodes.row()
        for title in ("#", "Code", "Ruling", "When", "Example (produced by the referee)"):
            row += nodes.entry("", nodes.paragraph(text=title))
        head += row
        body = nodes.tbody()
        group += body
        for reason in Reason:
            if reason.value not in examples:
                raise ExtensionError(f"no example for the reason code {reason.value}")
            situation, (game, command) = examples[reason.value]
            refusal = game.check(command)
            if refusal is None or refusal.reason is not reason:
                raise ExtensionError(f"the example of {reason.value} gives {refusal!r}")
            text = " ".join(when.get(("Reason", reason.name), [""])).strip()
            row = nodes.row(ids=[nodes.make_id(f"reason-{reason.value}")])
            row += nodes.entry("", nodes.paragraph(text=str(reason.precedence + 1)))
            row += nodes.entry("", nodes.paragraph("", "", nodes.literal(text=reason.value)))
            # a ruling id as inline code: the link to its block is made by LinkRulingIds
            row += nodes.entry("", nodes.paragraph("", "", nodes.literal(text=refusal.ruling)))
            row += nodes.entry("", nodes.paragraph(text=text))
            example = nodes.entry()
            example += nodes.paragraph(
                "", "", nodes.emphasis(text=situation + ": "), nodes.literal(text=repr(command))
            )
            example += nodes.literal_block(
                text=json.dumps(to_data(refusal)["refusal"], indent=1, ensure_ascii=False)
            )
            row += example
            body += row
        return [table]


# -- playing-card labels -------------------------------------------------------------------

_RANKS = ("★", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUITS = ("♠", "♥", "♦", "♣")


def _label_order(label: str) -> tuple[int, int]:
    """Playing cards by rank (the jokers first), then suit: ``★``, ``A♠``, ``A♥``..."""
    if label == "★":
        return (0, 0)
    return (_RANKS.index(label[:-1]), _SUITS.index(label[-1]))


def _table(titles: tuple[str, ...], widths: tuple[int, ...], rows: list[list[Any]]) -> Any:
    """A docutils table: a header row of ``titles``, then ``rows`` of text or nodes."""
    table = nodes.table(classes=["playing-card-labels"])
    group = nodes.tgroup(cols=len(titles))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    row = nodes.row()
    for title in titles:
        row += nodes.entry("", nodes.paragraph(text=title))
    head += row
    body = nodes.tbody()
    group += body
    for cells in rows:
        row = nodes.row()
        for cell in cells:
            if isinstance(cell, nodes.Node):
                row += nodes.entry("", cell)
            else:
                row += nodes.entry("", nodes.paragraph(text=str(cell)))
        body += row
    return table


class LabelsDirective(SphinxDirective):
    """The playing-card rendition (LL19-LABELS) as a table: ``:by: label`` or ``:by: card``.

    Read from the 2019 edition's :attr:`~loveletter.editions.Edition.labels` as the page
    is built, so the table is always the one the referee reads.
    """

    option_spec: ClassVar[dict[str, Any]] = {
        "by": lambda argument: directives.choice(argument, ("label", "card")),
    }

    def run(self) -> list[nodes.Node]:
        from loveletter import edition
        from loveletter.words import card_name

        table = edition("2019")
        labels = dict(table.labels)
        if not labels:
            raise self.error("the 2019 edition has no playing-card labels")

        def code(text: str) -> Any:
            return nodes.paragraph("", "", nodes.literal(text=text))

        if self.options.get("by", "label") == "card":
            rows: list[list[Any]] = [
                [
                    str(spec.card),
                    card_name(spec.card, "fr"),
                    spec.value,
                    spec.count,
                    code(" ".join(labels[spec.card])),
                ]
                for spec in table.specs
            ]
            titles = ("Card", "French name", "Value", "Copies", "Labels")
            return [_table(titles, (14, 14, 8, 8, 30), rows)]
        kinds = {label: card for card, names in labels.items() for label in names}
        rows = []
        for label in sorted(kinds, key=_label_order):
            card = kinds[label]
            copies = labels[card].count(label)
            shown = f"{label} (both jokers)" if copies > 1 else label
            rows.append([code(shown), str(card), table.value[card]])
        return [_table(("Label", "Card", "Value"), (20, 20, 10), rows)]


# -- scenarios --------------------------------------------------------------------------------


class ScenarioDirective(SphinxDirective):
    """A scenario from a ``.jsonl`` file (``docs/`` relative), rendered step by step.

    It is run as the page is built, and a failing scenario fails the build.
    """

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        from loveletter.games.scenarios import load, run

        file, _, wanted = self.arguments[0].partition("#")
        path = (Path(self.env.srcdir) / file).resolve()
        self.env.note_dependency(str(path))
        scenarios = {scenario.id: scenario for scenario in load(path)}
        if wanted not in scenarios:
            raise self.error(f"no scenario {wanted!r} in {file}")
        scenario = scenarios[wanted]
        result = run(scenario)
        if not result.passed:
            raise self.error(f"the scenario {wanted} fails: {result.describe()}")
        data = scenario.data
        box = nodes.container(classes=["scenario"])
        head = nodes.paragraph()
        head += nodes.strong(text=f"Scenario {scenario.id}")
        head += nodes.Text(
            f" ({data.get('edition', '2019')}; {', '.join(data['players'])}; {data['first']} first)"
        )
        box += head
        if scenario.text:
            box += nodes.paragraph(text=scenario.text)
        deal = data["deal"]
        hands = ", ".join(f"{p}: {c}" for p, c in deal["hands"].items())
        pile = ", ".join(deal["draw_pile"][:4]) + (", ..." if len(deal["draw_pile"]) > 4 else "")
        box += nodes.paragraph(
            text=f"Dealt: {hands}; set aside {deal['set_aside']}; draw pile {pile}."
        )
        steps = nodes.enumerated_list()
        for step in data["steps"]:
            steps += nodes.list_item(
                "",
                nodes.paragraph("", "", nodes.literal(text=json.dumps(step, ensure_ascii=False))),
            )
        box += steps
        return [box]


# -- every ruling, one line each ----------------------------------------------------------------


_SECTIONS_FR = {
    "Setup": "Mise en place",
    "Turn structure": "Le tour",
    "Choosing players": "Désigner un joueur",
    "Knock-outs": "Quitter la manche",
    "End of round and scoring": "Fin de la manche et décompte",
    "Game end and next round": "Fin de la partie et manche suivante",
    "Classic edition (16 cards): the differences": "L'édition classique : les différences",
    "Playing-card rendition (2019 deck)": "Les cartes à jouer (paquet de 2019)",
    "French names": "Les noms français",
    "Referee decisions on questions the rulebooks leave open": "Les décisions de l'arbitre",
}
"""The catalogue's section titles in French (a card's section is its French name)."""

_HOUSE_TITLE = {
    "en": "House rules (only at a table that chose them)",
    "fr": "Règles de la maison (seulement à une table qui les a choisies)",
}


def _section_title(ruling: Any, language: str) -> str:
    """The title of the catalogue's section of ``ruling``, in ``language``."""
    if language != "fr":
        return str(ruling.section or "Other rulings")
    if ruling.section in _SECTIONS_FR:
        return _SECTIONS_FR[ruling.section]
    from loveletter import Card
    from loveletter.words import card_name

    name, _, value = ruling.section.partition(" (")
    return f"{card_name(Card[name.upper()], 'fr')} ({value}"


class AllRulingsDirective(SphinxDirective):
    """Every ruling id of the catalogue with its heading and one-line statement, by section.

    Read from :mod:`loveletter.catalogue` as the page is built (option ``:lang: fr``: the
    French headings and statements); each id is written as inline code, which
    :class:`LinkRulingIds` turns into a link to the ruling's block.
    """

    option_spec: ClassVar[dict[str, Any]] = {"lang": directives.unchanged}

    def run(self) -> list[nodes.Node]:
        from loveletter.catalogue import HOUSE, RULINGS

        language = self.options.get("lang", "en")
        sections: dict[str, list[Any]] = {}
        for ruling in RULINGS.values():
            sections.setdefault(_section_title(ruling, language), []).append(ruling)
        sections[_HOUSE_TITLE[language]] = list(HOUSE.values())
        result: list[nodes.Node] = []
        for title, rulings in sections.items():
            result.append(nodes.rubric(text=title))
            items = nodes.bullet_list(classes=["all-rulings"])
            for ruling in rulings:
                line = nodes.paragraph()
                line += nodes.literal(text=ruling.id)
                line += nodes.Text(" ")
                line += nodes.strong(text=ruling.heading_in(language))
                line += nodes.Text(" : " if language == "fr" else ": ")
                # the catalogue's words; its `code` spans as inline code
                for number, piece in enumerate(ruling.statement_in(language).split("`")):
                    line += nodes.literal(text=piece) if number % 2 else nodes.Text(piece)
                items += nodes.list_item("", line)
            result.append(items)
        return result


# -- links to rulings ---------------------------------------------------------------------------

RULING_ID = re.compile(r"\b(?:LL19|LLC|HOUSE)-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
"""A ruling id as written in text: ``LL19-BARON-TIE``, ``LLC-...``, ``HOUSE-...``."""

_NO_LINKS = (
    nodes.reference,
    nodes.literal_block,
    nodes.doctest_block,
    nodes.raw,
    nodes.title,
    nodes.target,
    nodes.comment,
    addnodes.pending_xref,
    addnodes.toctree,
    addnodes.desc_signature,
)


def build_language(config: Any) -> str:
    """The language of the site being built: ``fr`` with ``-D language=fr``, else ``en``."""
    return "fr" if getattr(config, "language", None) == "fr" else "en"


_BLOCK = re.compile(r"^\s*(?:`{3,}|:{3,})\{ruling\}\s+(\S+)\s*$")
_LANG_OPTION = re.compile(r"^\s*:lang:\s*(\S+)")


def english_rulings(srcdir: Path) -> dict[str, str]:
    """Where each ruling has its English block (docname), read from the English sources.

    The French site is built without the English pages: its links to English blocks go
    to the English site, whose pages this finds.
    """
    found: dict[str, str] = {}
    for path in sorted(srcdir.rglob("*.md")):
        relative = path.relative_to(srcdir)
        if relative.parts[0] in ("fr", "_build"):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines):
            match = _BLOCK.match(line)
            if match is None:
                continue
            language = "en"
            for option in lines[number + 1 : number + 4]:
                said = _LANG_OPTION.match(option)
                if said:
                    language = said.group(1)
            if language == "en":
                found.setdefault(match.group(1), relative.with_suffix("").as_posix())
    return found


def _english(env: Any) -> dict[str, str]:
    if not hasattr(env, "loveletter_english"):
        env.loveletter_english = english_rulings(Path(env.srcdir))
    found: dict[str, str] = env.loveletter_english
    return found


def _language_of(docname: str) -> str:
    return "fr" if docname == "fr" or docname.startswith("fr/") else "en"


def ruling_anchor(ruling: str, language: str = "en") -> str:
    """The anchor of a ruling's block: ``ll19-baron-tie``, in French ``fr-ll19-baron-tie``."""
    return nodes.make_id(ruling if language == "en" else f"{language}-{ruling}")


def ruling_uri(app: Sphinx, fromdoc: str, ruling: str, language: str) -> str | None:
    """The link from ``fromdoc`` to the block of ``ruling`` in ``language``, if any.

    Within the site being built, except the English blocks seen from the French site:
    those are on the English site (``loveletter_english_site``).
    """
    where = _documented(app.env).get(language, {}).get(ruling)
    site = ""
    if where is None and language == "en" and build_language(app.config) == "fr":
        where = _english(app.env).get(ruling)
        site = app.config.loveletter_english_site  # type: ignore[attr-defined]
    if where is None:
        return None
    return _uri(app, fromdoc, where, ruling_anchor(ruling, language), site)


def _uri(app: Sphinx, fromdoc: str, todoc: str, anchor: str, site: str = "") -> str:
    """A relative link to ``todoc#anchor``, on this site or on the one at ``site``."""
    if site:
        up = "../" * fromdoc.count("/")
        return f"{up}{site}{app.builder.get_target_uri(todoc)}#{anchor}"
    uri = "" if todoc == fromdoc else app.builder.get_relative_uri(fromdoc, todoc)
    return f"{uri}#{anchor}"


_TWIN_WORDS = {"en": "En français", "fr": "In English"}


def _twin_uri(app: Sphinx, fromdoc: str, ruling: str, language: str) -> str | None:
    """The link from a ruling block in ``language`` to its block in the other language.

    An English block links to the French block of its own site, or with
    ``loveletter_french_site`` set, of the French site; a French block to the English
    block of its own site, or on the French site, of the English one.
    """
    if language == "fr":
        return ruling_uri(app, fromdoc, ruling, "en")
    site = app.config.loveletter_french_site  # type: ignore[attr-defined]
    if not site:
        return ruling_uri(app, fromdoc, ruling, "fr")
    where = _documented(app.env).get("fr", {}).get(ruling)
    if where is None:
        return None
    return _uri(app, fromdoc, where, ruling_anchor(ruling, "fr"), site)


def _link_twins(app: Sphinx, document: nodes.Node, docname: str) -> None:
    """Add to the head of each ruling block a link to its block in the other language."""
    for box in list(document.findall(nodes.section)):
        if "ruling" not in box["classes"] or len(box.children) < 2:
            continue
        language = box.get("ruling_language", "en")
        uri = _twin_uri(app, docname, box["ruling"], language)
        head = box.children[1]
        if uri is None or not isinstance(head, nodes.paragraph):
            continue
        twin = "fr" if language == "en" else "en"
        head += nodes.Text(" · ")
        head += nodes.reference(
            "",
            _TWIN_WORDS[language],
            refuri=uri,
            internal=True,
            classes=["ruling-twin", f"ruling-twin-{twin}"],
        )


class LinkRulingIds(SphinxPostTransform):
    """Turn every known ruling id in text or inline code into a link to its block.

    Code blocks, titles, signatures and existing links are left alone. A page of the
    French docs links to the French block when there is one.
    """

    default_priority = 900

    def run(self, **kwargs: Any) -> None:
        docname = self.env.docname
        language = _language_of(docname)

        def target(ruling: str) -> str | None:
            for lang in dict.fromkeys((language, "en")):
                uri = ruling_uri(self.app, docname, ruling, lang)
                if uri is not None:
                    return uri
            return None

        _link_twins(self.app, self.document, docname)
        _fill_moved(self.app, self.document, docname)

        def excluded(node: nodes.Node) -> bool:
            parent = node.parent
            while parent is not None:
                if isinstance(parent, _NO_LINKS):
                    return True
                parent = parent.parent
            return False

        for literal in list(self.document.findall(nodes.literal)):
            text = literal.astext()
            if excluded(literal) or not RULING_ID.search(text):
                continue
            if RULING_ID.fullmatch(text):
                uri = target(text)
                if uri is not None:
                    link = nodes.reference(
                        "", "", refuri=uri, internal=True, classes=["ruling-link"]
                    )
                    literal.replace_self(link)
                    link += literal
                continue
            if len(literal.children) != 1 or not isinstance(literal[0], nodes.Text):
                continue

            # an id inside longer inline code (a refusal as printed): split the code there
            def code(part: str, like: nodes.literal = literal) -> nodes.Node:
                piece = like.copy()
                piece += nodes.Text(part)
                return piece

            pieces: list[nodes.Node] = []
            last = 0
            for match in RULING_ID.finditer(text):
                uri = target(match.group())
                if uri is None:
                    continue
                if match.start() > last:
                    pieces.append(code(text[last : match.start()]))
                link = nodes.reference("", "", refuri=uri, internal=True, classes=["ruling-link"])
                link += code(match.group())
                pieces.append(link)
                last = match.end()
            if pieces:
                if last < len(text):
                    pieces.append(code(text[last:]))
                literal.replace_self(pieces)
        for text in list(self.document.findall(nodes.Text)):
            if not RULING_ID.search(text) or excluded(text):
                continue
            if isinstance(text.parent, nodes.literal) or excluded(text.parent):
                continue
            value = str(text)
            pieces: list[nodes.Node] = []
            last = 0
            for match in RULING_ID.finditer(value):
                uri = target(match.group())
                if uri is None:
                    continue
                pieces.append(nodes.Text(value[last : match.start()]))
                pieces.append(
                    nodes.reference(
                        match.group(),
                        match.group(),
                        refuri=uri,
                        internal=True,
                        classes=["ruling-link"],
                    )
                )
                last = match.end()
            if pieces:
                pieces.append(nodes.Text(value[last:]))
                parent = text.parent
                index = parent.index(text)
                parent[index : index + 1] = [
                    piece for piece in pieces if piece.astext() or not isinstance(piece, nodes.Text)
                ]


def _documented(env: Any) -> dict[str, dict[str, str]]:
    """Where each ruling has its anchor, by language: ``{"en": {ruling: docname}}``."""
    if not hasattr(env, "loveletter_rulings"):
        env.loveletter_rulings = {}
    found: dict[str, dict[str, str]] = env.loveletter_rulings
    return found


def _purge(app: Sphinx, env: Any, docname: str) -> None:
    for rulings in _documented(env).values():
        for ruling in [r for r, doc in rulings.items() if doc == docname]:
            del rulings[ruling]


def _check_rulings(app: Sphinx, env: Any) -> None:
    """Fail the build if a ruling of the catalogue has no anchor in either language.

    The house rules (:data:`loveletter.catalogue.HOUSE`) included.
    """
    if os.environ.get("LOVELETTER_DOCS_DRAFT"):
        return  # LOVELETTER_DOCS_DRAFT=1: build pages being drafted without the full check
    from loveletter.catalogue import HOUSE, RULINGS

    documented = _documented(env)
    languages = ("en", "fr") if build_language(app.config) == "en" else ("fr",)
    for language in languages:
        missing = [
            ruling for ruling in (*RULINGS, *HOUSE) if ruling not in documented.get(language, {})
        ]
        if missing:
            raise ExtensionError(f"rulings without an anchor in the {language} docs: {missing}")


def _no_search_in_french(app: Sphinx, doctree: nodes.document) -> None:
    """On the English site, the French pages stay out of the search index."""
    docname = app.env.docname
    if build_language(app.config) == "en" and _language_of(docname) == "fr":
        app.env.metadata.setdefault(docname, {})["nosearch"] = ""


_PY_ROLES = {"mod", "func", "class", "meth", "attr", "data", "exc", "obj"}


def _english_modules(env: Any) -> dict[str, str]:
    """Which English page documents each module (its ``automodule``), by module name."""
    if not hasattr(env, "loveletter_modules"):
        found: dict[str, str] = {}
        srcdir = Path(env.srcdir)
        for path in sorted(srcdir.rglob("*.md")):
            relative = path.relative_to(srcdir)
            if relative.parts[0] in ("fr", "_build"):
                continue
            for match in re.finditer(
                r"^\.\. automodule:: (\S+)", path.read_text(encoding="utf-8"), re.M
            ):
                found.setdefault(match.group(1), relative.with_suffix("").as_posix())
        env.loveletter_modules = found
    modules: dict[str, str] = env.loveletter_modules
    return modules


def _to_english_site(app: Sphinx, env: Any, node: Any, contnode: nodes.Node) -> Any:
    """On the French site, a link to an English page or to the API goes to the English site.

    ``{doc}`` links to an English page, and Python roles whose module has an English
    ``automodule`` page; anything else is left to be reported as missing.
    """
    if build_language(app.config) != "fr":
        return None
    fromdoc = node.get("refdoc", env.docname)
    target = node.get("reftarget", "")
    domain, kind = node.get("refdomain"), node.get("reftype")
    if domain == "std" and kind == "doc":
        base = "" if target.startswith("/") else posixpath.dirname(fromdoc)
        todoc = posixpath.normpath(posixpath.join(base, target.lstrip("/")))
        if _language_of(todoc) == "fr" or not (Path(env.srcdir) / f"{todoc}.md").exists():
            return None
        anchor = ""
    elif domain == "py" and kind in _PY_ROLES:
        modules = _english_modules(env)
        parts = target.split(".")
        prefixes = (".".join(parts[:size]) for size in range(len(parts), 0, -1))
        module = next((prefix for prefix in prefixes if prefix in modules), None)
        if module is None:
            return None
        todoc = modules[module]
        anchor = f"module-{target}" if kind == "mod" else target
    else:
        return None
    site = app.config.loveletter_english_site  # type: ignore[attr-defined]
    uri = _uri(app, fromdoc, todoc, anchor, site)
    if not anchor:
        uri = uri.rstrip("#")
    if kind == "doc" and not node.get("refexplicit"):
        contnode = nodes.inline(text=_title(Path(env.srcdir) / f"{todoc}.md"))
    link = nodes.reference("", "", internal=False, refuri=uri, reftitle=target)
    link += contnode
    return link


def _title(path: Path) -> str:
    """The first heading of a Markdown page."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem


FURO_FR = {
    "On this page": "Sur cette page",
    "Back to top": "Retour en haut",
    "Next": "Suivant",
    "Previous": "Précédent",
    "Home": "Accueil",
    "Edit this page": "Modifier cette page",
    "View this page": "Voir cette page",
    "Made with ": "Fait avec ",
    "Contents": "Sommaire",
    "Menu": "Menu",
    "Expand": "Déplier",
    "Light mode": "Mode clair",
    "Dark mode": "Mode sombre",
    "Auto light/dark, in light mode": "Clair ou sombre selon le système, ici clair",
    "Auto light/dark, in dark mode": "Clair ou sombre selon le système, ici sombre",
    '<a href="https://www.sphinx-doc.org/">Sphinx</a> and ': (
        '<a href="https://www.sphinx-doc.org/">Sphinx</a> et '
    ),
}
"""The theme's (furo's) own labels in French: Sphinx translates only its own words."""


class _ThemeWords(gettext.NullTranslations):
    """A fallback catalogue: furo's labels, for the words Sphinx's catalogue lacks."""

    def __init__(self, words: dict[str, str]) -> None:
        super().__init__()
        self.words = words

    def gettext(self, message: str) -> str:
        return self.words.get(message, message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


def _theme_in_french(app: Sphinx, config: Any) -> None:
    """On the French site, the theme's labels in French too."""
    if build_language(config) == "fr" and app.translator is not None:
        app.translator.add_fallback(_ThemeWords(FURO_FR))


def _french_words(app: Sphinx) -> gettext.NullTranslations:
    """The theme's words in French: Sphinx's own French catalogue, then furo's labels."""
    if not hasattr(app, "loveletter_french_words"):
        import sphinx

        words = gettext.translation(
            "sphinx", Path(sphinx.__file__).parent / "locale", languages=["fr"], fallback=True
        )
        words.add_fallback(_ThemeWords(FURO_FR))
        app.loveletter_french_words = words  # type: ignore[attr-defined]
    found: gettext.NullTranslations = app.loveletter_french_words  # type: ignore[attr-defined]
    return found


def _page_language(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """A French page says it is French (``<html lang="fr">``), on the English site too.

    There, the theme's labels ("Sur cette page", "Contenu", "Recherche") are French too.
    """
    if pagename == "search":
        _other_search(app, context)
    if _language_of(pagename) != "fr":
        return
    context["language"] = "fr"
    if build_language(app.config) == "en":
        words = _french_words(app)
        context["_"] = context["gettext"] = words.gettext
        context["ngettext"] = words.ngettext


def _other_search(app: Sphinx, context: dict[str, Any]) -> None:
    """The search page links to the same search on the other language's site."""
    if build_language(app.config) == "fr":
        site = app.config.loveletter_english_site  # type: ignore[attr-defined]
        context["loveletter_other_search"] = f"{site}search.html"
        context["loveletter_other_search_lang"] = "en"
        context["loveletter_other_search_words"] = "Search the English pages"
    else:
        context["loveletter_other_search"] = "fr-site/search.html"
        context["loveletter_other_search_lang"] = "fr"
        context["loveletter_other_search_words"] = "Chercher dans les pages en français"


_FRENCH_SPACES = (
    (re.compile(r"[ \t\n]+([:;!?»])"), "\u00a0\\1"),
    (re.compile(r"(?<=[\w)»])([:;!?])(?=\s|$)"), "\u00a0\\1"),
    (re.compile(r"«[ \t\n]*"), "«\u00a0"),
    (re.compile(r"(?<=\S)»"), "\u00a0»"),
)
"""French typography: a non-breaking space before ``: ; ! ?`` and ``»``, after ``«``."""


def french_spaces(text: str) -> str:
    """``text`` with French typography's non-breaking spaces (shown here as ``~``).

    >>> french_spaces("Vérifiée par: la règle ; « Comtesse » !").replace("\u00a0", "~")
    'Vérifiée par~: la règle~; «~Comtesse~»~!'
    >>> french_spaces("https://example.org, 10:30")
    'https://example.org, 10:30'
    """
    for pattern, replacement in _FRENCH_SPACES:
        text = pattern.sub(replacement, text)
    return text


class FrenchTypography(SphinxTransform):
    """On a French page, French typography's non-breaking spaces in the text, not code.

    Before ``: ; ! ?`` and inside ``« »``, so that a line never starts with them.

    Run as the page is read, after the smart quotes, so that the titles the tables of
    contents show have them too; a line break of the source between two pieces of text
    (``({ref}`x`)`` then ``; la suite``) is one space, made non-breaking where it must.
    """

    default_priority = 760

    def apply(self, **kwargs: Any) -> None:
        if _language_of(self.env.docname) != "fr":
            return
        skip = (nodes.literal, nodes.literal_block, nodes.doctest_block, nodes.raw, nodes.comment)
        texts = [
            text
            for text in self.document.findall(nodes.Text)
            if text.parent is not None and not any(isinstance(p, skip) for p in _ancestors(text))
        ]
        spaced = [french_spaces(str(text)) for text in texts]
        for number in range(1, len(spaced)):
            before, after = spaced[number - 1], spaced[number]
            if re.match(r"\s*[:;!?»]", after) and (not before or before[-1].isspace()):
                spaced[number - 1] = before.rstrip()
                spaced[number] = "\u00a0" + after.lstrip()
            elif before.endswith("«\u00a0") and after[:1].isspace():
                spaced[number] = after.lstrip()
        for text, new in zip(texts, spaced, strict=True):
            if new != str(text):
                text.parent.replace(text, nodes.Text(new))


def _ancestors(node: nodes.Node) -> Iterator[nodes.Node]:
    parent = node.parent
    while parent is not None:
        yield parent
        parent = parent.parent


def _french_home(app: Sphinx, problem: Exception | None) -> None:
    """The French site's ``index.html``: it leads to the French index (``fr/index``)."""
    if problem is not None or build_language(app.config) != "fr" or app.builder.name != "html":
        return
    home = Path(app.outdir) / "index.html"
    if not home.exists():
        target = app.builder.get_target_uri(app.config.root_doc)
        home.write_text(
            '<!DOCTYPE html>\n<html lang="fr"><head><meta charset="utf-8">'
            f'<meta http-equiv="refresh" content="0; url={target}">'
            f'<title>loveletter</title></head><body><a href="{target}">loveletter</a>'
            "</body></html>\n",
            encoding="utf-8",
        )


def _build_french_site(app: Sphinx, problem: Exception | None) -> None:
    """After the English site, the French site, in its ``fr-site/`` folder.

    So one command (``sphinx-build docs OUT``) builds what a reader needs:
    ``OUT/index.html`` and ``OUT/fr-site/index.html``, with the same strictness (``-W``,
    ``--keep-going``; ``-n`` is the configuration's). ``-D loveletter_french_build=0``
    leaves it out (the tests build the French site on their own).
    """
    if (
        problem is not None
        or build_language(app.config) != "en"
        or app.builder.name != "html"
        or not app.config.loveletter_french_build  # type: ignore[attr-defined]
    ):
        return
    flags = ["-q", "-b", "html", "-D", "language=fr"]
    flags += ["-W"] if app.warningiserror else []
    flags += ["--keep-going"] if app.keep_going else []
    doctrees = Path(app.doctreedir).with_name(Path(app.doctreedir).name + "-fr")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            *flags,
            "-d",
            str(doctrees),
            app.srcdir,
            app.outdir / "fr-site",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 or (app.warningiserror and done.stderr.strip()):
        raise ExtensionError(f"the French site does not build:\n{done.stdout}{done.stderr}")


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("loveletter_tests", checked_rulings(), "env")
    app.add_config_value("loveletter_french_site", "", "html")
    app.add_config_value("loveletter_english_site", "../", "html")
    app.add_config_value("loveletter_french_build", True, "html", bool)
    app.add_directive("ruling", RulingDirective)
    app.add_directive("folded", FoldedDirective)
    app.add_directive("moved-rulings", MovedRulingsDirective)
    app.add_domain(RulingsDomain)
    app.add_node(
        folded,
        html=(_visit_folded, _depart_folded),
        latex=(_skip_folded, _skip_folded),
        text=(_skip_folded, _skip_folded),
        man=(_skip_folded, _skip_folded),
        texinfo=(_skip_folded, _skip_folded),
    )
    app.add_directive("reason-codes", ReasonCodesDirective)
    app.add_directive("scenario", ScenarioDirective)
    app.add_directive("playing-card-labels", LabelsDirective)
    app.add_directive("all-rulings", AllRulingsDirective)
    app.add_post_transform(LinkRulingIds)
    app.add_transform(FrenchTypography)
    app.connect("env-purge-doc", _purge)
    app.connect("env-check-consistency", _check_rulings)
    app.connect("doctree-read", _no_search_in_french)
    app.connect("missing-reference", _to_english_site)
    app.connect("build-finished", _french_home)
    app.connect("build-finished", _build_french_site)
    app.connect("config-inited", _theme_in_french)
    app.connect("html-page-context", _page_language)
    return {"version": "1", "parallel_read_safe": False, "parallel_write_safe": True}
