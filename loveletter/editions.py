"""Editions as data: the deck, the card values, who a card may choose, the targets.

Two editions are known: the 2019 revised edition (21 cards, 2 to 6 players) and the
classic 16-card edition (2 to 4 players, showdown ties broken by discard totals).

An :class:`Edition` is a plain record. The turn machinery reads everything that differs
between editions from it, so adding an edition is adding a record.

>>> ed = edition("2019")
>>> len(ed.deck), ed.value[Card.KING], ed.target(players=4)
(21, 7, 4)
>>> ed.parse_card("7"), ed.parse_card("countess")
(Card.KING, Card.COUNTESS)
>>> classic = edition("classic")
>>> len(classic.deck), classic.value[Card.KING], classic.parse_card("7"), classic.target(players=2)
(16, 6, Card.COUNTESS, 4)
>>> classic.parse_card("Spy") is None, classic.parse_card("Q♥") is None
(True, True)
>>> classic.target(players=2, setting="printed")
7
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

import attrs

from loveletter.cards import PLAYING_CARD_LABELS, Card, card_by_label, card_by_name
from loveletter.errors import SetupError

__all__ = [
    "EDITIONS",
    "EDITION_2019",
    "CardSpec",
    "Edition",
    "Targeting",
    "Tiebreak",
    "edition",
]


class Targeting(enum.Enum):
    """Whom a card's effect chooses."""

    NONE = "none"
    """Nobody (Spy, Handmaid, Chancellor, Countess, Princess)."""
    OTHER = "other"
    """Another player still in the round (Guard, Priest, Baron, King)."""
    ANY = "any"
    """Any player still in the round, its own player included (Prince)."""

    def __repr__(self) -> str:
        return f"Targeting.{self.name}"


class Tiebreak(enum.Enum):
    """How a showdown between equal cards is settled."""

    NONE = "none"
    """Every tied player wins the round (2019)."""
    DISCARD_TOTAL = "discard-total"
    """The highest total of discards wins; players still tied all win (classic)."""

    def __repr__(self) -> str:
        return f"Tiebreak.{self.name}"


@attrs.frozen(kw_only=True)
class CardSpec:
    """One kind of card in an edition: its value, how many copies, whom it chooses."""

    card: Card
    value: int
    count: int
    targeting: Targeting


def _targets(value: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(dict(value).items()))


def _target_settings(
    value: Mapping[str, Mapping[int, int]],
) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    return tuple((name, _targets(table)) for name, table in dict(value).items())


def _labels(value: Mapping[Card, tuple[str, ...]]) -> tuple[tuple[Card, tuple[str, ...]], ...]:
    return tuple(dict(value).items())


@attrs.frozen(kw_only=True, repr=False, cache_hash=True)
class Edition:
    """A Love Letter edition, as data.

    ``targets`` maps a player count to the favor tokens needed to win;
    ``target_settings`` names other such tables a table may choose (the classic
    edition's ``"printed"``, LLC-TARGETS-PRINTED). ``labels`` is the edition's
    playing-card rendition (LL19-LABELS), empty where it has none. ``rulings`` maps a
    2019 ruling id to the id this edition files the same rule under, where it has one
    of its own.
    """

    name: str
    title: str
    specs: tuple[CardSpec, ...]
    min_players: int
    max_players: int
    targets: tuple[tuple[int, int], ...] = attrs.field(converter=_targets)
    target_settings: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = attrs.field(
        default=(), converter=_target_settings
    )
    tiebreak: Tiebreak
    face_up_with_two_players: int = 3
    countess_forced_by: frozenset[Card]
    rulings: tuple[tuple[str, str], ...] = ()
    labels: tuple[tuple[Card, tuple[str, ...]], ...] = attrs.field(default=(), converter=_labels)

    deck: tuple[Card, ...] = attrs.field(init=False, eq=False)
    """Every card of the deck, in the order of ``specs``."""
    cards: frozenset[Card] = attrs.field(init=False, eq=False)
    """The kinds of card this edition has."""
    value: Mapping[Card, int] = attrs.field(init=False, eq=False)
    """Each kind's value."""
    targeting: Mapping[Card, Targeting] = attrs.field(init=False, eq=False)
    """Whom each kind chooses."""
    guesses: tuple[Card, ...] = attrs.field(init=False, eq=False)
    """What a Guard may name: every kind but the Guard, by value."""

    def __attrs_post_init__(self) -> None:
        deck = tuple(spec.card for spec in self.specs for _ in range(spec.count))
        by_value = sorted(self.specs, key=lambda spec: spec.value)
        derived = {
            "deck": deck,
            "cards": frozenset(spec.card for spec in self.specs),
            "value": {spec.card: spec.value for spec in self.specs},
            "targeting": {spec.card: spec.targeting for spec in self.specs},
            "guesses": tuple(s.card for s in by_value if s.card is not Card.GUARD),
            "_by_value": {spec.value: spec.card for spec in self.specs},
            "_ruling_ids": dict(self.rulings),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    _by_value: Mapping[int, Card] = attrs.field(init=False, eq=False, alias="_by_value")
    _ruling_ids: Mapping[str, str] = attrs.field(init=False, eq=False, alias="_ruling_ids")

    def __repr__(self) -> str:
        if EDITIONS.get(self.name) is self:
            return f"edition({self.name!r})"
        return (
            f"Edition(name={self.name!r}, title={self.title!r}, specs={self.specs!r}, "
            f"min_players={self.min_players!r}, max_players={self.max_players!r}, "
            f"targets={dict(self.targets)!r}, tiebreak={self.tiebreak!r}, "
            f"face_up_with_two_players={self.face_up_with_two_players!r}, "
            f"countess_forced_by={self.countess_forced_by!r}, rulings={self.rulings!r}, "
            f"target_settings={dict(self.target_settings)!r}, labels={dict(self.labels)!r})"
        )

    def target(self, *, players: int, setting: str | None = None) -> int:
        """The favor tokens needed to win a game of ``players`` players.

        ``setting`` names one of :attr:`~Edition.target_settings` instead of the edition's table.
        """
        if setting is None:
            return dict(self.targets)[players]
        return dict(dict(self.target_settings)[setting])[players]

    def ruling(self, ruling_id: str) -> str:
        """The id under which this edition files the 2019 ruling ``ruling_id``."""
        return self._ruling_ids.get(ruling_id, ruling_id)

    def parse_card(self, name: str | int) -> Card | None:
        """The card of this edition that ``name`` names, or ``None``.

        Accepts a card's name (English or French, any letter case), its value in this
        edition (as an int or as digits), or one of the edition's playing-card labels.

        >>> edition("2019").parse_card(0), edition("2019").parse_card("★")
        (Card.SPY, Card.SPY)
        >>> edition("2019").parse_card("Jester") is None
        True
        """
        if isinstance(name, bool):
            return None
        if isinstance(name, int):
            return self._by_value.get(name)
        text = name.strip()
        if text.isdecimal() and text.isascii():
            return self._by_value.get(int(text))
        card = card_by_name(text)
        if card is None and self.labels:
            card = card_by_label(text)
        return card if card in self.cards else None


_OTHER, _ANY, _NONE = Targeting.OTHER, Targeting.ANY, Targeting.NONE

EDITION_2019 = Edition(
    name="2019",
    title="Love Letter (2019 revised edition)",
    specs=(
        CardSpec(card=Card.SPY, value=0, count=2, targeting=_NONE),
        CardSpec(card=Card.GUARD, value=1, count=6, targeting=_OTHER),
        CardSpec(card=Card.PRIEST, value=2, count=2, targeting=_OTHER),
        CardSpec(card=Card.BARON, value=3, count=2, targeting=_OTHER),
        CardSpec(card=Card.HANDMAID, value=4, count=2, targeting=_NONE),
        CardSpec(card=Card.PRINCE, value=5, count=2, targeting=_ANY),
        CardSpec(card=Card.CHANCELLOR, value=6, count=2, targeting=_NONE),
        CardSpec(card=Card.KING, value=7, count=1, targeting=_OTHER),
        CardSpec(card=Card.COUNTESS, value=8, count=1, targeting=_NONE),
        CardSpec(card=Card.PRINCESS, value=9, count=1, targeting=_NONE),
    ),
    min_players=2,
    max_players=6,
    targets={2: 6, 3: 5, 4: 4, 5: 3, 6: 3},
    tiebreak=Tiebreak.NONE,
    countess_forced_by=frozenset({Card.KING, Card.PRINCE}),
    labels=PLAYING_CARD_LABELS,
)
"""The 2019 revised edition: 21 cards, 2 to 6 players."""

CLASSIC = Edition(
    name="classic",
    title="Love Letter (classic 16-card edition)",
    specs=(
        CardSpec(card=Card.GUARD, value=1, count=5, targeting=_OTHER),
        CardSpec(card=Card.PRIEST, value=2, count=2, targeting=_OTHER),
        CardSpec(card=Card.BARON, value=3, count=2, targeting=_OTHER),
        CardSpec(card=Card.HANDMAID, value=4, count=2, targeting=_NONE),
        CardSpec(card=Card.PRINCE, value=5, count=2, targeting=_ANY),
        CardSpec(card=Card.KING, value=6, count=1, targeting=_OTHER),
        CardSpec(card=Card.COUNTESS, value=7, count=1, targeting=_NONE),
        CardSpec(card=Card.PRINCESS, value=8, count=1, targeting=_NONE),
    ),
    min_players=2,
    max_players=4,
    targets={2: 4, 3: 3, 4: 2},
    target_settings={"printed": {2: 7, 3: 5, 4: 4}},
    tiebreak=Tiebreak.DISCARD_TOTAL,
    countess_forced_by=frozenset({Card.KING, Card.PRINCE}),
    rulings=(
        ("LL19-SETUP-DECK", "LLC-DECK"),
        ("LL19-Q01", "LLC-GUARD-NAMES"),
        ("LL19-COUNTESS-FORCED", "LLC-COUNTESS-FORCED"),
        ("LL19-GAME-TARGETS", "LLC-TARGETS"),
        ("LL19-Q15", "LLC-PLAYERS"),
        ("LL19-Q12", "LLC-NEXT-FIRST-TIE"),
        ("LL19-NEXT-FIRST-TIE-RANDOM", "LLC-NEXT-FIRST-TIE"),
        ("LL19-SETUP-FIRST-PLAYER", "LLC-FIRST-PLAYER"),
    ),
)
"""The classic edition: 16 cards, 2 to 4 players, showdown ties broken by discards."""

EDITIONS: dict[str, Edition] = {EDITION_2019.name: EDITION_2019, CLASSIC.name: CLASSIC}
"""Every edition the referee knows, by name."""


def edition(name: str | Edition) -> Edition:
    """The edition called ``name``: ``"2019"`` or ``"classic"``.

    An :class:`Edition` is returned as it is.

    >>> edition("2019").title
    'Love Letter (2019 revised edition)'
    """
    if isinstance(name, Edition):
        return name
    try:
        return EDITIONS[str(name).strip().casefold()]
    except KeyError:
        known = ", ".join(repr(n) for n in EDITIONS)
        raise SetupError(f"unknown edition {name!r}: known editions are {known}") from None
