"""Tournaments: every pairing of a list of bots, with each bot's win rate against each other.

A pairing of two bots plays ``games`` games, the seats turning between games as in
:func:`~loveletter.games.simulate.simulate`, so each bot plays as many games in each seat order.
At a table of more than two players, the two bots alternate round the table (``a, b, a``
for three), the first of the pair seated first in the first half of the games and the
second in the other half, so that neither holds the extra seat of an odd table more
often. Every pairing plays the same deals (game ``k`` has the same seed in each), which
makes the pairings easier to compare.

>>> result = tournament(bots=("heuristic", "random"), games=20, seed=3)
>>> [(row.bot, row.games, row.wins) for row in result.pairings[0].bots]
[('heuristic', 20, 19), ('random', 20, 1)]
>>> print(result.table())
20 games per pairing, 2 players, edition 2019, seed 3, seats rotated
win rate of each row's bot against each column's, with its 95% interval
bot        heuristic          random              overall
heuristic  -                  95.0% (76.4-99.1%)  95.0% (76.4-99.1%)
random      5.0% (0.9-23.6%)  -                    5.0% (0.9-23.6%)
"""

from __future__ import annotations

import concurrent.futures
import itertools
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from loveletter.games.simulate import (
    BotResult,
    GameResult,
    Summary,
    _Batch,
    _batches,
    _checked,
    _run_batches,
    _summarise,
)

__all__ = ["Tournament", "pairing_count", "tournament"]


@attrs.frozen(kw_only=True)
class Tournament:
    """What a tournament showed: a summary per pairing, and one of all its games."""

    games: int
    """Games per pairing."""
    players: int
    edition: str
    seed: int
    bots: tuple[str, ...]
    pairings: tuple[Summary, ...]
    """One summary per pairing, in the order of ``itertools.combinations`` of ``bots``."""
    overall: Summary
    """Every game of the tournament, bot by bot."""

    def against(self, bot: str, other: str) -> BotResult:
        """How ``bot`` did in its pairing with ``other``."""
        for summary in self.pairings:
            names = [row.bot for row in summary.bots]
            if sorted(names) == sorted((bot, other)):
                return summary.bot(bot)
        raise KeyError((bot, other))

    def to_data(self) -> dict[str, Any]:
        """The tournament as JSON-shaped data."""
        return {
            "games_per_pairing": self.games,
            "players": self.players,
            "edition": self.edition,
            "seed": self.seed,
            "seats": "rotated",
            "bots": list(self.bots),
            "pairings": [
                {
                    "bots": [row.bot for row in summary.bots],
                    "games": summary.games,
                    "results": [row.to_data() for row in summary.bots],
                    "rounds_per_game": round(summary.rounds_per_game, 3),
                }
                for summary in self.pairings
            ],
            "overall": [row.to_data() for row in self.overall.bots],
        }

    def table(self) -> str:
        """A cross table for people: each row's bot's win rate against each column's."""
        columns = [*self.bots, "overall"]
        cells = {
            bot: ["-" if bot == other else _cell(self.against(bot, other)) for other in self.bots]
            + [_cell(self.overall.bot(bot))]
            for bot in self.bots
        }
        first = max(len("bot"), *(len(bot) for bot in self.bots))
        widths = [
            max(len(column), *(len(cells[bot][index]) for bot in self.bots))
            for index, column in enumerate(columns)
        ]
        lines = [
            f"{self.games} games per pairing, {self.players} players, edition {self.edition}, "
            f"seed {self.seed}, seats rotated",
            "win rate of each row's bot against each column's, with its 95% interval",
            "  ".join(
                [f"{'bot':<{first}}"]
                + [f"{column:<{width}}" for column, width in zip(columns, widths, strict=True)]
            ).rstrip(),
        ]
        for bot in self.bots:
            lines.append(
                "  ".join(
                    [f"{bot:<{first}}"]
                    + [f"{cell:<{width}}" for cell, width in zip(cells[bot], widths, strict=True)]
                ).rstrip()
            )
        return "\n".join(lines)


def _cell(row: BotResult) -> str:
    low, high = row.interval
    return f"{row.win_rate:5.1%} ({low * 100:.1f}-{high:.1%})"


def _lineups(
    first: str, second: str, players: int, games: int
) -> list[tuple[range, tuple[str, str]]]:
    """The games of a pairing and the lineup each plays (both orders at an odd table)."""
    if players % 2 == 0:
        return [(range(games), (first, second))]
    half = (games + 1) // 2
    return [(range(half), (first, second)), (range(half, games), (second, first))]


def pairing_count(bots: Sequence[str]) -> int:
    """The number of pairings of ``bots``; :class:`ValueError` unless two or more, all different.

    >>> pairing_count(["ismcts", "heuristic", "random"])
    3
    """
    names = tuple(bots)
    if len(names) < 2:
        raise ValueError("a tournament needs at least two bots")
    if len(set(names)) < len(names):
        twice = sorted({name for name in names if names.count(name) > 1})
        raise ValueError(f"a bot is listed twice: {', '.join(twice)}")
    return len(names) * (len(names) - 1) // 2


def tournament(
    *,
    bots: Sequence[str],
    players: int = 2,
    games: int = 200,
    edition: str = "2019",
    seed: int = 1,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    target: int | str | None = None,
    executor: concurrent.futures.Executor | None = None,
) -> Tournament:
    """Play ``games`` games for every pairing of two of ``bots`` (see the module).

    ``bots`` names at least two different bots. The other settings are those of
    :func:`~loveletter.games.simulate.simulate`: ``jobs`` processes or an ``executor`` run the
    games of every pairing together, with the same results as in one process, and
    ``progress(done, total)`` counts the games of the whole tournament.
    """
    names = tuple(bots)
    pairing_count(names)
    ed = _checked(
        games=games,
        jobs=jobs,
        players=players,
        bots=names,
        edition=edition,
        target=target,
        executor=executor,
    )
    plan: list[tuple[tuple[str, str], list[_Batch]]] = []
    for pair in itertools.combinations(names, 2):
        work: list[_Batch] = []
        for numbers, lineup in _lineups(*pair, players, games):
            work += _batches(
                numbers=numbers,
                seed=seed,
                players=players,
                bots=lineup,
                edition=ed.name,
                target=target,
                workers=jobs,
            )
        plan.append((pair, work))
    results = _run_batches(
        [batch for _, work in plan for batch in work],
        jobs=jobs,
        executor=executor,
        progress=progress,
    )
    pairings: list[Summary] = []
    everything: list[GameResult] = []
    for pair, work in plan:
        count = sum(len(batch.numbers) for batch in work)
        mine, results = results[:count], results[count:]
        everything += mine
        pairings.append(_summarise(mine, players=players, edition=ed.name, seed=seed, order=pair))
    return Tournament(
        games=games,
        players=players,
        edition=ed.name,
        seed=seed,
        bots=names,
        pairings=tuple(pairings),
        overall=_summarise(everything, players=players, edition=ed.name, seed=seed, order=names),
    )
