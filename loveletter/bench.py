"""``python -m loveletter bench``: how fast random games run through the public API.

Each game is played by choosing uniformly among :meth:`~loveletter.Game.legal_commands`
and applying the choice with :meth:`~loveletter.Game.apply`, so every command is
validated and its events are built. Figures are printed, never asserted: timing depends
on the machine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

import attrs

from loveletter.editions import edition as edition_named
from loveletter.referee import Game

__all__ = ["Figures", "measure", "run_bench"]

PLAYER_NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Finn")


@attrs.frozen(kw_only=True)
class Figures:
    """What one benchmark run measured."""

    players: int
    games: int
    rounds: int
    commands: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        """Whole games per second."""
        return self.games / self.seconds

    @property
    def rounds_per_second(self) -> float:
        """Rounds per second."""
        return self.rounds / self.seconds

    @property
    def commands_per_second(self) -> float:
        """Applied commands per second (draws, plays, choices, deals)."""
        return self.commands / self.seconds


def play_random_game(game: Game, rng: random.Random) -> int:
    """Play ``game`` to its end with uniformly random legal commands; return the count."""
    commands = 0
    choice = rng.choice
    while not game.state.game_over:
        game.apply(choice(game.legal_commands()))
        commands += 1
    return commands


def measure(*, players: int, games: int, seed: int = 1, edition: str = "2019") -> Figures:
    """Play ``games`` random games of ``players`` players and time them."""
    names = PLAYER_NAMES[:players]
    ed = edition_named(edition)
    rng = random.Random(seed)
    rounds = commands = 0
    start = time.perf_counter()
    for _ in range(games):
        game = Game.new(names, edition=ed, seed=rng.getrandbits(63))
        commands += play_random_game(game, rng)
        rounds += game.state.round_number
    seconds = time.perf_counter() - start
    return Figures(players=players, games=games, rounds=rounds, commands=commands, seconds=seconds)


def run_bench(
    *,
    games: int = 1000,
    players: Sequence[int] | None = None,
    seed: int = 1,
    edition: str = "2019",
    write: Callable[[str], None] = print,
) -> list[Figures]:
    """Measure each player count and print a table of figures."""
    counts = list(players or (2, 4, 6))
    write(
        f"random play through Game.apply(choice(legal_commands())), edition {edition}, seed {seed}"
    )
    write(f"{'players':>7} {'games':>7} {'games/s':>9} {'rounds/s':>9} {'commands/s':>11}")
    results = []
    for count in counts:
        figures = measure(players=count, games=games, seed=seed, edition=edition)
        results.append(figures)
        write(
            f"{count:>7} {games:>7} {figures.games_per_second:>9,.0f} "
            f"{figures.rounds_per_second:>9,.0f} {figures.commands_per_second:>11,.0f}"
        )
    return results
