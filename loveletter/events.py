"""Events: what happened, in the past tense.

Applying a command gives a tuple of events, in the order things happened. They are
facts, not instructions: a client replays them to animate the table, a log keeps them,
a bot learns from them. Fields that hold a hidden card are typed ``Card | None``: the
full event names the card, and a view of the event for a player who may not see it
holds ``None`` there.
"""

from __future__ import annotations

from typing import Any, ClassVar, TypeAlias

import attrs

from loveletter._kinds import Enum, Kind
from loveletter._optional import optional_field, short_repr
from loveletter.cards import Card

__all__ = [
    "EVENT_CLASSES",
    "CardDrawn",
    "CardPlayed",
    "CardsReturned",
    "CommandTakenBack",
    "DrawSource",
    "Ending",
    "Event",
    "GameEnded",
    "GuardGuessed",
    "HandDiscarded",
    "HandSeen",
    "HandsCompared",
    "HandsTraded",
    "KnockOutCause",
    "PlayerKnockedOut",
    "PlayerProtected",
    "ProtectionEnded",
    "RoundEnded",
    "RoundRedealt",
    "RoundStarted",
    "TokenAwarded",
    "TokenFor",
    "hidden",
    "hidden_fields",
]


class DrawSource(Enum):
    """Where a drawn card came from."""

    PILE = "pile"
    """The top of the draw pile."""
    SET_ASIDE = "set-aside"
    """The face-down set-aside card (a Prince with an empty pile)."""


class KnockOutCause(Kind):
    """Why a player was knocked out of the round.

    An open kind: one cause per way a card knocks out; a new card's rule record may
    define more, with their words.
    """

    __slots__ = ()

    GUARD: ClassVar[KnockOutCause]
    """A Guard named their card."""
    BARON: ClassVar[KnockOutCause]
    """They lost a Baron's comparison."""
    PRINCESS_DISCARDED: ClassVar[KnockOutCause]
    """A Prince made them discard the Princess."""
    PRINCESS_PLAYED: ClassVar[KnockOutCause]
    """They played the Princess."""


for _name, _value in (
    ("GUARD", "guard"),
    ("BARON", "baron"),
    ("PRINCESS_DISCARDED", "princess-discarded"),
    ("PRINCESS_PLAYED", "princess-played"),
):
    KnockOutCause.define(_name, _value)


class Ending(Enum):
    """How a round ended."""

    SHOWDOWN = "showdown"
    """The draw pile ran out and the hands still in were compared."""
    LAST_SURVIVOR = "last-survivor"
    """Everyone else was knocked out."""


class TokenFor(Enum):
    """What a favor token was awarded for."""

    ROUND_WIN = "round-win"
    """Winning the round."""
    SPY = "spy"
    """Being the only one still in who played or discarded a Spy."""


def hidden(*seen_by: str, default: object = attrs.NOTHING) -> Any:
    """A field that holds hidden cards, seen only by the players its fields ``seen_by`` name.

    ``"holder"`` marks ``(player, card)`` pairs whose card is seen by that pair's player.
    :func:`loveletter.views.redact` reads these marks: the one place an event says what it
    hides, and from whom.
    """
    return attrs.field(default=default, metadata={"seen_by": seen_by})


def hidden_fields(cls: type) -> dict[str, tuple[str, ...]]:
    """The hidden fields of an event class, each with the fields naming who sees it."""
    return {
        field.name: field.metadata["seen_by"]
        for field in attrs.fields(cls)
        if "seen_by" in field.metadata
    }


@attrs.frozen(kw_only=True)
class RoundStarted:
    """A round was dealt. ``hands`` holds each player's dealt card."""

    round_number: int
    first: str
    hands: tuple[tuple[str, Card | None], ...] = hidden("holder")
    face_up: tuple[Card, ...]
    draw_pile_size: int


@attrs.frozen(kw_only=True)
class CardDrawn:
    """A player took a card into their hand.

    ``by`` is the card whose effect made them draw: the Prince (a new card for the hand
    it discarded) or the Chancellor; ``None`` for the draw that starts a turn.
    """

    player: str
    card: Card | None = hidden("player")
    source: DrawSource = DrawSource.PILE
    by: Card | None = None


@short_repr
@attrs.frozen(kw_only=True)
class CardPlayed:
    """A player played a card face up, with its target and named card, if any.

    ``also`` names the other players a card that chooses several chose.
    """

    player: str
    card: Card
    target: str | None = None
    guess: Card | int | None = None
    also: tuple[str, ...] = optional_field(())


@attrs.frozen(kw_only=True)
class GuardGuessed:
    """A Guard named a card; ``hit`` tells whether the target held it."""

    player: str
    target: str
    guess: Card | int
    hit: bool


@attrs.frozen(kw_only=True)
class HandSeen:
    """A Priest's player looked at the target's hand."""

    player: str
    target: str
    card: Card | None = hidden("player")


@short_repr
@attrs.frozen(kw_only=True)
class HandsCompared:
    """A Baron's player and the target compared hands; ``loser`` is out (or nobody)."""

    player: str
    target: str
    player_card: Card | None = hidden("player", "target")
    target_card: Card | None = hidden("player", "target")
    loser: str | None
    by: Card = optional_field(Card.BARON)
    """The card that compared them (the Baron, or a card of another edition's)."""


@attrs.frozen(kw_only=True)
class PlayerProtected:
    """A Handmaid protects its player until the start of their next turn."""

    player: str


@attrs.frozen(kw_only=True)
class ProtectionEnded:
    """Play passed to a protected player, whose protection ended."""

    player: str


@attrs.frozen(kw_only=True)
class HandDiscarded:
    """A Prince made a player discard their hand face up."""

    player: str
    card: Card


@attrs.frozen(kw_only=True)
class CardsReturned:
    """A Chancellor's player kept one card and put the others under the pile, in order."""

    player: str
    cards: tuple[Card | None, ...] = hidden("player")


@attrs.frozen(kw_only=True)
class HandsTraded:
    """A King's player and the target traded hands; each field is what that one received."""

    player: str
    target: str
    player_received: Card | None = hidden("player", "target")
    target_received: Card | None = hidden("player", "target")


@attrs.frozen(kw_only=True)
class PlayerKnockedOut:
    """A player was knocked out of the round; ``discarded`` went face up from their hand."""

    player: str
    cause: KnockOutCause
    discarded: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class RoundEnded:
    """The round ended. At a showdown ``hands`` reveals every card still held."""

    round_number: int
    end: Ending
    winners: tuple[str, ...]
    hands: tuple[tuple[str, Card], ...]
    set_aside: Card | None


@attrs.frozen(kw_only=True)
class TokenAwarded:
    """A player gained a favor token; ``tokens`` is their new total."""

    player: str
    reason: TokenFor
    tokens: int


@attrs.frozen(kw_only=True)
class CommandTakenBack:
    """A player took back their last command (the house remedy, HOUSE-REMEDY-TAKE-BACK).

    The game is as it was before that command; ``card`` is the card they had played, back
    in their hand in sight of everyone (``None`` for a Chancellor's choice taken back).
    """

    player: str
    card: Card | None


@attrs.frozen(kw_only=True)
class RoundRedealt:
    """The running round was voided, to be dealt again (HOUSE-REMEDY-REDEAL).

    Nobody gains a token for it; a :class:`RoundStarted` follows, with the new deal.
    """

    round_number: int


@attrs.frozen(kw_only=True)
class GameEnded:
    """Someone reached the target: the game is over and these players won it."""

    winners: tuple[str, ...]


EVENT_CLASSES: tuple[type, ...] = (
    RoundStarted,
    CardDrawn,
    CardPlayed,
    GuardGuessed,
    HandSeen,
    HandsCompared,
    PlayerProtected,
    ProtectionEnded,
    HandDiscarded,
    CardsReturned,
    HandsTraded,
    PlayerKnockedOut,
    RoundEnded,
    TokenAwarded,
    GameEnded,
    CommandTakenBack,
    RoundRedealt,
)
"""Every kind of event."""

Event: TypeAlias = (
    RoundStarted
    | CardDrawn
    | CardPlayed
    | GuardGuessed
    | HandSeen
    | HandsCompared
    | PlayerProtected
    | ProtectionEnded
    | HandDiscarded
    | CardsReturned
    | HandsTraded
    | PlayerKnockedOut
    | RoundEnded
    | TokenAwarded
    | GameEnded
    | CommandTakenBack
    | RoundRedealt
)
"""Any event."""
