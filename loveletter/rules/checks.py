"""Validation: why a command is refused, in the order of precedence of the reasons.

:func:`refusal` answers for any command without applying it. The checks run in the
order of :class:`~loveletter.errors.Reason`, so a command that breaks several rules is
refused for the first one (scenario format, "Reason codes"). What a card chooses, names
and forbids is read from its rule record (:mod:`loveletter.cardrule`); a Chancellor's
choice is checked by :func:`loveletter.rules.chancellor.choice_problem`. Messages are
written in the table's
language (:mod:`loveletter.words`), and never name a card the command did not name.
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
from loveletter.rules import chancellor
from loveletter.state import Phase, Position
from loveletter.text import describe
from loveletter.words import a, any_, card_name, edition_name, message, of, the

__all__ = ["LastStep", "actor_refusal", "refusal", "take_back_refusal", "unknown_card_refusal"]

_NONE, _ANY, _TWO = Targeting.NONE, Targeting.ANY, Targeting.TWO_OTHERS
_WAITING_FOR = {Phase.DRAW: "must_draw", Phase.PLAY: "must_play", Phase.CHOOSE: "must_choose"}


Described = Command | Callable[[str, bool], str]
"""A command, or a function that describes one in a language, to its player or not (for
a command that names something that is no card, and so cannot be built)."""


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _refuse(
    state: Position, reason: Reason, ruling: str, key: str, command: Described, **fields: object
) -> Refusal:
    """A refusal whose message is ``key`` in the table's language, about ``command``.

    The message is written twice: of the command's player, and to them.
    """
    language = state.table.language
    texts = []
    for you in (False, True):
        said = command(language, you) if callable(command) else describe(command, language, you=you)
        texts.append(_capital(message(key, language, you=you, said=said, **fields)))
    return Refusal(
        reason=reason,
        ruling=state.table.edition.ruling(ruling),
        message=texts[0],
        to_player=texts[1],
    )


def _names(state: Position, seats: tuple[int, ...]) -> str:
    return ", ".join(state.table.players[seat] for seat in seats)


def _round_winners(state: Position) -> tuple[int, ...]:
    return state.outcome.winners if state.outcome is not None else ()


def refusal(state: Position, command: Command, last: LastStep | None = None) -> Refusal | None:
    """Why ``command`` cannot be applied to ``state``, or ``None`` if it can.

    ``last`` is the running round's last command that was not taken back, and its events:
    what a take-back would take back (see :func:`~loveletter.rules.checks.take_back_refusal`).
    """
    if type(command) is Play:
        return _play(state, command)
    if type(command) is Draw:
        return actor_refusal(state, Draw, command, command.player)
    if type(command) is Choose:
        return _choose(state, command)
    if type(command) is Deal:
        return _deal(state, command)
    if type(command) is TakeBack:
        return take_back_refusal(state, command, last)
    if type(command) is Redeal:
        return _redeal(state, command)
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


def _remedy_agreed(state: Position, command: Command) -> Refusal | None:
    """The checks every remedy command goes through first: the game, and the table's agreement."""
    if state.phase is Phase.GAME_OVER:
        return _game_over(state, command)
    if not state.table.remedy:
        return _refuse(
            state, Reason.REMEDY_NOT_AGREED, "HOUSE-REMEDY-AGREED", "remedy_not_agreed", command
        )
    return None


def take_back_refusal(state: Position, command: TakeBack, last: LastStep | None) -> Refusal | None:
    """Why ``command`` may not take back ``last`` (HOUSE-REMEDY-TAKE-BACK), or ``None``."""
    problem = _remedy_agreed(state, command)
    if problem is not None:
        return problem
    seats = state.table.seats
    if command.player not in seats:
        return _refuse(
            state,
            Reason.UNKNOWN_PLAYER,
            "HOUSE-REMEDY-TAKE-BACK",
            "unknown_player",
            command,
            name=quoted(command.player),
            players=", ".join(state.table.players),
        )
    round_running = state.phase in (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)
    if last is None or not round_running:
        return _refuse(
            state,
            Reason.NOTHING_TO_TAKE_BACK,
            "HOUSE-REMEDY-TAKE-BACK",
            "nothing_to_take_back",
            command,
            round=state.round_number,
        )
    step, events = last
    owner = getattr(step, "player", "")
    if owner != command.player:
        return _refuse(
            state,
            Reason.NOT_YOUR_TURN,
            "HOUSE-REMEDY-TAKE-BACK",
            "not_yours_to_take_back",
            command,
            owner=owner,
        )
    what = next((_REVEALING[type(event)] for event in events if type(event) in _REVEALING), None)
    if what is None:
        return None
    language = state.table.language
    french = language == "fr"
    words = _STEP_WORDS.get(type(step), ("draw", "la pioche", "pioche"))
    return _refuse(
        state,
        Reason.NOT_REVERSIBLE,
        "HOUSE-REMEDY-TAKE-BACK",
        "not_reversible",
        command,
        step=f"{words[1]} {of(owner, language)}" if french else f"{owner}'s {words[0]}",
        step_to_player=f"votre {words[2]}" if french else f"your {words[0]}",
        what=what[1] if french else what[0],
    )


def _redeal(state: Position, command: Redeal) -> Refusal | None:
    """Why the running round may not be redealt now (HOUSE-REMEDY-REDEAL), or ``None``."""
    problem = _remedy_agreed(state, command)
    if problem is not None:
        return problem
    table = state.table
    if command.layout is not None:
        problem_text = command.layout.problem(table.edition, table.players, table.language)
        if problem_text is not None:
            return _refuse(
                state, Reason.BAD_DEAL, "LL19-SETUP-DECK", "bad_deal", command, problem=problem_text
            )
    if state.phase is Phase.ROUND_OVER:
        return _refuse(
            state,
            Reason.ROUND_OVER,
            "HOUSE-REMEDY-REDEAL",
            "round_over",
            command,
            round=state.round_number,
        )
    return None


def actor_refusal(
    state: Position,
    kind: type[Command],
    command: Described,
    player: str,
    targets: tuple[str, ...] = (),
) -> Refusal | None:
    """The checks that come before the cards: game and round over, who, and when.

    Covers ``GAME_OVER``, ``ROUND_OVER``, ``UNKNOWN_PLAYER``, ``NOT_YOUR_TURN`` and
    ``WRONG_PHASE`` for a draw, play or choice by ``player`` aimed at ``targets``.
    ``command`` may be a description of a command that could not be built (a name that
    is no card); ``kind`` says which command it is.
    """
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return _game_over(state, command)
    if phase is Phase.ROUND_OVER:
        return _refuse(
            state, Reason.ROUND_OVER, "LL19-Q19", "round_over", command, round=state.round_number
        )
    seats = state.table.seats
    seat = seats.get(player)
    stranger = next((target for target in targets if target not in seats), None)
    if seat is None or stranger is not None:
        return _refuse(
            state,
            Reason.UNKNOWN_PLAYER,
            "LL19-TURN-ORDER" if seat is None else "LL19-TARGET-OTHER",
            "unknown_player",
            command,
            name=quoted(player if seat is None else stranger),
            players=", ".join(state.table.players),
        )
    if seat != state.to_act:
        if state.out[seat]:
            return _refuse(
                state,
                Reason.NOT_YOUR_TURN,
                "LL19-KO-SKIP-TURNS",
                "player_out",
                command,
                player=player,
                round=state.round_number,
            )
        return _refuse(
            state,
            Reason.NOT_YOUR_TURN,
            "LL19-TURN-ORDER",
            "not_your_turn",
            command,
            to_act=state.table.players[state.to_act],
            player=player,
        )
    wanted = Phase.PLAY if kind is Play else (Phase.DRAW if kind is Draw else Phase.CHOOSE)
    if phase is not wanted:
        if phase is Phase.CHOOSE or kind is Choose:
            ruling = "LL19-CHANCELLOR-BAD-CHOICE"
        else:
            ruling = "LL19-TURN-DRAW-PLAY"
        return _refuse(
            state, Reason.WRONG_PHASE, ruling, _WAITING_FOR[phase], command, player=player
        )
    return None


def _game_over(state: Position, command: Described) -> Refusal:
    winners = state.outcome.game_winners if state.outcome is not None else ()
    return _refuse(
        state, Reason.GAME_OVER, "LL19-Q19", "game_over", command, winners=_names(state, winners)
    )


def _play(state: Position, command: Play) -> Refusal | None:
    """Why a play is refused, in the order of the reason codes; ``None`` if it is not."""
    table = state.table
    seats = table.seats
    if (
        state.phase is not Phase.PLAY
        or seats.get(command.player) != state.to_act
        or (command.target is not None and command.target not in seats)
        or any(other not in seats for other in command.also)
    ):
        problem = actor_refusal(state, Play, command, command.player, command.targets)
        if problem is not None:
            return problem
    return (
        _play_card(state, command) or _play_targets(state, command) or _play_guess(state, command)
    )


def _labels_refusal(state: Position, command: Play | Choose) -> Refusal | None:
    """A card given by a playing-card label, at a table of an edition that reads none."""
    edition = state.table.edition
    if not command.labels_given or edition.labels:
        return None
    # LL19-LABELS-EDITION: labels are the 2019 deck's; their ranks clash with classic values.
    return _refuse(
        state,
        Reason.UNKNOWN_CARD,
        "LL19-LABELS-EDITION",
        "label_other_edition",
        command,
        edition=edition_name(edition, state.table.language),
        name=quoted(command.labels_given[0]),
    )


def _play_card(state: Position, command: Play) -> Refusal | None:
    """The card and the named card are of the edition, held, and not forbidden by another."""
    labelled = _labels_refusal(state, command)
    if labelled is not None:
        return labelled
    card, guess = command.card, command.guess
    edition = state.table.edition
    language = state.table.language
    named = edition.card_named(guess)
    if isinstance(guess, int) and named is None and len(edition.cards_worth(guess)) > 1:
        return _refuse(
            state,
            Reason.UNKNOWN_CARD,
            edition.ruling("LL19-GUARD-NUMBER"),
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
        return _refuse(
            state,
            Reason.UNKNOWN_CARD,
            ruling,
            "no_such_card",
            command,
            edition=edition_name(edition, language),
            card=card_name(unknown, language) if isinstance(unknown, Card) else quoted(unknown),
        )
    hand = state.hands[state.to_act]
    if card not in hand:
        return _refuse(
            state,
            Reason.CARD_NOT_IN_HAND,
            "LL19-TURN-DRAW-PLAY",
            "not_in_hand",
            command,
            player=command.player,
            any_card=any_(card, language),
        )
    for other in hand:
        if other is not card and card in RULES[other].forced_by:
            return _refuse(
                state,
                Reason.COUNTESS_FORCED,
                "LL19-COUNTESS-FORCED",
                "countess_forced",
                command,
                the_card=the(card, language),
                the_forcing=the(other, language),
            )
    return None


def _choosable(state: Position, seat: int) -> list[int]:
    """The other seats a card may choose: still in, and not protected."""
    out, protected = state.out, state.protected
    return [s for s in range(len(out)) if s != seat and not out[s] and not protected[s]]


def _play_targets(state: Position, command: Play) -> Refusal | None:
    """Whom the card chooses, as its record's targeting says (``LL19-TARGET-*``)."""
    rule = RULES[command.card]
    targeting = rule.targeting
    targets = command.targets
    seat = state.to_act
    language = state.table.language
    a_card = a(command.card, language)
    if targeting is _NONE:
        if targets:
            return _refuse(
                state,
                Reason.TARGET_NOT_ALLOWED,
                "LL19-TARGET-UNTARGETED",
                "chooses_nobody",
                command,
                a_card=a_card,
            )
        return None
    wanted = 2 if targeting is _TWO else 1
    if len(targets) != wanted or len(set(targets)) != len(targets):
        if targeting is _ANY:
            return _refuse(
                state,
                Reason.TARGET_REQUIRED,
                "LL19-TARGET-ANY",
                "prince_needs_target",
                command,
                player=command.player,
                a_card=a_card,
            )
        if len(_choosable(state, seat)) >= wanted or len(targets) > wanted:
            key = "needs_two" if wanted == 2 else "needs_other"
            return _refuse(
                state, Reason.TARGET_REQUIRED, "LL19-TARGET-OTHER", key, command, a_card=a_card
            )
        if targets:  # fewer can be chosen than the card chooses: it chooses nobody
            return _refuse(
                state,
                Reason.TARGET_NOT_ALLOWED,
                "LL19-TARGET-ALL-PROTECTED-NO-EFFECT",
                "too_few_to_choose",
                command,
                a_card=a_card,
            )
        return None  # nobody can be chosen: played with no effect
    return _each_target(state, command, targeting)


def _each_target(state: Position, command: Play, targeting: Targeting) -> Refusal | None:
    """Each chosen player: not its own player (unless the card allows), still in, unprotected."""
    seats = state.table.seats
    seat = state.to_act
    language = state.table.language
    for target in command.targets:
        target_seat = seats[target]
        if target_seat == seat:
            if targeting is _ANY:
                continue
            return _refuse(
                state,
                Reason.TARGET_SELF,
                "LL19-TARGET-OTHER",
                "not_self",
                command,
                a_card=a(command.card, language),
            )
        if state.out[target_seat]:
            return _refuse(
                state, Reason.TARGET_OUT, "LL19-TARGET-OUT", "target_out", command, target=target
            )
        if state.protected[target_seat]:
            return _refuse(
                state,
                Reason.TARGET_PROTECTED,
                "LL19-TARGET-PROTECTED",
                "target_protected",
                command,
                target=target,
            )
    return None


def _play_guess(state: Position, command: Play) -> Refusal | None:
    """The named card: required with a target, only for a card that names one, never itself."""
    card, guess = command.card, command.guess
    if not RULES[card].names_a_card:
        if guess is None:
            return None
        problem = (Reason.GUESS_NOT_ALLOWED, "LL19-GUARD-HIT", "guess_not_guard")
    elif command.targets:
        if guess is None:
            problem = (Reason.GUESS_REQUIRED, "LL19-GUARD-GUESS-REQUIRED", "guess_required")
        elif state.table.edition.card_named(guess) is card:
            problem = (Reason.GUESS_GUARD, "LL19-GUARD-NOT-GUARD", "guess_guard")
        else:
            return None
    elif guess is not None:
        problem = (Reason.GUESS_NOT_ALLOWED, "LL19-Q09", "guess_without_target")
    else:
        return None
    reason, ruling, key = problem
    language = state.table.language
    return _refuse(
        state, reason, ruling, key, command, the_card=the(card, language), a_card=a(card, language)
    )


def _choose(state: Position, command: Choose) -> Refusal | None:
    problem = actor_refusal(state, Choose, command, command.player) or _labels_refusal(
        state, command
    )
    if problem is not None:
        return problem
    edition = state.table.edition
    unknown = [card for card in (command.keep, *command.returned) if card not in edition.cards]
    if unknown:
        return _refuse(
            state,
            Reason.UNKNOWN_CARD,
            "LL19-SETUP-DECK",
            "no_such_card",
            command,
            edition=edition_name(edition, state.table.language),
            card=card_name(unknown[0], state.table.language),
        )
    hand = state.hands[state.to_act]
    found = chancellor.choice_problem(hand, command.keep, command.returned)
    if found is not None:
        key, fields = found
        return _refuse(
            state, Reason.BAD_CHOICE, "LL19-CHANCELLOR-BAD-CHOICE", key, command, **fields
        )
    return None


def _deal(state: Position, command: Deal) -> Refusal | None:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return _game_over(state, command)
    table = state.table
    if command.layout is not None:
        problem = command.layout.problem(table.edition, table.players, table.language)
        if problem is not None:
            return _refuse(
                state, Reason.BAD_DEAL, "LL19-SETUP-DECK", "bad_deal", command, problem=problem
            )
    if phase is Phase.ROUND_OVER:
        winners = _round_winners(state)
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
        return _refuse(
            state,
            Reason.FIRST_NOT_ALLOWED,
            "LL19-Q12",
            key,
            command,
            round=state.round_number,
            winners=_names(state, winners),
        )
    return _refuse(
        state,
        Reason.WRONG_PHASE,
        "LL19-NEXT-ROUND-RESET",
        "round_running",
        command,
        round=state.round_number,
    )


def unknown_card_refusal(
    state: Position,
    kind: type[Command],
    describe: Callable[[str, bool], str],
    player: str | None,
    target: str | None,
    name: object,
) -> Refusal:
    """The refusal of a command whose card ``name`` is no card at all.

    Such a command cannot be built, but the reasons that come before ``UNKNOWN_CARD``
    (or ``BAD_DEAL`` for a deal) still take precedence.
    """
    edition = state.table.edition
    if kind is Deal:
        if state.phase is Phase.GAME_OVER:
            return _game_over(state, describe)
        return _refuse(
            state,
            Reason.BAD_DEAL,
            "LL19-SETUP-DECK",
            "not_a_card_of",
            describe,
            name=quoted(name),
            edition=edition_name(edition, state.table.language),
        )
    problem = actor_refusal(
        state, kind, describe, player or "", () if target is None else (target,)
    )
    if problem is not None:
        return problem
    number = name.strip() if isinstance(name, str) else None
    if number is not None and number.isdecimal() and number.isascii():
        worth = edition.cards_worth(int(number))
        if len(worth) > 1:
            return _refuse(
                state,
                Reason.UNKNOWN_CARD,
                edition.ruling("LL19-GUARD-NUMBER"),
                "number_names_two",
                describe,
                edition=edition_name(edition, state.table.language),
                number=int(number),
                cards=", ".join(card_name(card, state.table.language) for card in worth),
            )
    ruling, key = "LL19-Q01", "no_card_called"
    if isinstance(name, str) and looks_like_a_label(name):
        # LL19-LABELS: a playing card outside the rendition; LL19-LABELS-EDITION: labels
        # are the 2019 deck's, and a classic table reads none.
        ruling, key = ("LL19-LABELS", "no_such_label")
        if not edition.labels:
            ruling, key = ("LL19-LABELS-EDITION", "label_other_edition")
    return _refuse(
        state,
        Reason.UNKNOWN_CARD,
        ruling,
        key,
        describe,
        edition=edition_name(edition, state.table.language),
        name=quoted(name),
    )
