"""Knock-outs (LL19-KO-DISCARD, LL19-KO-SKIP-TURNS).

A knocked-out player discards their hand face up, without its effect, takes no more
turns this round and cannot be chosen. The round's end is checked when the turn ends
(:func:`loveletter.rules.turn.end_turn`).
"""

from __future__ import annotations

from loveletter._records import builder
from loveletter.events import KnockOutCause, PlayerKnockedOut
from loveletter.rules.work import Work

_knocked_out = builder(PlayerKnockedOut)


def knock_out(w: Work, seat: int, cause: KnockOutCause) -> None:
    """Knock ``seat`` out of the round: their hand goes face up in front of them."""
    hand = w.hands[seat]
    w.hands[seat] = ()
    w.discards[seat] += hand
    w.set_out(seat)
    w.forget(seat)
    if w.protected[seat]:
        w.set_protected(seat, False)
    if w.events is not None:
        w.events.append(_knocked_out(w.names[seat], cause, hand))
