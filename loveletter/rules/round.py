"""The round: dealing, the showdown, the tokens, the game's end, the next round.

LL19-SETUP-*, LL19-END-*, LL19-SPY-BONUS-*, LL19-GAME-*, LL19-NEXT-*, and the classic
edition's discard-total tie-break (LLC-TIEBREAK-DISCARDS, LLC-TIEBREAK-STILL-TIED).
"""

from __future__ import annotations

from loveletter._records import builder
from loveletter.cards import Card
from loveletter.editions import Tiebreak
from loveletter.errors import InconsistentStateError
from loveletter.events import (
    GameEnded,
    RoundEnd,
    RoundEnded,
    RoundStarted,
    TokenAwarded,
    TokenReason,
)
from loveletter.layout import Layout
from loveletter.rules import spy
from loveletter.rules.chance import Chance, pick
from loveletter.rules.work import Work
from loveletter.state import Phase, RoundOutcome

_round_started = builder(RoundStarted)
_round_ended = builder(RoundEnded)
_round_outcome = builder(RoundOutcome)
_token_awarded = builder(TokenAwarded)
_game_ended = builder(GameEnded)


def start_round(w: Work, layout: Layout, first: int) -> None:
    """Deal ``layout`` and give the first turn to ``first`` (LL19-SETUP-DEAL)."""
    table = w.table
    count = len(table.players)
    seats = table.seats
    hands: list[tuple[Card, ...]] = [()] * count
    for player, card in layout.hands:
        hands[seats[player]] = (card,)
    w.round_number += 1
    w.hands = hands
    w.discards = [()] * count
    w.out = w.protected = w.spied = (False,) * count
    w.alive = count
    w.draw_pile = layout.draw_pile
    w.set_aside = layout.set_aside
    w.face_up = layout.face_up
    w.shown = ()
    w.outcome = None
    w.to_act = first
    w.phase = Phase.DRAW
    if w.events is not None:
        w.events.append(
            _round_started(
                w.round_number,
                table.players[first],
                layout.hands,
                layout.face_up,
                len(layout.draw_pile),
            )
        )
    if table.auto_draw:
        w.draw(first)
        w.phase = Phase.PLAY


def next_round(w: Work, layout: Layout | None, first: int | None) -> None:
    """Deal the next round: the last round's winner starts (LL19-NEXT-FIRST-WINNER).

    Among tied winners the caller picks, or one is drawn at random
    (LL19-NEXT-FIRST-TIE-RANDOM). Without a layout the deck is shuffled.
    """
    table = w.table
    chance = w.chance
    if chance is None:
        chance = w.chance = Chance(seed=table.seed, deck=table.edition.deck)
    draw, order = chance.draws(w.round_number + 1)
    if first is None:
        if w.outcome is None:
            raise InconsistentStateError("a next round was dealt before any round ended")
        first = pick(w.outcome.winners, draw)
    if layout is None:
        layout = Layout.dealt(table.edition, table.players, first=table.players[first], order=order)
    start_round(w, layout, first)


def showdown_winners(w: Work, survivors: list[int]) -> list[int]:
    """The highest card wins; ties all win, or go to the discards' total (classic)."""
    edition = w.table.edition
    value = edition.value
    hands = w.hands
    best = max(value[hands[seat][0]] for seat in survivors)
    winners = [seat for seat in survivors if value[hands[seat][0]] == best]
    if len(winners) > 1 and edition.tiebreak is Tiebreak.DISCARD_TOTAL:
        totals = {seat: sum(value[card] for card in w.discards[seat]) for seat in winners}
        top = max(totals.values())
        winners = [seat for seat in winners if totals[seat] == top]
    return winners


def end_round(w: Work, *, last_survivor: bool) -> None:
    """End the round: find the winners, award the tokens, check the game's end."""
    table = w.table
    names = table.players
    survivors = [seat for seat, out in enumerate(w.out) if not out]
    if last_survivor:
        winners = survivors
        revealed: tuple[tuple[str, Card], ...] = ()
    else:
        winners = showdown_winners(w, survivors)
        # LL19-END-DECK-EMPTY: everyone still in reveals their card, to everyone.
        for owner in survivors:
            w.show(-1, owner, w.hands[owner][0], None)
        revealed = tuple((names[seat], w.hands[seat][0]) for seat in survivors)
    spy_seat = spy.bonus(w)
    before = w.tokens
    tokens = list(before)
    awards: list[tuple[int, TokenReason]] = [(seat, TokenReason.ROUND_WIN) for seat in winners]
    if spy_seat is not None:
        awards.append((spy_seat, TokenReason.SPY))
    for seat, _ in awards:
        tokens[seat] += 1
    w.tokens = tuple(tokens)
    game_winners = tuple(seat for seat, count in enumerate(tokens) if count >= table.target)
    end = RoundEnd.LAST_SURVIVOR if last_survivor else RoundEnd.SHOWDOWN
    w.end(_round_outcome(end, tuple(winners), spy_seat, game_winners), game_over=bool(game_winners))
    events = w.events
    if events is not None:
        events.append(
            _round_ended(
                w.round_number, end, tuple(names[s] for s in winners), revealed, w.set_aside
            )
        )
        running = list(before)
        for seat, reason in awards:
            running[seat] += 1
            events.append(_token_awarded(names[seat], reason, running[seat]))
        if game_winners:
            events.append(_game_ended(tuple(names[seat] for seat in game_winners)))
