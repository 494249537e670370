# ruff: noqa: RUF001, RUF002  (the look-alikes are the point of this module)
r"""The names a table's creator types for its seats: checked as a reader sees them.

A name is refused (:class:`NameRefusedError`, with a ``code`` and its message in English and
French) if it is empty or too long as a reader counts it (:func:`clusters`: a letter and
the marks over it are one), if a letter carries more than :data:`MAX_MARKS` combining
marks (23 accents on one letter smear over the text above it), if it is not printable
text, or if it looks like another seat's name, a bot's included (:func:`skeleton`).

No library does this here: the Unicode consortium's confusables table (``confusables.txt``)
has some 6,000 entries, and the PyPI packages that carry it are unmaintained (the last
releases of ``confusable-homoglyphs`` and ``confusables`` date from 2024 and 2021) or
would add a dependency to the ``[web]`` extra for one check. Names at a table are short
and few, so a small table of the look-alikes of Latin letters that people can type
(Cyrillic and Greek capitals and small letters, digits and signs that pass for letters),
after NFKC (which folds full-width letters, ligatures and mathematical alphabets) and
case folding, catches the impersonations that matter: "Аnna" with a Cyrillic А, "ANNA",
"Heuristic b0t".

>>> skeleton("Heuristic b0t") == skeleton("Heuristic bot")
True
>>> skeleton("\u0410nna") == skeleton("anna"), skeleton("ｂｅｎ") == skeleton("Ben")
(True, True)
>>> len(clusters("e\u0301te\u0301")), max_marks("e\u0301\u0301\u0301")
(3, 3)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from loveletter.errors import LoveLetterError

__all__ = [
    "MAX_MARKS",
    "MAX_NAME",
    "NameRefusedError",
    "check_name",
    "check_names",
    "clusters",
    "max_marks",
    "skeleton",
]

MAX_NAME = 24
"""The longest name a seat may have, in grapheme clusters (what a reader counts)."""

MAX_MARKS = 2
"""The most combining marks one character of a name may carry."""

_LOOKALIKES = {
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "и": "u", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s",
    "і": "i", "ї": "i", "ј": "j", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ь": "b", "п": "n",
    "г": "r", "ч": "4", "һ": "h", "ӏ": "l",
    # Greek
    "α": "a", "β": "b", "γ": "y", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v",
    "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ζ": "z", "μ": "u",
    # digits and signs that pass for letters
    "0": "o", "1": "l", "3": "e", "4": "a", "5": "s", "7": "t", "8": "b", "9": "g",
    "|": "l", "!": "i", "$": "s", "@": "a",
    # Latin letters that pass for others
    "ı": "i", "ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ŀ": "l", "ſ": "s", "ɑ": "a",
    "ɡ": "g", "ɩ": "i", "ʟ": "l", "ᴏ": "o",
}  # fmt: skip
"""Each look-alike, after NFKC and case folding, and the letter it is read as."""

_PAIRS = {"rn": "m", "vv": "w", "cl": "d"}
"""Pairs of letters that pass for one letter in most fonts."""

_JOINERS = {"\u200d", "\ufe0e", "\ufe0f"}
"""Characters that join the cluster before them (a zero-width joiner, variation selectors)."""

_INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"}
"""Characters a reader does not see, dropped from a skeleton."""


class NameRefusedError(LoveLetterError):
    """A seat's name the table refuses: ``code`` says why, :meth:`message` in a language."""

    def __init__(self, code: str, english: str, french: str) -> None:
        super().__init__(english)
        self.code = code
        self.messages = {"en": english, "fr": french}

    def message(self, language: str = "en") -> str:
        """Why, in ``language`` (``en`` or ``fr``; English for any other)."""
        return self.messages.get(language, self.messages["en"])


def clusters(text: str) -> list[str]:
    """``text`` cut into what a reader counts as characters (grapheme clusters, simplified).

    A cluster is a character and the combining marks, joiners and variation selectors
    after it, and the character a zero-width joiner joins to it (an emoji sequence).
    """
    parts: list[str] = []
    joined = False
    for char in text:
        if parts and (joined or unicodedata.combining(char) or char in _JOINERS or _mark(char)):
            parts[-1] += char
        else:
            parts.append(char)
        joined = char == "\u200d"
    return parts


def _mark(char: str) -> bool:
    return unicodedata.category(char) in ("Mn", "Me", "Mc")


def max_marks(text: str) -> int:
    """The most combining marks any one character of ``text`` carries (after NFD)."""
    most = 0
    for cluster in clusters(unicodedata.normalize("NFD", text)):
        most = max(most, sum(1 for char in cluster if _mark(char)))
    return most


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with one skeleton are refused side by side.

    NFKC, case folding, the marks dropped (NFD), the invisible characters and spaces
    dropped, each look-alike replaced by the letter it passes for, and the pairs that
    pass for one letter ("rn" for "m") made that letter.
    """
    text = unicodedata.normalize("NFKC", name).casefold()
    text = unicodedata.normalize("NFD", text)
    kept = [
        _LOOKALIKES.get(char, char)
        for char in text
        if not _mark(char) and char not in _INVISIBLE and not char.isspace()
    ]
    plain = "".join(kept)
    for pair, letter in _PAIRS.items():
        plain = plain.replace(pair, letter)
    return plain


def check_name(name: object, others: Iterable[str] = ()) -> str:
    """``name`` if a seat may bear it beside ``others``; else :class:`NameRefusedError`."""
    if not isinstance(name, str) or not name.strip():
        raise _length()
    if not name.isprintable() or name != name.strip():
        raise NameRefusedError(
            "name_text",
            "a seat's name is printable text, with no space around it",
            "le nom d'une place est du texte imprimable, sans espace autour",
        )
    if len(clusters(name)) > MAX_NAME or len(name) > 4 * MAX_NAME:
        raise _length()
    if max_marks(name) > MAX_MARKS:
        raise NameRefusedError(
            "name_marks",
            f"a letter of a seat's name carries {MAX_MARKS} accents or marks at most",
            f"une lettre d'un nom porte {MAX_MARKS} accents ou signes au plus",
        )
    mine = skeleton(name)
    for other in others:
        if skeleton(other) == mine:
            raise NameRefusedError(
                "name_taken",
                f"{name!r} is, or looks like, the name of another seat ({other!r})",
                f"{name!r} est, ou ressemble à, le nom d'une autre place ({other!r})",
            )
    return name


def _length() -> NameRefusedError:
    return NameRefusedError(
        "name_length",
        f"a seat's name is 1 to {MAX_NAME} characters",
        f"le nom d'une place compte de 1 à {MAX_NAME} caractères",
    )


def check_names(people: Iterable[object], bots: Iterable[str]) -> None:
    """Check every person's name against the others' and against the bots' seat names.

    A name that begins like a bot's seat name ("Heuristic bot 2") is refused too: the
    bots of a kind are numbered.
    """
    bot_names = list(bots)
    seen: list[str] = []
    for name in people:
        checked = check_name(name, [*seen, *bot_names])
        seen.append(checked)
        mine = skeleton(checked)
        for bot in bot_names:
            if mine.startswith(skeleton(bot)):
                raise NameRefusedError(
                    "name_taken",
                    f"{name!r} looks like the name of a bot ({bot!r})",
                    f"{name!r} ressemble au nom d'un robot ({bot!r})",
                )
