"""One web table: a :class:`~loveletter.host.Host` of one game, and the bots the web seats.

No web framework here: :mod:`loveletter.apps.web.app` carries the messages, and the game's
host (:class:`loveletter.host.Host`) decides them: the seats' secret tokens (it keeps their
hashes), the size cap, the seat check, the state numbers, the referee's refusal, the next
deal, and what each seat is sent (its own view, its own redacted events told in its
language, and the moves it may make as a tree). What is the web's own is here: the bots
(their seat names, the kinds a server offers, and their thinking, which a worker process
does off the server's loop: :meth:`Table.think`), the checks of the names a creator
types, what the page draws besides (each kind of card, a round's end), and the two JSON
texts the store keeps (:meth:`Table.log_json`, :meth:`Table.seats_json`). The seed and the
stored log never leave the server.

>>> table, tokens = Table.create(["Anna", "Ben"], bots=["random"], target=1)
>>> table.host.authenticate("Anna", tokens["Anna"]), table.host.authenticate("Anna", tokens["Ben"])
(True, False)
>>> move = '{"state": 0, "command": {"play": {"player": "Anna", "card": "Guard"}}}'
>>> table.receive("Ben", move).to_data("en")
{'type': 'refused', 'error': 'forbidden', 'message': "Ben may send only Ben's commands, not Anna's"}
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
from loveletter.apps.web.names import MAX_NAME, NameRefusedError, check_names
from loveletter.bots import BOTS, Bot, HeuristicBot, make_bot
from loveletter.commands import Command, Draw
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import LoveLetterError
from loveletter.events import Event, RoundEnded, TokenAwarded
from loveletter.host import STORY_PAGE, Accepted, Host, Outcome
from loveletter.narration import Narrator
from loveletter.referee import Game
from loveletter.serialization import log_from_json, to_json
from loveletter.state import Phase
from loveletter.views import View, redact, view_for
from loveletter.words import LANGUAGES, card_name

__all__ = [
    "MAX_NAME",
    "BotMoves",
    "NameRefusedError",
    "Table",
    "TableError",
    "bot_seat_name",
]


_BOT_WORDS = {
    "heuristic": ("Heuristic", "heuristique"),
    "random": ("Random", "aléatoire"),
    "ismcts": ("ISMCTS", "ISMCTS"),
}


class TableError(LoveLetterError):
    """A table that cannot be set up as asked (its message says why, for the creator)."""


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
class BotMoves:
    """What the bots chose between two moves of the table's people (:meth:`Table.think`).

    ``commands`` are the bots' draws and moves, in order, from state ``state`` (the host
    deals the rounds between them); ``cut`` counts the bots' decisions the time budget
    cut short (the heuristic bot chose instead); ``seconds`` is the time they took.
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
    """Raise :class:`TableError` unless the humans' names and the bots' kinds are usable.

    A name is refused (:class:`~loveletter.apps.web.names.NameRefusedError`) if it looks like
    another person's, or like the seat name of any bot the server offers, in either
    language (:func:`~loveletter.apps.web.names.check_names`).
    """
    if not players:
        raise TableError("a table needs at least one person")
    for kind in bots:
        if not isinstance(kind, str) or kind not in offered:
            shown = kind[:20] if isinstance(kind, str) else type(kind).__name__
            raise TableError(f"unknown bot {shown!r}: choose among {', '.join(offered)}")
    bot_names = {bot_seat_name(kind, language) for kind in offered for language in LANGUAGES}
    check_names(players, sorted(bot_names))


def _mix(*numbers: int) -> int:
    """A 32-bit seed made of ``numbers`` (the same numbers, the same seed)."""
    digest = hashlib.sha256(",".join(map(str, numbers)).encode()).digest()
    return int.from_bytes(digest[:4], "big")


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


def _time_left(deadline: float | None, slice_seconds: float | None) -> float:
    """The seconds a bot has for one choice: what the budget leaves, at most a slice."""
    left = float("inf") if deadline is None else deadline - time.monotonic()
    return left if slice_seconds is None else min(left, slice_seconds)


def _bot_draw(host: Host, bots: Sequence[str]) -> Draw | None:
    """The draw the server makes for a bot now (house-remedy tables wait for draws)."""
    actor = host.game.player_to_act
    if host.game.phase is not Phase.DRAW or actor is None or actor not in bots:
        return None
    return Draw(player=actor)


class Table:
    """A game in progress at the web table: its :class:`~loveletter.host.Host`, and its bots.

    Build one with :meth:`create` (a new game) or :meth:`restore` (from the store). The
    host holds the game and the hashes of the people's tokens; ``bots`` maps each bot
    seat to its kind (a spec ``make_bot`` knows). The bots are made again, from the
    game's events, each time they choose (:meth:`think`), so that any process holding
    the table's log can let them play.
    """

    def __init__(
        self,
        host: Host,
        *,
        bots: Mapping[str, str],
        bot_seed: int,
        watch: str = "",
        turn_timer: int | None = None,
        stood_in: Sequence[str] = (),
    ) -> None:
        self.host = host
        self.bot_kinds = dict(bots)
        self.bot_seed = bot_seed
        self.watch = watch
        """The table's spectator secret: it shows the public view only (``""``: none)."""
        self.turn_timer = turn_timer
        """The seconds a person has for a turn before a bot plays for them (or ``None``)."""
        self.stood_in = [seat for seat in stood_in if seat in host.tokens]
        """The people a bot plays for now, in the order they were stood in for."""

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
        turn_timer: int | None = None,
    ) -> tuple[Table, dict[str, str]]:
        """A new table for the people ``players`` and the bots ``bots`` (their kinds).

        Return the table and each person's secret token, to be given to that person
        only (the host keeps their hashes). The game's seed and the bots' are drawn
        from :mod:`secrets`, or from ``seeds`` (for tests: the same ``random.Random``
        state deals the same table; the tokens are drawn from :mod:`secrets` still).
        ``offered`` are the bot kinds allowed (every registered kind by default; a server
        offers its own list). ``remedy`` agrees to the house remedy: draws then wait for
        their player, so a move may be taken back until the next player draws.
        ``language`` is the language of the table and of the bots' seat names;
        ``turn_timer`` the seconds a person has for a turn before a bot plays for them
        (until they are back: :meth:`stand_in`, :meth:`back`). The table's spectator
        secret is :attr:`watch` (it shows the public view only). The first
        round is dealt; if a bot plays first, :meth:`think` says how. Raise
        :class:`TableError` for a table that cannot be set up.

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
            host, tokens = Host.new(
                [*players, *bot_names],
                seats=players,
                edition=edition,
                target=target,
                remedy=remedy,
                auto_draw=not remedy,
                language=language,
                rng=seeds,
            )
        except (ValueError, KeyError, TypeError) as error:
            raise TableError(str(error)) from None
        table = cls(
            host,
            bots=dict(zip(bot_names, bots, strict=True)),
            bot_seed=secrets.randbits(32) if seeds is None else seeds.getrandbits(32),
            watch=secrets.token_urlsafe(18),
            turn_timer=turn_timer,
        )
        table.serve()
        return table, tokens

    # -- storing ---------------------------------------------------------------------

    def seats_json(self) -> str:
        """The seats as the store keeps them: token hashes, bots, the bots' seed.

        And, where the table has them, its spectator secret, its turn timer and the
        people a bot stands in for (a table without them is stored as it always was).
        """
        data: dict[str, Any] = {
            "tokens": self.host.tokens,
            "bots": self.bot_kinds,
            "bot_seed": self.bot_seed,
        }
        optional = {"watch": self.watch, "turn_timer": self.turn_timer, "stood_in": self.stood_in}
        data.update({key: value for key, value in optional.items() if value})  # as before
        return json.dumps(data, sort_keys=True)

    def log_json(self) -> str:
        """The game's log as the store keeps it (it carries the seed: never sent)."""
        return to_json(self.host.game)

    @classmethod
    def restore(cls, log: str, seats: str) -> Table:
        """The table stored as ``log`` and ``seats``: its game replayed from its log.

        The store's two texts are those of every version of the web table: the game's
        log, and the seats (the tokens' hashes, as the host's ``tokens`` holds them, the
        bots and their seed).
        """
        data = json.loads(seats)
        host = Host(Game.replay(*log_from_json(log)), tokens=data["tokens"])
        return cls(
            host,
            bots=data["bots"],
            bot_seed=data["bot_seed"],
            watch=data.get("watch", ""),
            turn_timer=data.get("turn_timer"),
            stood_in=data.get("stood_in", ()),
        )

    def is_watcher(self, token: object) -> bool:
        """Whether ``token`` is the table's spectator secret (in constant time)."""
        if not isinstance(token, str) or not self.watch:
            return False
        return hmac.compare_digest(token.encode("utf-8", "surrogatepass"), self.watch.encode())

    # -- who is who --------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The host's game."""
        return self.host.game

    @property
    def players(self) -> tuple[str, ...]:
        """Every seat, in the order of play."""
        return self.host.game.table.players

    @property
    def state(self) -> int:
        """The host's state number: how many commands the game's log holds."""
        return self.host.state

    @property
    def over(self) -> bool:
        """Whether the game is over."""
        return self.host.game.over

    # -- playing -----------------------------------------------------------------------

    def receive(self, seat: str, text: str) -> Outcome:
        """Handle one message from the authenticated ``seat``: its host's answer.

        :meth:`Host.receive <loveletter.host.Host.receive>` refuses it or applies it
        (and deals, after a round's end); then the server draws for the bots whose turn
        it is (:meth:`serve`), and the events of those draws are the move's too. The
        bots' choices are left to :meth:`think`.
        """
        outcome = self.host.receive(seat, text)
        if isinstance(outcome, Accepted):
            outcome = attrs.evolve(outcome, events=(*outcome.events, *self.serve()))
        return outcome

    @property
    def played_by_bots(self) -> tuple[str, ...]:
        """The seats the server plays: the bots', and the people a bot stands in for."""
        return (*self.bot_kinds, *self.stood_in)

    def serve(self) -> list[Event]:
        """Draw for the bots (the host deals), until a person or a bot is to choose."""
        events: list[Event] = []
        draw = _bot_draw(self.host, self.played_by_bots)
        while draw is not None:
            events.extend(self.host.apply(draw))
            draw = _bot_draw(self.host, self.played_by_bots)
        return events

    @property
    def bot_to_choose(self) -> str | None:
        """The bot (or the person a bot stands in for) whose move the table waits for."""
        game = self.host.game
        if game.over or _bot_draw(self.host, self.played_by_bots) is not None:
            return None
        actor = game.player_to_act
        return actor if actor in self.played_by_bots else None

    @property
    def person_to_act(self) -> str | None:
        """The person whose move the table waits for (a bot not standing in), if any."""
        game = self.host.game
        actor = game.player_to_act
        if game.over or actor not in self.host.tokens or actor in self.stood_in:
            return None
        return actor

    def stand_in(self, seat: str) -> bool:
        """Let a bot play for the person ``seat`` until they are back; ``False`` if it does.

        The draws due to that seat are made at once (:meth:`serve`).
        """
        if seat not in self.host.tokens or seat in self.stood_in:
            return False
        self.stood_in.append(seat)
        return True

    def back(self, seat: str) -> bool:
        """The person ``seat`` is back: no bot plays for them; ``False`` if none did."""
        if seat not in self.stood_in:
            return False
        self.stood_in.remove(seat)
        return True

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

    def think(
        self,
        budget: float | None = None,
        *,
        decide: Decide | None = None,
        decisions: int | None = None,
        slice_seconds: float | None = None,
    ) -> BotMoves:
        """What the bots play (and the server draws for them) until a person is to act.

        The table itself is left as it is: the moves are worked out on a copy of its
        game, so this may run anywhere the table's log is (a worker process). The bots
        share ``budget`` seconds between them (no limit if ``None``); a bot asked when
        it is spent, or stopped by ``decide`` (which a worker makes interrupt a bot at
        the deadline), plays the heuristic bot's move instead. ``decisions`` stops after
        that many bots' choices (the draws after them made), and ``slice_seconds`` caps
        the time of each choice: what a server does to let tables take turns at its
        workers. A person a bot stands in for (:meth:`stand_in`) is played by the
        heuristic bot.
        """
        start = time.monotonic()
        deadline = None if budget is None else start + budget
        decide = decide or _decide_plainly
        shadow = Table(
            Host(self.host.game.copy(), tokens=self.host.tokens),
            bots=self.bot_kinds,
            bot_seed=self.bot_seed,
            stood_in=self.stood_in,
        )
        game = shadow.host.game
        events = list(game.events)
        bots = self._bots(events)
        stand_in: dict[str, Bot] = {}
        commands: list[Command] = []
        cut = chosen = 0
        while not game.over:
            command: Command | None = _bot_draw(shadow.host, shadow.played_by_bots)
            if command is None:
                actor = shadow.bot_to_choose
                if actor is None or (decisions is not None and chosen >= decisions):
                    break
                chosen += 1
                view = view_for(game.state, actor)
                left = _time_left(deadline, slice_seconds)
                bot = bots.get(actor)
                command = None if bot is None else decide(bot, view, left)
                if command is None:
                    cut += bot is not None
                    command = self._stand_in(stand_in, actor, events).choose(view)
            new = shadow.host.apply(command)
            commands.append(command)
            events.extend(new)
            for name, other in (*bots.items(), *stand_in.items()):
                for event in new:
                    other.observe(redact(event, name))
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
            events.extend(self.host.apply(command))
        return events

    def play_bots(self, budget: float | None = None) -> list[Event]:
        """Let the bots play here, until a person is to act (what a server does off its loop).

        >>> table, _ = Table.create(["Anna"], bots=["heuristic"], target=1)
        >>> _ = table.play_bots()
        >>> table.game.player_to_act == "Anna" or table.over
        True
        """
        return self.apply_moves(self.think(budget))

    # -- what each seat is sent --------------------------------------------------------

    def _page(self, seat: str | None, language: str, events: Sequence[Event]) -> dict[str, Any]:
        """What the page draws besides the host's message: the bots, a round's end."""
        return {
            "bots": sorted(self.bot_kinds),
            "round_end": _round_end(seat, language, events),
            "spectator": seat is None,
        }

    def update(
        self,
        seat: str | None,
        language: str,
        events: Sequence[Event],
        *,
        since: int | None = None,
        **more: Any,
    ) -> dict[str, Any]:
        """What ``seat`` is sent after ``events``: the host's update, and the page's own.

        :meth:`Host.update <loveletter.host.Host.update>` writes the message (the state
        number, the events redacted for ``seat`` and told in ``language``, its view, its
        moves as a tree, its take-back, and with ``since`` the steps since that state);
        the table adds its bots' seats and, after a round's end, what the page shows of
        it. A step a bot made for a person it stands in for is marked ``stood_in``.
        ``seat`` ``None`` is a spectator. ``more`` is added as it is.
        """
        message = {
            **self.host.update(seat, language, events, since=since),
            **self._page(seat, language, events),
            **more,
        }
        for step in message.get("steps", ()):
            step["stood_in"] = step["actor"] in self.stood_in and step["kind"] != "deal"
        return message

    def welcome(self, seat: str | None, language: str, **more: Any) -> dict[str, Any]:
        """What a seat (or a spectator, ``None``) is sent when it connects or reconnects.

        The host's welcome (the current round, the rounds before summed up), with each
        kind of card as the page draws it, the bots' kinds and, for a seat, the table's
        spectator secret (``watch``), to share.
        """
        message = self.host.welcome(seat, language)
        ed = edition_named(self.host.game.table.edition)
        extra: dict[str, Any] = {} if seat is None else {"watch": self.watch}
        return {
            **message,
            **self._page(seat, language, self.host.game.events),
            "cards": _cards(ed, language),
            "bot_kinds": dict(self.bot_kinds),
            **extra,
            **more,
        }

    def story(
        self, seat: str | None, language: str, start: object, count: object
    ) -> dict[str, Any]:
        """A page of the story for ``seat`` (:meth:`Host.story <loveletter.host.Host.story>`).

        ``start`` and ``count`` come from a client: anything but whole numbers is read as 0
        and a full page.
        """
        first = start if type(start) is int else 0
        size = count if type(count) is int and count > 0 else STORY_PAGE
        return self.host.story(seat, language, first, size)


def _round_end(seat: str | None, language: str, events: Sequence[Event]) -> dict[str, Any] | None:
    """The last round's end among ``events``, as ``seat``'s page shows it (or ``None``)."""
    ends = [index for index, event in enumerate(events) if isinstance(event, RoundEnded)]
    if not ends:
        return None
    end = redact(events[ends[-1]], seat)
    assert isinstance(end, RoundEnded)
    awards = [
        redact(event, seat) for event in events[ends[-1] + 1 :] if isinstance(event, TokenAwarded)
    ]
    narrator = Narrator(you=seat, language=language, everything=True)
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
            if isinstance(award, TokenAwarded)
        ],
    }
