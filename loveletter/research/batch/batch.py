"""The public face of the batch engine: :class:`Batch`, many tables stepped at once."""

from __future__ import annotations

import operator
import secrets
from typing import Any, Literal, NamedTuple

import numpy as np
from numpy.typing import NDArray

from loveletter.commands import Command
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import LoveLetterError, SetupError
from loveletter.games.simulate import BotResult
from loveletter.referee import Game
from loveletter.research.batch.deal import deal
from loveletter.research.batch.export import GameRecorder, log_to_json
from loveletter.research.batch.layout import CHOOSE, OVER, PLAY, Arrays, Deck, Int, deck_of
from loveletter.research.batch.legal import Moves, moves_of, situation
from loveletter.research.batch.observe import Observer
from loveletter.research.batch.play import TABLES, BatchSummary
from loveletter.research.batch.rules import Outcome, Tables
from loveletter.research.encoding import Encoding, shares
from loveletter.setup import Setup, seat_names

__all__ = ["Batch", "IllegalActionError", "Step"]


class IllegalActionError(LoveLetterError):
    """An action id that is not legal at its table: the step raised it and changed nothing.

    ``tables`` are the tables whose actions were refused, ``actions`` those actions.
    """

    def __init__(self, message: str, *, tables: Int, actions: Int) -> None:
        super().__init__(message)
        self.tables = tables
        self.actions = actions


class Step(NamedTuple):
    """What :meth:`Batch.step` returns: rewards, and which tables ended a round or a game."""

    rewards: NDArray[np.float32]
    """``(B, N)``: each seat's reward for this step (see :meth:`Batch.new`'s ``rewards``)."""
    round_over: NDArray[np.bool_]
    """``(B,)``: the tables whose round ended in this step (the next one is dealt already,
    unless the game ended)."""
    game_over: NDArray[np.bool_]
    """``(B,)``: the tables whose game ended in this step."""


def _shares(deck: Deck) -> NDArray[np.float32]:
    """``table[winners]``: each seat's share, zero-sum (:meth:`Encoding.returns`)."""
    seats = [str(seat) for seat in range(deck.players)]
    return np.array(
        [
            shares(seats, [seat for bit, seat in enumerate(seats) if mask >> bit & 1])
            for mask in range(1 << deck.players)
        ],
        dtype=np.float32,
    )


MAX_TARGET = 100
"""The highest token target the batch engine plays: tokens are kept in bytes."""


def _target(ed: Edition, players: int, target: int | str | None) -> int:
    """The token target, as :meth:`Game.new <loveletter.referee.Game.new>` reads it.

    A target above ``MAX_TARGET`` (100) raises :class:`~loveletter.errors.SetupError`.
    """
    tokens = Game.new(seat_names(players), edition=ed, seed=0, target=target).state.table.target
    if tokens > MAX_TARGET:
        raise SetupError(
            f"the batch engine plays to {MAX_TARGET} tokens at most, not {tokens}: "
            "play longer games through loveletter.Game"
        )
    return tokens


_OBSERVATION_TYPES = (np.dtype(np.float32), np.dtype(np.int8), np.dtype(np.uint8))
"""The types an observation is given in."""


class Batch:
    """``B`` tables of Love Letter played at once, their state in arrays.

    See :mod:`loveletter.research.batch`.

    Made with :meth:`new`. Decisions are the action ids of the edition's
    :class:`~loveletter.research.encoding.Encoding`; draws and deals are made by the batch.
    """

    def __init__(
        self,
        *,
        tables: int,
        players: int,
        edition: str | Edition,
        seed: int | None,
        target: int | str | None,
        rewards: Literal["game", "round"],
        observe: bool,
        record: bool,
    ) -> None:
        ed = edition_named(edition)
        deck = deck_of(ed, players)
        if isinstance(tables, bool) or not isinstance(tables, int) or tables < 1:
            raise SetupError(f"tables must be a whole number of at least 1, not {tables!r}")
        if rewards not in ("game", "round"):
            raise SetupError(f"rewards must be 'game' or 'round', not {rewards!r}")
        if seed is None:
            seed = secrets.randbits(64)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise SetupError(f"the seed must be a whole number of at least 0, not {seed!r}")
        self.seed = seed
        """The seed of the batch's one generator (drawn when none was given)."""
        self.players = players
        self.names = seat_names(players)
        """The seats' names in exported games (:func:`loveletter.setup.seat_names`)."""
        self.edition = ed
        self.encoding: Encoding = deck.encoding
        self.target = _target(ed, players, target)
        """The favor tokens that win a game."""
        self._asked_target = target
        self._deck = deck
        self._moves: Moves = moves_of(deck)
        self._shares = _shares(deck)
        self._rewards = rewards
        self._rng = np.random.default_rng(seed)
        self._s = Arrays(tables, deck)
        self._recorder = GameRecorder(self._s, deck) if record else None
        self._tables = Tables(
            self._s, deck, self._rng, target=self.target, observe=observe, recorder=self._recorder
        )
        self._observe = observe
        self._observer: Observer | None = None
        self._every = np.arange(tables)
        """Every table, the tables that act in most steps."""
        self._known_situation: Int | None = None
        self._start(np.arange(tables))

    @classmethod
    def new(
        cls,
        *,
        tables: int,
        players: int,
        edition: str | Edition = "2019",
        seed: int | None = None,
        target: int | str | None = None,
        rewards: Literal["game", "round"] = "game",
        observe: bool = True,
        record: bool = False,
        remedy: bool = False,
        open_hands: bool = False,
    ) -> Batch:
        """``tables`` new games of ``players`` players, each dealt its first round.

        ``edition`` is ``"2019"`` or ``"classic"``; ``target`` replaces the token target
        as :meth:`Game.new <loveletter.referee.Game.new>` takes it (a number, LL19-Q22,
        or ``"printed"`` in classic, LLC-TARGETS-PRINTED). ``seed`` seeds the batch's one
        :class:`numpy.random.Generator` (the same seed and actions give the same games).
        ``rewards``: ``"game"``, the encoding's zero-sum returns on the step that ends a
        game (:meth:`Encoding.returns <loveletter.research.encoding.Encoding.returns>`), else 0;
        ``"round"``, the returns of each round, scored by its winners, on the step that
        ends it. ``observe=False`` skips keeping what players know (faster bulk play, and
        :meth:`observation` refuses); ``record=True`` keeps what :meth:`export` needs
        (every step's actions: memory grows with the steps). Editions of one's own, the
        house remedy (``remedy``), open hands (``open_hands``) and targets above
        ``MAX_TARGET`` (100) are not played here: :class:`~loveletter.errors.SetupError`.

        >>> batch = Batch.new(tables=3, players=4, seed=1)
        >>> batch.acting.shape, batch.target, int(batch.tokens.sum())
        ((3,), 4, 0)
        """
        if remedy or open_hands:
            raise SetupError(
                "the batch engine plays without the house remedy and with closed hands: "
                "play those tables through loveletter.Game"
            )
        return cls(
            tables=tables,
            players=players,
            edition=edition,
            seed=seed,
            target=target,
            rewards=rewards,
            observe=observe,
            record=record,
        )

    @classmethod
    def play_random(
        cls,
        *,
        games: int,
        players: int,
        edition: str | Edition = "2019",
        seed: int = 1,
        target: int | str | None = None,
        tables: int = TABLES,
    ) -> BatchSummary:
        """Play ``games`` whole games with uniformly random legal actions, ``tables`` at a time.

        Every legal action of the acting seat is equally likely, as
        ``random.choice(game.legal_commands())`` would have it (the ``"random"`` bot's
        way). Returns :func:`~loveletter.games.simulate.simulate`'s summary of random bots (wins
        per seat with 95% intervals, rounds, tokens by cause) with the cards played
        (:class:`~loveletter.research.batch.play.BatchSummary`). The batch's one generator is
        seeded with ``seed``: the same arguments give the same summary. ``target`` is the
        token target as :meth:`new` takes it. A wrong setting raises :class:`ValueError`
        (a :class:`~loveletter.errors.SetupError` for the table's).

        >>> summary = Batch.play_random(games=500, players=3, seed=2)
        >>> summary.games, summary.bots[0].games, sum(summary.bots[0].seat_games)
        (500, 1500, 1500)
        >>> summary.turns > 500 * 10, summary.rounds_per_game > 1
        (True, True)
        """
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise ValueError(
                f"the number of games must be a whole number of at least 1, not {games!r}"
            )
        if isinstance(tables, bool) or not isinstance(tables, int) or tables < 1:
            raise ValueError(f"tables must be a whole number of at least 1, not {tables!r}")
        batch = cls.new(
            tables=min(games, tables),
            players=players,
            edition=edition,
            seed=seed,
            target=target,
            observe=False,
        )
        return batch._play_out(games, seed)

    def _play_out(self, games: int, seed: int) -> BatchSummary:
        """Play ``games`` games at this batch's tables, starting new ones as games end.

        The batch's tables are dealt their first games already; it is used up (its tables
        are dropped as their last games end). :meth:`play_random` makes one and calls
        this; ``seed`` is the one it was given, for the summary.
        """
        count, deck = self.players, self._deck
        self._tables.restarts = games - self.tables
        seat_wins = np.zeros(count, dtype=np.int64)
        finished = turns = rounds = showdown = survivor = spy = 0
        while finished < games:
            s = self._s
            turns += int(np.count_nonzero(s.phase == PLAY))
            acts = s.phase != OVER
            live = self._every if acts.all() else acts.nonzero()[0]
            ids = self.random_actions()
            outcome = self._advance(live, ids if live is self._every else ids[live])
            if not outcome.rounds.size:
                continue
            won = s.won[outcome.rounds]
            by_last = outcome.survivor
            survivor += int(by_last.sum())
            showdown += int(deck.count[won[~by_last]].sum())
            spy += int(np.count_nonzero(s.spy_bonus[outcome.rounds] >= 0))
            ended: Int = outcome.games
            if not ended.size:
                continue
            finished += ended.size
            seat_wins += deck.seat_bits[outcome.winners].sum(axis=0).astype(np.int64)
            rounds += int(outcome.rounds_played.sum())
            over = s.phase == OVER
            if over.sum() * 4 > self.tables and finished < games:
                self._keep((~over).nonzero()[0])
        ed = self.edition
        return BatchSummary(
            games=games,
            players=count,
            edition=ed.name,
            seed=seed,
            bots=(
                BotResult(
                    bot="random",
                    games=games * count,
                    wins=int(seat_wins.sum()),
                    seat_games=(games,) * count,
                    seat_wins=tuple(int(wins) for wins in seat_wins),
                ),
            ),
            rounds=rounds,
            showdown_tokens=showdown,
            survivor_tokens=survivor,
            spy_tokens=spy,
            turns=turns,
        )

    def _start(self, rows: Int) -> None:
        """New games at ``rows``: no tokens, round 0, a starter drawn at random."""
        s = self._s
        self._known_situation = None
        s.tokens[rows] = 0
        s.round[rows] = 0
        first = (self._rng.random(rows.size) * self.players).astype(np.int64)
        deal(s, self._deck, self._rng, rows, first, self._observe, self._recorder)
        if self._recorder is not None:
            self._recorder.started(rows)

    # -- what is ------------------------------------------------------------------------

    @property
    def tables(self) -> int:
        """How many tables the batch holds (``B``)."""
        return int(self._s.actor.size)

    @property
    def acting(self) -> Int:
        """``(B,)``: the seat that must decide at each table; -1 where the game is over."""
        s = self._s
        result: Int = np.where(s.phase == OVER, -1, s.actor).astype(np.int64)
        return result

    @property
    def over(self) -> NDArray[np.bool_]:
        """``(B,)``: the tables whose game is over."""
        result: NDArray[np.bool_] = self._s.phase == OVER
        return result

    @property
    def tokens(self) -> Int:
        """``(B, N)``: each seat's favor tokens."""
        result: Int = self._s.tokens.astype(np.int64)
        return result

    @property
    def round_number(self) -> Int:
        """``(B,)``: each table's round, from 1."""
        result: Int = self._s.round.astype(np.int64)
        return result

    @property
    def round_winners(self) -> NDArray[np.bool_]:
        """``(B, N)``: the winners of each table's last round that ended (none before)."""
        return self._seats(self._s.won)

    @property
    def spy_bonus(self) -> Int:
        """``(B,)``: the seat that won the Spy's token in each table's last round (-1: none)."""
        result: Int = self._s.spy_bonus.astype(np.int64)
        return result

    @property
    def game_winners(self) -> NDArray[np.bool_]:
        """``(B, N)``: the winners of each table's game, once it is over."""
        return self._seats(self._s.winners)

    def _seats(self, bits: NDArray[Any]) -> NDArray[np.bool_]:
        result: NDArray[np.bool_] = self._deck.seat_bits[bits].astype(bool)
        return result

    @property
    def nbytes(self) -> int:
        """The bytes the state's arrays hold (the recorder's, if any, not counted)."""
        return self._s.nbytes

    # -- decisions ------------------------------------------------------------------------

    def legal_mask(self, *, out: NDArray[Any] | None = None, packed: bool = False) -> NDArray[Any]:
        """``(B, num_actions)``: the legal action ids of each table's acting seat.

        Row for row :meth:`Encoding.legal_mask <loveletter.research.encoding.Encoding.legal_mask>`
        of that seat's view; all false where the game is over. ``out``, an array of that
        shape and type, is written and returned instead of a new array.

        ``packed=True`` gives the same mask eight actions a byte, as a learner stores it:
        ``(B, ceil(num_actions / 8))`` of ``uint8``, action ``a`` at bit ``a % 8`` (the
        lowest first) of byte ``a // 8``, as ``numpy.packbits`` packs with
        ``bitorder="little"`` and ``numpy.unpackbits`` unpacks:

        >>> import numpy as np
        >>> batch = Batch.new(tables=3, players=4, seed=2)
        >>> packed = batch.legal_mask(packed=True)
        >>> packed.shape, packed.dtype
        ((3, 148), dtype('uint8'))
        >>> dense = np.unpackbits(packed, axis=1, count=batch.encoding.num_actions,
        ...                       bitorder="little").astype(bool)
        >>> bool((dense == batch.legal_mask()).all())
        True
        """
        moves = self._moves
        rows = self._situation()
        table = moves.packed if packed else moves.mask
        shape = (self.tables, table.shape[1])
        if out is None:
            out = np.empty(shape, dtype=table.dtype)
        elif out.shape != shape or out.dtype != table.dtype:
            raise LoveLetterError(f"out must be a {table.dtype} array of shape {shape}")
        table.take(rows, axis=0, out=out, mode="clip")
        return out

    def random_actions(self) -> Int:
        """``(B,)``: one legal action id per table, uniformly drawn; -1 where the game is over.

        Drawn from each table's count of legal actions, without building the masks.
        """
        return self._moves.random(self._situation(), self._rng)

    def _situation(self) -> Int:
        """Each table's row of the :class:`~loveletter.research.batch.legal.Moves` tables.

        Worked out once between two changes of the state (a loop that reads the masks,
        then draws random actions, asks twice).
        """
        known = self._known_situation
        if known is None:
            known = self._known_situation = situation(self._s, self._deck, self._moves)
        return known

    def observation(
        self, seats: Any = None, *, out: NDArray[Any] | None = None, dtype: Any = np.float32
    ) -> NDArray[Any]:
        """``(B, observation_size)``: each table's observation by ``seats`` (``(B,)``).

        Row for row :meth:`Encoding.observation <loveletter.research.encoding.Encoding.observation>`
        of that seat's view (what the player knows included). ``seats`` defaults to
        :attr:`acting`; a row whose seat is -1 is all zeros. ``out``, an array of that
        shape and of type ``dtype``, is written and returned instead of a new array (a
        loop that keeps one saves allocating several megabytes a step). The first call
        makes the scratch arrays the observations are built in
        (:class:`~loveletter.research.batch.observe.Observer`, 0.7 to 1 KB a table), kept
        for the next.

        ``dtype`` is ``float32`` (the encoding's), or ``int8`` or ``uint8``, as a learner
        stores observations: the same columns, the same values (every column is a small
        count), a quarter of the bytes. One column can outgrow a byte, the round number
        (a game to a high target can last more than 127 rounds): there it stops at the
        type's largest value (127, or 255).

        >>> import numpy as np
        >>> batch = Batch.new(tables=3, players=4, seed=2)
        >>> small = batch.observation(dtype=np.int8)
        >>> small.dtype, bool((small == batch.observation()).all())
        (dtype('int8'), True)
        """
        if not self._observe:
            raise LoveLetterError(
                "this batch keeps no knowledge (observe=False): make it with observe=True"
            )
        kind = np.dtype(dtype)
        if kind not in _OBSERVATION_TYPES:
            raise LoveLetterError(f"dtype must be float32, int8 or uint8, not {kind}")
        if seats is None:
            viewers = self.acting
        else:
            viewers = np.asarray(seats, dtype=np.int64)
            if viewers.shape != (self.tables,):
                raise LoveLetterError(
                    f"seats must be of shape ({self.tables},), not {viewers.shape}"
                )
            if ((viewers < -1) | (viewers >= self.players)).any():
                raise LoveLetterError(f"seats must be -1 to {self.players - 1}")
        if out is not None and (
            out.shape != (self.tables, self.encoding.observation_size) or out.dtype != kind
        ):
            raise LoveLetterError(
                f"out must be a {kind} array of shape ({self.tables}, "
                f"{self.encoding.observation_size})"
            )
        observer = self._observer
        if observer is None or observer.board.shape[0] != self.tables:
            observer = self._observer = Observer(self._deck, self.tables)
        return observer(self._s, self.target, viewers, out, kind)

    def step(self, actions: Any, *, check: bool = True, where: Any = None) -> Step:
        """Apply one action id per table (ignored where the game is over).

        Each acting seat plays its card or makes its Chancellor's choice; turns pass,
        draws are made, rounds end and the next are dealt. With ``check`` (the default)
        an id that is not legal raises :class:`IllegalActionError` and nothing changes;
        ``check=False`` is for ids known to be legal (:meth:`random_actions`, or a masked
        policy's): anything else then gives undefined results. ``where``, a ``(B,)``
        boolean array, lets only those tables act (the others wait, their actions
        ignored): an environment whose seats are played by different policies steps
        each policy's tables in turn.

        >>> batch = Batch.new(tables=2, players=2, seed=3)
        >>> rewards, round_over, game_over = batch.step(batch.random_actions())
        >>> rewards.shape, round_over.dtype
        ((2, 2), dtype('bool'))
        """
        s = self._s
        ids = np.asarray(actions)
        if ids.shape != (self.tables,) or not np.issubdtype(ids.dtype, np.integer):
            raise LoveLetterError(
                f"actions must be {self.tables} whole numbers (shape ({self.tables},)), "
                f"not {ids.dtype} of shape {ids.shape}"
            )
        ids = ids.astype(np.int64, copy=False)
        acts = s.phase != OVER
        if where is not None:
            chosen = np.asarray(where)
            if chosen.shape != (self.tables,) or chosen.dtype != np.bool_:
                raise LoveLetterError(
                    f"where must be {self.tables} booleans (shape ({self.tables},))"
                )
            acts &= chosen
        if acts.all():  # as in most steps: no gather needed
            live = self._every
        else:
            live = acts.nonzero()[0]
            ids = ids[live]
        if check:
            self._check(live, ids)
        if self._recorder is not None:
            acted = np.full(self.tables, -1, dtype=np.int64)
            acted[live] = ids
            self._recorder.acted(acted, s.actor)
        ended = self._advance(live, ids)
        s, count = self._s, self.players
        rewards = np.zeros((self.tables, count), dtype=np.float32)
        round_over = np.zeros(self.tables, dtype=bool)
        game_over = np.zeros(self.tables, dtype=bool)
        round_over[ended.rounds] = True
        game_over[ended.games] = True
        if self._rewards == "round":
            rewards[ended.rounds] = self._shares[s.won[ended.rounds]]
        else:
            rewards[ended.games] = self._shares[s.winners[ended.games]]
        return Step(rewards, round_over, game_over)

    def _check(self, live: Int, ids: Int) -> None:
        moves = self._moves
        rows = self._situation()[live]
        legal = moves.legal(rows, ids)
        if legal.all():
            return
        wrong = live[~legal]
        bad = ids[~legal]
        shown = ", ".join(
            f"table {int(t)}: {self._told(int(t), int(a))}"
            for t, a in zip(wrong[:3], bad[:3], strict=True)
        )
        more = f" and {wrong.size - 3} more" if wrong.size > 3 else ""
        raise IllegalActionError(
            f"{wrong.size} illegal action{'s' if wrong.size > 1 else ''} ({shown}{more}); "
            "nothing was applied",
            tables=wrong,
            actions=bad,
        )

    def _told(self, table: int, action: int) -> str:
        """An action at a table, in words: its id, its command (if any), the seat's cards."""
        s, deck = self._s, self._deck
        actor = int(s.actor[table])
        held = [s.hand[table, actor], s.drawn[table], s.drawn2[table]]
        cards = ", ".join(str(deck.cards[int(c)]) for c in held if c != deck.none)
        what = "a Chancellor's choice" if s.phase[table] == CHOOSE else "a play"
        try:
            command = repr(
                self.encoding.command(action, players=self.names, actor=self.names[actor])
            )
        except LoveLetterError:
            command = "no command at this table"
        return (
            f"action {action} ({command}) for {self.names[actor]}, holding {cards}, to make {what}"
        )

    def _advance(self, live: Int, ids: Int) -> Outcome:
        """Apply legal ids ``ids`` at the tables ``live``; return what ended."""
        s, moves, tables = self._s, self._moves, self._tables
        self._known_situation = None
        every = live is self._every
        choosing = (s.phase if every else s.phase[live]) == CHOOSE
        done: list[Int] = []
        if choosing.any():
            chosen = choosing.nonzero()[0]
            rows, picked = live[chosen], ids[chosen]
            tables.choose(rows, moves.keep[picked], moves.first[picked], moves.second[picked])
            done.append(rows)
            playing = (~choosing).nonzero()[0]
            live, ids, every = live[playing], ids[playing], False
        if live.size:
            actors = (s.actor if every else s.actor[live]).astype(np.intp)
            targets = moves.target.take(actors * moves.actions + ids)
            cards, guesses = moves.card.take(ids), moves.guess.take(ids)
            done.append(tables.play(live, actors, cards, targets, guesses))
        if done:
            tables.end_turn(np.concatenate(done) if len(done) > 1 else done[0])
        return tables.outcome()

    def _keep(self, rows: Int) -> None:
        """Keep the tables ``rows`` only, in that order (bulk play drops finished games)."""
        if self._recorder is not None:
            raise LoveLetterError("a batch that records its games keeps all its tables")
        self._s = self._tables.s = self._s.take(rows)
        self._known_situation = None
        self._every = np.arange(rows.size)

    def reset_done(self) -> NDArray[np.bool_]:
        """Start a new game at every table whose game is over; return which tables did."""
        done: NDArray[np.bool_] = self._s.phase == OVER
        rows = done.nonzero()[0]
        if rows.size:
            self._start(rows)
        return done

    def restart(self, tables: Any) -> None:
        """Start a new game at the chosen tables, over or not (the others go on).

        ``tables``: their indices, or a ``(B,)`` boolean array. The new games are dealt
        from the batch's generator, as :meth:`reset_done` deals them.

        >>> batch = Batch.new(tables=4, players=2, seed=6)
        >>> _ = batch.step(batch.random_actions())
        >>> batch.restart([1, 3])
        >>> batch.round_number.tolist()
        [1, 1, 1, 1]
        """
        chosen = np.asarray(tables)
        if chosen.dtype == np.bool_:
            if chosen.shape != (self.tables,):
                raise LoveLetterError(
                    f"a boolean array of tables must be of shape ({self.tables},)"
                )
            chosen = np.flatnonzero(chosen)
        elif chosen.size and not np.issubdtype(chosen.dtype, np.integer):
            raise LoveLetterError(f"tables must be indices or booleans, not {chosen.dtype}")
        rows = np.unique(chosen.astype(np.int64).reshape(-1))
        if rows.size and (rows[0] < 0 or rows[-1] >= self.tables):
            raise LoveLetterError(f"the tables are 0 to {self.tables - 1}, not {rows.tolist()}")
        if rows.size:
            self._start(rows)

    # -- game logs -----------------------------------------------------------------------

    def log(self, table: int) -> tuple[Setup, list[Command]]:
        """Table ``table``'s current (or last) game: the setup and commands that replay it.

        The setup deals the first round's layout; after each round but the last comes a
        :class:`~loveletter.commands.Deal` with the next round's layout and starter. Needs
        a batch made with ``record=True``.
        """
        recorder = self._recorder
        if recorder is None:
            raise LoveLetterError("this batch keeps no game logs: make it with record=True")
        index = operator.index(table)
        if not 0 <= index < self.tables:
            raise LoveLetterError(f"no table {table!r}: the tables are 0 to {self.tables - 1}")
        return recorder.log(index, seed=self.seed, target=self._asked_target)

    def export(self, table: int) -> str:
        """Table ``table``'s game as the referee's game log (JSON), for ``loveletter replay``.

        :func:`loveletter.serialization.from_json` reads it back as a setup and commands, and
        :meth:`Game.replay <loveletter.referee.Game.replay>` plays it. Needs
        ``record=True``.

        >>> from loveletter import Game, from_json
        >>> batch = Batch.new(tables=4, players=3, seed=5, record=True)
        >>> while not batch.over.all():
        ...     _ = batch.step(batch.random_actions())
        >>> setup, commands = from_json(batch.export(2))
        >>> game = Game.replay(setup, commands)
        >>> game.over, [game.state.tokens_of(name) for name in game.state.players] == list(
        ...     batch.tokens[2])
        (True, True)
        """
        return log_to_json(*self.log(table))
