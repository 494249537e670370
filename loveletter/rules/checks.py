"""Validation: why a command is refused, in the order of precedence of the reasons.

:func:`refusal` answers for any command without applying it. The checks run in the
order of :class:`~loveletter.errors.Reason`, so a command that breaks several rules is
refused for the first one (scenario format, "Reason codes"). Card-specific checks live
with their card: :func:`loveletter.rules.countess.forces`,
:func:`loveletter.rules.guard.guess_problem`,
:func:`loveletter.rules.chancellor.choice_problem`.
"""

from __future__ import annotations

from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.editions import Targeting
from loveletter.errors import InvalidCommandError, Reason, Refusal
from loveletter.rules import chancellor, countess, guard
from loveletter.rules.targeting import others
from loveletter.state import Phase, Position
from loveletter.text import describe

__all__ = ["actor_refusal", "refusal"]

_NONE, _OTHER = Targeting.NONE, Targeting.OTHER
_WAITING_FOR = {
    Phase.DRAW: "must draw",
    Phase.PLAY: "must play a card",
    Phase.CHOOSE: "must make their Chancellor choice",
}


def _refuse(state: Position, reason: Reason, ruling: str, message: str) -> Refusal:
    return Refusal(reason=reason, ruling=state.table.edition.ruling(ruling), message=message)


def _names(state: Position, seats: tuple[int, ...]) -> str:
    return ", ".join(state.table.players[seat] for seat in seats)


def _round_winners(state: Position) -> tuple[int, ...]:
    return state.outcome.winners if state.outcome is not None else ()


def _said(command: Command | str) -> str:
    return command if isinstance(command, str) else describe(command)


def refusal(state: Position, command: Command) -> Refusal | None:
    """Why ``command`` cannot be applied to ``state``, or ``None`` if it can."""
    if type(command) is Play:
        return _play(state, command)
    if type(command) is Draw:
        return actor_refusal(state, Draw, command, command.player, None)
    if type(command) is Choose:
        return _choose(state, command)
    if type(command) is Deal:
        return _deal(state, command)
    raise InvalidCommandError(f"not a command: {command!r}")


def actor_refusal(
    state: Position,
    kind: type[Command],
    command: Command | str,
    player: str,
    target: str | None,
) -> Refusal | None:
    """The checks that come before the cards: game and round over, who, and when.

    Covers ``GAME_OVER``, ``ROUND_OVER``, ``UNKNOWN_PLAYER``, ``NOT_YOUR_TURN`` and
    ``WRONG_PHASE`` for a draw, play or choice by ``player`` aimed at ``target``.
    ``command`` may be a description of a command that could not be built (a name that
    is no card); ``kind`` says which command it is.
    """
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return _game_over(state, command)
    if phase is Phase.ROUND_OVER:
        return _refuse(
            state,
            Reason.ROUND_OVER,
            "LL19-Q19",
            f"{_said(command)}: round {state.round_number} is over; "
            "the next round must be dealt first",
        )
    seats = state.table.seats
    seat = seats.get(player)
    if seat is None or (target is not None and target not in seats):
        unknown = player if seat is None else target
        return _refuse(
            state,
            Reason.UNKNOWN_PLAYER,
            "LL19-TURN-ORDER" if seat is None else "LL19-TARGET-OTHER",
            f"{_said(command)}: {unknown!r} is not at the table "
            f"(players: {', '.join(state.table.players)})",
        )
    if seat != state.to_act:
        return _refuse(
            state,
            Reason.NOT_YOUR_TURN,
            "LL19-TURN-ORDER",
            f"{_said(command)}: it is {state.table.players[state.to_act]}'s turn, not {player}'s",
        )
    wanted = Phase.PLAY if kind is Play else (Phase.DRAW if kind is Draw else Phase.CHOOSE)
    if phase is not wanted:
        if phase is Phase.CHOOSE or kind is Choose:
            ruling = "LL19-CHANCELLOR-BAD-CHOICE"
        else:
            ruling = "LL19-TURN-DRAW-PLAY"
        return _refuse(
            state,
            Reason.WRONG_PHASE,
            ruling,
            f"{_said(command)}: {player} {_WAITING_FOR[phase]} now",
        )
    return None


def _game_over(state: Position, command: Command | str) -> Refusal:
    winners = state.outcome.game_winners if state.outcome is not None else ()
    return _refuse(
        state,
        Reason.GAME_OVER,
        "LL19-Q19",
        f"{_said(command)}: the game is over, won by {_names(state, winners)}",
    )


def _play(state: Position, command: Play) -> Refusal | None:
    player, card, target, guess = command.player, command.card, command.target, command.guess
    table = state.table
    seat = table.seats.get(player)
    if (
        state.phase is not Phase.PLAY
        or seat != state.to_act
        or (target is not None and target not in table.seats)
    ):
        problem = actor_refusal(state, Play, command, player, target)
        if problem is not None:
            return problem
    edition = table.edition
    if card not in edition.cards or (guess is not None and guess not in edition.cards):
        unknown, ruling = (
            (card, "LL19-SETUP-DECK") if card not in edition.cards else (guess, "LL19-Q01")
        )
        return _refuse(
            state,
            Reason.UNKNOWN_CARD,
            ruling,
            f"{_said(command)}: the {edition.name} edition has no {unknown}",
        )
    seat = state.to_act
    hand = state.hands[seat]
    if card not in hand:
        return _refuse(
            state,
            Reason.CARD_NOT_IN_HAND,
            "LL19-TURN-DRAW-PLAY",
            f"{_said(command)}: {player} does not hold a {card}",
        )
    if countess.forces(edition, hand, card):
        return _refuse(
            state,
            Reason.COUNTESS_FORCED,
            "LL19-COUNTESS-FORCED",
            f"{_said(command)}: with the Countess and the {card} in hand, "
            "the Countess must be played",
        )
    targeting = edition.targeting[card]
    target_seat = -1
    if target is None:
        if targeting is not _NONE:
            if targeting is not _OTHER:
                return _refuse(
                    state,
                    Reason.TARGET_REQUIRED,
                    "LL19-TARGET-ANY",
                    f"{_said(command)}: a Prince must choose a player (at worst {player} themself)",
                )
            if others(state.out, state.protected, seat):
                return _refuse(
                    state,
                    Reason.TARGET_REQUIRED,
                    "LL19-TARGET-OTHER",
                    f"{_said(command)}: a {card} must choose another player",
                )
    else:
        if targeting is _NONE:
            return _refuse(
                state,
                Reason.TARGET_NOT_ALLOWED,
                "LL19-TARGET-UNTARGETED",
                f"{_said(command)}: a {card} chooses nobody",
            )
        target_seat = state.table.seats[target]
        if target_seat == seat:
            if targeting is _OTHER:
                return _refuse(
                    state,
                    Reason.TARGET_SELF,
                    "LL19-TARGET-OTHER",
                    f"{_said(command)}: a {card} must choose another player, not its own",
                )
        elif state.out[target_seat]:
            return _refuse(
                state,
                Reason.TARGET_OUT,
                "LL19-TARGET-OUT",
                f"{_said(command)}: {target} is knocked out of this round",
            )
        elif state.protected[target_seat]:
            return _refuse(
                state,
                Reason.TARGET_PROTECTED,
                "LL19-TARGET-PROTECTED",
                f"{_said(command)}: {target} is protected by a Handmaid",
            )
    if guess is not None or card is Card.GUARD:
        problem_text = guard.guess_problem(card, target_seat >= 0, guess)
        if problem_text is not None:
            reason, ruling, text = problem_text
            return _refuse(state, reason, ruling, f"{_said(command)}: {text}")
    return None


def _choose(state: Position, command: Choose) -> Refusal | None:
    problem = actor_refusal(state, Choose, command, command.player, None)
    if problem is not None:
        return problem
    edition = state.table.edition
    unknown = [card for card in (command.keep, *command.returned) if card not in edition.cards]
    if unknown:
        return _refuse(
            state,
            Reason.UNKNOWN_CARD,
            "LL19-SETUP-DECK",
            f"{_said(command)}: the {edition.name} edition has no {unknown[0]}",
        )
    hand = state.hands[state.to_act]
    text = chancellor.choice_problem(hand, command.keep, command.returned)
    if text is not None:
        return _refuse(
            state,
            Reason.BAD_CHOICE,
            "LL19-CHANCELLOR-BAD-CHOICE",
            f"{_said(command)}: {text}",
        )
    return None


def _deal(state: Position, command: Deal) -> Refusal | None:
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return _game_over(state, command)
    table = state.table
    if command.layout is not None:
        problem = command.layout.problem(table.edition, table.players)
        if problem is not None:
            return _refuse(
                state, Reason.BAD_DEAL, "LL19-SETUP-DECK", f"{_said(command)}: {problem}"
            )
    if phase is Phase.ROUND_OVER:
        winners = _round_winners(state)
        if command.first is not None and table.seats.get(command.first) not in winners:
            return _refuse(
                state,
                Reason.FIRST_NOT_ALLOWED,
                "LL19-Q12",
                f"{_said(command)}: only a winner of round {state.round_number} "
                f"({_names(state, winners)}) may start the next one",
            )
        return None
    return _refuse(
        state,
        Reason.WRONG_PHASE,
        "LL19-NEXT-ROUND-RESET",
        f"{_said(command)}: round {state.round_number} is still being played",
    )


def unknown_card_refusal(
    state: Position,
    kind: type[Command],
    description: str,
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
            return _game_over(state, description)
        return _refuse(
            state,
            Reason.BAD_DEAL,
            "LL19-SETUP-DECK",
            f"{description}: {name!r} is not a card of the {edition.name} edition",
        )
    problem = actor_refusal(state, kind, description, player or "", target)
    if problem is not None:
        return problem
    return _refuse(
        state,
        Reason.UNKNOWN_CARD,
        "LL19-Q01",
        f"{description}: the {edition.name} edition has no card called {name!r}",
    )
