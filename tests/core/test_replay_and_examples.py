"""The replay command, narration, read_command, and the examples, run as they ship."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from testkit.game_strategies import played_with_remedies
from testkit.project import ROOT, run_cli
from testkit.tables import table

from loveletter import (
    Card,
    Draw,
    Game,
    IllegalCommandError,
    InvalidCommandError,
    Play,
    Reason,
    read_command,
)
from loveletter.events import EVENT_CLASSES
from loveletter.narration import narrate, story
from loveletter.serialization import to_json
from loveletter.views import redact

SERVICES = {"http_service"}
"""Examples that serve until stopped: tests/core/test_http_service.py plays each."""
EXAMPLES = sorted(path for path in (ROOT / "examples").glob("*.py") if path.stem not in SERVICES)
SAMPLE_LOG = ROOT / "examples" / "sample-game.json"


def test_replay_tells_the_game_as_everyone_saw_it() -> None:
    """Without --as, hidden cards stay hidden: nobody's draw is named."""
    done = run_cli("replay", str(SAMPLE_LOG))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].endswith("told as everyone saw it.")
    assert "  Anna draws a card." in lines
    assert not any(" draws the " in line for line in lines)
    assert lines[-1].endswith("wins the game!")


def test_replay_as_a_player_shows_their_cards_only() -> None:
    """--as Ben names Ben's draws and nobody else's."""
    done = run_cli("replay", str(SAMPLE_LOG), "--as", "Ben")
    assert done.returncode == 0, done.stderr
    draws = [line for line in done.stdout.splitlines() if " draws the " in line]
    assert draws
    assert all(line.startswith("  Ben draws the ") for line in draws)


def test_replay_refuses_a_broken_log(tmp_path: Path) -> None:
    """A log that is not a game log, or a stranger's viewpoint, exits 2 with a message."""
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "setup": {}}', encoding="utf-8")
    done = run_cli("replay", str(bad))
    assert done.returncode == 2
    assert "missing key" in done.stderr
    assert run_cli("replay", str(SAMPLE_LOG), "--as", "Zoe").returncode == 2


def test_the_sample_log_is_a_whole_game() -> None:
    """The shipped sample log replays to a finished game."""
    from loveletter.serialization import log_from_json

    setup, commands = log_from_json(SAMPLE_LOG.read_text(encoding="utf-8"))
    assert Game.replay(setup, commands).state.game_over


def test_every_kind_of_event_has_a_sentence() -> None:
    """Narration covers every event class, full and redacted."""
    told: set[type] = set()
    for seed in range(30):
        game = played_with_remedies(seed)
        for event in game.events:
            for viewer in (None, "Anna"):
                sentence = narrate(redact(event, viewer))
                assert sentence.endswith((".", "!"))
            told.add(type(event))
        assert len(story(game.events, everything=True)) == len(game.events)
    assert told == set(EVENT_CLASSES)


def test_read_command_keeps_the_precedence_of_reasons() -> None:
    """A name that is no card is refused after the checks on who and when."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"})
    with pytest.raises(IllegalCommandError) as raised:
        read_command(game, '{"play": {"player": "Ben", "card": "Jester"}}')
    assert raised.value.reason is Reason.NOT_YOUR_TURN
    with pytest.raises(IllegalCommandError) as raised:
        read_command(game, '{"play": {"player": "Anna", "card": "Jester"}}')
    assert raised.value.reason is Reason.UNKNOWN_CARD
    with pytest.raises(InvalidCommandError):
        read_command(game, '{"play": {"player": "Anna"}}')
    assert read_command(
        game, '{"play": {"player": "Anna", "card": "1", "target": "Ben", "guess": "5"}}'
    ) == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE)
    assert read_command(game, json.loads(to_json(Draw(player="Anna")))) == Draw(player="Anna")


EXIT_CODES = {"validate_moves": 1}
"""Examples that end with another status by design (the sample moves include refused ones)."""


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_examples_run(path: Path) -> None:
    """Every example in examples/ runs to its end, as a user would run it."""
    done = subprocess.run(
        [sys.executable, str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )
    assert done.returncode == EXIT_CODES.get(path.stem, 0), done.stderr
    assert done.stdout.strip()


def test_validating_moves_reports_each_line() -> None:
    """The move validator applies legal moves and names the reason for each refused one."""
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "validate_moves.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    lines = done.stdout.splitlines()
    assert any("refused, NOT_YOUR_TURN" in line for line in lines)
    assert any("refused, UNKNOWN_CARD" in line for line in lines)
    assert any("malformed: $: not valid JSON" in line for line in lines)
    assert lines[-1] == "3 move(s) refused"
