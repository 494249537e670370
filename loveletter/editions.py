"""Editions as data: the deck, the card values, the player range, the targets, the tie-break.

Two editions are built in: the 2019 revised edition (21 cards, 2 to 6 players) and the
classic 16-card edition (2 to 4 players, showdown ties broken by discard totals). An
:class:`Edition` is a plain record, checked when it is built; everything a card does is
its rule record's (:mod:`loveletter.cardrule`), and a table checks, when it is set up,
that each card it deals has one (:func:`loveletter.setup.check_setup`). An edition of
one's own is a record too, made known with :func:`register_edition`.

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

from collections import Counter
from collections.abc import Mapping

import attrs

from loveletter._kinds import Enum
from loveletter.cards import Card, card_by_label, card_by_name
from loveletter.errors import SetupError

__all__ = [
    "EDITIONS",
    "EDITION_2019",
    "CardSpec",
    "Edition",
    "Tiebreak",
    "edition",
    "register_edition",
]


class Tiebreak(Enum):
    """How a showdown between equal cards is settled."""

    NONE = "none"
    """Every tied player wins the round (2019)."""
    DISCARD_TOTAL = "discard-total"
    """The highest total of discards wins; players still tied all win (classic)."""


@attrs.frozen(kw_only=True)
class CardSpec:
    """One kind of card in an edition: its value and how many copies the deck has."""

    card: Card
    value: int
    count: int


def _targets(value: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(dict(value).items()))


def _target_settings(
    value: Mapping[str, Mapping[int, int]],
) -> tuple[tuple[str, tuple[tuple[int, int], ...]], ...]:
    return tuple((name, _targets(table)) for name, table in dict(value).items())


@attrs.frozen(kw_only=True, repr=False, cache_hash=True)
class Edition:
    """A Love Letter edition, as data, checked when built (:class:`ValueError` if wrong).

    ``targets`` maps each player count from ``min_players`` to ``max_players`` to the
    favor tokens needed to win; ``target_settings`` names other such tables a table may
    choose (the classic edition's ``"printed"``, LLC-TARGETS-PRINTED).
    ``playing_cards`` says whether the edition reads the 2019 playing-card rendition's
    labels (LL19-LABELS): its cards' :attr:`~loveletter.cards.Card.labels`. ``rulings``
    maps a 2019 ruling id to the id this edition files the same rule under, where it has
    one of its own.
    """

    name: str
    title: str
    french_name: str = ""
    """How French text calls it (``classique``); its ``name`` if empty."""
    french_title: str = ""
    """Its title in French; its ``title`` if empty."""
    specs: tuple[CardSpec, ...]
    min_players: int
    max_players: int
    targets: tuple[tuple[int, int], ...] = attrs.field(converter=_targets)
    target_settings: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = attrs.field(
        default=(), converter=_target_settings
    )
    tiebreak: Tiebreak
    face_up_with_two_players: int = 3
    playing_cards: bool = False
    rulings: tuple[tuple[str, str], ...] = ()

    deck: tuple[Card, ...] = attrs.field(init=False, eq=False)
    """Every card of the deck, in the order of ``specs``."""
    cards: frozenset[Card] = attrs.field(init=False, eq=False)
    """The kinds of card this edition has."""
    value: Mapping[Card, int] = attrs.field(init=False, eq=False)
    """Each kind's value."""
    _by_value: Mapping[int, Card] = attrs.field(init=False, eq=False, alias="_by_value")
    _by_name: Mapping[str, Card] = attrs.field(init=False, eq=False, alias="_by_name")
    _ruling_ids: Mapping[str, str] = attrs.field(init=False, eq=False, alias="_ruling_ids")

    def __attrs_post_init__(self) -> None:
        specs = self.specs
        deck = tuple(spec.card for spec in specs for _ in range(spec.count))
        values = Counter(spec.value for spec in specs)
        derived = {
            "deck": deck,
            "cards": frozenset(spec.card for spec in specs),
            "value": {spec.card: spec.value for spec in specs},
            # A number names a card only where one kind has that value.
            "_by_value": {spec.value: spec.card for spec in specs if values[spec.value] == 1},
            "_ruling_ids": dict(self.rulings),
            # Each card's English name as this library writes it, read at once.
            "_by_name": {spec.card.value: spec.card for spec in specs},
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        problems = _problems(self)
        if problems:
            raise ValueError(f"the edition {self.name!r} is not playable: " + "; ".join(problems))

    def __repr__(self) -> str:
        if EDITIONS.get(self.name) is self:
            return f"edition({self.name!r})"
        fields = ", ".join(
            f"{field.name}={getattr(self, field.name)!r}"
            for field in attrs.fields(Edition)
            if field.init
        )
        return f"Edition({fields})"

    # What an edition's cards' rules say of them, read from the kinds (each is told by its
    # rule record when registered: loveletter.cardrule.register_rule).

    @property
    def guesses(self) -> tuple[Card, ...]:
        """What a card that names a card (the Guard) may name: every other kind, by value.

        >>> edition("classic").guesses[:3]
        (Card.PRIEST, Card.BARON, Card.HANDMAID)
        """
        ordered = sorted(self.specs, key=lambda spec: spec.value)
        return tuple(spec.card for spec in ordered if not spec.card.names_a_card)

    @property
    def forced_when_playing(self) -> Mapping[Card, tuple[Card, ...]]:
        """For each card, the cards that must be played instead of it when held with it.

        The Countess, for the King and the Prince: playing one shows she was not held.
        """
        return {spec.card: self.given_way_to(spec.card) for spec in self.specs}

    def given_way_to(self, card: Card) -> tuple[Card, ...]:
        """The cards of this edition that must be played instead of ``card`` when held with it.

        >>> edition("2019").given_way_to(Card.PRINCE), edition("2019").given_way_to(Card.SPY)
        ((Card.COUNTESS,), ())
        """
        ahead = card.gives_way_to
        return tuple([spec.card for spec in self.specs if spec.card in ahead]) if ahead else ()

    @property
    def labels(self) -> tuple[tuple[Card, tuple[str, ...]], ...]:
        """The edition's playing-card rendition, kind by kind; empty where it reads none."""
        if not self.playing_cards:
            return ()
        return tuple((spec.card, spec.card.labels) for spec in self.specs)

    def target(self, *, players: int, setting: str | None = None) -> int:
        """The favor tokens needed to win a game of ``players`` players.

        ``setting`` names one of :attr:`~Edition.target_settings` instead of the edition's
        table.
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
        edition (as an int or as digits) where one kind has that value, or one of the
        edition's playing-card labels.

        >>> edition("2019").parse_card(0), edition("2019").parse_card("★")
        (Card.SPY, Card.SPY)
        >>> edition("2019").parse_card("Jester") is None
        True
        """
        if name.__class__ is str and name in self._by_name:
            return self._by_name[name]
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

    def card_named(self, guess: Card | int | None) -> Card | None:
        """The card of this edition that a card or number named stands for, or ``None``.

        A number stands for a card only where one kind has that value (LL19-GUARD-NUMBER).

        >>> edition("2019").card_named(7), edition("2019").card_named(Card.KING)
        (Card.KING, Card.KING)
        """
        if isinstance(guess, Card):
            return guess if guess in self.cards else None
        return None if guess is None else self.parse_card(guess)

    def cards_worth(self, value: int) -> tuple[Card, ...]:
        """Every kind of this edition worth ``value``.

        >>> edition("classic").cards_worth(7)
        (Card.COUNTESS,)
        """
        return tuple(spec.card for spec in self.specs if spec.value == value)

    def value_names_one_card(self, value: int) -> bool:
        """Whether ``value`` names a card of this edition unambiguously."""
        return value in self._by_value


def _problems(ed: Edition) -> list[str]:
    """What makes ``ed`` unplayable: the checks of an edition when it is built."""
    return [*_card_problems(ed), *_table_problems(ed)]


def _card_problems(ed: Edition) -> list[str]:
    """Each kind of card once, with a value and copies."""
    problems = []
    cards = [spec.card for spec in ed.specs]
    if not ed.name or not ed.title:
        problems.append("it needs a name and a title")
    if len(set(cards)) != len(cards):
        problems.append("a kind of card is listed twice")
    for spec in ed.specs:
        if isinstance(spec.count, bool) or not isinstance(spec.count, int) or spec.count < 1:
            problems.append(f"{spec.card!r} has {spec.count!r} copies")
        if isinstance(spec.value, bool) or not isinstance(spec.value, int):
            problems.append(f"{spec.card!r} has the value {spec.value!r}")
    return problems


def _table_problems(ed: Edition) -> list[str]:
    """A player range, a target for every count of players, and cards enough to deal."""
    problems = []
    if not 2 <= ed.min_players <= ed.max_players:
        problems.append(f"{ed.min_players} to {ed.max_players} players is no player range")
    counts = range(ed.min_players, ed.max_players + 1)
    for name, table in (("targets", ed.targets), *ed.target_settings):
        if sorted(dict(table)) != list(counts) or not all(n >= 1 for _, n in table):
            problems.append(f"{name} do not give a target of at least 1 for every count")
    needed = 1 + max(ed.max_players, 2 + ed.face_up_with_two_players) + 1
    if len(ed.deck) < needed:
        problems.append(f"{len(ed.deck)} cards cannot deal {ed.max_players} players")
    return problems


EDITION_2019 = Edition(
    name="2019",
    title="Love Letter (2019 revised edition)",
    french_title="Love Letter (édition révisée de 2019)",
    specs=(
        CardSpec(card=Card.SPY, value=0, count=2),
        CardSpec(card=Card.GUARD, value=1, count=6),
        CardSpec(card=Card.PRIEST, value=2, count=2),
        CardSpec(card=Card.BARON, value=3, count=2),
        CardSpec(card=Card.HANDMAID, value=4, count=2),
        CardSpec(card=Card.PRINCE, value=5, count=2),
        CardSpec(card=Card.CHANCELLOR, value=6, count=2),
        CardSpec(card=Card.KING, value=7, count=1),
        CardSpec(card=Card.COUNTESS, value=8, count=1),
        CardSpec(card=Card.PRINCESS, value=9, count=1),
    ),
    min_players=2,
    max_players=6,
    targets={2: 6, 3: 5, 4: 4, 5: 3, 6: 3},
    tiebreak=Tiebreak.NONE,
    playing_cards=True,
)
"""The 2019 revised edition: 21 cards, 2 to 6 players."""

CLASSIC = Edition(
    name="classic",
    title="Love Letter (classic 16-card edition)",
    french_name="classique",
    french_title="Love Letter (édition classique à 16 cartes)",
    specs=(
        CardSpec(card=Card.GUARD, value=1, count=5),
        CardSpec(card=Card.PRIEST, value=2, count=2),
        CardSpec(card=Card.BARON, value=3, count=2),
        CardSpec(card=Card.HANDMAID, value=4, count=2),
        CardSpec(card=Card.PRINCE, value=5, count=2),
        CardSpec(card=Card.KING, value=6, count=1),
        CardSpec(card=Card.COUNTESS, value=7, count=1),
        CardSpec(card=Card.PRINCESS, value=8, count=1),
    ),
    min_players=2,
    max_players=4,
    targets={2: 4, 3: 3, 4: 2},
    target_settings={"printed": {2: 7, 3: 5, 4: 4}},
    tiebreak=Tiebreak.DISCARD_TOTAL,
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

EDITIONS: dict[str, Edition] = {}
"""Every edition the referee knows, by name (see :func:`register_edition`)."""


def register_edition(ed: Edition) -> Edition:
    """Make ``ed`` known by its name, to :func:`edition`, JSON readers and scenarios.

    Registering the same edition again does nothing; another edition under a name that
    is taken is refused with :class:`ValueError`.
    """
    present = EDITIONS.get(ed.name)
    if present is not None and present != ed:
        raise ValueError(f"an edition called {ed.name!r} is known already")
    EDITIONS[ed.name] = ed
    return ed


register_edition(EDITION_2019)
register_edition(CLASSIC)


def edition(name: str | Edition) -> Edition:
    """The edition called ``name`` (``"2019"``, ``"classic"``, or one registered).

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
