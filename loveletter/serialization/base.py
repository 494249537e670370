"""Strict reading of JSON-shaped data: every check names what is wrong and where."""

from __future__ import annotations

import enum
import json
import math
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from loveletter.cards import Card, card_named
from loveletter.errors import InvalidCommandError

FORMAT_VERSION = 1
"""The version of the JSON format written by this library (the ``"format"`` key)."""

E = TypeVar("E", bound=enum.Enum)


def kind_of(data: object) -> str:
    """How to name ``data``'s JSON type in a message."""
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "a boolean"
    if isinstance(data, (int, float)):
        return "a number"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, (list, tuple)):
        return "a list"
    if isinstance(data, Mapping):
        return "an object"
    return type(data).__name__


def fail(where: str, message: str) -> InvalidCommandError:
    """The error to raise for malformed input at ``where``."""
    return InvalidCommandError(message, where=where)


MAX_SIZE = 1_000_000
"""The largest JSON document the readers take by default: a million characters (or bytes).
A whole logged game is a few tens of thousands; pass ``max_size`` to read larger ones."""

MAX_DIGITS = 40
"""The most digits a JSON number may have (a seed has at most 39)."""


class _RefusedError(ValueError):
    """Raised inside the JSON parser's hooks: a document this library will not read."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        twice = next(key for index, (key, _) in enumerate(pairs) if key in dict(pairs[:index]))
        raise _RefusedError(f"the key {twice!r} appears twice in one object")
    return found


def _float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):
        raise _RefusedError(f"{text} is too large a number")
    return number


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _RefusedError(f"a number has more than {MAX_DIGITS} digits")
    return int(text)


def _no_constant(text: str) -> object:
    raise _RefusedError(f"{text} is not a number JSON allows")


_DECODER = json.JSONDecoder(
    object_pairs_hook=_pairs,
    parse_int=_integer,
    parse_float=_float,
    parse_constant=_no_constant,
)
"""The one JSON decoder of the readers, with every refusal of :func:`parse` in its hooks
(``json.loads`` would build a new one for every document)."""


def parse(text: str | bytes, *, max_size: int = MAX_SIZE) -> object:
    """JSON text as data; malformed text raises InvalidCommandError.

    Refused before parsing: text longer than ``max_size`` characters (or bytes). Refused
    while parsing: an object with the same key twice, a number of more than
    :data:`MAX_DIGITS` digits, ``NaN`` and ``Infinity``, nesting deeper than Python can
    follow, and bytes that are not UTF-8.
    """
    if not isinstance(text, (str, bytes, bytearray)):
        raise fail("$", f"expected JSON text, got {kind_of(text)}")
    if len(text) > max_size:
        raise fail("$", f"the document is larger than {max_size:,} characters; it was not read")
    try:
        decoded = text.decode("utf-8") if isinstance(text, (bytes, bytearray)) else text
        decoded = decoded.strip(" \t\n\r")  # JSON's white space, and no other
        data, end = _DECODER.raw_decode(decoded)
        if end != len(decoded):
            raise json.JSONDecodeError("Extra data", decoded, end)
        return data
    except json.JSONDecodeError as error:
        raise fail(
            "$", f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from None
    except UnicodeDecodeError as error:
        byte = error.object[error.start : error.start + 1].hex()
        raise fail("$", f"not UTF-8 text: byte 0x{byte} at {error.start} is invalid") from None
    except RecursionError:
        raise fail("$", "nested too deeply") from None
    except _RefusedError as refused:
        raise fail("$", str(refused)) from None
    except ValueError as error:  # a number json.loads itself cannot build
        raise fail("$", f"not readable JSON: {error}") from None


def dump(data: object) -> str:
    """Data as compact JSON text (non-ASCII characters kept as they are)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def obj(
    data: object, where: str, keys: Sequence[str], required: Sequence[str] = ()
) -> Mapping[str, Any]:
    """``data`` as an object with only ``keys`` and at least ``required``."""
    if not isinstance(data, dict) and not isinstance(data, Mapping):
        raise fail(where, f"expected an object, got {kind_of(data)}")
    for key in data:
        if key not in keys:
            raise fail(where, f"unknown key {key!r} (expected {', '.join(sorted(keys))})")
    for key in required:
        if key not in data:
            raise fail(where, f"missing key {key!r}")
    return data


def check_format(data: Mapping[str, Any], where: str, *, required: bool) -> None:
    """The ``"format"`` key, if present (or when required), is this library's version."""
    if "format" not in data:
        if required:
            raise fail(where, "missing key 'format'")
        return
    if type(data["format"]) is not int or data["format"] != FORMAT_VERSION:
        raise fail(
            f"{where}.format",
            f"unsupported format {data['format']!r} (this library reads {FORMAT_VERSION})",
        )


def name(data: object, where: str) -> str:
    """A player's name."""
    if not isinstance(data, str) or not data:
        raise fail(where, f"expected a player's name, got {kind_of(data)}")
    return data


def optional_name(data: object, where: str) -> str | None:
    """A player's name or null."""
    return None if data is None else name(data, where)


def names(data: object, where: str) -> tuple[str, ...]:
    """A list of player names."""
    return tuple(name(item, f"{where}[{i}]") for i, item in enumerate(seq(data, where)))


def seq(data: object, where: str) -> Sequence[Any]:
    """``data`` as a list."""
    if not isinstance(data, list):
        raise fail(where, f"expected a list, got {kind_of(data)}")
    return data


def integer(data: object, where: str, *, low: int | None = None) -> int:
    """A whole number, at least ``low``."""
    if isinstance(data, bool) or not isinstance(data, int):
        raise fail(where, f"expected a whole number, got {kind_of(data)}")
    if low is not None and data < low:
        raise fail(where, f"expected a number of at least {low}, got {data}")
    return data


def boolean(data: object, where: str) -> bool:
    """True or false."""
    if not isinstance(data, bool):
        raise fail(where, f"expected true or false, got {kind_of(data)}")
    return data


def card(data: object, where: str) -> Card:
    """A card, by its English name (any letter case) or playing-card label."""
    if not isinstance(data, str):
        raise fail(where, f"expected a card's name, got {kind_of(data)}")
    found = card_named(data)
    if found is None:
        raise fail(where, f"{data!r} is not a card")
    return found


def optional_card(data: object, where: str) -> Card | None:
    """A card or null (a hidden card)."""
    return None if data is None else card(data, where)


def choice(enum_type: type[E], data: object, where: str) -> E:
    """A member of ``enum_type``, by its value."""
    for member in enum_type:
        if member.value == data:
            return member
    allowed = ", ".join(repr(member.value) for member in enum_type)
    raise fail(where, f"expected one of {allowed}, got {data!r}")
