"""The kinds of card, and the names people use for them.

A :class:`Card` is a *kind* of card (Guard, Baron, ...), never a value: the King is
worth 7 in the 2019 edition and 6 in the classic one, so values live in the edition
(:mod:`loveletter.editions`), and cards are compared by kind.

>>> Card.BARON
Card.BARON
>>> str(Card.BARON)
'Baron'
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

import enum
import unicodedata

__all__ = [
    "PLAYING_CARD_LABELS",
    "Card",
    "card_by_label",
    "card_by_name",
    "card_named",
    "looks_like_a_label",
]


class Card(enum.Enum):
    """A kind of Love Letter card. Its value is its English name."""

    SPY = "Spy"
    GUARD = "Guard"
    PRIEST = "Priest"
    BARON = "Baron"
    HANDMAID = "Handmaid"
    PRINCE = "Prince"
    CHANCELLOR = "Chancellor"
    KING = "King"
    COUNTESS = "Countess"
    PRINCESS = "Princess"

    # Members are singletons: identity hashing is exact, and much faster than
    # Enum's default hash of the member name (cards key every hot-path lookup).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Card.{self.name}"

    def __str__(self) -> str:
        return self.value

    @property
    def labels(self) -> tuple[str, ...]:
        """The playing cards that stand for this kind in the 2019 rendition, one per copy."""
        return PLAYING_CARD_LABELS[self]


PLAYING_CARD_LABELS: dict[Card, tuple[str, ...]] = {
    Card.SPY: ("★", "★"),
    Card.GUARD: ("A♠", "A♥", "A♦", "A♣", "J♠", "J♣"),
    Card.PRIEST: ("2♠", "2♣"),
    Card.BARON: ("3♠", "3♣"),
    Card.HANDMAID: ("4♠", "4♣"),
    Card.PRINCE: ("5♠", "5♣"),
    Card.CHANCELLOR: ("6♠", "6♣"),
    Card.KING: ("7♥",),
    Card.COUNTESS: ("8♥",),
    Card.PRINCESS: ("Q♥",),
}
"""The 2019 deck played with standard playing cards (LL19-LABELS): each kind's cards, one
per copy. The two jokers, the Spies, are written ``★``."""

_SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def _label_key(text: str) -> str:
    """A label in one spelling: ``Q♥``, ``q♡``, ``QH`` and ``Q♥️`` all give ``QH``."""
    text = text.replace("\ufe0f", "").replace("\ufe0e", "").strip().upper()
    return "".join(_SUIT_LETTERS.get(char, char) for char in text)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


_FRENCH = {
    "Espionne": Card.SPY,
    "Garde": Card.GUARD,
    "Prêtre": Card.PRIEST,
    "Baron": Card.BARON,
    "Servante": Card.HANDMAID,
    "Prince": Card.PRINCE,
    "Chancelier": Card.CHANCELLOR,
    "Roi": Card.KING,
    "Comtesse": Card.COUNTESS,
    "Princesse": Card.PRINCESS,
}
"""The French names the referee writes (LL19-NAMES-FR)."""
_FRENCH_READ = {"Comptesse": Card.COUNTESS}
"""Other French names it reads: the French aid spells the Countess "Comptesse"."""
_BY_NAME: dict[str, Card] = {_fold(card.value): card for card in Card}
_BY_NAME.update({_fold(name): card for name, card in (_FRENCH | _FRENCH_READ).items()})
_BY_LABEL: dict[str, Card] = {
    _label_key(label): card for card, labels in PLAYING_CARD_LABELS.items() for label in labels
}
_BY_LABEL.update(dict.fromkeys(("☆", "JK", "JOKER", "JOKERS", "🃏", "🃟", "🂿", "🂿"), Card.SPY))


def card_by_name(name: str) -> Card | None:
    """The card with this English or French name (any letter case, accents or not), or ``None``.

    >>> card_by_name("Comptesse"), card_by_name("comtesse"), card_by_name("Q♥")
    (Card.COUNTESS, Card.COUNTESS, None)
    """
    return _BY_NAME.get(_fold(name))


def card_by_label(label: str) -> Card | None:
    """The card a playing-card label of the 2019 rendition stands for, or ``None``.

    Suits are symbols or letters, in any letter case: ``Q♥``, ``QH`` and ``qh`` are the
    Princess; ``★`` and ``Joker`` the Spy.

    >>> card_by_label("★"), card_by_label("8h"), card_by_label("K♠")
    (Card.SPY, Card.COUNTESS, None)
    """
    return _BY_LABEL.get(_label_key(label))


_RANKS = frozenset(["A", "J", "Q", "K", *(str(rank) for rank in range(2, 11))])


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
    :meth:`loveletter.referee.Game.read_command`).

    Values depend on the edition (the King is 7 in 2019 and 6 in classic): they are
    resolved by :meth:`loveletter.editions.Edition.parse_card`.

    >>> card_named("GUARD")
    Card.GUARD
    >>> card_named("prêtre"), card_named("PRETRE"), card_named("Servante")
    (Card.PRIEST, Card.PRIEST, Card.HANDMAID)
    >>> card_named("Jester") is None
    True
    """
    card = _BY_NAME.get(_fold(name))
    return card if card is not None else _BY_LABEL.get(_label_key(name))
