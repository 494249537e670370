"""Full states, setups and game logs to and from JSON-shaped data.

A state names players rather than seats, so it reads well and survives a change of seat
order in a client. Reading checks the shape, then the consistency of the whole
(:mod:`loveletter.consistency`): a stored state that the rules cannot reach is refused.
The seed is written as a string of digits, so that readers whose numbers are doubles (as
in JavaScript) keep every digit.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from loveletter.cards import Card
from loveletter.commands import Command
from loveletter.consistency import inconsistencies
from loveletter.editions import EDITIONS, Edition
from loveletter.errors import SetupError
from loveletter.events import Ending
from loveletter.serialization import base
from loveletter.serialization.commands import (
    command_from_data,
    command_to_data,
    layout_from_data,
    layout_to_data,
)
from loveletter.setup import Setup, check_seed, check_setup
from loveletter.state import Known, Phase, RoundOutcome, Shown, State, Table
from loveletter.words import LANGUAGES

__all__ = ["log_from_data", "log_to_data", "state_from_data", "state_to_data"]


def _edition(data: object, where: str) -> Edition:
    if not isinstance(data, str) or data not in EDITIONS:
        known = ", ".join(repr(name) for name in EDITIONS)
        raise base.fail(where, f"expected an edition ({known}), got {data!r}")
    return EDITIONS[data]


def _seed(data: object, where: str) -> int:
    """A seed: a string of ASCII digits (or a number) from 0 to 2**128 - 1."""
    if isinstance(data, str) and data.isascii() and data.isdecimal() and len(data) <= 39:
        data = int(data)
    if isinstance(data, int) and not isinstance(data, bool):
        try:
            return check_seed(data)
        except SetupError as error:
            raise base.fail(where, str(error)) from None
    raise base.fail(where, f"expected a seed (a string of digits), got {base.kind_of(data)}")


def table_to_data(table: Table) -> dict[str, Any]:
    """The JSON shape of a table."""
    return {
        "edition": table.edition.name,
        "players": list(table.players),
        "target": table.target,
        "seed": str(table.seed),
        "auto_draw": table.auto_draw,
        "language": table.language,
        "remedy": table.remedy,
        "open_hands": table.open_hands,
    }


def table_from_data(data: object, where: str) -> Table:
    """A table from its JSON shape."""
    fields = base.obj(
        data,
        where,
        ("edition", "players", "target", "seed", "auto_draw", "language", "remedy", "open_hands"),
        ("edition", "players", "target", "seed", "auto_draw"),
    )
    edition = _edition(fields["edition"], f"{where}.edition")
    players = base.names(fields["players"], f"{where}.players")
    if not edition.min_players <= len(players) <= edition.max_players or len(set(players)) != len(
        players
    ):
        raise base.fail(
            f"{where}.players",
            f"expected {edition.min_players} to {edition.max_players} different names",
        )
    return Table(
        edition=edition,
        players=players,
        target=base.integer(fields["target"], f"{where}.target", low=1),
        seed=_seed(fields["seed"], f"{where}.seed"),
        auto_draw=base.boolean(fields["auto_draw"], f"{where}.auto_draw"),
        language=_language(fields.get("language", "en"), f"{where}.language"),
        remedy=base.boolean(fields.get("remedy", False), f"{where}.remedy"),
        open_hands=base.boolean(fields.get("open_hands", False), f"{where}.open_hands"),
    )


def _language(data: object, where: str) -> str:
    if data not in LANGUAGES:
        raise base.fail(where, f"expected one of {', '.join(map(repr, LANGUAGES))}, got {data!r}")
    return str(data)


def _cards(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def state_to_data(state: State) -> dict[str, Any]:
    """The JSON shape of a full state: hidden cards included, for a server to store."""
    players = state.players

    def named(flags: Sequence[bool]) -> list[str]:
        return [player for player, flag in zip(players, flags, strict=True) if flag]

    outcome = state.outcome
    return {
        "table": table_to_data(state.table),
        "round_number": state.round_number,
        "phase": state.phase.value,
        "to_act": state.player_to_act,
        "hands": {p: _cards(hand) for p, hand in zip(players, state.hands, strict=True)},
        "discards": {p: _cards(cards) for p, cards in zip(players, state.discards, strict=True)},
        "out": named(state.out),
        "protected": named(state.protected),
        "spied": named(state.spied),
        "tokens": dict(zip(players, state.tokens, strict=True)),
        "draw_pile": _cards(state.draw_pile),
        "set_aside": None if state.set_aside is None else str(state.set_aside),
        "face_up": _cards(state.face_up),
        "shown": [
            {
                "viewer": entry.viewer,
                "owner": entry.owner,
                "card": str(entry.card),
                "by": None if entry.by is None else str(entry.by),
            }
            for entry in state.shown
        ],
        "known": [
            {"viewer": fact.viewer, "owner": fact.owner, "card": str(fact.card)}
            for fact in state.known
        ],
        "first": players[state.first] if 0 <= state.first < len(players) else None,
        "redeals": state.redeals,
        "outcome": None
        if outcome is None
        else {
            "end": outcome.end.value,
            "winners": [players[seat] for seat in outcome.winners],
            "spy_bonus": None if outcome.spy_bonus is None else players[outcome.spy_bonus],
            "game_winners": [players[seat] for seat in outcome.game_winners],
        },
    }


_STATE_KEYS = (
    "table",
    "round_number",
    "phase",
    "to_act",
    "hands",
    "discards",
    "out",
    "protected",
    "spied",
    "tokens",
    "draw_pile",
    "set_aside",
    "face_up",
    "shown",
    "outcome",
)
_OPTIONAL_STATE_KEYS = ("known", "first", "redeals")


def state_from_data(data: object, where: str = "$") -> State:
    """A state from its JSON shape; malformed or inconsistent data raises InvalidCommandError."""
    fields = base.obj(data, where, _STATE_KEYS + _OPTIONAL_STATE_KEYS, _STATE_KEYS)
    table = table_from_data(fields["table"], f"{where}.table")
    players = table.players

    def player(value: object, here: str) -> str:
        found = base.name(value, here)
        if found not in table.seats:
            raise base.fail(here, f"{found!r} is not at the table")
        return found

    def seat_of(value: object, here: str) -> int:
        return table.seats[player(value, here)]

    def per_player(value: object, here: str) -> Mapping[str, Any]:
        return base.obj(value, here, players, players)

    def cards(value: object, here: str) -> tuple[Card, ...]:
        return tuple(
            base.card(item, f"{here}[{i}]") for i, item in enumerate(base.seq(value, here))
        )

    def flags(value: object, here: str) -> tuple[bool, ...]:
        chosen = {player(item, f"{here}[{i}]") for i, item in enumerate(base.seq(value, here))}
        return tuple(p in chosen for p in players)

    hands = per_player(fields["hands"], f"{where}.hands")
    discards = per_player(fields["discards"], f"{where}.discards")
    tokens = per_player(fields["tokens"], f"{where}.tokens")
    to_act = fields["to_act"]
    shown = []
    for i, entry in enumerate(base.seq(fields["shown"], f"{where}.shown")):
        here = f"{where}.shown[{i}]"
        entry_fields = base.obj(
            entry, here, ("viewer", "owner", "card", "by"), ("viewer", "owner", "card", "by")
        )
        viewer = entry_fields["viewer"]
        shown.append(
            Shown(
                viewer=None if viewer is None else player(viewer, f"{here}.viewer"),
                owner=player(entry_fields["owner"], f"{here}.owner"),
                card=base.card(entry_fields["card"], f"{here}.card"),
                by=base.optional_card(entry_fields["by"], f"{here}.by"),
            )
        )
    known = []
    for i, fact in enumerate(base.seq(fields.get("known", []), f"{where}.known")):
        here = f"{where}.known[{i}]"
        fact_fields = base.obj(fact, here, ("viewer", "owner", "card"), ("viewer", "owner", "card"))
        viewer = fact_fields["viewer"]
        known.append(
            Known(
                viewer=None if viewer is None else player(viewer, f"{here}.viewer"),
                owner=player(fact_fields["owner"], f"{here}.owner"),
                card=base.card(fact_fields["card"], f"{here}.card"),
            )
        )
    outcome = None
    if fields["outcome"] is not None:
        here = f"{where}.outcome"
        keys = ("end", "winners", "spy_bonus", "game_winners")
        outcome_fields = base.obj(fields["outcome"], here, keys, keys)
        spy = outcome_fields["spy_bonus"]
        outcome = RoundOutcome(
            end=base.choice(Ending, outcome_fields["end"], f"{here}.end"),
            winners=tuple(
                seat_of(p, f"{here}.winners[{i}]")
                for i, p in enumerate(base.seq(outcome_fields["winners"], f"{here}.winners"))
            ),
            spy_bonus=None if spy is None else seat_of(spy, f"{here}.spy_bonus"),
            game_winners=tuple(
                seat_of(p, f"{here}.game_winners[{i}]")
                for i, p in enumerate(
                    base.seq(outcome_fields["game_winners"], f"{here}.game_winners")
                )
            ),
        )
    state = State(
        table=table,
        round_number=base.integer(fields["round_number"], f"{where}.round_number", low=1),
        phase=base.choice(Phase, fields["phase"], f"{where}.phase"),
        to_act=-1 if to_act is None else seat_of(to_act, f"{where}.to_act"),
        hands=tuple(cards(hands[p], f"{where}.hands.{p}") for p in players),
        discards=tuple(cards(discards[p], f"{where}.discards.{p}") for p in players),
        out=flags(fields["out"], f"{where}.out"),
        protected=flags(fields["protected"], f"{where}.protected"),
        spied=flags(fields["spied"], f"{where}.spied"),
        tokens=tuple(base.integer(tokens[p], f"{where}.tokens.{p}", low=0) for p in players),
        draw_pile=cards(fields["draw_pile"], f"{where}.draw_pile"),
        set_aside=base.optional_card(fields["set_aside"], f"{where}.set_aside"),
        face_up=cards(fields["face_up"], f"{where}.face_up"),
        shown=tuple(shown),
        known=tuple(known),
        first=_first(fields.get("first"), seat_of, to_act, f"{where}.first"),
        redeals=base.integer(fields.get("redeals", 0), f"{where}.redeals", low=0),
        outcome=outcome,
    )
    problems = inconsistencies(state)
    if problems:
        raise base.fail(where, "inconsistent state: " + "; ".join(problems))
    return state


def _first(data: object, seat_of: Any, to_act: object, where: str) -> int:
    """Who started the round; a state written before it was kept: the player to act."""
    if data is not None:
        return int(seat_of(data, where))
    return int(seat_of(to_act, where)) if to_act is not None else 0


def setup_to_data(setup: Setup) -> dict[str, Any]:
    """The JSON shape of a game's setup."""
    return {
        "players": list(setup.players),
        "edition": setup.edition.name,
        "seed": str(setup.seed),
        "first": setup.first,
        "layout": None if setup.layout is None else layout_to_data(setup.layout),
        "tokens": dict(setup.tokens),
        "target": setup.target,
        "auto_draw": setup.auto_draw,
        "language": setup.language,
        "remedy": setup.remedy,
        "open_hands": setup.open_hands,
    }


_SETUP_KEYS = (
    "players",
    "edition",
    "seed",
    "first",
    "layout",
    "tokens",
    "target",
    "auto_draw",
    "language",
    "remedy",
    "open_hands",
)


def setup_from_data(data: object, where: str = "$") -> Setup:
    """A setup from its JSON shape (the table itself is checked when a game starts)."""
    fields = base.obj(data, where, _SETUP_KEYS, ("players", "edition", "seed", "first"))
    edition = _edition(fields["edition"], f"{where}.edition")
    tokens_data = fields.get("tokens", {})
    if not isinstance(tokens_data, Mapping):
        raise base.fail(f"{where}.tokens", f"expected an object, got {base.kind_of(tokens_data)}")
    target = fields.get("target")
    layout = fields.get("layout")
    setup = Setup(
        players=base.names(fields["players"], f"{where}.players"),
        edition=edition,
        seed=_seed(fields["seed"], f"{where}.seed"),
        first=base.name(fields["first"], f"{where}.first"),
        layout=None if layout is None else layout_from_data(layout, edition, f"{where}.layout"),
        tokens=tuple(
            (base.name(p, f"{where}.tokens"), base.integer(n, f"{where}.tokens.{p}", low=0))
            for p, n in tokens_data.items()
        ),
        target=_target(target, edition, f"{where}.target"),
        auto_draw=base.boolean(fields.get("auto_draw", True), f"{where}.auto_draw"),
        language=_language(fields.get("language", "en"), f"{where}.language"),
        remedy=base.boolean(fields.get("remedy", False), f"{where}.remedy"),
        open_hands=base.boolean(fields.get("open_hands", False), f"{where}.open_hands"),
    )
    try:
        check_setup(setup)  # the same rules as Game.new
    except SetupError as error:
        raise base.fail(where, str(error)) from None
    return setup


def _target(data: object, edition: Edition, where: str) -> int | str | None:
    """A setup's target: a number, the name of one of the edition's settings, or nothing."""
    if data is None:
        return None
    if isinstance(data, str):
        settings = dict(edition.target_settings)
        if data not in settings:
            named = ", ".join(repr(name) for name in settings) or "none"
            raise base.fail(where, f"expected a number or a target setting ({named}), got {data!r}")
        return data
    return base.integer(data, where, low=1)


def log_to_data(setup: Setup, commands: Sequence[Command]) -> dict[str, Any]:
    """The JSON shape of a game's record: its setup and every command applied."""
    return {
        "setup": setup_to_data(setup),
        "commands": [command_to_data(command) for command in commands],
    }


def log_from_data(data: object, where: str = "$") -> tuple[Setup, tuple[Command, ...]]:
    """A game's setup and commands from the JSON shape of its log."""
    fields = base.obj(data, where, ("setup", "commands", "format"), ("setup", "commands"))
    setup = setup_from_data(fields["setup"], f"{where}.setup")
    commands = tuple(
        command_from_data(item, setup.edition, f"{where}.commands[{i}]")
        for i, item in enumerate(base.seq(fields["commands"], f"{where}.commands"))
    )
    return setup, commands
