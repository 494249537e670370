"""Regenerate the sample files of examples/ from seeded games.

``python tools/make_examples.py`` rewrites ``examples/sample-game.json`` (a whole logged
game, for ``loveletter replay``) and ``examples/moves.jsonl`` (another app's moves with
three bad ones mixed in, for ``examples/validate_moves.py``). Run it after a change to
how seeded games are dealt.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from loveletter import Game
from loveletter.serialization import command_to_data, setup_to_data, to_json

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def sample_game() -> str:
    """A three-player game played at random to its end, as a log."""
    game = Game.new(["Anna", "Ben", "Carla"], seed=2026, first="Anna")
    rng = random.Random(7)
    while not game.over:
        game.apply(rng.choice(game.legal_commands()))
    return to_json(game) + "\n"


def moves() -> str:
    """Eight legal moves, with a move out of turn, a made-up card and broken JSON."""
    game = Game.new(["Anna", "Ben", "Carla"], seed=12, first="Anna")
    rng = random.Random(3)
    lines = [json.dumps({"format": 1, "setup": setup_to_data(game.setup)})]  # type: ignore[arg-type]
    for step in range(8):
        state = game.state
        player = state.player_to_act
        if step == 2:
            other = next(p for p in state.players if p != player)
            bad = {"player": other, "card": "Guard", "target": player, "guess": "Princess"}
            lines.append(json.dumps({"play": bad}))
        if step == 4:
            lines.append(json.dumps({"play": {"player": player, "card": "Jester"}}))
        if step == 5:
            lines.append('{"play": {"player": "Anna"')
        command = rng.choice(game.legal_commands())
        lines.append(json.dumps(command_to_data(command)))
        game.apply(command)
    return "\n".join(lines) + "\n"


def main() -> None:
    (EXAMPLES / "sample-game.json").write_text(sample_game(), encoding="utf-8")
    (EXAMPLES / "moves.jsonl").write_text(moves(), encoding="utf-8")


if __name__ == "__main__":
    main()
