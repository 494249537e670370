"""One web table: its game, its seats and their tokens, its bots, and what each seat is sent.

No web framework here: :mod:`loveletter.apps.web.app` carries the messages, this module decides
them. The rules of a safe server (``docs/howto/game-server.md``) in the order they apply:

1. a connection is tied to one seat by that seat's secret token before anything else;
2. a message longer than :data:`MAX_MESSAGE` is refused before it is parsed;
3. a move is ``{"state": N, "command": {...}}``: it is parsed only to learn whose command
   it is, and refused (``forbidden``) unless it is the connection's own seat's, before
   the referee looks at it;
4. a move made for another state than the table's (``N`` is the number of commands in
   the game's log when the seat chose it) is refused (``stale``): a move sent twice, or
   chosen before someone else's, never lands where its sender did not mean it;
5. only then does the referee check and apply it; the deals follow, and the game's log
   is stored. The bots choose in a worker (:meth:`Table.think`), off the server's loop;
6. each seat is sent only its own view and its own redacted events. The seed and the
   stored log never leave the server.

>>> table, tokens = Table.create(["Anna", "Ben"], bots=["random"], target=1)
>>> table.authenticate("Anna", tokens["Anna"]), table.authenticate("Anna", tokens["Ben"])
(True, False)
>>> move = '{"state": 0, "command": {"play": {"player": "Anna", "card": "Guard"}}}'
>>> table.receive("Ben", move).reply
{'type': 'refused', 'error': 'forbidden', 'message': 'Ben may only send their own commands'}
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs

from loveletter.apps.refcard import effect_line
from loveletter.bots import BOTS, Bot, HeuristicBot, make_bot
from loveletter.commands import Choose, Command, Deal, Draw, Play, TakeBack
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import InvalidCommandError, LoveLetterError
from loveletter.events import Event, RoundEnded, TokenAwarded
from loveletter.narration import Narrator
from loveletter.referee import Game
from loveletter.refusals import IllegalCommandError
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
from loveletter.views import View, redact, view_for
from loveletter.words import card_name, edition_title

__all__ = [
    "LANGUAGES",
    "MAX_MESSAGE",
    "MAX_NAME",
    "BotMoves",
    "Outcome",
    "Table",
    "TableError",
    "bot_seat_name",
    "hash_token",
]

MAX_MESSAGE = 4096
"""The longest message a client may send, in characters: a move is under 300."""

MAX_NAME = 24
"""The longest name a seat may have, in characters."""

LANGUAGES = ("en", "fr")
"""The languages of the page, its narration and the referee's messages."""

_BOT_WORDS = {
    "heuristic": ("Heuristic", "heuristique"),
    "random": ("Random", "aléatoire"),
    "ismcts": ("ISMCTS", "ISMCTS"),
}


class TableError(LoveLetterError):
    """A table that cannot be set up as asked (its message says why, for the creator)."""


def hash_token(token: str) -> str:
    """What the store keeps of a seat's token: its SHA-256, never the token itself.

    Any string has one, a lone surrogate included (it cannot come from a real token).
    """
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def bot_seat_name(spec: str, language: str = "en") -> str:
    """The seat name of a bot of kind ``spec`` at a table set up in ``language``.

    A spec's options (``ismcts:iterations=5``) are not part of the name.

    >>> bot_seat_name("heuristic"), bot_seat_name("random", "fr"), bot_seat_name("ismcts:n=5")
    ('Heuristic bot', 'Robot aléatoire', 'ISMCTS bot')
    """
    kind = spec.split(":", 1)[0]
    english, french = _BOT_WORDS.get(kind, (kind.capitalize(), kind))
    return f"Robot {french}" if language == "fr" else f"{english} bot"


@attrs.frozen(kw_only=True)
class Outcome:
    """What one message did: a reply for its sender (if any), and the events it caused.

    ``state`` is the state number the accepted command was made for (``None`` if none
    was accepted): the command is the log's entry of that number.
    """

    reply: dict[str, Any] | None = None
    events: tuple[Event, ...] = ()
    state: int | None = None


@attrs.frozen(kw_only=True)
class BotMoves:
    """What the bots chose between two moves of the table's people (:meth:`Table.think`).

    ``commands`` are the deals, draws and bots' moves, in order, from state ``state``;
    ``cut`` counts the bots' decisions the time budget cut short (the heuristic bot
    chose instead); ``seconds`` is the time they took.
    """

    state: int
    commands: tuple[Command, ...]
    cut: int = 0
    seconds: float = 0.0


Decide = Callable[[Bot, View, float], "Command | None"]
"""How a bot is asked to choose within the time left (seconds): its command, or ``None``
if it ran out of time."""


def _decide_plainly(bot: Bot, view: View, left: float) -> Command | None:
    """Ask ``bot``, unless no time is left (it cannot be stopped half-way here)."""
    return bot.choose(view) if left > 0 else None


def _refused(error: str, message: str, **more: Any) -> Outcome:
    return Outcome(reply={"type": "refused", "error": error, "message": message, **more})


def _bot_names(bots: Sequence[str], taken: Sequence[str], language: str) -> list[str]:
    """A seat name for each bot: its kind, numbered when there are several."""
    names: list[str] = []
    kinds = [bot_seat_name(other, language) for other in bots]
    for index, spec in enumerate(bots, start=1):
        name = bot_seat_name(spec, language)
        if name in names or name in taken or kinds.count(name) > 1:
            name = f"{name} {index}"
        names.append(name)
    return names


def _check_names(players: Sequence[object], bots: Sequence[object], offered: Sequence[str]) -> None:
    """Raise :class:`TableError` unless the humans' names and the bots' kinds are usable."""
    if not players:
        raise TableError("a table needs at least one person")
    for name in players:
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
            raise TableError(f"a seat's name is 1 to {MAX_NAME} characters")
        if not name.isprintable() or name != name.strip():
            raise TableError("a seat's name is printable text, with no space around it")
    if len(set(players)) != len(players):
        raise TableError("two seats have the same name")
    for kind in bots:
        if not isinstance(kind, str) or kind not in offered:
            shown = kind[:20] if isinstance(kind, str) else type(kind).__name__
            raise TableError(f"unknown bot {shown!r}: choose among {', '.join(offered)}")


def _mix(*numbers: int) -> int:
    """A 32-bit seed made of ``numbers`` (the same numbers, the same seed)."""
    digest = hashlib.sha256(",".join(map(str, numbers)).encode()).digest()
    return int.from_bytes(digest[:4], "big")


def _steps(move: Command) -> list[dict[str, Any]]:
    """The choices that make ``move``, in the order the page asks them."""
    if isinstance(move, Play):
        steps: list[dict[str, Any]] = [{"kind": "card", "value": str(move.card)}]
        if move.target is not None:
            steps.append({"kind": "target", "value": move.target})
        if move.guess is not None:
            guess = move.guess if isinstance(move.guess, int) else str(move.guess)
            steps.append({"kind": "guess", "value": guess})
        return steps
    if isinstance(move, Choose):
        steps = [{"kind": "keep", "value": str(move.keep)}]
        if len(move.returned) > 1:  # LL19-CHANCELLOR-ORDER: the last named goes lowest
            steps.append({"kind": "order", "value": [str(card) for card in move.returned]})
        return steps
    if isinstance(move, Draw):
        return [{"kind": "draw", "value": move.player}]
    return [{"kind": "take_back", "value": getattr(move, "player", None)}]


def _cards(ed: Edition, language: str) -> dict[str, dict[str, Any]]:
    """Each kind of card of ``ed``, as the page draws it: value, name, effect, labels."""
    labels = dict(ed.labels)
    return {
        str(spec.card): {
            "name": card_name(spec.card, language),
            "value": spec.value,
            "count": spec.count,
            "effect": effect_line(ed, spec.card, language),
            "labels": list(labels.get(spec.card, ())),
        }
        for spec in ed.specs
    }


class Table:
    """A game in progress, its seats, and the secrets that tie connections to seats.

    Build one with :meth:`create` (a new game) or :meth:`restore` (from the store).
    ``tokens`` maps each human seat to the hash of its token (:func:`hash_token`);
    ``bots`` maps each bot seat to its kind (a spec ``make_bot`` knows). The bots are
    made again, from the game's events, each time they choose (:meth:`think`), so that
    any process holding the table's log can let them play.
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

    @classmethod
    def create(
        cls,
        players: Sequence[str],
        *,
        bots: Sequence[str] = (),
        offered: Sequence[str] | None = None,
        edition: str = "2019",
        target: int | str | None = None,
        remedy: bool = False,
        language: str = "en",
        seeds: random.Random | None = None,
    ) -> tuple[Table, dict[str, str]]:
        """A new table for the people ``players`` and the bots ``bots`` (their kinds).

        Return the table and each person's secret token, to be given to that person
        only (the table keeps their hashes). The game's seed and the bots' are drawn
        from :mod:`secrets`, or from ``seeds`` (for tests: the same ``random.Random``
        state deals the same table; the tokens are drawn from :mod:`secrets` still).
        ``offered`` are the bot kinds allowed (every registered kind by default; a server
        offers its own list). ``remedy`` agrees to the house remedy: draws then wait for
        their player, so a move may be taken back until the next player draws.
        ``language`` is the language of the referee's refusals and of the bots' seat
        names. The first round is dealt; if a bot plays first, :meth:`think` says how.
        Raise :class:`TableError` for a table that cannot be set up.

        >>> one, _ = Table.create(["Anna", "Ben"], bots=["random"], seeds=random.Random(7))
        >>> two, _ = Table.create(["Anna", "Ben"], bots=["random"], seeds=random.Random(7))
        >>> (one.log_json(), one.bot_seed) == (two.log_json(), two.bot_seed)
        True
        """
        _check_names(players, bots, tuple(BOTS) if offered is None else offered)
        if language not in LANGUAGES:
            raise TableError(f"language is one of {', '.join(LANGUAGES)}")
        bot_names = _bot_names(bots, players, language)
        try:
            game = Game.new(
                [*players, *bot_names],
                edition=edition,
                target=target,
                remedy=remedy,
                auto_draw=not remedy,
                language=language,
                rng=seeds,
            )
        except (ValueError, KeyError, TypeError) as error:
            raise TableError(str(error)) from None
        tokens = {name: secrets.token_urlsafe(24) for name in players}
        table = cls(
            game,
            tokens={name: hash_token(token) for name, token in tokens.items()},
            bots=dict(zip(bot_names, bots, strict=True)),
            bot_seed=secrets.randbits(32) if seeds is None else seeds.getrandbits(32),
        )
        table.serve()
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

    @property
    def state(self) -> int:
        """The state number: how many commands the game's log holds (it only grows)."""
        return len(self.game.log)

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.game.over

    def authenticate(self, seat: object, token: object) -> bool:
        """Whether ``token`` is the secret of the human seat ``seat`` (in constant time)."""
        if not isinstance(seat, str) or not isinstance(token, str):
            return False
        expected = self.tokens.get(seat, "")
        return hmac.compare_digest(hash_token(token), expected) and bool(expected)

    # -- playing -----------------------------------------------------------------------

    def receive(self, seat: str, text: str) -> Outcome:
        """Handle one message from the authenticated ``seat``: a move, as JSON.

        A move is ``{"state": N, "command": COMMAND}``. Refused, in this order and before
        the referee is asked: a message over :data:`MAX_MESSAGE` (``too large``), one
        that is not a move (``malformed``), a command for another seat (``forbidden``),
        a move made for another state than the table's (``stale``, with the table's
        ``state``). Then the referee's refusal (``illegal``, with its reason and its
        message to the player), or the command is applied and the deals follow; the bots
        are left to :meth:`think`.
        """
        if len(text) > MAX_MESSAGE:  # 1. cap the size before parsing anything
            return _refused("too large", f"messages are {MAX_MESSAGE} characters at most")
        try:
            move = json.loads(text)
        except (ValueError, RecursionError):  # RecursionError: nested too deep
            return _refused("malformed", "a move is JSON text")
        if not (isinstance(move, dict) and set(move) == {"state", "command"}):
            return _refused("malformed", 'a move is {"state": NUMBER, "command": COMMAND}')
        number, data = move["state"], move["command"]
        if type(number) is not int or not isinstance(data, dict):
            return _refused("malformed", "a move's state is a number and its command an object")
        game = self.game
        try:  # 2. parse, only to learn whose command it is
            player = getattr(command_from_json(data, game.state.edition), "player", None)
        except UnknownCardError as unknown:
            player = unknown.player
        except InvalidCommandError as error:
            return _refused("malformed", str(error))
        if player != seat:  # 3. the connection's seat, before the referee looks
            return _refused("forbidden", f"{seat} may only send their own commands")
        if number != self.state:  # 4. made for this very state, or not at all
            return _refused(
                "stale",
                f"this move was made for state {number}; the table is at state {self.state}",
                state=self.state,
            )
        try:  # 5. check and apply
            events = list(game.apply(read_command(game, data)))
        except InvalidCommandError as error:
            return _refused("malformed", str(error))
        except IllegalCommandError as error:
            refusal = error.refusal
            return _refused("illegal", refusal.to_player, refusal=to_data(refusal)["refusal"])
        events.extend(self.serve())
        return Outcome(events=tuple(events), state=number)

    def _server_command(self) -> Command | None:
        """What the server plays now on its own (a deal, a bot's draw); else ``None``."""
        state = self.game.state
        if state.phase is Phase.GAME_OVER:
            return None
        if state.phase is Phase.ROUND_OVER:
            return Deal()
        actor = state.player_to_act
        if state.phase is Phase.DRAW and actor in self.bot_kinds:
            return Draw(player=actor)
        return None

    def serve(self) -> list[Event]:
        """Deal, and draw for the bots, until a person or a bot is to choose."""
        events: list[Event] = []
        command = self._server_command()
        while command is not None:
            events.extend(self.game.apply(command))
            command = self._server_command()
        return events

    @property
    def bot_to_choose(self) -> str | None:
        """The bot whose move the table waits for, if any."""
        if self.game.over or self._server_command() is not None:
            return None
        actor = self.game.state.player_to_act
        return actor if actor in self.bot_kinds else None

    def _bots(self, events: Sequence[Event]) -> dict[str, Bot]:
        """The table's bots, made for this state, each having seen its own ``events``."""
        bots: dict[str, Bot] = {}
        for index, (name, spec) in enumerate(self.bot_kinds.items()):
            bot = make_bot(spec, seed=_mix(self.bot_seed, index, self.state))
            bot.join(name)
            for event in events:
                bot.observe(redact(event, name))
            bots[name] = bot
        return bots

    def think(self, budget: float | None = None, *, decide: Decide | None = None) -> BotMoves:
        """What the bots (and the dealer) play from here until a person is to act.

        The table itself is left as it is: the moves are worked out on a copy of its
        game, so this may run anywhere the table's log is (a worker process). The bots
        share ``budget`` seconds between them (no limit if ``None``); a bot asked when
        it is spent, or stopped by ``decide`` (which a worker makes interrupt a bot at
        the deadline), plays the heuristic bot's move instead.
        """
        start = time.monotonic()
        deadline = None if budget is None else start + budget
        decide = decide or _decide_plainly
        game = self.game.copy()
        shadow = Table(game, tokens=self.tokens, bots=self.bot_kinds, bot_seed=self.bot_seed)
        events = list(game.events)
        bots = self._bots(events)
        stand_in: dict[str, Bot] = {}
        commands: list[Command] = []
        cut = 0
        while not game.over:
            command = shadow._server_command()
            if command is None:
                actor = shadow.bot_to_choose
                if actor is None:
                    break
                view = view_for(game.state, actor)
                left = float("inf") if deadline is None else deadline - time.monotonic()
                command = decide(bots[actor], view, left)
                if command is None:
                    cut += 1
                    command = self._stand_in(stand_in, actor, events).choose(view)
            new = game.apply(command)
            commands.append(command)
            events.extend(new)
            for name, bot in (*bots.items(), *stand_in.items()):
                for event in new:
                    bot.observe(redact(event, name))
        return BotMoves(
            state=self.state,
            commands=tuple(commands),
            cut=cut,
            seconds=time.monotonic() - start,
        )

    def _stand_in(self, stand_in: dict[str, Bot], actor: str, events: Sequence[Event]) -> Bot:
        """The heuristic bot that plays for ``actor`` when its own bot is out of time."""
        bot = stand_in.get(actor)
        if bot is None:
            bot = stand_in[actor] = HeuristicBot(seed=_mix(self.bot_seed, self.state))
            bot.join(actor)
            for event in events:
                bot.observe(redact(event, actor))
        return bot

    def apply_moves(self, moves: BotMoves) -> list[Event]:
        """Apply what :meth:`think` chose, each command checked by the referee.

        Raise :class:`TableError` if the table has moved on since (its state is not the
        one the moves were worked out from).
        """
        if moves.state != self.state:
            raise TableError(f"these moves are for state {moves.state}, not {self.state}")
        events: list[Event] = []
        for command in moves.commands:
            events.extend(self.game.apply(command))
        return events

    def play_bots(self, budget: float | None = None) -> list[Event]:
        """Let the bots play here, until a person is to act (what a server does off its loop).

        >>> table, _ = Table.create(["Anna"], bots=["heuristic"], target=1)
        >>> _ = table.play_bots()
        >>> table.game.state.player_to_act == "Anna" or table.over
        True
        """
        return self.apply_moves(self.think(budget))

    # -- what each seat is sent --------------------------------------------------------

    def take_back_for(self, seat: str) -> TakeBack | None:
        """The take-back ``seat`` may send now (house remedy tables only), or ``None``."""
        if not self.game.state.table.remedy or seat not in self.tokens:
            return None
        command = TakeBack(player=seat)
        return command if self.game.check(command) is None else None

    def message_for(
        self,
        seat: str,
        language: str,
        events: Sequence[Event],
        *,
        kind: str = "update",
        **more: Any,
    ) -> dict[str, Any]:
        """What ``seat`` is sent after ``events``, which are told in ``language``.

        The message holds the table's state number, those events redacted for ``seat``,
        told as sentences, its view, the moves it may make (each with a label and the
        steps the page asks them in), and, after a round's end, what the page shows of
        it. ``more`` is added as it is.

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
        message: dict[str, Any] = {
            "type": kind,
            "state": self.state,
            "seat": seat,
            "language": language,
            "bots": sorted(self.bot_kinds),
            "events": [to_data(event) for event in seen],
            "narration": narrator.tell_all(seen),
            "view": to_data(view)["view"],
            "moves": [
                {
                    "command": to_data(move),
                    "label": describe(move, language, you=True),
                    "steps": _steps(move),
                }
                for move in moves
            ],
            "round_end": _round_end(seen, narrator),
            **more,
        }
        if kind == "welcome":
            ed = edition_named(state.edition)
            message["edition"] = edition_title(ed, language)
            message["cards"] = _cards(ed, language)
            message["bot_kinds"] = dict(self.bot_kinds)
        return message

    def welcome(self, seat: str, language: str, **more: Any) -> dict[str, Any]:
        """What a seat is sent when it connects or reconnects: the whole game as it saw it."""
        return self.message_for(seat, language, self.game.events, kind="welcome", **more)


def _round_end(seen: Sequence[Event], narrator: Narrator) -> dict[str, Any] | None:
    """The last round's end among ``seen`` (redacted events), as the page shows it."""
    ends = [index for index, event in enumerate(seen) if isinstance(event, RoundEnded)]
    if not ends:
        return None
    end = seen[ends[-1]]
    assert isinstance(end, RoundEnded)
    awards = [event for event in seen[ends[-1] + 1 :] if isinstance(event, TokenAwarded)]
    return {
        "round": end.round_number,
        "end": end.end.value,
        "winners": list(end.winners),
        "hands": {player: str(card) for player, card in end.hands},
        "set_aside": None if end.set_aside is None else str(end.set_aside),
        "told": [narrator.tell(end), *(narrator.tell(award) for award in awards)],
        "awards": [
            {"player": award.player, "reason": award.reason.value, "tokens": award.tokens}
            for award in awards
        ],
    }
