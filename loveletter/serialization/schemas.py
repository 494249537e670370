"""JSON Schemas (draft 2020-12) of the JSON this library writes.

The schema files ship in the package (``loveletter/schemas/*.schema.json``) for clients in
other languages; they are generated from the same codecs that write the JSON, and a test
checks that the shipped files are up to date. Regenerate them with
``python -m loveletter.serialization.schemas``.

>>> sorted(schema("event")["$defs"])[:3]
['CardDrawn', 'CardPlayed', 'CardsReturned']
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from loveletter.cards import Card
from loveletter.events import EVENT_CLASSES
from loveletter.serialization.base import FORMAT_VERSION
from loveletter.serialization.records import record_codec
from loveletter.views import View

__all__ = ["NAMES", "build", "schema"]

NAMES = ("command", "event", "view")
"""The schemas that ship: one per kind of document."""

_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_FORMAT = {"const": FORMAT_VERSION}
_NAME = {"type": "string", "minLength": 1}
_CARD = {"enum": [card.value for card in Card]}


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
        "properties": {"player": _NAME, "card": _CARD, "target": _NAME, "guess": _CARD},
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


def build() -> dict[str, dict[str, Any]]:
    """Every schema, generated from the codecs."""
    return {"command": _command(), "event": _event(), "view": _view()}


def schema(name: str) -> dict[str, Any]:
    """The shipped schema called ``name`` (``"command"``, ``"event"`` or ``"view"``)."""
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
