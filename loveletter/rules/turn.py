"""The turn: draw, play, and pass play on (``LL19-TURN-*``).

On your turn you draw (now two cards), play one face up and apply its effect at once.
After each completed turn the round ends if one player is left (LL19-END-LAST-SURVIVOR)
or the draw pile is empty (LL19-TURN-END-CHECK); otherwise play passes clockwise to the
next player still in, whose Handmaid protection ends before they draw
(LL19-HANDMAID-DURATION).
"""

from __future__ import annotations

from loveletter._records import builder
from loveletter.cardrule import EFFECTS
from loveletter.commands import Play
from loveletter.events import CardPlayed, ProtectionEnded
from loveletter.rules import round as round_rules
from loveletter.rules.work import Work
from loveletter.state import Phase

_PLAY, _DRAW = Phase.PLAY, Phase.DRAW
_card_played = builder(CardPlayed)
_protection_ended = builder(ProtectionEnded)


def draw(w: Work) -> None:
    """The player to act draws the top card of the pile."""
    w.draw(w.to_act)
    w.phase = _PLAY


def play(w: Work, command: Play) -> None:
    """The player to act plays a card face up, and its effect resolves at once."""
    actor = w.to_act
    card = command.card
    hands = w.hands
    hand = hands[actor]
    if hand[0] is card:
        hands[actor] = hand[1:]
    else:
        index = hand.index(card)
        hands[actor] = hand[:index] + hand[index + 1 :]
    w.discards[actor] += (card,)
    if w.known:
        w.forget(actor, card)  # the played card may be the one that was known
    name = command.target
    guess = command.guess
    also = command.also
    events = w.events
    if events is not None:
        events.append(_card_played(command.player, card, name, guess, also))
    if name is None:
        targets: tuple[int, ...] = ()
    elif not also:
        targets = (w.seats[name],)
    else:
        seats = w.seats
        targets = (seats[name], *[seats[other] for other in also])
    EFFECTS[card](w, actor, targets, guess)
    if w.phase is _PLAY:
        end_turn(w)


def end_turn(w: Work) -> None:
    """After a completed turn: end the round, or pass play on.

    Play passes clockwise to the next player still in; their Handmaid protection ends
    before they draw (LL19-HANDMAID-DURATION).
    """
    out = w.out
    if w.alive == 1:
        round_rules.end_round(w, last_survivor=True)
        return
    if not w.draw_pile:
        round_rules.end_round(w, last_survivor=False)
        return
    count = len(out)
    seat = w.to_act + 1
    if seat == count:
        seat = 0
    while out[seat]:
        seat += 1
        if seat == count:
            seat = 0
    if w.protected[seat]:
        w.set_protected(seat, False)
        if w.events is not None:
            w.events.append(_protection_ended(w.names[seat]))
    w.to_act = seat
    if w.auto_draw:
        w.draw(seat)
        w.phase = _PLAY
    else:
        w.phase = _DRAW
