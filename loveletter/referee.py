"""The referee: a game's current state, its log, and the commands it accepts.

:class:`Game` is the facade most programs use: set up a table with :meth:`Game.new`,
ask :meth:`~Game.legal_commands`, :meth:`~Game.check` or :meth:`~Game.is_legal`, and
:meth:`~Game.apply` commands to get their events. A game keeps one table in motion
(:class:`~loveletter.motion.Motion`), changed in place by the rules, and hands out
immutable snapshots of it (:attr:`~Game.state`); before each command it keeps a
:class:`~loveletter.motion.Savepoint`, so that :meth:`~Game.undo` goes back at once.

>>> game = Game.new(["Anna", "Ben"], seed=7, first="Anna")
>>> game.state.player_to_act, len(game.state.hand("Anna"))
('Anna', 2)
>>> command = game.legal_commands()[0]
>>> events = game.apply(command)
>>> game.state.player_to_act
'Ben'
>>> game.undo() == command, game.state.player_to_act
(True, 'Anna')
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain
from typing import Any

import attrs

from loveletter.cards import Card
from loveletter.chance import Chance, pick
from loveletter.commands import Command, Deal, Play, Redeal, TakeBack
from loveletter.consistency import check_consistent
from loveletter.echo import quoted
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import LoveLetterError, SetupError
from loveletter.events import Event
from loveletter.layout import Layout
from loveletter.legal import LegalCommands, legal_commands
from loveletter.motion import Motion, Savepoint
from loveletter.refusals import Refusal
from loveletter.rules.checks import LastStep, refusal
from loveletter.rules.engine import begin, perform
from loveletter.setup import (
    SEED_LIMIT,
    Setup,
    check_seed,
    check_setup,
    setup_edition,
    setup_players,
)
from loveletter.state import Phase, State, Table

__all__ = ["Game", "Setup"]

SEED_BITS = SEED_LIMIT.bit_length() - 1
"""The bits of a seed drawn when none is given."""


class Game:
    """A game in progress: its setup, its current state, and every command applied.

    Beside the table in motion, a game keeps three lists, one entry per command of its
    :attr:`log`: the command, the events it gave, and the savepoint of the table before it.
    """

    __slots__ = ("_events", "_log", "_motion", "_opening", "_savepoints", "_setup")

    def __init__(self, setup: Setup | None = None, *, state: State | None = None) -> None:
        """Start the game ``setup`` describes, or go on from ``state``.

        :meth:`new` and :meth:`from_state` are the usual ways in (``from_state`` checks
        the state first; this does not).
        """
        if (setup is None) == (state is None):
            raise SetupError("a game starts from a Setup or from a State, and from one only")
        if state is not None:
            if not isinstance(state, State):
                raise SetupError(f"a game goes on from a State, not {quoted(state)}")
            motion = Motion(state)
            opening: tuple[Event, ...] = ()
        else:
            if not isinstance(setup, Setup):
                raise SetupError(f"a game starts from a Setup, not {quoted(setup)}")
            motion = _first_deal(setup)
            opening = tuple(motion.events or ())
        self._setup = setup
        self._motion = motion
        self._opening = opening
        """The events of the first deal."""
        self._log: list[Command] = []
        self._events: list[tuple[Event, ...]] = []
        """The events of each command of the log (none where they were not recorded)."""
        self._savepoints: list[Savepoint] = []
        """The table before each command of the log."""

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
        # Setup's own converters, first: a wrong list of players or edition is refused
        # before anything is drawn, as Setup itself would refuse it.
        seated = setup_players(players)
        ed = setup_edition(edition)
        if first is None:  # LL19-SETUP-FIRST-PLAYER: drawn with the seed
            draw, _ = Chance(seed, ed.deck).draws(1)
            first = pick(seated, draw) if seated else ""
        setup = Setup(
            players=seated,
            edition=ed,
            seed=seed,
            first=first,
            layout=deal,
            tokens=tokens,
            target=target,
            auto_draw=auto_draw,
            language=language,
            remedy=remedy,
            open_hands=open_hands,
        )
        return cls(setup)

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
        sample, :func:`loveletter.bots.sampling.sample_state`): anything else then gives
        undefined results.
        """
        if check:
            check_consistent(state)
        return cls(state=state)

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
        """The current state: an immutable snapshot of the table, made at each call."""
        return self._motion.snapshot()

    @property
    def table(self) -> Table:
        """What stays the same for the whole game: edition, players, target, language, ...

        Read without making a snapshot of the state (``game.state.table`` is the same).
        """
        return self._motion.table

    @property
    def phase(self) -> Phase:
        """What the game waits for (without making a snapshot of the state)."""
        return self._motion.phase

    @property
    def player_to_act(self) -> str | None:
        """Who must act now, if anyone (without making a snapshot of the state)."""
        seat = self._motion.to_act
        return self._motion.names[seat] if seat >= 0 else None

    @property
    def over(self) -> bool:
        """Whether the game has ended (without making a snapshot of the state)."""
        return self._motion.phase is Phase.GAME_OVER

    @property
    def log(self) -> tuple[Command, ...]:
        """Every command applied, in order: with :attr:`setup`, the game's whole record."""
        return tuple(self._log)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event since the game started, in order."""
        return tuple(chain(self._opening, *self._events))

    def copy(self, *, history: bool = True) -> Game:
        """An independent game in the same position.

        With ``history`` (the default) it has the same setup, log and events, and can be
        undone as far as this game can. Without, as a search node needs, the copy starts
        here, as :meth:`from_state` would make it (without checking the state again): no
        setup, an empty log.
        """
        game = Game(state=self.state)
        if history:
            game._setup = self._setup
            game._opening = self._opening
            game._log = self._log[:]
            game._events = self._events[:]
            game._savepoints = self._savepoints[:]
        return game

    # -- going back ------------------------------------------------------------------

    def undo(self) -> Command:
        """Undo the last command, whatever it showed anyone, and return it.

        A program's tool, as python-chess's ``pop``: for search, analysis and tests. The
        table goes back to the savepoint kept before that command, at once. At a table,
        a take-back is the house remedy's :class:`~loveletter.commands.TakeBack`, which
        the referee refuses once anyone has learned something hidden. With nothing to
        undo it raises :class:`~loveletter.errors.LoveLetterError`.
        """
        if not self._log:
            raise LoveLetterError("nothing to undo: no command has been applied")
        self._motion.restore(self._savepoints.pop())
        self._events.pop()
        return self._log.pop()

    def state_at(self, count: int) -> State:
        """The state after the first ``count`` commands of :attr:`log` (0: where it began).

        Made from the savepoint kept before the next command.
        """
        if not 0 <= count <= len(self._log):
            raise LoveLetterError(f"the log has {len(self._log)} commands, not {count}")
        if count == len(self._log):
            return self.state
        scratch = self._motion.copy()
        scratch.restore(self._savepoints[count])
        return scratch.snapshot()

    # -- what may be done ------------------------------------------------------------

    def legal_commands(self) -> LegalCommands:
        """Exactly the commands the rules allow now (see :class:`~loveletter.legal.LegalCommands`).

        Positions that allow the same commands share one (immutable) list.
        """
        return legal_commands(self._motion)

    def check(self, command: Command) -> Refusal | None:
        """Why ``command`` would be refused now, or ``None`` if it would be applied."""
        if type(command) is not TakeBack:
            return refusal(self._motion, command)
        last = self._last_step()
        kept = last is not None or self._setup is not None or self._round_begun()
        return refusal(self._motion, command, last, kept=kept)

    def is_legal(self, command: Command) -> bool:
        """Whether ``command`` would be applied now."""
        return self.check(command) is None

    def verify(self, command: Command) -> None:
        """Raise :class:`~loveletter.refusals.IllegalCommandError` if ``command`` is refused."""
        problem = self.check(command)
        if problem is not None:
            raise problem.error(command)

    def _last_step(self) -> LastStep | None:
        """What a take-back would take back: the running round's last command, and its events."""
        index = self._taken_back()
        return None if index is None else (self._log[index], self._events[index])

    def _round_begun(self) -> bool:
        """Whether the log holds the running round's start (a deal or a redeal)."""
        return any(type(command) in (Deal, Redeal) for command in self._log)

    def _taken_back(self) -> int | None:
        """Where in the log is the command a take-back would take back, if any.

        The running round's last command that was not taken back (HOUSE-REMEDY-TAKE-BACK):
        each take-back takes back the one before the commands taken back already; a deal
        starts the round afresh.
        """
        pending = 0
        for index in range(len(self._log) - 1, -1, -1):
            command = self._log[index]
            if type(command) is TakeBack:
                pending += 1
            elif type(command) in (Deal, Redeal):
                return None
            elif pending:
                pending -= 1
            else:
                return index
        return None

    # -- doing it --------------------------------------------------------------------

    def apply(
        self, command: Command, *, check: bool = True, record: bool = True
    ) -> tuple[Event, ...]:
        """Apply ``command`` and return what happened.

        A refused command raises :class:`~loveletter.refusals.IllegalCommandError` and
        changes nothing; whatever else a command raises (an
        :class:`~loveletter.errors.InconsistentStateError`, a bug, a ``KeyboardInterrupt``),
        the game goes back to the savepoint it kept before it. A number named instead of a
        card (LL19-GUARD-NUMBER) is the card it names: the log and the events show the
        card.

        A command object that :meth:`legal_commands` listed for this position is legal:
        it is found in the list at once, and only any other command goes through the
        rules' checks. The fast path, for simulation and search: ``check=False`` skips
        the check of a command taken from :meth:`legal_commands` in this very position
        (anything else then gives undefined results), and ``record=False`` builds no
        events (and keeps none in :attr:`events`; at a table with the house remedy, whose
        take-backs read them, they are kept).
        """
        motion = self._motion
        command = _number_named(motion.table.edition, command)
        if check and not legal_commands(motion).lists(command):
            self.verify(command)
        kept = record or motion.table.remedy
        motion.events = [] if kept else None
        saved = Savepoint(motion)
        try:
            if type(command) is TakeBack:
                self._take_back(command)
            else:
                perform(motion, command)
        except BaseException:
            motion.restore(saved)
            raise
        events = tuple(motion.events or ())
        self._log.append(command)
        self._events.append(events)
        self._savepoints.append(saved)
        return events if record else ()

    def _take_back(self, command: TakeBack) -> None:
        """Put the table back before the command a take-back takes back, then take it back."""
        index = self._taken_back()
        if index is None:
            raise LoveLetterError(f"nothing to take back: {command!r}")
        self._motion.restore(self._savepoints[index])
        perform(self._motion, command, taken=self._log[index])


def _first_deal(setup: Setup) -> Motion:
    """The table ``setup`` describes, its first round dealt (its events recorded)."""
    table, tokens = check_setup(setup)
    first = table.players.index(setup.first)
    chance = Chance(setup.seed, table.edition.deck)
    if setup.layout is None:
        _, order = chance.draws(1)
        motion = begin(table, tokens=tokens, order=order, first=first)
    else:
        motion = begin(table, tokens=tokens, layout=setup.layout, first=first)
    motion.chance = chance
    return motion


def _number_named(edition: Edition, command: Command) -> Command:
    """``command``, a play naming a number naming the card it names (LL19-GUARD-NUMBER)."""
    if type(command) is not Play or type(command.guess) is not int:
        return command
    named = edition.card_named(command.guess)
    return command if named is None else attrs.evolve(command, guess=named)
