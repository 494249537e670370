"""Errors: one small family under :class:`ValueError`, and the reasons for a refusal.

A command the referee will not apply is *refused*. The refusal
(:class:`~loveletter.refusals.Refusal`) says why with a stable :class:`Reason` code (the
codes of the scenario format, which a client in any language can switch on), the id of
the ruling that forbids it, and a message for people that names the command and the
situation, written in the listener's language when it is read.

* :class:`InvalidCommandError`: the input is malformed (bad JSON, a missing field, a
  name that is no card at all): nothing about the game was looked at.
* :class:`~loveletter.refusals.IllegalCommandError`: a well-formed command that the rules
  forbid now. It carries the :class:`~loveletter.refusals.Refusal` and is defined beside
  it, in :mod:`loveletter.refusals` (a refusal is written in words, which are above this
  module); ``from loveletter import IllegalCommandError`` finds it too.
* :class:`ForbiddenCommandError`: a command its sender may not send (another player's,
  or one only the table sends), refused before any rule is looked at; a kind of
  :class:`InvalidCommandError`.
* :class:`SetupError`: a table that cannot be set up (player count, target, deal).
* :class:`InconsistentStateError`: a state that the rules cannot reach (a stored state
  whose cards are not conserved, for instance).
* :class:`UnknownPlayerError`: a name that is not at the table, asked of a state or a
  view (``state.hand("Zed")``, ``view_for(state, "Zed")``).
"""

from __future__ import annotations

from loveletter._kinds import Enum

__all__ = [
    "ForbiddenCommandError",
    "InconsistentStateError",
    "InvalidCommandError",
    "LoveLetterError",
    "MoveTextError",
    "Reason",
    "SetupError",
    "UnknownPlayerError",
]


class Reason(Enum):
    """Why a command was refused.

    The members are listed in order of precedence: when a command breaks several
    rules at once, its reason is the first member that applies. The last three are the
    house remedy's (``../shared/scenarios/FORMAT.md``): they concern take-backs and
    redeals only, and are checked right after ``GAME_OVER``.
    """

    GAME_OVER = "GAME_OVER"
    """Anything after the game has ended."""
    BAD_DEAL = "BAD_DEAL"
    """A deal that is not exactly the edition's deck, or gives hands to the wrong players."""
    FIRST_NOT_ALLOWED = "FIRST_NOT_ALLOWED"
    """A next round started by someone who did not win the last one."""
    ROUND_OVER = "ROUND_OVER"
    """A draw, play or choice after the round has ended."""
    UNKNOWN_PLAYER = "UNKNOWN_PLAYER"
    """A name that is not at the table (the acting player, or a target)."""
    NOT_YOUR_TURN = "NOT_YOUR_TURN"
    """The player is not the one who must act."""
    WRONG_PHASE = "WRONG_PHASE"
    """Not what the game is waiting for (a draw twice, a play before the draw, ...)."""
    UNKNOWN_CARD = "UNKNOWN_CARD"
    """A card (played or named) that this edition does not have, or a number that names
    no one card of it."""
    CARD_NOT_IN_HAND = "CARD_NOT_IN_HAND"
    """The player does not hold that card."""
    COUNTESS_FORCED = "COUNTESS_FORCED"
    """King or Prince played while the Countess is in the same hand."""
    TARGET_REQUIRED = "TARGET_REQUIRED"
    """No target for a card that needs one, while a legal one exists."""
    TARGET_NOT_ALLOWED = "TARGET_NOT_ALLOWED"
    """A target for a card that chooses nobody."""
    TARGET_SELF = "TARGET_SELF"
    """A Guard, Priest, Baron or King aimed at its own player."""
    TARGET_OUT = "TARGET_OUT"
    """The target is knocked out of the round."""
    TARGET_PROTECTED = "TARGET_PROTECTED"
    """The target is protected by a Handmaid."""
    GUESS_REQUIRED = "GUESS_REQUIRED"
    """A Guard with a target but no named card."""
    GUESS_NOT_ALLOWED = "GUESS_NOT_ALLOWED"
    """A named card with a card other than a Guard, or with a Guard that has no target."""
    GUESS_GUARD = "GUESS_GUARD"
    """A Guard that names Guard."""
    BAD_CHOICE = "BAD_CHOICE"
    """A Chancellor choice that does not split the hand into one card kept, the rest returned."""
    REMEDY_NOT_AGREED = "REMEDY_NOT_AGREED"
    """A take-back or a redeal at a table that did not agree to the house remedy."""
    NOTHING_TO_TAKE_BACK = "NOTHING_TO_TAKE_BACK"
    """No command of the running round to take back."""
    NOT_REVERSIBLE = "NOT_REVERSIBLE"
    """A take-back after a card was shown to someone (HOUSE-REMEDY-TAKE-BACK)."""

    @property
    def precedence(self) -> int:
        """The position of this reason in the order of precedence (0 is first)."""
        return _PRECEDENCE[self]


_PRECEDENCE = {reason: index for index, reason in enumerate(Reason)}


class LoveLetterError(ValueError):
    """The root of every error this library raises on purpose."""


class InvalidCommandError(LoveLetterError):
    """The input is malformed: it does not describe a command at all.

    ``where`` says which part of the input is wrong (a JSON path such as
    ``$.play.card``), when known; ``reason`` is set where a reason code applies.
    """

    def __init__(self, message: str, *, where: str | None = None, reason: Reason | None = None):
        super().__init__(f"{where}: {message}" if where else message)
        self.where = where
        self.reason = reason


class ForbiddenCommandError(InvalidCommandError):
    """A command its sender may not send: another player's, or one only the table sends.

    Refused before any rule is looked at (:func:`loveletter.serialization.read_command`
    with a ``sender``). ``sender`` is who sent it, ``player`` whose command it is
    (``None`` for a deal or a redeal, which only the table sends).
    """

    def __init__(self, message: str, *, sender: str, player: str | None):
        super().__init__(message)
        self.sender = sender
        self.player = player


class SetupError(LoveLetterError):
    """The table cannot be set up as asked (players, target, tokens or deal)."""

    def __init__(self, message: str, *, ruling: str | None = None, reason: Reason | None = None):
        super().__init__(message if ruling is None else f"{message} [{ruling}]")
        self.ruling = ruling
        self.reason = reason


class UnknownPlayerError(LoveLetterError):
    """A name that is not at the table, asked of a state or a view (not in a command)."""


class InconsistentStateError(LoveLetterError):
    """A state the rules cannot reach: cards not conserved, two players to act, ..."""


class MoveTextError(InvalidCommandError):
    """A move typed as text that names nothing, or more than one thing, where it is read.

    ``word`` is the word not read (``None`` when nothing was typed). ``candidates`` names
    what the word may mean when it is ``ambiguous`` (``'p'``: Priest, Prince or
    Princess), and otherwise the closest words that would have been read ("did you
    mean"), if any (:func:`loveletter.moves.parse_move`).
    """

    def __init__(
        self,
        message: str,
        *,
        word: str | None = None,
        candidates: tuple[str, ...] = (),
        ambiguous: bool = False,
    ):
        super().__init__(message)
        self.word = word
        self.candidates = candidates
        self.ambiguous = ambiguous
