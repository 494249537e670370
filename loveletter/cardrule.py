"""One record per kind of card: everything the card does, and its words.

A card's name, value and count are its edition's (:mod:`loveletter.editions`); what it
does is its :class:`CardRule`: whom it chooses, whether it names a card, which cards
force it to be played, what its effect does to the table and what it shows to whom, why
it may knock someone out, its part in the scoring, its French name, and its labels in
the 2019 playing-card rendition. The checks, the legal commands, the views, the
narration, the bots and the terminal game all read the record: a new kind of card is a
record, registered with :func:`register_rule`, and an edition that deals it.

>>> rule = rule_of(Card.BARON)
>>> rule.targeting, rule.intent, rule.french
(Targeting.OTHER, Intent.COMPARE, 'Baron')
>>> rule_of(Card.GUARD).names_a_card, rule_of(Card.COUNTESS).forced_by == {Card.KING, Card.PRINCE}
(True, True)

The effect is a function of the table in motion (:class:`Motion`), the seat of the
player, the seats the card chose and the card it named; the built-in ones live in
``loveletter/rules/``, one module per card (``rules/baron.py`` holds the Baron).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

import attrs

from loveletter._kinds import Enum
from loveletter.cards import Card, register_labels, register_names
from loveletter.events import Event, KnockOutCause

if TYPE_CHECKING:
    from loveletter.state import Position, Table

__all__ = [
    "EFFECTS",
    "RULES",
    "CardRule",
    "Effect",
    "Intent",
    "Motion",
    "Targeting",
    "cause_words",
    "register_rule",
    "rule_of",
]


class Targeting(Enum):
    """Whom a card's effect chooses."""

    NONE = "none"
    """Nobody (Spy, Handmaid, Chancellor, Countess, Princess)."""
    OTHER = "other"
    """Another player still in the round (Guard, Priest, Baron, King)."""
    ANY = "any"
    """Any player still in the round, its own player included (Prince)."""
    TWO_OTHERS = "two-others"
    """Two other players still in the round, in the order named."""


class Intent(Enum):
    """What a card's effect does, in a word: for bots, quiet play and narration."""

    NOTHING = "nothing"
    """No effect of its own (Spy, Countess)."""
    GUESS = "guess"
    """Name a card; a right guess knocks the target out (Guard)."""
    LOOK = "look"
    """Look at a hand (Priest)."""
    COMPARE = "compare"
    """Compare hands; one of the two is knocked out (Baron)."""
    PROTECT = "protect"
    """Protect its player (Handmaid)."""
    REPLACE = "replace"
    """Make a player discard their hand and draw another (Prince)."""
    DRAW_AND_RETURN = "draw-and-return"
    """Draw cards, keep one, return the rest (Chancellor)."""
    TRADE = "trade"
    """Trade hands (King)."""
    LOSE = "lose"
    """Knock its own player out (Princess)."""


class Motion(Protocol):
    """The table in motion, as a card's effect sees it (what an effect may read and do).

    Seats index ``names``. Each seat's hand is a list of cards (during an effect, the
    one card each player still in holds), changed in place; the discards are tuples, by
    seat; ``pile`` is the draw pile, a list whose end is its top (``pile[-1]`` is drawn
    next); ``out`` and ``protected`` are lists of flags, by seat, to be read (the methods
    below change them). ``events`` is the list the effect appends its events to, or
    ``None`` when no events are being recorded.
    """

    table: Table
    names: tuple[str, ...]
    hands: list[list[Card]]
    discards: list[tuple[Card, ...]]
    pile: list[Card]
    set_aside: Card | None
    out: list[bool]
    protected: list[bool]
    events: list[Event] | None

    def draw(self, seat: int, by: Card | None = None) -> Card:
        """``seat`` takes the top card of the draw pile (for the effect of ``by``)."""

    def take_set_aside(self, seat: int) -> Card:
        """``seat`` takes the face-down set-aside card."""

    def knock_out(self, seat: int, cause: KnockOutCause) -> None:
        """Knock ``seat`` out of the round: their hand goes face up."""

    def show(self, viewer: int, owner: int, card: Card, by: Card | None) -> None:
        """The referee showed ``viewer`` (-1: everyone) ``owner``'s ``card``."""

    def learn(self, viewer: int, owner: int, card: Card) -> None:
        """``viewer`` (-1: everyone) now knows that ``owner`` holds ``card``."""

    def forget(self, owner: int, card: Card | None = None) -> None:
        """What was known of ``owner``'s hand (of ``card`` only, if given) is known no more."""

    def trade_known(self, one: int, other: int) -> None:
        """Two hands were traded: what was known of each is now known of the other."""

    def rule_out(self, seat: int, cards: tuple[Card, ...]) -> None:
        """Everyone knows now that ``seat``'s card is none of ``cards``."""

    def tie(self, one: int, other: int) -> None:
        """Everyone knows now that ``one`` and ``other`` hold cards of the same value."""

    def bury(self, seat: int, cards: tuple[Card, ...]) -> None:
        """``seat`` put ``cards`` under the pile, and knows them there."""

    def set_protected(self, seat: int, value: bool) -> None:
        """Protect ``seat``, or end their protection."""

    def set_spied(self, seat: int) -> None:
        """Record that ``seat`` played or discarded a Spy this round."""

    def choose_pending(self) -> None:
        """The effect waits for its player's choice (a Chancellor's)."""


Effect = Callable[["Motion", int, tuple[int, ...], "Card | int | None"], None]
"""``effect(table, actor, targets, guess)``: what playing the card does. ``targets`` are
the seats chosen (empty when nobody could be), ``guess`` the card (or number) named."""

Hook = Callable[["Motion", int], None]
"""``hook(table, seat)``: what discarding the card (to a Prince) does to its holder."""


def _nothing(
    motion: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None
) -> None:
    """No effect."""


@attrs.frozen(kw_only=True)
class CardRule:
    """Everything a kind of card does, and its words.

    ``knock_outs`` gives, for each cause of a knock-out this card can bring, how the
    narration tells it: in English, in French, and in French to the player knocked out.
    ``bonus`` gives the seat that earns a bonus token at the round's end because of this
    card (the Spy's), or ``None``. ``quiet`` says whether a play harms nobody (for
    examples and tests that move a round along); by default a card with no target does.
    """

    card: Card
    french: str
    """Its French name (LL19-NAMES-FR)."""
    feminine: bool = False
    """Whether its French name takes ``la``/``une``."""
    also_read: tuple[str, ...] = ()
    """Other names it is read by (the French aid's ``Comptesse``)."""
    labels: tuple[str, ...] = ()
    """Its cards in the 2019 playing-card rendition, one per copy (LL19-LABELS)."""
    targeting: Targeting = Targeting.NONE
    names_a_card: bool = False
    """Whether it names a card (the Guard): any card of the edition but itself."""
    forced_by: frozenset[Card] = frozenset()
    """Held with one of these, it must be played instead of them (the Countess)."""
    intent: Intent = Intent.NOTHING
    lower_loses: bool = True
    """For a comparison: whether the lower card loses (the Baron) or the higher one."""
    effect: Effect = _nothing
    discarded: Hook | None = None
    """What discarding it to a Prince does (the Princess knocks out, the Spy counts)."""
    bonus: Callable[[Position], int | None] | None = None
    knock_outs: tuple[tuple[KnockOutCause, str, str, str], ...] = ()
    draws: bool = False
    """Whether its effect draws cards for its player (the Chancellor's, not the Prince's)."""
    shows_hands: bool = False
    """Whether its effect shows hands to players (Priest, Baron, King)."""
    quiet: (
        Callable[
            [
                Sequence[tuple[Card, ...]],
                Mapping[Card, int],
                int,
                tuple[int, ...],
                Card | int | None,
            ],
            bool,
        ]
        | None
    ) = None

    def quiet_play(
        self,
        hands: Sequence[tuple[Card, ...]],
        value: Mapping[Card, int],
        actor: int,
        targets: tuple[int, ...],
        guess: Card | int | None,
    ) -> bool:
        """Whether playing it at these targets knocks nobody out and changes no other hand.

        ``hands`` are as the effect will find them: its player holds the card kept.
        """
        if self.quiet is not None:
            return self.quiet(hands, value, actor, targets, guess)
        return not targets and self.intent is not Intent.LOSE


RULES: dict[Card, CardRule] = {}
"""Every kind's rule record, by card."""

EFFECTS: dict[Card, Effect] = {}
"""Every kind's effect, by card (the records' ``effect``, for the turn's hot path)."""

_CAUSES: dict[KnockOutCause, tuple[str, str, str]] = {}


def register_rule(rule: CardRule) -> CardRule:
    """Make ``rule`` the record of its card: its names and labels are read from now on.

    Registering the same record again does nothing; another record for the same card is
    refused with :class:`ValueError`.
    """
    present = RULES.get(rule.card)
    if present is not None:
        if present == rule:
            return present
        raise ValueError(f"{rule.card!r} has a rule record already")
    register_names(rule.card, rule.french, *rule.also_read)
    if rule.labels:
        register_labels(rule.card, rule.labels)
    for cause, english, french, french_you in rule.knock_outs:
        _CAUSES[cause] = (english, french, french_you)
    RULES[rule.card] = rule
    EFFECTS[rule.card] = rule.effect
    return rule


def rule_of(card: Card) -> CardRule:
    """The rule record of ``card``; :class:`KeyError` if it has none."""
    return RULES[card]


def cause_words(cause: KnockOutCause) -> tuple[str, str, str]:
    """How narration tells a knock-out's cause: English, French, French to the player."""
    return _CAUSES.get(cause, (cause.value, cause.value, cause.value))
