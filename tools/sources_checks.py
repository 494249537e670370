"""The sources as written (issue 10), rerunnable: ``python tools/sources_checks.py``.

Prints the Spy's label, a Guard naming it, the classic targets by player count and the
printed rulebook's, labels refused at a classic table, and a tie followed by the
referee's only deal and a refused ``Deal(first=...)``.
"""

from __future__ import annotations

import random

from loveletter import Card, Deal, Game, Play
from loveletter.cards import card_named

PLAYERS = ["Anna", "Ben", "Carla", "Dan"]


def main() -> None:
    """Print each check."""
    print(f"card_named('★') -> {card_named('★')!r}; card_named('Joker') -> {card_named('Joker')!r}")
    print("Card.SPY.labels ->", Card.SPY.labels)
    game = Game.arranged({"Anna": "Guard", "Ben": "Spy"}, pile=["Priest", "Baron"])
    events = game.apply(Play(player="Anna", card="Guard", target="Ben", guess="★"))
    names = [type(event).__name__ for event in events]
    print(f"a Guard naming '★': {names}; Ben out: {game.state.is_out('Ben')}")
    for target in (None, "printed"):
        for count in (2, 3, 4):
            table = Game.new(PLAYERS[:count], edition="classic", seed=1, target=target)
            print(f"classic, {count} players, target={target!r}: {table.state.table.target}")
    classic = Game.new(["Anna", "Ben"], edition="classic", seed=1, first="Anna")
    for command in (
        Play(player="Anna", card="8♥"),
        Play(player="Anna", card="Guard", target="Ben", guess="J♠"),
    ):
        refusal = classic.check(command)
        assert refusal is not None
        print(f"classic table, {command.labels_given}: {refusal.reason.name} {refusal.ruling}")
    tie()


def tie() -> None:
    """A seeded three-player round that ends in a tie, and the next deal."""
    for seed in range(2000):
        rng = random.Random(seed)
        game = Game.new(PLAYERS[:3], seed=seed)
        while not game.state.round_over:
            game.apply(rng.choice(game.legal_commands()))
        winners = game.state.round_winners
        if len(winners) > 1 and not game.over:
            print(f"seed {seed}: round 1 won by {winners} (a tie)")
            print("  legal_commands():", game.legal_commands())
            refusal = game.check(Deal(first=winners[0]))
            assert refusal is not None
            print(f"  Deal(first={winners[0]!r}): {refusal.reason.name} {refusal.ruling}")
            print(f"  {refusal.message}")
            game.apply(Deal())
            print(f"  after Deal(): round {game.state.round_number}, {game.state.player_to_act}")
            return


if __name__ == "__main__":
    main()
