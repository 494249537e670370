"""The command line: ``python -m loveletter COMMAND ...``.

* ``play``: a game in the terminal against bots (plain ``loveletter`` runs it too);
  ``--log FILE`` saves it for ``replay``; at a keyboard, Ctrl-D leaves the table at any
  question (exit 0); piped answers that end before the first one exit 2 (nobody at the
  keyboard).
* ``simulate``: many games between bots, with a summary of who won and how.
* ``tournament``: every pairing of some bots, with a table of win rates.
* ``scenarios FILE...``: run scenario files; exit 0 when every scenario passed, 1 when
  some failed, 2 when a file is not valid.
* ``bench``: the referee's speed, as ratios to a bare loop of the game (the floor).
* ``replay LOG.json [--as PLAYER | --open]``: a game's log told in plain English, as
  everyone saw it, as one player saw it, or with every card shown (``-`` reads the log
  from standard input; ``play --log FILE`` writes one).
* ``serve [--host H] [--port P] [--database FILE]``: the web table on this machine
  (:mod:`loveletter.apps.web`; needs the ``[web]`` extra, and says so).
* ``--version``: the version of the library.

Like other command-line tools, each command exits with 2 and one line on standard error
when its arguments or input are wrong, and with 130 and one line (no traceback) when it
is interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import os
import select
import shutil
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import TYPE_CHECKING, Any

from loveletter import __version__
from loveletter.games.scenarios import ScenarioFileError, run_files

if TYPE_CHECKING:
    from loveletter.referee import Game
    from loveletter.setup import Setup

__all__ = ["main"]


def _bot_kinds() -> str:
    """The kinds of bots the command line knows (:data:`~loveletter.bots.registry.BOTS`).

    As its help lists them: ``random, heuristic or ismcts``.
    """
    from loveletter.bots.registry import BOTS

    kinds = list(BOTS)
    return ", ".join(kinds[:-1]) + f" or {kinds[-1]}" if len(kinds) > 1 else "".join(kinds)


def _bot_names(text: str) -> list[str]:
    """Bot specs, comma-separated (``ismcts:iterations=5,heuristic``), each checked."""
    from loveletter.bots import make_bot, parse_bots

    try:
        specs = parse_bots(text)
        for spec in specs:
            make_bot(spec, seed=0)  # a value the bot refuses (iterations=0) is refused now
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return [str(spec) for spec in specs]


def _at_least_one(text: str) -> int:
    """An argument that is a whole number of at least 1."""
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        shown = text if len(text) <= 20 else f"{text[:17]}..."
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, not {shown!r}")
    return number


def _target(text: str) -> int | str:
    """A token target: a whole number of at least 1, or the name of a target setting."""
    if text.strip().isdecimal() and text.isascii():
        return _at_least_one(text)
    if not text.strip() or not text.isidentifier():
        raise argparse.ArgumentTypeError(
            f"expected a number of tokens or a setting such as 'printed', not {text[:20]!r}"
        )
    return text


def _check_target(edition: str, target: int | str | None) -> None:
    """Raise ValueError, saying what it is, if ``target`` names a setting ``edition`` lacks.

    A setting (``printed``) belongs to an edition's rules (the classic rulebook's printed
    targets, LLC-TARGETS-PRINTED); asked of another edition, it is named for what it is.
    """
    from loveletter.editions import EDITIONS
    from loveletter.editions import edition as edition_named

    if not isinstance(target, str):
        return
    ed = edition_named(edition)
    if target in dict(ed.target_settings):
        return
    owners = [other for other in EDITIONS.values() if target in dict(other.target_settings)]
    if not owners:
        settings = ", ".join(name for name, _ in ed.target_settings)
        raise ValueError(
            f"--target {target}: not a number of tokens, nor a target setting of the "
            f"{ed.name} edition ({f'its settings: {settings}' if settings else 'it has none'})"
        )
    owner = owners[0]
    table = dict(owner.target_settings)[target]
    tokens = "/".join(str(count) for _, count in table)
    players = "/".join(str(count) for count, _ in table)
    raise ValueError(
        f"--target {target} is the {owner.name} edition's setting: the targets printed in "
        f"its rulebook ({tokens} tokens at {players} players); the {ed.name} edition has "
        f"no such setting: give a number of tokens, or --edition {owner.name}"
    )


def _terminal_width() -> int | None:
    """The columns to wrap the terminal game's and the replay's lines to.

    ``COLUMNS`` if set, else the terminal's width; ``None`` (lines left whole) when
    standard output is no terminal.
    """
    if os.environ.get("COLUMNS", "").strip().isdecimal():
        return max(int(os.environ["COLUMNS"]), 20)
    try:
        if sys.stdout is not None and sys.stdout.isatty():
            return max(shutil.get_terminal_size().columns, 20)
    except (OSError, ValueError):
        pass
    return None


def _input_is_over() -> bool:
    """Whether standard input is closed or already at its end: nobody will ever answer.

    Only asks what can be told without waiting: a terminal, or a pipe whose writer has
    not written yet, may still answer (the game then finds out at its first question).
    """
    stream = sys.stdin
    if stream is None:
        return True
    try:
        if stream.isatty():
            return False
        ready, _, _ = select.select([stream], [], [], 0)
        peek = getattr(stream.buffer, "peek", None)
        return bool(ready) and peek is not None and peek(1) == b""
    except (OSError, ValueError, AttributeError):  # no file descriptor, or no select on it
        return False


def _play(args: argparse.Namespace) -> int:
    from loveletter.apps.play import TerminalGame
    from loveletter.apps.words import terminal

    nobody = f"loveletter play: {terminal('no_player', args.language)}"
    try:
        if args.bots_see_all and not args.open_hands:
            raise ValueError(
                "--bots-see-all goes with --open-hands: the bots read the hands laid face up"
            )
        _check_target(args.edition, args.target)
    except ValueError as error:
        print(f"loveletter play: {error}", file=sys.stderr)
        return 2
    if _input_is_over():
        print(nobody, file=sys.stderr)
        return 2
    try:
        table = TerminalGame(
            players=args.players,
            edition=args.edition,
            seed=args.seed,
            bots=args.bots,
            name=args.name,
            language=args.language,
            target=args.target,
            remedy=args.remedy,
            open_hands=args.open_hands,
            bots_see_all=args.bots_see_all,
            verbose=args.verbose,
            log=args.log,
            width=_terminal_width(),
        )
        table.save_log()
    except ValueError as error:
        print(f"loveletter play: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"loveletter play: cannot write {args.log}: {error.strerror}", file=sys.stderr)
        return 2
    try:
        code = table.run()
    except KeyboardInterrupt:
        # Ctrl-C: the log is written (run's own finally); one line, in the table's language.
        print(flush=True)  # end the line of the question that was being asked
        print(f"loveletter play: {terminal('interrupted', args.language)}", file=sys.stderr)
        return 130
    if code == 2:
        print(nobody, file=sys.stderr)
    return code


def _on_executor(args: argparse.Namespace, run: Callable[[Executor | None, int], str]) -> int:
    """``run(executor, jobs)`` in this process, over ``--jobs`` processes or on ``--dask``.

    Prints what it returns; exits 2 on a wrong setting, on a missing Dask or a cluster
    that does not answer.
    """
    command = f"loveletter {args.command}"
    try:
        if args.dask is None:
            text = run(None, args.jobs or 1)
        else:
            from loveletter.games.cluster import DaskMissingError, dask_executor

            try:
                with dask_executor(args.dask, workers=args.jobs) as (executor, workers):
                    text = run(executor, workers)
            except DaskMissingError as error:
                print(f"{command}: {error}", file=sys.stderr)
                return 2
            except OSError as error:
                print(
                    f"{command}: cannot reach the Dask scheduler at {args.dask}: {error}",
                    file=sys.stderr,
                )
                return 2
    except ValueError as error:
        print(f"{command}: {error}", file=sys.stderr)
        return 2
    print(text)
    return 0


def _show_progress(args: argparse.Namespace, games: int) -> bool:
    """Whether to draw the progress bar: as asked, else for long runs on a terminal."""
    if args.progress is not None:
        return bool(args.progress)
    return sys.stderr.isatty() and games >= 200


def _check_games(args: argparse.Namespace) -> None:
    """Raise ValueError if the games asked for cannot be played (before any is)."""
    from loveletter.games.simulate import _checked

    _check_target(args.edition, args.target)
    _checked(
        games=args.games,
        jobs=1,
        players=args.players,
        bots=args.bots,
        edition=args.edition,
        target=args.target,
    )


def _run_with_progress(
    args: argparse.Namespace, run: Callable[[Executor | None, int], str], show: bool
) -> int:
    """:func:`_on_executor`, ending the progress bar's line if interrupted."""
    try:
        return _on_executor(args, run)
    except KeyboardInterrupt:
        if show:
            sys.stderr.write("\n")  # end the progress bar's line
        raise


def _simulate(args: argparse.Namespace) -> int:
    import json

    from loveletter.games.simulate import progress_bar, simulate

    if args.engine == "batch":
        return _simulate_batch(args)

    show = _show_progress(args, args.games)

    def run(executor: Executor | None, jobs: int) -> str:
        summary = simulate(
            games=args.games,
            players=args.players,
            bots=args.bots,
            edition=args.edition,
            seed=args.seed,
            jobs=jobs,
            progress=progress_bar if show else None,
            target=args.target,
            executor=executor,
        )
        return json.dumps(summary.to_data(), indent=2) if args.json else summary.table()

    try:
        _check_games(args)
        return _run_with_progress(args, run, show)
    except ValueError as error:
        print(f"loveletter simulate: {error}", file=sys.stderr)
        return 2


_SIMULATE_BOTS = ["heuristic", "random"]
"""``simulate``'s lineup when none is given (the batch engine plays random bots instead)."""


def _simulate_batch(args: argparse.Namespace) -> int:
    """``simulate --engine batch``: random bots only, on the batch engine, in this process."""
    import json

    def refuse(message: str) -> int:
        print(f"loveletter simulate: {message}", file=sys.stderr)
        return 2

    bots = ["random"] if args.bots is _SIMULATE_BOTS else args.bots
    if any(bot != "random" for bot in bots):
        return refuse(
            f"--engine batch plays random bots only, not {','.join(bots)}: "
            "use the referee (--engine referee) for other bots"
        )
    if args.dask is not None or (args.jobs or 1) > 1:
        return refuse("--engine batch runs in this process: drop --jobs and --dask")
    try:
        from loveletter.research.batch import Batch
    except ImportError:
        return refuse("--engine batch needs numpy: pip install 'loveletter-referee[batch]'")
    try:
        summary = Batch.play_random(
            games=args.games,
            players=args.players,
            edition=args.edition,
            seed=args.seed,
            target=args.target,
        )
    except ValueError as error:
        return refuse(str(error))
    print(json.dumps(summary.to_data(), indent=2) if args.json else summary.table())
    return 0


def _tournament(args: argparse.Namespace) -> int:
    import json

    from loveletter.games.simulate import progress_bar
    from loveletter.games.tournament import pairing_count, tournament

    try:
        total = args.games * pairing_count(args.bots)
        _check_games(args)
    except ValueError as error:
        print(f"loveletter tournament: {error}", file=sys.stderr)
        return 2
    show = _show_progress(args, total)

    def run(executor: Executor | None, jobs: int) -> str:
        result = tournament(
            bots=args.bots,
            players=args.players,
            games=args.games,
            edition=args.edition,
            seed=args.seed,
            jobs=jobs,
            progress=progress_bar if show else None,
            target=args.target,
            executor=executor,
        )
        return json.dumps(result.to_data(), indent=2) if args.json else result.table()

    return _run_with_progress(args, run, show)


def _scenarios(args: argparse.Namespace) -> int:
    try:
        _, failed = run_files(args.files)
    except ScenarioFileError as error:
        print(f"loveletter scenarios: invalid scenario file: {error}", file=sys.stderr)
        return 2
    return 1 if failed else 0


def _bench(args: argparse.Namespace) -> int:
    import json

    from loveletter.apps.bench import Settings, floor_for, run_bench

    try:
        settings = Settings.checked(
            games=args.games,
            players=args.players,
            seed=args.seed,
            edition=args.edition,
            repeats=args.repeats,
            floor=args.floor,
            profile=args.profile,
        )
        floor = floor_for(settings)
    except ValueError as error:
        print(f"loveletter bench: {error}", file=sys.stderr)
        return 2
    report = run_bench(settings, floor)
    batch = _batch_bench(args, settings, floor)
    if args.json:
        data = report.to_data()
        if batch is not None:
            data["batch"] = batch if isinstance(batch, str) else batch.to_data()
        print(json.dumps(data, indent=2))
    else:
        print("\n".join(report.lines()))
        if batch is not None:
            print("\n" + (batch if isinstance(batch, str) else "\n".join(batch.lines())))
    return 0


def _batch_bench(args: argparse.Namespace, settings: Any, floor: Any) -> Any:
    """The batch engine's rows (:mod:`loveletter.apps.batch_bench`), or why there are none."""
    if not args.batch:
        return None
    if floor is None:
        return "batch rows: none (the floor plays the 2019 edition)"
    try:
        from loveletter.apps.batch_bench import TABLES, run_batch_bench
    except ImportError:
        return "batch rows: none (numpy is missing: pip install 'loveletter-referee[batch]')"
    tables = tuple(dict.fromkeys(args.tables or TABLES))
    return run_batch_bench(
        floor=floor,
        players=settings.players,
        games=settings.games,
        repeats=settings.repeats,
        seed=settings.seed,
        tables=tables,
        observed=[size for size in tables if size <= 10_000],
    )


def _read_log(path: str) -> bytes:
    """The bytes of the log at ``path``; ``-`` is standard input."""
    if path == "-":
        if sys.stdin is None:
            raise OSError(0, "standard input is closed")
        return sys.stdin.buffer.read()
    with open(path, "rb") as file:
        return file.read()


def _replay(args: argparse.Namespace) -> int:
    from loveletter.errors import LoveLetterError
    from loveletter.referee import Game
    from loveletter.serialization import log_from_json, log_stopped_from_json
    from loveletter.words import fold

    where = "standard input" if args.log == "-" else args.log
    try:
        text = _read_log(args.log)
        setup, commands = log_from_json(text)
        stopped = log_stopped_from_json(text)
        game = Game.replay(setup, commands)
    except OSError as error:
        print(f"loveletter replay: cannot read {where}: {error.strerror}", file=sys.stderr)
        return 2
    except LoveLetterError as error:
        print(f"loveletter replay: {where}: {error}", file=sys.stderr)
        return 2
    if args.viewer is not None:
        seated = [name for name in setup.players if fold(name) == fold(args.viewer)]
        if not seated:
            print(f"loveletter replay: {args.viewer!r} is not at the table", file=sys.stderr)
            return 2
        args.viewer = seated[0]
    from loveletter.apps.play import wrap

    width = _terminal_width()
    language = args.language or setup.language
    for line in _told(game, setup, args.viewer, args.open, language, stopped):
        for part in wrap(line, width):
            print(part)
    return 0


def _told(
    game: Game,
    setup: Setup,
    viewer: str | None,
    everything: bool,
    language: str,
    stopped: str | None = None,
) -> list[str]:
    """A logged game's story, as ``loveletter replay`` tells it, in ``language``.

    A game played with open hands (HOUSE-PRACTICE-OPEN-HANDS) is told as its table saw
    it: every card that was in a hand is named, since every hand lay face up; only the
    order in which a Chancellor's cards went back under the pile stays with its player.
    A log that stops before the game's end says so last, and why if the log says
    (``stopped``: the player left, or Ctrl-C interrupted the game).
    """
    from loveletter.apps.words import terminal
    from loveletter.events import CardsReturned
    from loveletter.narration import story
    from loveletter.views import redact
    from loveletter.words import edition_title, fold

    title = edition_title(setup.edition, language)
    if everything:
        how = terminal("told_open", language)
    elif viewer is not None:
        how = terminal("told_as", language, viewer=viewer)
    else:
        how = terminal("told_everyone", language)
    if setup.open_hands and not everything:
        how += terminal("told_face_up", language)
    # A player named as the listener ("You", the terminal game's player) is told in the
    # second person: "You play first", not "You plays first".
    you = next((p for p in setup.players if fold(p) == fold(terminal("you", language))), None)
    if viewer is not None and viewer == you:
        how = terminal("told_as_you", language)
    players = ", ".join(setup.players)
    lines = [terminal("told", language, players=players, title=title, how=how)]
    events = game.events
    if setup.open_hands and not everything:
        everything = True
        events = tuple(
            redact(event, viewer) if isinstance(event, CardsReturned) else event for event in events
        )
    lines += story(events, viewer=viewer, everything=everything, language=language, you=you)
    if not game.over:
        why = {"left": "log_ends_left", "interrupted": "log_ends_interrupted"}
        lines.append(
            terminal(why.get(stopped or "", "log_ends"), language, round=game.state.round_number)
        )
    return lines


def _run_options(command: argparse.ArgumentParser) -> None:
    """The options that ``simulate`` and ``tournament`` share."""
    command.add_argument("--edition", default="2019", help="2019 or classic (2019)")
    command.add_argument("--seed", type=int, default=1, help="seed of the run (1)")
    command.add_argument(
        "--jobs",
        type=_at_least_one,
        default=None,
        help="processes to spread the games over (1); with --dask local, the workers "
        "to start (one per core)",
    )
    command.add_argument(
        "--dask",
        metavar="ADDRESS",
        default=None,
        help="run the games on the Dask cluster at ADDRESS (tcp://host:8786), or on one "
        "started on this machine with 'local' (needs the [dask] extra)",
    )
    command.add_argument(
        "--target",
        type=_target,
        default=None,
        help="tokens to win: a number, or 'printed' (the classic rulebook's 7/5/4)",
    )
    command.add_argument("--json", action="store_true", help="print the result as JSON")
    command.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: for long runs on a terminal)",
    )


def parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m loveletter``."""
    top = argparse.ArgumentParser(
        prog="loveletter",
        description="The Love Letter referee. Plain 'loveletter', without a command, starts "
        "a game in the terminal against a bot: it is 'loveletter play'.",
    )
    top.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = top.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = commands.add_parser(
        "play",
        help="play a game in the terminal against bots (plain 'loveletter' does too)",
        description="A game of Love Letter in the terminal, you against bots. Answer each "
        "question with a card or a player's name; 'help' lists what you may type; 'quit' "
        "or Ctrl-D leaves the table.",
    )
    play.add_argument(
        "--players", type=int, default=2, help="players at the table, you included (2)"
    )
    play.add_argument("--edition", default="2019", help="2019 or classic (2019)")
    play.add_argument(
        "--seed", type=int, default=None, help="deal the game of this seed (the game says its seed)"
    )
    play.add_argument(
        "--bots",
        type=_bot_names,
        default=["heuristic"],
        help=f"the bots' kinds, comma-separated: {_bot_kinds()}, each with its options "
        "(ismcts:iterations=5); one bot a seat, the list repeated as needed (heuristic)",
    )
    play.add_argument("--name", default=None, help="your name at the table (You; Joueur in French)")
    play.add_argument("--language", choices=("en", "fr"), default="en", help="en or fr (en)")
    play.add_argument(
        "--target",
        type=_target,
        default=None,
        help="tokens to win: a number, or 'printed' (the classic rulebook's 7/5/4)",
    )
    play.add_argument(
        "--remedy",
        action="store_true",
        help="agree to the house remedy: 'undo' takes back a move nobody has learned from",
    )
    play.add_argument(
        "--open-hands",
        action="store_true",
        help="practise with every hand face up; the bots still play from their own hands",
    )
    play.add_argument(
        "--bots-see-all",
        action="store_true",
        help="with --open-hands: the bots read every hand too",
    )
    play.add_argument(
        "--verbose",
        action="store_true",
        help="show each refusal's reason code and ruling id after its message",
    )
    play.add_argument(
        "--log",
        metavar="FILE",
        default=None,
        help="save the game's log to FILE, for 'loveletter replay FILE'",
    )
    play.set_defaults(handler=_play)

    sim = commands.add_parser("simulate", help="play many games between bots and summarise them")
    sim.add_argument("--games", type=_at_least_one, default=1000, help="games to play (1000)")
    sim.add_argument("--players", type=int, default=2, help="players per game (2)")
    sim.add_argument(
        "--bots",
        type=_bot_names,
        default=_SIMULATE_BOTS,
        help=f"the bot of each seat in the first game, comma-separated, repeated as needed: "
        f"{_bot_kinds()}, each with its options (ismcts:iterations=5); the seats turn "
        "between games (heuristic,random)",
    )
    _run_options(sim)
    sim.add_argument(
        "--engine",
        choices=("referee", "batch"),
        default="referee",
        help="referee (any bots) or batch (random bots, many games at once as arrays; "
        "needs numpy) (referee)",
    )
    sim.set_defaults(handler=_simulate)

    cup = commands.add_parser(
        "tournament", help="play every pairing of some bots and tabulate their win rates"
    )
    cup.add_argument(
        "--bots",
        type=_bot_names,
        required=True,
        help=f"two bots or more, comma-separated: {_bot_kinds()}, each with its options "
        "(ismcts:iterations=5); each pairing of two of them plays",
    )
    cup.add_argument("--players", type=int, default=2, help="players per game (2)")
    cup.add_argument("--games", type=_at_least_one, default=200, help="games per pairing (200)")
    _run_options(cup)
    cup.set_defaults(handler=_tournament)

    scenarios = commands.add_parser("scenarios", help="run scenario files (.jsonl)")
    scenarios.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a scenario file (.jsonl): one table situation a line, with the answer the "
        "referee must give; give several to run them all",
    )
    scenarios.set_defaults(handler=_scenarios)

    bench = commands.add_parser(
        "bench", help="measure the referee's speed against a bare loop (the floor)"
    )
    bench.add_argument(
        "--games",
        type=_at_least_one,
        default=500,
        help="games for the floor, (a) and (b); a tenth for the slower figures (500)",
    )
    bench.add_argument(
        "--players",
        type=int,
        action="append",
        help="player count (repeatable; 2, 4 and 6 by default)",
    )
    bench.add_argument("--seed", type=int, default=1, help="seed of the random games (1)")
    bench.add_argument("--edition", default="2019", help="edition (2019)")
    bench.add_argument(
        "--repeats", type=_at_least_one, default=5, help="repeats; the best counts (5)"
    )
    bench.add_argument(
        "--floor",
        metavar="PATH",
        help="the bare loop to measure against "
        "(default: ../shared/bench/bare_playout.py if there, else the shipped copy)",
    )
    bench.add_argument(
        "--profile", action="store_true", help="show the hot spots of (a) and (a') too"
    )
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument(
        "--tables",
        type=_at_least_one,
        action="append",
        help="tables of the batch engine's rows (repeatable; 1000, 10000 and 100000 by "
        "default; masks and observations up to 10000)",
    )
    bench.add_argument(
        "--batch",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="measure the batch engine too (needs numpy; default: yes)",
    )
    bench.set_defaults(handler=_bench)

    replay = commands.add_parser(
        "replay", help="tell a logged game in plain words (English or French)"
    )
    replay.add_argument(
        "log", metavar="LOG.json", help="a game log (setup and commands); - reads standard input"
    )
    how = replay.add_mutually_exclusive_group()
    how.add_argument(
        "--as", dest="viewer", metavar="PLAYER", help="as this player saw it (any letter case)"
    )
    how.add_argument("--open", action="store_true", help="with every card shown")
    replay.add_argument(
        "--language",
        choices=("en", "fr"),
        default=None,
        help="en or fr (the language the game was played in)",
    )
    replay.set_defaults(handler=_replay)

    from loveletter.apps.web.cli import (
        add_parser as add_serve,  # the web table; its extra on request
    )

    add_serve(commands)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code. Without a command, play a game."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if not arguments:
        arguments = ["play"]
    args = parser().parse_args(arguments)
    try:
        code: int = args.handler(args)
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as command-line tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        # Ctrl-C: one line, no traceback, and the status shells give a SIGINT (128 + 2).
        print(f"loveletter {args.command}: interrupted", file=sys.stderr)
        return 130
    return code
