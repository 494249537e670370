"""The Spy (0): no effect when played; the Spy token at the round's end.

LL19-SPY-PLAY, LL19-PRINCE-SPY, LL19-SPY-BONUS-ONE, LL19-SPY-BONUS-CANCEL,
LL19-SPY-OUT-NO-BONUS, LL19-SPY-BONUS-OTHER-OUT, LL19-SPY-BONUS-NEEDS-PLAY, LL19-Q16.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, register_rule
from loveletter.cards import Card
from loveletter.motion import Motion


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Playing a Spy has no immediate effect; it counts for the Spy token."""
    w.set_spied(actor)


def discarded(w: Motion, seat: int) -> None:
    """A Spy discarded to a Prince counts as discarded by its holder."""
    w.set_spied(seat)


def bonus(w: Motion) -> int | None:
    """Who earns the Spy token: the only player still in who played or discarded a Spy.

    A Spy still held, returned by a Chancellor, or discarded by a player knocked out does
    not count (``spied`` is only set by a play or a Prince's discard, and knocked-out
    players are left out). Two or more such players cancel each other.
    """
    found = None
    for seat, flag in enumerate(w.spied):
        if flag and not w.out[seat]:
            if found is not None:
                return None  # two or more: they cancel each other
            found = seat
    return found


RULE = register_rule(
    CardRule(
        card=Card.SPY,
        french="Espionne",
        feminine=True,
        labels=("★", "★"),
        effect=play,
        discarded=discarded,
        bonus=bonus,
    )
)
