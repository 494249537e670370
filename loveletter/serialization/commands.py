"""JSON in and out.

Commands use the shapes of the scenario format (``../shared/scenarios/FORMAT.md``)::

    {"draw": "Anna"}
    {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "Prince"}}
    {"choose": {"player": "Anna", "keep": "Princess", "return": ["Guard", "Spy"]}}
    {"deal": {"set_aside": ..., "face_up": [...], "hands": {...}, "draw_pile": [...]},
     "first": "Ben"}

Reading is strict: anything malformed raises
:class:`~loveletter.errors.InvalidCommandError` naming what is wrong and where (a JSON
path), and no half-valid object is ever built. Card names are resolved for an edition:
English names in any letter case, or values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.editions import Edition
from loveletter.errors import InvalidCommandError, Reason
from loveletter.layout import Layout

__all__ = ["UnknownCardError", "command_from_data", "command_to_data", "layout_from_data"]


class UnknownCardError(InvalidCommandError):
    """A command names something that is no card of the edition.

    It could not be built, but it is still refused with the reason that takes
    precedence; ``kind``, ``player`` and ``target`` say what it was.
    """

    def __init__(
        self,
        name: object,
        *,
        where: str,
        kind: type[Command],
        description: str,
        player: str | None = None,
        target: str | None = None,
    ) -> None:
        reason = Reason.BAD_DEAL if kind is Deal else Reason.UNKNOWN_CARD
        super().__init__(f"{name!r} is not a card", where=where, reason=reason)
        self.name = name
        self.kind = kind
        self.description = description
        self.player = player
        self.target = target


def _object(data: object, where: str, keys: set[str], required: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidCommandError(f"expected an object, got {_kind(data)}", where=where)
    unknown = sorted(set(data) - keys)
    if unknown:
        raise InvalidCommandError(
            f"unknown key {unknown[0]!r} (expected {', '.join(sorted(keys))})", where=where
        )
    missing = sorted(required - set(data))
    if missing:
        raise InvalidCommandError(f"missing key {missing[0]!r}", where=where)
    return data


def _kind(data: object) -> str:
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


def _name(data: object, where: str) -> str:
    if not isinstance(data, str) or not data:
        raise InvalidCommandError(f"expected a player's name, got {_kind(data)}", where=where)
    return data


def _optional_name(data: object, where: str) -> str | None:
    return None if data is None else _name(data, where)


class _Cards:
    """Resolves card names for one edition, remembering what the command was."""

    def __init__(
        self,
        edition: Edition,
        kind: type[Command],
        description: str,
        player: str | None = None,
        target: str | None = None,
    ) -> None:
        self.edition = edition
        self.kind = kind
        self.description = description
        self.player = player
        self.target = target

    def card(self, data: object, where: str) -> Card:
        if isinstance(data, (str, int)) and not isinstance(data, bool):
            card = self.edition.parse_card(data)
            if card is not None:
                return card
            raise UnknownCardError(
                data,
                where=where,
                kind=self.kind,
                description=self.description,
                player=self.player,
                target=self.target,
            )
        raise InvalidCommandError(f"expected a card's name, got {_kind(data)}", where=where)

    def cards(self, data: object, where: str) -> tuple[Card, ...]:
        if not isinstance(data, (list, tuple)):
            raise InvalidCommandError(f"expected a list of cards, got {_kind(data)}", where=where)
        return tuple(self.card(item, f"{where}[{index}]") for index, item in enumerate(data))


def layout_from_data(data: object, edition: Edition, where: str = "$") -> Layout:
    """A :class:`~loveletter.layout.Layout` from its JSON shape."""
    fields = _object(
        data,
        where,
        {"set_aside", "face_up", "hands", "draw_pile"},
        {"set_aside", "hands", "draw_pile"},
    )
    cards = _Cards(edition, Deal, "the deal")
    hands_data = fields["hands"]
    if not isinstance(hands_data, Mapping):
        raise InvalidCommandError(
            f"expected an object, got {_kind(hands_data)}", where=f"{where}.hands"
        )
    hands = tuple(
        (_name(player, f"{where}.hands"), cards.card(card, f"{where}.hands.{player}"))
        for player, card in hands_data.items()
    )
    return Layout(
        set_aside=cards.card(fields["set_aside"], f"{where}.set_aside"),
        face_up=cards.cards(fields.get("face_up", []), f"{where}.face_up"),
        hands=hands,
        draw_pile=cards.cards(fields["draw_pile"], f"{where}.draw_pile"),
    )


def command_from_data(data: object, edition: Edition, where: str = "$") -> Command:
    """A command from its JSON shape (see the module's documentation)."""
    if not isinstance(data, Mapping) or not data:
        raise InvalidCommandError(f"expected a command object, got {_kind(data)}", where=where)
    if "deal" in data:
        fields = _object(data, where, {"deal", "first"}, {"deal"})
        layout = (
            None
            if fields["deal"] is None
            else layout_from_data(fields["deal"], edition, f"{where}.deal")
        )
        return Deal(layout=layout, first=_optional_name(fields.get("first"), f"{where}.first"))
    if len(data) != 1:
        raise InvalidCommandError(
            f"expected one of 'draw', 'play', 'choose', 'deal', got {', '.join(map(repr, data))}",
            where=where,
        )
    ((key, body),) = data.items()
    here = f"{where}.{key}"
    if key == "draw":
        return Draw(player=_name(body, here))
    if key == "play":
        fields = _object(body, here, {"player", "card", "target", "guess"}, {"player", "card"})
        player = _name(fields["player"], f"{here}.player")
        target = _optional_name(fields.get("target"), f"{here}.target")
        description = f"{player}'s {fields['card']}" + (f" on {target}" if target else "")
        if fields.get("guess") is not None:
            description += f" naming {fields['guess']}"
        cards = _Cards(edition, Play, description, player, target)
        card = cards.card(fields["card"], f"{here}.card")
        guess = fields.get("guess")
        return Play(
            player=player,
            card=card,
            target=target,
            guess=None if guess is None else cards.card(guess, f"{here}.guess"),
        )
    if key == "choose":
        fields = _object(body, here, {"player", "keep", "return"}, {"player", "keep", "return"})
        player = _name(fields["player"], f"{here}.player")
        cards = _Cards(edition, Choose, f"{player}'s Chancellor choice", player)
        return Choose(
            player=player,
            keep=cards.card(fields["keep"], f"{here}.keep"),
            returned=cards.cards(fields["return"], f"{here}.return"),
        )
    raise InvalidCommandError(
        f"unknown command {key!r} (expected 'draw', 'play', 'choose' or 'deal')", where=where
    )


def layout_to_data(layout: Layout) -> dict[str, Any]:
    """The JSON shape of a layout."""
    return {
        "set_aside": str(layout.set_aside),
        "face_up": [str(card) for card in layout.face_up],
        "hands": {player: str(card) for player, card in layout.hands},
        "draw_pile": [str(card) for card in layout.draw_pile],
    }


def command_to_data(command: Command) -> dict[str, Any]:
    """The JSON shape of a command."""
    if isinstance(command, Draw):
        return {"draw": command.player}
    if isinstance(command, Play):
        body: dict[str, Any] = {"player": command.player, "card": str(command.card)}
        if command.target is not None:
            body["target"] = command.target
        if command.guess is not None:
            body["guess"] = str(command.guess)
        return {"play": body}
    if isinstance(command, Choose):
        return {
            "choose": {
                "player": command.player,
                "keep": str(command.keep),
                "return": [str(card) for card in command.returned],
            }
        }
    data: dict[str, Any] = {
        "deal": None if command.layout is None else layout_to_data(command.layout)
    }
    if command.first is not None:
        data["first"] = command.first
    return data
