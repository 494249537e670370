"""Before and after: the referee at another revision beside this checkout's, in one run.

``python tools/speed_ab.py REV [--games 1000] [--repeats 7] [--players 2 --players 4 ...]``
takes the package as it was at the git revision ``REV`` (``git archive``), renames it
``loveletter_before`` in a temporary folder, and times it beside the checkout's own
``loveletter`` in one process: speed_check's loop (random play through the public API,
checked and with events) and the fast path's (``check=False, record=False``), the two
packages interleaved (A B B A ...), on the CPU clock, best of the repeats, from the same
seeds. It prints each figure's microseconds a turn and the new speed over the old.

A change's closing note quotes it: the two packages meet the same machine at the same
moments, so a busy machine moves the ratio far less than it moves either figure.

With ``--fresh``, each repeat plays each package's games in a new process of its own
(the two alternated, A B B A ...), so that every measurement starts with the referee's
memos empty, as a program that has just started does; each process times its games on
its own CPU clock. Without it, the games of one process meet memos warmed by the
repeats before, as a long simulation does.
"""

from __future__ import annotations

import argparse
import importlib
import random
import re
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Finn")
_IMPORTS = re.compile(r"\b(from|import) loveletter\b")


def package_at(revision: str, folder: Path) -> ModuleType:
    """The package as it was at ``revision``, imported as ``loveletter_before``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", revision, "loveletter"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    package = folder / "loveletter_before"
    (folder / "loveletter").rename(package)
    for source in package.rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        source.write_text(_IMPORTS.sub(r"\1 loveletter_before", text), encoding="utf-8")
    sys.path.insert(0, str(folder))
    return importlib.import_module("loveletter_before")


def play(package: ModuleType, players: int, games: int, seed: int, fast: bool) -> int:
    """speed_check's loop (or the fast path's) with ``package``: the turns played."""
    game_class, play_class = package.Game, package.Play
    names = NAMES[:players]
    rng = random.Random(seed)
    choice = rng.choice
    turns = 0
    for _ in range(games):
        game = game_class.new(names, seed=rng.getrandbits(63))
        legal = game.legal_commands
        apply = game.apply
        while not game.over:
            command = choice(legal())
            if type(command) is play_class:
                turns += 1
            if fast:
                apply(command, check=False, record=False)
            else:
                apply(command)
    return turns


def compare(
    before: ModuleType, after: ModuleType, players: int, games: int, repeats: int, fast: bool
) -> tuple[float, float]:
    """The best turns per second of ``before`` and of ``after``, interleaved."""
    for package in (before, after):  # warm-up, untimed
        play(package, players, max(1, games // 5), 2, fast)
    best = [0.0, 0.0]
    for repeat in range(repeats):
        order = (0, 1) if repeat % 2 == 0 else (1, 0)
        for which in order:
            package = (before, after)[which]
            start = time.process_time()
            turns = play(package, players, games, 1, fast)
            best[which] = max(best[which], turns / (time.process_time() - start))
    return best[0], best[1]


_FRESH = """
import sys, time
sys.path.insert(0, sys.argv[1])
sys.path.insert(0, sys.argv[2])
import speed_ab
package = speed_ab.importlib.import_module(sys.argv[3])
players, games, fast = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6] == "fast"
start = time.process_time()
turns = speed_ab.play(package, players, games, 1, fast)
print(turns / (time.process_time() - start))
"""


def compare_fresh(
    folder: Path, players: int, games: int, repeats: int, fast: bool
) -> tuple[float, float]:
    """As :func:`compare`, each measurement in a new process: the best turns per second."""
    best = [0.0, 0.0]
    tools = Path(__file__).resolve().parent
    for repeat in range(repeats):
        order = (0, 1) if repeat % 2 == 0 else (1, 0)
        for which in order:
            name, where = (("loveletter_before", folder), ("loveletter", ROOT))[which]
            arguments = [str(tools), str(where), name, str(players), str(games)]
            done = subprocess.run(
                [sys.executable, "-c", _FRESH, *arguments, "fast" if fast else "api"],
                check=True,
                capture_output=True,
                text=True,
            )
            best[which] = max(best[which], float(done.stdout))
    return best[0], best[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", help="the git revision to measure against (HEAD, faf963d)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--players", type=int, action="append", choices=range(2, 7))
    parser.add_argument(
        "--fresh", action="store_true", help="each measurement in a new process (memos empty)"
    )
    options = parser.parse_args(argv)
    import loveletter

    with tempfile.TemporaryDirectory() as folder:
        before = package_at(options.revision, Path(folder))
        print(
            f"before: loveletter at {options.revision}; after: {Path(loveletter.__file__).parent}"
            + ("; each measurement in a new process" if options.fresh else "")
        )
        print("players  loop   before us/turn  after us/turn  after/before speed")
        for players in options.players or [2, 4, 6]:
            for loop, fast in (("api", False), ("fast", True)):
                if options.fresh:
                    old, new = compare_fresh(
                        Path(folder), players, options.games, options.repeats, fast
                    )
                else:
                    old, new = compare(
                        before, loveletter, players, options.games, options.repeats, fast
                    )
                figures = f"{1e6 / old:14.2f}  {1e6 / new:13.2f}  {new / old:18.3f}"
                print(f"{players:7d}  {loop:4s}  {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
