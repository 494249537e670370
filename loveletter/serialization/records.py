"""Frozen records (events, views) to and from JSON, driven by their field types.

Each field's type picks a codec: a card is its English name, a hidden card ``null``, an
enum its value, a tuple a list, a tuple of ``(player, x)`` pairs an object keyed by
player, a nested record an object. The same codecs give the JSON Schemas, so the schema
files cannot drift from what is written.
"""

from __future__ import annotations

import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from loveletter._kinds import Kind
from loveletter._optional import OPTIONAL
from loveletter.cards import Card
from loveletter.commands import Choose, Deal, Draw, Play, Redeal, TakeBack
from loveletter.serialization import base
from loveletter.serialization.commands import command_from_data, command_to_data

Encode = Callable[[Any], Any]
Decode = Callable[[Any, str], Any]

_COMMAND_TYPES = frozenset({Draw, Play, Choose, Deal, TakeBack, Redeal})


@attrs.frozen
class Codec:
    """How one type goes to JSON and back, and its JSON Schema."""

    encode: Encode
    decode: Decode
    schema: Mapping[str, Any]


def _identity(value: Any) -> Any:
    return value


_CARD_SCHEMA = {"$ref": "#/$defs/Card"}
"""A card: one of the cards a schema document lists (its ``$defs``)."""
_NAME_SCHEMA = {"type": "string", "minLength": 1}


def _optional(inner: Codec) -> Codec:
    return Codec(
        encode=lambda value: None if value is None else inner.encode(value),
        decode=lambda data, where: None if data is None else inner.decode(data, where),
        schema={"oneOf": [inner.schema, {"type": "null"}]},
    )


def _sequence(inner: Codec) -> Codec:
    def decode(data: Any, where: str) -> tuple[Any, ...]:
        return tuple(
            inner.decode(item, f"{where}[{i}]") for i, item in enumerate(base.seq(data, where))
        )

    return Codec(
        encode=lambda value: [inner.encode(item) for item in value],
        decode=decode,
        schema={"type": "array", "items": inner.schema},
    )


def _pairs(inner: Codec) -> Codec:
    def decode(data: Any, where: str) -> tuple[tuple[str, Any], ...]:
        if not isinstance(data, Mapping):
            raise base.fail(where, f"expected an object, got {base.kind_of(data)}")
        return tuple(
            (base.name(key, where), inner.decode(item, f"{where}.{key}"))
            for key, item in data.items()
        )

    return Codec(
        encode=lambda value: {player: inner.encode(item) for player, item in value},
        decode=decode,
        schema={"type": "object", "additionalProperties": inner.schema},
    )


def _enum(enum_type: type[enum.Enum]) -> Codec:
    return Codec(
        encode=lambda value: value.value,
        decode=lambda data, where: base.choice(enum_type, data, where),
        schema={"enum": [member.value for member in enum_type]},
    )


_COMMAND = Codec(
    encode=command_to_data,
    decode=lambda data, where: command_from_data(data, None, where),
    schema={"$ref": "command.schema.json"},
)


def _decode_guess(data: Any, where: str) -> Card | int | None:
    if data is None:
        return None
    if isinstance(data, int) and not isinstance(data, bool):
        return data
    return base.card(data, where)


_GUESS = Codec(
    encode=lambda value: value if value is None or isinstance(value, int) else str(value),
    decode=_decode_guess,
    schema={"oneOf": [_CARD_SCHEMA, {"type": "integer"}, {"type": "null"}]},
)
"""A named card: a card's name, or a number where an edition names values."""

_NAMED = Codec(
    encode=lambda value: value if isinstance(value, int) else str(value),
    decode=_decode_guess,
    schema={"oneOf": [_CARD_SCHEMA, {"type": "integer"}]},
)


def _kind(kind_type: type[Kind]) -> Codec:
    """An open kind: its value; the schema refers to the members a document lists."""

    def decode(data: Any, where: str) -> Kind:
        try:
            return kind_type(data)
        except ValueError:
            allowed = ", ".join(repr(member.value) for member in kind_type)
            raise base.fail(where, f"expected one of {allowed}, got {data!r}") from None

    return Codec(
        encode=lambda value: value.value,
        decode=decode,
        schema={"$ref": f"#/$defs/{kind_type.__name__}"},
    )


_SIMPLE: dict[object, Codec] = {
    int: Codec(_identity, lambda d, w: base.integer(d, w), {"type": "integer"}),
    bool: Codec(_identity, base.boolean, {"type": "boolean"}),
    str: Codec(_identity, base.name, _NAME_SCHEMA),
    Card: Codec(str, base.card, _CARD_SCHEMA),
}


@functools.cache
def codec(tp: Any) -> Codec:
    """The codec of a field type."""
    if tp in _SIMPLE:
        return _SIMPLE[tp]
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    found = None
    if origin in (types.UnionType, typing.Union):
        found = _union_codec(args)
    elif origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        found = _tuple_codec(args[0])
    elif isinstance(tp, type):
        found = _class_codec(tp)
    if found is None:
        raise TypeError(f"no JSON codec for {tp!r}")
    return found


def _union_codec(args: tuple[Any, ...]) -> Codec | None:
    """A command, a named card (maybe none), or an optional value."""
    if set(args) <= _COMMAND_TYPES:
        return _COMMAND
    if set(args) == {Card, int, type(None)}:
        return _GUESS
    if set(args) == {Card, int}:
        return _NAMED
    others = [arg for arg in args if arg is not type(None)]
    if len(others) == 1 and len(args) == 2:
        return _optional(codec(others[0]))
    return None


def _tuple_codec(item: Any) -> Codec:
    """A sequence of items, or of ``(name, value)`` pairs (written as an object)."""
    if typing.get_origin(item) is tuple and typing.get_args(item)[0] is str:
        return _pairs(codec(typing.get_args(item)[1]))
    return _sequence(codec(item))


def _class_codec(tp: type) -> Codec | None:
    """An enum, an open kind (such as a card), or an attrs record."""
    if issubclass(tp, enum.Enum):
        return _enum(tp)
    if issubclass(tp, Kind):
        return _kind(tp)
    if attrs.has(tp):
        return record_codec(tp)
    return None


def _fields(cls: type) -> list[tuple[attrs.Attribute[Any], Codec]]:
    hints = typing.get_type_hints(cls)
    return [(field, codec(hints[field.name])) for field in attrs.fields(cls) if field.init]


@functools.cache
def record_codec(cls: type, *, tag: str | None = None) -> Codec:
    """The codec of an attrs record: an object with one key per field.

    With ``tag``, the object also carries ``{tag: class name}`` (events use ``"event"``).
    """
    fields = _fields(cls)
    keys = [field.name for field, _ in fields]
    required = [field.name for field, _ in fields if field.default is attrs.NOTHING]

    optional = {field.name: field.default for field, _ in fields if field.metadata.get(OPTIONAL)}

    def encode(value: Any) -> dict[str, Any]:
        data: dict[str, Any] = {tag: cls.__name__} if tag else {}
        for field, field_codec in fields:
            item = getattr(value, field.name)
            if field.name in optional and item == optional[field.name]:
                continue  # an optional field is written once set (loveletter._optional)
            data[field.name] = field_codec.encode(item)
        return data

    def decode(data: Any, where: str) -> Any:
        allowed = [*keys, tag, "format"] if tag else keys
        fields_data = base.obj(data, where, allowed, required)
        values = {}
        for field, field_codec in fields:
            if field.name in fields_data:
                values[field.name] = field_codec.decode(
                    fields_data[field.name], f"{where}.{field.name}"
                )
        return cls(**values)

    properties: dict[str, Any] = {field.name: field_codec.schema for field, field_codec in fields}
    if tag:
        properties = {tag: {"const": cls.__name__}, **properties}
    schema = {
        "type": "object",
        "properties": properties,
        "required": ([tag] if tag else []) + required,
        "additionalProperties": False,
    }
    return Codec(encode=encode, decode=decode, schema=schema)
