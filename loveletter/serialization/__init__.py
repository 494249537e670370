"""JSON in and out: commands, events (full or redacted), states, views, game logs.

Every document carries ``"format": 1``; the shapes are::

    {"format": 1, "play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "Prince"}}
    {"format": 1, "event": "CardPlayed", "player": "Anna", "card": "Guard", ...}
    {"format": 1, "state": {...}}        the full state, hidden cards included
    {"format": 1, "view": {...}}         what one player (or a spectator) sees
    {"format": 1, "refusal": {"reason": "TARGET_SELF", "ruling": "...", "message": "..."}}
    {"format": 1, "setup": {...}, "commands": [...]}   a game's log

Commands keep the shapes of the scenario format (``{"draw": "Anna"}``, ``{"play": ...}``,
``{"choose": ...}``, ``{"deal": ...}``), so a scenario's steps are commands as they stand.
In a redacted event a card the viewer may not see is ``null``.

Reading untrusted JSON never crashes and never builds a half-valid object: anything
malformed raises :class:`~loveletter.errors.InvalidCommandError` with a message that says
what is wrong and where (a JSON path such as ``$.play.card``), and a stored state that is
not consistent is refused the same way. JSON Schemas for commands and events ship in the
package (:func:`loveletter.serialization.schemas.schema`).

>>> from loveletter import Play, Card
>>> text = to_json(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
>>> text
'{"play":{"player":"Anna","card":"Guard","target":"Ben","guess":"Prince"}}'
>>> command_from_json(text) == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.echo import shown
from loveletter.editions import Edition
from loveletter.errors import ForbiddenCommandError, InvalidCommandError, LoveLetterError, Reason
from loveletter.events import EVENT_CLASSES, Event
from loveletter.referee import Game
from loveletter.refusals import Refusal
from loveletter.serialization import base
from loveletter.serialization.base import FORMAT_VERSION, MAX_SIZE
from loveletter.serialization.commands import (
    UnknownCardError,
    command_from_data,
    command_to_data,
    layout_from_data,
    layout_to_data,
    written_words,
)
from loveletter.serialization.records import Codec, record_codec
from loveletter.serialization.states import (
    LOG_STOPS,
    log_from_data,
    log_stopped_from_data,
    log_to_data,
    setup_from_data,
    setup_to_data,
    state_from_data,
    state_to_data,
)
from loveletter.setup import Setup
from loveletter.state import State
from loveletter.views import View, view_problems
from loveletter.words import LANGUAGES

__all__ = [
    "FORMAT_VERSION",
    "LOG_STOPS",
    "MAX_SIZE",
    "UnknownCardError",
    "command_from_data",
    "command_from_json",
    "command_to_data",
    "event_from_data",
    "event_from_json",
    "from_json",
    "layout_from_data",
    "layout_to_data",
    "log_from_json",
    "log_stopped_from_json",
    "log_to_json",
    "read_command",
    "refusal_from_json",
    "setup_from_data",
    "setup_to_data",
    "state_from_data",
    "state_from_json",
    "to_data",
    "to_json",
    "view_from_json",
]

EVENT_TYPES: dict[str, type[Any]] = {cls.__name__: cls for cls in EVENT_CLASSES}
"""Every event class, by the name its JSON carries under ``"event"``."""

_COMMAND_TYPES = (Draw, Play, Choose, Deal, TakeBack, Redeal)


def _event_codec(name: str) -> Codec:
    cls: Any = EVENT_TYPES[name]
    return record_codec(cls, tag="event")


T = TypeVar("T")
P = ParamSpec("P")


def _guarded(read: Callable[P, T]) -> Callable[P, T]:
    """Make sure reading raises nothing but InvalidCommandError (the library's promise)."""

    @functools.wraps(read)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return read(*args, **kwargs)
        except InvalidCommandError:
            raise
        except LoveLetterError as error:
            raise InvalidCommandError(str(error)) from error
        except RecursionError:
            raise InvalidCommandError("the input is nested too deeply") from None
        except (TypeError, ValueError, KeyError, AttributeError) as error:  # pragma: no cover
            raise InvalidCommandError(
                f"unreadable input ({type(error).__name__}: {error})"
            ) from error

    return guarded


def to_data(value: Command | Event | State | View | Refusal | Game | Setup) -> dict[str, Any]:
    """The JSON shape of a command, event, state, view, refusal, or a game's log.

    Each document carries the ``"format"`` it is written in, but a command: a command
    has one shape wherever it stands, alone or in a view's ``legal`` list, and its
    ``"format"`` is optional when it is read.
    """
    head: dict[str, Any] = {"format": FORMAT_VERSION}
    if isinstance(value, _COMMAND_TYPES):
        return command_to_data(value)
    if isinstance(value, State):
        return {**head, "state": state_to_data(value)}
    if isinstance(value, View):
        return {**head, "view": record_codec(View).encode(value)}
    if isinstance(value, Refusal):
        return {
            **head,
            "refusal": {
                "reason": value.reason.value,
                "ruling": value.ruling,
                "message": value.message,
                "to_player": value.to_player,
                "key": value.key,
                "language": value.language,
            },
        }
    if isinstance(value, Game):
        if value.setup is None:
            raise TypeError("a game made from a state has no setup to log")
        return {**head, **log_to_data(value.setup, value.log)}
    if isinstance(value, Setup):
        return {**head, **log_to_data(value, ())}
    if type(value).__name__ in EVENT_TYPES:
        return {**head, **_event_codec(type(value).__name__).encode(value)}
    raise TypeError(f"cannot write {value!r} as JSON")


def to_json(value: Command | Event | State | View | Refusal | Game | Setup) -> str:
    """:func:`to_data`, as compact JSON text."""
    return base.dump(to_data(value))


def _document(data: object, key: str) -> Mapping[str, Any]:
    fields = base.obj(data, "$", ("format", key), ("format", key))
    base.check_format(fields, "$", required=True)
    return fields


@_guarded
def command_from_json(
    text: str | bytes | Mapping[str, Any],
    edition: Edition | None = None,
    *,
    max_size: int = base.MAX_SIZE,
) -> Command:
    """A command from JSON (text, or data already parsed); text over ``max_size`` is refused."""
    data = text if isinstance(text, Mapping) else base.parse(text, max_size=max_size)
    return command_from_data(data, edition)


@_guarded
def event_from_data(data: object) -> Event:
    """An event (full or redacted) from its JSON shape."""
    if not isinstance(data, Mapping):
        raise base.fail("$", f"expected an event object, got {base.kind_of(data)}")
    base.check_format(data, "$", required=False)
    name = data.get("event")
    if not isinstance(name, str) or name not in EVENT_TYPES:
        raise base.fail("$.event", f"unknown event {name!r}")
    event: Event = _event_codec(name).decode(data, "$")
    return event


def event_from_json(text: str | bytes, *, max_size: int = base.MAX_SIZE) -> Event:
    """An event from JSON text."""
    return event_from_data(_parse(text, max_size=max_size))


@_guarded
def state_from_json(
    text: str | bytes | Mapping[str, Any], *, max_size: int = base.MAX_SIZE
) -> State:
    """A full state from JSON; an inconsistent state is refused."""
    data = text if isinstance(text, Mapping) else base.parse(text, max_size=max_size)
    return state_from_data(_document(data, "state")["state"], "$.state")


@_guarded
def view_from_json(text: str | bytes | Mapping[str, Any], *, max_size: int = base.MAX_SIZE) -> View:
    """A view from JSON.

    A view that no table shows (:func:`~loveletter.views.view_problems`) is refused.
    """
    data = text if isinstance(text, Mapping) else base.parse(text, max_size=max_size)
    view: View = record_codec(View).decode(_document(data, "view")["view"], "$.view")
    problems = view_problems(view)
    if problems:
        raise base.fail("$.view", "not a view any table shows: " + "; ".join(problems))
    return view


@_guarded
def refusal_from_json(
    text: str | bytes | Mapping[str, Any], *, max_size: int = base.MAX_SIZE
) -> Refusal:
    """A refusal from JSON."""
    data = text if isinstance(text, Mapping) else base.parse(text, max_size=max_size)
    body = base.obj(
        _document(data, "refusal")["refusal"],
        "$.refusal",
        ("reason", "ruling", "message", "to_player", "key", "language"),
        ("reason", "ruling", "message"),
    )
    ruling, message = body["ruling"], body["message"]
    to_player = body.get("to_player", message)
    key, language = body.get("key", ""), body.get("language", "en")
    if not all(isinstance(text, str) for text in (ruling, message, to_player, key, language)):
        raise base.fail(
            "$.refusal", "expected strings for ruling, message, to_player, key and language"
        )
    if language not in LANGUAGES:
        raise base.fail("$.refusal.language", f"expected one of {', '.join(LANGUAGES)}")
    return Refusal(
        reason=base.choice(Reason, body["reason"], "$.refusal.reason"),
        ruling=ruling,
        key=key,
        language=language,
        texts=((language, message, to_player),),
    )


@_guarded
def log_from_json(
    text: str | bytes | Mapping[str, Any], *, max_size: int = base.MAX_SIZE
) -> tuple[Setup, tuple[Command, ...]]:
    """A game's setup and commands from the JSON of its log."""
    data = text if isinstance(text, Mapping) else base.parse(text, max_size=max_size)
    if not isinstance(data, Mapping):
        raise base.fail("$", f"expected a game log object, got {base.kind_of(data)}")
    base.check_format(data, "$", required=True)
    return log_from_data(data)


@_guarded
def log_stopped_from_json(
    text: str | bytes | Mapping[str, Any], *, max_size: int = base.MAX_SIZE
) -> str | None:
    """Why a game's log stops before the game's end, or ``None`` (it does not say).

    One of ``LOG_STOPS``: ``"interrupted"`` (Ctrl-C) or ``"left"`` (the player left
    the table), as the terminal game writes it.

    >>> setup = {"players": ["Anna", "Ben"]}
    >>> log_stopped_from_json({"format": 1, "setup": setup, "commands": [], "stopped": "left"})
    'left'
    """
    data = text if isinstance(text, Mapping) else base.parse(text, max_size=max_size)
    return log_stopped_from_data(data)


def log_to_json(game: Game, *, stopped: str | None = None) -> str:
    """A game's log as JSON text; ``stopped`` says why it ends before the game does.

    The same as :func:`to_json` of the game, with the optional ``"stopped"`` key (one of
    ``LOG_STOPS``) when given.

    >>> game = Game.new(players=["Anna", "Ben"], seed=1)
    >>> log_to_json(game, stopped="interrupted").endswith('"stopped":"interrupted"}')
    True
    """
    if game.setup is None:
        raise TypeError("a game made from a state has no setup to log")
    data = {"format": FORMAT_VERSION, **log_to_data(game.setup, game.log, stopped=stopped)}
    return base.dump(data)


@_guarded
def _parse(text: str | bytes, *, max_size: int = base.MAX_SIZE) -> object:
    return base.parse(text, max_size=max_size)


def from_json(
    text: str | bytes, *, max_size: int = base.MAX_SIZE
) -> Command | Event | State | View | Refusal | tuple[Setup, tuple[Command, ...]]:
    """Whatever JSON document ``text`` holds, by its shape (see the module's documentation).

    Text longer than ``max_size`` characters is refused before it is parsed.
    """
    data = _parse(text, max_size=max_size)
    if isinstance(data, Mapping):
        if "event" in data:
            return event_from_data(data)
        if "state" in data:
            return state_from_json(data)
        if "view" in data:
            return view_from_json(data)
        if "refusal" in data:
            return refusal_from_json(data)
        if "setup" in data:
            return log_from_json(data)
    return command_from_json(data if isinstance(data, Mapping) else text, max_size=max_size)


def read_command(
    game: Game,
    data: str | bytes | Mapping[str, object],
    *,
    sender: str | None = None,
    max_size: int = base.MAX_SIZE,
) -> Command:
    """A command for ``game`` from a client's JSON (text, or data already parsed).

    Cards may be named by name, playing-card label or value in the game's edition.
    Refused, in this order, each before anything that follows is looked at:

    * text over ``max_size`` characters, and malformed input:
      :class:`~loveletter.errors.InvalidCommandError` (with the JSON path of what is
      wrong);
    * with a ``sender`` (the player the message came from), a command of another
      player, or one that only the table sends (a deal, a redeal):
      :class:`~loveletter.errors.ForbiddenCommandError`, before any rule runs;
    * a name that is no card: :class:`~loveletter.refusals.IllegalCommandError` with the
      refusal that takes precedence (``NOT_YOUR_TURN`` before ``UNKNOWN_CARD``, say).

    A command that the rules forbid is read all the same: :meth:`Game.apply
    <loveletter.referee.Game.apply>` (or :meth:`~loveletter.referee.Game.check`) refuses it.

    >>> game = Game.new(["Anna", "Ben"], seed=1)
    >>> read_command(game, '{"play": {"player": "Anna", "card": "1", "target": "Ben", "guess": 5}}')
    Play(player='Anna', card=Card.GUARD, target='Ben', guess=Card.PRINCE)
    >>> from loveletter.refusals import IllegalCommandError
    >>> try:
    ...     read_command(game, '{"play": {"player": "Ben", "card": "Jester"}}')
    ... except IllegalCommandError as refused:
    ...     print(refused.reason)
    Reason.NOT_YOUR_TURN
    >>> read_command(game, '{"draw": "Ben"}', sender="Anna")
    Traceback (most recent call last):
    ...
    loveletter.errors.ForbiddenCommandError: Anna may send only Anna's commands, not Ben's
    """
    edition = game.table.edition
    try:
        parsed = base.parse(data, max_size=max_size) if isinstance(data, (str, bytes)) else data
        words = written_words(parsed)
        listed = None if words is None else game.legal_commands().by_words(words)
        command = command_from_data(parsed, edition) if listed is None else listed
    except UnknownCardError as unknown:
        if sender is not None:
            _check_sender(sender, unknown.player, unknown.command_type)
        raise unknown.refusal_at(game.state).error() from None
    if sender is not None:
        _check_sender(sender, getattr(command, "player", None), type(command))
    return command


def _check_sender(sender: str, player: str | None, command_type: type[Command]) -> None:
    """Raise :class:`~loveletter.errors.ForbiddenCommandError` unless ``sender`` may send it."""
    if player is None:
        raise ForbiddenCommandError(
            f"{shown(sender)} may not send a {command_type.__name__.lower()}: only the table does",
            sender=sender,
            player=None,
        )
    if player != sender:
        raise ForbiddenCommandError(
            f"{shown(sender)} may send only {shown(sender)}'s commands, not {shown(player)}'s",
            sender=sender,
            player=player,
        )
