"""Commands (and layouts) to and from JSON-shaped data.

Commands use the shapes of the scenario format (``../shared/scenarios/FORMAT.md``)::

    {"draw": "Anna"}
    {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "Prince"}}
    {"choose": {"player": "Anna", "keep": "Princess", "return": ["Guard", "Spy"]}}
    {"deal": {"set_aside": ..., "face_up": [...], "hands": {...}, "draw_pile": [...]},
     "first": "Ben"}
    {"deal": null}

An optional ``"format": 1`` key may accompany the command. Card names are resolved for an
edition when one is given: English names in any letter case, playing-card labels, or the
card's value in that edition (``"7"`` is the King in 2019, the Countess in classic).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from loveletter.cards import Card, card_named
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.editions import Edition
from loveletter.errors import InvalidCommandError, Reason
from loveletter.layout import Layout
from loveletter.refusals import Refusal
from loveletter.rules.checks import unknown_card_refusal
from loveletter.serialization.base import (
    FORMAT_VERSION,
    check_format,
    fail,
    kind_of,
    name,
    obj,
    optional_name,
    seq,
)
from loveletter.state import State
from loveletter.text import Sketch

__all__ = [
    "UnknownCardError",
    "command_from_data",
    "command_to_data",
    "layout_from_data",
    "layout_to_data",
    "written_words",
]


_KINDS: dict[str, type[Command]] = {"play": Play, "choose": Choose, "deal": Deal}


class UnknownCardError(InvalidCommandError):
    """A command names something that is no card of the edition.

    It cannot be built, but the referee still refuses it with the reason that takes
    precedence (``UNKNOWN_CARD``, or ``BAD_DEAL`` in a deal, after the checks on who and
    when). ``sketch`` is the command as written (a :class:`~loveletter.text.Sketch`);
    ``command_type``, ``player`` and ``target`` say what the command was, and ``name``
    what in it is no card.
    """

    def __init__(self, name: object, *, where: str, sketch: Sketch) -> None:
        command_type = _KINDS[sketch.kind]
        reason = Reason.BAD_DEAL if command_type is Deal else Reason.UNKNOWN_CARD
        super().__init__(f"{name!r} is not a card", where=where, reason=reason)
        self.name = name
        self.sketch = sketch
        self.command_type = command_type
        self.player = sketch.player
        self.target = sketch.target

    def refusal_at(self, state: State) -> Refusal:
        """The referee's refusal of the command in ``state``.

        ``UNKNOWN_CARD`` (or ``BAD_DEAL``), unless a reason that comes first applies.
        """
        return unknown_card_refusal(state, self.sketch, self.name)


def _card(edition: Edition | None, data: object, where: str, sketch: Sketched) -> Card:
    """The card ``data`` names, or :class:`UnknownCardError` if it names none.

    The error carries the command as written, which ``sketch`` makes only then.
    """
    if data.__class__ is str or (isinstance(data, (str, int)) and not isinstance(data, bool)):
        if edition is not None:
            card = edition.parse_card(data)
        else:
            card = card_named(data) if isinstance(data, str) else None
        if card is not None:
            return card
        raise UnknownCardError(data, where=where, sketch=sketch())
    if isinstance(data, float):
        raise fail(where, f"expected a card's name or its value as a whole number, got {data!r}")
    raise fail(where, f"expected a card's name, got {kind_of(data)}")


def _cards(edition: Edition | None, data: object, where: str, sketch: Sketched) -> tuple[Card, ...]:
    items = seq(data, where)
    return tuple(
        _card(edition, item, f"{where}[{index}]", sketch) for index, item in enumerate(items)
    )


Sketched = Callable[[], Sketch]
"""What makes the :class:`~loveletter.text.Sketch` of a command that names no card."""


def _deal_sketch() -> Sketch:
    return Sketch(kind="deal")


def layout_from_data(data: object, edition: Edition | None = None, where: str = "$") -> Layout:
    """A :class:`~loveletter.layout.Layout` from its JSON shape."""
    fields = obj(
        data,
        where,
        ("set_aside", "face_up", "hands", "draw_pile"),
        ("set_aside", "hands", "draw_pile"),
    )
    hands_data = fields["hands"]
    if not isinstance(hands_data, Mapping):
        raise fail(f"{where}.hands", f"expected an object, got {kind_of(hands_data)}")
    hands = tuple(
        (
            name(player, f"{where}.hands"),
            _card(edition, card, f"{where}.hands.{player}", _deal_sketch),
        )
        for player, card in hands_data.items()
    )
    return Layout(
        set_aside=_card(edition, fields["set_aside"], f"{where}.set_aside", _deal_sketch),
        face_up=_cards(edition, fields.get("face_up", []), f"{where}.face_up", _deal_sketch),
        hands=hands,
        draw_pile=_cards(edition, fields["draw_pile"], f"{where}.draw_pile", _deal_sketch),
    )


def _play_from_data(body: object, edition: Edition | None, here: str) -> Play:
    fields = obj(body, here, ("player", "card", "target", "guess", "also"), ("player", "card"))
    player = name(fields["player"], f"{here}.player")
    target = optional_name(fields.get("target"), f"{here}.target")
    also: tuple[str, ...] = ()
    if "also" in fields:
        also = tuple(
            name(other, f"{here}.also[{index}]")
            for index, other in enumerate(seq(fields["also"], f"{here}.also"))
        )
    guess = fields.get("guess")

    def sketch() -> Sketch:
        return Sketch(kind="play", player=player, card=fields["card"], target=target, guess=guess)

    card = _card(edition, fields["card"], f"{here}.card", sketch)
    if type(guess) is int and (edition is None or len(edition.cards_worth(guess)) > 1):
        pass  # a number: what it names (if one card) is the referee's to say
    elif guess is not None:
        guess = _card(edition, guess, f"{here}.guess", sketch)
    return Play(player=player, card=card, target=target, guess=guess, also=also)


def _choice_from_data(body: object, edition: Edition | None, here: str) -> Choose:
    fields = obj(body, here, ("player", "keep", "return"), ("player", "keep", "return"))
    player = name(fields["player"], f"{here}.player")

    def sketch() -> Sketch:
        return Sketch(kind="choose", player=player)

    return Choose(
        player=player,
        keep=_card(edition, fields["keep"], f"{here}.keep", sketch),
        returned=_cards(edition, fields["return"], f"{here}.return", sketch),
    )


_PLAY_KEYS = frozenset({"player", "card", "target", "guess", "also"})
_CHOICE_KEYS = frozenset({"player", "keep", "return"})
_DEAL_KEYS = frozenset({"deal", "first", "format"})


def written_words(data: object) -> tuple[object, ...] | None:
    """A command's JSON shape as :func:`loveletter.legal.written` writes its fields.

    Only for ``data`` that is a command exactly as this library writes one (names as
    text, no labels, no numbers, nothing more); ``None`` for anything else, which the
    reader reads in full.
    """
    if type(data) is not dict:
        return None
    if "format" in data:
        if data["format"] != FORMAT_VERSION:
            return None
        if "deal" not in data:
            data = {key: value for key, value in data.items() if key != "format"}
    if len(data) != 1:
        return _deal_words(data) if "deal" in data else None
    if "play" in data:
        return _play_words(data["play"])
    if "draw" in data:
        return ("draw", data["draw"]) if type(data["draw"]) is str else None
    if "choose" in data:
        return _choice_words(data["choose"])
    if "deal" in data:
        return _deal_words(data)
    return None


def _deal_words(data: dict[str, object]) -> tuple[object, ...] | None:
    first = data.get("first")
    if data["deal"] is not None or not data.keys() <= _DEAL_KEYS or type(first) not in _TEXT:
        return None
    return ("deal", first)


def _play_words(body: object) -> tuple[object, ...] | None:
    if type(body) is not dict or not body.keys() <= _PLAY_KEYS:
        return None
    get = body.get
    player, card, target, guess = get("player"), get("card"), get("target"), get("guess")
    if not {type(player), type(card), type(target), type(guess)} <= _TEXT:
        return None
    if "also" not in body:
        return ("play", player, card, target, guess, ())
    also = body["also"]
    return ("play", player, card, target, guess, tuple(also)) if type(also) is list else None


def _choice_words(body: object) -> tuple[object, ...] | None:
    if type(body) is not dict or body.keys() != _CHOICE_KEYS or type(body["return"]) is not list:
        return None
    return ("choose", body["player"], body["keep"], tuple(body["return"]))


_TEXT = frozenset({str, type(None)})
"""The types of a word a command's JSON writes: a name, or nothing."""


def command_from_data(data: object, edition: Edition | None = None, where: str = "$") -> Command:
    """A command from its JSON shape; malformed data raises InvalidCommandError.

    A name that is no card raises :class:`UnknownCardError` (an InvalidCommandError).
    Without an ``edition`` only names and labels are understood, not values.
    """
    if not isinstance(data, dict) and not isinstance(data, Mapping):
        raise fail(where, f"expected a command object, got {kind_of(data)}")
    check_format(data, where, required=False)
    keys = [key for key in data if key != "format"]
    if "deal" in keys:
        fields = obj(data, where, ("deal", "first", "format"), ("deal",))
        layout = None
        if fields["deal"] is not None:
            layout = layout_from_data(fields["deal"], edition, f"{where}.deal")
        return Deal(layout=layout, first=optional_name(fields.get("first"), f"{where}.first"))
    if len(keys) != 1:
        raise fail(
            where,
            "expected one of 'draw', 'play', 'choose', 'deal', 'take_back', 'redeal', "
            f"got {', '.join(map(repr, keys)) or 'none of them'}",
        )
    key = keys[0]
    body = data[key]
    here = f"{where}.{key}"
    if key == "draw":
        return Draw(player=name(body, here))
    if key == "take_back":
        return TakeBack(player=name(body, here))
    if key == "redeal":
        return Redeal(layout=None if body is None else layout_from_data(body, edition, here))
    if key == "play":
        return _play_from_data(body, edition, here)
    if key == "choose":
        return _choice_from_data(body, edition, here)
    raise fail(
        where,
        f"unknown command {key!r} (expected 'draw', 'play', 'choose', 'deal', 'take_back' "
        "or 'redeal')",
    )


def layout_to_data(layout: Layout) -> dict[str, Any]:
    """The JSON shape of a layout."""
    return {
        "set_aside": str(layout.set_aside),
        "face_up": [str(card) for card in layout.face_up],
        "hands": {player: str(card) for player, card in layout.hands},
        "draw_pile": [str(card) for card in layout.draw_pile],
    }


def command_to_data(command: Command, *, with_format: bool = False) -> dict[str, Any]:
    """The JSON shape of a command."""
    data: dict[str, Any] = {"format": FORMAT_VERSION} if with_format else {}
    if isinstance(command, Draw):
        data["draw"] = command.player
    elif isinstance(command, Play):
        body: dict[str, Any] = {"player": command.player, "card": str(command.card)}
        if command.target is not None:
            body["target"] = command.target
        if command.guess is not None:
            guess = command.guess
            body["guess"] = guess if isinstance(guess, int) else str(guess)
        if command.also:
            body["also"] = list(command.also)
        data["play"] = body
    elif isinstance(command, Choose):
        data["choose"] = {
            "player": command.player,
            "keep": str(command.keep),
            "return": [str(card) for card in command.returned],
        }
    elif isinstance(command, TakeBack):
        data["take_back"] = command.player
    elif isinstance(command, Redeal):
        data["redeal"] = None if command.layout is None else layout_to_data(command.layout)
    else:
        data["deal"] = None if command.layout is None else layout_to_data(command.layout)
        if command.first is not None:
            data["first"] = command.first
    return data
