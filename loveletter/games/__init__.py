"""Games: many games played and table situations run, over the referee.

:mod:`~loveletter.games.simulate` plays many games between bots and counts who wins,
:mod:`~loveletter.games.tournament` pits bots against each other seat by seat,
:mod:`~loveletter.games.cluster` spreads simulations over a Dask cluster (``[dask]``), and
:mod:`~loveletter.games.scenarios` runs the scenario files that settle a rules dispute.
This wing imports the core and the bots (the seats are bots), never the other wings.
"""
