"""The leaderboard: every shipped bot against every other, written into the docs.

    python tools/leaderboard.py --write docs/reference/learned-bot.md

plays, through the referee (:func:`loveletter.games.simulate.simulate`, seats rotated,
seeded), the shipped bots (``random``, ``heuristic``, ``ismcts`` at two budgets,
``learned``) against one another in three forms: each pair in 2-player whole games and
in 2-player single rounds (a game to one token), and at 4 players the five games of four
of them (each leaves one bot out; a fair share is 25%). Each cell is the row bot's win
rate with its 95% Wilson interval and the games played. The games depend on how slow the
bots are (``--games``, ``--search-games``, ``--deep-games``: with the search bot at either
budget, fewer; single rounds, twice as many). Each bot's decision time is its mean CPU time
per decision over ``--timing-games`` 2-player games against the heuristic
(``tools/decision_time.py``'s measure), with the machine's load average.

``--write PAGE`` replaces what lies between the page's ``<!-- leaderboard -->`` and
``<!-- /leaderboard -->`` markers with the tables (:func:`render`); :func:`parse` reads
them back (a test checks that the page's tables are in this format).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from decision_time import decision_times

from loveletter.games.simulate import simulate, wilson

BOTS = ("random", "heuristic", "ismcts:iterations=10", "ismcts", "learned")
"""The shipped bots, the search bot at a small budget and at its default (40 deals)."""

FORMS = (("2-player games", 2, None), ("2-player single rounds", 2, 1), ("4-player games", 4, None))
"""Each table: its title, the players, and the token target (None: the edition's)."""

START, END = "<!-- leaderboard -->", "<!-- /leaderboard -->"

_CELL = re.compile(r"^(\d+\.\d)% \((\d+\.\d)-(\d+\.\d)\), (\d+)$")


def cell(wins: int, games: int) -> str:
    """A win rate as the table shows it: percent, 95% interval, games."""
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * low:.1f}-{100 * high:.1f}), {games}"


def play(
    lineup: Sequence[str], players: int, target: int | None, games: int, seed: int
) -> dict[str, str]:
    """Each bot's cell in games of ``lineup`` (seats rotated)."""
    summary = simulate(games=games, players=players, bots=lineup, seed=seed, target=target)
    return {bot: cell(summary.bot(bot).wins, summary.bot(bot).games) for bot in lineup}


def games_for(pair: Sequence[str], counts: dict[str, int]) -> int:
    """How many games a pair plays: fewer where the search bot is in it."""
    if "ismcts" in pair:
        return counts["deep"]
    if any(bot.startswith("ismcts") for bot in pair):
        return counts["search"]
    return counts["fast"]


def measure(counts: dict[str, int], seed: int) -> dict[str, dict[tuple[str, str], str]]:
    """Every table's cells, by (row, column)."""
    tables: dict[str, dict[tuple[str, str], str]] = {}
    for title, players, target in FORMS:
        cells: dict[tuple[str, str], str] = {}
        scale = 2 if target == 1 else 1  # single rounds are short: twice the games
        if players == 2:
            for row, column in combinations(BOTS, 2):
                games = max(games_for((row, column), counts) * scale, 4)
                played = play([row, column], players, target, games, seed)
                cells.update(
                    ((bot, other), played[bot]) for bot, other in ((row, column), (column, row))
                )
                print(f"{title}: {row} v {column}: {played}", flush=True)
        else:  # each game of four: the five bots less the column's
            for left in BOTS:
                lineup = [bot for bot in BOTS if bot != left]
                played = play(lineup, players, target, max(games_for(lineup, counts), 4), seed)
                cells.update(((bot, left), shown) for bot, shown in played.items())
                print(f"{title}: without {left}: {played}", flush=True)
        tables[title] = cells
    return tables


def render(
    tables: dict[str, dict[tuple[str, str], str]], times: dict[str, float], load: str
) -> str:
    """The tables in the page's format: one Markdown table per form, then the times."""
    out = []
    for title, players, _ in FORMS:
        cells = tables[title]
        against = (
            "in the game of the four bots other than the column"
            if players == 4
            else ("against the column")
        )
        out.append(f"**{title}**: the row's win rate {against}, 95% interval, games")
        out.append("")
        out.append("| bot | " + " | ".join(BOTS) + " |")
        out.append("|---" * (len(BOTS) + 1) + "|")
        for row in BOTS:
            shown = []
            for column in BOTS:
                if row == column:
                    shown.append("-")
                else:
                    shown.append(cells[row, column])
            out.append(f"| {row} | " + " | ".join(shown) + " |")
        out.append("")
    out.append(f"**Decision time**: mean CPU ms a decision, 2 players ({load})")
    out.append("")
    out.append("| bot | ms |")
    out.append("|---|---|")
    out.extend(f"| {bot} | {times[bot]:.3f} |" for bot in BOTS)
    return "\n".join(out)


def parse(text: str) -> tuple[dict[str, dict[tuple[str, str], str]], dict[str, float], str]:
    """The tables :func:`render` wrote, read back: the cells, the times and the load.

    ``ValueError`` if they are not in its format.
    """
    tables: dict[str, dict[tuple[str, str], str]] = {}
    times: dict[str, float] = {}
    load = ""
    titles = [title for title, _, _ in FORMS]
    title = ""
    for block in (block for block in text.strip().split("\n\n") if block.strip()):
        lines = block.strip().splitlines()
        heading = re.match(r"^\*\*(.+?)\*\*", lines[0])
        if heading is not None:  # a title, before its table
            title = heading.group(1)
            found = re.search(r"\((.*)\)$", lines[0])
            load = found.group(1) if title == "Decision time" and found else load
            continue
        rows = [[c.strip() for c in line.strip().strip("|").split("|")] for line in lines]
        if not title or len(rows) < 2 or rows[1][0] != "---":
            raise ValueError(f"not a table under a title: {lines[0]!r}")
        if title == "Decision time":
            times = {bot: float(ms) for bot, ms in rows[2:]}
        elif title in titles and rows[0] == ["bot", *BOTS]:
            tables[title] = _cells(rows[2:])
        else:
            raise ValueError(f"an unknown table {title!r} or columns {rows[0]}")
    if set(tables) != set(titles) or set(times) != set(BOTS):
        raise ValueError(f"the page has tables {sorted(tables)} and times for {sorted(times)}")
    return tables, times, load


def _cells(rows: list[list[str]]) -> dict[tuple[str, str], str]:
    """A table's cells by (row, column), each checked."""
    cells = {}
    for row in rows:
        for column, shown in zip(BOTS, row[1:], strict=True):
            if column == row[0]:
                if shown != "-":
                    raise ValueError(f"{row[0]} against itself: {shown!r}")
            elif _CELL.match(shown) is None:
                raise ValueError(f"not a cell: {shown!r}")
            else:
                cells[row[0], column] = shown
    return cells


def write(page: Path, text: str) -> None:
    """Put ``text`` between the page's markers."""
    content = page.read_text(encoding="utf-8")
    before, start, rest = content.partition(START)
    _, end, after = rest.partition(END)
    if not start or not end:
        raise SystemExit(f"{page} has no {START} ... {END} markers")
    page.write_text(f"{before}{START}\n{text}\n{END}{after}", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="games of a pair of fast bots")
    parser.add_argument("--search-games", type=int, default=100, help="with ismcts:iterations=10")
    parser.add_argument("--deep-games", type=int, default=40, help="with ismcts (40 deals)")
    parser.add_argument("--timing-games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--write", type=Path, help="the page to write the tables into")
    args = parser.parse_args(argv)
    counts = {"fast": args.games, "search": args.search_games, "deep": args.deep_games}
    before = os.getloadavg()
    times = {
        bot: 1000 * sum(t := decision_times(bot, 2, args.timing_games, args.seed)) / len(t)
        for bot in BOTS
    }
    tables = measure(counts, args.seed)
    after = os.getloadavg()
    load = f"load average {before[0]:.1f} before, {after[0]:.1f} after, on 2 cores"
    text = render(tables, times, load)
    print(text)
    if args.write:
        write(args.write, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
