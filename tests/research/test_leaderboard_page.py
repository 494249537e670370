"""The leaderboard page holds the tables tools/leaderboard.py writes, in its format.

The test reads the tables between the page's markers with the tool's own parser and
writes them back with its renderer: the same text. Their figures are the tool's run, not
checked here; their shape is: every shipped bot in every table, each cell a win rate with
its interval and game count.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from types import ModuleType

import pytest
from testkit.project import ROOT

PAGE = ROOT / "docs" / "reference" / "learned-bot.md"


def tool() -> ModuleType:
    """tools/leaderboard.py, imported from its file."""
    path = ROOT / "tools" / "leaderboard.py"
    spec = importlib.util.spec_from_file_location("leaderboard", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("leaderboard", module)
    spec.loader.exec_module(module)
    return module


def test_the_pages_tables_are_the_tools_output() -> None:
    """Parsed and rendered again, the page's tables are the same text."""
    leaderboard = tool()
    page = PAGE.read_text(encoding="utf-8")
    _, rest = page.split(leaderboard.START, 1)
    text, _ = rest.split(leaderboard.END, 1)
    tables, times, load = leaderboard.parse(text)
    assert leaderboard.render(tables, times, load) == text.strip()
    bots = set(leaderboard.BOTS)
    assert {"random", "heuristic", "ismcts", "learned"} <= bots
    for cells in tables.values():
        assert {bot for pair in cells for bot in pair} == bots


def test_the_parser_refuses_what_the_tool_does_not_write() -> None:
    """A cell without its interval, or a table short of a bot, is not the tool's format."""
    leaderboard = tool()
    page = PAGE.read_text(encoding="utf-8")
    text = page.split(leaderboard.START, 1)[1].split(leaderboard.END, 1)[0]
    broken = re.sub(r"\(\d+\.\d-\d+\.\d\), ", "", text, count=1)
    with pytest.raises(ValueError, match="cell"):
        leaderboard.parse(broken)
    with pytest.raises(ValueError, match="tables"):
        leaderboard.parse(text.split("**2-player single rounds**")[0])
