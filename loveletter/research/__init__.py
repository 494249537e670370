"""Research: the fixed encoding, the batch engine and the learning frameworks' adapters.

:mod:`~loveletter.research.encoding` numbers the actions and lays out the observations,
:mod:`~loveletter.research.batch` plays many tables at once as NumPy arrays (``[batch]``),
and :mod:`~loveletter.research.rl` adapts the referee to PettingZoo, Gymnasium and
OpenSpiel (``[rl]``, ``[openspiel]``). This wing imports the core, the bots (what a player
knows, the search bot) and the games (a batch of random games is summarised as a
simulation is), never the apps.
"""
