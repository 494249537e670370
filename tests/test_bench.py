"""The benchmark command runs and prints its figures; no test asserts a time."""

from __future__ import annotations

import re
import subprocess
import sys

from support import ROOT

from loveletter.bench import TARGETS, load_floor, play_games


def test_bench_prints_every_figure_with_its_ratio_to_the_floor() -> None:
    """bench prints the floor and the figures (a) to (e), each with a ratio, per count."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "loveletter",
            "bench",
            "--games",
            "5",
            "--repeats",
            "1",
            "--players",
            "2",
            "--players",
            "6",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    for count in (2, 6):
        assert f"{count} players:" in out
    for name in [
        "floor turns/s",
        *TARGETS,
        "(c) snapshots/s",
        "(c) game copies/s",
        "(d) views/s",
        "(e) state to JSON/s",
        "(e) state from JSON/s",
    ]:
        lines = [line for line in out.splitlines() if line.strip().startswith(name)]
        assert len(lines) == 2, name
        assert all(re.search(r"\d+\.\d\d x floor", line) for line in lines), lines
    assert out.count("(target ") == 4


def test_the_floor_and_the_library_play_whole_games() -> None:
    """The floor's loop and the library's random play both finish whole games."""
    floor = load_floor()
    assert floor is not None
    rounds, turns = floor.play_game(4, __import__("random").Random(3))
    assert rounds >= 1
    assert turns >= rounds
    figures = play_games(players=3, games=4, seed=2, edition="classic", check=False, record=False)
    assert figures.games == 4
    assert figures.rounds >= 4
    assert figures.turns >= figures.rounds
