"""The benchmark: its floor, its turn counter, and its report; no test asserts a time."""

from __future__ import annotations

import ast
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

import pytest
from testkit.project import ROOT, SHARED, need_shared

from loveletter.apps.bench import (
    SHIPPED_FLOOR,
    Settings,
    count_floor_turns,
    find_floor,
    floor_for,
    load_floor,
    run_bench,
)
from loveletter.apps.cli import main

TINY = ["--games", "3", "--repeats", "1", "--tables", "10"]
SHARED_FLOOR = SHARED / "bench" / "bare_playout.py"
SPEED_CHECK = SHARED / "bench" / "speed_check.py"
FIGURES = [
    "floor",
    "(a) api",
    "(a') server",
    "(b) fast",
    "(c) Game.copy()",
    "(c) snapshot",
    "(d) view",
    "(e) JSON round trip",
    "(f) simulate",
    "(g) read, applied",
    "(g) listed, applied",
]


def _run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """This Python run from the checkout with ``arguments``, its output captured."""
    return subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )


def test_the_shipped_floor_is_the_shared_one() -> None:
    """The floor shipped in the package is byte for byte ../shared/bench/bare_playout.py."""
    shared = need_shared(SHARED_FLOOR)
    assert SHIPPED_FLOOR.read_bytes() == shared.read_bytes()


def test_bench_prints_every_figure_with_a_ratio_and_the_floor_it_used() -> None:
    """From a checkout, bench measures against ../shared's floor (or the shipped copy),
    says which, and prints figures (a) to (f) beside the floor, with a ratio column."""
    done = _run("-m", "loveletter", "bench", *TINY, "--players", "2")
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    floor = SHARED_FLOOR.resolve() if SHARED_FLOOR.is_file() else SHIPPED_FLOOR
    assert f"floor: {floor} (" in done.stdout
    assert f"({sys.executable})" in out[3]
    assert "ratio" in next(line for line in out if line.strip().startswith("players"))
    for name in FIGURES:
        rows = [line for line in out if line.startswith(f"      2  {name} ")]
        assert len(rows) == 1, name
        ratio = rows[0].split()[-3]  # then the median and the spread
        assert ratio == "-" if name == "(f) simulate" else re.fullmatch(r"\d+\.\d\d", ratio)
    assert "met" not in done.stdout  # figures, never judged against a target
    told = next(line for line in out if line.startswith("(g) the server's path"))
    assert re.search(r": \d+\.\d\d \(2 players\)$", told), told


def test_the_engine_fingerprint_is_the_same_every_time() -> None:
    """tools/engine_fingerprint.py prints one SHA-256 over seeded games, the same each run
    (and checks the fast path on the way)."""
    runs = [_run("tools/engine_fingerprint.py", "--games", "12") for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[0].stderr
    assert re.fullmatch(r"[0-9a-f]{64}\n", runs[0].stdout)
    assert runs[0].stdout == runs[1].stdout


def test_the_report_as_json_has_every_figure(capsys: Any) -> None:
    """--json prints each figure's rates, best, median, spread and ratio (no targets)."""
    assert (
        main(
            [
                "bench",
                "--games",
                "2",
                "--repeats",
                "2",
                "--players",
                "4",
                "--tables",
                "10",
                "--json",
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["clock"] == "time.process_time"
    assert data["floor"] is not None
    rows = data["figures"]["4"]
    assert [row["figure"] for row in rows] == FIGURES
    assert all(len(row["per_second"]) == 2 for row in rows)
    assert all(row["best_per_second"] == max(row["per_second"]) for row in rows)
    assert [row["figure"] for row in rows if row["ratio"] is None] == ["(f) simulate"]
    assert "targets" not in data
    listed, read = (row["best_per_second"] for row in rows[-1:-3:-1])
    assert data["server_path"]["4"] == pytest.approx(listed / read)


def test_another_edition_has_no_floor_and_no_ratios() -> None:
    """The floor plays 2019 games: another edition's figures come without ratios."""
    settings = Settings.checked(games=1, repeats=1, players=[3], edition="classic")
    report = run_bench(settings, floor_for(settings))
    text = "\n".join(report.lines())
    assert "floor: none" in text
    assert [sample.name for sample in report.samples[3]] == FIGURES[1:]
    assert all(report.ratio(3, sample) is None for sample in report.samples[3])


def test_the_floor_is_the_shared_one_beside_a_checkout_else_the_shipped_copy(
    tmp_path: Path,
) -> None:
    """find_floor: --floor first, then ../shared/bench/bare_playout.py, then the shipped copy."""
    checkout = tmp_path / "here" / "main"
    shared = tmp_path / "here" / "shared" / "bench" / "bare_playout.py"
    checkout.mkdir(parents=True)
    shared.parent.mkdir(parents=True)
    shared.write_bytes(SHIPPED_FLOOR.read_bytes())
    assert find_floor(cwd=checkout)[0] == shared.resolve()
    assert find_floor(cwd=tmp_path) == (SHIPPED_FLOOR, "the copy shipped with loveletter")
    assert find_floor(shared, cwd=tmp_path)[0] == shared.resolve()


def test_a_wrong_setting_or_floor_exits_2(tmp_path: Path, capsys: Any) -> None:
    """Too many players, a missing floor file, or a file that is no floor: exit 2, one line."""
    empty = tmp_path / "floor.py"
    empty.write_text("def play_game(n, rng):\n    return 1\n", encoding="utf-8")
    for args, message in [
        (["--players", "7"], "played by 2 to 6 players, not 7"),
        (["--floor", str(tmp_path / "none.py")], "no floor file at"),
        (["--floor", str(empty)], "no play_round with a turn loop"),
        (["--edition", "1066"], "1066"),
    ]:
        assert main(["bench", "--games", "1", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("loveletter bench: ")
        assert message in err
        assert err.count("\n") == 1


def direct_turns(path: Path, players: int, games: int, seed: int) -> int:
    """Passes through the first line of play_round's loop in the unmodified floor, traced."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    play_round = next(
        node
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name == "play_round"
    )
    first = next(node for node in play_round.body if isinstance(node, ast.While)).body[0].lineno
    floor = load_floor(path)
    passes = 0

    def trace(frame: FrameType, event: str, arg: object) -> Any:
        nonlocal passes
        if frame.f_code.co_name != "play_round":
            return None
        if event == "line" and frame.f_lineno == first:
            passes += 1
        return trace

    rng = random.Random(seed)
    sys.settrace(trace)
    try:
        for _ in range(games):
            floor.module.play_game(players, rng)
    finally:
        sys.settrace(None)
    return passes


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_turn_counter_counts_the_floors_turns(players: int) -> None:
    """The counted replay of the floor's games gives the turns that a trace of the
    unmodified floor sees in the same seeded games."""
    for games, seed in [(1, 1), (3, 7)]:
        counted = count_floor_turns(SHIPPED_FLOOR, players, games, seed)
        assert counted == direct_turns(SHIPPED_FLOOR, players, games, seed)
        assert counted > games


def test_the_turn_counter_is_speed_checks() -> None:
    """Our count equals that of speed_check.py's own ``bare_turns``, run on the shared floor."""
    floor = need_shared(SHARED_FLOOR)
    worker = ast.parse(need_shared(SPEED_CHECK).read_text(encoding="utf-8"))
    text = next(
        node.value.value
        for node in worker.body
        if isinstance(node, ast.Assign)
        and getattr(node.targets[0], "id", "") == "WORKER"
        and isinstance(node.value, ast.Constant)
    )
    function = next(
        node
        for node in ast.parse(text).body
        if isinstance(node, ast.FunctionDef) and node.name == "bare_turns"
    )
    scope: dict[str, Any] = {"ast": ast, "random": random, "bare_path": str(floor)}
    exec(compile(ast.Module(body=[function], type_ignores=[]), "speed_check", "exec"), scope)
    for players in (2, 4, 6):
        assert count_floor_turns(floor, players, 4, 1) == scope["bare_turns"](players, 4, 1)


def test_speed_ab_times_a_revision_beside_the_checkout() -> None:
    """tools/speed_ab.py imports the package of a git revision beside the checkout's and
    prints, for each loop, both packages' time a turn and the ratio of their speeds."""
    done = _run("tools/speed_ab.py", "HEAD", "--games", "3", "--repeats", "1", "--players", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("before: loveletter at HEAD; after: ")
    rows = [line.split() for line in lines[2:]]
    assert [row[:2] for row in rows] == [["2", "api"], ["2", "fast"]]
    for row in rows:
        before, after, ratio = map(float, row[2:])
        assert before > 0
        assert after > 0
        assert abs(ratio - before / after) < 0.01 + 0.01 * ratio


def test_speed_ab_fresh_measures_each_package_in_a_new_process() -> None:
    """With --fresh, each measurement runs in a process of its own; the same rows print."""
    done = _run(
        "tools/speed_ab.py", "HEAD", "--fresh", "--games", "2", "--repeats", "1", "--players", "4"
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("; each measurement in a new process")
    rows = [line.split() for line in lines[2:]]
    assert [row[:2] for row in rows] == [["4", "api"], ["4", "fast"]]
    assert all(float(value) > 0 for row in rows for value in row[2:])


def test_command_path_counts_the_files_and_functions_a_command_runs() -> None:
    """tools/command_path.py follows a listed play and a refused command through the
    referee and counts the project's files and functions each runs."""
    done = _run("tools/command_path.py")
    assert done.returncode == 0, done.stderr
    found = re.findall(
        r"^(a listed play|a refused command)[^:]*: (\d+) project files, (\d+) project "
        r"functions, (\d+) made with exec",
        done.stdout,
        re.MULTILINE,
    )
    assert [name for name, *_ in found] == ["a listed play", "a refused command"]
    assert all(int(files) > 1 and int(functions) > int(files) for _, files, functions, _ in found)
    assert [made for *_, made in found] == ["0", "0"]


def test_referee_duties_times_each_duty_switched_off() -> None:
    """tools/referee_duties.py times a revision and the referee five ways."""
    done = _run(
        "tools/referee_duties.py", "HEAD", "--games", "2", "--repeats", "1", "--players", "2"
    )
    assert done.returncode == 0, done.stderr
    rows = [line.split("  ") for line in done.stdout.splitlines()[2:]]
    figures = [[part.strip() for part in row if part.strip()][2] for row in rows]
    names = ["before", "referee", "no savepoints", "nothing learned", "neither", "checked in full"]
    assert figures == names * 2
    assert all(float(row[-1]) > 0 for row in rows)
