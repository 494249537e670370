"""The README's first screen gives the two commands, and CI runs its test command."""

from __future__ import annotations

import re
import tomllib

from testkit.project import ROOT


def first_screen_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    first_screen = "\n".join(text.splitlines()[:25])
    block = re.search(r"```sh\n(.*?)```", first_screen, re.DOTALL)
    assert block, "no ```sh block on the README's first screen"
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def test_the_first_screen_has_the_two_commands() -> None:
    """One command installs and runs the main job, one installs and runs the tests."""
    main_job, tests = first_screen_commands()
    assert "pip install" in main_job
    assert "loveletter" in main_job
    assert "pip install" in tests
    assert "'.[test]'" in tests
    assert tests.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run installs the test, lint and docs extras (and every other) and runs the same
    test command as the README, which builds the docs: CI builds them no other time.

    The sdist ships ``.ci/run``, so this holds from an unpacked source archive too.
    """
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"pip install [^\n]*\\?\n?[^\n]*\.\[test,lint,docs,", ci)
    assert re.search(r'^step "[^"]*" python -m pytest$', ci, re.MULTILINE)
    assert "sphinx-build" not in ci
    assert "mypy --strict loveletter" in ci
    assert "ruff check" in ci


def test_the_users_install_lines_are_not_editable() -> None:
    """The first screen installs the project as a user would: ``pip install .``, no ``-e``."""
    for command in first_screen_commands():
        assert " -e " not in command, command
        assert "pip install" in command, command


def test_the_readme_works_off_the_repository() -> None:
    """The README is also the package's page on the index: its links are absolute, and it
    gives the install line of the released package."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)\s]+)\)", text)
    assert links, "the README links to the docs and to the repository"
    relative = [link for link in links if not link.startswith("https://")]
    assert relative == [], f"links that break off the repository: {relative}"
    assert "pip install loveletter-referee" in text


def test_the_readme_gives_the_thorough_command_that_ci_runs() -> None:
    """The README says how long the tests take and gives the thorough command; CI runs it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    thorough = "HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest -m long"
    assert thorough in text
    assert re.search(r"The tests take about [^.]* of CPU", text)
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "HYPOTHESIS_PROFILE=thorough python -m pytest -q -p no:cacheprovider -m long" in ci


def ci_wings() -> dict[str, list[str]]:
    """The rows of .ci/run's table ``WINGS``: each extra, the extras beside it and its
    wing's tests."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    table = re.search(r"^WINGS=\(\n(.*?)^\)", ci, re.MULTILINE | re.DOTALL)
    assert table, "no table WINGS in .ci/run"
    rows = [row.split() for row in re.findall(r'^\s+"([^"]+)"', table.group(1), re.MULTILINE)]
    return {extra: rest for extra, *rest in rows}


def test_ci_runs_each_feature_extra_alone_with_its_wings_tests() -> None:
    """CI reads the extras of pyproject.toml; each feature extra has a row of ``WINGS``
    naming its wing's tests, which exist, and its lane installs it beside the test extra
    (and the extras its row names: web-test's tests need web)."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert '["optional-dependencies"]' in ci
    assert 'wanted="test,$extra"' in ci
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    feature = set(project["optional-dependencies"]) - {"test", "lint", "docs"}
    wings = ci_wings()
    assert set(wings) == feature
    for extra, (beside, *paths) in wings.items():
        assert paths, extra
        assert [path for path in paths if not (ROOT / path).exists()] == [], extra
        assert beside == "-" or set(beside.split(",")) <= feature, extra
