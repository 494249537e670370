"""The rules in motion: internal to the referee, not an API.

The referee keeps a table in motion (:class:`loveletter.motion.Motion`) and the rules
change it in place as commands are applied. One module per card
(:mod:`~loveletter.rules.guard`, :mod:`~loveletter.rules.baron`, ...) holds that card's
rule record, effect and checks included, and registers it (importing this package
registers the ten built-in cards); :mod:`~loveletter.rules.turn` holds the turn,
:mod:`~loveletter.rules.round` the start and end of a round and the scoring,
:mod:`~loveletter.rules.checks` the checks every command goes through, in the order of
precedence of the reason codes, each kind of refusal beside its check (a refusal is data,
:mod:`loveletter.refusals`), :mod:`~loveletter.rules.remedy` the house remedy's take-back, and
:mod:`~loveletter.rules.engine` the one dispatcher that performs a command.
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
