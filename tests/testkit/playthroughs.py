"""Golden playthroughs, as OpenSpiel keeps them: whole games written out as text.

Each file of ``tests/golden/`` is one game: its setup, then every command, the events it
brought (as the referee saw them) and the view of every player whose view changed, all
as JSON; a view is written in a compact form of its JSON (``key=value``, leaving out
what is empty, false or zero), with its legal commands counted: the player to act chose
one of them. The players are seeded bots, so the games are the same on every machine;
a change of the referee's behaviour (or of a bot's) shows as a diff of these files.

Regenerate them, after a change meant to alter behaviour, with::

    python tests/testkit/playthroughs.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import attrs

HERE = Path(__file__).resolve().parents[1]
GOLDEN = HERE / "golden"

if __name__ == "__main__":  # run as a script: the package and the test edition
    sys.path[:0] = [str(HERE.parent), str(HERE)]

from loveletter import Game, edition, redact, to_json, view_for  # noqa: E402
from loveletter.bots import make_bot  # noqa: E402
from loveletter.serialization import to_data  # noqa: E402
from loveletter.setup import seat_names  # noqa: E402
from testkit import court_edition as court  # noqa: E402, F401  (the test edition has playthroughs too)

PLAYTHROUGHS = (
    ("2019", 2, 1, None),
    ("2019", 4, 2, None),
    ("2019", 6, 3, 2),
    ("classic", 2, 4, None),
    ("classic", 4, 5, None),
    ("court", 3, 6, 3),
    ("court", 8, 7, 2),
)
"""(edition, players, seed, token target or None for the edition's) of each playthrough:
a handful per edition; the largest tables play to a lower target, to keep files short."""


def file_name(name: str, players: int, seed: int) -> str:
    return f"{name}-{players}p-seed{seed}.txt"


def compact(data: object) -> str:
    """JSON data in short: ``key=value`` pairs, lists in brackets; empty, false and zero
    values left out."""
    if isinstance(data, dict):
        return (
            "{"
            + " ".join(
                f"{key}={compact(value)}"
                for key, value in data.items()
                if value not in (None, False, [], {})
            )
            + "}"
        )
    if isinstance(data, list):
        return "[" + " ".join(compact(item) for item in data) + "]"
    return str(data)


def playthrough(name: str, players: int, seed: int, target: int | None = None) -> str:
    """The text of one whole game: seats alternate between the heuristic and random bots."""
    names = seat_names(players)
    game = Game.new(names, edition=name, seed=seed, target=target)
    bots = {
        player: make_bot(("heuristic", "random")[seat % 2], seed=seed * 10 + seat)
        for seat, player in enumerate(names)
    }
    for player, bot in bots.items():
        bot.player = player
    lines = [
        f"# {edition(name).title}: {', '.join(names)}; seed {seed}; "
        f"target {game.state.table.target}",
        "# seats alternate: heuristic, random; "
        "regenerate with python tests/testkit/playthroughs.py",
        f"setup {to_json(game)}",
    ]
    seen: dict[str, str] = {}

    def views() -> None:
        for player in names:
            view = view_for(game.state, player)
            data = to_data(attrs.evolve(view, legal=()))["view"]
            text = f"{compact(data)} legal={len(view.legal)}"
            if seen.get(player) != text:
                seen[player] = text
                lines.append(f"view {player} {text}")

    for event in game.events:
        lines.append(f"event {to_json(event)}")
        for player, bot in bots.items():
            bot.observe(redact(event, player))
    views()
    while not game.over:
        actor = game.state.player_to_act
        if actor is None:
            command = game.legal_commands()[0]  # the referee deals the next round
        else:
            command = bots[actor].choose(view_for(game.state, actor))
        lines.append(f"command {to_json(command)}")
        for event in game.apply(command):
            lines.append(f"event {to_json(event)}")
            for player, bot in bots.items():
                bot.observe(redact(event, player))
        views()
    lines.append(f"winners {', '.join(game.state.game_winners)}")
    return "\n".join(lines) + "\n"


def write_all() -> None:
    """Write every playthrough into ``tests/golden/``."""
    GOLDEN.mkdir(exist_ok=True)
    for name, players, seed, target in PLAYTHROUGHS:
        path = GOLDEN / file_name(name, players, seed)
        path.write_text(playthrough(name, players, seed, target), encoding="utf-8")
        print(f"wrote {path.relative_to(HERE.parent)}")


if __name__ == "__main__":
    write_all()

__all__ = ["PLAYTHROUGHS", "file_name", "playthrough", "write_all"]
