"""The round: dealing, the showdown, the tokens, the game's end, the next round.

``LL19-SETUP-*``, ``LL19-END-*``, ``LL19-SPY-BONUS-*``, ``LL19-GAME-*``, ``LL19-NEXT-*``, and
the classic edition's discard-total tie-break (LLC-TIEBREAK-DISCARDS,
LLC-TIEBREAK-STILL-TIED).
"""

from __future__ import annotations

from loveletter.cardrule import RULES
from loveletter.cards import Card
from loveletter.chance import Chance, pick, round_draws
from loveletter.editions import Tiebreak
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
from loveletter.motion import Motion
from loveletter.state import Phase, RoundOutcome

__all__ = [
    "deal_shuffled",
    "end_round",
    "next_round",
    "redeal",
    "round_bonus",
    "showdown_winners",
    "start_round",
]


def round_bonus(w: Motion) -> int | None:
    """Who earns a bonus token this round (LL19-SPY-BONUS-ONE), if anyone.

    Each kind of the edition whose record has a ``bonus`` hook (the Spy's) is asked, once.
    """
    for spec in w.table.edition.specs:
        hook = RULES[spec.card].bonus
        seat = None if hook is None else hook(w)
        if seat is not None:
            return seat
    return None


def start_round(w: Motion, layout: Layout, first: int, *, again: bool = False) -> None:
    """Deal ``layout`` and give the first turn to ``first`` (LL19-SETUP-DEAL).

    ``again`` deals the running round again (a redeal) rather than the next one.
    """
    hands: list[tuple[Card, ...]] = [() for _ in w.names]
    for player, card in layout.hands:
        hands[w.seats[player]] = (card,)
    _deal(w, layout.set_aside, layout.face_up, hands, layout.draw_pile, first, layout.hands, again)


def _deal(
    w: Motion,
    set_aside: Card,
    face_up: tuple[Card, ...],
    hands: list[tuple[Card, ...]],
    pile: tuple[Card, ...],
    first: int,
    dealt: tuple[tuple[str, Card], ...] | None = None,
    again: bool = False,
) -> None:
    """Lay out a round, ``hands`` by seat; ``again`` lays out the running round again.

    ``dealt`` is who was dealt what, as a layout lists it (in seat order if not given).
    """
    count = len(hands)
    if again:
        w.redeals += 1
    else:
        w.round_number += 1
        w.redeals = 0
    w.hands = hands
    w.discards = [()] * count
    w.out = (False,) * count
    w.protected = (False,) * count
    w.spied = (False,) * count
    w.draw_pile = pile
    w.set_aside = set_aside
    w.face_up = face_up
    w.shown = w.tied = w.buried = ()
    w.known = w.ruled_out = ((),) * count
    w.outcome = None
    w.to_act = w.first = first
    if w.events is not None:
        w.events.append(
            RoundStarted(
                round_number=w.round_number,
                first=w.names[first],
                hands=dealt or tuple((w.names[seat], hand[0]) for seat, hand in enumerate(hands)),
                face_up=face_up,
                draw_pile_size=len(pile),
            )
        )
    if w.table.auto_draw:
        w.draw(first)
        w.phase = Phase.PLAY
    else:
        w.phase = Phase.DRAW


def next_round(w: Motion, layout: Layout | None, first: int | None) -> None:
    """Deal the next round: the last round's winner starts (LL19-NEXT-FIRST-WINNER).

    Among tied winners one is drawn at random (LL19-NEXT-FIRST-TIE-RANDOM, LL19-Q12),
    unless a table that dealt its own cards (``layout``) drew lots and says who
    (``first``). Without a layout the shuffled deck is dealt in the order of
    LL19-SETUP-ORDER (:meth:`loveletter.layout.Layout.dealt`).
    """
    table = w.table
    if w.chance is None:
        w.chance = Chance(table.seed, table.edition.deck)
    draw, order = w.chance.draws(w.round_number + 1)
    if first is None:
        if w.outcome is None:
            raise InconsistentStateError("a next round was dealt before any round ended")
        first = pick(w.outcome.winners, draw)
    if layout is not None:
        start_round(w, layout, first)
    else:
        deal_shuffled(w, order, first)


def deal_shuffled(w: Motion, order: tuple[Card, ...], first: int, *, again: bool = False) -> None:
    """Deal a round from the deck in ``order`` (LL19-SETUP-ORDER); ``first`` starts."""
    count = len(w.names)
    face_up = w.table.edition.face_up_with_two_players if count == 2 else 0
    set_aside, shown, hands, pile = deal_order(order, count, first, face_up)
    _deal(w, set_aside, shown, hands, pile, first, again=again)


def redeal(w: Motion, layout: Layout | None) -> None:
    """Void the running round and deal it again (HOUSE-REMEDY-REDEAL).

    The same round, the same starter; nobody gains a token. Without a layout the deck is
    shuffled again with the game's generator, drawn for this redeal of this round.
    """
    if w.events is not None:
        w.events.append(RoundRedealt(round_number=w.round_number))
    if layout is not None:
        start_round(w, layout, w.first, again=True)
        return
    table = w.table
    _, order = round_draws(table.seed, table.edition.deck, w.round_number, redeal=w.redeals + 1)
    deal_shuffled(w, order, w.first, again=True)


def showdown_winners(w: Motion, survivors: list[int]) -> list[int]:
    """The highest card wins; ties all win, or go to the discards' total (classic)."""
    edition = w.table.edition
    value = edition.value
    best = max(value[w.hands[seat][0]] for seat in survivors)
    winners = [seat for seat in survivors if value[w.hands[seat][0]] == best]
    if len(winners) > 1 and edition.tiebreak is Tiebreak.DISCARD_TOTAL:
        totals = {seat: sum(value[card] for card in w.discards[seat]) for seat in winners}
        top = max(totals.values())
        winners = [seat for seat in winners if totals[seat] == top]
    return winners


def end_round(w: Motion, *, last_survivor: bool) -> None:
    """End the round: find the winners, award the tokens, check the game's end."""
    names = w.names
    if last_survivor:
        winners = [w.out.index(False)]
        revealed: tuple[tuple[str, Card], ...] = ()
    else:
        survivors = [seat for seat, gone in enumerate(w.out) if not gone]
        winners = showdown_winners(w, survivors)
        # LL19-END-DECK-EMPTY: everyone still in reveals their card, to everyone.
        for owner in survivors:
            w.show(-1, owner, w.hands[owner][0], None)
        revealed = tuple((names[seat], w.hands[seat][0]) for seat in survivors)
    spy_seat = round_bonus(w)
    awards = [(seat, TokenFor.ROUND_WIN) for seat in winners]
    if spy_seat is not None:
        awards.append((spy_seat, TokenFor.SPY))
    before = w.tokens
    tokens = list(before)
    for seat, _ in awards:
        tokens[seat] += 1
    w.tokens = tuple(tokens)
    game_winners = tuple(seat for seat, count in enumerate(tokens) if count >= w.table.target)
    end = Ending.LAST_SURVIVOR if last_survivor else Ending.SHOWDOWN
    w.outcome = RoundOutcome(
        end=end, winners=tuple(winners), spy_bonus=spy_seat, game_winners=game_winners
    )
    w.phase = Phase.GAME_OVER if game_winners else Phase.ROUND_OVER
    w.to_act = -1
    if w.events is None:
        return
    w.events.append(
        RoundEnded(
            round_number=w.round_number,
            end=end,
            winners=tuple(names[seat] for seat in winners),
            hands=revealed,
            set_aside=w.set_aside,
        )
    )
    running = list(before)
    for seat, reason in awards:
        running[seat] += 1
        w.events.append(TokenAwarded(player=names[seat], reason=reason, tokens=running[seat]))
    if game_winners:
        w.events.append(GameEnded(winners=tuple(names[seat] for seat in game_winners)))
