"""Another app's moves, checked by the referee: a game as JSON lines in, a verdict per line out.

An app that runs its own interface (a chat bot, a web page) records each game as JSON
lines: the first line is the setup, every other line a command as a player sent it. This
script replays them through the referee: each legal move is applied and told in plain
English, each illegal one is reported with the referee's reason code and message, and
the exit status says whether every move was legal.

Run it: ``python examples/validate_moves.py [FILE]`` (``examples/moves.jsonl`` by default;
``-`` reads standard input). It exits 1 when a move was refused, as with the sample.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from pathlib import Path

from loveletter import Game, IllegalCommandError, InvalidCommandError, read_command
from loveletter.narration import Narrator
from loveletter.serialization import setup_from_data
from loveletter.views import redact_all


def validate(lines: Iterable[str]) -> int:
    """Check every move; return the number of moves refused."""
    game: Game | None = None
    refused = 0
    narrator = Narrator()
    for number, line in enumerate(lines, start=1):
        line = line.strip()
        if not line:
            continue
        if game is None:
            try:
                game = Game(setup_from_data(json.loads(line)["setup"]))
            except (ValueError, KeyError, TypeError) as error:
                print(f"line {number}: not a table setup ({error}); nothing to check")
                return refused + 1
            print(f"line {number}: a table of {', '.join(game.state.players)}")
            continue
        try:
            events = game.apply(read_command(game, line))
        except IllegalCommandError as error:
            refused += 1
            refusal = error.refusal
            why = f"{refusal.reason.value}: {refusal.message} [{refusal.ruling}]"
            print(f"line {number}: refused, {why}")
            continue
        except InvalidCommandError as error:
            refused += 1
            print(f"line {number}: malformed: {error}")
            continue
        told = " ".join(narrator.tell_all(redact_all(events, None)))
        print(f"line {number}: ok - {told}")
    return refused


def main(argv: list[str]) -> int:
    source = argv[1] if len(argv) > 1 else str(Path(__file__).with_name("moves.jsonl"))
    if source == "-":
        refused = validate(sys.stdin)
    else:
        with open(source, encoding="utf-8") as file:
            refused = validate(file)
    print(f"{refused} move(s) refused")
    return 1 if refused else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
