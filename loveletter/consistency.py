"""Whether a state is one the rules can reach, as far as can be told from the state alone.

A server that stores states between requests reads them back with
:meth:`loveletter.referee.Game.from_state` (or
:func:`loveletter.serialization.state_from_json`), which refuse a state that no game can
reach: one whose cards are not the edition's deck, where a knocked-out player holds a
card or acts, where two players (or none) would act, whose round ended with winners the
rules would not name, whose round number is more than the tokens handed out allow, and
so on: every field is checked. The promise: a state accepted here plays on, command
after listed command, without an internal error.

>>> from loveletter import Game
>>> import attrs
>>> state = Game.new(["Anna", "Ben"], seed=2).state
>>> inconsistencies(state)
[]
>>> inconsistencies(attrs.evolve(state, set_aside=None))
['the cards are not the deck (extra: none; missing: 1 Princess)']
>>> inconsistencies(attrs.evolve(state, round_number=9))
['8 rounds ended but only 0 tokens exist']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import attrs

from loveletter.cardrule import RULES, Intent, Targeting
from loveletter.cards import Card
from loveletter.editions import Edition
from loveletter.errors import InconsistentStateError
from loveletter.events import Ending
from loveletter.motion import Motion
from loveletter.rules.round import round_bonus, showdown_winners
from loveletter.setup import SEED_LIMIT
from loveletter.state import (
    Buried,
    Known,
    Phase,
    RoundOutcome,
    RuledOut,
    Shown,
    State,
    Table,
    Tied,
)

__all__ = ["check_consistent", "inconsistencies"]

_ACTING = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)


def _protects(card: Card) -> bool:
    return RULES[card].intent is Intent.PROTECT


def _shows(card: Card) -> bool:
    return card in RULES and RULES[card].shows_hands


def _table_problems(table: Any) -> list[str]:
    if not isinstance(table, Table) or not isinstance(table.edition, Edition):
        return ["the table is not a Table of a known edition"]
    players = table.players
    problems = []
    edition = table.edition
    if not isinstance(players, tuple) or not all(isinstance(p, str) and p for p in players):
        return ["the players are not a tuple of names"]
    if len(set(players)) != len(players):
        problems.append("two players have the same name")
    if not edition.min_players <= len(players) <= edition.max_players:
        problems.append(f"{len(players)} players at a {edition.name} table")
    if not _whole(table.target) or table.target < 1:
        problems.append("the target is not a whole number of at least 1")
    if not _whole(table.seed) or not 0 <= table.seed < SEED_LIMIT:
        problems.append("the seed is out of range")
    if not isinstance(table.auto_draw, bool) or table.language not in ("en", "fr"):
        problems.append("auto_draw or the language is not a setting")
    return problems


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cards_only(value: object) -> bool:
    return isinstance(value, tuple) and all(isinstance(card, Card) for card in value)


def _per_player(check: Callable[[Any], bool]) -> Callable[[Any, int], bool]:
    def valid(value: Any, count: int) -> bool:
        return isinstance(value, tuple) and len(value) == count and all(map(check, value))

    return valid


_VALID: dict[str, Callable[[Any, int], bool]] = {
    "table": lambda value, count: True,  # checked first, by _table_problems
    "round": lambda value, count: _whole(value) and value >= 1,
    "count": lambda value, count: _whole(value) and value >= 0,
    "phase": lambda value, count: isinstance(value, Phase),
    "seat": lambda value, count: _whole(value) and -1 <= value < count,
    "cards": lambda value, count: _cards_only(value),
    "card or null": lambda value, count: value is None or isinstance(value, Card),
    "cards by player": _per_player(_cards_only),
    "players flagged": _per_player(lambda flag: isinstance(flag, bool)),
    "count by player": _per_player(lambda tokens: _whole(tokens) and tokens >= 0),
    "records": lambda value, count: (
        isinstance(value, tuple)
        and all(isinstance(item, (Shown, Known, RuledOut, Tied, Buried)) for item in value)
    ),
    "outcome": lambda value, count: value is None or isinstance(value, RoundOutcome),
}
"""What a field of each declared shape (:class:`State`'s ``json``) may hold, for ``count``
players."""


def _shapes(state: State, count: int) -> list[str]:
    """The fields' types and sizes, as their declarations say: what the other checks assume."""
    problems = [
        f"{field.name} is not what a state holds there"
        for field in attrs.fields(State)
        if not _VALID[field.metadata["json"]](getattr(state, field.name), count)
    ]
    if not problems and not 0 <= state.first < count:
        problems.append("the round's first player is not a seat")
    if not problems and state.redeals and not state.table.remedy:
        problems.append("a round was redealt at a table without the house remedy")
    return problems


def _cards(state: State) -> list[str]:
    """The cards are exactly the deck, and the face-up ones only with two players."""
    edition = state.table.edition
    problems = []
    deck = Counter(edition.deck)
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
    face_up = edition.face_up_with_two_players if len(state.table.players) == 2 else 0
    if len(state.face_up) != face_up:
        problems.append(f"{len(state.face_up)} face-up cards at a table that has {face_up}")
    return problems


def _seats(state: State, acting: bool) -> list[str]:
    """Each player's hand, discards and flags."""
    problems = []
    names = state.table.players
    for seat, out in enumerate(state.out):
        name = names[seat]
        held = len(state.hands[seat])
        discards = state.discards[seat]
        if out and held:
            problems.append(f"{name} is knocked out but holds a card")
        if out and not discards:
            problems.append(f"{name} is knocked out but discarded nothing")
        if state.protected[seat] and (out or not any(_protects(card) for card in discards)):
            problems.append(f"{name} is protected without a Handmaid played, or is out")
        if state.spied[seat] and not any(RULES[card].bonus for card in discards):
            problems.append(f"{name} counts a Spy they never discarded")
        waiting = not out and not (acting and seat == state.to_act)
        if waiting and held != 1:
            problems.append(f"{name} holds {held} cards")
    return problems


def _running(state: State) -> list[str]:
    """A round in progress: one player to act, who holds what the phase needs."""
    problems = []
    count = len(state.table.players)
    if not 0 <= state.to_act < count:
        return [f"the phase is {state.phase.value} but nobody is to act"]
    seat = state.to_act
    if state.out[seat]:
        problems.append("a knocked-out player is to act")
    if state.protected[seat]:
        problems.append("the player to act is still protected")
    held = len(state.hands[seat])
    if state.phase is Phase.DRAW:
        if held != 1 or not state.draw_pile or state.table.auto_draw:
            problems.append("a draw is awaited with no card to draw, or at a table that draws")
    elif state.phase is Phase.PLAY:
        if held != 2:
            problems.append(f"the player to act holds {held} cards in the play phase")
    elif (
        held not in (2, 3) or not state.discards[seat] or not RULES[state.discards[seat][-1]].draws
    ):
        problems.append("a Chancellor choice is awaited without a Chancellor just played")
    elif held == 2 and state.draw_pile:
        problems.append("a Chancellor drew one card from a pile that had more")
    if state.out.count(False) < 2:
        problems.append("the round is running with fewer than two players in it")
    if state.set_aside is None:
        problems.append("the set-aside card is gone while the round runs (LL19-Q04)")
    if state.outcome is not None:
        problems.append("a running round has an outcome")
    return problems


def _ended(state: State) -> list[str]:
    """A round that ended: who won, the Spy token, the game's end, as the rules would have them."""
    outcome = state.outcome
    if state.to_act != -1:
        return ["someone is to act while no round is running"]
    if outcome is None:
        return ["an ended round has no outcome"]
    count = len(state.table.players)
    seats = (*outcome.winners, *outcome.game_winners)
    if outcome.spy_bonus is not None:
        seats += (outcome.spy_bonus,)
    if not all(_whole(seat) and 0 <= seat < count for seat in seats):
        return ["the outcome names a seat that is not at the table"]
    problems = _winners(state, outcome)
    if outcome.spy_bonus != round_bonus(_in_motion(state)):
        problems.append("the Spy token went to someone the rules would not give it to")
    reached = tuple(
        seat for seat, tokens in enumerate(state.tokens) if tokens >= state.table.target
    )
    if state.phase is Phase.GAME_OVER:
        if not reached or outcome.game_winners != reached:
            problems.append("the game's winners are not the players at the target")
    elif outcome.game_winners:
        problems.append("a game with winners is not over")
    completed = state.round_number
    if completed > sum(state.tokens):
        problems.append(f"{completed} rounds ended but only {sum(state.tokens)} tokens exist")
    return problems


def _in_motion(state: State) -> Motion:
    """``state``'s table in motion, for the rules' own reckoning of who won the round.

    What players know plays no part in it, and is checked apart (by :func:`_shown` and
    the checks after it): it is left out.
    """
    unknowing = attrs.evolve(state, shown=(), known=(), ruled_out=(), tied=(), buried=())
    return Motion(unknowing, record=False)


def _winners(state: State, outcome: RoundOutcome) -> list[str]:
    """The round's winners, as its ending would have them."""
    survivors = [seat for seat, out in enumerate(state.out) if not out]
    if outcome.end is Ending.LAST_SURVIVOR:
        if len(survivors) != 1 or outcome.winners != tuple(survivors):
            return ["a last-survivor round whose winner is not its one survivor"]
    elif outcome.end is Ending.SHOWDOWN:
        if state.draw_pile or len(survivors) < 2:
            return ["a showdown with cards left to draw or fewer than two players"]
        if outcome.winners != tuple(showdown_winners(_in_motion(state), survivors)):
            return ["the showdown's winners are not the highest cards"]
    else:
        return ["the round ended neither by a showdown nor with a last survivor"]
    return []


def _shown(state: State) -> list[str]:
    """What the referee showed: players at the table, cards shown by a card that was played."""
    names = state.table.players
    discards = {name: state.discards[seat] for seat, name in enumerate(names)}
    for entry in state.shown:
        if entry.owner not in names or entry.viewer not in (None, *names):
            return ["a shown card names someone not at the table"]
        if entry.viewer == entry.owner or (entry.by is not None and not _shows(entry.by)):
            return ["a card was shown to its own holder, or by a card that shows nothing"]
        if entry.by is None or entry.viewer is None:
            revealed = state.round_over or state.table.remedy  # a showdown, or a take-back
            if entry.by is not None or entry.viewer is not None or not revealed:
                return ["a hand was revealed to all, but not by the round's end or a take-back"]
            continue
        concerned: tuple[str, ...] = (entry.viewer, entry.owner)
        if RULES[entry.by].targeting is Targeting.TWO_OTHERS:
            concerned = names  # its player shows two others' hands to each other
        if not any(entry.by in discards[name] for name in concerned):
            return [f"a card was shown by a {entry.by} that nobody concerned played"]
    return []


def _known(state: State) -> list[str]:
    """What players know now is true: each known card is in its owner's hand."""
    names = state.table.players
    seen = set()
    for fact in state.known:
        if not isinstance(fact, Known) or fact.owner not in names:
            return ["a known card is not a Known record of a player at the table"]
        if fact.viewer not in (None, *names) or fact.viewer == fact.owner:
            return ["a known card is known by someone not at the table, or by its holder"]
        if fact.card not in state.hands[names.index(fact.owner)]:
            return [f"{fact.owner} is known to hold a {fact.card} they do not hold"]
        if (fact.viewer, fact.owner) in seen:
            return ["one player knows two facts of one hand"]
        seen.add((fact.viewer, fact.owner))
    return []


def _inferred(state: State) -> list[str]:
    """What players infer is true.

    A ruled-out card is not held, tied hands are equal, buried cards lie at the bottom of
    the pile, under as many cards as said.
    """
    return _ruled_out(state) or _tied(state) or _buried(state)


def _held(state: State) -> dict[str, tuple[Card, ...]]:
    """Each player's card held since before their turn (the first of their hand)."""
    return {name: state.hands[seat][:1] for seat, name in enumerate(state.table.players)}


def _ruled_out(state: State) -> list[str]:
    names, held = state.table.players, _held(state)
    for fact in state.ruled_out:
        if not isinstance(fact, RuledOut) or fact.owner not in names:
            return ["a ruled-out card is not a RuledOut record of a player at the table"]
        if not _cards_only(fact.cards) or set(held[fact.owner]) & set(fact.cards):
            return [f"{fact.owner} holds a card everyone knows they do not hold"]
    return []


def _tied(state: State) -> list[str]:
    names, held, value = state.table.players, _held(state), state.table.edition.value
    for tie in state.tied:
        if not isinstance(tie, Tied) or tie.one not in names or tie.other not in names:
            return ["a tie is not a Tied record of two players at the table"]
        one, other = held[tie.one], held[tie.other]
        if len(one) != 1 or len(other) != 1 or value.get(one[0]) != value.get(other[0]):
            return [f"{tie.one} and {tie.other} are known to hold equal cards, and do not"]
    return []


def _buried(state: State) -> list[str]:
    pile = state.draw_pile
    for buried in state.buried:
        if not isinstance(buried, Buried) or buried.viewer not in state.table.players:
            return ["a buried card is not a Buried record of a player at the table"]
        if not _whole(buried.under) or not _cards_only(buried.cards) or not buried.cards:
            return ["a buried record holds no cards, or a count that is not a whole number"]
        count = len(buried.cards) + buried.under
        bottom = pile[len(pile) - count : len(pile) - buried.under]
        if count > len(pile) or bottom != buried.cards:
            return [f"{buried.viewer} knows cards at the bottom of the pile that are not there"]
    return []


def inconsistencies(state: State) -> list[str]:
    """What is wrong with ``state``; empty when nothing is."""
    problems = _table_problems(state.table)
    if problems:
        return problems
    problems = _shapes(state, len(state.table.players))
    if problems:
        return problems
    acting = state.phase in _ACTING
    problems = _cards(state) + _seats(state, acting)
    if problems:
        return problems  # the round's checks below take every hand's size for granted
    problems = _running(state) if acting else _ended(state)
    problems += _shown(state) + _known(state) + _inferred(state)
    reached = [seat for seat, tokens in enumerate(state.tokens) if tokens >= state.table.target]
    if reached and state.phase is not Phase.GAME_OVER:
        problems.append("a player reached the target but the game is not over")
    completed = state.round_number - (1 if acting else 0)
    if acting and completed > sum(state.tokens):
        problems.append(f"{completed} rounds ended but only {sum(state.tokens)} tokens exist")
    return problems


def check_consistent(state: State) -> State:
    """Return ``state`` if it is consistent; raise InconsistentStateError otherwise."""
    if not isinstance(state, State):
        raise InconsistentStateError(f"not a State: {type(state).__name__}")
    problems = inconsistencies(state)
    if problems:
        raise InconsistentStateError("inconsistent state: " + "; ".join(problems))
    return state
