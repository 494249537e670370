"""Refusals as data: why a command is refused, written only when someone reads it.

A refusal is one record: its :class:`~loveletter.errors.Reason` code, the id of the
ruling that forbids the command, the key of its message in the catalogue of words
(:mod:`loveletter.words`) with the message's fields, and the command it refuses.
Nothing is written when the referee refuses (:meth:`Game.check
<loveletter.referee.Game.check>` and :meth:`Game.is_legal
<loveletter.referee.Game.is_legal>` build no text); :meth:`Refusal.render` writes the
message for any listener, in English or French, of the command's player or to them.

>>> from loveletter import Card, Game, Play
>>> game = Game.new(["Anna", "Ben"], seed=1, first="Anna")
>>> refusal = game.check(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRINCE))
>>> refusal.reason, refusal.ruling, refusal.key
(Reason.NOT_YOUR_TURN, 'LL19-TURN-ORDER', 'not_your_turn')
>>> refusal.render("en")
"Ben's Guard on Anna naming Prince: it is Anna's turn, not Ben's"
>>> refusal.render("fr", you=True)
"Votre Garde sur Anna nommant le Prince : c'est à Anna de jouer, pas à vous"

Each kind of refusal is one :class:`RefusalKind` (its reason, ruling and message key),
written beside the check that makes it: :mod:`loveletter.rules.checks` for what every
command must be, a card's own module for the card's own checks.
:func:`ruling_url` gives a ruling's page and anchor in the documentation.
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from loveletter.cards import Card
from loveletter.catalogue import HOUSE, RULINGS
from loveletter.commands import Command
from loveletter.editions import Edition
from loveletter.errors import LoveLetterError, Reason
from loveletter.layout import Layout
from loveletter.state import Table
from loveletter.text import Sketch, describe
from loveletter.words import LANGUAGES, a, any_, card_name, edition_name, message, phrase, the

__all__ = [
    "DOCS",
    "Field",
    "IllegalCommandError",
    "LayoutProblem",
    "Phrase",
    "Refusal",
    "RefusalKind",
    "refuse",
    "ruling_url",
]


@attrs.frozen(kw_only=True)
class RefusalKind:
    """One kind of refusal: its reason code, the ruling that forbids, its message's key.

    >>> RefusalKind(reason=Reason.TARGET_OUT, ruling="LL19-TARGET-OUT", key="target_out")
    RefusalKind(reason=Reason.TARGET_OUT, ruling='LL19-TARGET-OUT', key='target_out')
    """

    reason: Reason
    ruling: str
    """The 2019 ruling's id; an edition files it under its own id where it has one."""
    key: str
    """The message's key in the catalogue of words (:func:`loveletter.words.message`)."""


@attrs.frozen(kw_only=True)
class Phrase:
    """A field of a message that is itself a phrase of the catalogue, said when read.

    ``key`` names it among :func:`loveletter.words.phrase`'s phrases, with its fields.
    """

    key: str
    fields: tuple[tuple[str, str], ...] = ()


@attrs.frozen(kw_only=True)
class LayoutProblem:
    """A field that says what is wrong with a deal, said when read."""

    layout: Layout
    edition: Edition = attrs.field(repr=lambda edition: f"edition({edition.id!r})")
    players: tuple[str, ...]


Field = Card | Edition | tuple[Card, ...] | Phrase | LayoutProblem | str | int
"""What a message's field may hold: a card (said as the field's name asks: ``a_card`` with
its indefinite article, ``the_card`` with its definite one, ``any_card`` after a
negation, otherwise its bare name), an edition, several cards, a phrase, a deal's
problem, or text and numbers as they are."""

_ARTICLES = {"a_": a, "any_": any_, "the_": the}


def _said_field(name: str, value: Field, language: str) -> object:
    """A field's value as the message says it in ``language``."""
    if isinstance(value, Card):
        for prefix, article in _ARTICLES.items():
            if name.startswith(prefix):
                return article(value, language)
        return card_name(value, language)
    if isinstance(value, Edition):
        return edition_name(value, language)
    if isinstance(value, Phrase):
        return phrase(value.key, language, **dict(value.fields))
    if isinstance(value, LayoutProblem):
        return value.layout.problem(value.edition, value.players, language)
    if isinstance(value, tuple):
        return ", ".join(card_name(card, language) for card in value)
    return value


def _fields(items: Mapping[str, Field]) -> tuple[tuple[str, Field], ...]:
    return tuple(items.items())


@attrs.frozen(kw_only=True, eq=False)
class Refusal:
    """Why a command is refused: the reason code, the ruling, and its message as data.

    ``key`` and ``fields`` are the message's key in the catalogue of words and what fills
    it; ``about`` is the command refused (or, for a command that names something that is
    no card and so could not be built, its :class:`~loveletter.text.Sketch`);
    ``language`` is the table's. :meth:`render` writes the message in any language;
    :attr:`message` and :attr:`to_player` write it in the table's.

    A refusal read from JSON keeps the texts the document carried in ``texts`` (by
    language: the message, then to the player), and renders those.

    Two refusals are equal when they say the same: the same reason, ruling and language,
    and the same message of the player and to them.
    """

    reason: Reason
    ruling: str
    key: str = ""
    fields: tuple[tuple[str, Field], ...] = ()
    about: Command | Sketch | None = None
    language: str = "en"
    texts: tuple[tuple[str, str, str], ...] = ()
    """Written texts, read from a document: (language, message, to the player)."""

    def render(self, language: str | None = None, *, you: bool = False) -> str:
        """The message in ``language`` (the table's if ``None``), to the player if ``you``.

        ``you`` speaks to the player who sent the command, in the second person
        (``Your Guard on Ben: ...``); otherwise of them, for logs and other players.
        """
        language = self.language if language is None else language
        if language not in LANGUAGES:
            raise LoveLetterError(
                f"no such language: {language!r}; the referee writes in {', '.join(LANGUAGES)}"
            )
        if self.texts:
            return self._written(language, you)
        if self.about is None:
            said = ""
        else:
            said = describe(self.about, language, you=you)
        fields = {name: _said_field(name, value, language) for name, value in self.fields}
        text = message(self.key, language, you=you, said=said, **fields)
        return text[:1].upper() + text[1:]

    def _said(self) -> tuple[Reason, str, str, str, str]:
        return (self.reason, self.ruling, self.language, self.message, self.to_player)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Refusal):
            return NotImplemented
        return self._said() == other._said()

    def __hash__(self) -> int:
        return hash(self._said())

    def _written(self, language: str, you: bool) -> str:
        texts = {lang: (text, to_player) for lang, text, to_player in self.texts}
        text, to_player = texts.get(language) or texts.get(self.language) or ("", "")
        return to_player if you else text

    @property
    def message(self) -> str:
        """The message in the table's language, of the command's player."""
        return self.render()

    @property
    def to_player(self) -> str:
        """The message in the table's language, to the player who sent the command."""
        return self.render(you=True)

    def error(self, command: object = None) -> IllegalCommandError:
        """The refusal as an exception to raise, about ``command``."""
        return IllegalCommandError(self, command=command)


def refuse(table: Table, kind: RefusalKind, about: Command | Sketch, **fields: Field) -> Refusal:
    """The refusal of ``about`` at ``table`` for ``kind``, with its message's fields.

    Writes nothing: the message is written when read (:meth:`Refusal.render`). The
    ruling is filed under the edition's own id where it has one.
    """
    return Refusal(
        reason=kind.reason,
        ruling=table.edition.ruling(kind.ruling),
        key=kind.key,
        fields=_fields(fields),
        about=about,
        language=table.language,
    )


class IllegalCommandError(LoveLetterError):
    """A well-formed command that the rules forbid now; carries the :class:`Refusal`.

    ``command`` is the command refused (a :data:`loveletter.commands.Command`), when given.
    """

    def __init__(self, refusal: Refusal, *, command: object = None):
        super().__init__(f"{refusal.reason.value}: {refusal.message} [{refusal.ruling}]")
        self.refusal = refusal
        self.command = command

    @property
    def reason(self) -> Reason:
        """The reason code."""
        return self.refusal.reason

    @property
    def ruling(self) -> str:
        """The id of the ruling that forbids the command."""
        return self.refusal.ruling


DOCS = "https://loveletter-referee.readthedocs.io/en/latest"
"""Where the documentation is published (a placeholder until the project is)."""

_PAGES = {
    "SETUP": "setup",
    "TURN": "turn",
    "TARGET": "choosing",
    "SPY": "spy",
    "SPY-BONUS": "spy-token",
    "SPY-OUT": "spy-token",
    "GUARD": "guard",
    "PRIEST": "priest",
    "BARON": "baron",
    "HANDMAID": "handmaid",
    "PRINCE": "prince",
    "PRINCESS": "princess",
    "CHANCELLOR": "chancellor",
    "KING": "king",
    "COUNTESS": "countess",
    "KO": "knockouts",
    "END": "round-end",
    "END-LAST-SURVIVOR": "knockouts",
    "NEXT": "game-end",
    "GAME": "game-end",
    "NAMES": "names",
    "LABELS": "names",
}
"""The page of ``docs/rulings/`` that holds a 2019 ruling, by the longest start of its id
after ``LL19-`` (``tests/docs/test_ruling_urls.py`` checks every ruling against the
pages); the classic edition's are on ``classic``, the house's on ``house``."""

_FAMILIES = {"LLC": "classic", "HOUSE": "house"}

_FRENCH_PAGES = {
    "SPY": "cartes/espionne",
    "SPY-BONUS": "partie",
    "SPY-OUT": "partie",
    "GUARD": "cartes/garde",
    "PRIEST": "cartes/pretre",
    "BARON": "cartes/baron",
    "HANDMAID": "cartes/servante",
    "PRINCE": "cartes/prince",
    "PRINCESS": "cartes/princesse",
    "CHANCELLOR": "cartes/chancelier",
    "KING": "cartes/roi",
    "COUNTESS": "cartes/comtesse",
    "NAMES": "noms",
    "LABELS": "noms",
}
"""The page of ``docs/fr/regles/`` that holds a 2019 ruling, by the longest start of its
id after ``LL19-``; the others are on ``partie``."""

_FRENCH_FAMILIES = {"LLC": "classique", "HOUSE": "maison"}


def _page_of(ruling_id: str, language: str) -> str:
    """The page of the docs' rulings (in ``language``) that holds ``ruling_id``."""
    french = language == "fr"
    family, _, rest = ruling_id.partition("-")
    families = _FRENCH_FAMILIES if french else _FAMILIES
    if family in families:
        return families[family]
    if rest[:1] == "Q" and rest[1:].isdecimal():
        return "decisions"  # the referee's decisions on questions the rules leave open
    pages = _FRENCH_PAGES if french else _PAGES
    starts = (p for p in pages if rest == p or rest.startswith(p + "-"))
    start = max(starts, key=len, default="")
    return pages.get(start, "partie" if french else "all")


def ruling_url(ruling_id: str, language: str = "en", *, base: str = DOCS) -> str:
    """The address of a ruling's write-up in the documentation: its page and anchor.

    ``base`` is where the documentation is served (the published site by default; a
    local build's folder as ``file:///...`` works too). The French write-ups are those
    of the French site (``fr/``).

    >>> ruling_url("LL19-BARON-TIE")
    'https://loveletter-referee.readthedocs.io/en/latest/rulings/baron.html#ll19-baron-tie'
    >>> ruling_url("LL19-BARON-TIE", "fr", base="https://example.org/docs/")
    'https://example.org/docs/fr/regles/cartes/baron.html#fr-ll19-baron-tie'
    >>> ruling_url("Baron tie")
    Traceback (most recent call last):
    ...
    loveletter.errors.LoveLetterError: no ruling has the id 'Baron tie'
    """
    if ruling_id not in RULINGS and ruling_id not in HOUSE:
        raise LoveLetterError(f"no ruling has the id {ruling_id!r}")
    if language not in LANGUAGES:
        raise LoveLetterError(
            f"no such language: {language!r}; the docs are in {', '.join(LANGUAGES)}"
        )
    if language == "fr":
        page, anchor = f"fr/regles/{_page_of(ruling_id, language)}", f"fr-{ruling_id.lower()}"
    else:
        page, anchor = f"rulings/{_page_of(ruling_id, language)}", ruling_id.lower()
    return f"{base.rstrip('/')}/{page}.html#{anchor}"
