"""The command line: ``python -m loveletter COMMAND ...``.

* ``scenarios FILE...``: run scenario files; exit 0 when every scenario passed, 1 when
  some failed, 2 when a file is not valid.
* ``bench``: random games through the public API, with figures per second.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from loveletter.scenarios import ScenarioFileError, run_files

__all__ = ["main"]


def _scenarios(args: argparse.Namespace) -> int:
    try:
        _, failed = run_files(args.files)
    except ScenarioFileError as error:
        print(f"loveletter scenarios: invalid scenario file: {error}", file=sys.stderr)
        return 2
    return 1 if failed else 0


def _bench(args: argparse.Namespace) -> int:
    from loveletter.bench import run_bench

    run_bench(games=args.games, players=args.players, seed=args.seed, edition=args.edition)
    return 0


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m loveletter``."""
    top = argparse.ArgumentParser(prog="loveletter", description="The Love Letter referee.")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    scenarios = commands.add_parser("scenarios", help="run scenario files (.jsonl)")
    scenarios.add_argument("files", nargs="+", metavar="FILE")
    scenarios.set_defaults(handler=_scenarios)

    bench = commands.add_parser("bench", help="measure random play through the public API")
    bench.add_argument("--games", type=int, default=1000, help="games per player count (1000)")
    bench.add_argument(
        "--players",
        type=int,
        action="append",
        help="player count (repeatable; 2, 4 and 6 by default)",
    )
    bench.add_argument("--seed", type=int, default=1, help="seed of the random games (1)")
    bench.add_argument("--edition", default="2019", help="edition (2019)")
    bench.set_defaults(handler=_bench)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args = parser().parse_args(argv)
    code: int = args.handler(args)
    return code
