"""The scenario runner: reading files, reporting differences, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from testkit.project import ROOT

from loveletter.apps.cli import main
from loveletter.games.scenarios import ScenarioFileError, load, parse_lines, run

PILE = [
    "Baron",
    "Guard",
    "Guard",
    "Guard",
    "Guard",
    "Priest",
    "Handmaid",
    "Handmaid",
    "Chancellor",
    "Chancellor",
    "Countess",
    "Spy",
    "Spy",
    "Baron",
    "Prince",
    "Prince",
    "King",
]


def scenario(**changes: object) -> dict[str, object]:
    data: dict[str, object] = {
        "id": "baron-tie",
        "players": ["Anna", "Ben", "Carla"],
        "first": "Anna",
        "deal": {
            "set_aside": "Princess",
            "hands": {"Anna": "Guard", "Ben": "Guard", "Carla": "Priest"},
            "draw_pile": PILE,
        },
        "steps": [
            {"play": {"player": "Anna", "card": "Baron", "target": "Ben"}},
            {"expect": {"out": [], "to_act": "Ben"}},
        ],
    }
    data.update(changes)
    return data


def write(tmp_path: Path, *scenarios: dict[str, object], extra: str = "") -> Path:
    path = tmp_path / "cases.jsonl"
    lines = [json.dumps(s) for s in scenarios]
    path.write_text(extra + "\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_passing_file_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every scenario passing: the totals line, and exit code 0."""
    path = write(tmp_path, scenario(), scenario(id="again"), extra="// a comment\n\n")
    assert main(["scenarios", str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == ["2 passed, 0 failed"]


def test_a_failing_scenario_is_reported_with_its_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A difference gives one line: the scenario, the step, expected and actual; exit 1."""
    wrong = scenario(
        id="wrong",
        steps=[
            {"play": {"player": "Anna", "card": "Baron", "target": "Ben"}},
            {"expect": {"out": ["Ben"], "to_act": "Carla"}},
        ],
    )
    path = write(tmp_path, scenario(), wrong)
    assert main(["scenarios", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == "1 passed, 1 failed"
    assert lines[0].startswith("FAIL wrong (")
    assert "step 2: " in lines[0]
    assert "out: expected ['Ben'], got []" in lines[0]
    assert "to_act: expected 'Carla', got 'Ben'" in lines[0]


def test_an_unexpected_refusal_and_an_unexpected_acceptance_fail() -> None:
    """A refused play fails its step; a reject step whose command is applied fails too."""
    [refused] = parse_lines(
        [
            json.dumps(
                scenario(
                    steps=[
                        {"play": {"player": "Anna", "card": "Baron", "target": "Anna"}},
                    ]
                )
            )
        ]
    )
    result = run(refused)
    assert not result.passed
    assert result.step == 0
    assert "refused with TARGET_SELF" in (result.problem or "")
    [accepted] = parse_lines(
        [
            json.dumps(
                scenario(
                    steps=[
                        {
                            "reject": {
                                "play": {"player": "Anna", "card": "Baron", "target": "Ben"}
                            },
                            "reason": "TARGET_SELF",
                        },
                    ]
                )
            )
        ]
    )
    assert "but the command was applied" in (run(accepted).problem or "")
    [other] = parse_lines(
        [
            json.dumps(
                scenario(
                    steps=[
                        {
                            "reject": {
                                "play": {"player": "Anna", "card": "Baron", "target": "Anna"}
                            },
                            "reason": "TARGET_OUT",
                        },
                    ]
                )
            )
        ]
    )
    assert "got TARGET_SELF" in (run(other).problem or "")


def test_a_bad_deal_at_setup_fails_the_scenario() -> None:
    """A first deal that is not the deck makes the scenario fail at setup."""
    data = scenario()
    data["deal"] = {
        "set_aside": "Princess",
        "hands": {"Anna": "Guard", "Ben": "Guard", "Carla": "Priest"},
        "draw_pile": PILE[:-1],
    }
    [bad] = parse_lines([json.dumps(data)])
    result = run(bad)
    assert result.step is None
    assert "missing: 1 King" in (result.problem or "")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        (json.dumps(scenario(colour="red")), "unknown key 'colour'"),
        (json.dumps({k: v for k, v in scenario().items() if k != "first"}), "missing key 'first'"),
        (json.dumps(scenario(players=["Anna"])), "$.players: expected 2 to 6 items"),
        (json.dumps(scenario(edition="2012")), "$.edition"),
        (
            json.dumps(scenario(steps=[{"expect": {"colour": 1}}])),
            "$.steps[0].expect: unknown key 'colour'",
        ),
        (json.dumps(scenario(steps=[{"dance": "Anna"}])), "unknown step 'dance'"),
        (
            json.dumps(scenario(steps=[{"reject": {"draw": "Anna"}, "reason": "nope"}])),
            "reason code",
        ),
        (json.dumps(scenario(target=0)), "$.target"),
    ],
)
def test_invalid_files_are_refused_before_running(tmp_path: Path, text: str, message: str) -> None:
    """A file that is not valid raises ScenarioFileError naming the line and the place."""
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(scenario()) + "\n" + text + "\n", encoding="utf-8")
    with pytest.raises(ScenarioFileError) as raised:
        load(path)
    assert f"{path}:2: " in str(raised.value)
    assert message in str(raised.value)


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    """Two scenarios with one id make the file invalid."""
    with pytest.raises(ScenarioFileError, match="also used"):
        load(write(tmp_path, scenario(), scenario()))


def test_the_command_line_exits_2_for_an_invalid_file(tmp_path: Path) -> None:
    """python -m loveletter scenarios exits 2 with a clear message for an invalid file."""
    path = tmp_path / "bad.jsonl"
    path.write_text("{not json\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "loveletter", "scenarios", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 2
    assert "invalid scenario file" in done.stderr
    assert "bad.jsonl:1: not valid JSON" in done.stderr
    missing = subprocess.run(
        [sys.executable, "-m", "loveletter", "scenarios", str(tmp_path / "none.jsonl")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert missing.returncode == 2
    assert "cannot read" in missing.stderr


def test_auto_draw_off_needs_explicit_draws() -> None:
    """With auto_draw false, a play before the draw is refused as WRONG_PHASE."""
    [case] = parse_lines(
        [
            json.dumps(
                scenario(
                    auto_draw=False,
                    steps=[
                        {
                            "reject": {
                                "play": {
                                    "player": "Anna",
                                    "card": "Guard",
                                    "target": "Ben",
                                    "guess": "Priest",
                                }
                            },
                            "reason": "WRONG_PHASE",
                        },
                        {"draw": "Anna"},
                        {"expect": {"hands": {"Anna": ["Guard", "Baron"]}}},
                    ],
                )
            )
        ]
    )
    assert run(case).passed
