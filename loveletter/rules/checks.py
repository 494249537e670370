"""Validation: why a command is refused, in the order of precedence of the reasons.

:func:`refusal` answers for any command without applying it. The checks run in the
order of :class:`~loveletter.errors.Reason`, so a command that breaks several rules is
refused for the first one (scenario format, "Reason codes"). What every play must be
is checked here, reading whom a card chooses and whether it names a card from its rule
record (:mod:`loveletter.cardrule`); the refusals a card's own rules add are its
record's hooks, in its module (the Countess's, the Guard's, the Chancellor's choice).
Each kind of refusal is one :class:`~loveletter.refusals.RefusalKind` (its reason,
ruling and message key), listed below; a refusal holds its message's fields as data and
is written when read, in any language (:mod:`loveletter.refusals`), never naming a card
the command did not name.
"""

from __future__ import annotations

from loveletter.cardrule import RULES, Targeting
from loveletter.cards import Card, card_named, looks_like_a_label
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.echo import quoted
from loveletter.errors import InvalidCommandError, Reason
from loveletter.events import (
    CardDrawn,
    Event,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    PlayerKnockedOut,
)
from loveletter.motion import Motion
from loveletter.refusals import LayoutProblem, Phrase, Refusal, RefusalKind, refuse
from loveletter.state import Phase, State, Table
from loveletter.text import Sketch

__all__ = ["LastStep", "actor_refusal", "refusal", "take_back_refusal", "unknown_card_refusal"]


def _kind(reason: Reason, ruling: str, key: str) -> RefusalKind:
    return RefusalKind(reason=reason, ruling=ruling, key=key)


# The kinds of refusal of what every command must be, in the order of the reason codes.
GAME_OVER = _kind(Reason.GAME_OVER, "LL19-Q19", "game_over")
REMEDY_NOT_AGREED = _kind(Reason.REMEDY_NOT_AGREED, "HOUSE-REMEDY-AGREED", "remedy_not_agreed")
TAKE_BACK_STRANGER = _kind(Reason.UNKNOWN_PLAYER, "HOUSE-REMEDY-TAKE-BACK", "unknown_player")
NOTHING_TO_TAKE_BACK = _kind(
    Reason.NOTHING_TO_TAKE_BACK, "HOUSE-REMEDY-TAKE-BACK", "nothing_to_take_back"
)
HISTORY_NOT_KEPT = _kind(Reason.NOTHING_TO_TAKE_BACK, "HOUSE-REMEDY-TAKE-BACK", "history_not_kept")
NOT_YOURS_TO_TAKE_BACK = _kind(
    Reason.NOT_YOUR_TURN, "HOUSE-REMEDY-TAKE-BACK", "not_yours_to_take_back"
)
NOT_REVERSIBLE = _kind(Reason.NOT_REVERSIBLE, "HOUSE-REMEDY-TAKE-BACK", "not_reversible")
BAD_DEAL = _kind(Reason.BAD_DEAL, "LL19-SETUP-DECK", "bad_deal")
NOT_A_CARD_OF = _kind(Reason.BAD_DEAL, "LL19-SETUP-DECK", "not_a_card_of")
REDEAL_ROUND_OVER = _kind(Reason.ROUND_OVER, "HOUSE-REMEDY-REDEAL", "round_over")
ROUND_OVER = _kind(Reason.ROUND_OVER, "LL19-Q19", "round_over")
UNKNOWN_ACTOR = _kind(Reason.UNKNOWN_PLAYER, "LL19-TURN-ORDER", "unknown_player")
UNKNOWN_TARGET = _kind(Reason.UNKNOWN_PLAYER, "LL19-TARGET-OTHER", "unknown_player")
PLAYER_OUT = _kind(Reason.NOT_YOUR_TURN, "LL19-KO-SKIP-TURNS", "player_out")
NOT_YOUR_TURN = _kind(Reason.NOT_YOUR_TURN, "LL19-TURN-ORDER", "not_your_turn")
FIRST_NOT_ALLOWED = _kind(Reason.FIRST_NOT_ALLOWED, "LL19-Q12", "first_not_allowed")
FIRST_DRAWN = _kind(Reason.FIRST_NOT_ALLOWED, "LL19-Q12", "first_drawn")
ROUND_RUNNING = _kind(Reason.WRONG_PHASE, "LL19-NEXT-ROUND-RESET", "round_running")
LABEL_OTHER_EDITION = _kind(Reason.UNKNOWN_CARD, "LL19-LABELS-EDITION", "label_other_edition")
NO_SUCH_LABEL = _kind(Reason.UNKNOWN_CARD, "LL19-LABELS", "no_such_label")
NUMBER_NAMES_TWO = _kind(Reason.UNKNOWN_CARD, "LL19-GUARD-NUMBER", "number_names_two")
NOT_IN_EDITION = _kind(Reason.UNKNOWN_CARD, "LL19-SETUP-DECK", "no_such_card")
NAMED_NOT_IN_EDITION = _kind(Reason.UNKNOWN_CARD, "LL19-Q01", "no_such_card")
NO_CARD_CALLED = _kind(Reason.UNKNOWN_CARD, "LL19-Q01", "no_card_called")
NOT_IN_HAND = _kind(Reason.CARD_NOT_IN_HAND, "LL19-TURN-DRAW-PLAY", "not_in_hand")
CHOOSES_NOBODY = _kind(Reason.TARGET_NOT_ALLOWED, "LL19-TARGET-UNTARGETED", "chooses_nobody")
PRINCE_NEEDS_TARGET = _kind(Reason.TARGET_REQUIRED, "LL19-TARGET-ANY", "prince_needs_target")
NEEDS_OTHER = _kind(Reason.TARGET_REQUIRED, "LL19-TARGET-OTHER", "needs_other")
NEEDS_TWO = _kind(Reason.TARGET_REQUIRED, "LL19-TARGET-OTHER", "needs_two")
TOO_FEW_TO_CHOOSE = _kind(
    Reason.TARGET_NOT_ALLOWED, "LL19-TARGET-ALL-PROTECTED-NO-EFFECT", "too_few_to_choose"
)
NOT_SELF = _kind(Reason.TARGET_SELF, "LL19-TARGET-OTHER", "not_self")
TARGET_OUT = _kind(Reason.TARGET_OUT, "LL19-TARGET-OUT", "target_out")
TARGET_PROTECTED = _kind(Reason.TARGET_PROTECTED, "LL19-TARGET-PROTECTED", "target_protected")
GUESS_NOT_GUARD = _kind(Reason.GUESS_NOT_ALLOWED, "LL19-GUARD-HIT", "guess_not_guard")
_WRONG_PHASE = {
    (phase, ruling): _kind(Reason.WRONG_PHASE, ruling, key)
    for phase, key in (
        (Phase.DRAW, "must_draw"),
        (Phase.PLAY, "must_play"),
        (Phase.CHOOSE, "must_choose"),
    )
    for ruling in ("LL19-CHANCELLOR-BAD-CHOICE", "LL19-TURN-DRAW-PLAY")
}
"""Not what the game waits for: by the phase it is in, and the ruling (the Chancellor's
choice's, or the turn's)."""


def _names(motion: Motion, seats: tuple[int, ...]) -> str:
    return ", ".join(motion.names[seat] for seat in seats)


def _round_winners(motion: Motion) -> tuple[int, ...]:
    return motion.outcome.winners if motion.outcome is not None else ()


def refusal(
    motion: Motion, command: Command, last: LastStep | None = None, *, kept: bool = True
) -> Refusal | None:
    """Why ``command`` cannot be applied to ``motion``, or ``None`` if it can.

    ``last`` is the running round's last command that was not taken back, and its events:
    what a take-back would take back, and ``kept`` whether the round's history was kept
    (see :func:`~loveletter.rules.checks.take_back_refusal`).
    """
    if type(command) is Play:
        return _play(motion, command)
    if type(command) is Draw:
        return actor_refusal(motion, Draw, command, command.player)
    if type(command) is Choose:
        return _choose(motion, command)
    if type(command) is Deal:
        return _deal(motion, command)
    if type(command) is TakeBack:
        return take_back_refusal(motion, command, last, kept=kept)
    if type(command) is Redeal:
        return _redeal(motion, command)
    raise InvalidCommandError(f"not a command: {command!r}")


LastStep = tuple[Command, tuple[Event, ...]]
"""A command of the running round, and the events it gave."""

_REVEALING = frozenset(
    {CardDrawn, HandSeen, HandsCompared, HandsTraded, HandDiscarded, GuardGuessed, PlayerKnockedOut}
)
"""The events that tell someone what a hand held (HOUSE-REMEDY-TAKE-BACK); a refusal
names each with the phrase ``shown_`` and its name. A card played is seen by the table
but does not count: it goes back into its player's hand, in sight of everyone."""

_STEP_KINDS: dict[type[Command], str] = {Play: "play", Choose: "choice"}


def _remedy_agreed(motion: Motion, command: Command) -> Refusal | None:
    """The checks every remedy command goes through first: the game, and the table's agreement."""
    if motion.phase is Phase.GAME_OVER:
        return _game_over(motion, command)
    if not motion.table.remedy:
        return refuse(motion.table, REMEDY_NOT_AGREED, command)
    return None


def take_back_refusal(
    motion: Motion, command: TakeBack, last: LastStep | None, *, kept: bool = True
) -> Refusal | None:
    """Why ``command`` may not take back ``last`` (HOUSE-REMEDY-TAKE-BACK), or ``None``.

    ``kept`` is whether the game's history from the round's start was kept: a game
    rebuilt from a stored state has none before it, and says so.
    """
    problem = _remedy_agreed(motion, command)
    if problem is not None:
        return problem
    seats = motion.table.seats
    if command.player not in seats:
        return refuse(
            motion.table,
            TAKE_BACK_STRANGER,
            command,
            name=quoted(command.player),
            players=", ".join(motion.table.players),
        )
    round_running = motion.phase in (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)
    if last is None or not round_running:
        kind = NOTHING_TO_TAKE_BACK if kept or not round_running else HISTORY_NOT_KEPT
        return refuse(motion.table, kind, command, round=motion.round_number)
    return _irreversible(motion.table, command, last)


def _irreversible(table: Table, command: TakeBack, last: LastStep) -> Refusal | None:
    """Whether ``last`` is another's, or showed someone something hidden since."""
    step, events = last
    owner = getattr(step, "player", "")
    if owner != command.player:
        return refuse(table, NOT_YOURS_TO_TAKE_BACK, command, owner=owner)
    shown = next((type(event) for event in events if type(event) in _REVEALING), None)
    if shown is None:
        return None
    step_kind = _STEP_KINDS.get(type(step), "draw")
    return refuse(
        table,
        NOT_REVERSIBLE,
        command,
        step=Phrase(key=f"step_{step_kind}", fields=(("owner", owner),)),
        step_to_player=Phrase(key=f"your_step_{step_kind}"),
        what=Phrase(key=f"shown_{shown.__name__}"),
    )


def _redeal(motion: Motion, command: Redeal) -> Refusal | None:
    """Why the running round may not be redealt now (HOUSE-REMEDY-REDEAL), or ``None``."""
    problem = _remedy_agreed(motion, command)
    if problem is not None:
        return problem
    problem = _bad_deal(motion.table, command)
    if problem is not None:
        return problem
    if motion.phase is Phase.ROUND_OVER:
        return refuse(motion.table, REDEAL_ROUND_OVER, command, round=motion.round_number)
    return None


def _bad_deal(table: Table, command: Deal | Redeal) -> Refusal | None:
    """A deal given card by card that is not the edition's deck dealt to the table."""
    layout = command.layout
    if layout is None or layout.problem(table.edition, table.players) is None:
        return None
    problem = LayoutProblem(layout=layout, edition=table.edition, players=table.players)
    return refuse(table, BAD_DEAL, command, problem=problem)


def actor_refusal(
    motion: Motion,
    command_type: type[Command],
    command: Command | Sketch,
    player: str,
    targets: tuple[str, ...] = (),
) -> Refusal | None:
    """The checks that come before the cards: game and round over, who, and when.

    Covers ``GAME_OVER``, ``ROUND_OVER``, ``UNKNOWN_PLAYER``, ``NOT_YOUR_TURN`` and
    ``WRONG_PHASE`` for a draw, play or choice by ``player`` aimed at ``targets``.
    ``command`` may be a description of a command that could not be built (a name that
    is no card); ``command_type`` says which command it is.
    """
    phase = motion.phase
    if phase is Phase.GAME_OVER:
        return _game_over(motion, command)
    if phase is Phase.ROUND_OVER:
        return refuse(motion.table, ROUND_OVER, command, round=motion.round_number)
    problem = _who(motion, command, player, targets)
    if problem is not None:
        return problem
    wanted = {Play: Phase.PLAY, Draw: Phase.DRAW}.get(command_type, Phase.CHOOSE)
    if phase is not wanted:
        if phase is Phase.CHOOSE or command_type is Choose:
            ruling = "LL19-CHANCELLOR-BAD-CHOICE"
        else:
            ruling = "LL19-TURN-DRAW-PLAY"
        return refuse(motion.table, _WRONG_PHASE[phase, ruling], command, player=player)
    return None


def _who(
    motion: Motion, command: Command | Sketch, player: str, targets: tuple[str, ...]
) -> Refusal | None:
    """``player`` and ``targets`` are at the table, and it is ``player``'s turn."""
    table = motion.table
    seat = table.seats.get(player)
    stranger = next((target for target in targets if target not in table.seats), None)
    if seat is None or stranger is not None:
        return refuse(
            table,
            UNKNOWN_ACTOR if seat is None else UNKNOWN_TARGET,
            command,
            name=quoted(player if seat is None else stranger),
            players=", ".join(table.players),
        )
    if seat == motion.to_act:
        return None
    if motion.out[seat]:
        return refuse(table, PLAYER_OUT, command, player=player, round=motion.round_number)
    return refuse(table, NOT_YOUR_TURN, command, to_act=table.players[motion.to_act], player=player)


def _game_over(motion: Motion, command: Command | Sketch) -> Refusal:
    winners = motion.outcome.game_winners if motion.outcome is not None else ()
    return refuse(motion.table, GAME_OVER, command, winners=_names(motion, winners))


def _play(motion: Motion, command: Play) -> Refusal | None:
    """Why a play is refused, in the order of the reason codes; ``None`` if it is not.

    First what every play must be (``actor_refusal``, then the card and whom it
    chooses), then what the cards' own rules add: the ``check_beside`` of each other card
    held (the Countess's), and last the ``check`` of the card played (the Guard's).
    """
    return (
        actor_refusal(motion, Play, command, command.player, command.targets)
        or _play_card(motion, command)
        or _held_beside(motion, command)
        or _play_targets(motion, command)
        or _play_named(motion, command)
    )


def _labels_refusal(motion: Motion, command: Play | Choose) -> Refusal | None:
    """A card given by a playing-card label, at a table of an edition that reads none."""
    edition = motion.table.edition
    if not command.labels_given or edition.labels:
        return None
    # LL19-LABELS-EDITION: labels are the 2019 deck's; their ranks clash with classic values.
    return refuse(
        motion.table,
        LABEL_OTHER_EDITION,
        command,
        edition=edition,
        name=quoted(command.labels_given[0]),
    )


def _play_card(motion: Motion, command: Play) -> Refusal | None:
    """The card and the named card are of the edition, and the card is held."""
    labelled = _labels_refusal(motion, command)
    if labelled is not None:
        return labelled
    problem = _of_the_edition(motion.table, command)
    if problem is not None:
        return problem
    if command.card not in motion.hands[motion.to_act]:
        return refuse(
            motion.table, NOT_IN_HAND, command, player=command.player, any_card=command.card
        )
    return None


def _of_the_edition(table: Table, command: Play) -> Refusal | None:
    """The card played, and the card named, are cards of the table's edition."""
    card, guess = command.card, command.guess
    edition = table.edition
    named = edition.card_named(guess)
    if isinstance(guess, int) and named is None:
        problem = _number_of_two(table, command, guess)
        if problem is not None:
            return problem
    if card in edition.cards and (guess is None or named is not None):
        return None
    unknown: Card | int | None = card
    kind = NOT_IN_EDITION
    if card in edition.cards:
        unknown, kind = (guess, NAMED_NOT_IN_EDITION)
    shown = unknown if isinstance(unknown, Card) else quoted(unknown)
    return refuse(table, kind, command, edition=edition, card=shown)


def _number_of_two(table: Table, command: Command | Sketch, number: int) -> Refusal | None:
    """A number named where the edition has two cards of that value (LL19-GUARD-NUMBER)."""
    worth = table.edition.cards_worth(number)
    if len(worth) < 2:
        return None
    return refuse(
        table, NUMBER_NAMES_TWO, command, edition=table.edition, number=number, cards=worth
    )


def _held_beside(motion: Motion, command: Play) -> Refusal | None:
    """What each other card held refuses of this play (the Countess: LL19-COUNTESS-FORCED)."""
    for other in motion.hands[motion.to_act]:
        check = RULES[other].check_beside
        if other is not command.card and check is not None:
            problem = check(motion, command)
            if problem is not None:
                return problem
    return None


def _choosable(motion: Motion, seat: int) -> list[int]:
    """The other seats a card may choose: still in, and not protected."""
    out, protected = motion.out, motion.protected
    return [s for s in range(len(out)) if s != seat and not out[s] and not protected[s]]


def _play_targets(motion: Motion, command: Play) -> Refusal | None:
    """Whom the card chooses, as its record's targeting says (``LL19-TARGET-*``)."""
    targeting = RULES[command.card].targeting
    targets = command.targets
    if targeting is Targeting.NONE:
        if targets:
            return refuse(motion.table, CHOOSES_NOBODY, command, a_card=command.card)
        return None
    wanted = 2 if targeting is Targeting.TWO_OTHERS else 1
    if len(targets) != wanted or len(set(targets)) != len(targets):
        return _how_many(motion, command, targeting, wanted)
    return _each_target(motion, command, targeting)


def _how_many(motion: Motion, command: Play, targeting: Targeting, wanted: int) -> Refusal | None:
    """Not as many players chosen as the card chooses: refused, or played with no effect."""
    table, a_card, targets = motion.table, command.card, command.targets
    if targeting is Targeting.ANY:
        return refuse(table, PRINCE_NEEDS_TARGET, command, player=command.player, a_card=a_card)
    if len(_choosable(motion, motion.to_act)) >= wanted or len(targets) > wanted:
        kind = NEEDS_TWO if wanted == 2 else NEEDS_OTHER
        return refuse(table, kind, command, a_card=a_card)
    if targets:  # fewer can be chosen than the card chooses: it chooses nobody
        return refuse(table, TOO_FEW_TO_CHOOSE, command, a_card=a_card)
    return None  # nobody can be chosen: played with no effect


def _each_target(motion: Motion, command: Play, targeting: Targeting) -> Refusal | None:
    """Each chosen player: not its own player (unless the card allows), still in, unprotected."""
    seats = motion.seats
    seat = motion.to_act
    for target in command.targets:
        target_seat = seats[target]
        if target_seat == seat:
            if targeting is Targeting.ANY:
                continue
            return refuse(motion.table, NOT_SELF, command, a_card=command.card)
        if motion.out[target_seat]:
            return refuse(motion.table, TARGET_OUT, command, target=target)
        if motion.protected[target_seat]:
            return refuse(motion.table, TARGET_PROTECTED, command, target=target)
    return None


def _play_named(motion: Motion, command: Play) -> Refusal | None:
    """The named card: none for a card that names none, else as the card's ``check`` says."""
    rule = RULES[command.card]
    if not rule.names_a_card and command.guess is not None:
        return refuse(
            motion.table, GUESS_NOT_GUARD, command, the_card=command.card, a_card=command.card
        )
    return None if rule.check is None else rule.check(motion, command)


def _choose(motion: Motion, command: Choose) -> Refusal | None:
    """Why a choice is refused: who and when, its cards, then the pending card's rule."""
    problem = actor_refusal(motion, Choose, command, command.player) or _labels_refusal(
        motion, command
    )
    if problem is not None:
        return problem
    edition = motion.table.edition
    unknown = [card for card in (command.keep, *command.returned) if card not in edition.cards]
    if unknown:
        return refuse(motion.table, NOT_IN_EDITION, command, edition=edition, card=unknown[0])
    pending = RULES[motion.discards[motion.to_act][-1]].check_choice
    return None if pending is None else pending(motion, command)


def _deal(motion: Motion, command: Deal) -> Refusal | None:
    phase = motion.phase
    if phase is Phase.GAME_OVER:
        return _game_over(motion, command)
    table = motion.table
    problem = _bad_deal(table, command)
    if problem is not None:
        return problem
    if phase is Phase.ROUND_OVER:
        winners = _round_winners(motion)
        first = command.first
        if first is None:
            return None
        if table.seats.get(first) not in winners:
            kind = FIRST_NOT_ALLOWED
        elif command.layout is None and len(winners) > 1:
            # LL19-Q12: after a tie nobody picks; the referee draws when it shuffles.
            kind = FIRST_DRAWN
        else:
            return None
        return refuse(
            table, kind, command, round=motion.round_number, winners=_names(motion, winners)
        )
    return refuse(table, ROUND_RUNNING, command, round=motion.round_number)


def unknown_card_refusal(position: Motion | State, sketch: Sketch, name: object) -> Refusal:
    """The refusal of a command that names ``name``, which is no card, at ``position``.

    Such a command cannot be built (``sketch`` is what was written), but the reasons
    that come before ``UNKNOWN_CARD`` (or ``BAD_DEAL`` for a deal) still take precedence.
    """
    motion = Motion(position, record=False) if isinstance(position, State) else position
    table = motion.table
    edition = table.edition
    if sketch.kind == "deal":
        return (
            _game_over(motion, sketch)
            if motion.phase is Phase.GAME_OVER
            else refuse(table, NOT_A_CARD_OF, sketch, name=quoted(name), edition=edition)
        )
    command_type = Choose if sketch.kind == "choose" else Play
    targets = () if sketch.target is None else (sketch.target,)
    problem = actor_refusal(motion, command_type, sketch, sketch.player or "", targets)
    if problem is not None:
        return problem
    return _no_card(table, sketch, name)


def _no_card(table: Table, sketch: Sketch, name: object) -> Refusal:
    """Why ``name`` names no card of the edition.

    A number of two cards, a card of another edition, a label, or no card at all.
    """
    if not isinstance(name, str):
        return refuse(table, NO_CARD_CALLED, sketch, edition=table.edition, name=quoted(name))
    number = name.strip()
    if number.isdecimal() and number.isascii():
        problem = _number_of_two(table, sketch, int(number))
        if problem is not None:
            return problem
    other = None if looks_like_a_label(name) else card_named(name)
    if other is not None:  # a card of another edition: this one's deck has none
        kind = NAMED_NOT_IN_EDITION if name is sketch.guess else NOT_IN_EDITION
        return refuse(table, kind, sketch, edition=table.edition, card=other)
    return refuse(table, _unnamed(table, name), sketch, edition=table.edition, name=quoted(name))


def _unnamed(table: Table, name: object) -> RefusalKind:
    """Why a name names no card of any edition, as a kind of refusal.

    A playing card outside the rendition (LL19-LABELS), a label at a table that reads
    none (LL19-LABELS-EDITION: labels are the 2019 deck's), or no card at all (LL19-Q01).
    """
    if not (isinstance(name, str) and looks_like_a_label(name)):
        return NO_CARD_CALLED
    return NO_SUCH_LABEL if table.edition.labels else LABEL_OTHER_EDITION
