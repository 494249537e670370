"""A fingerprint of what the referee does: run it before and after a change to the rules.

``python tools/engine_fingerprint.py [--games 1500]`` plays seeded random games of both
editions at every player count (some with the house remedy, some with manual draws) and
prints one SHA-256 over everything they show: each legal list, each command's events, each
state as JSON, and now and then a player's view and redacted events. The same code prints
the same fingerprint; a change that is meant to leave the referee's behaviour alone (a
faster engine) must leave it too. Along the way it checks that the fast path
(``check=False, record=False``) reaches the same states, whether they are read at every
step or now and then, and exits 1 at the first difference.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys

from loveletter import Game
from loveletter.serialization import to_json
from loveletter.setup import seat_names
from loveletter.views import redact, view_for


def fingerprint(games: int) -> str:
    """The SHA-256 of ``games`` seeded random games (see the module's text)."""
    digest = hashlib.sha256()
    rng = random.Random(12345)
    looks = random.Random(5)  # when to read the seldom-read copy: apart from the games
    for number in range(games):
        edition = "2019" if number % 3 else "classic"
        players = rng.randint(2, 6 if edition == "2019" else 4)
        options = {"remedy": number % 7 == 0, "auto_draw": number % 11 != 0}
        game = Game.new(seat_names(players), edition=edition, seed=rng.getrandbits(40), **options)
        fast = game.copy(history=False)  # read at every step
        seldom = game.copy(history=False)  # read now and then
        digest.update(repr(game.events).encode())
        while not game.over:
            legal = game.legal_commands()
            digest.update(repr(legal).encode())
            command = rng.choice(legal)
            events = game.apply(command)
            digest.update(repr(events).encode())
            state = game.state
            digest.update(to_json(state).encode())
            fast.apply(command, check=False, record=False)
            seldom.apply(command, check=False, record=False)
            if fast.state != state or (
                (looks.random() < 0.05 or game.over) and seldom.state != state
            ):
                sys.exit(f"game {number}: the fast path differs after {command!r}")
            if rng.random() < 0.2:
                player = rng.choice(state.players)
                digest.update(repr(view_for(state, player)).encode())
                digest.update(repr([redact(event, player) for event in events]).encode())
    return digest.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1500)
    print(fingerprint(parser.parse_args().games))


if __name__ == "__main__":
    main()
