"""The house remedy's take-back (HOUSE-REMEDY-TAKE-BACK).

The redeal is :func:`loveletter.rules.round.redeal` (HOUSE-REMEDY-REDEAL). A take-back
puts the table back as it was before the command taken back (the game keeps a
savepoint before each command); what it adds is the one thing the table cannot forget:
everyone saw the card played, so everyone knows it is back in its player's hand.
"""

from __future__ import annotations

from loveletter.commands import Command, Play
from loveletter.events import CommandTakenBack
from loveletter.motion import Motion

__all__ = ["take_back"]


def take_back(w: Motion, taken: Command) -> None:
    """With the table back before ``taken``: everyone saw the card it played."""
    card = None
    if type(taken) is Play:
        card = taken.card
        seat = w.seats[taken.player]
        w.show(-1, seat, card, None)
        w.learn(-1, seat, card)
    if w.events is not None:
        w.events.append(CommandTakenBack(player=getattr(taken, "player", ""), card=card))
