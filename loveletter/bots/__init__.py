"""Bots: players that see only their own view, so they cannot cheat by construction.

A bot is told its player's redacted events as they happen (:meth:`Bot.observe`) and asked
for a command when it is its turn (:meth:`Bot.choose`), given its player's
:class:`~loveletter.views.View`. It never sees the state.

>>> from loveletter import Game
>>> from loveletter.views import view_for
>>> game = Game.new(["Anna", "Ben"], seed=1, first="Anna")
>>> bot = make_bot("heuristic", seed=1)
>>> command = bot.choose(view_for(game.state, "Anna"))
>>> game.is_legal(command)
True
"""

from __future__ import annotations

from loveletter.bots.base import Bot
from loveletter.bots.heuristic import HeuristicBot
from loveletter.bots.random_bot import RandomBot

__all__ = ["BOTS", "Bot", "HeuristicBot", "RandomBot", "make_bot"]

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot}
"""The bots by name, as the command line knows them."""


def make_bot(name: str, *, seed: int) -> Bot:
    """A new bot of the kind called ``name`` (``"random"`` or ``"heuristic"``)."""
    try:
        kind = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: known bots are {', '.join(BOTS)}") from None
    return kind(seed=seed)
