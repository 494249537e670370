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
"""

from __future__ import annotations

import enum

__all__ = ["Card", "card_named"]


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


_BY_NAME: dict[str, Card] = {card.value.casefold(): card for card in Card}


def card_named(name: str) -> Card | None:
    """The card with this English name in any letter case, or ``None``.

    Names that depend on the edition (numbers) are resolved by
    :meth:`loveletter.editions.Edition.parse_card`.

    >>> card_named("GUARD")
    Card.GUARD
    >>> card_named("Jester") is None
    True
    """
    return _BY_NAME.get(name.strip().casefold())
