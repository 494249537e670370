"""Games: many games played and table situations run, over the referee.

:mod:`~loveletter.games.simulate` plays many games between bots and counts who wins,
:mod:`~loveletter.games.tournament` pits bots against each other seat by seat,
:mod:`~loveletter.games.cluster` spreads simulations over a Dask cluster (``[dask]``),
:mod:`~loveletter.games.scenarios` runs the scenario files that settle a rules dispute, and
:mod:`~loveletter.games.quiet` moves a game along without anything happening, to set up a
table situation for an example or a ruling.
This wing imports the core and the bots (the seats are bots), never the other wings.
"""
