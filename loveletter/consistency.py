"""Whether a state is one the rules can reach, as far as can be told from the state alone.

A server that stores states between requests reads them back with
:meth:`loveletter.referee.Game.from_state`, which refuses a state whose cards are not the
edition's deck, where a knocked-out player holds a card or acts, where two players (or
none) would act, and so on.
"""

from __future__ import annotations

from collections import Counter

from loveletter.errors import InconsistentStateError
from loveletter.state import Phase, State

__all__ = ["check_consistent", "inconsistencies"]

_ACTING = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)


def inconsistencies(state: State) -> list[str]:
    """What is wrong with ``state``; empty when nothing is."""
    problems: list[str] = []
    table = state.table
    count = len(table.players)
    per_seat = {
        "hands": state.hands,
        "discards": state.discards,
        "out": state.out,
        "protected": state.protected,
        "spied": state.spied,
        "tokens": state.tokens,
    }
    for name, values in per_seat.items():
        if len(values) != count:
            problems.append(f"{name} has {len(values)} entries for {count} players")
    if problems:
        return problems
    deck = Counter(table.edition.deck)
    cards = Counter(state.draw_pile) + Counter(state.face_up)
    if state.set_aside is not None:
        cards[state.set_aside] += 1
    for hand, discards in zip(state.hands, state.discards, strict=True):
        cards.update(hand)
        cards.update(discards)
    if cards != deck:
        extra = ", ".join(f"{n} {c}" for c, n in (cards - deck).items()) or "none"
        missing = ", ".join(f"{n} {c}" for c, n in (deck - cards).items()) or "none"
        problems.append(f"the cards are not the deck (extra: {extra}; missing: {missing})")
    if any(tokens < 0 for tokens in state.tokens):
        problems.append("a player holds a negative number of tokens")
    if not state.round_number >= 1:
        problems.append(f"round number {state.round_number} is not a round")
    acting = state.phase in _ACTING
    if acting:
        if not 0 <= state.to_act < count:
            problems.append(f"the phase is {state.phase.value} but nobody is to act")
        elif state.out[state.to_act]:
            problems.append("a knocked-out player is to act")
        else:
            held = len(state.hands[state.to_act])
            allowed = {Phase.DRAW: (1,), Phase.PLAY: (2,), Phase.CHOOSE: (2, 3)}[state.phase]
            if held not in allowed:
                problems.append(
                    f"the player to act holds {held} cards in the {state.phase.value} phase"
                )
        if state.out.count(False) < 2:
            problems.append("the round is running with fewer than two players in it")
        if state.outcome is not None:
            problems.append("a running round has an outcome")
    else:
        if state.to_act != -1:
            problems.append("someone is to act while no round is running")
        if state.outcome is None:
            problems.append("an ended round has no outcome")
    for seat, out in enumerate(state.out):
        if out and state.hands[seat]:
            problems.append(f"{table.players[seat]} is knocked out but holds a card")
        if out and state.protected[seat]:
            problems.append(f"{table.players[seat]} is knocked out but protected")
        waiting = not out and not (acting and seat == state.to_act)
        if waiting and len(state.hands[seat]) != 1:
            problems.append(f"{table.players[seat]} holds {len(state.hands[seat])} cards")
    reached = [seat for seat, tokens in enumerate(state.tokens) if tokens >= table.target]
    if state.phase is Phase.GAME_OVER:
        if not reached:
            problems.append("the game is over but nobody reached the target")
    elif reached:
        problems.append("a player reached the target but the game is not over")
    return problems


def check_consistent(state: State) -> State:
    """Return ``state`` if it is consistent; raise InconsistentStateError otherwise."""
    problems = inconsistencies(state)
    if problems:
        raise InconsistentStateError("inconsistent state: " + "; ".join(problems))
    return state
