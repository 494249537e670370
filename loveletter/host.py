"""The host of one game inside another app: seats, messages in, messages out.

No transport here (no web framework, no sockets): an app carries the text, the host
decides what it means. It does, in this order, what a safe game server must
(``docs/howto/game-server.md``):

1. a seat is tied to its secret token (:meth:`Host.authenticate`); the host keeps only
   each token's hash, and :meth:`Host.stored` never holds a token or sends the seed;
2. a message longer than the host's ``max_message`` is refused before it is parsed;
3. a move is ``{"state": N, "command": {...}}``, or ``{"state": N, "say": "guard ben
   priest"}`` (the move typed as words, :func:`~loveletter.moves.parse_move`): its command
   is read with the seat as its sender (:func:`~loveletter.serialization.read_command`), so
   another seat's command is refused as ``forbidden`` before any rule runs, and words that
   name no move as ``unreadable``;
4. a move made for another state than the game's (``N`` counts the commands in the
   game's log when the seat chose it) is refused as ``stale``: a move sent twice, or
   chosen before someone else's, never lands where its sender did not mean it;
5. only then does the referee check it (``illegal``, with the refusal written in the
   listener's language) or apply it; a round's end is followed by the next deal;
6. each listener is sent only its own view and its own redacted events, told in its own
   language, and the moves it may make as a tree (:func:`~loveletter.moves.moves_for`)
   (:meth:`Host.welcome`, :meth:`Host.update`).

Every message is a JSON object whose ``"type"`` is ``"welcome"``, ``"update"`` or
``"refused"``; their JSON Schema ships with the package
(:func:`loveletter.serialization.schemas.schema`, ``"host"``).

>>> setup = Setup(players=("Anna", "Ben"), edition="2019", seed=7, first="Anna")
>>> host, tokens = Host.create(setup)
>>> host.authenticate("Anna", tokens["Anna"]), host.authenticate("Anna", tokens["Ben"])
(True, False)
>>> outcome = host.receive("Ben", '{"state": 0, "command": {"draw": "Anna"}}')
>>> outcome.error, outcome.message("en")
('forbidden', "Ben may send only Ben's commands, not Anna's")
>>> host.game.state.hand("Anna")
(Card.GUARD, Card.HANDMAID)
>>> outcome = host.receive("Anna", '{"state": 0, "say": "guard ben priest"}')
>>> outcome.command
Play(player='Anna', card=Card.GUARD, target='Ben', guess=Card.PRIEST)
>>> host.update("Ben", "fr", outcome.events)["narration"][:2]
['Anna joue le Garde sur vous, en nommant le Prêtre.', "Vous n'avez pas le Prêtre."]
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.echo import shown
from loveletter.editions import edition as edition_named
from loveletter.errors import (
    ForbiddenCommandError,
    InvalidCommandError,
    LoveLetterError,
    MoveTextError,
)
from loveletter.events import Event, RoundEnded, RoundStarted, TokenAwarded
from loveletter.moves import moves_for, parse_move
from loveletter.narration import Narrator
from loveletter.referee import Game
from loveletter.refusals import IllegalCommandError, Refusal
from loveletter.serialization import log_from_json, read_command, to_data, to_json
from loveletter.setup import Setup
from loveletter.state import Phase
from loveletter.views import redact, view_for
from loveletter.words import LANGUAGES, edition_title, host_phrase

__all__ = [
    "MAX_MESSAGE",
    "STORY_PAGE",
    "SUMMED_ROUNDS",
    "Accepted",
    "Host",
    "Outcome",
    "Rejected",
    "hash_token",
]

MAX_MESSAGE = 4096
"""The longest message a seat may send, in characters, by default: a move is under 300."""

STORY_PAGE = 100
"""The most events a page of the story holds (:meth:`Host.story`)."""

SUMMED_ROUNDS = 40
"""The most rounds a welcome sums up (the last ones; the rest is in the story's pages)."""

_JOURNAL = 256
"""The commands whose events a host keeps apart, for the steps of an update."""

_KINDS = {Draw: "draw", Play: "play", Choose: "choose", Deal: "deal", TakeBack: "take_back"}

_SHAPE = 'a move is {"state": N, "command": {...}} or {"state": N, "say": "words"}'


def hash_token(token: str) -> str:
    """What a host keeps of a seat's token: its SHA-256, never the token itself.

    Any string has one, a lone surrogate included (it cannot come from a real token).
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen(kw_only=True)
class Accepted:
    """A move the host applied: the command, and every event it caused.

    ``state`` is the state number the move was made for (the command is the game log's
    entry of that number); ``events`` include the next round's deal that followed.
    """

    state: int
    command: Command
    events: tuple[Event, ...]
    error: None = None


@attrs.frozen(kw_only=True)
class Rejected:
    """A message the host refused, and why; nothing changed.

    ``error`` is ``"too_large"``, ``"malformed"``, ``"forbidden"``, ``"unreadable"`` (words
    that name no move: ``candidates`` are what they may have meant), ``"stale"`` (then
    ``state`` is the game's state number) or ``"illegal"`` (then ``refusal`` is the
    referee's). :meth:`message` writes it for its sender in their language.
    """

    error: str
    detail: str = ""
    refusal: Refusal | None = None
    state: int | None = None
    number: int | None = None
    limit: int | None = None
    candidates: tuple[str, ...] = ()

    def message(self, language: str = "en") -> str:
        """Why the message was refused, to its sender, in ``language``."""
        if self.refusal is not None:
            return self.refusal.render(language, you=True)
        if self.error in ("too_large", "stale"):
            return host_phrase(
                self.error, language, state=self.state, number=self.number, limit=self.limit
            )
        return self.detail

    def to_data(self, language: str = "en") -> dict[str, Any]:
        """The ``"refused"`` message for its sender, in ``language``."""
        data: dict[str, Any] = {
            "type": "refused",
            "error": self.error,
            "message": self.message(language),
        }
        if self.state is not None:
            data["state"] = self.state
        if self.candidates:
            data["candidates"] = list(self.candidates)
        if self.refusal is not None:
            refusal = self.refusal
            data["refusal"] = {
                "reason": refusal.reason.value,
                "ruling": refusal.ruling,
                "key": refusal.key,
                "message": refusal.render(language),
                "to_player": refusal.render(language, you=True),
            }
        return data


Outcome = Accepted | Rejected
"""What one message did: :class:`Accepted` or :class:`Rejected`."""


class Host:
    """One game hosted for an app's players: their seats, their moves, their messages.

    Build one with :meth:`create` (a new game) or :meth:`restore` (from what
    :meth:`stored` wrote). ``tokens`` maps each seat a person holds to the hash of its
    token (:func:`hash_token`); seats without a token (a bot's) move through
    :meth:`apply`, which the app calls for them. ``deals`` deals the next round as soon
    as one ends (otherwise the app applies the :class:`~loveletter.commands.Deal`).
    """

    def __init__(
        self,
        game: Game,
        *,
        tokens: Mapping[str, str],
        deals: bool = True,
        max_message: int = MAX_MESSAGE,
    ) -> None:
        if game.setup is None:
            raise LoveLetterError("a host needs a game with its setup (made by Game.new)")
        self.game = game
        self.tokens = dict(tokens)
        self.deals = deals
        self.max_message = max_message
        self.journal: list[tuple[int, Command, tuple[Event, ...]]] = []
        """The last commands applied here, each with the state number after it and its
        events (at most a few hundred): what :meth:`steps` tells, command by command."""

    @classmethod
    def create(
        cls,
        setup: Setup,
        *,
        seats: Iterable[str] | None = None,
        token: Callable[[], str] = lambda: secrets.token_urlsafe(24),
        deals: bool = True,
        max_message: int = MAX_MESSAGE,
    ) -> tuple[Host, dict[str, str]]:
        """A new game of ``setup``, and a secret token for each of ``seats``.

        ``seats`` are the players people hold (every player by default); give each
        token to its seat's holder only: the host keeps their hashes. ``token`` makes
        them (:mod:`secrets` by default; a test passes its own).
        """
        game = Game(setup)
        held = tuple(game.table.players if seats is None else seats)
        unknown = [seat for seat in held if seat not in game.table.seats]
        if unknown:
            raise LoveLetterError(f"no such player at the table: {', '.join(map(repr, unknown))}")
        tokens = {seat: token() for seat in held}
        host = cls(
            game,
            tokens={seat: hash_token(value) for seat, value in tokens.items()},
            deals=deals,
            max_message=max_message,
        )
        host._deal()
        return host, tokens

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        seats: Iterable[str] | None = None,
        token: Callable[[], str] = lambda: secrets.token_urlsafe(24),
        deals: bool = True,
        max_message: int = MAX_MESSAGE,
        **options: Any,
    ) -> tuple[Host, dict[str, str]]:
        """A new game of ``players``, and a token for each of ``seats`` (see :meth:`create`).

        The game is set up as :meth:`Game.new <loveletter.referee.Game.new>` sets one up
        (``options``: ``edition``, ``seed``, ``language``, ``remedy``, ...).

        >>> host, tokens = Host.new(["Anna", "Ben"], seed=3, language="fr")
        >>> sorted(tokens), host.game.table.language
        (['Anna', 'Ben'], 'fr')
        """
        setup = Game.new(players, **options).setup
        assert setup is not None  # a new game has its setup
        return cls.create(setup, seats=seats, token=token, deals=deals, max_message=max_message)

    def stored(self) -> str:
        """The host as JSON to store: the game's log and the tokens' hashes.

        It holds the seed: keep it on the server, never send it.
        """
        return json.dumps(
            {"log": json.loads(to_json(self.game)), "tokens": self.tokens, "deals": self.deals},
            sort_keys=True,
        )

    @classmethod
    def restore(cls, stored: str, *, max_message: int = MAX_MESSAGE) -> Host:
        """The host :meth:`stored` wrote: its game replayed from its log, every move checked."""
        data = json.loads(stored)
        if not isinstance(data, dict) or not {"log", "tokens"} <= set(data):
            raise InvalidCommandError("not a stored host: expected its log and tokens")
        tokens = data["tokens"]
        if not isinstance(tokens, dict) or not all(
            isinstance(key, str) and isinstance(value, str) for key, value in tokens.items()
        ):
            raise InvalidCommandError("a stored host's tokens map seats to hashes")
        game = Game.replay(*log_from_json(data["log"]))
        return cls(
            game, tokens=tokens, deals=data.get("deals", True) is True, max_message=max_message
        )

    # -- who is who ----------------------------------------------------------------

    @property
    def state(self) -> int:
        """The state number: how many commands the game's log holds (it only grows)."""
        return len(self.game.log)

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats people hold, in the order of play."""
        return tuple(player for player in self.game.table.players if player in self.tokens)

    def authenticate(self, seat: object, token: object) -> bool:
        """Whether ``token`` is the secret of the held seat ``seat`` (in constant time)."""
        if not isinstance(seat, str) or not isinstance(token, str):
            return False
        expected = self.tokens.get(seat, "")
        return hmac.compare_digest(hash_token(token), expected) and bool(expected)

    # -- moves -----------------------------------------------------------------------

    def receive(self, seat: str, text: str | bytes) -> Outcome:
        """What the authenticated ``seat``'s message does: applied, or refused and why.

        A move is ``{"state": N, "command": COMMAND}``. Refused, in this order: a message
        over ``max_message`` characters (``too_large``), one that is not a move (``malformed``),
        another seat's command or the table's own (``forbidden``), a move for another
        state than the game's (``stale``), and the referee's refusal (``illegal``).
        """
        if len(text) > self.max_message:  # 1. the size, before anything is parsed
            return Rejected(error="too_large", limit=self.max_message)
        try:
            move = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: nested too deep
            return Rejected(error="malformed", detail="a move is JSON text")
        if not (isinstance(move, dict) and len(move) == 2 and "state" in move):
            return Rejected(error="malformed", detail=_SHAPE)
        number = move["state"]
        if type(number) is not int or not (
            {"command"} == move.keys() - {"state"} or ({"say"} == move.keys() - {"state"})
        ):
            return Rejected(error="malformed", detail=_SHAPE)
        try:  # 2. whose command: the seat's own, or refused before any rule
            command = self._read(seat, move)
        except ForbiddenCommandError as error:
            return Rejected(error="forbidden", detail=str(error))
        except MoveTextError as error:
            return Rejected(error="unreadable", detail=str(error), candidates=error.candidates)
        except IllegalCommandError as error:  # a name that is no card, once the seat's own
            if number != self.state:
                return Rejected(error="stale", state=self.state, number=number)
            return Rejected(error="illegal", refusal=error.refusal)
        except InvalidCommandError as error:
            return Rejected(error="malformed", detail=str(error))
        if number != self.state:  # 3. made for this very state, or not at all
            return Rejected(error="stale", state=self.state, number=number)
        try:  # 4. the referee checks it as it applies it
            events = self.apply(command)
        except IllegalCommandError as error:
            return Rejected(error="illegal", refusal=error.refusal)
        return Accepted(state=number, command=command, events=events)

    def _read(self, seat: str, move: Mapping[str, Any]) -> Command:
        """The command of a move: read from its JSON, or from the words it says."""
        if "command" in move:
            return read_command(self.game, move["command"], sender=seat, max_size=self.max_message)
        text = move["say"]
        if not isinstance(text, str):
            raise InvalidCommandError("a move's words are text")
        command = parse_move(self.game, seat, text)
        if isinstance(command, (Deal, Redeal)):
            raise ForbiddenCommandError(
                f"{shown(seat)} may not send a {type(command).__name__.lower()}: "
                "only the table does",
                sender=seat,
                player=None,
            )
        return command

    def apply(self, command: Command) -> tuple[Event, ...]:
        """Apply a command the app itself makes (a bot's move), then deal if a round ended.

        A refused command raises :class:`~loveletter.refusals.IllegalCommandError`.
        """
        events = list(self._apply(command))
        events.extend(self._deal())
        return tuple(events)

    def follow(self, commands: Iterable[Command]) -> tuple[Event, ...]:
        """Apply ``commands`` as another host's log has them; return their events.

        The deals are in the log, so none is added; each command is checked by the referee.

        What an app does with the moves another process stored, to tell them step by step
        (:meth:`steps`). A refused command raises
        :class:`~loveletter.refusals.IllegalCommandError`.
        """
        events: list[Event] = []
        for command in commands:
            events.extend(self._apply(command))
        return tuple(events)

    def _apply(self, command: Command) -> tuple[Event, ...]:
        """Apply ``command`` to the game, and keep its events in the :attr:`journal`."""
        events = self.game.apply(command)
        self.journal.append((self.state, command, events))
        del self.journal[:-_JOURNAL]
        return events

    def _deal(self) -> list[Event]:
        """The next round's deal, where a round has ended and the host deals."""
        if not self.deals or self.game.phase is not Phase.ROUND_OVER:
            return []
        return list(self._apply(Deal()))

    def take_back_for(self, seat: str) -> TakeBack | None:
        """The take-back ``seat`` may send now (tables with the house remedy), or ``None``."""
        if not self.game.table.remedy or seat not in self.game.table.seats:
            return None
        command = TakeBack(player=seat)
        return command if self.game.check(command) is None else None

    # -- what each listener is sent --------------------------------------------------

    def _check_language(self, language: str) -> None:
        if language not in LANGUAGES:
            raise LoveLetterError(f"no such language: {language!r}")

    def update(
        self,
        listener: str | None,
        language: str,
        events: Sequence[Event],
        *,
        since: int | None = None,
    ) -> dict[str, Any]:
        """What ``listener`` (a player, or ``None`` for a spectator) is sent after ``events``.

        The state number, the events redacted for the listener and told in ``language``,
        the listener's view, the moves it may make now, and whether it may take back.
        Everything comes from :func:`~loveletter.views.view_for` and
        :func:`~loveletter.views.redact`: nothing is read from the full state. With
        ``since`` (the state number the listener was last sent), the message also holds
        ``steps``: what each command since did, with the listener's view after it
        (:meth:`steps`).
        """
        self._check_language(language)
        state = self.game.state
        seen = [redact(event, listener) for event in events]
        narrator = Narrator(you=listener, language=language, everything=True)
        message: dict[str, Any] = {
            "type": "update",
            "state": self.state,
            "listener": listener,
            "language": language,
            "events": [to_data(event) for event in seen],
            "narration": narrator.tell_all(seen),
        }
        if since is not None:
            message["steps"] = self.steps(listener, language, since)
        message["tokens"] = self.tokens_for()
        if listener is not None:
            view = view_for(state, listener)
            take_back = self.take_back_for(listener)
            message["view"] = to_data(view)["view"]
            message["legal"] = [to_data(command) for command in view.legal]
            message["take_back"] = None if take_back is None else to_data(take_back)
            message["moves"] = moves_for(self.game, listener, language=language).to_data()
        else:
            message["view"] = to_data(view_for(state, None))["view"]
        return message

    def steps(self, listener: str | None, language: str, since: int) -> list[dict[str, Any]]:
        """What each command after state ``since`` did, as ``listener`` saw it, in order.

        One step per command of the game's log from ``since`` on (a person's move, a
        bot's, a draw the table made, a deal): who made it (``actor``, ``None`` for a
        deal) and its ``kind`` (``draw``, ``play``, ``choose``, ``deal``, ``take_back``),
        its events redacted for the listener and their ``narration`` in ``language``,
        and the listener's ``view`` after it (:func:`~loveletter.views.view_for` of the
        state after that command): a page draws the board after each step with no rule of
        its own. A round's end is the view after the command that ended it (the
        set-aside card shown, the knocked-out out), before the next deal's step. Only the
        commands this host applied itself are known one by one (its :attr:`journal`); the
        steps start after the last one it does not know.
        """
        self._check_language(language)
        known = [entry for entry in self.journal if entry[0] > since]
        seen = [[redact(event, listener) for event in events] for _, _, events in known]
        narrator = Narrator(you=listener, language=language, everything=True)
        told = narrator.tell_all([event for chunk in seen for event in chunk])
        steps: list[dict[str, Any]] = []
        for (after, command, _), chunk in zip(known, seen, strict=True):
            lines, told = told[: len(chunk)], told[len(chunk) :]
            steps.append(
                {
                    "state": after,
                    "actor": getattr(command, "player", None),
                    "kind": _KINDS.get(type(command), "redeal"),
                    "events": [to_data(event) for event in chunk],
                    "narration": lines,
                    "view": to_data(view_for(self.game.state_at(after), listener))["view"],
                }
            )
        return steps

    def tokens_for(self) -> dict[str, Any]:
        """Each player's favor tokens, and how many of them a Spy won (public to everyone).

        ``{"target": N, "players": {name: {"tokens": n, "spy": k}}}``: a page writes
        "3 of 2" and marks the ``k`` tokens won with a Spy.
        """
        counts = {player: {"tokens": 0, "spy": 0} for player in self.game.table.players}
        for event in self.game.events:
            if isinstance(event, TokenAwarded) and event.player in counts:
                counts[event.player]["tokens"] = event.tokens
                if event.reason.value == "spy":
                    counts[event.player]["spy"] += 1
        return {"target": self.game.table.target, "players": counts}

    def _round_starts(self) -> list[int]:
        """The index in the game's events of each round's :class:`RoundStarted`."""
        return [i for i, event in enumerate(self.game.events) if isinstance(event, RoundStarted)]

    def story(
        self, listener: str | None, language: str, start: int, count: int = STORY_PAGE
    ) -> dict[str, Any]:
        """A page of the story: the game's events ``start`` to ``start + count``, as told.

        ``count`` is at most :data:`STORY_PAGE`; ``next`` is where the next page begins,
        or ``None`` after the last event.
        """
        self._check_language(language)
        events = self.game.events
        start = max(0, min(start, len(events)))
        stop = min(len(events), start + max(0, min(count, STORY_PAGE)))
        seen = [redact(event, listener) for event in events[start:stop]]
        narrator = Narrator(you=listener, language=language, everything=True)
        return {
            "type": "story",
            "start": start,
            "events": [to_data(event) for event in seen],
            "narration": narrator.tell_all(seen),
            "next": stop if stop < len(events) else None,
            "total": len(events),
        }

    def welcome(self, listener: str | None, language: str) -> dict[str, Any]:
        """What ``listener`` is sent when it (re)connects: the game as it saw it, in short.

        The current round's events and their story in full, a summary of each round
        before (``rounds``: its number, how it ended, its winners, its story's last
        lines; the last :data:`SUMMED_ROUNDS` of them), and ``first``, the index of the
        first event sent among ``total``: the rest is sent on request, a page at a time
        (:meth:`story`). Its size does not grow with the game's length.
        """
        events = self.game.events
        starts = self._round_starts()
        first = starts[-1] if starts else 0
        message = self.update(listener, language, events[first:])
        message["type"] = "welcome"
        message["first"] = first
        message["total"] = len(events)
        message["rounds"] = self._rounds(listener, language, events[:first])[-SUMMED_ROUNDS:]
        table = self.game.table
        message["edition"] = edition_title(edition_named(table.edition), language)
        message["players"] = list(table.players)
        message["seats"] = list(self.seats)
        return message

    def _rounds(
        self, listener: str | None, language: str, events: Sequence[Event]
    ) -> list[dict[str, Any]]:
        """A summary of each round ended among ``events``."""
        narrator = Narrator(you=listener, language=language, everything=True)
        rounds: list[dict[str, Any]] = []
        for event in events:
            if isinstance(event, RoundEnded):
                rounds.append(
                    {
                        "round": event.round_number,
                        "end": event.end.value,
                        "winners": list(event.winners),
                        "told": [narrator.tell(redact(event, listener))],
                    }
                )
            elif isinstance(event, TokenAwarded) and rounds:
                rounds[-1]["told"].append(narrator.tell(event))
        return rounds
