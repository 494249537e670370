"""The state of a game: frozen records, rebuilt by every applied command.

A :class:`State` holds everything the referee knows, hidden cards included; give
players a view instead (:mod:`loveletter.views`). Per-player fields are tuples indexed
by seat (the position in ``table.players``); the methods that take a player's name are
the convenient way in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import attrs

from loveletter._kinds import Enum
from loveletter.cards import Card
from loveletter.echo import quoted
from loveletter.editions import Edition
from loveletter.errors import UnknownPlayerError
from loveletter.events import Ending

__all__ = [
    "Buried",
    "Known",
    "Phase",
    "RoundOutcome",
    "RuledOut",
    "Shown",
    "State",
    "Table",
    "Tied",
]


class Phase(Enum):
    """What the game is waiting for."""

    DRAW = "draw"
    """The player to act must draw."""
    PLAY = "play"
    """The player to act must play one of their two cards."""
    CHOOSE = "choose"
    """The player to act must make their Chancellor's choice."""
    ROUND_OVER = "round-over"
    """The round has ended: the next round must be dealt."""
    GAME_OVER = "game-over"
    """The game has ended: nothing more can happen."""


def _seats(players: tuple[str, ...]) -> Mapping[str, int]:
    return {player: seat for seat, player in enumerate(players)}


@attrs.frozen(kw_only=True)
class Table:
    """What stays the same for a whole game: edition, players, target, seed, draws."""

    edition: Edition
    players: tuple[str, ...]
    """The players' names, in seat order: play passes from each to the next."""
    target: int
    """The favor tokens needed to win the game."""
    seed: int
    """The seed every shuffle and random choice of this game derives from."""
    auto_draw: bool = True
    """Whether the player to act draws by themselves at the start of their turn."""
    language: str = "en"
    """The language of the referee's messages: ``"en"`` or ``"fr"``."""
    remedy: bool = False
    """Whether the table agreed to the house remedy: take-backs and redeals
    (HOUSE-REMEDY-AGREED)."""
    open_hands: bool = False
    """Whether the table plays with every hand face up, for practice
    (HOUSE-PRACTICE-OPEN-HANDS): every player's view shows every hand."""
    seats: Mapping[str, int] = attrs.field(
        init=False,
        eq=False,
        repr=False,
        default=attrs.Factory(lambda self: _seats(self.players), takes_self=True),
    )
    """Each player's seat (position in ``players``)."""


@attrs.frozen(kw_only=True)
class Shown:
    """A card from ``owner``'s hand that the referee showed ``viewer`` this round."""

    viewer: str | None
    """Who was shown the card; ``None`` means everyone (the reveal at a showdown, or a
    card taken back into its player's hand)."""
    owner: str
    card: Card
    by: Card | None
    """The card whose effect showed it (Priest, Baron, King); ``None`` for the showdown."""


@attrs.frozen(kw_only=True)
class Known:
    """What ``viewer`` knows now of ``owner``'s hand: they hold ``card``, for sure.

    A card shown (a Priest's look, a Baron's comparison, a King's trade) stays known while
    it is certainly still in that hand: until its holder plays or discards a card of the
    same kind, draws for a Chancellor, is made to discard by a Prince or is knocked out;
    a King's trade moves it to the other hand. Unlike :class:`Shown`, which is the history
    of what was shown, this is what is true now.
    """

    viewer: str | None
    """Who knows it; ``None`` means everyone (a card taken back in sight of the table)."""
    owner: str
    card: Card


@attrs.frozen(kw_only=True)
class RuledOut:
    """What everyone knows ``owner``'s card is not: none of ``cards``, for sure.

    A Guard that named a card and missed; a comparison won (the winner's card beats the
    loser's, shown face up); a King or Prince played, so no Countess was held with it.
    It holds of the card the owner held then, as long as it certainly stays in their hand:
    a card they play that the fact rules out was the one they had just drawn, so the fact
    stays; any other play, a Prince's discard, a Chancellor's draw or a knock-out ends it,
    and a King's trade moves it to the other hand.
    """

    owner: str
    cards: tuple[Card, ...]


@attrs.frozen(kw_only=True)
class Tied:
    """What everyone knows after a comparison that tied: two hands of the same value.

    It ends as a :class:`RuledOut` fact of either hand would.
    """

    one: str
    other: str


@attrs.frozen(kw_only=True)
class Buried:
    """What ``viewer`` knows of the draw pile: cards they returned under it with a Chancellor.

    ``cards`` are in order (``cards[-1]`` lowest), with ``under`` cards below them that
    others returned since. Each is drawn in sight of that knowledge: whoever draws it, the
    viewer knows they hold it (a :class:`Known` fact).
    """

    viewer: str
    cards: tuple[Card, ...]
    under: int = 0


@attrs.frozen(kw_only=True)
class RoundOutcome:
    """How the last round ended. Seats index ``table.players``."""

    end: Ending
    winners: tuple[int, ...]
    spy_bonus: int | None
    game_winners: tuple[int, ...] = ()


def _field(json: str, *, default: object = attrs.NOTHING) -> Any:
    """A field of :class:`State`, and the shape of its JSON.

    ``json`` names the field's shape in a stored state (:mod:`loveletter.serialization`),
    which the consistency check reads too (:mod:`loveletter.consistency`).
    """
    return attrs.field(default=default, metadata={"json": json})


@attrs.frozen(kw_only=True)
class State:
    """Everything the referee knows at one moment of a game, hidden cards included.

    The referee changes a table in motion (:class:`loveletter.motion.Motion`) and hands
    out states: snapshots of it.
    """

    table: Table = _field("table")
    round_number: int = _field("round")
    """The current (or just ended) round, from 1."""
    phase: Phase = _field("phase")
    to_act: int = _field("seat")
    """The seat of the player who must act, or -1 when the round or game is over."""
    hands: tuple[tuple[Card, ...], ...] = _field("cards by player")
    discards: tuple[tuple[Card, ...], ...] = _field("cards by player")
    """Each player's face-up cards this round, in the order they landed."""
    out: tuple[bool, ...] = _field("players flagged")
    """Whether each player is knocked out of the round."""
    protected: tuple[bool, ...] = _field("players flagged")
    """Whether each player is protected by a Handmaid."""
    spied: tuple[bool, ...] = _field("players flagged")
    """Whether each player played or discarded a Spy this round (for the Spy token)."""
    tokens: tuple[int, ...] = _field("count by player")
    draw_pile: tuple[Card, ...] = _field("cards")
    """The draw pile, top card first."""
    set_aside: Card | None = _field("card or null")
    """The face-down set-aside card; ``None`` once a Prince has taken it."""
    face_up: tuple[Card, ...] = _field("cards")
    """With two players, the three cards set aside face up."""
    shown: tuple[Shown, ...] = _field("records", default=())
    """The hand cards the referee has shown to players this round, in order."""
    known: tuple[Known, ...] = _field("records", default=())
    """What each player knows now of the other hands (see :class:`Known`)."""
    ruled_out: tuple[RuledOut, ...] = _field("records", default=())
    """What everyone knows some hands do not hold (see :class:`RuledOut`)."""
    tied: tuple[Tied, ...] = _field("records", default=())
    """The pairs of hands everyone knows to be of the same value (see :class:`Tied`)."""
    buried: tuple[Buried, ...] = _field("records", default=())
    """What players know of the bottom of the draw pile (see :class:`Buried`)."""
    first: int = _field("seat", default=0)
    """The seat of the player who started this round."""
    redeals: int = _field("count", default=0)
    """How many times this round was redealt (the house remedy, HOUSE-REMEDY-REDEAL)."""
    outcome: RoundOutcome | None = _field("outcome", default=None)
    """How the round ended, once it has."""

    # -- by name -------------------------------------------------------------------

    @property
    def edition(self) -> Edition:
        """The edition being played."""
        return self.table.edition

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in seat order."""
        return self.table.players

    @property
    def player_to_act(self) -> str | None:
        """The name of the player who must act, or ``None``."""
        players = self.table.players
        return players[self.to_act] if 0 <= self.to_act < len(players) else None

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended (true after the game, too)."""
        return self.phase is Phase.ROUND_OVER or self.phase is Phase.GAME_OVER

    @property
    def game_over(self) -> bool:
        """Whether the game has ended."""
        return self.phase is Phase.GAME_OVER

    def seat(self, player: str) -> int:
        """The seat of ``player``.

        A name that is not at the table raises :class:`~loveletter.errors.UnknownPlayerError`
        (as do the other methods that take a player's name).
        """
        seat = self.table.seats.get(player) if isinstance(player, str) else None
        if seat is None:
            raise UnknownPlayerError(
                f"{quoted(player)} is not at the table ({', '.join(self.table.players)})"
            )
        return seat

    def hand(self, player: str) -> tuple[Card, ...]:
        """The cards ``player`` holds."""
        return self.hands[self.seat(player)]

    def discards_of(self, player: str) -> tuple[Card, ...]:
        """The face-up cards in front of ``player`` this round."""
        return self.discards[self.seat(player)]

    def is_out(self, player: str) -> bool:
        """Whether ``player`` is knocked out of the round."""
        return self.out[self.seat(player)]

    def is_protected(self, player: str) -> bool:
        """Whether ``player`` is protected by a Handmaid."""
        return self.protected[self.seat(player)]

    def tokens_of(self, player: str) -> int:
        """The favor tokens ``player`` holds."""
        return self.tokens[self.seat(player)]

    def _names(self, seats: tuple[int, ...]) -> tuple[str, ...]:
        return tuple(self.table.players[seat] for seat in seats)

    @property
    def round_winners(self) -> tuple[str, ...]:
        """Who won the round that just ended (several after a tie); empty during a round."""
        return self._names(self.outcome.winners) if self.outcome and self.round_over else ()

    @property
    def spy_bonus(self) -> str | None:
        """Who earned the Spy token in the round that just ended, if anyone."""
        if self.outcome is None or not self.round_over or self.outcome.spy_bonus is None:
            return None
        return self.table.players[self.outcome.spy_bonus]

    @property
    def next_first(self) -> tuple[str, ...]:
        """Who may start the next round: the winners of the round that just ended."""
        return self.round_winners

    @property
    def game_winners(self) -> tuple[str, ...]:
        """Who won the game; empty until it is over."""
        return self._names(self.outcome.game_winners) if self.outcome and self.game_over else ()

    @property
    def in_round(self) -> tuple[str, ...]:
        """The players still in the round, in seat order."""
        return tuple(p for p, out in zip(self.table.players, self.out, strict=True) if not out)
