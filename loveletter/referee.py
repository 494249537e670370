"""The referee: a game's current state, its log, and the commands it accepts.

:class:`Game` is the facade most programs use: set up a table with :meth:`Game.new`,
ask :meth:`~Game.legal_commands`, :meth:`~Game.check` or :meth:`~Game.is_legal`, and
:meth:`~Game.apply` commands to get their events. States are immutable, so a game can be
copied for free and rewound to any earlier state.

>>> game = Game.new(["Anna", "Ben"], seed=7, first="Anna")
>>> game.state.player_to_act, len(game.state.hand("Anna"))
('Anna', 2)
>>> command = game.legal_commands()[0]
>>> events = game.apply(command)
>>> game.state.player_to_act
'Ben'
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from loveletter.cards import Card
from loveletter.commands import Command, Play
from loveletter.consistency import check_consistent
from loveletter.editions import Edition, edition
from loveletter.editions import edition as edition_named
from loveletter.errors import Reason, Refusal, SetupError
from loveletter.events import Event
from loveletter.i18n import LANGUAGES, edition_name, message
from loveletter.layout import Layout
from loveletter.legal import LegalCommands, legal_commands
from loveletter.rules import begin, perform, refusal
from loveletter.rules.chance import Chance, pick
from loveletter.rules.turn import play
from loveletter.rules.work import Work
from loveletter.state import Phase, State, Table

__all__ = ["Game", "Setup"]


def _players(players: Iterable[str]) -> tuple[str, ...]:
    if isinstance(players, str):
        raise SetupError(f"players must be a list of names, not the string {players!r}")
    return tuple(players)


def _tokens(tokens: Mapping[str, int] | Iterable[tuple[str, int]]) -> tuple[tuple[str, int], ...]:
    pairs = tokens.items() if isinstance(tokens, Mapping) else tokens
    return tuple((str(player), count) for player, count in pairs)


@attrs.frozen(kw_only=True)
class Setup:
    """Everything that decides a game before the first command: a game replays from it.

    Build one with :meth:`Game.new`, which fills in the defaults (a fresh seed, a seeded
    first player, a shuffled first deal) and checks everything.
    """

    players: tuple[str, ...] = attrs.field(converter=_players)
    edition: Edition = attrs.field(converter=edition)
    seed: int
    first: str
    layout: Layout | None = None
    """The first round's deal; ``None`` shuffles it from the seed."""
    tokens: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_tokens)
    """Favor tokens held before the first round (players not named hold none)."""
    target: int | str | None = None
    """Favor tokens needed to win: a number, the name of one of the edition's target
    settings (``"printed"`` in classic, LLC-TARGETS-PRINTED), or ``None`` for the
    edition's table."""
    auto_draw: bool = True
    """Whether players draw by themselves at the start of their turns."""
    language: str = "en"
    """The language of the referee's messages (``"en"`` or ``"fr"``)."""


def _check_setup(
    setup: Setup, chance: Chance | None = None
) -> tuple[Table, tuple[int, ...], Layout, Chance | None]:
    """Check ``setup``; return its table, tokens, first layout and chance.

    The chance is the game's, if the first layout was drawn from it.
    """
    ed = setup.edition
    players = setup.players
    if setup.language not in LANGUAGES:
        raise SetupError(f"the referee writes in {', '.join(LANGUAGES)}, not {setup.language!r}")
    language = setup.language

    def refuse(key: str, ruling: str | None = None, **fields: Any) -> SetupError:
        return SetupError(message(key, language, **fields), ruling=ruling)

    names = ", ".join(map(str, players))
    if not ed.min_players <= len(players) <= ed.max_players:
        raise refuse(
            "setup_player_count",
            ed.ruling("LL19-Q15"),
            edition=edition_name(ed.name, language),
            low=ed.min_players,
            high=ed.max_players,
            count=len(players),
        )
    for player in players:
        if not isinstance(player, str) or not player.strip():
            raise refuse("setup_name", name=player)
    if len(set(players)) != len(players):
        raise refuse("setup_same_name", players=names)
    if setup.first not in players:
        raise refuse("setup_first", "LL19-Q13", first=setup.first, players=names)
    target = setup.target
    settings = dict(ed.target_settings)
    if target is None:
        target = ed.target(players=len(players))
    elif isinstance(target, str) and target in settings:
        target = ed.target(players=len(players), setting=target)
    elif isinstance(target, bool) or not isinstance(target, int) or target < 1:
        named = ", ".join(repr(name) for name in settings)
        raise refuse(
            "setup_target" if not named else "setup_target_or_setting",
            ed.ruling("LL19-Q22"),
            target=target,
            settings=named,
        )
    tokens = [0] * len(players)
    for player, count in setup.tokens:
        if player not in players:
            raise refuse("setup_tokens_who", player=player)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise refuse("setup_tokens_count", player=player, count=count)
        if count >= target:
            raise refuse("setup_tokens_won", player=player, count=count, target=target)
        tokens[players.index(player)] = count
    table = Table(
        edition=ed,
        players=players,
        target=target,
        seed=setup.seed,
        auto_draw=setup.auto_draw,
        language=setup.language,
    )
    layout = setup.layout
    if layout is None:
        if chance is None:
            chance = Chance(seed=setup.seed, deck=ed.deck)
        _, order = chance.draws(1)
        layout = Layout.dealt(ed, players, first=setup.first, order=order)
    else:
        problem = layout.problem(ed, players, language)
        if problem is not None:
            raise SetupError(
                message("setup_first_deal", language, problem=problem),
                ruling=ed.ruling("LL19-SETUP-DECK"),
                reason=Reason.BAD_DEAL,
            )
    return table, tuple(tokens), layout, chance


_GAME_OVER = Phase.GAME_OVER


class Game:
    """A game in progress: its setup, its current state, and every command applied."""

    __slots__ = ("_events", "_legal", "_log", "_setup", "_state", "_work")

    def __init__(self, setup: Setup, *, chance: Chance | None = None) -> None:
        """Start the game ``setup`` describes (see :meth:`new` for the usual way in).

        ``chance`` is the game's generator when :meth:`new` has already drawn from it.
        """
        table, tokens, layout, chance = _check_setup(setup, chance)
        work = begin(table, tokens=tokens, layout=layout, first=table.players.index(setup.first))
        work.chance = chance
        self._setup: Setup | None = setup
        self._work = work
        self._state: State | None = None
        self._legal: LegalCommands | None = None
        self._log: list[Command] = []
        self._events: list[Event] = list(work.events or ())

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        edition: str | Edition = "2019",
        first: str | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        deal: Layout | None = None,
        tokens: Mapping[str, int] | None = None,
        target: int | str | None = None,
        auto_draw: bool = True,
        language: str = "en",
    ) -> Game:
        """Set up a table and deal the first round.

        ``seed`` (or a seed drawn from ``rng``; a fresh one otherwise) decides every
        shuffle and random pick, so the same seed and commands give the same game.
        ``first`` defaults to a player picked with that seed (LL19-SETUP-FIRST-PLAYER,
        LLC-FIRST-PLAYER); ``deal`` replaces the first round's shuffle; ``target``
        replaces the edition's token target with a number (LL19-Q22) or a named setting
        of the edition (``"printed"``: the classic rulebook's 7/5/4,
        LLC-TARGETS-PRINTED); ``language`` is the language of the referee's messages
        (``"en"`` or ``"fr"``).

        >>> Game.new(["Anna", "Ben"], edition="classic", seed=1).state.table.target
        4
        >>> printed = Game.new(["Anna", "Ben"], edition="classic", seed=1, target="printed")
        >>> printed.state.table.target
        7
        """
        if seed is None:
            seed = rng.getrandbits(63) if rng is not None else secrets.randbits(63)
        players = _players(players)
        chance = None
        if first is None:
            chance = Chance(seed=seed, deck=edition_named(edition).deck)
            draw, _ = chance.draws(1)
            first = pick(players, draw) if players else ""
        setup = Setup(
            players=players,
            edition=edition,
            seed=seed,
            first=first,
            layout=deal,
            tokens=tokens or {},
            target=target,
            auto_draw=auto_draw,
            language=language,
        )
        return cls(setup, chance=chance)

    @classmethod
    def arranged(
        cls,
        hands: Mapping[str, Card | str],
        *,
        pile: Sequence[Card | str] = (),
        bottom: Sequence[Card | str] = (),
        set_aside: Card | str | None = None,
        face_up: Sequence[Card | str] | None = None,
        players: Sequence[str] | None = None,
        first: str | None = None,
        edition: str | Edition = "2019",
        **options: Any,
    ) -> Game:
        """A game whose first round is dealt with the cards that matter where named.

        The rest are filled in (see :meth:`loveletter.layout.Layout.arranged`).

        ``players`` defaults to the names of ``hands``, in order, and ``first`` to the
        first of them; ``options`` go to :meth:`new` (``tokens``, ``target``,
        ``auto_draw``, ``language``, ``seed``). Made for examples, tests and rules
        disputes.

        >>> game = Game.arranged({"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"])
        >>> game.state.hand("Anna")
        (Card.GUARD, Card.PRIEST)
        """
        seated = list(players or hands)
        ed = edition_named(edition)
        layout = Layout.arranged(
            ed,
            seated,
            hands=hands,
            pile=pile,
            bottom=bottom,
            set_aside=set_aside,
            face_up=face_up,
            language=options.get("language", "en"),
        )
        options.setdefault("seed", 0)
        return cls.new(seated, edition=ed, first=first or seated[0], deal=layout, **options)

    @classmethod
    def from_state(cls, state: State) -> Game:
        """A game that goes on from ``state`` (a stored state, a what-if, a search node).

        The state is checked first (:func:`loveletter.consistency.check_consistent`);
        such a game has no :attr:`setup`, and its :attr:`log` starts here.
        """
        check_consistent(state)
        game = cls.__new__(cls)
        game._setup = None
        game._work = Work(state)
        game._state = state
        game._legal = None
        game._log = []
        game._events = []
        return game

    @classmethod
    def replay(cls, setup: Setup, commands: Iterable[Command]) -> Game:
        """The game ``setup`` starts, with ``commands`` applied in order."""
        game = cls(setup)
        for command in commands:
            game.apply(command)
        return game

    # -- what is ---------------------------------------------------------------------

    @property
    def setup(self) -> Setup | None:
        """What the game was started from; ``None`` for a game made :meth:`from_state`."""
        return self._setup

    @property
    def state(self) -> State:
        """The current state: an immutable snapshot, made when first asked for."""
        state = self._state
        if state is None:
            state = self._state = self._work.freeze()
        return state

    @property
    def over(self) -> bool:
        """Whether the game has ended (without making a snapshot of the state)."""
        return self._work.phase is _GAME_OVER

    def copy(self) -> Game:
        """An independent game in the same position, with the same setup, log and events."""
        game = Game.__new__(Game)
        game._setup = self._setup
        game._work = self._work.copy()
        game._state = self._state
        game._legal = self._legal
        game._log = list(self._log)
        game._events = list(self._events)
        return game

    @property
    def log(self) -> tuple[Command, ...]:
        """Every command applied, in order: with :attr:`setup`, the game's whole record."""
        return tuple(self._log)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since the game started, in order."""
        return tuple(self._events)

    # -- what may be done ------------------------------------------------------------

    def legal_commands(self) -> LegalCommands:
        """Exactly the commands the rules allow now (see :class:`~loveletter.legal.LegalCommands`).

        Worked out once per position: asking again before the next command gives the
        same (immutable) list.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = legal_commands(self._work)
        return legal

    def check(self, command: Command) -> Refusal | None:
        """Why ``command`` would be refused now, or ``None`` if it would be applied."""
        return refusal(self._work, command)

    def is_legal(self, command: Command) -> bool:
        """Whether ``command`` would be applied now."""
        return refusal(self._work, command) is None

    def verify(self, command: Command) -> None:
        """Raise :class:`~loveletter.errors.IllegalCommandError` if ``command`` is refused."""
        problem = refusal(self._work, command)
        if problem is not None:
            raise problem.error(command)

    def read_command(self, data: str | bytes | Mapping[str, object]) -> Command:
        """A command from JSON (text, or data already parsed), read for this game.

        Cards may be named by name, playing-card label or value in this game's edition.
        Malformed input raises :class:`~loveletter.errors.InvalidCommandError`. A name
        that is no card raises :class:`~loveletter.errors.IllegalCommandError` with the
        refusal that takes precedence (``NOT_YOUR_TURN`` before ``UNKNOWN_CARD``, say).
        """
        from loveletter.rules.checks import unknown_card_refusal
        from loveletter.serialization import UnknownCardError, command_from_json

        try:
            return command_from_json(data, self._work.table.edition)
        except UnknownCardError as unknown:
            refusal = unknown_card_refusal(
                self._work,
                unknown.kind,
                unknown.describe,
                unknown.player,
                unknown.target,
                unknown.name,
            )
            raise refusal.error() from None

    # -- doing it ------------------------------------------------------------------------

    def apply(
        self, command: Command, *, check: bool = True, record: bool = True
    ) -> tuple[Event, ...]:
        """Apply ``command`` and return what happened.

        A refused command raises :class:`~loveletter.errors.IllegalCommandError` and
        changes nothing.

        The fast path, for simulation and search: ``check=False`` skips the validation
        of a command taken from :meth:`legal_commands` in this very position (anything
        else then gives undefined results), and ``record=False`` builds no events (and
        keeps none in :attr:`events`).
        """
        work = self._work
        if check:
            # Listed already for this position? Then it is legal, and nothing is checked
            # twice. Otherwise (or not listed) the referee works out the refusal.
            legal = self._legal
            if legal is None or command not in legal:
                problem = refusal(work, command)
                if problem is not None:
                    raise problem.error(command)
        self._legal = None
        self._state = None
        if record:
            events: list[Event] = []
            work.events = events
        else:
            work.events = None
        if type(command) is Play:
            play(work, command)  # the common case, without the dispatch of perform()
        else:
            perform(work, command)
        if record:
            self._events.extend(events)
        self._log.append(command)
        return tuple(events) if record else ()
