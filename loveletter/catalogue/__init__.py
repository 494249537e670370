"""The ruling catalogue: every ruling the referee implements, with its id and sources.

The catalogue ships with the library as data (``RULINGS.md`` for the rules of both
editions, ``HOUSE.md`` for the house remedy and practice variation the teaching guide
suggests), package data of ``loveletter/catalogue/``. The tests, the documentation and the
terminal game's ``help`` all read it from here, so a ruling is stated in one place, and
an installed package, a clone on its own or an unpacked sdist carries it. It is the
project's copy of the shared catalogue (``../shared/rulings/``): where that folder is
beside the project, a test checks the two are the same, byte for byte.

>>> ruling = RULINGS["LL19-BARON-TIE"]
>>> ruling.statement
'Equal values: nobody is knocked out.'
>>> ruling.sources
('rules reference', 'teaching guide', 'French aid', 'classic rules explained')
>>> ruling.attribution
'sources: rules reference, teaching guide, French aid, classic rules explained'
>>> RULINGS["LL19-Q03"].attribution
'referee decision'
>>> RULINGS["LL19-Q03"].decision
'referee decision'

A ruling's sources are named in the catalogue's words; :data:`SOURCE_NAMES_FR` gives the
French names the French documentation uses.

Beside the shared catalogue, ``HEADINGS.md`` gives each ruling a heading in players' words, in
English and in French, and its statement in French (the catalogue itself is in English):

>>> ruling = RULINGS["LL19-PRINCE-SELF"]
>>> ruling.heading_in("en")
'The Prince on yourself, even with the Princess'
>>> ruling.heading_in("fr")
'Le Prince sur soi-même, même avec la Princesse'
>>> RULINGS["LL19-BARON-TIE"].statement_in("fr")
'Valeurs égales : personne ne quitte la manche.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib import resources

import attrs

__all__ = [
    "HEADINGS",
    "HOUSE",
    "RULINGS",
    "SOURCES",
    "SOURCE_NAMES_FR",
    "Ruling",
    "catalogue_text",
    "parse_catalogue",
    "parse_headings",
]

SOURCES = (
    "rules reference",
    "teaching guide",
    "French aid",
    "classic rules explained",
    "playing-card rendition",
)
"""The five rules sources the catalogue follows, as it names them."""

SOURCE_NAMES_FR: Mapping[str, str] = {
    "rules reference": "règles de référence",
    "teaching guide": "guide pédagogique",
    "French aid": "aide de jeu",
    "classic rules explained": "règles classiques expliquées",
    "playing-card rendition": "version en cartes à jouer",
    "in part a referee decision": "en partie une décision de l'arbitre",
    "referee decision": "décision de l'arbitre",
}
"""The French name of each source, and of the two kinds of referee decision."""

_DECISIONS = ("in part a referee decision", "referee decision")


@attrs.frozen(kw_only=True)
class Ruling:
    """One ruling of the catalogue."""

    id: str
    """Its stable id, such as ``LL19-BARON-TIE``."""
    statement: str
    """What it says (Markdown, as in the catalogue)."""
    sources: tuple[str, ...]
    """The sources that state it, in the catalogue's words (empty for a referee decision)."""
    decision: str | None
    """``"in part a referee decision"``, ``"referee decision"``, or ``None``."""
    section: str
    """The heading it stands under (``Setup``, ``Baron (3)``, ``Classic edition ...``)."""
    heading: str = ""
    """Its heading in players' words, in English (from ``HEADINGS.md``)."""
    heading_fr: str = ""
    """Its heading in players' words, in French (from ``HEADINGS.md``)."""
    statement_fr: str = ""
    """Its statement in French (from ``HEADINGS.md``), said as :attr:`statement` says it."""

    def heading_in(self, language: str) -> str:
        """Its heading in ``language`` (``"en"`` or ``"fr"``).

        >>> RULINGS["LL19-BARON-TIE"].heading_in("fr")
        'Égalité au Baron : personne ne quitte la manche'
        """
        return self.heading_fr if language == "fr" else self.heading

    def statement_in(self, language: str) -> str:
        """Its statement in ``language`` (``"en"`` or ``"fr"``), Markdown as in the catalogue.

        >>> print(HOUSE["HOUSE-REMEDY-TOKENS-KEPT"].statement_in("fr"))
        Une nouvelle donne garde tous les pions gagnés dans les manches terminées.
        >>> print(HOUSE["HOUSE-REMEDY-TOKENS-KEPT"].statement_in("en"))
        A redeal keeps every token won in completed rounds.
        """
        return self.statement_fr if language == "fr" else self.statement

    @property
    def attribution(self) -> str:
        """Its sources as the catalogue writes them, without the parentheses."""
        if not self.sources:
            return self.decision or ""
        text = "sources: " + ", ".join(self.sources)
        return f"{text}; {self.decision}" if self.decision else text

    def attribution_in(self, language: str) -> str:
        """:attr:`attribution` in ``language`` (``"en"`` or ``"fr"``).

        >>> print(RULINGS["LL19-SETUP-FIRST-PLAYER"].attribution_in("fr"))
        sources : guide pédagogique, version en cartes à jouer ; en partie une décision de l'arbitre
        """
        if language != "fr":
            return self.attribution
        if not self.sources:
            return SOURCE_NAMES_FR[self.decision or "referee decision"]
        text = "sources : " + ", ".join(SOURCE_NAMES_FR[source] for source in self.sources)
        return f"{text} ; {SOURCE_NAMES_FR[self.decision]}" if self.decision else text


_RULING = re.compile(r"^- \*\*((?:LL19|LLC|HOUSE)-[A-Z0-9-]+)\*\*: (.*)$")
_SOURCES = re.compile(r"\s*\*\(([^()]*)\)\*\s*$")
_HEADING = re.compile(r"^(?:#{2,3} (.+)|\*\*(.+)\*\*)\s*$")


def _attribution(text: str, ruling_id: str) -> tuple[tuple[str, ...], str | None]:
    if text == "referee decision":
        return (), text
    if not text.startswith("sources: "):
        raise ValueError(f"{ruling_id}: sources should start with 'sources: ', not {text!r}")
    listed, _, decision = text.removeprefix("sources: ").partition("; ")
    sources = tuple(source.strip() for source in listed.split(","))
    unknown = [source for source in sources if source not in SOURCES]
    if unknown or (decision and decision not in _DECISIONS):
        raise ValueError(f"{ruling_id}: unknown source in {text!r}")
    return sources, decision or None


def parse_catalogue(text: str) -> dict[str, Ruling]:
    """Every ruling of a catalogue's Markdown text, by id, in order."""
    found: dict[str, Ruling] = {}
    section = ""
    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading:
            section = (heading.group(1) or heading.group(2)).strip()
            continue
        match = _RULING.match(line)
        if match is None:
            continue
        ruling_id, rest = match.groups()
        sources_match = _SOURCES.search(rest)
        if sources_match is None:
            raise ValueError(f"{ruling_id} does not end with its sources")
        if ruling_id in found:
            raise ValueError(f"{ruling_id} is in the catalogue twice")
        sources, decision = _attribution(sources_match.group(1), ruling_id)
        found[ruling_id] = Ruling(
            id=ruling_id,
            statement=rest[: sources_match.start()].strip(),
            sources=sources,
            decision=decision,
            section=section,
        )
    return found


def catalogue_text(name: str = "RULINGS.md") -> str:
    """The text of a catalogue file shipped with the library (``RULINGS.md``, ``HOUSE.md``)."""
    return resources.files(__name__).joinpath(name).read_text(encoding="utf-8")


_ENTRY = re.compile(r"^- \*\*((?:LL19|LLC|HOUSE)-[A-Z0-9-]+)\*\*\s*$")
_LINE = re.compile(r"^  - (heading|titre|énoncé): (.+)$")
_FIELDS = {"heading": "heading", "titre": "heading_fr", "énoncé": "statement_fr"}


def parse_headings(text: str) -> dict[str, dict[str, str]]:
    r"""The entries of a headings file (``HEADINGS.md``): by ruling id, its three fields.

    Each entry is a ruling id in bold, then its ``heading`` (English), ``titre`` (French)
    and ``énoncé`` (the French statement), one line each.

    >>> entry = parse_headings("- **LL19-BARON-TIE**\n  - heading: A Baron tie\n"
    ...                        "  - titre: Égalité au Baron\n  - énoncé: Valeurs égales.")
    >>> entry["LL19-BARON-TIE"]["heading_fr"], entry["LL19-BARON-TIE"]["statement_fr"]
    ('Égalité au Baron', 'Valeurs égales.')
    >>> parse_headings("- **LL19-BARON-TIE**\n  - heading: A Baron tie")
    Traceback (most recent call last):
    ValueError: LL19-BARON-TIE lacks titre, énoncé in the headings
    """
    found: dict[str, dict[str, str]] = {}
    current: dict[str, str] | None = None
    for number, line in enumerate(text.splitlines(), start=1):
        entry = _ENTRY.match(line)
        if entry is not None:
            if entry.group(1) in found:
                raise ValueError(f"{entry.group(1)} is in the headings twice")
            current = found[entry.group(1)] = {}
            continue
        field = _LINE.match(line)
        if field is None:
            if line.startswith("  - "):
                raise ValueError(f"line {number} of the headings is no field: {line!r}")
            continue
        if current is None:
            raise ValueError(f"line {number} of the headings belongs to no ruling")
        current[_FIELDS[field.group(1)]] = field.group(2).strip()
    for ruling, fields in found.items():
        missing = [name for name, key in _FIELDS.items() if key not in fields]
        if missing:
            raise ValueError(f"{ruling} lacks {', '.join(missing)} in the headings")
    return found


def _headed(
    rulings: dict[str, Ruling], headings: Mapping[str, Mapping[str, str]]
) -> Mapping[str, Ruling]:
    """The rulings with their headings and French statements (none where an entry lacks)."""
    return {
        ruling_id: attrs.evolve(
            ruling,
            heading=headings.get(ruling_id, {}).get("heading", ""),
            heading_fr=headings.get(ruling_id, {}).get("heading_fr", ""),
            statement_fr=headings.get(ruling_id, {}).get("statement_fr", ""),
        )
        for ruling_id, ruling in rulings.items()
    }


HEADINGS: Mapping[str, Mapping[str, str]] = parse_headings(catalogue_text("HEADINGS.md"))
"""Each ruling's headings and French statement, by id, as ``HEADINGS.md`` gives them."""

RULINGS: Mapping[str, Ruling] = _headed(parse_catalogue(catalogue_text("RULINGS.md")), HEADINGS)
"""The rulings of both editions, by id, in the catalogue's order."""

HOUSE: Mapping[str, Ruling] = _headed(parse_catalogue(catalogue_text("HOUSE.md")), HEADINGS)
"""The house remedy and practice variation, by id (``HOUSE-*``)."""
