"""The batch engine: thousands of tables stepped at once as NumPy arrays (the ``[batch]`` extra).

The referee (:class:`loveletter.referee.Game`) plays one table, for apps, servers and
rulings. :class:`~loveletter.research.batch.Batch` plays ``B`` tables of the built-in editions at
once, their state a few small integer arrays with the table on the first axis, each rule
applied to the tables it concerns with masks, for bulk play: simulation, reinforcement
learning, search. Its
decisions are the action ids of :mod:`loveletter.research.encoding`, its observations and legal
masks the encoding's, row for row, so a policy trained here plays unchanged through
:class:`~loveletter.referee.Game` and the environments of :mod:`loveletter.research.rl`;
and every game it plays can be exported as the referee's game log and replayed (a test replays
thousands and compares every decision).

>>> from loveletter.research.batch import Batch
>>> batch = Batch.new(tables=1000, players=4, seed=7)
>>> while not batch.over.all():
...     rewards, round_over, game_over = batch.step(batch.random_actions())
>>> int(batch.game_winners.any(axis=1).sum()), bool(batch.tokens.max(axis=1).min() >= batch.target)
(1000, True)

Modules, one job each: :mod:`~loveletter.research.batch.layout` (the arrays),
:mod:`~loveletter.research.batch.deal` (the deal and the draw pile),
:mod:`~loveletter.research.batch.rules` (the rules),
:mod:`~loveletter.research.batch.legal` (legal masks and random actions),
:mod:`~loveletter.research.batch.observe` (observations),
:mod:`~loveletter.research.batch.export` (game logs),
:mod:`~loveletter.research.batch.play` (random play and its summary) and
:mod:`~loveletter.research.batch.batch` (:class:`~loveletter.research.batch.Batch`).
"""

try:
    import numpy  # noqa: F401  (the [batch] extra's one dependency)
except ModuleNotFoundError as missing:  # pragma: no cover (the extra is there in CI)
    raise ModuleNotFoundError(
        "loveletter.research.batch needs NumPy: pip install 'loveletter-referee[batch]'",
        name="numpy",
    ) from missing

from loveletter.research.batch.batch import Batch, IllegalActionError, Step

__all__ = ["Batch", "IllegalActionError", "Step"]
