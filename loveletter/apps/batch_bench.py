"""The batch engine's rows of ``python -m loveletter bench``, measured against the floor.

For each player count, in the same process and interleaved with the floor (the bare loop
of :mod:`loveletter.apps.bench`, ``play_game`` of whole 2019 games), on the CPU clock
(``time.process_time``), after an untimed warm-up, best of the repeats:

* **floor, again**: the floor's games, timed with the batch rows;
* **batch random B**: :meth:`Batch.play_random <loveletter.research.batch.Batch.play_random>` of
  ``2 * B`` whole games at ``B`` tables at once (a table whose game ends starts the
  next), in cards played a second, and as a ratio to the floor's turns a second;
* **batch observed B**: decision steps a second at ``B`` tables with
  :meth:`~loveletter.research.batch.Batch.legal_mask` and
  :meth:`~loveletter.research.batch.Batch.observation` read at every step (into arrays kept from
  step to step), then :meth:`~loveletter.research.batch.Batch.random_actions`,
  :meth:`~loveletter.research.batch.Batch.step` and
  :meth:`~loveletter.research.batch.Batch.reset_done`;
  a decision is one table's action (a card played or a Chancellor's choice);
* **batch observed int8 B**, **uint8**, **int8+bits**: the same at the largest observed
  ``B``, the observations read as bytes (``observation(dtype=...)``), and with the
  masks packed eight actions a byte (``legal_mask(packed=True)``), as learners store them.

It also prints the state's size a table, as ``tracemalloc`` counts what
:meth:`Batch.new <loveletter.research.batch.Batch.new>` allocates. Figures are printed, never
judged: they depend on the machine and on what else runs on it.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np

from loveletter.apps.bench import Floor, Rates, floor_task
from loveletter.editions import edition as edition_named
from loveletter.research.batch.batch import Batch
from loveletter.research.batch.layout import deck_of
from loveletter.research.batch.legal import moves_of

__all__ = ["TABLES", "BatchReport", "BatchSample", "run_batch_bench", "state_bytes"]

TABLES = (1_000, 10_000, 100_000)
"""The table counts of the random-play rows."""

OBSERVED = (1_000, 10_000)
"""The table counts of the rows with masks and observations (a step's observations at
100,000 tables would take 156 MB, its masks 118 MB)."""

STEPS = 40
"""Decision steps timed per repeat of an observed row."""

FLOOR = "floor, again"
"""The floor's row among the batch rows: the same floor as the referee's rows, timed
again, interleaved with the batch rows."""


@attrs.frozen(kw_only=True)
class BatchSample(Rates):
    """One row of the batch engine's, at ``tables`` tables."""

    tables: int


@attrs.frozen(kw_only=True)
class BatchReport:
    """The batch rows of a bench run, by player count, with the floor's and the state's size."""

    players: tuple[int, ...]
    repeats: int
    samples: dict[int, list[BatchSample]]
    state: dict[int, float]
    """Bytes a table (tracemalloc), by player count."""

    def ratio(self, count: int, sample: BatchSample) -> float | None:
        """``sample``'s best over the floor's best at ``count`` players."""
        floor = [s.best for s in self.samples[count] if s.name == FLOOR]
        if not floor or sample.name == FLOOR:
            return None
        return sample.best / floor[0]

    def lines(self) -> list[str]:
        """The rows as printed."""
        rows = [
            "batch engine (loveletter.research.batch): whole 2019 games of random play, and "
            "decision steps with legal_mask() and observation(); interleaved with the floor, "
            "CPU clock, "
            f"best of {self.repeats}",
            f"{'players':>7}  {'figure':<34} {'unit':<10} {'best/s':>12} {'ratio':>6} "
            f"{'median/s':>12} {'spread':>7}",
        ]
        for count, samples in self.samples.items():
            rows.append("")
            for sample in samples:
                ratio = self.ratio(count, sample)
                shown = "-" if ratio is None else f"{ratio:.2f}"
                rows.append(
                    f"{count:>7}  {sample.name:<34} {sample.unit:<10} {sample.best:>12,.0f} "
                    f"{shown:>6} {sample.median:>12,.0f} {sample.spread:>7.1%}"
                )
        rows.append("")
        sizes = ", ".join(f"{size:,.0f} at {count} players" for count, size in self.state.items())
        rows.append(f"batch state: bytes a table (tracemalloc, 10,000 tables): {sizes}")
        return rows

    def to_data(self) -> dict[str, Any]:
        """The rows as JSON-shaped data."""
        return {
            "repeats": self.repeats,
            "state_bytes_per_table": {str(count): size for count, size in self.state.items()},
            "figures": {
                str(count): [
                    {
                        "figure": sample.name,
                        "unit": sample.unit,
                        "tables": sample.tables,
                        **sample.data(self.ratio(count, sample)),
                    }
                    for sample in samples
                ]
                for count, samples in self.samples.items()
            },
        }


def state_bytes(players: int, tables: int = 10_000) -> float:
    """What :meth:`Batch.new <loveletter.research.batch.Batch.new>` allocates a table (tracemalloc).

    The edition's lookup tables, shared by every batch, are made first and not counted.
    """
    moves_of(deck_of(edition_named("2019"), players))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        batch = Batch.new(tables=tables, players=players, seed=0)
        size = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    del batch
    return size / tables


_Task = tuple[str, str, int, Callable[[], float]]
"""A row's work: its name, unit, table count, and a run returning its units done."""


def _random_task(players: int, tables: int, seed: int) -> _Task:
    def run() -> float:
        return Batch.play_random(games=2 * tables, players=players, seed=seed, tables=tables).turns

    return (f"batch random B={tables:,}", "turns", tables, run)


STORED = (("int8", False), ("uint8", False), ("int8", True))
"""The observed rows' other forms, as learners store them: an observation's type, and
whether the mask is packed eight actions a byte."""


def _observed_task(
    players: int, tables: int, seed: int, dtype: str = "float32", packed: bool = False
) -> _Task:
    batch = Batch.new(tables=tables, players=players, seed=seed)
    masks = batch.legal_mask(packed=packed)
    seen = batch.observation(dtype=dtype)

    def run() -> float:
        decisions = 0
        for _ in range(STEPS):
            batch.legal_mask(out=masks, packed=packed)
            batch.observation(out=seen, dtype=dtype)
            decisions += int(np.count_nonzero(batch.acting >= 0))
            batch.step(batch.random_actions(), check=False)
            batch.reset_done()
        return decisions

    form = "" if dtype == "float32" and not packed else f" {dtype}{'+bits' if packed else ''}"
    return (f"batch observed{form} B={tables:,}", "decisions", tables, run)


def _floor_task(floor: Floor, players: int, games: int, seed: int) -> _Task:
    return (FLOOR, "turns", 1, floor_task(floor, players, games, seed).run)


def _timed(run: Callable[[], float]) -> float:
    start = time.process_time()
    done = run()
    return done / max(time.process_time() - start, 1e-9)


def run_batch_bench(
    *,
    floor: Floor,
    players: Sequence[int],
    games: int,
    repeats: int,
    seed: int,
    tables: Sequence[int] = TABLES,
    observed: Sequence[int] = OBSERVED,
) -> BatchReport:
    """Measure the batch rows at each player count against ``floor`` (``games`` of its games).

    >>> from loveletter.apps.bench import SHIPPED_FLOOR, load_floor
    >>> report = run_batch_bench(floor=load_floor(SHIPPED_FLOOR), players=[2], games=2,
    ...                          repeats=1, seed=1, tables=[10], observed=[10])
    >>> [sample.name for sample in report.samples[2]]  # doctest: +NORMALIZE_WHITESPACE
    ['floor, again', 'batch random B=10', 'batch observed B=10', 'batch observed int8 B=10',
     'batch observed uint8 B=10', 'batch observed int8+bits B=10']
    """
    plans = {
        count: [
            _floor_task(floor, count, games, seed),
            *[_random_task(count, size, seed) for size in tables],
            *[_observed_task(count, size, seed) for size in observed],
            *[
                _observed_task(count, size, seed, dtype, packed)
                for size in observed[-1:]
                for dtype, packed in STORED
            ],
        ]
        for count in players
    }
    for count in players:  # the warm-up, on small batches
        _timed(_random_task(count, 100, seed + 1)[3])
        _timed(_observed_task(count, 100, seed + 1)[3])
    rates: dict[tuple[int, str], list[float]] = {}
    for repeat in range(repeats):
        for count in players:
            tasks = plans[count] if repeat % 2 == 0 else plans[count][::-1]
            for name, _, _, run in tasks:
                gc.collect()
                rates.setdefault((count, name), []).append(_timed(run))
    samples = {
        count: [
            BatchSample(name=name, unit=unit, tables=size, rates=tuple(rates[count, name]))
            for name, unit, size, _ in plans[count]
        ]
        for count in players
    }
    state = {count: state_bytes(count) for count in players}
    return BatchReport(players=tuple(players), repeats=repeats, samples=samples, state=state)
