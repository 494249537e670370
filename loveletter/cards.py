"""The kinds of card, the names people use for them, and converters from those names.

A :class:`Card` is a *kind* of card (Guard, Baron, ...), never a value: the King is
worth 7 in the 2019 edition and 6 in the classic one, so values live in the edition
(:mod:`loveletter.editions`), and cards are compared by kind. Everything a kind of card
does, and its words in each language, is its rule record (:mod:`loveletter.cardrule`);
registering the record tells this module what the layers below the rules read of a kind:
its names (English, French, and the labels below), whether it names a card, and which
cards must be played instead of it (:attr:`Card.gives_way_to`). The ten kinds of the
2019 and classic editions are built in; an edition of one's own defines more with
:meth:`Card.define`.

>>> Card.BARON
Card.BARON
>>> str(Card.BARON), Card("Baron") is Card.BARON, len(Card) >= 10
('Baron', True, True)
>>> card_named("princess")
Card.PRINCESS

A table playing the 2019 game with a standard deck of playing cards and two jokers (the
playing-card rendition, LL19-LABELS) enters what it sees: each kind has its labels (the
two jokers, written ``★``, are the Spies, the aces and black jacks the Guards, and so
on), accepted wherever a card's name is at a 2019 table. The classic edition has no
labels (LL19-LABELS-EDITION).

>>> Card.PRINCESS.labels, Card.SPY.labels
(('Q♥',), ('★', '★'))
>>> card_named("★"), card_named("QH"), card_named("J♣"), card_named("joker")
(Card.SPY, Card.PRINCESS, Card.GUARD, Card.SPY)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import ClassVar

from loveletter._kinds import Kind
from loveletter.echo import quoted
from loveletter.errors import InvalidCommandError, Reason

__all__ = [
    "PLAYING_CARD_LABELS",
    "Card",
    "card_by_label",
    "card_by_name",
    "card_named",
    "fold",
    "looks_like_a_label",
    "register_kind",
    "register_labels",
    "register_names",
    "to_card",
    "to_cards",
    "to_hands",
]


class Card(Kind):
    """A kind of Love Letter card. Its value is its English name.

    The built-in kinds are attributes (``Card.GUARD``); ``Card("Guard")`` finds a kind by
    its English name, and ``list(Card)`` lists every kind defined.
    """

    __slots__ = ()

    SPY: ClassVar[Card]
    GUARD: ClassVar[Card]
    PRIEST: ClassVar[Card]
    BARON: ClassVar[Card]
    HANDMAID: ClassVar[Card]
    PRINCE: ClassVar[Card]
    CHANCELLOR: ClassVar[Card]
    KING: ClassVar[Card]
    COUNTESS: ClassVar[Card]
    PRINCESS: ClassVar[Card]

    @classmethod
    def define(cls, name: str, value: str) -> Card:
        """The kind ``name`` (``"JESTER"``) called ``value`` (``"Jester"``), made the first time.

        Its English name is read as its name from then on; its other names and its labels
        come with its rule record (:func:`loveletter.cardrule.register_rule`).
        """
        card = super().define(name, value)
        register_names(card, value)
        return card

    @property
    def labels(self) -> tuple[str, ...]:
        """The playing cards that stand for this kind in the 2019 rendition, one per copy."""
        return PLAYING_CARD_LABELS.get(self, ())

    @property
    def french(self) -> str:
        """Its French name (LL19-NAMES-FR); its English name until its rule is registered.

        >>> Card.HANDMAID.french, Card.PRIEST.french
        ('Servante', 'Prêtre')
        """
        return _FRENCH.get(self, (self.value, False))[0]

    @property
    def feminine(self) -> bool:
        """Whether its French name takes ``la``/``une`` (``la Servante``)."""
        return _FRENCH.get(self, (self.value, False))[1]

    @property
    def names_a_card(self) -> bool:
        """Whether its rule names a card (the Guard): as its rule record says."""
        return self in _NAMING

    @property
    def gives_way_to(self) -> frozenset[Card]:
        """The cards that must be played instead of it when held with it.

        As their rule records say: the King and the Prince give way to the Countess.

        >>> Card.KING.gives_way_to, Card.GUARD.gives_way_to
        (frozenset({Card.COUNTESS}), frozenset())
        """
        return _GIVES_WAY_TO.get(self, frozenset())


_BUILT_IN = (
    ("SPY", "Spy"),
    ("GUARD", "Guard"),
    ("PRIEST", "Priest"),
    ("BARON", "Baron"),
    ("HANDMAID", "Handmaid"),
    ("PRINCE", "Prince"),
    ("CHANCELLOR", "Chancellor"),
    ("KING", "King"),
    ("COUNTESS", "Countess"),
    ("PRINCESS", "Princess"),
)

PLAYING_CARD_LABELS: dict[Card, tuple[str, ...]] = {}
"""The 2019 deck played with standard playing cards (LL19-LABELS): each kind's cards, one
per copy, as the kinds' rule records give them. The two jokers, the Spies, are ``★``."""

_SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_RANKS = frozenset(["A", "J", "Q", "K", *(str(rank) for rank in range(2, 11))])
_JOKERS = ("☆", "JK", "JOKER", "JOKERS", "🃏", "🃟", "🂿")

_BY_NAME: dict[str, Card] = {}
_BY_LABEL: dict[str, Card] = {}
_FRENCH: dict[Card, tuple[str, bool]] = {}
_NAMING: set[Card] = set()
_GIVES_WAY_TO: dict[Card, frozenset[Card]] = {}


def _label_key(text: str) -> str:
    """A label in one spelling: ``Q♥``, ``q♡``, ``QH`` and ``Q♥️`` all give ``QH``."""
    text = text.replace("\ufe0f", "").replace("\ufe0e", "").strip().upper()
    return "".join(_SUIT_LETTERS.get(char, char) for char in text)


def fold(text: str) -> str:
    """``text`` without letter case or accents, to compare names: ``Prêtre`` -> ``pretre``.

    >>> fold(" Prêtre ")
    'pretre'
    """
    if text.isascii():  # no accents to take off: the common case, at C speed
        return text.strip().lower()
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def register_names(card: Card, *names: str) -> None:
    """Read each of ``names`` (in any letter case, accents or not) as ``card``.

    A name another kind has already is refused with :class:`ValueError`.
    """
    for name in names:
        key = fold(name)
        if _BY_NAME.setdefault(key, card) is not card:
            raise ValueError(f"{name!r} names {_BY_NAME[key]!r} already, not {card!r}")


def register_labels(card: Card, labels: tuple[str, ...]) -> None:
    """``labels`` are ``card``'s playing cards in the 2019 rendition, one per copy."""
    for label in labels:
        key = _label_key(label)
        if _BY_LABEL.setdefault(key, card) is not card:
            raise ValueError(f"the label {label!r} stands for {_BY_LABEL[key]!r} already")
    PLAYING_CARD_LABELS[card] = labels
    if labels and labels[0] == "★":
        for alias in _JOKERS:
            _BY_LABEL.setdefault(alias, card)


def register_kind(
    card: Card, *, french: str, feminine: bool, names_a_card: bool, forced_by: frozenset[Card]
) -> None:
    """What the layers below the rules read of ``card``, from its rule record.

    Its French name and gender (for :mod:`loveletter.words`), whether it names a card, and
    the cards ``forced_by`` which give way to it (for :mod:`loveletter.editions` and the
    turn). :func:`loveletter.cardrule.register_rule` calls it, with :func:`register_names`
    and :func:`register_labels`.
    """
    _FRENCH[card] = (french, feminine)
    if names_a_card:
        _NAMING.add(card)
    for other in forced_by:
        _GIVES_WAY_TO[other] = _GIVES_WAY_TO.get(other, frozenset()) | {card}


for _name, _value in _BUILT_IN:
    Card.define(_name, _value)


def card_by_name(name: str) -> Card | None:
    """The card with this English or French name (any letter case, accents or not), or ``None``.

    >>> card_by_name("Comptesse"), card_by_name("comtesse"), card_by_name("Q♥")
    (Card.COUNTESS, Card.COUNTESS, None)
    """
    return _BY_NAME.get(fold(name))


def card_by_label(label: str) -> Card | None:
    """The card a playing-card label of the 2019 rendition stands for, or ``None``.

    Suits are symbols or letters, in any letter case: ``Q♥``, ``QH`` and ``qh`` are the
    Princess; ``★`` and ``Joker`` the Spy.

    >>> card_by_label("★"), card_by_label("8h"), card_by_label("K♠")
    (Card.SPY, Card.COUNTESS, None)
    """
    return _BY_LABEL.get(_label_key(label))


def looks_like_a_label(text: str) -> bool:
    """Whether ``text`` names a playing card (``K♠``, ``10h``, ``Joker``), of the rendition or not.

    >>> looks_like_a_label("K♠"), looks_like_a_label("10H"), looks_like_a_label("King")
    (True, True, False)
    """
    key = _label_key(text)
    if key in _BY_LABEL:
        return True
    return len(key) >= 2 and key[-1] in "SHDC" and key[:-1] in _RANKS


def card_named(name: str) -> Card | None:
    """The card with this name or playing-card label (of the 2019 rendition), or ``None``.

    Names are English or French, in any letter case, with or without accents. This knows
    no table: at a classic table, labels are refused (LL19-LABELS-EDITION), so text from
    players is best read with :meth:`loveletter.editions.Edition.parse_card` (or
    :func:`loveletter.serialization.read_command`).

    Values depend on the edition (the King is 7 in 2019 and 6 in classic): they are
    resolved by :meth:`loveletter.editions.Edition.parse_card`.

    >>> card_named("GUARD")
    Card.GUARD
    >>> card_named("prêtre"), card_named("PRETRE"), card_named("Servante")
    (Card.PRIEST, Card.PRIEST, Card.HANDMAID)
    >>> card_named("Jester") is None
    True
    """
    card = _BY_NAME.get(fold(name))
    return card if card is not None else _BY_LABEL.get(_label_key(name))


# -- converters, for the fields of commands and layouts ------------------------------------


def to_card(value: Card | str) -> Card:
    """``value`` as a :class:`Card`; a name or label is looked up (see :func:`card_named`)."""
    if value.__class__ is Card:
        return value
    if isinstance(value, str):
        card = card_named(value)
        if card is not None:
            return card
    raise InvalidCommandError(f"{quoted(value)} is not a card", reason=Reason.UNKNOWN_CARD)


def to_cards(values: Iterable[Card | str]) -> tuple[Card, ...]:
    """``values`` as a tuple of cards."""
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise InvalidCommandError(f"expected a list of cards, not {quoted(values)}")
    cards = tuple(values)
    if all(card.__class__ is Card for card in cards):
        return cards  # type: ignore[return-value]
    return tuple(to_card(value) for value in cards)


def to_hands(
    hands: Mapping[str, Card | str] | Iterable[tuple[str, Card | str]],
) -> tuple[tuple[str, Card], ...]:
    """Each player's dealt card, as ``(player, card)`` pairs."""
    if isinstance(hands, Mapping):
        pairs: Iterable[object] = hands.items()
    elif isinstance(hands, Iterable) and not isinstance(hands, (str, bytes)):
        pairs = hands
    else:
        raise InvalidCommandError(f"expected each player's card, not {quoted(hands)}")
    found = []
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2 or not isinstance(pair[0], str):
            raise InvalidCommandError(f"expected (player, card) pairs, not {quoted(pair)}")
        found.append((pair[0], to_card(pair[1])))
    return tuple(found)
