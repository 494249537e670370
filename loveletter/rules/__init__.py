"""The rules in motion: internal to the referee, not an API.

The referee keeps a mutable table (:class:`~loveletter.rules.work.Work`, the state's
fields) and changes it in place as commands are applied; the frozen
:class:`~loveletter.state.State` is made from it when asked for. One module per card
(:mod:`~loveletter.rules.guard`, :mod:`~loveletter.rules.baron`, ...) holds that card's
rule record, effect included, and registers it (importing this package registers the ten
built-in cards); :mod:`~loveletter.rules.turn` holds the turn,
:mod:`~loveletter.rules.round` the start and end of a round and the scoring,
:mod:`~loveletter.rules.checks` the validation of commands in the order of precedence of
the reason codes, :mod:`~loveletter.rules.remedy` the house remedy's take-back, and
:mod:`~loveletter.rules.engine` ties them together. What a new card's effect may do is
the public :class:`loveletter.cardrule.Motion`.
"""

from loveletter.rules import (
    baron,
    chancellor,
    countess,
    guard,
    handmaid,
    king,
    priest,
    prince,
    princess,
    spy,
)

__all__ = [
    "baron",
    "chancellor",
    "countess",
    "guard",
    "handmaid",
    "king",
    "priest",
    "prince",
    "princess",
    "spy",
]
