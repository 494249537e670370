"""What a compiled build could buy: the speed ceiling's referees compiled with mypyc.

``python tools/speed_compiled.py [--games 300] [--repeats 5] [--players 2 --players 4 ...]``
(in a checkout, with the lint extra installed, which brings mypy and its compiler mypyc,
and a C compiler) compiles ``tools/speed_ceiling.py`` with mypyc in a temporary folder,
checks that the compiled lean and shaped referees still play the referee's games command
for command and that the compiled eventful referee gives its events, and then times, in one
process, interleaved, on the CPU clock, best of the repeats, each referee as Python and as
compiled code beside the shared floor: the lean and shaped ones on the fast loop of
``../shared/bench/speed_check.py`` (target (b)), the eventful one on its API loop (target
(a)). The loops themselves stay Python, as a program's own loop would. It prints each
one's turns per second, its ratio to the floor, and the compiled code's speed over the
interpreted.

The lean and shaped referees are written in the style of the referee's rules (the shaped
one with the table in motion's shapes and duties), so their gain from mypyc says what
compiling the rules could buy. Last, the tool asks mypyc to compile the referee's own hot
modules (the legal commands, the table in motion, the turn) and prints how that ends.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"
sys.path.insert(0, str(TOOLS))

import speed_ceiling  # noqa: E402  (the tools folder is put on the path first)

from loveletter.bench import find_floor, load_floor  # noqa: E402

HOT = ("loveletter/legal.py", "loveletter/rules/work.py", "loveletter/rules/turn.py")
"""The referee's modules a compiled build would compile first."""


def _mypyc(folder: Path, *sources: str, package: bool = True) -> subprocess.CompletedProcess[str]:
    """Run mypyc on ``sources`` in ``folder`` (with the checkout's package, if ``package``)."""
    command = [sys.executable, "-c", "from mypyc.__main__ import main; main()"]
    env = dict(os.environ)
    if package:
        env["MYPYPATH"] = env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [*command, *sources], cwd=folder, capture_output=True, text=True, env=env, check=False
    )


def compiled_ceiling(folder: Path) -> ModuleType:
    """``tools/speed_ceiling.py`` compiled with mypyc in ``folder``, imported."""
    shutil.copy(TOOLS / "speed_ceiling.py", folder / "ceiling_compiled.py")
    done = _mypyc(folder, "ceiling_compiled.py")
    if done.returncode != 0:
        raise SystemExit(f"mypyc could not compile the ceiling's referees:\n{done.stdout}")
    built = next(folder.glob("ceiling_compiled.*.so"), None) or next(
        folder.glob("ceiling_compiled.*.pyd")
    )
    spec = importlib.util.spec_from_file_location("ceiling_compiled", built)
    if spec is None or spec.loader is None:
        raise SystemExit(f"mypyc built {built}, which cannot be imported")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def referee_outcome(folder: Path) -> str:
    """How mypyc ends on the referee's hot modules: the last line of what it says."""
    copy = folder / "referee"
    shutil.copytree(ROOT / "loveletter", copy / "loveletter")
    done = _mypyc(copy, *HOT, package=False)
    if done.returncode == 0:
        return "compiled"
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    errors = [line for line in lines if ": error:" in line or "Error" in line]
    return (errors or lines or ["no message"])[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, action="append", choices=range(2, 7))
    args = parser.parse_args(argv)
    path, origin = find_floor(None)
    floor = load_floor(path, origin)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        compiled = compiled_ceiling(folder)
        makers = {
            "lean": (speed_ceiling.LeanReferee, speed_ceiling.playout),
            "lean, compiled": (compiled.LeanReferee, speed_ceiling.playout),
            "shaped": (speed_ceiling.ShapedReferee, speed_ceiling.playout),
            "shaped, compiled": (compiled.ShapedReferee, speed_ceiling.playout),
            "eventful": (speed_ceiling.EventfulReferee, speed_ceiling.playout_api),
            "eventful, compiled": (compiled.EventfulReferee, speed_ceiling.playout_api),
        }
        print(f"floor: {path} ({origin}); {args.games} games per figure, best of {args.repeats}")
        counts = args.players or [2, 4, 6]
        for players in counts:
            played = speed_ceiling.commands_played(speed_ceiling._referee, players, 20, players)
            told = speed_ceiling.events_played(speed_ceiling._referee, players, 20, players)
            for label in ("lean, compiled", "shaped, compiled"):
                if speed_ceiling.commands_played(makers[label][0], players, 20, players) != played:
                    print(f"the {label} referee plays other games at {players} players")
                    return 1
            if speed_ceiling.events_played(compiled.EventfulReferee, players, 20, players) != told:
                print(f"the eventful, compiled referee gives other events at {players} players")
                return 1
        print("the compiled referees play the referee's games and give its events")
        print("loops: lean and shaped, the fast one; eventful, the API's (checked, events)")
        print(f"{'players':>7}  {'figure':<18} {'turns/s':>10}  {'ratio':>5}  compiled/python")
        for players in counts:
            best = speed_ceiling.interleaved(floor, path, makers, players, args.games, args.repeats)
            for label, rate in best.items():
                gain = ""
                if label.endswith(", compiled"):
                    gain = f"{rate / best[label.split(',')[0]]:.2f}"
                ratio = rate / best["floor"]
                print(f"{players:>7}  {label:<18} {rate:>10,.0f}  {ratio:>5.2f}  {gain}")
        print(f"mypyc on the referee's {', '.join(HOT)}: {referee_outcome(folder)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
