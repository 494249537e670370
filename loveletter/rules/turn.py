"""The turn: draw, play, and pass play on (LL19-TURN-*).

On your turn you draw (now two cards), play one face up and apply its effect at once.
After each completed turn the round ends if one player is left (LL19-END-LAST-SURVIVOR)
or the draw pile is empty (LL19-TURN-END-CHECK); otherwise play passes clockwise to the
next player still in, whose Handmaid protection ends before they draw
(LL19-HANDMAID-DURATION).
"""

from __future__ import annotations

from collections.abc import Callable

from loveletter.cards import Card
from loveletter.events import CardPlayed, ProtectionEnded
from loveletter.rules import (
    baron,
    chancellor,
    countess,
    guard,
    handmaid,
    king,
    priest,
    prince,
    princess,
    spy,
)
from loveletter.rules import round as round_rules
from loveletter.rules.work import Work
from loveletter.state import Phase

Effect = Callable[[Work, int, int, "Card | None"], None]

EFFECTS: dict[Card, Effect] = {
    Card.SPY: spy.play,
    Card.GUARD: guard.play,
    Card.PRIEST: priest.play,
    Card.BARON: baron.play,
    Card.HANDMAID: handmaid.play,
    Card.PRINCE: prince.play,
    Card.CHANCELLOR: chancellor.play,
    Card.KING: king.play,
    Card.COUNTESS: countess.play,
    Card.PRINCESS: princess.play,
}
"""Each card's effect: ``effect(work, actor, target_seat_or_-1, guess)``."""


def draw(w: Work) -> None:
    """The player to act draws the top card of the pile."""
    w.draw(w.to_act)
    w.phase = Phase.PLAY


def play(w: Work, actor: int, card: Card, target: int, guess: Card | None) -> None:
    """``actor`` plays ``card`` face up and its effect resolves at once."""
    hand = w.hands[actor]
    index = hand.index(card)
    w.hands[actor] = hand[:index] + hand[index + 1 :]
    w.discards[actor] += (card,)
    if w.events is not None:
        names = w.names
        w.events.append(
            CardPlayed(
                player=names[actor],
                card=card,
                target=names[target] if target >= 0 else None,
                guess=guess,
            )
        )
    EFFECTS[card](w, actor, target, guess)
    if w.phase is Phase.PLAY:
        end_turn(w)


def end_turn(w: Work) -> None:
    """After a completed turn: end the round, or pass play on."""
    if w.out.count(False) == 1:
        round_rules.end_round(w, last_survivor=True)
    elif not w.draw_pile:
        round_rules.end_round(w, last_survivor=False)
    else:
        pass_turn(w)


def pass_turn(w: Work) -> None:
    """Play passes clockwise to the next player still in; their protection ends."""
    out = w.out
    count = len(out)
    seat = (w.to_act + 1) % count
    while out[seat]:
        seat = (seat + 1) % count
    if w.protected[seat]:
        w.set_protected(seat, False)
        if w.events is not None:
            w.events.append(ProtectionEnded(player=w.names[seat]))
    w.to_act = seat
    w.phase = Phase.DRAW
    if w.table.auto_draw:
        draw(w)
