"""The README's first screen is true from a checkout: its commands run as the code reads
them, it lists every subcommand, its figures say where they were measured, its links lead
to the files beside it, and it names no module or path that is not there."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest
from testkit.project import ROOT

from loveletter.apps.cli import parser

README = ROOT / "README.md"

PREFIXES = (".venv/bin/loveletter ", ".venv/bin/python -m loveletter ", "loveletter ")
"""How the README starts a command of the ``loveletter`` program."""


def text() -> str:
    return README.read_text(encoding="utf-8")


def first_screen_commands() -> list[str]:
    first_screen = "\n".join(text().splitlines()[:25])
    block = re.search(r"```sh\n(.*?)```", first_screen, re.DOTALL)
    assert block, "no ```sh block on the README's first screen"
    return [line for line in block.group(1).splitlines() if line and not line.startswith("#")]


def subcommands() -> list[str]:
    """The subcommands the command line's parser knows, in its order."""
    (action,) = [a for a in parser()._actions if a.dest == "command"]
    assert action.choices is not None
    return list(action.choices)


def program_commands() -> list[str]:
    """Every command of the ``loveletter`` program the README gives whole: in its shell
    blocks, and in backquotes, without a placeholder (``FILE...``, ``A,B,...``,
    ``COMMAND``)."""
    page = text()
    lines = [
        line.strip()
        for block in re.findall(r"```sh\n(.*?)```", page, re.DOTALL)
        for line in block.splitlines()
    ]
    lines += re.findall(r"`([^`\n]+)`", page)
    found = []
    for line in lines:
        for command in line.split("&&"):
            command = command.split("#", 1)[0].strip()
            if command.startswith(PREFIXES) and not re.search(r"\.\.\.|\bCOMMAND\b", command):
                found.append(command)
    return found


def test_the_first_screen_has_the_two_commands() -> None:
    """One command installs and runs the main job, one installs and runs the tests."""
    main_job, tests = first_screen_commands()
    assert "pip install" in main_job
    assert main_job.endswith(".venv/bin/loveletter play")
    assert "pip install" in tests
    assert "'.[test]'" in tests
    assert tests.endswith("python -m pytest")


def test_ci_runs_the_readme_test_command() -> None:
    """.ci/run installs the test, lint and docs extras (and every other) and runs the same
    test command as the README, which builds the docs: CI builds them no other time.

    The sdist ships ``.ci/run``, so this holds from an unpacked source archive too.
    """
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r'fresh "\$venv" "\$main_python" "test,lint,docs,', ci)
    assert re.search(r'pip install [^\n]*-e "\.\[\$with\]"', ci)  # where uv is missing
    assert re.search(r'^step "[^"]*" python -m pytest$', ci, re.MULTILINE)
    assert "sphinx-build" not in ci
    assert "mypy --strict loveletter" in ci
    assert "ruff check" in ci


def test_the_users_install_lines_are_not_editable() -> None:
    """The first screen installs the project as a user would: ``pip install .``, no ``-e``."""
    for command in first_screen_commands():
        assert " -e " not in command, command
        assert "pip install" in command, command


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


def test_every_command_of_the_program_is_one_the_parser_takes() -> None:
    """Each ``loveletter ...`` command the README gives parses as the command line reads it."""
    commands = program_commands()
    assert any(command.endswith("loveletter play") for command in commands), commands
    for command in commands:
        words = shlex.split(command)
        at = next(i for i, word in enumerate(words) if word.endswith("loveletter"))
        try:
            parser().parse_args(words[at + 1 :])
        except SystemExit as error:
            pytest.fail(f"the command line refuses the README's {command!r}: {error}")


def test_the_readme_lists_every_subcommand_in_one_line_each() -> None:
    """The list of the ``loveletter`` command has one line for each subcommand of the
    parser, in its order, and for none that is gone."""
    lines = text().splitlines()
    listed = [re.match(r"- `loveletter ([a-z-]+)", line) for line in lines]
    named = [found.group(1) for found in listed if found]
    assert named == subcommands()
    for at, found in enumerate(listed):
        if found:
            after = lines[at + 1]
            assert after.startswith("- ") or not after.strip(), f"two lines: {lines[at]}"


def test_the_figures_say_the_machine_and_its_load() -> None:
    """The README's times say the cores and the load of the machine they were measured
    on, for each command of its first screen; it gives the thorough command CI runs."""
    page = text()
    assert "Measured from a fresh clone" in page
    assert "two-core machine" in page
    rows = re.findall(
        r"^\| (.+?) \| ([\d.]+ s|[\d]+ min [\d]+ s) \| (.+?) \| ([\d.]+) \|$", page, re.M
    )
    commands = [row[0] for row in rows]
    assert any("play" in command for command in commands), rows
    assert any("python -m pytest" in command for command in commands), rows
    thorough = "HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest -m long"
    assert thorough in page
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "HYPOTHESIS_PROFILE=thorough python -m pytest -q -p no:cacheprovider -m long" in ci


def test_the_links_lead_to_the_files_beside_the_readme() -> None:
    """Until the project is published, every link is relative to the checkout (or to an
    unpacked source archive, which ships the same files) and leads to a file there."""
    page = text()
    links = re.findall(r"\]\(([^)\s]+)\)", page)
    assert links, "the README links to the docs and the examples"
    for link in links:
        assert "://" not in link, f"a link off the checkout: {link}"
        path = ROOT / link.split("#", 1)[0]
        assert path.is_file(), f"a link to nothing: {link}"
    assert "pip install loveletter-referee" in page


MODULE = re.compile(r"`(loveletter(?:\.[a-z_]+)+)`")
PATH = re.compile(
    r"`(?:python |\.venv/bin/python )?((?:\.ci|docs|examples|loveletter|tests|tools)/[^`\s]*)`"
)


def test_the_readme_names_only_modules_and_paths_that_exist() -> None:
    """Every module and every path of the checkout the README names is there (after the
    package's reorganisation, ``loveletter.play`` is ``loveletter.apps.play``)."""
    page = text()
    for module in MODULE.findall(page):
        where = ROOT.joinpath(*module.split("."))
        assert where.with_suffix(".py").is_file() or (where / "__init__.py").is_file(), module
    paths = PATH.findall(page)
    assert "tools/engine_fingerprint.py" in paths
    for path in paths:
        if path.startswith("docs/_build"):
            continue  # what the docs command writes
        assert (ROOT / path.rstrip("/")).exists(), path


def docs_commands() -> tuple[list[str], list[str]]:
    """The README's two docs builds, as words: the English site, then the French one."""
    block = re.search(r"```sh\n(\.venv/bin/pip install -q '\.\[docs\]'.*?)```", text(), re.S)
    assert block, "the README gives no docs command"
    english, french = block.group(1).strip().splitlines()
    return shlex.split(english.split("&&")[1]), shlex.split(french)


def test_the_french_build_is_the_english_one_in_french_in_its_fr_site() -> None:
    """The French build is the English command with ``-D language=fr``, into the English
    site's ``fr-site/``, as the test suite builds the two (``tests/conftest.py``)."""
    english, french = docs_commands()
    assert english[:4] == [".venv/bin/sphinx-build", "-n", "-W", "docs"]
    assert french == [*english[:3], "-D", "language=fr", "docs", f"{english[4]}/fr-site"]
    conftest = (ROOT / "tests" / "conftest.py").read_text(encoding="utf-8")
    assert 'docs_site / "fr-site"' in conftest
    assert 'sites.build(out, "-D", "language=fr")' in conftest


def test_the_pages_to_open_are_the_ones_the_builds_write(
    docs_site: Path, french_site: Path
) -> None:
    """The README says where to open each site: pages that its builds write."""
    english, french = docs_commands()
    opened = re.findall(r"open(?:ed at)? `([^`]+\.html)`", text())
    assert len(opened) == 2, opened
    home, french_home = (Path(page) for page in opened)
    assert (docs_site / home.relative_to(english[4])).is_file(), home
    assert (french_site / french_home.relative_to(french[-1])).is_file(), french_home
