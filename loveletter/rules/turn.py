"""The turn: draw, play, and pass play on (``LL19-TURN-*``).

On your turn you draw (now two cards), play one face up and apply its effect at once.
After each completed turn the round ends if one player is left (LL19-END-LAST-SURVIVOR)
or the draw pile is empty (LL19-TURN-END-CHECK); otherwise play passes clockwise to the
next player still in, whose Handmaid protection ends before they draw
(LL19-HANDMAID-DURATION).
"""

from __future__ import annotations

from loveletter.cardrule import RULES
from loveletter.commands import Choose, Play
from loveletter.events import CardPlayed, ProtectionEnded
from loveletter.motion import Motion
from loveletter.rules import round as round_rules
from loveletter.state import Phase

__all__ = ["choose", "draw", "end_turn", "play"]


def draw(w: Motion) -> None:
    """The player to act draws the top card of the pile."""
    w.draw(w.to_act)
    w.phase = Phase.PLAY


def play(w: Motion, command: Play) -> None:
    """The player to act plays a card face up, and its effect resolves at once."""
    actor = w.to_act
    card = command.card
    w.play(actor, card)
    if w.events is not None:
        w.events.append(
            CardPlayed(
                player=command.player,
                card=card,
                target=command.target,
                guess=command.guess,
                also=command.also,
            )
        )
    targets = tuple(map(w.seats.__getitem__, command.targets))
    RULES[card].effect(w, actor, targets, command.guess)
    if w.phase is Phase.PLAY:
        end_turn(w)


def choose(w: Motion, command: Choose) -> None:
    """The player to act makes the choice their card's effect waits for, which ends the turn."""
    actor = w.to_act
    effect = RULES[w.discards[actor][-1]].choose
    assert effect is not None, "only a card whose effect waits for a choice waits for one"
    effect(w, actor, command.keep, command.returned)
    w.phase = Phase.PLAY
    end_turn(w)


def end_turn(w: Motion) -> None:
    """After a completed turn: end the round, or pass play on.

    Play passes clockwise to the next player still in; their Handmaid protection ends
    before they draw (LL19-HANDMAID-DURATION), and with automatic draws they draw.
    """
    if w.out.count(False) == 1:
        round_rules.end_round(w, last_survivor=True)
        return
    if not w.draw_pile:
        round_rules.end_round(w, last_survivor=False)
        return
    seat = (w.to_act + 1) % len(w.out)
    while w.out[seat]:
        seat = (seat + 1) % len(w.out)
    if w.protected[seat]:
        w.set_protected(seat, False)
        if w.events is not None:
            w.events.append(ProtectionEnded(player=w.names[seat]))
    w.to_act = seat
    if w.table.auto_draw:
        w.draw(seat)
    else:
        w.phase = Phase.DRAW
