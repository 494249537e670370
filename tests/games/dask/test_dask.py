"""On a Dask cluster (the [dask] extra) simulations and tournaments give the same bytes."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytest.importorskip("distributed", reason="the [dask] extra is not installed")

from testkit.project import run_cli

from loveletter.bots import Bot, register_bot, unregister_bot
from loveletter.games.cluster import dask_executor
from loveletter.games.simulate import simulate
from loveletter.games.tournament import tournament


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[object, int]]:
    """A local cluster of two worker processes, for the module's tests."""
    with dask_executor("local", workers=2) as (executor, workers):
        yield executor, workers


def test_a_run_on_two_dask_workers_matches_one_process(cluster: tuple[object, int]) -> None:
    """The JSON of a run on the cluster is the JSON of the run in one process."""
    executor, workers = cluster
    assert workers == 2
    settings = {"games": 40, "players": 3, "bots": ("heuristic", "random"), "seed": 8}
    calls: list[int] = []
    there = simulate(
        **settings,  # type: ignore[arg-type]
        executor=executor,  # type: ignore[arg-type]
        jobs=workers,
        progress=lambda done, total: calls.append(done),
    )
    here = simulate(**settings)  # type: ignore[arg-type]
    assert json.dumps(there.to_data()) == json.dumps(here.to_data())
    assert calls[-1] == 40
    assert calls == sorted(calls)


def test_a_tournament_on_dask_matches_one_process(cluster: tuple[object, int]) -> None:
    """A tournament's games on the cluster give the tournament played in one process."""
    executor, workers = cluster
    there = tournament(bots=("heuristic", "random"), games=16, executor=executor, jobs=workers)  # type: ignore[arg-type]
    assert there == tournament(bots=("heuristic", "random"), games=16)


class Stubborn(Bot):
    """Plays the last legal command; known to the workers only by being sent to them."""

    name = "stubborn-dask"

    def choose(self, view):  # type: ignore[no-untyped-def]
        return view.legal[-1]


def test_a_bot_registered_here_plays_on_the_workers(cluster: tuple[object, int]) -> None:
    """A bot class defined at the top of a module reaches workers that never registered it."""
    executor, workers = cluster
    register_bot(Stubborn)
    try:
        there = simulate(
            games=8,
            bots=("stubborn-dask", "random"),
            executor=executor,  # type: ignore[arg-type]
            jobs=workers,
        )
        assert there == simulate(games=8, bots=("stubborn-dask", "random"))
    finally:
        unregister_bot("stubborn-dask")


def test_simulate_dask_local_prints_what_one_process_prints() -> None:
    """loveletter simulate --dask local: the same table as without it."""
    args = ["simulate", "--games", "30", "--players", "2", "--seed", "4", "--no-progress"]
    here = run_cli(*args)
    there = run_cli(*args, "--dask", "local", "--jobs", "2")
    assert there.returncode == 0, there.stderr
    assert there.stdout == here.stdout
    assert there.stderr == ""
