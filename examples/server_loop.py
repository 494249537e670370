"""A game server's loop: JSON in from players, redacted JSON out to each of them.

The server keeps one game as stored JSON (as a database row would hold it). For each
message it caps the size before parsing, authenticates the sender (the command must be
the sender's own) before the referee checks it, validates and applies the command,
stores the new state, and sends every player the events redacted for them: nobody ever
receives a card they may not see. Between rounds the server deals the next round itself.

Two secrets: the game's seed is drawn by the library from :mod:`secrets` (the default),
because a client that knew or could guess it would know every hidden card; so a stored
seed, like the stored state, is as secret as the hands. And a refusal's reason can reveal
the actor's hand (``CARD_NOT_IN_HAND``), so a command is checked only once the sender is
known to be its player.

Run it: ``python examples/server_loop.py`` plays a whole game between three scripted
clients, one of which sometimes cheats or sends garbage, and prints what happened.
"""

from __future__ import annotations

import json
import random
from typing import Any

from loveletter import Deal, Game, IllegalCommandError, InvalidCommandError, Phase, read_command
from loveletter.serialization import (
    UnknownCardError,
    command_from_json,
    state_from_json,
    to_data,
    to_json,
)
from loveletter.views import redact, view_for

MAX_MESSAGE = 4096
"""The largest message a client may send, in characters: a command is under 300."""


class TableServer:
    """One table: the stored state, and an outbox of JSON messages per player."""

    def __init__(self, players: list[str], *, seed: int | None = None) -> None:
        # No seed: the library draws a secret one. Pass one only to replay a game.
        game = Game.new(players, seed=seed)
        self.players = players
        self.stored = to_json(game.state)  # all the server keeps between requests
        self.outbox: dict[str, list[str]] = {player: [] for player in players}
        self._send(game.events)

    def _send(self, events: Any) -> None:
        for player in self.players:
            self.outbox[player].extend(to_json(redact(event, player)) for event in events)

    def view(self, player: str) -> str:
        """What ``player`` may see now, as JSON (their hand, the table, their legal commands)."""
        return to_json(view_for(state_from_json(self.stored), player))

    def receive(self, sender: str, text: str) -> dict[str, Any]:
        """Handle one message from an authenticated ``sender``; return the reply."""
        if len(text) > MAX_MESSAGE:  # 1. cap the size before parsing anything
            return {"error": "too large", "message": f"messages are {MAX_MESSAGE} at most"}
        game = Game.from_state(state_from_json(self.stored))
        try:  # 2. parse, to learn whose command it is
            player = getattr(command_from_json(text, game.state.edition), "player", None)
        except UnknownCardError as unknown:
            player = unknown.player
        except InvalidCommandError as error:
            return {"error": "malformed", "message": str(error)}
        if player != sender:  # 3. authenticate before the referee looks at the game
            return {"error": "forbidden", "message": f"{sender} may only send their own commands"}
        try:  # 4. check and apply
            events = list(game.apply(read_command(game, text)))
        except IllegalCommandError as error:
            return to_data(error.refusal)
        if game.state.phase is Phase.ROUND_OVER:
            events.extend(game.apply(Deal()))
        self.stored = to_json(game.state)
        self._send(events)
        return {"ok": True}


def client_message(view: dict[str, Any], rng: random.Random, *, mischief: bool) -> str:
    """What a client sends: usually one of its legal commands, sometimes nonsense."""
    if mischief and rng.random() < 0.2:
        return rng.choice(
            [
                "{not json",
                json.dumps({"play": {"player": view["viewer"], "card": "Jester"}}),
                json.dumps(
                    {"play": {"player": view["viewer"], "card": "Princess", "target": "Anna"}}
                ),
            ]
        )
    return json.dumps(rng.choice(view["legal"]))


def main(seed: int = 7) -> None:
    players = ["Anna", "Ben", "Carla"]
    server = TableServer(players)  # a secret seed: every run deals another game
    rng = random.Random(seed)
    refused = accepted = 0
    while True:
        state = state_from_json(server.stored)
        if state.game_over:
            break
        player = state.player_to_act
        assert player is not None
        view = json.loads(server.view(player))["view"]
        reply = server.receive(player, client_message(view, rng, mischief=player == "Ben"))
        if reply.get("ok"):
            accepted += 1
        else:
            refused += 1
            if refused <= 3:
                print(f"refused {player}: {json.dumps(reply)}")
        # A cheater's attempt to act for someone else is turned away before any check,
        # so the refusal tells nothing about the other player's hand.
        if rng.random() < 0.05:
            other = next(p for p in players if p != player)
            probe = {"play": {"player": player, "card": "Princess"}}
            assert server.receive(other, json.dumps(probe))["error"] == "forbidden"
        assert server.receive(player, "x" * (MAX_MESSAGE + 1))["error"] == "too large"
    final = state_from_json(server.stored)
    print(f"{accepted} commands applied, {refused} refused")
    print(f"Ben received {len(server.outbox['Ben'])} events; a sample:")
    for message in server.outbox["Ben"][:4]:
        print(f"  {message}")
    print(f"game over after {final.round_number} rounds: won by {', '.join(final.game_winners)}")


if __name__ == "__main__":
    main()
