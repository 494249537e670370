"""Golden playthroughs: whole games of every edition, compared line by line with the files
of ``tests/golden/`` (see ``playthroughs.py``), so that a change of behaviour is a diff."""

from __future__ import annotations

import pytest
from testkit.game_strategies import edition_names
from testkit.playthroughs import GOLDEN, PLAYTHROUGHS, file_name, playthrough


def test_every_edition_has_playthroughs() -> None:
    """A handful of games per registered edition, and no stale file."""
    assert {name for name, *_ in PLAYTHROUGHS} == set(edition_names())
    expected = {file_name(name, players, seed) for name, players, seed, _ in PLAYTHROUGHS}
    assert {path.name for path in GOLDEN.glob("*.txt")} == expected


@pytest.mark.parametrize(
    ("name", "players", "seed", "target"),
    PLAYTHROUGHS,
    ids=[file_name(name, players, seed) for name, players, seed, _ in PLAYTHROUGHS],
)
def test_a_game_plays_as_written(name: str, players: int, seed: int, target: int | None) -> None:
    """The game played again gives the file's commands, events and views, line for line."""
    written = (GOLDEN / file_name(name, players, seed)).read_text(encoding="utf-8")
    played = playthrough(name, players, seed, target)
    if played != written:
        old, new = written.splitlines(), played.splitlines()
        first = next(
            (i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b),
            min(len(old), len(new)),
        )
        shown = [f"line {first + 1}:"]
        shown += [f"- {line[:300]}" for line in old[first : first + 3]]
        shown += [f"+ {line[:300]}" for line in new[first : first + 3]]
        pytest.fail(
            "the game no longer plays as written "
            "(python tests/testkit/playthroughs.py rewrites it):\n" + "\n".join(shown)
        )
