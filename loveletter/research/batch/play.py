"""Random play in bulk: whole games of uniformly random legal actions, and their summary.

:meth:`Batch.play_random <loveletter.research.batch.Batch.play_random>` keeps up to ``tables``
games going at once in one :class:`~loveletter.research.batch.Batch`: a table
whose game ends starts the next game still to play, and once no game is left to start,
the tables whose games are over are dropped, so that every step works on games in
progress. Its :class:`BatchSummary` is :func:`loveletter.games.simulate.simulate`'s
:class:`~loveletter.games.simulate.Summary` for the bot ``"random"`` in every seat (wins per
seat with their 95% intervals, rounds, tokens by how they were won), with the cards
played (``turns``).
"""

from __future__ import annotations

from typing import Any

import attrs

from loveletter.games.simulate import Summary, wilson

__all__ = ["TABLES", "BatchSummary"]

TABLES = 50_000
"""The most games :meth:`Batch.play_random <loveletter.research.batch.Batch.play_random>` keeps
going at once, by default."""


@attrs.frozen(kw_only=True)
class BatchSummary(Summary):
    """A :class:`~loveletter.games.simulate.Summary` of random games, with the cards played.

    Its one bot row is ``"random"``, every seat of every game; ``seat_wins`` gives each
    seat's wins (the rows of :meth:`table` under it).
    """

    turns: int
    """The cards played in all the games (a Chancellor's choice is not a card played)."""
    engine: str = "batch"

    @property
    def turns_per_game(self) -> float:
        """The average number of cards played in a game."""
        return self.turns / self.games if self.games else 0.0

    def to_data(self) -> dict[str, Any]:
        """The summary as JSON-shaped data, with the turns.

        :meth:`loveletter.games.simulate.Summary.to_data`, and ``turns``, ``turns_per_game`` and
        ``engine``.
        """
        return {
            **super().to_data(),
            "engine": self.engine,
            "turns": self.turns,
            "turns_per_game": round(self.turns_per_game, 3),
        }

    def table(self) -> str:
        """The summary as a table for people: the bot's row, each seat's, and the turns."""
        lines = super().table().split("\n")
        row = self.bots[0]
        seats = []
        for seat, (games, wins) in enumerate(zip(row.seat_games, row.seat_wins, strict=True)):
            low, high = wilson(wins, games)
            rate = wins / games if games else 0.0
            seats.append(
                f"{'  seat ' + str(seat):<12} {games:>7} {wins:>7} {rate:>8.1%}  "
                f"{low:.1%} to {high:.1%}"
            )
        lines[3:3] = seats
        lines.append(
            f"turns played: {self.turns} cards, {self.turns_per_game:.2f} per game (batch engine)"
        )
        return "\n".join(lines)
