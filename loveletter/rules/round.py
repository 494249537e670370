"""The round: dealing, the showdown, the tokens, the game's end, the next round.

``LL19-SETUP-*``, ``LL19-END-*``, ``LL19-SPY-BONUS-*``, ``LL19-GAME-*``, ``LL19-NEXT-*``, and
the classic edition's discard-total tie-break (LLC-TIEBREAK-DISCARDS,
LLC-TIEBREAK-STILL-TIED).
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from loveletter._records import builder
from loveletter.cardrule import RULES
from loveletter.cards import Card
from loveletter.editions import Edition, Tiebreak
from loveletter.errors import InconsistentStateError
from loveletter.events import (
    Ending,
    GameEnded,
    RoundEnded,
    RoundRedealt,
    RoundStarted,
    TokenAwarded,
    TokenFor,
)
from loveletter.layout import Layout, deal_order
from loveletter.rules.chance import Chance, pick, round_draws
from loveletter.rules.work import Work
from loveletter.state import Phase, Position, RoundOutcome

_PLAY, _DRAW = Phase.PLAY, Phase.DRAW
_ROUND_OVER, _GAME_OVER = Phase.ROUND_OVER, Phase.GAME_OVER
_LAST_SURVIVOR, _SHOWDOWN = Ending.LAST_SURVIVOR, Ending.SHOWDOWN
_round_started = builder(RoundStarted)
_round_ended = builder(RoundEnded)
_round_outcome = builder(RoundOutcome)
_token_awarded = builder(TokenAwarded)
_game_ended = builder(GameEnded)


@functools.cache
def _bonus_hooks(edition: Edition) -> tuple[Callable[[Position], int | None], ...]:
    """The round-end hooks of the edition's cards that may award a bonus token (the Spy's)."""
    hooks = [RULES[card].bonus for card in edition.deck]
    return tuple(dict.fromkeys(hook for hook in hooks if hook is not None))


def round_bonus(w: Position) -> int | None:
    """Who earns a bonus token this round (LL19-SPY-BONUS-ONE), if anyone."""
    for hook in _bonus_hooks(w.table.edition):
        seat = hook(w)
        if seat is not None:
            return seat
    return None


def start_round(w: Work, layout: Layout, first: int, *, again: bool = False) -> None:
    """Deal ``layout`` and give the first turn to ``first`` (LL19-SETUP-DEAL).

    ``again`` deals the running round again (a redeal) rather than the next one.
    """
    seats = w.seats
    hands: list[list[Card]] = [[] for _ in seats]
    for player, card in layout.hands:
        hands[seats[player]] = [card]
    _deal(w, layout.set_aside, layout.face_up, hands, layout.draw_pile, first, layout.hands, again)


def _deal(
    w: Work,
    set_aside: Card,
    face_up: tuple[Card, ...],
    hands: list[list[Card]],
    pile: tuple[Card, ...],
    first: int,
    dealt: tuple[tuple[str, Card], ...] | None,
    again: bool = False,
) -> None:
    """Lay out a round, ``hands`` by seat.

    ``dealt`` is the same hands as (player, card) pairs, or ``None`` to build them only if
    an event needs them. ``again`` lays out the running round again (a redeal).
    """
    count = len(hands)
    if again:
        w.redeals += 1
    else:
        w.round_number += 1
        w.redeals = 0
    w.hands = hands
    w.discards = [()] * count
    w.out = [False] * count
    w.protected = [False] * count
    w.spied = [False] * count
    w.alive = count
    w.blocked = 0
    w.pile = list(pile[::-1])
    w.set_aside = set_aside
    w.face_up = face_up
    w.shown = w.known = w.ruled_out = w.tied = w.buried = ()
    w.notes = []
    w.outcome = None
    w.to_act = w.first = first
    names = w.names
    if w.events is not None:
        if dealt is None:
            dealt = tuple([(names[seat], hand[0]) for seat, hand in enumerate(hands)])
        w.events.append(_round_started(w.round_number, names[first], dealt, face_up, len(pile)))
    if w.auto_draw:
        w.draw(first)
        w.phase = _PLAY
    else:
        w.phase = _DRAW


def next_round(w: Work, layout: Layout | None, first: int | None) -> None:
    """Deal the next round: the last round's winner starts (LL19-NEXT-FIRST-WINNER).

    Among tied winners one is drawn at random (LL19-NEXT-FIRST-TIE-RANDOM, LL19-Q12),
    unless a table that dealt its own cards (``layout``) drew lots and says who
    (``first``). Without a layout the shuffled deck is dealt in the order of
    LL19-SETUP-ORDER (:meth:`loveletter.layout.Layout.dealt`).
    """
    table = w.table
    chance = w.chance
    if chance is None:
        chance = w.chance = Chance(table.seed, table.edition.deck)
    draw, order = chance.draws(w.round_number + 1)
    if first is None:
        if w.outcome is None:
            raise InconsistentStateError("a next round was dealt before any round ended")
        first = pick(w.outcome.winners, draw)
    if layout is not None:
        start_round(w, layout, first)
        return
    deal_shuffled(w, order, first)


def deal_shuffled(w: Work, order: tuple[Card, ...], first: int) -> None:
    """Deal the next round from the deck in ``order`` (LL19-SETUP-ORDER); ``first`` starts."""
    count = len(w.names)
    face_up = w.table.edition.face_up_with_two_players if count == 2 else 0
    set_aside, shown, hands, pile = deal_order(order, count, first, face_up)
    _deal(w, set_aside, shown, hands, pile, first, None)


def redeal(w: Work, layout: Layout | None) -> None:
    """Void the running round and deal it again (HOUSE-REMEDY-REDEAL).

    The same round, the same starter; nobody gains a token. Without a layout the deck is
    shuffled again with the game's generator, drawn for this redeal of this round.
    """
    if w.events is not None:
        w.events.append(RoundRedealt(round_number=w.round_number))
    first = w.first
    if layout is not None:
        start_round(w, layout, first, again=True)
        return
    table = w.table
    _, order = round_draws(table.seed, table.edition.deck, w.round_number, redeal=w.redeals + 1)
    count = len(w.names)
    face_up = table.edition.face_up_with_two_players if count == 2 else 0
    set_aside, shown, hands, pile = deal_order(order, count, first, face_up)
    _deal(w, set_aside, shown, hands, pile, first, None, again=True)


def showdown_winners(w: Position, survivors: list[int]) -> list[int]:
    """The highest card wins; ties all win, or go to the discards' total (classic)."""
    edition = w.table.edition
    value = edition.value
    hands = w.hands
    first = survivors[0]
    best = value[hands[first][0]]
    winners = [first]
    for seat in survivors[1:]:
        worth = value[hands[seat][0]]
        if worth > best:
            best = worth
            winners = [seat]
        elif worth == best:
            winners.append(seat)
    if len(winners) > 1 and edition.tiebreak is Tiebreak.DISCARD_TOTAL:
        totals = {seat: sum(value[card] for card in w.discards[seat]) for seat in winners}
        top = max(totals.values())
        winners = [seat for seat in winners if totals[seat] == top]
    return winners


def end_round(w: Work, *, last_survivor: bool) -> None:
    """End the round: find the winners, award the tokens, check the game's end."""
    table = w.table
    names = table.players
    out = w.out
    if last_survivor:
        winners = [out.index(False)]
        revealed: tuple[tuple[str, Card], ...] = ()
    else:
        survivors = [seat for seat, gone in enumerate(out) if not gone]
        winners = showdown_winners(w, survivors)
        # LL19-END-DECK-EMPTY: everyone still in reveals their card, to everyone.
        hands = w.hands
        for owner in survivors:
            w.show(-1, owner, hands[owner][0], None)
        revealed = tuple([(names[seat], hands[seat][0]) for seat in survivors])
    spy_seat = round_bonus(w)
    before = w.tokens
    tokens = list(before)
    for seat in winners:
        tokens[seat] += 1
    if spy_seat is not None:
        tokens[spy_seat] += 1
    w.tokens = tuple(tokens)
    target = table.target
    game_winners = tuple([seat for seat, count in enumerate(tokens) if count >= target])
    end = _LAST_SURVIVOR if last_survivor else _SHOWDOWN
    w.outcome = _round_outcome(end, tuple(winners), spy_seat, game_winners)
    w.phase = _GAME_OVER if game_winners else _ROUND_OVER
    w.to_act = -1
    events = w.events
    if events is not None:
        events.append(
            _round_ended(
                w.round_number, end, tuple([names[s] for s in winners]), revealed, w.set_aside
            )
        )
        running = list(before)
        awards = [(seat, TokenFor.ROUND_WIN) for seat in winners]
        if spy_seat is not None:
            awards.append((spy_seat, TokenFor.SPY))
        for seat, reason in awards:
            running[seat] += 1
            events.append(_token_awarded(names[seat], reason, running[seat]))
        if game_winners:
            events.append(_game_ended(tuple([names[seat] for seat in game_winners])))
