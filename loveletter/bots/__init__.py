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
from loveletter.bots.ismcts import IsmctsBot
from loveletter.bots.random_bot import RandomBot

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "make_bot",
    "register_bot",
    "unregister_bot",
]

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "ismcts": IsmctsBot}
"""The bots by name, as :func:`make_bot`, the simulation and the command line know them.

Add to it with :func:`register_bot`.
"""


def make_bot(name: str, *, seed: int) -> Bot:
    """A new bot of the kind called ``name`` (``"random"``, ``"heuristic"``, or registered)."""
    try:
        kind = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: known bots are {', '.join(BOTS)}") from None
    return kind(seed=seed)


def register_bot(kind: type[Bot], *, name: str | None = None, replace: bool = False) -> type[Bot]:
    """Make ``kind`` known by ``name`` (its ``name`` attribute by default); return ``kind``.

    Registering a name that is taken raises :class:`ValueError`, unless ``replace``: two
    bots with one name would make a simulation's results ambiguous. Usable as a class
    decorator.

    >>> class Stubborn(Bot):
    ...     name = "stubborn"
    ...     def choose(self, view):
    ...         return view.legal[0]
    >>> register_bot(Stubborn) is Stubborn
    True
    >>> make_bot("stubborn", seed=1).name
    'stubborn'
    >>> register_bot(RandomBot, name="stubborn")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a bot called 'stubborn' is registered already (Stubborn); pass replace=True ...
    >>> unregister_bot("stubborn")
    """
    if not (isinstance(kind, type) and issubclass(kind, Bot)):
        raise TypeError(f"a bot must be a subclass of Bot, not {kind!r}")
    called = kind.name if name is None else name
    if not called or not isinstance(called, str):
        raise ValueError(f"a bot's name must be a non-empty string, not {called!r}")
    present = BOTS.get(called)
    if present is not None and present is not kind and not replace:
        raise ValueError(
            f"a bot called {called!r} is registered already ({present.__name__}); "
            "pass replace=True to replace it"
        )
    BOTS[called] = kind
    return kind


def unregister_bot(name: str) -> None:
    """Forget the bot called ``name``: undoes :func:`register_bot` (a test's clean-up)."""
    if name not in BOTS:
        raise ValueError(f"no bot is called {name!r}: known bots are {', '.join(BOTS)}")
    del BOTS[name]
