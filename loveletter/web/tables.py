"""One web table: its game, its seats and their tokens, its bots, and what each seat is sent.

No web framework here: :mod:`loveletter.web.app` carries the messages, this module decides
them. The rules of a safe server (``docs/howto/game-server.md``) in the order they apply:

1. a connection is tied to one seat by that seat's secret token before anything else;
2. a message longer than :data:`MAX_MESSAGE` is refused before it is parsed;
3. a command is parsed only to learn whose it is, and refused (``forbidden``) unless it
   is the connection's own seat's, before the referee looks at it;
4. only then does the referee check and apply it; bots and deals follow, and the game's
   log is stored;
5. each seat is sent only its own view and its own redacted events. The seed and the
   stored log never leave the server.

>>> table, tokens = Table.create(["Anna", "Ben"], bots=["random"], target=1)
>>> table.authenticate("Anna", tokens["Anna"]), table.authenticate("Anna", tokens["Ben"])
(True, False)
>>> table.receive("Ben", '{"play": {"player": "Anna", "card": "Guard"}}').reply
{'type': 'refused', 'error': 'forbidden', 'message': 'Ben may only send their own commands'}
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from loveletter.bots import BOTS, Bot, make_bot
from loveletter.commands import Command, Deal, Draw, TakeBack
from loveletter.editions import edition as edition_named
from loveletter.errors import IllegalCommandError, InvalidCommandError
from loveletter.events import Event
from loveletter.narration import Narrator
from loveletter.referee import Game
from loveletter.serialization import (
    UnknownCardError,
    command_from_json,
    log_from_json,
    read_command,
    to_data,
    to_json,
)
from loveletter.state import Phase
from loveletter.text import describe
from loveletter.views import redact, view_for
from loveletter.words import card_name, edition_title

__all__ = ["LANGUAGES", "MAX_MESSAGE", "MAX_NAME", "Outcome", "Table", "TableError", "hash_token"]

MAX_MESSAGE = 4096
"""The longest message a client may send, in characters: a command is under 300."""

MAX_NAME = 24
"""The longest name a seat may have, in characters."""

LANGUAGES = ("en", "fr")
"""The languages of the page, its narration and the referee's messages."""


class TableError(ValueError):
    """A table that cannot be set up as asked (its message says why, for the creator)."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@attrs.frozen(kw_only=True)
class Outcome:
    """What one message did: a reply for its sender (if any), and the events it caused."""

    reply: dict[str, Any] | None = None
    events: tuple[Event, ...] = ()


def _refused(error: str, message: str, **more: Any) -> Outcome:
    return Outcome(reply={"type": "refused", "error": error, "message": message, **more})


def _bot_names(bots: Sequence[str], taken: Sequence[str]) -> list[str]:
    """A seat name for each bot: its kind, numbered when there are several."""
    names: list[str] = []
    for index, kind in enumerate(bots, start=1):
        name = f"{kind.capitalize()} bot"
        if name in names or name in taken or bots.count(kind) > 1:
            name = f"{kind.capitalize()} bot {index}"
        names.append(name)
    return names


def _check_names(players: Sequence[str], bots: Sequence[str]) -> None:
    """Raise :class:`TableError` unless the humans' names and the bots' kinds are usable."""
    if not players:
        raise TableError("a table needs at least one person")
    for name in players:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise TableError(f"a seat's name is 1 to {MAX_NAME} characters")
        if not name.isprintable():
            raise TableError("a seat's name is printable text")
    if len(set(players)) != len(players):
        raise TableError("two seats have the same name")
    unknown = [kind for kind in bots if kind not in BOTS]
    if unknown:
        raise TableError(f"unknown bot {unknown[0][:20]!r}: choose among {', '.join(BOTS)}")


class Table:
    """A game in progress, its seats, and the secrets that tie connections to seats.

    Build one with :meth:`create` (a new game) or :meth:`restore` (from the store).
    ``tokens`` maps each human seat to the hash of its token (:func:`hash_token`);
    ``bots`` maps each bot seat to its kind.
    """

    def __init__(
        self,
        game: Game,
        *,
        tokens: Mapping[str, str],
        bots: Mapping[str, str],
        bot_seed: int,
    ) -> None:
        self.game = game
        self.tokens = dict(tokens)
        self.bot_kinds = dict(bots)
        self.bot_seed = bot_seed
        self.bots: dict[str, Bot] = {}
        for index, (name, kind) in enumerate(self.bot_kinds.items()):
            bot = make_bot(kind, seed=bot_seed + index)
            bot.join(name)
            for event in game.events:  # a restored bot learns the game again
                bot.observe(redact(event, name))
            self.bots[name] = bot

    @classmethod
    def create(
        cls,
        players: Sequence[str],
        *,
        bots: Sequence[str] = (),
        edition: str = "2019",
        target: int | str | None = None,
        remedy: bool = False,
        language: str = "en",
    ) -> tuple[Table, dict[str, str]]:
        """A new table for the people ``players`` and the bots ``bots`` (their kinds).

        Return the table and each person's secret token, to be given to that person
        only (the table keeps their hashes). The seed is drawn from :mod:`secrets`.
        ``remedy`` agrees to the house remedy: draws then wait for their player, so a
        move may be taken back until the next player draws. ``language`` is the
        language of the referee's refusals. Raise :class:`TableError` for a table that
        cannot be set up.
        """
        _check_names(players, bots)
        if language not in LANGUAGES:
            raise TableError(f"language is one of {', '.join(LANGUAGES)}")
        bot_names = _bot_names(bots, players)
        try:
            game = Game.new(
                [*players, *bot_names],
                edition=edition,
                target=target,
                remedy=remedy,
                auto_draw=not remedy,
                language=language,
            )
        except (ValueError, KeyError) as error:
            raise TableError(str(error)) from None
        tokens = {name: secrets.token_urlsafe(24) for name in players}
        table = cls(
            game,
            tokens={name: hash_token(token) for name, token in tokens.items()},
            bots=dict(zip(bot_names, bots, strict=True)),
            bot_seed=secrets.randbits(32),
        )
        table.advance()
        return table, tokens

    # -- storing ---------------------------------------------------------------------

    def seats_json(self) -> str:
        """The seats as the store keeps them: token hashes, bots, the bots' seed."""
        return json.dumps(
            {"tokens": self.tokens, "bots": self.bot_kinds, "bot_seed": self.bot_seed},
            sort_keys=True,
        )

    def log_json(self) -> str:
        """The game's log as the store keeps it (it carries the seed: never sent)."""
        return to_json(self.game)

    @classmethod
    def restore(cls, log: str, seats: str) -> Table:
        """The table stored as ``log`` and ``seats``: its game replayed from its log."""
        game = Game.replay(*log_from_json(log))
        data = json.loads(seats)
        return cls(game, tokens=data["tokens"], bots=data["bots"], bot_seed=data["bot_seed"])

    # -- who is who --------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Every seat, in the order of play."""
        return self.game.state.players

    def authenticate(self, seat: object, token: object) -> bool:
        """Whether ``token`` is the secret of the human seat ``seat`` (in constant time)."""
        if not isinstance(seat, str) or not isinstance(token, str):
            return False
        expected = self.tokens.get(seat, "")
        return hmac.compare_digest(hash_token(token), expected) and bool(expected)

    # -- playing -----------------------------------------------------------------------

    def receive(self, seat: str, text: str) -> Outcome:
        """Handle one message from the authenticated ``seat``: a command, as JSON.

        Refused, in this order and before the referee is asked: a message over
        :data:`MAX_MESSAGE` (``too large``), one that is not a command (``malformed``),
        a command for another seat (``forbidden``). Then the referee's refusal
        (``illegal``, with its reason and its message to the player), or the command is
        applied and the bots and the dealer play until a person is to act.
        """
        if len(text) > MAX_MESSAGE:  # 1. cap the size before parsing anything
            return _refused("too large", f"messages are {MAX_MESSAGE} characters at most")
        game = self.game
        try:  # 2. parse, only to learn whose command it is
            player = getattr(command_from_json(text, game.state.edition), "player", None)
        except UnknownCardError as unknown:
            player = unknown.player
        except InvalidCommandError as error:
            return _refused("malformed", str(error))
        if player != seat:  # 3. the connection's seat, before the referee looks
            return _refused("forbidden", f"{seat} may only send their own commands")
        try:  # 4. check and apply
            command = read_command(game, text)
            events = list(game.apply(command))
        except InvalidCommandError as error:
            return _refused("malformed", str(error))
        except IllegalCommandError as error:
            refusal = error.refusal
            data = to_data(refusal)["refusal"]
            return _refused("illegal", refusal.to_player, refusal=data)
        self._tell_bots(events)
        events.extend(self.advance())
        return Outcome(events=tuple(events))

    def _tell_bots(self, events: Sequence[Event]) -> None:
        for name, bot in self.bots.items():
            for event in events:
                bot.observe(redact(event, name))

    def _next_command(self) -> Command | None:
        """What the server plays now on its own: a deal, a bot's move or draw; else None."""
        state = self.game.state
        if state.phase is Phase.GAME_OVER:
            return None
        if state.phase is Phase.ROUND_OVER:
            return Deal()
        actor = state.player_to_act
        if actor is None or actor not in self.bots:
            return None
        if state.phase is Phase.DRAW:
            return Draw(player=actor)
        return self.bots[actor].choose(view_for(state, actor))

    def advance(self) -> list[Event]:
        """Deal, and let the bots play, until a person is to act or the game is over."""
        events: list[Event] = []
        command = self._next_command()
        while command is not None:
            new = self.game.apply(command)
            self._tell_bots(new)
            events.extend(new)
            command = self._next_command()
        return events

    # -- what each seat is sent --------------------------------------------------------

    def take_back_for(self, seat: str) -> TakeBack | None:
        """The take-back ``seat`` may send now (house remedy tables only), or ``None``."""
        if not self.game.state.table.remedy or seat not in self.tokens:
            return None
        command = TakeBack(player=seat)
        return command if self.game.check(command) is None else None

    def message_for(
        self, seat: str, language: str, events: Sequence[Event], *, kind: str = "update"
    ) -> dict[str, Any]:
        """What ``seat`` is sent after ``events``, which are told in ``language``.

        The message holds those events redacted for ``seat``, told as sentences, its
        view, and the moves it may make, each with a label.

        Everything comes from :func:`~loveletter.views.view_for` and
        :func:`~loveletter.views.redact`: nothing is made from the full state.
        """
        state = self.game.state
        view = view_for(state, seat)
        seen = [redact(event, seat) for event in events]
        narrator = Narrator(you=seat, language=language, everything=True)
        moves: list[Command] = list(view.legal)
        take_back = self.take_back_for(seat)
        if take_back is not None:
            moves.append(take_back)
        ed = edition_named(state.edition)
        return {
            "type": kind,
            "seat": seat,
            "language": language,
            "edition": edition_title(ed, language),
            "bots": sorted(self.bots),
            "events": [to_data(event) for event in seen],
            "narration": narrator.tell_all(seen),
            "view": to_data(view)["view"],
            "moves": [
                {"command": to_data(move), "label": describe(move, language, you=True)}
                for move in moves
            ],
            "names": {card_name(spec.card): card_name(spec.card, language) for spec in ed.specs},
        }

    def welcome(self, seat: str, language: str) -> dict[str, Any]:
        """What a seat is sent when it connects or reconnects: the whole game as it saw it."""
        return self.message_for(seat, language, self.game.events, kind="welcome")
