"""Trust at the edges (issue 11), rerunnable: ``python tools/edge_checks.py``.

Every setting ``Game.new`` refuses says why (and what it accepts reads back), and stored
states that no game can reach are refused when they are loaded, at once.
"""

from __future__ import annotations

import json
import time
from typing import Any

from loveletter import Card, Game, LoveLetterError, Play, from_json, to_json
from loveletter.serialization import state_from_json

SETTINGS: list[tuple[str, Any]] = [
    ("seed", -5),
    ("seed", 10**40),
    ("seed", 2**128 - 1),
    ("seed", 2**128),
    ("seed", "abc"),
    ("seed", 1.5),
    ("seed", True),
    ("seed", b"x"),
    ("seed", [1]),
    ("auto_draw", "no"),
]


def settings() -> None:
    """Refused at setup, or read back."""
    for field, value in SETTINGS:
        shown = f"{field}={value!r:.24}"
        try:
            game = Game.new(["Anna", "Ben"], **{field: value})
        except LoveLetterError as error:
            print(f"{shown}: {type(error).__name__}: {str(error)[:90]}")
            continue
        same = state_from_json(to_json(game.state)) == game.state
        from_json(to_json(game))
        print(f"{shown}: accepted; the state round-trips: {same}; the log reads back")


def load(label: str, document: dict[str, Any]) -> None:
    """Read a tampered state, and say how long the refusal took."""
    start = time.process_time()
    try:
        state_from_json(json.dumps(document))
    except LoveLetterError as error:
        took = time.process_time() - start
        print(f"{label}: {type(error).__name__}: {str(error)[:110]} ({took:.3f} s)")
    else:
        print(f"{label}: ACCEPTED")


def states() -> None:
    """States no game can reach."""
    game = Game.arranged({"Anna": "Prince", "Ben": "Guard"}, pile=["Baron"])
    document = json.loads(to_json(game.state))
    state = document["state"]
    state["discards"]["Ben"] = [*state["draw_pile"], state["set_aside"]]
    state["draw_pile"], state["set_aside"] = [], None
    load("empty pile, set-aside card gone", document)
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"])
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    ended = json.loads(to_json(game.state))
    ended["state"]["outcome"]["winners"] = []
    load("a round over with no winner", ended)
    far = json.loads(to_json(game.state))
    far["state"]["round_number"] = 10**9
    load("round 10**9 with one token", far)


if __name__ == "__main__":
    settings()
    states()
