"""The pages that list subcommands, options, extras or bots say what the code has.

They read the code, not a copy of it: the command line's argparse parser
(:func:`loveletter.apps.cli.parser`), the extras of ``pyproject.toml`` and the bots of
:data:`loveletter.bots.registry.BOTS`. A subcommand, an option, a choice of an option, an extra or
a bot added to the code without its words in the docs fails here, before anyone reads the
page. (What the pages show of the command line's output, its ``--help`` above all, is made
by running the commands as the docs are built: the ``{terminal}`` directive.)
"""

from __future__ import annotations

import argparse
import re
import tomllib

import pytest
from testkit.project import ROOT, WINGS

from loveletter.apps.cli import parser
from loveletter.bots import BOTS

DOCS = ROOT / "docs"
REFERENCE = DOCS / "reference" / "command-line.md"


def subcommands() -> dict[str, argparse.ArgumentParser]:
    """Each subcommand of ``loveletter``, with its parser."""
    top = parser()
    found = [a for a in top._actions if isinstance(a, argparse._SubParsersAction)]
    assert len(found) == 1, found
    return dict(found[0].choices)


def sections(text: str) -> dict[str, str]:
    """The sections of the command-line reference, by subcommand: ``## `loveletter NAME``."""
    found: dict[str, str] = {}
    for part in re.split(r"^## ", text, flags=re.MULTILINE)[1:]:
        named = re.match(r"`loveletter ([a-z-]+)", part)
        if named:
            found[named.group(1)] = part
    return found


def options(command: argparse.ArgumentParser) -> list[argparse.Action]:
    """The options of a subcommand, but ``--help``."""
    return [
        action
        for action in command._actions
        if action.option_strings and not isinstance(action, argparse._HelpAction)
    ]


def named(action: argparse.Action) -> str:
    """The option's name as the docs write it: its first long spelling."""
    return next(name for name in action.option_strings if name.startswith("--"))


def prose(text: str) -> str:
    """``text`` without its fenced blocks (code, transcripts, directives)."""
    return re.sub(r"^(```|:::).*?^\1[ \t]*$", "", text, flags=re.MULTILINE | re.DOTALL)


def test_every_subcommand_has_a_section_of_the_reference() -> None:
    """Each subcommand of the parser has its ``## `loveletter NAME`` section, and no
    section speaks of a subcommand that is gone."""
    documented = sections(REFERENCE.read_text(encoding="utf-8"))
    assert sorted(documented) == sorted(subcommands())


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_option_and_choice_is_in_its_section(name: str) -> None:
    """Each option of the subcommand (``--engine`` when it comes) is written in its section,
    in backticks, and so is each value an option offers a choice of."""
    section = sections(REFERENCE.read_text(encoding="utf-8"))[name]
    for action in options(subcommands()[name]):
        option = named(action)
        assert f"`{option}" in section, f"loveletter {name}: {option} is not in its section"
        for choice in action.choices or ():
            assert re.search(rf"`[^`]*\b{re.escape(str(choice))}\b[^`]*`", section), (
                f"loveletter {name} {option}: the choice {choice!r} is not in its section"
            )


def test_the_simulation_guide_lists_every_option_of_simulate() -> None:
    """The guide's table of `simulate` options has a row for each of them."""
    text = (DOCS / "howto" / "run-a-simulation.md").read_text(encoding="utf-8")
    table = text[text.index("| option | default | what |") :].split("\n\n", 1)[0]
    for action in options(subcommands()["simulate"]):
        assert f"| `{named(action)}" in table, named(action)


def test_no_page_writes_the_command_lines_output_by_hand() -> None:
    """A `--help` or a usage message is run as the page is built ({terminal}), never
    copied into a page, where it would drift."""
    pages = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
    for page in pages:
        if "_build" in page.parts:
            continue
        for block in re.findall(r"^```[a-z]*\n(.*?)^```", page.read_text("utf-8"), re.M | re.S):
            assert "usage: loveletter" not in block, page
            assert not re.search(r"^\$ loveletter[^\n]* --help", block, re.M), page


def test_the_install_page_says_what_each_extra_is_for() -> None:
    """The ``{extras}`` table of the install page has words for each extra of
    pyproject.toml (``batch`` when it comes), and for no other."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = set(project["optional-dependencies"])
    text = (DOCS / "install.md").read_text(encoding="utf-8")
    block = re.search(r"^:::\{extras\}\n(.*?)^:::", text, re.M | re.S)
    assert block, "the install page has no {extras} table"
    described = {line.partition(":")[0].strip() for line in block.group(1).splitlines() if line}
    assert described == extras


def test_pages_that_list_the_bots_that_ship_list_them_all() -> None:
    """A paragraph that speaks of the bots that ship names every bot of BOTS (or shows the
    ``{bots}`` table), and none says how many there are in words that would go stale."""
    numbers = r"(?:two|three|four|five|six|seven|eight|nine|ten|\d+)"
    for page in sorted(DOCS.rglob("*.md")):
        if "_build" in page.parts or page.parts[len(DOCS.parts)] == "fr":
            continue
        raw = page.read_text(encoding="utf-8").replace(":::{bots}\n:::", "BOTS-TABLE")
        text = prose(raw)
        stale = re.search(rf"\b{numbers} bots (?:that )?ship", text, re.IGNORECASE)
        assert not stale, f"{page.name}: {stale.group(0)!r}"
        paragraphs = text.split("\n\n")
        for at, paragraph in enumerate(paragraphs):
            if not re.search(r"\bbots? (?:that )?ships?\b", paragraph):
                continue
            if "BOTS-TABLE" in "".join(paragraphs[at : at + 2]):
                continue  # the table of every bot follows
            shown = set(re.findall(r"`\"?([a-z]+)\"?`", paragraph))
            for listed in re.findall(r"--bots\s+([a-z,]+)", paragraph):
                shown |= set(listed.split(","))
            if shown & set(BOTS):
                assert set(BOTS) <= shown, (page.name, sorted(set(BOTS) - shown), paragraph)


_PATH = re.compile(r"`([\w./-]+(?:\.(?:py|md|toml|js|json|jsonl)|/))`")


def test_the_developers_layout_names_files_that_exist() -> None:
    """Every file and folder DEVELOPERS.md's layout table names exists: a name in a row is
    read from the checkout's root, or from the folder of the row's first path."""
    text = (ROOT / "DEVELOPERS.md").read_text(encoding="utf-8")
    table = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    assert 5 <= len(rows) <= 10, rows
    missing = []
    for row in rows:
        names = _PATH.findall(row)
        first = ROOT / names[0]
        folder = first if names[0].endswith("/") else first.parent
        missing += [
            name for name in names if not ((ROOT / name).exists() or (folder / name).exists())
        ]
    assert missing == []


def test_the_developers_layout_has_a_row_for_each_wing_and_says_what_it_imports() -> None:
    """The layout table lists the core and every wing folder, and what each wing may
    import is what ``tests/core/test_architecture.py`` holds it to."""
    text = (ROOT / "DEVELOPERS.md").read_text(encoding="utf-8")
    table = text.split("## Layout", 1)[1].split("\n## ", 1)[0]
    rows = {
        line.split("`")[1]: line.split("|")[3]
        for line in table.splitlines()
        if line.startswith("| `loveletter/")
    }
    wings = {f"{wing.replace('.', '/')}/" for wing in WINGS}
    assert set(rows) == {"loveletter/", *wings}
    for wing, allowed in WINGS.items():
        said = rows[f"{wing.replace('.', '/')}/"]
        named = {other for other in WINGS if other.rpartition(".")[2] in said}
        if "every wing" in said:
            named = set(WINGS) - {wing}
        assert named == allowed, (wing, said)
