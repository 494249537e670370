"""The command line fails like a tool: exit 2 for bad input, 130 for Ctrl-C, no tracebacks."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from testkit.project import ROOT, run_cli

from loveletter.games.scenarios import MAX_DEPTH, MAX_DIGITS, ScenarioFileError, load, parse_lines
from loveletter.games.simulate import simulate

WAIT = 60
"""Seconds a subprocess gets before a test gives up on it (a safety net, not a measure)."""


# -- bad numbers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--games", "-5"],
        ["simulate", "--games", "0"],
        ["simulate", "--jobs", "0"],
        ["simulate", "--jobs", "-2"],
        ["tournament", "--bots", "heuristic,random", "--games", "0"],
        ["tournament", "--bots", "heuristic,random", "--jobs", "0"],
        ["simulate", "--games", "many"],
        ["simulate", "--games", "9" * 5000],
        ["bench", "--games", "0"],
        ["bench", "--repeats", "0"],
    ],
)
def test_a_count_below_one_is_refused_like_argparse(args: list[str]) -> None:
    """A count of games, jobs or repeats below 1 exits 2 with argparse's usage and error."""
    done = run_cli(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    last = done.stderr.splitlines()[-1]
    option = args[-2]
    assert last.startswith(f"loveletter {args[0]}: error: argument {option}: ")
    assert "expected a whole number of at least 1" in last
    assert len(last) < 200


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"games": 0}, "number of games"),
        ({"games": -5}, "number of games"),
        ({"games": True}, "number of games"),
        ({"games": 10, "jobs": 0}, "number of jobs"),
        ({"games": 10, "jobs": 1.5}, "number of jobs"),
    ],
)
def test_simulate_refuses_counts_below_one(settings: dict[str, object], message: str) -> None:
    """simulate() refuses a number of games or jobs that is not a whole number of at least 1."""
    with pytest.raises(ValueError, match=message):
        simulate(**settings)  # type: ignore[arg-type]


# -- Ctrl-C ----------------------------------------------------------------------------------


def children(pid: int) -> list[int]:
    """The ids of the processes ``pid`` started (Linux's /proc), or skip the test."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    if not path.parent.exists():
        pytest.skip("needs Linux's /proc/PID/task/PID/children")
    try:
        return [int(child) for child in path.read_text().split()]
    except FileNotFoundError:
        return []


def interrupt(process: subprocess.Popen[bytes]) -> tuple[int, str]:
    """Ctrl-C as a terminal sends it, to the whole process group; the exit code and stderr."""
    os.killpg(process.pid, signal.SIGINT)
    _, stderr = process.communicate(timeout=WAIT)
    return process.returncode, stderr.decode()


def asleep(pid: int) -> None:
    """Wait until the process ``pid`` sleeps (blocked reading its input), as a person's
    Ctrl-C finds it; a Ctrl-C sent between its prompt and its read would wait for input."""
    stat = Path(f"/proc/{pid}/stat")
    if not stat.exists():
        pytest.skip("needs Linux's /proc/PID/stat")
    deadline = time.monotonic() + WAIT
    while stat.read_text().rpartition(")")[2].split()[0] != "S":
        assert time.monotonic() < deadline, "the game never waited for an answer"
        time.sleep(0.01)


def _as_in_a_terminal() -> None:
    """In the child, before it runs: Ctrl-C handled by default, as a terminal's shell
    starts a command. A test run started in the background by a shell without job
    control (``pytest &``) ignores Ctrl-C, and its children would inherit that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str) -> subprocess.Popen[bytes]:
    """``python -m loveletter ARGS`` in a process group of its own, as a shell starts it."""
    return subprocess.Popen(
        [sys.executable, "-m", "loveletter", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        start_new_session=True,
        preexec_fn=_as_in_a_terminal,
    )


def test_ctrl_c_stops_a_simulation_over_two_processes() -> None:
    """Ctrl-C in simulate --jobs 2: exit 130, one line on stderr, no worker left behind."""
    process = start("simulate", "--games", "100000", "--jobs", "2", "--no-progress")
    try:
        deadline = time.monotonic() + WAIT
        while len(workers := children(process.pid)) < 2:
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.05)
        code, stderr = interrupt(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert code == 130
    assert stderr.splitlines() == ["loveletter simulate: interrupted"]
    # The parent stopped and reaped its workers before it exited: none is left running.
    assert [worker for worker in workers if Path(f"/proc/{worker}").exists()] == []


@pytest.mark.parametrize(
    ("language", "asked", "said"),
    [
        ("en", b"Play which card?", "loveletter play: interrupted"),
        ("fr", b"Quelle carte jouer ?", "loveletter play: partie interrompue"),
    ],
)
def test_ctrl_c_stops_a_terminal_game(
    language: str, asked: bytes, said: str, tmp_path: Path
) -> None:
    """Ctrl-C while the terminal game asks a question: exit 130, one line in the table's
    language, no traceback, and the log of the game so far written."""
    log = tmp_path / "stopped.json"
    process = start("play", "--seed", "3", "--language", language, "--log", str(log))
    assert process.stdout is not None
    try:
        shown = b""
        while asked not in shown:
            chunk = os.read(process.stdout.fileno(), 4096)
            assert chunk, f"the game ended before asking: {shown.decode()}"
            shown += chunk
        asleep(process.pid)
        code, stderr = interrupt(process)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert code == 130
    assert stderr.splitlines() == [said]
    assert json.loads(log.read_text(encoding="utf-8"))["stopped"] == "interrupted"
    told = subprocess.run(
        [sys.executable, "-m", "loveletter", "replay", str(log)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert told[-1] == INTERRUPTED[language]


INTERRUPTED = {
    "en": "The log ends here, in round 1: the game was interrupted (Ctrl-C).",
    "fr": "Le journal s'arrête ici, à la manche 1 : la partie a été interrompue (Ctrl-C).",
}


# -- play without a keyboard -----------------------------------------------------------------

NOBODY = (
    "loveletter play: standard input ended before the first answer: the terminal game "
    "needs a person at the keyboard (or answers piped to it)"
)


def test_play_with_standard_input_closed_needs_a_person() -> None:
    """With standard input closed, the game says it needs a person and exits 2, unstarted."""
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m loveletter play --seed 3 <&-', sys.executable],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=WAIT,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [NOBODY]


def test_play_from_dev_null_needs_a_person() -> None:
    """`loveletter play < /dev/null`: one line on stderr, exit 2, no game started."""
    done = run_cli("play", "--seed", "3", stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [NOBODY]
    french = run_cli("play", "--language", "fr", stdin=subprocess.DEVNULL)
    assert french.returncode == 2
    assert french.stderr.startswith("loveletter play: l'entrée standard s'est terminée")


def test_play_at_the_end_of_input_after_an_answer_leaves_the_table() -> None:
    """Input that ends after some answers leaves the table as before: goodbye, exit 0."""
    done = run_cli("play", "--seed", "3", input="help\n")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines()[-1] == "You left the table. Goodbye."


@pytest.fixture(scope="module")
def answers() -> list[str]:
    """Answers that play a whole two-player game at seed 5 to its end (first options)."""
    from testkit.terminal_players import Chooser

    from loveletter.apps.play import TerminalGame

    ask = Chooser()
    assert TerminalGame(seed=5, name="Zoe", ask=ask, say=lambda _: None).run() == 0
    return ask.answers


@pytest.fixture(scope="module")
def logged(answers: list[str], tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The log and the transcript of that game, played through the command line."""
    path = tmp_path_factory.mktemp("log") / "game.json"
    done = run_cli(
        "play", "--seed", "5", "--name", "Zoe", "--log", str(path), input="\n".join(answers) + "\n"
    )
    assert done.returncode == 0, done.stderr
    return path, done.stdout


def test_piped_answers_play_a_whole_game(logged: tuple[Path, str]) -> None:
    """Scripted games keep working: answers piped in play the game to its end."""
    _, out = logged
    lines = out.splitlines()
    assert lines[1] == "Seed 5: '--seed 5' with the same options deals this game again."
    assert lines[-2].startswith("Tokens: Zoe ")
    assert lines[-1].endswith("wins the game.") or lines[-1] == "You win the game!"


def test_the_log_replays_the_game(logged: tuple[Path, str]) -> None:
    """`play --log FILE` then `replay FILE`: the same game, to the same winner."""
    path, out = logged
    done = run_cli("replay", str(path), "--open")
    assert done.returncode == 0, done.stderr
    told = done.stdout.splitlines()
    assert told[0] == "Zoe, Anna: Love Letter (2019 revised edition), told with every card shown."
    winner = out.splitlines()[-1]
    name = "Zoe" if winner == "You win the game!" else winner.removesuffix(" wins the game.")
    assert told[-1] == f"  {name} wins the game!"


def test_replay_reads_standard_input_and_names_in_any_case(logged: tuple[Path, str]) -> None:
    """`replay -` reads the log from standard input; `--as zoe` is Zoe."""
    path, _ = logged
    by_name = run_cli("replay", str(path), "--as", "Zoe")
    from_stdin = run_cli("replay", "-", "--as", "zOE", input=path.read_text(encoding="utf-8"))
    assert from_stdin.returncode == 0, from_stdin.stderr
    assert from_stdin.stdout == by_name.stdout
    assert "told as Zoe saw it." in from_stdin.stdout
    assert run_cli("replay", "-", input="{").returncode == 2
    assert run_cli("replay", str(path), "--as", "Zo").returncode == 2


def test_the_seed_said_deals_the_same_game_again() -> None:
    """Without --seed a fresh seed is said at the start; --seed with it deals the same table."""
    first = run_cli("play", input="quit\n")
    assert first.returncode == 0, first.stderr
    seed = first.stdout.splitlines()[1].split(":")[0].removeprefix("Seed ")
    again = run_cli("play", "--seed", seed, input="quit\n")
    assert again.stdout == first.stdout


def test_play_log_to_a_file_that_cannot_be_written_exits_2(tmp_path: Path) -> None:
    """A --log path that cannot be written is refused before the game starts."""
    done = run_cli("play", "--log", str(tmp_path / "no" / "such.json"), input="quit\n")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("loveletter play: cannot write ")


def test_version_prints_the_version() -> None:
    """`loveletter --version` prints loveletter.__version__ and exits 0."""
    import loveletter

    done = run_cli("--version")
    assert done.returncode == 0
    assert done.stdout == f"loveletter {loveletter.__version__}\n"


# -- scenario files that are not ---------------------------------------------------------------

DEEP_LIST = "[" * 50_000 + "]" * 50_000
DEEP_OBJECT = '{"a":' * 50_000 + "1" + "}" * 50_000
HUGE_NUMBER = '{"id": "huge", "target": ' + "9" * 5_000 + "}"


@pytest.mark.parametrize(
    ("lines", "line", "words"),
    [
        (["// nested", DEEP_LIST], 2, "nested 50000 deep"),
        ([DEEP_OBJECT], 1, "nested 50000 deep"),
        (["", "", HUGE_NUMBER], 3, "a number of 5000 digits"),
        (['{"id": "a", "id": "b"}'], 1, "the key 'id' appears twice"),
        (['{"id": "\\ud800"}'], 1, "lone surrogate"),
    ],
    ids=["deep-list", "deep-object", "huge-number", "duplicate-key", "lone-surrogate"],
)
def test_a_hostile_scenario_line_exits_2_naming_its_line(
    tmp_path: Path, lines: list[str], line: int, words: str
) -> None:
    """Deep nesting, huge numbers and the like exit 2 with one line naming file:line."""
    path = tmp_path / "hostile.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_cli("scenarios", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    [message] = done.stderr.splitlines()
    assert message.startswith(f"loveletter scenarios: invalid scenario file: {path}:{line}: ")
    assert words in message
    assert "Error" not in message
    assert len(message) < 300


@pytest.mark.parametrize("text", ["", "\n\n", "// only a comment\n\n   \n// and another\n"])
def test_a_scenario_file_without_scenarios_exits_2(tmp_path: Path, text: str) -> None:
    """An empty file, or one of blank and comment lines, is refused, not '0 passed'."""
    path = tmp_path / "empty.jsonl"
    path.write_text(text, encoding="utf-8")
    done = run_cli("scenarios", str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"loveletter scenarios: invalid scenario file: {path}: no scenario in the file "
        "(it is empty, or has only blank and comment lines)"
    ]
    with pytest.raises(ScenarioFileError, match="no scenario in the file"):
        load(path)
    assert parse_lines(text.split("\n")) == []


def test_nesting_is_refused_only_past_the_limit() -> None:
    """A line nested MAX_DEPTH deep reaches the shape check; one level more is refused."""
    at_limit = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    with pytest.raises(ScenarioFileError, match=r"^x:1: \$: expected an object$"):
        parse_lines([at_limit], source="x")
    past = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    with pytest.raises(
        ScenarioFileError, match=rf"^x:1: arrays and objects nested {MAX_DEPTH + 1}"
    ):
        parse_lines([past], source="x")
    brackets_in_text = '{"id": "' + "[" * 1000 + '"}'
    with pytest.raises(ScenarioFileError, match="missing key 'players'"):
        parse_lines([brackets_in_text], source="x")


def test_numbers_are_refused_only_past_the_limit() -> None:
    """A whole number of MAX_DIGITS digits reaches the shape check; one digit more is refused."""
    at_limit = '{"id": "x", "target": -' + "9" * MAX_DIGITS + "}"
    with pytest.raises(ScenarioFileError, match="missing key 'players'"):
        parse_lines([at_limit], source="x")
    past = '{"id": "x", "target": ' + "9" * (MAX_DIGITS + 1) + "}"
    with pytest.raises(ScenarioFileError, match=rf"^x:1: a number of {MAX_DIGITS + 1} digits"):
        parse_lines([past], source="x")


def test_a_scenario_may_hold_a_line_separator_in_a_string(tmp_path: Path) -> None:
    """Lines end at newlines only: a U+2028 inside a JSON string does not split a line."""
    path = tmp_path / "separator.jsonl"
    path.write_text('{"id": "a\u2028b"}\n', encoding="utf-8")
    with pytest.raises(ScenarioFileError, match=r"separator.jsonl:1: \$: missing key 'players'"):
        load(path)


def test_a_file_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    """Bytes that are not UTF-8 are refused with the line they are on."""
    path = tmp_path / "latin.jsonl"
    path.write_bytes(b"// fine\n// caf\xe9\n")
    with pytest.raises(ScenarioFileError, match=r"latin.jsonl:2: not UTF-8 text"):
        load(path)


def test_play_and_simulate_take_a_house_target_and_the_remedy() -> None:
    """--target printed (classic 7/5/4), --remedy and --open-hands reach the table."""
    done = run_cli(
        "play",
        "--edition",
        "classic",
        "--target",
        "printed",
        "--remedy",
        "--open-hands",
        input="quit\n",
    )
    assert done.returncode == 0, done.stderr
    assert "First to 7 tokens wins." in done.stdout
    assert "every hand is played face up" in done.stdout
    assert "House remedy agreed" in done.stdout
    done = run_cli(
        "simulate", "--games", "3", "--edition", "classic", "--target", "printed", "--json"
    )
    assert done.returncode == 0, done.stderr
    done = run_cli("play", "--target", "0")
    assert done.returncode == 2


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_printed_on_the_2019_edition_says_what_printed_is(command: str) -> None:
    """`--target printed` without `--edition classic` says that printed is the classic
    rulebook's targets, in one line, exit 2 (not "must be a whole number")."""
    bots = ["--bots", "heuristic,random"] if command == "tournament" else []
    done = run_cli(command, "--target", "printed", *bots, input="quit\n")
    assert done.returncode == 2
    assert done.stderr == (
        f"loveletter {command}: --target printed is the classic edition's setting: the "
        "targets printed in its rulebook (7/5/4 tokens at 2/3/4 players); the 2019 edition "
        "has no such setting: give a number of tokens, or --edition classic\n"
    )
    done = run_cli(command, "--target", "printd", "--edition", "classic", *bots, input="q\n")
    assert done.returncode == 2
    assert "not a number of tokens, nor a target setting of the classic edition" in done.stderr
    assert "(its settings: printed)" in done.stderr


# -- Dask ------------------------------------------------------------------------------------

WITHOUT_DASK = (
    "import sys; sys.modules['distributed'] = None; "  # as if the extra were not installed
    "from loveletter.apps.cli import main; raise SystemExit(main(sys.argv[1:]))"
)


@pytest.mark.parametrize("command", ["simulate", "tournament --bots heuristic,random"])
def test_dask_without_the_extra_names_the_extra(command: str) -> None:
    """--dask without Dask installed exits 2 with one line naming the extra to install."""
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_DASK, *command.split(), "--games", "2", "--dask", "local"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=WAIT,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    name = command.split()[0]
    assert done.stderr.splitlines() == [
        f"loveletter {name}: running games on Dask needs the [dask] extra: "
        "pip install 'loveletter-referee[dask]'"
    ]


def test_a_wrong_setting_is_refused_before_a_cluster_starts() -> None:
    """A bad setting with --dask exits 2 at once, without starting or reaching a cluster."""
    done = run_cli("simulate", "--players", "9", "--dask", "tcp://127.0.0.1:1")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [
        "loveletter simulate: the 2019 edition is for 2 to 6 players"
    ]


# -- a keyboard's Ctrl-D, and the help texts -----------------------------------------------------


def read_until(fd: int, text: bytes, shown: bytes = b"") -> bytes:
    """What the terminal ``fd`` shows, read until ``text`` appears (or fail, never hang)."""
    deadline = time.monotonic() + WAIT
    while text not in shown:
        ready, _, _ = select.select([fd], [], [], max(deadline - time.monotonic(), 0))
        assert ready, f"{text!r} never showed: {shown.decode()}"
        chunk = os.read(fd, 4096)
        assert chunk, f"{text!r} never showed: {shown.decode()}"
        shown += chunk
    return shown


def test_ctrl_d_at_the_first_question_of_a_terminal_leaves_quietly() -> None:
    """At a real terminal, Ctrl-D at the first question leaves the table: a goodbye, exit 0,
    no error."""
    import pty

    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "loveletter", "play", "--seed", "39"],
            stdin=follower,
            stdout=follower,
            stderr=follower,  # the prompt goes there at a terminal
            cwd=ROOT,
            start_new_session=True,
        )
        shown = read_until(leader, b"Play which card?")
        asleep(process.pid)
        os.write(leader, b"\x04")  # Ctrl-D
        shown = read_until(leader, b"Goodbye.", shown)
        assert process.wait(timeout=WAIT) == 0
    finally:
        os.close(follower)
        os.close(leader)
    told = shown.decode().splitlines()
    assert told[-1].strip() == "You left the table. Goodbye."
    assert not any(line.startswith("loveletter play:") for line in told), told


def test_the_help_of_each_command_with_bots_lists_the_kinds_of_bots() -> None:
    """`play`, `simulate` and `tournament --help` list every kind of bot of the registry."""
    from loveletter.bots.registry import BOTS

    for command in ("play", "simulate", "tournament"):
        done = run_cli(command, "--help", env={**os.environ, "COLUMNS": "200"})
        assert done.returncode == 0
        bots = next(line for line in done.stdout.splitlines() if line.startswith("  --bots"))
        for kind in BOTS:
            assert kind in bots, (command, bots)


def test_the_help_says_what_plain_loveletter_does() -> None:
    """`loveletter --help` says that `loveletter` alone starts a game, and `scenarios
    --help` says what FILE is."""
    done = run_cli("--help", env={**os.environ, "COLUMNS": "200"})
    assert "Plain 'loveletter', without a command, starts a game in the terminal" in done.stdout
    scenarios = run_cli("scenarios", "--help", env={**os.environ, "COLUMNS": "200"})
    assert re.search(r"^  FILE +a scenario file \(\.jsonl\)", scenarios.stdout, re.M), (
        scenarios.stdout
    )


def test_simulate_says_why_the_wins_add_up_to_more_than_the_games() -> None:
    """A game won by two players at once (LL19-Q11) counts a win for each, and the summary
    says so when it happens, and only then."""
    shared = simulate(games=50, seed=3, bots=("random", "random"))
    assert sum(row.wins for row in shared.bots) == 51
    assert (
        "wins: 51 in 50 games: players who reach the target in the same round win the game "
        "together, and each of them counts the win"
    ) in shared.table().splitlines()
    alone = simulate(games=20, seed=1, bots=("random", "random"))
    assert sum(row.wins for row in alone.bots) == 20
    assert "wins:" not in alone.table()
