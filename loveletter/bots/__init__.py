"""Bots: players that see only their own view, so they cannot cheat by construction.

A bot is told its player's redacted events as they happen
(:meth:`~loveletter.bots.base.Bot.observe`) and asked for a command when it is its turn
(:meth:`~loveletter.bots.base.Bot.choose`), given its player's
:class:`~loveletter.views.View`. It never sees the state.

>>> from loveletter import Game
>>> from loveletter.views import view_for
>>> game = Game.new(["Anna", "Ben"], seed=1, first="Anna")
>>> bot = make_bot("heuristic", seed=1)
>>> command = bot.choose(view_for(game.state, "Anna"))
>>> game.is_legal(command)
True

The registry of bots by name, and the bot specs that name them with their options
(``ismcts:iterations=5``), are in :mod:`loveletter.bots.registry`.
"""

from loveletter.bots.base import Bot
from loveletter.bots.heuristic import HeuristicBot
from loveletter.bots.ismcts import IsmctsBot
from loveletter.bots.random_bot import RandomBot
from loveletter.bots.registry import (
    BOTS,
    BotSpec,
    bot_options,
    make_bot,
    parse_bot,
    parse_bots,
    register_bot,
    unregister_bot,
)

__all__ = [
    "BOTS",
    "Bot",
    "BotSpec",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "bot_options",
    "make_bot",
    "parse_bot",
    "parse_bots",
    "register_bot",
    "unregister_bot",
]
