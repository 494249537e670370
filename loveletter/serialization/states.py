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

import attrs

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
from loveletter.serialization.records import Codec, record_codec
from loveletter.setup import Setup, check_seed, check_setup
from loveletter.state import (
    Buried,
    Known,
    Phase,
    RoundOutcome,
    RuledOut,
    Shown,
    State,
    Table,
    Tied,
)
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


class _StateCodec:
    """How each field of a state goes to JSON and back, by the shape its declaration names.

    The state's fields and their shapes are declared once, in :class:`State`
    (``json=...``); this reads them. Players are named, never numbered by seat.
    """

    def __init__(self, table: Table, where: str) -> None:
        self.table = table
        self.players = table.players
        self.where = where

    def encode(self, shape: str, value: Any) -> Any:
        """``value`` of a field of this ``shape``, as JSON."""
        return getattr(self, "to_" + shape.replace(" ", "_"))(value)

    def decode(self, name: str, shape: str, data: object) -> Any:
        """The field ``name``, of this ``shape``, from its JSON ``data``."""
        return getattr(self, "from_" + shape.replace(" ", "_"))(data, f"{self.where}.{name}")

    def player(self, value: object, here: str) -> str:
        found = base.name(value, here)
        if found not in self.table.seats:
            raise base.fail(here, f"{found!r} is not at the table")
        return found

    def seat(self, value: object, here: str) -> int:
        return self.table.seats[self.player(value, here)]

    def by_player(self, data: object, here: str) -> Mapping[str, Any]:
        return base.obj(data, here, self.players, self.players)

    def to_phase(self, value: Phase) -> str:
        return value.value

    def from_phase(self, data: object, here: str) -> Phase:
        return base.choice(Phase, data, here)

    def to_round(self, value: int) -> int:
        return value

    def from_round(self, data: object, here: str) -> int:
        return base.integer(data, here, low=1)

    to_count = to_round

    def from_count(self, data: object, here: str) -> int:
        return base.integer(data, here, low=0)

    def to_seat(self, value: int) -> str | None:
        return self.players[value] if 0 <= value < len(self.players) else None

    def from_seat(self, data: object, here: str) -> int:
        return -1 if data is None else self.seat(data, here)

    def to_cards(self, value: tuple[Card, ...]) -> list[str]:
        return [str(card) for card in value]

    def from_cards(self, data: object, here: str) -> tuple[Card, ...]:
        items = base.seq(data, here)
        return tuple(base.card(item, f"{here}[{i}]") for i, item in enumerate(items))

    def to_card_or_null(self, value: Card | None) -> str | None:
        return None if value is None else str(value)

    def from_card_or_null(self, data: object, here: str) -> Card | None:
        return base.optional_card(data, here)

    def to_cards_by_player(self, value: tuple[tuple[Card, ...], ...]) -> dict[str, list[str]]:
        return {p: self.to_cards(cards) for p, cards in zip(self.players, value, strict=True)}

    def from_cards_by_player(self, data: object, here: str) -> tuple[tuple[Card, ...], ...]:
        found = self.by_player(data, here)
        return tuple(self.from_cards(found[p], f"{here}.{p}") for p in self.players)

    def to_players_flagged(self, value: tuple[bool, ...]) -> list[str]:
        return [player for player, flag in zip(self.players, value, strict=True) if flag]

    def from_players_flagged(self, data: object, here: str) -> tuple[bool, ...]:
        items = base.seq(data, here)
        chosen = {self.player(item, f"{here}[{i}]") for i, item in enumerate(items)}
        return tuple(p in chosen for p in self.players)

    def to_count_by_player(self, value: tuple[int, ...]) -> dict[str, int]:
        return dict(zip(self.players, value, strict=True))

    def from_count_by_player(self, data: object, here: str) -> tuple[int, ...]:
        found = self.by_player(data, here)
        return tuple(base.integer(found[p], f"{here}.{p}", low=0) for p in self.players)

    def to_records(self, value: tuple[Any, ...]) -> list[Any]:
        return [_RECORD_CODECS[type(item)].encode(item) for item in value]

    def from_records(self, data: object, here: str) -> tuple[Any, ...]:
        codec = _RECORD_CODECS[_RECORDS[here.rsplit(".", 1)[-1]]]
        return tuple(
            codec.decode(item, f"{here}[{i}]") for i, item in enumerate(base.seq(data, here))
        )

    def to_outcome(self, value: RoundOutcome | None) -> dict[str, Any] | None:
        return None if value is None else _outcome_to_data(value, self.players)

    def from_outcome(self, data: object, here: str) -> RoundOutcome | None:
        return None if data is None else _outcome_from_data(data, self, here)


_FIELDS = [field for field in attrs.fields(State) if field.name != "table"]
_REQUIRED = ("table", *(field.name for field in _FIELDS if field.default is attrs.NOTHING))
_RECORDS: dict[str, type] = {
    "shown": Shown,
    "known": Known,
    "ruled_out": RuledOut,
    "tied": Tied,
    "buried": Buried,
}
_RECORD_CODECS: dict[type, Codec] = {cls: record_codec(cls) for cls in _RECORDS.values()}


def _outcome_to_data(outcome: RoundOutcome, players: tuple[str, ...]) -> dict[str, Any]:
    return {
        "end": outcome.end.value,
        "winners": [players[seat] for seat in outcome.winners],
        "spy_bonus": None if outcome.spy_bonus is None else players[outcome.spy_bonus],
        "game_winners": [players[seat] for seat in outcome.game_winners],
    }


def _outcome_from_data(data: object, codec: _StateCodec, here: str) -> RoundOutcome:
    keys = ("end", "winners", "spy_bonus", "game_winners")
    fields = base.obj(data, here, keys, keys)

    def seats(key: str) -> tuple[int, ...]:
        items = base.seq(fields[key], f"{here}.{key}")
        return tuple(codec.seat(item, f"{here}.{key}[{i}]") for i, item in enumerate(items))

    spy = fields["spy_bonus"]
    return RoundOutcome(
        end=base.choice(Ending, fields["end"], f"{here}.end"),
        winners=seats("winners"),
        spy_bonus=None if spy is None else codec.seat(spy, f"{here}.spy_bonus"),
        game_winners=seats("game_winners"),
    )


def state_to_data(state: State) -> dict[str, Any]:
    """The JSON shape of a full state: hidden cards included, for a server to store."""
    codec = _StateCodec(state.table, "$")
    data = {"table": table_to_data(state.table)}
    for field in _FIELDS:
        data[field.name] = codec.encode(field.metadata["json"], getattr(state, field.name))
    return data


def state_from_data(data: object, where: str = "$") -> State:
    """A state from its JSON shape; malformed or inconsistent data raises InvalidCommandError.

    Fields a state gained after it was stored (``known``, ``first``, ``redeals``) take
    their defaults; the first player of the round defaults to the player to act.
    """
    keys = ("table", *(field.name for field in _FIELDS))
    fields = base.obj(data, where, keys, _REQUIRED)
    codec = _StateCodec(table_from_data(fields["table"], f"{where}.table"), where)
    values: dict[str, Any] = {"table": codec.table}
    for field in _FIELDS:
        if field.name in fields:
            values[field.name] = codec.decode(
                field.name, field.metadata["json"], fields[field.name]
            )
    if "first" not in fields and values["to_act"] >= 0:
        values["first"] = values["to_act"]
    state = State(**values)
    problems = inconsistencies(state)
    if problems:
        raise base.fail(where, "inconsistent state: " + "; ".join(problems))
    return state


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


LOG_STOPS = ("interrupted", "left")
"""Why a log may stop before its game's end: Ctrl-C, or the player left the table."""

_LOG_KEYS = ("setup", "commands", "stopped", "format")


def log_to_data(
    setup: Setup, commands: Sequence[Command], *, stopped: str | None = None
) -> dict[str, Any]:
    """The JSON shape of a game's record: its setup and every command applied.

    ``stopped`` (one of ``LOG_STOPS``) says why the record ends before the game does;
    it is written as the optional ``"stopped"`` key.
    """
    data: dict[str, Any] = {
        "setup": setup_to_data(setup),
        "commands": [command_to_data(command) for command in commands],
    }
    if stopped is not None:
        if stopped not in LOG_STOPS:
            raise ValueError(f"a log stops for one of {', '.join(LOG_STOPS)}, not {stopped!r}")
        data["stopped"] = stopped
    return data


def log_from_data(data: object, where: str = "$") -> tuple[Setup, tuple[Command, ...]]:
    """A game's setup and commands from the JSON shape of its log."""
    fields = base.obj(data, where, _LOG_KEYS, ("setup", "commands"))
    setup = setup_from_data(fields["setup"], f"{where}.setup")
    commands = tuple(
        command_from_data(item, setup.edition, f"{where}.commands[{i}]")
        for i, item in enumerate(base.seq(fields["commands"], f"{where}.commands"))
    )
    log_stopped_from_data(fields, where)
    return setup, commands


def log_stopped_from_data(data: object, where: str = "$") -> str | None:
    """Why a log stops before its game's end (one of ``LOG_STOPS``), or ``None``."""
    fields = base.obj(data, where, _LOG_KEYS, ("setup", "commands"))
    if "stopped" not in fields:
        return None
    stopped = fields["stopped"]
    if stopped not in LOG_STOPS:
        named = ", ".join(repr(name) for name in LOG_STOPS)
        raise base.fail(f"{where}.stopped", f"expected one of {named}, got {stopped!r}")
    return str(stopped)
