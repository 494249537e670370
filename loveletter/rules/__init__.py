"""The rules of Love Letter as pure functions.

A state and a command go in; a new state and the events come out.

One module per card (:mod:`~loveletter.rules.guard`, :mod:`~loveletter.rules.baron`, ...)
holds that card's effect and the checks that belong to it; :mod:`~loveletter.rules.turn`
holds the turn, :mod:`~loveletter.rules.round` the start and end of a round and the
scoring, :mod:`~loveletter.rules.checks` the validation of commands in the order of
precedence of the reason codes, and :mod:`~loveletter.rules.engine` ties them together.
"""

from loveletter.rules.checks import refusal
from loveletter.rules.engine import apply, begin, perform, start_game

__all__ = ["apply", "begin", "perform", "refusal", "start_game"]
