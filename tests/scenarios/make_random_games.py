"""Write random-game scenarios whose every step checks the whole state and ``seen``.

``python tests/scenarios/make_random_games.py`` rewrites ``random-seen.jsonl``: whole
games of both editions and every player count, played at random, with refused commands
mixed in, and after every step an ``expect`` of the whole state and of what each player
was shown this round. ``seen`` is worked out here from the full events by the rules of
LL19-Q18 (a Priest shows the target's card to its player, a Baron each card to the
other player, a King each player the card they receive, a showdown every hand to
everyone), not from the views that the scenario runner checks it against.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from loveletter import (
    Card,
    Choose,
    Command,
    Deal,
    Draw,
    Ending,
    Event,
    Game,
    HandsCompared,
    HandSeen,
    HandsTraded,
    Layout,
    Phase,
    Play,
    RoundEnded,
    RoundStarted,
    State,
    edition,
)
from loveletter.serialization import command_to_data, layout_to_data

HERE = Path(__file__).resolve().parent
NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Finn")


class Shown:
    """What each player was shown this round, from the full events."""

    def __init__(self, players: tuple[str, ...]) -> None:
        self.players = players
        self.seen: dict[str, dict[str, set[str]]] = {}
        self.reset()

    def reset(self) -> None:
        self.seen = {p: {} for p in self.players}

    def show(self, viewer: str, owner: str, card: Card | None) -> None:
        assert card is not None
        if viewer != owner:
            self.seen[viewer].setdefault(owner, set()).add(str(card))

    def update(self, events: tuple[Event, ...]) -> None:
        for event in events:
            if isinstance(event, RoundStarted):
                self.reset()
            elif isinstance(event, HandSeen):
                self.show(event.player, event.target, event.card)
            elif isinstance(event, HandsCompared):
                self.show(event.player, event.target, event.target_card)
                self.show(event.target, event.player, event.player_card)
            elif isinstance(event, HandsTraded):
                self.show(event.player, event.target, event.player_received)
                self.show(event.target, event.player, event.target_received)
            elif isinstance(event, RoundEnded) and event.end is Ending.SHOWDOWN:
                for viewer in self.players:
                    for owner, card in event.hands:
                        self.show(viewer, owner, card)

    def expect(self) -> dict[str, dict[str, list[str]]]:
        return {
            viewer: {
                owner: sorted(self.seen[viewer].get(owner, set()))
                for owner in self.players
                if owner != viewer
            }
            for viewer in self.players
        }


def whole_state(state: State, shown: Shown) -> dict[str, Any]:
    players = state.players
    return {
        "to_act": state.player_to_act,
        "hands": {p: [str(c) for c in state.hand(p)] for p in players},
        "out": [p for p in players if state.is_out(p)],
        "protected": [p for p in players if state.is_protected(p)],
        "discards": {p: [str(c) for c in state.discards_of(p)] for p in players},
        "draw_pile": [str(c) for c in state.draw_pile],
        "draw_pile_size": len(state.draw_pile),
        "set_aside": None if state.set_aside is None else str(state.set_aside),
        "round_over": state.round_over,
        "tokens": {p: state.tokens_of(p) for p in players},
        "game_over": state.game_over,
        "game_winners": list(state.game_winners),
        **(
            {
                "round_winners": list(state.round_winners),
                "spy_bonus": state.spy_bonus,
                "next_first": list(state.next_first)
                if len(state.next_first) > 1
                else state.next_first[0],
            }
            if state.round_over
            else {}
        ),
        "seen": shown.expect(),
    }


def wrong_commands(state: State, rng: random.Random) -> list[Command]:
    """A few commands the referee must refuse here."""
    players = list(state.players)
    cards = list(Card)
    candidates: list[Command] = [
        Draw(player=rng.choice(players)),
        Play(
            player=rng.choice(players), card=rng.choice(cards), target=rng.choice([None, *players])
        ),
        Play(
            player=rng.choice(players),
            card=Card.GUARD,
            target=rng.choice(players),
            guess=rng.choice(cards),
        ),
        Choose(player=rng.choice(players), keep=rng.choice(cards), returned=(rng.choice(cards),)),
        Deal(
            layout=Layout.shuffled(state.edition, players, first=players[0], rng=rng),
            first=rng.choice(players),
        ),
    ]
    return [c for c in candidates if state.phase is not Phase.GAME_OVER or isinstance(c, Deal)]


TABLES = [("2019", count) for count in range(2, 7)] + [("classic", count) for count in range(2, 5)]
"""Every edition and player count, once each."""


def scenario(index: int, rng: random.Random) -> dict[str, Any]:
    name, count = TABLES[index % len(TABLES)]
    ed = edition(name)
    players = NAMES[:count]
    first = rng.choice(players)
    layout = Layout.shuffled(ed, players, first=first, rng=rng)
    game = Game.new(players, edition=name, first=first, deal=layout, auto_draw=False, seed=index)
    shown = Shown(players)
    shown.update(game.events)
    steps: list[dict[str, Any]] = []
    while not game.state.game_over and len(steps) < 600:
        state = game.state
        if rng.random() < 0.15:
            wrong = rng.choice(wrong_commands(state, rng))
            refusal = game.check(wrong)
            if refusal is not None:
                steps.append({"reject": command_to_data(wrong), "reason": refusal.reason.value})
        if state.phase is Phase.ROUND_OVER:
            first_player = rng.choice(state.round_winners)
            next_layout = Layout.shuffled(ed, players, first=first_player, rng=rng)
            command: Command = Deal(layout=next_layout, first=first_player)
            step: dict[str, Any] = {"deal": layout_to_data(next_layout), "first": first_player}
        else:
            command = rng.choice(game.legal_commands())
            step = command_to_data(command)
        shown.update(game.apply(command))
        steps.append(step)
        steps.append({"expect": whole_state(game.state, shown)})
    return {
        "id": f"random-seen-{index}",
        "text": (
            f"A random {name} game of {len(players)} players; every step checks the state "
            "and what each player was shown."
        ),
        "edition": name,
        "players": list(players),
        "first": first,
        "auto_draw": False,
        "deal": layout_to_data(layout),
        "steps": steps,
    }


def main(count: int = len(TABLES), seed: int = 2026) -> None:
    rng = random.Random(seed)
    lines = [json.dumps(scenario(index, rng), ensure_ascii=False) for index in range(count)]
    (HERE / "random-seen.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
