"""The turn: draw, play, and pass play on (``LL19-TURN-*``).

On your turn you draw (now two cards), play one face up and apply its effect at once.
After each completed turn the round ends if one player is left (LL19-END-LAST-SURVIVOR)
or the draw pile is empty (LL19-TURN-END-CHECK); otherwise play passes clockwise to the
next player still in, whose Handmaid protection ends before they draw
(LL19-HANDMAID-DURATION).
"""

from __future__ import annotations

from loveletter._records import interned
from loveletter.cardrule import EFFECTS
from loveletter.commands import Play
from loveletter.events import CardPlayed, DrawSource, ProtectionEnded
from loveletter.rules import round as round_rules
from loveletter.rules.work import Work, card_drawn
from loveletter.state import Phase

_PLAY, _DRAW = Phase.PLAY, Phase.DRAW
_card_played = interned(CardPlayed)
_protection_ended = interned(ProtectionEnded)
_PILE = DrawSource.PILE
_PLAYED = Work._settle_played


def draw(w: Work) -> None:
    """The player to act draws the top card of the pile."""
    w.draw(w.to_act)
    w.phase = _PLAY


def play(w: Work, command: Play) -> None:
    """The player to act plays a card face up, and its effect resolves at once."""
    actor = w.to_act
    card = command.card
    hand = w.hands[actor]
    if hand[0] is card:
        del hand[0]
    else:
        hand.remove(card)
    w.discards[actor] += (card,)
    # The played card may be the one that was known; and a card that must give way to
    # another (the Countess) was not held with it.
    w.notes.append((_PLAYED, actor, card))
    name = command.target
    guess = command.guess
    events = w.events
    if events is not None:
        events.append(_card_played(command.player, card, name, guess, command.also))
    if name is None:
        EFFECTS[card](w, actor, (), guess)
    elif not command.also:
        EFFECTS[card](w, actor, (w.seats[name],), guess)
    else:
        seats = w.seats
        EFFECTS[card](w, actor, (seats[name], *[seats[other] for other in command.also]), guess)
    if w.phase is _PLAY:
        end_turn(w)


def end_turn(w: Work) -> None:
    """After a completed turn: end the round, or pass play on.

    Play passes clockwise to the next player still in; their Handmaid protection ends
    before they draw (LL19-HANDMAID-DURATION), and with automatic draws they draw.
    """
    if w.alive == 1:
        round_rules.end_round(w, last_survivor=True)
        return
    pile = w.pile
    if not pile:
        round_rules.end_round(w, last_survivor=False)
        return
    out = w.out
    count = len(out)
    seat = w.to_act + 1
    if seat == count:
        seat = 0
    while out[seat]:
        seat += 1
        if seat == count:
            seat = 0
    events = w.events
    if w.protected[seat]:
        w.set_protected(seat, False)
        if events is not None:
            events.append(_protection_ended(w.names[seat]))
    w.to_act = seat
    if w.auto_draw:  # w.draw(seat), inline: the phase stays PLAY
        card = pile.pop()
        w.hands[seat].append(card)
        if w.buried:
            w.unbury(seat, card, len(pile) + 1)
        if events is not None:
            events.append(card_drawn(w.names[seat], card, _PILE, None))
    else:
        w.phase = _DRAW
