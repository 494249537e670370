"""One record per kind of card: everything the card does, its checks, and its words.

A card's name, value and count are its edition's (:mod:`loveletter.editions`); what it
does is its :class:`CardRule`: whom it chooses, whether it names a card, which cards
force it to be played, what its effect does to the table and what it shows to whom, the
refusals its own rules add, why it may knock someone out, its part in the scoring, its
French name, and its labels in the 2019 playing-card rendition. The checks, the legal
commands, the views, the narration, the bots and the terminal game all read the record:
a new kind of card is a record, registered with :func:`register_rule`, and an edition
that deals it.

>>> rule = rule_of(Card.BARON)
>>> rule.targeting, rule.intent, rule.french
(Targeting.OTHER, Intent.COMPARE, 'Baron')
>>> rule_of(Card.GUARD).names_a_card, rule_of(Card.COUNTESS).forced_by == {Card.KING, Card.PRINCE}
(True, True)

The effect is a function of the table in motion (:class:`~loveletter.motion.Motion`), the
seat of the player, the seats the card chose and the card it named; the built-in ones
live in ``loveletter/rules/``, one module per card (``rules/baron.py`` holds the Baron).
"""

from __future__ import annotations

from collections.abc import Callable

import attrs

from loveletter._kinds import Enum
from loveletter.cards import Card, register_kind, register_labels, register_names
from loveletter.commands import Choose, Play
from loveletter.events import KnockOutCause
from loveletter.motion import Motion
from loveletter.refusals import Refusal

__all__ = [
    "RULES",
    "CardRule",
    "Check",
    "ChoiceCheck",
    "ChoiceEffect",
    "Effect",
    "Hook",
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
    """What a card's effect does, in a word: for bots and narration."""

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


Effect = Callable[[Motion, int, tuple[int, ...], Card | int | None], None]
"""``effect(table, actor, targets, guess)``: what playing the card does. ``targets`` are
the seats chosen (empty when nobody could be), ``guess`` the card (or number) named."""

Hook = Callable[[Motion, int], None]
"""``hook(table, seat)``: what discarding the card (to a Prince) does to its holder."""

Check = Callable[[Motion, Play], Refusal | None]
"""``check(table, play)``: why a card's own rule refuses ``play``, or ``None``."""

ChoiceEffect = Callable[[Motion, int, Card, tuple[Card, ...]], None]
"""``choose(table, actor, keep, returned)``: the second half of an effect that waits for
its player's choice (the Chancellor's): ``keep`` stays in the hand, ``returned`` goes."""

ChoiceCheck = Callable[[Motion, Choose], Refusal | None]
"""``check(table, choice)``: why a card's rule refuses its player's choice, or ``None``."""


def _nothing(
    motion: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None
) -> None:
    """No effect."""


@attrs.frozen(kw_only=True)
class CardRule:
    """Everything a kind of card does, its checks, and its words.

    ``knock_outs`` gives, for each cause of a knock-out this card can bring, how the
    narration tells it: in English, in French, and in French to the player knocked out.
    ``bonus`` gives the seat that earns a bonus token at the round's end because of this
    card (the Spy's), or ``None``.

    A play is checked first for what every play must be (its player's turn, a card of the
    edition, in hand, whom it chooses: :mod:`loveletter.rules.checks`), then by the card's
    own hooks: ``check_beside`` of each other card the player holds (the Countess refuses
    a King or a Prince beside her), and last ``check`` of the card played (the Guard's
    rules for the card it names). A card with no ``check`` names no card, and a play of
    it that names one is refused.
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
    """Whether it names a card (the Guard): any card of the edition but those that name one."""
    forced_by: frozenset[Card] = frozenset()
    """Held with one of these, it must be played instead of them (the Countess)."""
    intent: Intent = Intent.NOTHING
    lower_loses: bool = True
    """For a comparison: whether the lower card loses (the Baron) or the higher one."""
    effect: Effect = _nothing
    check: Check | None = None
    """The refusals its own rules add to a play of it, after every play's checks."""
    check_beside: Check | None = None
    """The refusals it makes of a play of another card while it is held (the Countess's)."""
    choose: ChoiceEffect | None = None
    """For an effect that waits for its player's choice: what the choice does."""
    check_choice: ChoiceCheck | None = None
    """For an effect that waits for its player's choice: why a choice is refused."""
    discarded: Hook | None = None
    """What discarding it to a Prince does (the Princess knocks out, the Spy counts)."""
    bonus: Callable[[Motion], int | None] | None = None
    knock_outs: tuple[tuple[KnockOutCause, str, str, str], ...] = ()
    draws: bool = False
    """Whether its effect draws cards for its player (the Chancellor's, not the Prince's)."""
    shows_hands: bool = False
    """Whether its effect shows hands to players (Priest, Baron, King)."""


RULES: dict[Card, CardRule] = {}
"""Every kind's rule record, by card."""

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
    register_kind(
        rule.card,
        french=rule.french,
        feminine=rule.feminine,
        names_a_card=rule.names_a_card,
        forced_by=rule.forced_by,
    )
    for cause, english, french, french_you in rule.knock_outs:
        _CAUSES[cause] = (english, french, french_you)
    RULES[rule.card] = rule
    return rule


def rule_of(card: Card) -> CardRule:
    """The rule record of ``card``; :class:`KeyError` if it has none."""
    return RULES[card]


def cause_words(cause: KnockOutCause) -> tuple[str, str, str]:
    """How narration tells a knock-out's cause: English, French, French to the player."""
    return _CAUSES.get(cause, (cause.value, cause.value, cause.value))
