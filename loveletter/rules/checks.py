"""Validation: why a command is refused, in the order of precedence of the reasons.

:func:`refusal` answers for any command without applying it. The checks run in the
order of :class:`~loveletter.errors.Reason`, so a command that breaks several rules is
refused for the first one (scenario format, "Reason codes"). What every play must be
is checked here, reading whom a card chooses and whether it names a card from its rule
record (:mod:`loveletter.cardrule`); the refusals a card's own rules add are its
record's hooks, in its module (the Countess's, the Guard's, the Chancellor's choice).
Messages are written in the table's language (:mod:`loveletter.words`), and never name
a card the command did not name.
"""

from __future__ import annotations

from collections.abc import Callable

from loveletter.cardrule import RULES, Targeting
from loveletter.cards import Card, looks_like_a_label
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.echo import quoted
from loveletter.errors import InvalidCommandError, Reason, Refusal
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
from loveletter.rules.refusals import Described, refuse
from loveletter.state import Phase, State
from loveletter.words import a, any_, card_name, edition_name, of, the

__all__ = ["LastStep", "actor_refusal", "refusal", "take_back_refusal", "unknown_card_refusal"]

_WAITING_FOR = {Phase.DRAW: "must_draw", Phase.PLAY: "must_play", Phase.CHOOSE: "must_choose"}


def _names(motion: Motion, seats: tuple[int, ...]) -> str:
    return ", ".join(motion.names[seat] for seat in seats)


def _round_winners(motion: Motion) -> tuple[int, ...]:
    return motion.outcome.winners if motion.outcome is not None else ()


def refusal(motion: Motion, command: Command, last: LastStep | None = None) -> Refusal | None:
    """Why ``command`` cannot be applied to ``motion``, or ``None`` if it can.

    ``last`` is the running round's last command that was not taken back, and its events:
    what a take-back would take back (see :func:`~loveletter.rules.checks.take_back_refusal`).
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
        return take_back_refusal(motion, command, last)
    if type(command) is Redeal:
        return _redeal(motion, command)
    raise InvalidCommandError(f"not a command: {command!r}")


LastStep = tuple[Command, tuple[Event, ...]]
"""A command of the running round, and the events it gave."""

_REVEALING: dict[type[Event], tuple[str, str]] = {
    CardDrawn: ("a card was drawn", "une carte a été piochée"),
    HandSeen: ("a hand was looked at", "une main a été regardée"),
    HandsCompared: ("hands were compared", "des mains ont été comparées"),
    HandsTraded: ("hands were traded", "des mains ont été échangées"),
    HandDiscarded: ("a hand was discarded", "une main a été défaussée"),
    GuardGuessed: ("a Guard's guess was answered", "un Garde a eu sa réponse"),
    PlayerKnockedOut: ("a player was knocked out", "un joueur a quitté la manche"),
}
"""The events that tell someone what a hand held, and how a refusal says so
(HOUSE-REMEDY-TAKE-BACK). A card played is seen by the table but does not count: it goes
back into its player's hand, in sight of everyone."""

_STEP_WORDS = {
    Play: ("play", "le coup", "coup"),
    Choose: ("Chancellor choice", "le choix de Chancelier", "choix de Chancelier"),
}


def _remedy_agreed(motion: Motion, command: Command) -> Refusal | None:
    """The checks every remedy command goes through first: the game, and the table's agreement."""
    if motion.phase is Phase.GAME_OVER:
        return _game_over(motion, command)
    if not motion.table.remedy:
        return refuse(
            motion, Reason.REMEDY_NOT_AGREED, "HOUSE-REMEDY-AGREED", "remedy_not_agreed", command
        )
    return None


def take_back_refusal(motion: Motion, command: TakeBack, last: LastStep | None) -> Refusal | None:
    """Why ``command`` may not take back ``last`` (HOUSE-REMEDY-TAKE-BACK), or ``None``."""
    problem = _remedy_agreed(motion, command)
    if problem is not None:
        return problem
    seats = motion.table.seats
    if command.player not in seats:
        return refuse(
            motion,
            Reason.UNKNOWN_PLAYER,
            "HOUSE-REMEDY-TAKE-BACK",
            "unknown_player",
            command,
            name=quoted(command.player),
            players=", ".join(motion.table.players),
        )
    round_running = motion.phase in (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)
    if last is None or not round_running:
        return refuse(
            motion,
            Reason.NOTHING_TO_TAKE_BACK,
            "HOUSE-REMEDY-TAKE-BACK",
            "nothing_to_take_back",
            command,
            round=motion.round_number,
        )
    step, events = last
    owner = getattr(step, "player", "")
    if owner != command.player:
        return refuse(
            motion,
            Reason.NOT_YOUR_TURN,
            "HOUSE-REMEDY-TAKE-BACK",
            "not_yours_to_take_back",
            command,
            owner=owner,
        )
    what = next((_REVEALING[type(event)] for event in events if type(event) in _REVEALING), None)
    if what is None:
        return None
    language = motion.table.language
    french = language == "fr"
    words = _STEP_WORDS.get(type(step), ("draw", "la pioche", "pioche"))
    return refuse(
        motion,
        Reason.NOT_REVERSIBLE,
        "HOUSE-REMEDY-TAKE-BACK",
        "not_reversible",
        command,
        step=f"{words[1]} {of(owner, language)}" if french else f"{owner}'s {words[0]}",
        step_to_player=f"votre {words[2]}" if french else f"your {words[0]}",
        what=what[1] if french else what[0],
    )


def _redeal(motion: Motion, command: Redeal) -> Refusal | None:
    """Why the running round may not be redealt now (HOUSE-REMEDY-REDEAL), or ``None``."""
    problem = _remedy_agreed(motion, command)
    if problem is not None:
        return problem
    table = motion.table
    if command.layout is not None:
        problem_text = command.layout.problem(table.edition, table.players, table.language)
        if problem_text is not None:
            return refuse(
                motion,
                Reason.BAD_DEAL,
                "LL19-SETUP-DECK",
                "bad_deal",
                command,
                problem=problem_text,
            )
    if motion.phase is Phase.ROUND_OVER:
        return refuse(
            motion,
            Reason.ROUND_OVER,
            "HOUSE-REMEDY-REDEAL",
            "round_over",
            command,
            round=motion.round_number,
        )
    return None


def actor_refusal(
    motion: Motion,
    command_type: type[Command],
    command: Described,
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
        return refuse(
            motion, Reason.ROUND_OVER, "LL19-Q19", "round_over", command, round=motion.round_number
        )
    seats = motion.table.seats
    seat = seats.get(player)
    stranger = next((target for target in targets if target not in seats), None)
    if seat is None or stranger is not None:
        return refuse(
            motion,
            Reason.UNKNOWN_PLAYER,
            "LL19-TURN-ORDER" if seat is None else "LL19-TARGET-OTHER",
            "unknown_player",
            command,
            name=quoted(player if seat is None else stranger),
            players=", ".join(motion.table.players),
        )
    if seat != motion.to_act:
        if motion.out[seat]:
            return refuse(
                motion,
                Reason.NOT_YOUR_TURN,
                "LL19-KO-SKIP-TURNS",
                "player_out",
                command,
                player=player,
                round=motion.round_number,
            )
        return refuse(
            motion,
            Reason.NOT_YOUR_TURN,
            "LL19-TURN-ORDER",
            "not_your_turn",
            command,
            to_act=motion.table.players[motion.to_act],
            player=player,
        )
    wanted = {Play: Phase.PLAY, Draw: Phase.DRAW}.get(command_type, Phase.CHOOSE)
    if phase is not wanted:
        if phase is Phase.CHOOSE or command_type is Choose:
            ruling = "LL19-CHANCELLOR-BAD-CHOICE"
        else:
            ruling = "LL19-TURN-DRAW-PLAY"
        return refuse(
            motion, Reason.WRONG_PHASE, ruling, _WAITING_FOR[phase], command, player=player
        )
    return None


def _game_over(motion: Motion, command: Described) -> Refusal:
    winners = motion.outcome.game_winners if motion.outcome is not None else ()
    return refuse(
        motion, Reason.GAME_OVER, "LL19-Q19", "game_over", command, winners=_names(motion, winners)
    )


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
        motion,
        Reason.UNKNOWN_CARD,
        "LL19-LABELS-EDITION",
        "label_other_edition",
        command,
        edition=edition_name(edition, motion.table.language),
        name=quoted(command.labels_given[0]),
    )


def _play_card(motion: Motion, command: Play) -> Refusal | None:
    """The card and the named card are of the edition, and the card is held."""
    labelled = _labels_refusal(motion, command)
    if labelled is not None:
        return labelled
    card, guess = command.card, command.guess
    edition = motion.table.edition
    language = motion.table.language
    named = edition.card_named(guess)
    if isinstance(guess, int) and named is None and len(edition.cards_worth(guess)) > 1:
        return refuse(
            motion,
            Reason.UNKNOWN_CARD,
            "LL19-GUARD-NUMBER",
            "number_names_two",
            command,
            edition=edition_name(edition, language),
            number=guess,
            cards=", ".join(card_name(c, language) for c in edition.cards_worth(guess)),
        )
    if card not in edition.cards or (guess is not None and named is None):
        unknown: Card | int | None = card
        ruling = "LL19-SETUP-DECK"
        if card in edition.cards:
            unknown, ruling = (guess, "LL19-Q01")
        return refuse(
            motion,
            Reason.UNKNOWN_CARD,
            ruling,
            "no_such_card",
            command,
            edition=edition_name(edition, language),
            card=card_name(unknown, language) if isinstance(unknown, Card) else quoted(unknown),
        )
    if card not in motion.hands[motion.to_act]:
        return refuse(
            motion,
            Reason.CARD_NOT_IN_HAND,
            "LL19-TURN-DRAW-PLAY",
            "not_in_hand",
            command,
            player=command.player,
            any_card=any_(card, language),
        )
    return None


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
    seat = motion.to_act
    a_card = a(command.card, motion.table.language)
    if targeting is Targeting.NONE:
        if targets:
            return refuse(
                motion,
                Reason.TARGET_NOT_ALLOWED,
                "LL19-TARGET-UNTARGETED",
                "chooses_nobody",
                command,
                a_card=a_card,
            )
        return None
    wanted = 2 if targeting is Targeting.TWO_OTHERS else 1
    if len(targets) != wanted or len(set(targets)) != len(targets):
        if targeting is Targeting.ANY:
            return refuse(
                motion,
                Reason.TARGET_REQUIRED,
                "LL19-TARGET-ANY",
                "prince_needs_target",
                command,
                player=command.player,
                a_card=a_card,
            )
        if len(_choosable(motion, seat)) >= wanted or len(targets) > wanted:
            key = "needs_two" if wanted == 2 else "needs_other"
            return refuse(
                motion, Reason.TARGET_REQUIRED, "LL19-TARGET-OTHER", key, command, a_card=a_card
            )
        if targets:  # fewer can be chosen than the card chooses: it chooses nobody
            return refuse(
                motion,
                Reason.TARGET_NOT_ALLOWED,
                "LL19-TARGET-ALL-PROTECTED-NO-EFFECT",
                "too_few_to_choose",
                command,
                a_card=a_card,
            )
        return None  # nobody can be chosen: played with no effect
    return _each_target(motion, command, targeting)


def _each_target(motion: Motion, command: Play, targeting: Targeting) -> Refusal | None:
    """Each chosen player: not its own player (unless the card allows), still in, unprotected."""
    seats = motion.seats
    seat = motion.to_act
    for target in command.targets:
        target_seat = seats[target]
        if target_seat == seat:
            if targeting is Targeting.ANY:
                continue
            return refuse(
                motion,
                Reason.TARGET_SELF,
                "LL19-TARGET-OTHER",
                "not_self",
                command,
                a_card=a(command.card, motion.table.language),
            )
        if motion.out[target_seat]:
            return refuse(
                motion, Reason.TARGET_OUT, "LL19-TARGET-OUT", "target_out", command, target=target
            )
        if motion.protected[target_seat]:
            return refuse(
                motion,
                Reason.TARGET_PROTECTED,
                "LL19-TARGET-PROTECTED",
                "target_protected",
                command,
                target=target,
            )
    return None


def _play_named(motion: Motion, command: Play) -> Refusal | None:
    """The named card: none for a card that names none, else as the card's ``check`` says."""
    rule = RULES[command.card]
    if not rule.names_a_card and command.guess is not None:
        language = motion.table.language
        return refuse(
            motion,
            Reason.GUESS_NOT_ALLOWED,
            "LL19-GUARD-HIT",
            "guess_not_guard",
            command,
            the_card=the(command.card, language),
            a_card=a(command.card, language),
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
        return refuse(
            motion,
            Reason.UNKNOWN_CARD,
            "LL19-SETUP-DECK",
            "no_such_card",
            command,
            edition=edition_name(edition, motion.table.language),
            card=card_name(unknown[0], motion.table.language),
        )
    pending = RULES[motion.discards[motion.to_act][-1]].check_choice
    return None if pending is None else pending(motion, command)


def _deal(motion: Motion, command: Deal) -> Refusal | None:
    phase = motion.phase
    if phase is Phase.GAME_OVER:
        return _game_over(motion, command)
    table = motion.table
    if command.layout is not None:
        problem = command.layout.problem(table.edition, table.players, table.language)
        if problem is not None:
            return refuse(
                motion, Reason.BAD_DEAL, "LL19-SETUP-DECK", "bad_deal", command, problem=problem
            )
    if phase is Phase.ROUND_OVER:
        winners = _round_winners(motion)
        first = command.first
        if first is None:
            return None
        if table.seats.get(first) not in winners:
            key = "first_not_allowed"
        elif command.layout is None and len(winners) > 1:
            # LL19-Q12: after a tie nobody picks; the referee draws when it shuffles.
            key = "first_drawn"
        else:
            return None
        return refuse(
            motion,
            Reason.FIRST_NOT_ALLOWED,
            "LL19-Q12",
            key,
            command,
            round=motion.round_number,
            winners=_names(motion, winners),
        )
    return refuse(
        motion,
        Reason.WRONG_PHASE,
        "LL19-NEXT-ROUND-RESET",
        "round_running",
        command,
        round=motion.round_number,
    )


def unknown_card_refusal(
    position: Motion | State,
    command_type: type[Command],
    describe: Callable[[str, bool], str],
    player: str | None,
    target: str | None,
    name: object,
) -> Refusal:
    """The refusal of a command whose card ``name`` is no card at all, at ``position``.

    Such a command cannot be built, but the reasons that come before ``UNKNOWN_CARD``
    (or ``BAD_DEAL`` for a deal) still take precedence.
    """
    motion = Motion(position, record=False) if isinstance(position, State) else position
    edition = motion.table.edition
    if command_type is Deal:
        if motion.phase is Phase.GAME_OVER:
            return _game_over(motion, describe)
        return refuse(
            motion,
            Reason.BAD_DEAL,
            "LL19-SETUP-DECK",
            "not_a_card_of",
            describe,
            name=quoted(name),
            edition=edition_name(edition, motion.table.language),
        )
    problem = actor_refusal(
        motion, command_type, describe, player or "", () if target is None else (target,)
    )
    if problem is not None:
        return problem
    number = name.strip() if isinstance(name, str) else None
    if number is not None and number.isdecimal() and number.isascii():
        worth = edition.cards_worth(int(number))
        if len(worth) > 1:
            return refuse(
                motion,
                Reason.UNKNOWN_CARD,
                edition.ruling("LL19-GUARD-NUMBER"),
                "number_names_two",
                describe,
                edition=edition_name(edition, motion.table.language),
                number=int(number),
                cards=", ".join(card_name(card, motion.table.language) for card in worth),
            )
    ruling, key = "LL19-Q01", "no_card_called"
    if isinstance(name, str) and looks_like_a_label(name):
        # LL19-LABELS: a playing card outside the rendition; LL19-LABELS-EDITION: labels
        # are the 2019 deck's, and a classic table reads none.
        ruling, key = ("LL19-LABELS", "no_such_label")
        if not edition.labels:
            ruling, key = ("LL19-LABELS-EDITION", "label_other_edition")
    return refuse(
        motion,
        Reason.UNKNOWN_CARD,
        ruling,
        key,
        describe,
        edition=edition_name(edition, motion.table.language),
        name=quoted(name),
    )
