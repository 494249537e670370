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
from itertools import chain
from typing import Any

import attrs

from loveletter.cards import Card
from loveletter.commands import Command, Deal, Play, Redeal, TakeBack
from loveletter.consistency import check_consistent
from loveletter.echo import quoted
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import LoveLetterError, Refusal, SetupError
from loveletter.events import Event
from loveletter.layout import Layout
from loveletter.legal import LegalCommands, legal_commands
from loveletter.rules.chance import Chance, pick
from loveletter.rules.checks import LastStep, refusal
from loveletter.rules.engine import begin, perform
from loveletter.rules.remedy import take_back
from loveletter.rules.turn import play
from loveletter.rules.work import Work
from loveletter.setup import (
    SEED_LIMIT,
    Setup,
    check_seed,
    check_setup,
    setup_edition,
    setup_players,
)
from loveletter.state import Phase, State

__all__ = ["Game", "Setup"]

SEED_BITS = SEED_LIMIT.bit_length() - 1
"""The bits of a seed drawn when none is given."""


_GAME_OVER = Phase.GAME_OVER
_NEW_DEAL = (Deal, Redeal)

_Step = tuple[Any, Command, tuple[Event, ...]]
"""A command of the running round at a table with the house remedy: the table's
savepoint before it, the command, and its events."""


class Game:
    """A game in progress: its setup, its current state, and every command applied."""

    __slots__ = (
        "_events",
        "_events_before",
        "_legal",
        "_log",
        "_log_before",
        "_origin",
        "_round",
        "_setup",
        "_state",
        "_work",
    )

    def __init__(self, setup: Setup) -> None:
        """Start the game ``setup`` describes (see :meth:`new` for the usual way in)."""
        self._start(setup, None)

    def _start(self, setup: Setup, chance: Chance | None) -> None:
        """Start the game: ``chance`` is the game's generator of deals, if made already."""
        if not isinstance(setup, Setup):
            raise SetupError(f"a game starts from a Setup, not {quoted(setup)}")
        table, tokens = check_setup(setup)
        if chance is None:
            chance = Chance(setup.seed, table.edition.deck)
        first = table.players.index(setup.first)
        layout = setup.layout
        if layout is None:
            _, order = chance.draws(1)
            work = begin(table, tokens=tokens, order=order, first=first)
        else:
            work = begin(table, tokens=tokens, layout=layout, first=first)
        work.chance = chance
        self._setup: Setup | None = setup
        self._origin: State | None = None
        self._work = work
        self._state: State | None = None
        self._legal: LegalCommands | None = None
        self._log: list[Command] = []
        self._events: list[Event] = list(work.events or ())
        self._log_before: tuple[tuple[Command, ...], ...] = ()
        self._events_before: tuple[tuple[Event, ...], ...] = ()
        self._round: list[_Step] | None = [] if table.remedy else None

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
        remedy: bool = False,
        open_hands: bool = False,
    ) -> Game:
        """Set up a table and deal the first round.

        ``seed`` (or a seed drawn from ``rng``; a fresh one otherwise) decides every
        shuffle and random pick, so the same seed and commands give the same game.
        ``first`` defaults to a player picked with that seed (LL19-SETUP-FIRST-PLAYER,
        LLC-FIRST-PLAYER); ``deal`` replaces the first round's shuffle; ``target``
        replaces the edition's token target with a number (LL19-Q22) or a named setting
        of the edition (``"printed"``: the classic rulebook's 7/5/4,
        LLC-TARGETS-PRINTED); ``language`` is the language of the referee's messages
        (``"en"`` or ``"fr"``). ``remedy`` agrees to the house remedy, take-backs and
        redeals (HOUSE-REMEDY-AGREED); ``open_hands`` plays with every hand face up, for
        practice (HOUSE-PRACTICE-OPEN-HANDS).

        >>> Game.new(["Anna", "Ben"], edition="classic", seed=1).state.table.target
        4
        >>> printed = Game.new(["Anna", "Ben"], edition="classic", seed=1, target="printed")
        >>> printed.state.table.target
        7
        """
        if seed is None:
            if rng is None:
                seed = secrets.randbits(SEED_BITS)
            elif isinstance(rng, random.Random):
                seed = rng.getrandbits(SEED_BITS)
            else:
                raise SetupError(f"rng must be a random.Random, not {quoted(rng)}")
        check_seed(seed)
        settings: dict[str, Any] = {
            "layout": deal,
            "tokens": tokens,
            "target": target,
            "auto_draw": auto_draw,
            "language": language,
            "remedy": remedy,
            "open_hands": open_hands,
        }
        # Setup's own converters, first: a wrong list of players or edition is refused
        # before anything is drawn, as Setup itself would refuse it.
        seated = setup_players(players)
        ed = setup_edition(edition)
        chance = None
        if first is None:  # LL19-SETUP-FIRST-PLAYER: drawn with the seed
            chance = Chance(seed, ed.deck)
            draw, _ = chance.draws(1)
            first = pick(seated, draw) if seated else ""
        setup = Setup(players=seated, edition=ed, seed=seed, first=first, **settings)
        game = cls.__new__(cls)
        game._start(setup, chance)
        return game

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
    def from_state(cls, state: State, *, check: bool = True) -> Game:
        """A game that goes on from ``state`` (a stored state, a what-if, a search node).

        The state is checked first (:func:`loveletter.consistency.check_consistent`);
        such a game has no :attr:`setup`, and its :attr:`log` starts here. ``check=False``
        skips the check, for a state the program made itself and trusts (a search's
        sample, :func:`loveletter.sampling.sample_state`): anything else then gives
        undefined results.
        """
        if check:
            check_consistent(state)
        game = cls.__new__(cls)
        game._setup = None
        game._origin = state
        game._work = Work(state)
        game._state = state
        game._legal = None
        game._log = []
        game._events = []
        game._log_before = game._events_before = ()
        game._round = [] if state.table.remedy else None
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
    def phase(self) -> Phase:
        """What the game waits for (without making a snapshot of the state)."""
        return self._work.phase

    @property
    def player_to_act(self) -> str | None:
        """Who must act now, if anyone (without making a snapshot of the state)."""
        seat = self._work.to_act
        return self._work.names[seat] if seat >= 0 else None

    @property
    def over(self) -> bool:
        """Whether the game has ended (without making a snapshot of the state)."""
        return self._work.phase is _GAME_OVER

    def copy(self, *, history: bool = True) -> Game:
        """An independent game in the same position.

        With ``history`` (the default) it has the same setup, log and events, shared with
        this game rather than copied: a copy costs the same at any point of the game.
        Without, as a search node needs, the copy starts here, as :meth:`from_state`
        would make it (without checking the state again): no setup, an empty log.
        """
        game = Game.__new__(Game)
        game._work = self._work.copy()
        game._legal = self._legal
        game._log = []
        game._events = []
        game._round = None if self._round is None else list(self._round)
        if history:
            if self._log:  # the commands so far become a part both games share
                self._log_before += (tuple(self._log),)
                self._log = []
            if self._events:
                self._events_before += (tuple(self._events),)
                self._events = []
            game._setup = self._setup
            game._origin = self._origin
            game._state = self._state
            game._log_before = self._log_before
            game._events_before = self._events_before
        else:
            state = game._state = self.state
            game._setup = None
            game._origin = state
            game._log_before = game._events_before = ()
            if game._round is not None:
                game._round = []
        return game

    # -- going back ------------------------------------------------------------------

    def state_at(self, count: int) -> State:
        """The state after the first ``count`` commands of :attr:`log` (0: where it began).

        Worked out by replaying the log from the start (the setup, or the state the game
        was made from), so it costs as much as the commands replayed.
        """
        log = self.log
        if not 0 <= count <= len(log):
            raise LoveLetterError(f"the log has {len(log)} commands, not {count}")
        return self._replayed(log[:count]).state

    def undo(self) -> Command:
        """Undo the last command, whatever it showed anyone, and return it.

        A program's tool, as python-chess's ``pop``: for search, analysis and tests. At a
        table, a take-back is the house remedy's :class:`~loveletter.commands.TakeBack`,
        which the referee refuses once anyone has learned something hidden. The game
        replays its log but the last command, so this costs as much as the game so far;
        a search that steps back often is better served by :meth:`copy`. With nothing to
        undo it raises :class:`~loveletter.errors.LoveLetterError`.
        """
        log = self.log
        if not log:
            raise LoveLetterError("nothing to undo: no command has been applied")
        command = log[-1]
        game = self._replayed(log[:-1])
        for name in Game.__slots__:
            setattr(self, name, getattr(game, name))
        return command

    def _replayed(self, commands: Sequence[Command]) -> Game:
        """The game as it began, with ``commands`` applied again."""
        if self._setup is not None:
            game = Game(self._setup)
        else:
            assert self._origin is not None
            game = Game.from_state(self._origin)
        for command in commands:
            game.apply(command)
        return game

    @property
    def log(self) -> tuple[Command, ...]:
        """Every command applied, in order: with :attr:`setup`, the game's whole record."""
        return tuple(chain.from_iterable((*self._log_before, self._log)))

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since the game started, in order."""
        return tuple(chain.from_iterable((*self._events_before, self._events)))

    # -- what may be done ------------------------------------------------------------

    def legal_commands(self) -> LegalCommands:
        """Exactly the commands the rules allow now (see :class:`~loveletter.legal.LegalCommands`).

        Worked out once per position: asking again before the next command gives the
        same (immutable) list.
        """
        legal = self._legal
        if legal is None:
            work = self._work
            legal = self._legal = legal_commands(work, work.blocked)
        return legal

    def check(self, command: Command) -> Refusal | None:
        """Why ``command`` would be refused now, or ``None`` if it would be applied."""
        return refusal(self._work, command, self._last_step())

    def is_legal(self, command: Command) -> bool:
        """Whether ``command`` would be applied now."""
        return self.check(command) is None

    def verify(self, command: Command) -> None:
        """Raise :class:`~loveletter.errors.IllegalCommandError` if ``command`` is refused."""
        problem = self.check(command)
        if problem is not None:
            raise problem.error(command)

    def _last_step(self) -> LastStep | None:
        """What a take-back would take back: the running round's last command, and its events."""
        steps = self._round
        if not steps:
            return None
        _, command, events = steps[-1]
        return command, events

    # -- doing it ------------------------------------------------------------------------

    def _accept(self, command: Command) -> None:
        """Raise the refusal of ``command``, if refused."""
        # Listed already for this position? Then it is legal, and nothing is checked
        # twice. Otherwise (or not listed) the referee works out the refusal.
        legal = self._legal
        if legal is None or not legal.holds(command):
            problem = refusal(self._work, command, self._last_step())
            if problem is not None:
                raise problem.error(command)

    def _rewind(self) -> None:
        """Put the table back as it was before a checked command that failed half-way.

        The log is replayed from where the game began, as :meth:`undo` does: this costs as
        much as the game so far, but only when an accepted command raised (a bug, an
        :class:`~loveletter.errors.InconsistentStateError`, a ``KeyboardInterrupt``), so
        that the commands that succeed pay nothing for it. The log and the events stay.
        """
        self._work = self._replayed(self.log)._work

    def apply(
        self, command: Command, *, check: bool = True, record: bool = True
    ) -> tuple[Event, ...]:
        """Apply ``command`` and return what happened.

        A refused command raises :class:`~loveletter.errors.IllegalCommandError` and
        changes nothing; whatever else a checked command raises (an
        :class:`~loveletter.errors.InconsistentStateError`, a bug, a ``KeyboardInterrupt``),
        the game is left as it was before the call: at a table with the house remedy it
        goes back to the savepoint it keeps, elsewhere it replays its log (so a checked
        command costs nothing for this until one fails). A number named instead of a card
        (LL19-GUARD-NUMBER) is the card it names: the log and the events show the card.

        The fast path, for simulation and search: ``check=False`` skips the validation
        of a command taken from :meth:`legal_commands` in this very position (anything
        else then gives undefined results), and ``record=False`` builds no events (and
        keeps none in :attr:`events`).
        """
        if type(command) is not Play or self._round is not None:
            return self._apply_any(command, check, record)
        work = self._work  # a play, at a table without the house remedy: the common case
        if type(command.guess) is int:
            command = _number_named(work.table.edition, command)
        if check:
            self._accept(command)
        events: list[Event] | None = [] if record else None
        work.events = events
        try:
            play(work, command)
        except BaseException:
            if check:
                self._rewind()  # a checked command never leaves the game half-changed
            raise
        self._legal = self._state = None
        self._log.append(command)
        if events is None:
            return ()
        self._events.extend(events)
        return tuple(events)

    def _apply_any(self, command: Command, check: bool, record: bool) -> tuple[Event, ...]:
        """:meth:`apply`, for any command at any table."""
        work = self._work
        if type(command) is Play and type(command.guess) is int:
            command = _number_named(work.table.edition, command)
        if check:
            self._accept(command)
        steps = self._round
        saved = None if steps is None else work.savepoint()
        if steps is not None:
            record_here = True  # a take-back needs to know what each command showed
        else:
            record_here = record
        if record_here:
            events: list[Event] = []
            work.events = events
        else:
            work.events = None
        taken: _Step | None = None
        try:
            if type(command) is Play:
                play(work, command)  # the common case, without the dispatch of perform()
            elif type(command) is TakeBack and steps:
                taken = steps.pop()
                work.restore(taken[0])
                take_back(work, taken[1])
            else:
                perform(work, command)
        except BaseException:
            if saved is not None:
                work.restore(saved)  # a checked command never leaves the game half-changed
            elif check:
                self._rewind()
            if taken is not None and steps is not None:
                steps.append(taken)
            raise
        self._legal = None
        self._state = None
        if steps is not None:
            _remember(steps, saved, command, events)
        if record:
            self._events.extend(events)
        self._log.append(command)
        return tuple(events) if record else ()


def _number_named(edition: Edition, command: Play) -> Play:
    """``command`` naming the card its number names, if one (LL19-GUARD-NUMBER)."""
    named = edition.card_named(command.guess)
    return command if named is None else attrs.evolve(command, guess=named)


def _remember(
    steps: list[_Step], saved: tuple[object, ...] | None, command: Command, events: list[Event]
) -> None:
    """Keep the running round's steps, for take-backs: a new deal starts them afresh."""
    if type(command) in _NEW_DEAL:
        steps.clear()
    elif type(command) is not TakeBack:
        steps.append((saved, command, tuple(events)))
