"""Every public scenario of ../shared/scenarios passes, each as its own test.

Scenario files are read when the tests are collected; when the shared folder is missing
the tests are skipped (failed under CI).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from testkit.project import SCENARIOS_DIR, need_shared

from loveletter.games.scenarios import Scenario, load, run


def _shared() -> list[object]:
    if not SCENARIOS_DIR.exists():
        return [pytest.param(None, id="shared-scenarios-missing")]
    params: list[object] = []
    for path in sorted([*SCENARIOS_DIR.glob("*.jsonl"), *SCENARIOS_DIR.glob("*/*.jsonl")]):
        for scenario in load(path):
            marks = [pytest.mark.ruling(*scenario.rulings)] if scenario.rulings else []
            params.append(pytest.param(scenario, id=f"{path.stem}:{scenario.id}", marks=marks))
    return params


@pytest.mark.parametrize("scenario", _shared())
def test_shared_scenario(scenario: Scenario | None) -> None:
    """The referee does, step by step, what the shared scenario says."""
    need_shared(SCENARIOS_DIR)
    assert scenario is not None
    result = run(scenario)
    assert result.passed, result.describe()


PROJECT_SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "scenarios").glob("*.jsonl"))


def _project() -> list[object]:
    params: list[object] = []
    for path in PROJECT_SCENARIOS:
        for scenario in load(path):
            marks = [pytest.mark.ruling(*scenario.rulings)] if scenario.rulings else []
            params.append(pytest.param(scenario, id=f"{path.stem}:{scenario.id}", marks=marks))
    return params


@pytest.mark.parametrize("scenario", _project())
def test_project_scenario(scenario: Scenario) -> None:
    """The project's own scenarios pass (random games checking seen at every step, ...)."""
    result = run(scenario)
    assert result.passed, result.describe()
