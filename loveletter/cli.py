"""The command line: ``python -m loveletter COMMAND ...``.

* ``scenarios FILE...``: run scenario files; exit 0 when every scenario passed, 1 when
  some failed, 2 when a file is not valid.
* ``bench``: random games through the public API, with figures per second.
* ``replay LOG.json [--as PLAYER | --open]``: a game's log told in plain English, as
  everyone saw it, as one player saw it, or with every card shown.
"""

from __future__ import annotations

import argparse
import os
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


def _replay(args: argparse.Namespace) -> int:
    from loveletter.errors import LoveLetterError
    from loveletter.narration import story
    from loveletter.referee import Game
    from loveletter.serialization import log_from_json

    try:
        with open(args.log, "rb") as file:
            setup, commands = log_from_json(file.read())
        game = Game.replay(setup, commands)
    except OSError as error:
        print(f"loveletter replay: cannot read {args.log}: {error.strerror}", file=sys.stderr)
        return 2
    except LoveLetterError as error:
        print(f"loveletter replay: {args.log}: {error}", file=sys.stderr)
        return 2
    if args.viewer is not None and args.viewer not in setup.players:
        print(f"loveletter replay: {args.viewer!r} is not at the table", file=sys.stderr)
        return 2
    who = (
        "with every card shown"
        if args.open
        else (f"as {args.viewer} saw it" if args.viewer else "as everyone saw it")
    )
    print(f"{', '.join(setup.players)}: {setup.edition.title}, told {who}.")
    for line in story(game.events, viewer=args.viewer, everything=args.open):
        print(line)
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

    replay = commands.add_parser("replay", help="tell a logged game in plain English")
    replay.add_argument("log", metavar="LOG.json", help="a game log (setup and commands)")
    how = replay.add_mutually_exclusive_group()
    how.add_argument("--as", dest="viewer", metavar="PLAYER", help="as this player saw it")
    how.add_argument("--open", action="store_true", help="with every card shown")
    replay.set_defaults(handler=_replay)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    args = parser().parse_args(argv)
    try:
        code: int = args.handler(args)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as command-line tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return code
