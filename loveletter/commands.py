"""Commands: what a player (or the table) asks the referee to do.

Commands are frozen records, named in the imperative: :class:`Draw`, :class:`Play`,
:class:`Choose` (the Chancellor's choice) and :class:`Deal` (the next round). Card fields
take a :class:`~loveletter.cards.Card` or its English name.

>>> Play(player="Anna", card="guard", target="Ben", guess="Prince")
Play(player='Anna', card=Card.GUARD, target='Ben', guess=Card.PRINCE)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeAlias

import attrs

from loveletter._optional import OPTIONAL, short_repr
from loveletter.cards import Card, card_by_name, to_card, to_cards
from loveletter.echo import quoted
from loveletter.errors import InvalidCommandError
from loveletter.layout import Layout

__all__ = ["Choose", "Command", "Deal", "Draw", "Play", "Redeal", "TakeBack"]


def _optional_guess(value: Card | str | int | None) -> Card | int | None:
    """A named card: a card, or a number (never a bool) where an edition names values."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return None if value is None else to_card(value)  # type: ignore[arg-type]


def _labels_in(value: object) -> tuple[str, ...]:
    """The playing-card labels among what was given for a card field (LL19-LABELS)."""
    values = value if isinstance(value, (list, tuple)) else (value,)
    return tuple(v for v in values if isinstance(v, str) and card_by_name(v) is None)


def _remember_labels(value: object, instance: Any) -> None:
    """Keep the labels given for a card: only a table knows whether it reads them."""
    if value.__class__ is Card or value is None or isinstance(value, int):
        return
    found = _labels_in(value)
    if found:
        object.__setattr__(instance, "labels_given", (*instance.labels_given, *found))


def _card_given(value: Card | str, instance: Any) -> Card:
    if isinstance(value, Card):
        return value
    _remember_labels(value, instance)
    return to_card(value)


def _guess_given(value: Card | str | int | None, instance: Any) -> Card | int | None:
    if value is None or value.__class__ is Card:
        return value
    _remember_labels(value, instance)
    return _optional_guess(value)


def _cards_given(value: Iterable[Card | str], instance: Any) -> tuple[Card, ...]:
    _remember_labels(value, instance)
    return to_cards(value)


_CARD = attrs.Converter(_card_given, takes_self=True)
_GUESS = attrs.Converter(_guess_given, takes_self=True)
_CARDS = attrs.Converter(_cards_given, takes_self=True)


def _name(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """A player's name is a string; anything else is malformed input."""
    if not isinstance(value, str):
        raise InvalidCommandError(
            f"must be a player's name, not {quoted(value)}",
            where=attribute.name,
        )


def _optional_name(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _name(instance, attribute, value)


def _players(value: Iterable[str]) -> tuple[str, ...]:
    """More players chosen: a list of names (a single name is not a list)."""
    if isinstance(value, tuple):
        return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise InvalidCommandError(
            f"must be a list of players' names, not {quoted(value)}", where="also"
        )
    return tuple(value)


def _names(instance: object, attribute: attrs.Attribute[Any], value: tuple[object, ...]) -> None:
    for name in value:
        _name(instance, attribute, name)


def _layout(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None and not isinstance(value, Layout):
        raise InvalidCommandError(
            f"must be a Layout or None, not {quoted(value)}", where=attribute.name
        )


@attrs.frozen(kw_only=True)
class Draw:
    """Draw the top card of the draw pile at the start of a turn."""

    player: str = attrs.field(validator=_name)


@short_repr
@attrs.frozen(kw_only=True)
class Play:
    """Play a card from the hand, with its target and the card it names (a Guard's).

    A card that chooses two players (an edition of one's own may have one) names the
    second in ``also``; ``targets`` lists them all. A named card may be a number where an
    edition names values rather than cards.
    """

    labels_given: tuple[str, ...] = attrs.field(init=False, default=(), eq=False, repr=False)
    """The playing-card labels the command was given its cards by, if any (LL19-LABELS):
    the referee refuses them at a table of an edition that reads none
    (LL19-LABELS-EDITION). Not part of the command's value."""
    player: str = attrs.field(validator=_name)
    card: Card = attrs.field(converter=_CARD)  # type: ignore[misc]
    target: str | None = attrs.field(default=None, validator=_optional_name)
    guess: Card | int | None = attrs.field(default=None, converter=_GUESS)  # type: ignore[misc]
    also: tuple[str, ...] = attrs.field(
        default=(), converter=_players, validator=_names, metadata={OPTIONAL: True}
    )

    @property
    def targets(self) -> tuple[str, ...]:
        """Every player the card chooses, in order: ``target``, then ``also``."""
        return self.also if self.target is None else (self.target, *self.also)


@attrs.frozen(kw_only=True)
class Choose:
    """The Chancellor's choice: the card kept, and the cards returned under the pile.

    ``returned[0]`` goes under the pile first, so the last card named ends up at the
    bottom (LL19-CHANCELLOR-ORDER).
    """

    labels_given: tuple[str, ...] = attrs.field(init=False, default=(), eq=False, repr=False)
    """The playing-card labels the command was given its cards by, if any (see
    :attr:`Play.labels_given`)."""
    player: str = attrs.field(validator=_name)
    keep: Card = attrs.field(converter=_CARD)  # type: ignore[misc]
    returned: tuple[Card, ...] = attrs.field(converter=_CARDS)  # type: ignore[misc]


@attrs.frozen(kw_only=True)
class Deal:
    """Start the next round.

    Without a ``layout`` the referee shuffles with the game's seeded generator. The last
    round's winner starts; after a tie nobody picks (LL19-Q12): when the referee
    shuffles, it draws the starter among the tied winners too (seeded), and a ``Deal``
    that names one is refused. A table that deals its own cards (a ``layout``) drew lots
    itself and names the starter in ``first``, who must be a tied winner; without
    ``first`` the referee draws.
    """

    layout: Layout | None = attrs.field(default=None, validator=_layout)
    first: str | None = attrs.field(default=None, validator=_optional_name)


@attrs.frozen(kw_only=True)
class TakeBack:
    """Take back one's last command, at a table that agreed to the house remedy.

    Accepted while nobody has learned anything hidden since that command
    (HOUSE-REMEDY-TAKE-BACK): the game goes back to where it was before it, and every
    player knows that the card played is back in its player's hand.
    """

    player: str = attrs.field(validator=_name)


@attrs.frozen(kw_only=True)
class Redeal:
    """Void the running round and deal it again, at a table that agreed to the house remedy.

    Nobody gains a token for the voided round, tokens of completed rounds are kept, and
    the same player starts (HOUSE-REMEDY-REDEAL, HOUSE-REMEDY-TOKENS-KEPT). Without a
    ``layout`` the referee shuffles again; a physical table gives its new deal.
    """

    layout: Layout | None = attrs.field(default=None, validator=_layout)


Command: TypeAlias = Draw | Play | Choose | Deal | TakeBack | Redeal
"""Any command."""
