"""JSON Schemas (draft 2020-12) of the JSON this library writes.

The schema files ship in the package (``loveletter/schemas/*.schema.json``) for clients in
other languages; they are generated from the same codecs that write the JSON, and a test
checks that the shipped files are up to date. Regenerate them with
``python -m loveletter.serialization.schemas``.

The shipped files list the cards of the built-in editions (and the causes of a knock-out
that their cards bring), in each document's ``$defs``. :func:`build` makes the schemas of
any editions, one's own included:

>>> from loveletter import edition
>>> build([edition("classic")])["command"]["$defs"]["Card"]["enum"][:3]
['Guard', 'Priest', 'Baron']

>>> sorted(schema("event")["$defs"])[:4]
['Card', 'CardDrawn', 'CardPlayed', 'CardsReturned']
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any

from loveletter.cardrule import RULES
from loveletter.cards import Card
from loveletter.editions import CLASSIC, EDITION_2019, Edition
from loveletter.errors import Reason
from loveletter.events import EVENT_CLASSES, KnockOutCause
from loveletter.serialization.base import FORMAT_VERSION
from loveletter.serialization.records import record_codec
from loveletter.views import View
from loveletter.words import LANGUAGES

__all__ = ["BUILT_IN", "NAMES", "STEP_KINDS", "build", "schema"]

NAMES = ("command", "event", "view", "refusal", "host")
"""The schemas that ship: one per kind of document, and one for the host's messages
(:mod:`loveletter.host`)."""

_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_FORMAT = {"const": FORMAT_VERSION}
_NAME = {"type": "string", "minLength": 1}
_CARD = {"$ref": "#/$defs/Card"}
_GUESS = {"oneOf": [_CARD, {"type": "integer"}]}


def _command() -> dict[str, Any]:
    cards = {"type": "array", "items": _CARD}
    layout = {
        "type": "object",
        "required": ["set_aside", "hands", "draw_pile"],
        "additionalProperties": False,
        "properties": {
            "set_aside": _CARD,
            "face_up": cards,
            "hands": {"type": "object", "additionalProperties": _CARD},
            "draw_pile": cards,
        },
    }
    play = {
        "type": "object",
        "required": ["player", "card"],
        "additionalProperties": False,
        "properties": {
            "player": _NAME,
            "card": _CARD,
            "target": _NAME,
            "guess": _GUESS,
            "also": {"type": "array", "items": _NAME},
        },
    }
    choose = {
        "type": "object",
        "required": ["player", "keep", "return"],
        "additionalProperties": False,
        "properties": {
            "player": _NAME,
            "keep": _CARD,
            "return": {**cards, "minItems": 1, "maxItems": 2},
        },
    }

    def one(key: str, body: dict[str, Any], **extra: Any) -> dict[str, Any]:
        return {
            "type": "object",
            "required": [key],
            "additionalProperties": False,
            "properties": {"format": _FORMAT, key: body, **extra},
        }

    return {
        "$schema": _DIALECT,
        "$id": "command.schema.json",
        "title": "loveletter command",
        "description": (
            "A command for the referee: draw, play, the Chancellor's choice, the next deal, "
            "or the house remedy's take-back and redeal."
        ),
        "oneOf": [
            one("draw", _NAME),
            one("play", play),
            one("choose", choose),
            one("deal", {"oneOf": [layout, {"type": "null"}]}, first=_NAME),
            one("take_back", _NAME),
            one("redeal", {"oneOf": [layout, {"type": "null"}]}),
        ],
    }


def _event() -> dict[str, Any]:
    defs = {}
    for cls in EVENT_CLASSES:
        body = dict(record_codec(cls, tag="event").schema)
        body["properties"] = {"format": _FORMAT, **body["properties"]}
        defs[cls.__name__] = body
    return {
        "$schema": _DIALECT,
        "$id": "event.schema.json",
        "title": "loveletter event",
        "description": (
            "Something that happened; in a redacted event, the cards its viewer may not see "
            "are null."
        ),
        "oneOf": [{"$ref": f"#/$defs/{name}"} for name in defs],
        "$defs": defs,
    }


def _view() -> dict[str, Any]:
    return {
        "$schema": _DIALECT,
        "$id": "view.schema.json",
        "title": "loveletter view",
        "description": "A state as one player (or a spectator) sees it.",
        "type": "object",
        "required": ["format", "view"],
        "additionalProperties": False,
        "properties": {"format": _FORMAT, "view": record_codec(View).schema},
    }


_REASON = {"enum": [reason.value for reason in Reason]}

STEP_KINDS = ("card", "target", "guess", "keep", "order", "draw", "take_back")
"""The kinds of step of a moves tree (:class:`loveletter.moves.StepKind`, which a test holds
this to: the moves are above JSON, which they are written in)."""
_LANGUAGE = {"enum": list(LANGUAGES)}


def _refusal() -> dict[str, Any]:
    body = {
        "type": "object",
        "required": ["reason", "ruling", "message"],
        "additionalProperties": False,
        "properties": {
            "reason": _REASON,
            "ruling": {"type": "string"},
            "message": {"type": "string"},
            "to_player": {"type": "string"},
            "key": {"type": "string"},
            "language": _LANGUAGE,
        },
    }
    return {
        "$schema": _DIALECT,
        "$id": "refusal.schema.json",
        "title": "loveletter refusal",
        "description": (
            "Why the referee refused a command: its reason code, the ruling, and its message "
            "in the table's language (of the command's player, and to them)."
        ),
        "type": "object",
        "required": ["format", "refusal"],
        "additionalProperties": False,
        "properties": {"format": _FORMAT, "refusal": body},
    }


def _host() -> dict[str, Any]:
    command = {"$ref": "command.schema.json"}
    told = {
        "state": {"type": "integer", "minimum": 0},
        "listener": {"oneOf": [_NAME, {"type": "null"}]},
        "language": _LANGUAGE,
        "events": {"type": "array", "items": {"$ref": "event.schema.json"}},
        "narration": {"type": "array", "items": {"type": "string"}},
        "view": {"$ref": "view.schema.json#/properties/view"},
        "legal": {"type": "array", "items": command},
        "take_back": {"oneOf": [command, {"type": "null"}]},
        "moves": {"$ref": "#/$defs/moves"},
        "tokens": {"$ref": "#/$defs/tokens"},
    }
    told_required = ["type", "state", "listener", "language", "events", "narration", "tokens"]
    count = {"type": "integer", "minimum": 0}
    lines = {"type": "array", "items": {"type": "string"}}
    events = {"type": "array", "items": {"$ref": "event.schema.json"}}

    def message(kind: str, extra: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return {
            "type": "object",
            "required": [*told_required, *required],
            "additionalProperties": False,
            "properties": {"type": {"const": kind}, **told, **extra},
        }

    refused = {
        "type": "object",
        "required": ["type", "error", "message"],
        "additionalProperties": False,
        "properties": {
            "type": {"const": "refused"},
            "error": {
                "enum": ["too_large", "malformed", "forbidden", "unreadable", "stale", "illegal"]
            },
            "message": {"type": "string"},
            "state": {"type": "integer", "minimum": 0},
            "candidates": {"type": "array", "items": {"type": "string"}},
            "refusal": {
                "type": "object",
                "required": ["reason", "ruling", "key", "message", "to_player"],
                "additionalProperties": False,
                "properties": {
                    "reason": _REASON,
                    "ruling": {"type": "string"},
                    "key": {"type": "string"},
                    "message": {"type": "string"},
                    "to_player": {"type": "string"},
                },
            },
        },
    }
    return {
        "$schema": _DIALECT,
        "$id": "host.schema.json",
        "title": "loveletter host message",
        "description": (
            "A message the host of a game (loveletter.host) sends a listener: its welcome, "
            "an update after a move, or why its own message was refused."
        ),
        "oneOf": [
            {"$ref": f"#/$defs/{name}"} for name in ("welcome", "update", "refused", "story")
        ],
        "$defs": {
            "welcome": message(
                "welcome",
                {
                    "edition": {"type": "string"},
                    "players": {"type": "array", "items": _NAME},
                    "seats": {"type": "array", "items": _NAME},
                    "first": count,
                    "total": count,
                    "rounds": {"type": "array", "items": {"$ref": "#/$defs/round"}},
                },
                ["edition", "players", "seats", "first", "total", "rounds"],
            ),
            "update": message(
                "update", {"steps": {"type": "array", "items": {"$ref": "#/$defs/played"}}}, []
            ),
            "refused": refused,
            "story": {
                "type": "object",
                "required": ["type", "start", "events", "narration", "next", "total"],
                "additionalProperties": False,
                "properties": {
                    "type": {"const": "story"},
                    "start": count,
                    "events": events,
                    "narration": lines,
                    "next": {"oneOf": [count, {"type": "null"}]},
                    "total": count,
                },
            },
            "played": {
                "type": "object",
                "required": ["state", "actor", "kind", "events", "narration", "view"],
                "additionalProperties": False,
                "properties": {
                    "state": count,
                    "actor": {"oneOf": [_NAME, {"type": "null"}]},
                    "kind": {"enum": ["draw", "play", "choose", "deal", "take_back", "redeal"]},
                    "events": events,
                    "narration": lines,
                    "view": {"$ref": "view.schema.json#/properties/view"},
                },
            },
            "round": {
                "type": "object",
                "required": ["round", "end", "winners", "told"],
                "additionalProperties": False,
                "properties": {
                    "round": count,
                    "end": {"type": "string"},
                    "winners": {"type": "array", "items": _NAME},
                    "told": lines,
                },
            },
            "tokens": {
                "type": "object",
                "required": ["target", "players"],
                "additionalProperties": False,
                "properties": {
                    "target": count,
                    "players": {
                        "type": "object",
                        "additionalProperties": {
                            "type": "object",
                            "required": ["tokens", "spy"],
                            "additionalProperties": False,
                            "properties": {"tokens": count, "spy": count},
                        },
                    },
                },
            },
            "moves": {
                "type": "object",
                "required": ["player", "language", "steps"],
                "additionalProperties": False,
                "properties": {
                    "player": _NAME,
                    "language": _LANGUAGE,
                    "steps": {"type": "array", "items": {"$ref": "#/$defs/step"}},
                },
            },
            "step": {
                "type": "object",
                "required": ["kind", "value", "label"],
                "additionalProperties": False,
                "properties": {
                    "kind": {"enum": list(STEP_KINDS)},
                    "value": {},
                    "label": {"type": "string"},
                    "command": command,
                    "then": {"type": "array", "items": {"$ref": "#/$defs/step"}},
                },
            },
        },
    }


BUILT_IN = (EDITION_2019, CLASSIC)
"""The editions whose cards the shipped schema files list."""


def _kinds(editions: Iterable[Edition]) -> dict[str, Any]:
    """The ``$defs`` of the open kinds: the editions' cards, and the knock-outs they bring."""
    chosen = list(editions)
    cards = [card for card in Card if any(card in ed.cards for ed in chosen)]
    causes = {cause for card in cards for cause, *_ in RULES[card].knock_outs}
    return {
        "Card": {"enum": [card.value for card in cards]},
        "KnockOutCause": {"enum": [cause.value for cause in KnockOutCause if cause in causes]},
    }


def build(editions: Iterable[Edition] | None = None) -> dict[str, dict[str, Any]]:
    """Every schema, generated from the codecs, for the cards of ``editions``.

    By default, the built-in editions' (:data:`BUILT_IN`): the files that ship.
    """
    kinds = _kinds(BUILT_IN if editions is None else editions)
    documents = {
        "command": _command(),
        "event": _event(),
        "view": _view(),
        "refusal": _refusal(),
        "host": _host(),
    }
    for body in documents.values():
        body["$defs"] = {**body.get("$defs", {}), **kinds}
    return documents


def schema(name: str) -> dict[str, Any]:
    """The shipped schema called ``name``: one of :data:`NAMES`."""
    text = (
        resources.files("loveletter")
        .joinpath("schemas", f"{name}.schema.json")
        .read_text(encoding="utf-8")
    )
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def write(folder: Path) -> None:
    """Write every schema into ``folder``."""
    for name, body in build().items():
        (folder / f"{name}.schema.json").write_text(
            json.dumps(body, indent=2) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    write(Path(__file__).resolve().parent.parent / "schemas")
