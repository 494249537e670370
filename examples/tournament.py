"""A bot tournament: every pair of bots plays two-player games, in both editions.

It also shows how to write a bot: subclass :class:`loveletter.bots.base.Bot`, choose among
``view.legal`` (the view is all a bot ever sees), and register it by name.

Run it: ``python examples/tournament.py [GAMES]`` (200 games per pairing by default).
"""

from __future__ import annotations

import itertools
import sys

from loveletter import Card, Command, Play
from loveletter.bots import Bot, register_bot
from loveletter.games.simulate import simulate
from loveletter.views import View


class CautiousBot(Bot):
    """Hides behind the Handmaid when it can, never plays the Princess, else plays at random."""

    name = "cautious"

    def choose(self, view: View) -> Command:
        plays = [c for c in view.legal if isinstance(c, Play)]
        handmaid = [c for c in plays if c.card is Card.HANDMAID]
        if handmaid:
            return handmaid[0]
        safe = [c for c in view.legal if not (isinstance(c, Play) and c.card is Card.PRINCESS)]
        return self.rng.choice(safe or list(view.legal))


register_bot(CautiousBot)


def main(games: int = 200) -> None:
    names = ["heuristic", "cautious", "random"]
    print(f"{games} two-player games per pairing and edition; win rate of the first bot")
    print(f"{'pairing':<24} {'2019':>16} {'classic':>16}")
    for first, second in itertools.combinations(names, 2):
        cells = []
        for edition in ("2019", "classic"):
            summary = simulate(
                games=games, players=2, bots=(first, second), edition=edition, seed=11
            )
            row = summary.bots[0]
            low, high = row.interval
            cells.append(f"{row.win_rate:6.1%} ({low:.0%}-{high:.0%})")
        print(f"{first + ' v ' + second:<24} {cells[0]:>16} {cells[1]:>16}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
