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

A table playing with a standard deck of playing cards enters what it sees: each kind has
its playing-card labels (two jokers are the Spies, the aces and black jacks the Guards,
and so on), accepted wherever a card's name is.

>>> Card.PRINCESS.labels
('Q♥',)
>>> card_named("QH"), card_named("J♣"), card_named("joker")
(Card.PRINCESS, Card.GUARD, Card.SPY)
"""

from __future__ import annotations

import enum
import unicodedata

__all__ = ["PLAYING_CARD_LABELS", "Card", "card_named"]


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
        """The playing cards that stand for this kind when playing with a poker deck."""
        return PLAYING_CARD_LABELS[self]


PLAYING_CARD_LABELS: dict[Card, tuple[str, ...]] = {
    Card.SPY: ("Joker", "Joker"),
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
"""The 2019 deck played with standard playing cards: each kind's cards, one per copy."""

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
_BY_NAME: dict[str, Card] = {_fold(card.value): card for card in Card}
_BY_NAME.update({_fold(name): card for name, card in _FRENCH.items()})
_BY_LABEL: dict[str, Card] = {
    _label_key(label): card for card, labels in PLAYING_CARD_LABELS.items() for label in labels
}
_BY_LABEL.update({"JK": Card.SPY, "JOKER": Card.SPY, "🃏": Card.SPY, "🃟": Card.SPY, "🂿": Card.SPY})


def card_named(name: str) -> Card | None:
    """The card with this name or playing-card label, or ``None``.

    Names are English or French, in any letter case, with or without accents.

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
