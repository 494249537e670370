"""Whom a card may choose (``LL19-TARGET-*``).

A Guard, Priest, Baron or King chooses another player still in the round and not
protected; a Prince may also choose its own player; the other cards choose nobody. When
nobody else can be chosen, a Guard, Priest, Baron or King is played with no target and no
effect, and a Prince must choose its own player.
"""

from __future__ import annotations

from loveletter.editions import Targeting


def others(out: tuple[bool, ...], protected: tuple[bool, ...], actor: int) -> list[int]:
    """The seats that ``actor``'s card may choose, other than ``actor``'s own."""
    return [
        seat for seat in range(len(out)) if seat != actor and not out[seat] and not protected[seat]
    ]


def choosable(
    targeting: Targeting, out: tuple[bool, ...], protected: tuple[bool, ...], actor: int
) -> list[int]:
    """The seats a card with this ``targeting`` may choose; empty means "no target"."""
    if targeting is Targeting.NONE:
        return []
    seats = others(out, protected, actor)
    if targeting is Targeting.ANY:
        seats.append(actor)
        seats.sort()
    return seats
