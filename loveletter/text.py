"""Plain-English phrases for commands, used in refusal messages and narration."""

from __future__ import annotations

from collections.abc import Iterable

from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play

__all__ = ["cards_phrase", "describe"]


def cards_phrase(cards: Iterable[Card]) -> str:
    """``Guard, Spy`` (or ``nothing``)."""
    return ", ".join(str(card) for card in cards) or "nothing"


def describe(command: Command) -> str:
    """A short description of ``command``, naming everything in it.

    >>> describe(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
    "Anna's Guard on Ben naming Prince"
    >>> describe(Choose(player="Ben", keep=Card.KING, returned=(Card.SPY, Card.GUARD)))
    "Ben's Chancellor choice (keep King, return Spy, Guard)"
    """
    if isinstance(command, Play):
        text = f"{command.player}'s {command.card}"
        if command.target is not None:
            text += f" on {command.target}"
        if command.guess is not None:
            text += f" naming {command.guess}"
        return text
    if isinstance(command, Draw):
        return f"{command.player}'s draw"
    if isinstance(command, Choose):
        return (
            f"{command.player}'s Chancellor choice (keep {command.keep}, "
            f"return {cards_phrase(command.returned)})"
        )
    if isinstance(command, Deal):
        text = "the deal of the next round"
        if command.first is not None:
            text += f" with {command.first} first"
        return text
    raise TypeError(f"not a command: {command!r}")
