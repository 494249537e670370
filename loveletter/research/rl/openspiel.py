"""Love Letter as an OpenSpiel game: ``pyspiel.load_game("python_loveletter")``.

Importing this module registers the game with OpenSpiel (the ``[openspiel]`` extra). Its
parameters: ``edition`` (``"2019"``, the default, or ``"classic"``), ``players`` (2 to
the edition's most; 2 by default) and ``single_round`` (``False``: a whole game, to the
edition's token target; ``True``: the game ends with the first round, scored by its
winners). In a game's string OpenSpiel reads ``edition=2019`` as a number, which it
refuses: leave the default edition out, or give the parameters as a dict. Player ``i``
sits in seat ``i`` (named as :func:`loveletter.setup.seat_names` names them), and player
0 starts the first round.

The referee judges every move: a player's legal actions are the ids
(:class:`~loveletter.research.encoding.Encoding`) of the referee's legal commands, and an action
is the command its id stands for, applied by the referee. Returns are the encoding's
(zero-sum: the winners share +1, the others -1), at the end of the game or, with
``single_round``, of the round.

**Chance.** Every card is placed by an explicit chance node. Its outcomes are the kinds
of card (outcome ``i`` is the encoding's ``cards[i]``), each as likely as its share of
the cards chance has not placed yet. A round is dealt one card at a time: the set-aside
card, the face-up cards (two players), then a card for each seat from the starter; a
round that follows a tie starts with a chance node that picks the starter among its
winners, each equally likely. The referee then starts the round with that deal, and a
draw pile whose order nobody has decided: each of its cards is placed by a chance node
when it is drawn (the turn's draw, a Prince's redraw, a Chancellor's draws), and only
then put on top of the referee's pile. A player's move that draws is chosen first, then
chance draws for it, then the referee applies it. The cards a Chancellor returns under
the pile are no longer chance's: they come back, in their order, once the cards above
them are gone. This is exact: a shuffled deck turned over one card at a time gives each
card the distribution of the cards not yet turned over, which is what each chance node
gives; the referee's shuffle is drawn lazily, and no chance node decides a card before
someone could see it (the set-aside card aside, dealt with the round).

**Information states.** A player's information state string names exactly what that
player knows, in a canonical order: their name and number; then, for each round, the
card they were dealt and a line per command the referee applied (who acted, the command
as they saw it, the cards it showed them, the cards it put face up, their hand after
it, who was out), a finished round closing with what they saw when it ended
(``end:``), the running one with what they see now (``now:``, the observation below,
block by block). Cards that form a set (a hand, the face-up cards, the cards one command
discarded) are named in the edition's order of kinds, never in the order they were
dealt or drawn, so that histories a player cannot act on differently read alike.

The information state tensor has a fixed size. Its blocks: ``player`` (one-hot),
``dealt`` (the card the player was dealt this round), ``observation`` (the player's
observation, below) and ``record``, the running round as they saw it, a line per
command the referee applied in it (at most a draw and a play per card of the pile, and
a choice per card that draws), zeros after the last. Seats in a line are offsets from
the player, as in the observation; a line's blocks: who acted; whether it was a draw, a
play or a choice; the card played (or kept: a Chancellor's choice shows only to its
player); the player it chose first, and the others; the card it named; the two cards
returned (to the chooser only); the cards it showed the player from each hand (a
Priest's look, a Baron's comparison, a King's trade, the showdown); the cards it put
face up on each player's discards (the card played, a hand a Prince discarded, a
knocked-out player's); the player's own hand after it; who was out of the round after
it. Its size, in floats: 3,633 for the 2019 edition with two players (6,315 with six),
1,899 for the classic edition with two (2,947 with four).

*String and tensor.* Within a round the two say the same: two histories give a player
equal strings exactly when they give equal tensors (a test checks it over thousands of
nodes). Across rounds the string is finer: it tells every earlier round, while the
tensor sums them up by what the observation keeps of them, the tokens. The rest of the
game depends on nothing else, so a policy loses nothing by it, but two histories that
differ only in an earlier round can share a tensor, never a string; equal strings
always mean equal tensors.

*Chance and terminal nodes.* As in OpenSpiel's own games (Kuhn poker, Leduc poker),
``state.information_state_string(player)`` and ``information_state_tensor(player)``
answer at every node, chance and terminal ones included, with that player's information
state (before the first deal: their name and number, and a tensor of zeros but the
``player`` block). Called without a player, OpenSpiel asks for the player to act, which
at those nodes is a negative id (chance, terminal), and raises ``RuntimeError``
(``SpielError``): OpenSpiel's own API tests require it. The same holds for the
observation string and tensor.

**Observations.** The observation tensor is the encoding's observation of the player's
view (:func:`loveletter.views.view_for`); the observation string tells that view in
words. Before the first deal the tensor is zeros, and the string says the cards are
being dealt. Besides the information state and the observation, the game's observers
(:meth:`LoveLetterGame.make_py_observer`, OpenSpiel's ``make_observation``) offer the
public observation, what a spectator sees; any other kind is ``None``.

**Search.** :meth:`LoveLetterState.resample_from_infostate` draws a state a player
cannot tell from the one they are in, as OpenSpiel's ISMCTS asks: the hidden cards dealt
again by :class:`loveletter.bots.sampling.Sampler`, and a history that leads there.
OpenSpiel's own API tests (``integration_tests/api_test.py``) run against the game in
the test suite.

>>> import pyspiel
>>> game = pyspiel.load_game("python_loveletter", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), round(sum(p for _, p in state.chance_outcomes()), 9)
(True, 1.0)
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), len(state.legal_actions()) > 0
(0, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import attrs
import numpy as np
import pyspiel

from loveletter.bots.sampling import Sampler
from loveletter.cardrule import Intent, rule_of
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.editions import EDITIONS, Edition, edition
from loveletter.errors import LoveLetterError
from loveletter.events import Event
from loveletter.layout import Layout
from loveletter.narration import Narrator
from loveletter.referee import Game
from loveletter.research.encoding import encoding
from loveletter.serialization import state_from_json, to_json
from loveletter.setup import seat_names
from loveletter.state import Phase, State
from loveletter.text import describe
from loveletter.views import View, view_for
from loveletter.words import card_name

__all__ = [
    "GAME_TYPE",
    "SHORT_NAME",
    "LoveLetterGame",
    "LoveLetterObserver",
    "LoveLetterState",
]

SHORT_NAME = "python_loveletter"
"""The name to load the game by: ``pyspiel.load_game("python_loveletter")``."""

_PARAMETERS: dict[str, Any] = {"edition": "2019", "players": 2, "single_round": False}

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Love Letter (loveletter referee)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=max(ed.max_players for ed in EDITIONS.values()),
    min_num_players=min(ed.min_players for ed in EDITIONS.values()),
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_PARAMETERS,
)
"""The game's type, as registered with OpenSpiel."""


# -- the rules of one table: fixed for a game, shared by its states ---------------------


@attrs.frozen(kw_only=True)
class _Rules:
    """What stays the same for every state of one OpenSpiel game."""

    edition: Edition
    players: tuple[str, ...]
    single_round: bool
    kinds: tuple[Card, ...]
    """The kinds of card, in the order of the chance outcomes."""
    face_up: int
    pile: int
    """The draw pile's size when a round starts."""
    turns: int
    """The most decisions in one round: a play per card in the pile, and a choice per
    card that draws for its player."""
    lines: int
    """The most commands the referee applies in one round: a draw and a play per card
    in the pile, and a choice per card that draws."""
    rounds: int
    """The most rounds in a game."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Rules:
        return self  # immutable, and shared by every state of the game

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its parameters (a state's serialization), read back from them."""
        params = {"edition": self.edition.name, "players": len(self.players)}
        return (_Rules.of, ({**params, "single_round": self.single_round},))

    @classmethod
    def of(cls, params: Mapping[str, Any]) -> _Rules:
        """The rules of the game ``params`` describe; wrong parameters raise ``ValueError``."""
        ed = edition(str(params["edition"]))
        count = params["players"]
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"players must be a whole number, not {count!r}")
        if not ed.min_players <= count <= ed.max_players:
            raise ValueError(
                f"the {ed.name} edition is for {ed.min_players} to {ed.max_players} players,"
                f" not {count}"
            )
        face_up = ed.face_up_with_two_players if count == 2 else 0
        pile = len(ed.deck) - 1 - face_up - count
        choices = sum(1 for card in ed.deck if rule_of(card).draws)
        single = bool(params["single_round"])
        target = ed.target(players=count)
        return cls(
            edition=ed,
            players=seat_names(count),
            single_round=single,
            kinds=tuple(spec.card for spec in ed.specs),
            face_up=face_up,
            pile=pile,
            turns=pile + choices,
            lines=2 * pile + choices,
            rounds=1 if single else count * (target - 1) + 1,
        )

    @property
    def dealt(self) -> int:
        """The cards chance places before a round starts."""
        return 1 + self.face_up + len(self.players)


# -- the state's changing part -----------------------------------------------------------

_Move: TypeAlias = Draw | Play | Choose
"""A command of a round, sent by a player (a draw too, though chance decides its card)."""


@attrs.frozen
class _Line:
    """One command the referee applied in the running round, and what it left."""

    actor: int
    command: _Move
    targets: tuple[int, ...]
    """The seats a play chose."""
    shown: tuple[tuple[int | None, int, Card], ...]
    """The cards it showed from hands: who saw each (``None``: everyone), whose it was."""
    discarded: tuple[tuple[Card, ...], ...]
    """The cards it put face up on each player's discards (the card played among them)."""
    hands: tuple[tuple[Card, ...], ...]
    out: tuple[bool, ...]
    taken: int = 0
    """How many cards it took from the draw pile."""
    fresh: int = 0
    """How many of those chance placed (the others a Chancellor had returned)."""


@attrs.frozen(kw_only=True)
class _Round:
    """A round played to its end: what the information state strings tell of it."""

    opening: tuple[tuple[Card, ...], ...]
    """The hands it was dealt."""
    lines: tuple[_Line, ...]
    end: State
    """The referee's state when it ended."""
    told: dict[int, list[str]] = attrs.field(factory=dict, eq=False, repr=False)
    """Each player's lines of it in their information state string (a cache, shared
    by every state that played the round)."""


class _Table:
    """The changing part of an OpenSpiel state: the referee, and chance's bookkeeping.

    OpenSpiel clones a Python state by deep-copying its attributes; this one copies
    itself cheaply instead (the referee's game by :meth:`Game.copy`, the lists shallowly:
    everything in them is immutable).
    """

    __slots__ = (
        "batches",
        "dealt",
        "drawn",
        "fresh",
        "game",
        "lines",
        "moves",
        "needed",
        "opening",
        "pending",
        "recalled",
        "rounds",
        "samplers",
        "start",
        "starter",
        "told",
        "unseen",
    )

    def __init__(self, rules: _Rules) -> None:
        self.game: Game | None = None
        """The referee, once the first round is dealt."""
        self.dealt: list[Card] = []
        """The cards of the round being dealt, in the order chance placed them."""
        self.starter: int | None = 0
        """The seat that starts the round being dealt; ``None`` until chance picks it."""
        self.unseen: list[int] = _deck(rules)
        """How many cards of each kind chance has not placed yet (during a round: the
        cards on top of the referee's pile, in no decided order)."""
        self.fresh = 0
        """How many cards on top of the referee's pile chance has not placed yet."""
        self.pending: _Move | None = None
        """A command waiting for chance to place the cards it draws."""
        self.needed = 0
        self.drawn: list[Card] = []
        self.batches: list[tuple[Event, ...]] = []
        """The events of every command the referee applied, one batch per command."""
        self.lines: list[_Line] = []
        """The running round's record."""
        self.opening: tuple[tuple[Card, ...], ...] = ()
        """The hands the running round was dealt."""
        self.rounds: tuple[_Round, ...] = ()
        """The rounds played to their end before the running one."""
        self.samplers: dict[str | None, Sampler] = {}
        """The sampler of each player's view, kept for resampling (a cache)."""
        self.moves = 0
        """How many actions were applied (chance's and the players')."""
        self.start = 0
        """How many actions were applied before the running round's deal began."""
        self.told: dict[int, tuple[int, list[str]]] = {}
        """For each player, the batches told so far and their sentences (a cache)."""
        self.recalled: dict[int, tuple[int, int, list[str]]] = {}
        """For each player, the finished rounds and the running round's lines that their
        information state string tells so far, and its lines (a cache, kept once the
        first round is dealt)."""

    def __deepcopy__(self, memo: dict[int, object]) -> _Table:
        other = _Table.__new__(_Table)
        other.game = None if self.game is None else self.game.copy(history=False)
        other.dealt = list(self.dealt)
        other.starter = self.starter
        other.unseen = list(self.unseen)
        other.fresh = self.fresh
        other.pending = self.pending
        other.needed = self.needed
        other.drawn = list(self.drawn)
        other.batches = list(self.batches)
        other.lines = list(self.lines)
        other.opening = self.opening
        other.rounds = self.rounds
        other.samplers = {}
        other.moves = self.moves
        other.start = self.start
        other.told = {player: (count, list(said)) for player, (count, said) in self.told.items()}
        other.recalled = {
            player: (rounds, lines, list(said))
            for player, (rounds, lines, said) in self.recalled.items()
        }
        return other

    def __getstate__(self) -> dict[str, Any]:
        """The table for pickling (a state's serialization): the referee's state as JSON."""
        caches = ("told", "recalled", "samplers")
        found = {name: getattr(self, name) for name in self.__slots__ if name not in caches}
        game = self.game
        found["game"] = None if game is None else to_json(game.state)
        found["rounds"] = [(done.opening, done.lines, to_json(done.end)) for done in self.rounds]
        return found

    def __setstate__(self, found: Mapping[str, Any]) -> None:
        for name, value in found.items():
            setattr(self, name, value)
        game = found["game"]
        self.game = None if game is None else Game.from_state(state_from_json(game))
        self.rounds = tuple(
            _Round(opening=opening, lines=lines, end=state_from_json(end))
            for opening, lines, end in found["rounds"]
        )
        self.told = {}
        self.recalled = {}
        self.samplers = {}


def _deck(rules: _Rules) -> list[int]:
    """How many cards of each kind the deck has."""
    return [rules.edition.deck.count(kind) for kind in rules.kinds]


def _outcomes(counts: Sequence[int]) -> list[tuple[int, float]]:
    """The chance outcomes of a card placed among ``counts`` cards of each kind.

    Each kind with cards left is an outcome, as likely as its share of the cards.

    >>> _outcomes([5, 0, 1, 2])
    [(0, 0.625), (2, 0.125), (3, 0.25)]
    """
    total = sum(counts)
    return [(kind, count / total) for kind, count in enumerate(counts) if count > 0]


# -- the game -----------------------------------------------------------------------------


class LoveLetterGame(pyspiel.Game):  # type: ignore[misc]
    """Love Letter, refereed by :class:`loveletter.referee.Game`, as an OpenSpiel game."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        """A game with ``params`` (see the module's description); defaults for the rest."""
        settings = {**_PARAMETERS, **(params or {})}
        rules = _Rules.of(settings)
        enc = encoding(rules.edition)
        super().__init__(
            GAME_TYPE,
            pyspiel.GameInfo(
                num_distinct_actions=enc.num_actions,
                max_chance_outcomes=max(len(rules.kinds), len(rules.players)),
                num_players=len(rules.players),
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=rules.rounds * rules.turns,
            ),
            _spelled(settings),
        )
        self.rules = rules
        self.round_starts: dict[tuple[int, ...], LoveLetterState] = {}
        """States where a round's deal begins, by the actions that lead there (a cache
        for :meth:`LoveLetterState.resample_from_infostate`, of a few entries)."""

    def new_initial_state(self) -> LoveLetterState:
        """The game before the first card is dealt."""
        return LoveLetterState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> LoveLetterObserver | None:
        """An observer of the kind ``iig_obs_type`` asks for; ``None`` if not offered.

        Offered: the player's information state (public and their own private
        information, perfect recall), their observation (the same without perfect
        recall; the default), and the public observation (no private information, no
        perfect recall). Any other kind (a player's private information alone,
        everyone's, a public information state) is ``None``, as OpenSpiel's
        ``make_observation`` documents for a kind a game does not support; parameters,
        which no observer takes, raise ``ValueError``.

        >>> import pyspiel
        >>> game = pyspiel.load_game("python_loveletter")
        >>> private_only = pyspiel.IIGObservationType(
        ...     public_info=False, perfect_recall=False,
        ...     private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
        >>> game.make_py_observer(private_only) is None
        True
        >>> public = pyspiel.IIGObservationType(
        ...     public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
        >>> game.make_py_observer(public).kind
        'public'
        """
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        kind = _observer_kind(iig_obs_type)
        return None if kind is None else LoveLetterObserver(self.rules, kind)


def _spelled(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters as the game's string names them: the default edition left out.

    OpenSpiel reads ``edition=2019`` in a game's string as a number, not the edition's
    name, so the string leaves the default edition to the default.
    """
    return {
        name: value
        for name, value in settings.items()
        if name != "edition" or value != _PARAMETERS["edition"]
    }


class LoveLetterState(pyspiel.State):  # type: ignore[misc]
    """A state of an OpenSpiel game of Love Letter: the referee's, or a deal in progress."""

    def __init__(self, game: LoveLetterGame) -> None:
        """The state before the first card of the game is dealt."""
        super().__init__(game)
        self.rules: _Rules = game.rules
        self.table = _Table(game.rules)

    # -- what is -------------------------------------------------------------------------

    @property
    def referee(self) -> Game | None:
        """The referee's game (``None`` until the first round is dealt): read it, never apply."""
        return self.table.game

    def _game(self) -> Game:
        game = self.table.game
        if game is None:
            raise RuntimeError("no round has been dealt yet")
        return game

    def _dealing(self) -> bool:
        game = self.table.game
        if game is None:
            return True
        return not self.rules.single_round and game.state.phase is Phase.ROUND_OVER

    def current_player(self) -> int:
        """The seat to act, chance, or terminal."""
        table = self.table
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if table.pending is not None or self._dealing():
            return int(pyspiel.PlayerId.CHANCE)
        return self._game().state.to_act

    def is_terminal(self) -> bool:
        """Whether the game is over (or, for a single round, the round)."""
        game = self.table.game
        if game is None or self.table.pending is not None:
            return False
        phase = game.state.phase
        return phase is Phase.GAME_OVER or (self.rules.single_round and phase is Phase.ROUND_OVER)

    def returns(self) -> list[float]:
        """Each player's return: the encoding's, once the game is over; zero before."""
        game = self.table.game
        if game is None or not self.is_terminal():
            return [0.0] * len(self.rules.players)
        enc = encoding(self.rules.edition)
        return list(enc.returns(game.state, round_only=self.rules.single_round))

    # -- chance --------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of this chance node and their probabilities."""
        table = self.table
        if table.pending is None and table.starter is None:
            winners = self._winners()
            return [(seat, 1.0 / len(winners)) for seat in winners]
        return _outcomes(table.unseen)

    def _winners(self) -> list[int]:
        state = self._game().state
        return [state.seat(player) for player in state.round_winners]

    def _apply_chance(self, outcome: int) -> None:
        table = self.table
        pending, starter = table.pending, table.starter
        if pending is None and starter is None:
            if outcome not in self._winners():
                raise ValueError(f"seat {outcome} did not win the round: it cannot start")
            table.starter = outcome
            return
        if not 0 <= outcome < len(table.unseen) or table.unseen[outcome] == 0:
            raise ValueError(f"no {outcome} among the chance outcomes {table.unseen}")
        table.unseen[outcome] -= 1
        card = self.rules.kinds[outcome]
        if pending is not None:
            table.drawn.append(card)
            if len(table.drawn) == table.needed:
                self._draw_pending(pending)
        elif starter is not None:
            table.dealt.append(card)
            if len(table.dealt) == self.rules.dealt:
                self._start_round(starter)

    def _start_round(self, starter: int) -> None:
        """Start the round dealt by chance: the referee deals it, its pile in no order yet."""
        table, rules = self.table, self.rules
        dealt = table.dealt
        count = len(rules.players)
        hands = {(starter + offset) % count: card for offset, card in enumerate(dealt[-count:])}
        layout = Layout(
            set_aside=dealt[0],
            face_up=tuple(dealt[1 : 1 + rules.face_up]),
            hands=tuple((player, hands[seat]) for seat, player in enumerate(rules.players)),
            draw_pile=self._undecided(),
        )
        first = rules.players[starter]
        if table.game is None:
            table.game = Game.new(
                rules.players,
                edition=rules.edition,
                first=first,
                deal=layout,
                seed=0,
                auto_draw=False,
            )
            events = table.game.events
        else:
            done = _Round(opening=table.opening, lines=tuple(table.lines), end=table.game.state)
            table.rounds = (*table.rounds, done)
            events = table.game.apply(Deal(layout=layout, first=first))
        table.batches.append(tuple(events))
        table.lines = []
        table.opening = table.game.state.hands
        table.dealt = []
        table.starter = None
        table.fresh = len(layout.draw_pile)
        self._settle()

    def _undecided(self) -> tuple[Card, ...]:
        """The cards chance has not placed, in the edition's order of kinds."""
        kinds = self.rules.kinds
        return tuple(
            kinds[kind] for kind, count in enumerate(self.table.unseen) for _ in range(count)
        )

    def _draw_pending(self, command: _Move) -> None:
        """Put the cards chance drew on top of the referee's pile, then apply ``command``."""
        table = self.table
        state = before = self._game().state
        pile = (*table.drawn, *self._undecided(), *state.draw_pile[table.fresh :])
        # The referee's own state, its undecided cards put in the order chance drew them:
        # consistent by construction, so not checked again (a third of a draw's time).
        game = Game.from_state(attrs.evolve(state, draw_pile=pile), check=False)
        events = game.apply(command)
        fresh = min(_taken(state, game.state, command), table.fresh)
        if fresh != table.needed:
            raise RuntimeError(f"{command!r} drew {fresh} fresh cards, not {table.needed}")
        table.game = game
        table.fresh -= table.needed
        table.pending = None
        table.needed = 0
        table.drawn = []
        self._record(command, before, events, fresh=fresh)
        self._settle()

    # -- moves ---------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        """The ids of the referee's legal commands, in order."""
        enc = encoding(self.rules.edition)
        players = self.rules.players
        legal = self._game().legal_commands()
        return sorted({enc.action_id(command, players=players) for command in legal})

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome, or the command a player's action stands for."""
        self.table.moves += 1
        if self.is_chance_node():
            self._apply_chance(action)
            return
        rules = self.rules
        actor = rules.players[self._game().state.to_act]
        command = encoding(rules.edition).command(action, players=rules.players, actor=actor)
        if not isinstance(command, (Play, Choose)):
            raise ValueError(f"action {action} is no player's move: {command!r}")
        self._run(command)

    def _run(self, command: _Move) -> None:
        """Apply ``command``, or keep it waiting for the fresh cards it draws.

        It is tried on a copy of the referee first: the cards it takes from the pile say
        how many chance must place before it is applied for good.
        """
        table = self.table
        game = self._game()
        trial = game.copy(history=False)
        before = game.state
        events = trial.apply(command)
        needed = min(_taken(before, trial.state, command), table.fresh)
        if needed:
            table.pending = command
            table.needed = needed
            table.drawn = []
            return
        table.game = trial
        self._record(command, before, events, fresh=0)
        self._settle()

    def _settle(self) -> None:
        """Draw for the player to act: at once if no chance is needed, else wait for it."""
        table = self.table
        game = table.game
        while table.pending is None and game is not None and game.state.phase is Phase.DRAW:
            state = game.state
            self._run(Draw(player=state.players[state.to_act]))
            game = table.game
        if game is not None and table.pending is None and self._dealing():
            table.unseen = _deck(self.rules)  # the next round: the whole deck, shuffled again
            table.start = table.moves
            winners = self._winners()
            table.starter = winners[0] if len(winners) == 1 else None

    def _record(
        self, command: _Move, before: State, events: Iterable[Event], *, fresh: int
    ) -> None:
        """Add ``command``, applied to ``before``, and its events to the round's record.

        ``fresh`` is how many cards chance placed for it.
        """
        table = self.table
        state = self._game().state
        targets = command.targets if isinstance(command, Play) else ()
        seats = {player: seat for seat, player in enumerate(state.players)}
        line = _Line(
            actor=state.seat(command.player),
            command=command,
            targets=tuple(state.seat(target) for target in targets),
            shown=tuple(
                (
                    None if entry.viewer is None else seats[entry.viewer],
                    seats[entry.owner],
                    entry.card,
                )
                for entry in state.shown[len(before.shown) :]
            ),
            discarded=tuple(
                after[len(earlier) :]
                for after, earlier in zip(state.discards, before.discards, strict=True)
            ),
            hands=state.hands,
            out=state.out,
            taken=_taken(before, state, command),
            fresh=fresh,
        )
        table.lines.append(line)
        table.batches.append(tuple(events))

    # -- resampling ----------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LoveLetterState:
        """A state that ``player_id`` cannot tell from this one, drawn at random.

        OpenSpiel's ``State.ResampleFromInfostate``, used by its ISMCTS
        (``open_spiel.python.algorithms.ismcts``). The running round's hidden cards are
        dealt again by :class:`loveletter.bots.sampling.Sampler` from the player's view
        (uniformly among the deals that agree with it, the sampler's documented
        target); then a history that leads to that deal is drawn at random among those
        the player cannot tell from the real one (which card each other player drew
        and which they kept, what a Chancellor kept), and replayed from the round's
        start, so the state returned is a true state of the game: its ``history()``
        leads to it, every player's information state follows from it, and
        ``player_id``'s is this state's. The earlier rounds are kept as they were
        played: nothing in them bears on the rest of the game, the deck being shuffled
        for every round.

        ``probability_sampler`` is called once, for a number in ``[0, 1)`` that seeds
        the draw (OpenSpiel passes a ``pyspiel.UniformProbabilitySampler``); a
        :class:`random.Random` may be passed instead. Offered at a player's decision;
        at a chance or terminal node it raises
        :class:`~loveletter.errors.LoveLetterError`.

        >>> import random, pyspiel
        >>> game = pyspiel.load_game("python_loveletter", {"single_round": True})
        >>> state = game.new_initial_state()
        >>> while state.is_chance_node():
        ...     state.apply_action(state.chance_outcomes()[0][0])
        >>> other = state.resample_from_infostate(0, random.Random(4))
        >>> other.information_state_string(0) == state.information_state_string(0)
        True
        """
        return _resample(self, player_id, _seeded(probability_sampler))

    # -- words ---------------------------------------------------------------------------

    def _action_to_string(self, player: int, action: int) -> str:
        """An action in words: the card chance deals or draws, the starter, or the command."""
        rules = self.rules
        if player == pyspiel.PlayerId.CHANCE:
            table = self.table
            if table.pending is None and table.starter is None:
                return f"{rules.players[action]} starts"
            card = card_name(rules.kinds[action])
            if table.pending is not None:
                return f"draw: {card}"
            return f"deal {_DEAL_PLACES[min(len(table.dealt), 2)]}: {card}"
        command = encoding(rules.edition).command(
            action, players=rules.players, actor=rules.players[player]
        )
        return describe(command)

    def __str__(self) -> str:
        """The whole state, hidden cards included (for debugging, and OpenSpiel's checks)."""
        table = self.table
        parts = []
        if table.game is not None:
            state = table.game.state
            returned = state.draw_pile[table.fresh :]
            parts += [
                _full(state),
                f"pile: {len(state.draw_pile)} cards, {table.fresh} not drawn by chance yet;"
                f" then {_names(returned)}",
            ]
        if self._dealing():
            starter = "chance" if table.starter is None else self.rules.players[table.starter]
            parts.append(f"dealing: {_names(table.dealt)}; starter: {starter}")
        if table.pending is not None:
            parts.append(f"waiting: {describe(table.pending)}; drawn: {_names(table.drawn)}")
        parts.append(f"not placed by chance: {_names(self._undecided())}")
        return "\n".join(parts)

    def view(self, player: int) -> View | None:
        """The player's view of the referee's state (``None`` before the first deal)."""
        game = self.table.game
        return None if game is None else view_for(game.state, self.rules.players[player])

    def recall(self, player: int) -> list[str]:
        """The lines of ``player``'s information state string (see the module).

        A line per round that started, then a line per command the referee applied in
        it, as the player saw it; a finished round ends with what the player saw when it
        ended; the running one with what the player sees now.
        """
        table, rules = self.table, self.rules
        game = table.game
        head = f"{rules.players[player]} (player {player})"
        if game is None:
            return [head]
        rounds, lines = len(table.rounds), len(table.lines)
        done, seen, said = table.recalled.get(player, (-1, 0, []))
        if done != rounds:  # a round started since: tell the finished ones whole
            said = []
            for finished in table.rounds:
                told = finished.told.get(player)
                if told is None:
                    told = _told_round(rules, player, finished.opening, finished.lines)
                    told.append(f"end: {_observed(rules, player, finished.end)}")
                    finished.told[player] = told
                said += told
            said += _told_round(rules, player, table.opening, ())
            seen = 0
        if seen != lines:
            said = [*said, *(_told_line(rules, player, line) for line in table.lines[seen:])]
        table.recalled[player] = (rounds, lines, said)
        return [head, *said, f"now: {_observed(rules, player, game.state)}"]

    def told(self, player: int) -> list[str]:
        """The game so far as ``player`` saw it, a sentence per event."""
        table = self.table
        count, said = table.told.get(player, (0, []))
        if count < len(table.batches):
            narrator = Narrator(you=self.rules.players[player])
            said = [*said]
            for batch in table.batches[count:]:
                said.extend(narrator.tell_all(batch))
            table.told[player] = (len(table.batches), said)
        return said


_DEAL_PLACES = ("set aside", "face up", "a hand")


# -- resampling: a history the player cannot tell from the real one ----------------------

_DEALS = 500
"""Deals drawn by the sampler before resampling gives up."""
_HISTORIES = 6
"""Histories tried for each deal before another deal is drawn."""
_STARTS_KEPT = 8
"""Round starts each game keeps for resampling."""


@attrs.frozen(kw_only=True)
class _Story:
    """What a resampled round replays: chance's cards, and the Chancellors' choices."""

    dealt: tuple[Card, ...]
    """The cards of the deal, in the order chance places them."""
    drawn: tuple[Card, ...]
    """The cards chance places for the draws, in order."""
    choices: tuple[Choose, ...]
    """Every Chancellor's choice of the round, in order."""


def _seeded(probability_sampler: Any) -> random.Random:
    """A generator seeded by one number from OpenSpiel's sampler (or the generator given)."""
    if isinstance(probability_sampler, random.Random):
        return probability_sampler
    return random.Random(int(float(probability_sampler()) * 2**53))


def _resample(state: LoveLetterState, player: int, rng: random.Random) -> LoveLetterState:
    """See :meth:`LoveLetterState.resample_from_infostate`."""
    table, rules = state.table, state.rules
    if not 0 <= player < len(rules.players):
        raise LoveLetterError(f"no player {player} at a table of {len(rules.players)}")
    game = table.game
    if game is None or state.is_chance_node() or state.is_terminal():
        raise LoveLetterError("resampling is offered at a player's decision only")
    wanted = state.information_state_string(player)
    sampler = _sampler(table, view_for(game.state, rules.players[player]))
    actions = state.history()
    start = _round_start(state, actions[: table.start])
    for _ in range(_DEALS):
        deal = sampler.sample(rng, seed=0)
        for _ in range(_HISTORIES):
            story = _story(table, player, deal, rng)
            if story is None:
                continue
            found = _replay(start, actions[table.start :], story)
            if found is not None and found.information_state_string(player) == wanted:
                return found
    raise LoveLetterError(
        f"no history found for {_DEALS} deals that agree with {rules.players[player]}'s view"
    )


def _sampler(table: _Table, view: View) -> Sampler:
    """The sampler of ``view``'s deals, kept on ``table`` for the next resample.

    Where the sampler finds no deal that agrees with the view's facts (it checks a tie
    against a hand's known card even when the tie was of the other one), the ties are
    left to the replay, which checks every fact of the history anyway: the sampler then
    deals without them.
    """
    found = table.samplers.get(view.viewer)
    if found is not None and found.view == view:
        return found
    sampler = Sampler(view)
    if view.tied:
        try:
            sampler.sample(random.Random(0), seed=0)  # a probe: the same for every caller
        except LoveLetterError:
            sampler = Sampler(attrs.evolve(view, tied=()))
    table.samplers[view.viewer] = sampler
    return sampler


def _round_start(state: LoveLetterState, actions: Sequence[int]) -> LoveLetterState:
    """The state where the running round's deal begins (never changed: clone it)."""
    game = state.get_game()
    key = tuple(actions)
    found: LoveLetterState | None = game.round_starts.get(key)
    if found is None:
        found = game.new_initial_state()
        for action in actions:
            found.apply_action(action)
        while len(game.round_starts) >= _STARTS_KEPT:
            del game.round_starts[next(iter(game.round_starts))]
        game.round_starts[key] = found
    return found


def _story(table: _Table, player: int, deal: State, rng: random.Random) -> _Story | None:
    """A random history of the running round that ends in ``deal``, told backwards.

    From the hands of ``deal``, each command of the round is undone in turn, back to
    the hands dealt: the cards of ``player`` are theirs all along, and where another
    player's past is not told by what ``player`` saw (which of their two cards was the
    one drawn, which of a Chancellor's three), it is drawn at random. ``None`` when the
    history drawn cannot end in ``deal``; replaying it checks the rest.
    """
    hands = [list(hand) for hand in deal.hands]
    under = list(deal.draw_pile[table.fresh :])  # the cards Chancellors returned
    drawn: list[Card] = []
    choices: list[Choose] = []
    for index in range(len(table.lines) - 1, -1, -1):
        line = table.lines[index]
        earlier = table.lines[index - 1].hands if index else table.opening
        undone = _undo(line, hands, player, earlier, under, rng)
        if undone is None:
            return None
        cards, choice = undone
        if choice is not None:
            choices.append(choice)
        under[:0] = cards[line.fresh :]  # drawn from what Chancellors had returned
        drawn[:0] = cards[: line.fresh]
    if under or Counter(hands[player]) != Counter(table.opening[player]):
        return None
    starter = table.lines[0].actor
    count = len(hands)
    if any(len(hand) != 1 for hand in hands) or deal.set_aside is None:
        return None
    game = table.game
    assert game is not None
    dealt = (
        deal.set_aside,
        *game.state.face_up,
        *(hands[(starter + offset) % count][0] for offset in range(count)),
    )
    return _Story(dealt=dealt, drawn=tuple(drawn), choices=tuple(reversed(choices)))


def _undo(
    line: _Line,
    hands: list[list[Card]],
    player: int,
    earlier: Sequence[tuple[Card, ...]],
    under: list[Card],
    rng: random.Random,
) -> tuple[list[Card], Choose | None] | None:
    """Undo ``line`` on ``hands``: the cards it drew, in order, and the choice it made.

    ``earlier`` are the real hands before it, which tell the cards ``player`` drew.
    """
    actor, command = line.actor, line.command
    if isinstance(command, Choose):
        count = len(command.returned)
        if len(under) < count or len(hands[actor]) != 1:
            return None
        returned = tuple(under[len(under) - count :])
        del under[len(under) - count :]
        keep = hands[actor][0]
        hands[actor] = [keep, *returned]
        if actor == player:
            return [], command
        return [], Choose(player=command.player, keep=keep, returned=returned)
    if isinstance(command, Draw):
        cards = _take_drawn(hands[actor], line.taken, actor == player, line, earlier, rng)
        return None if cards is None else (cards, None)
    intent = rule_of(command.card).intent
    cards = []
    if intent is Intent.TRADE and line.targets:
        other = line.targets[0]
        hands[actor], hands[other] = hands[other], hands[actor]
    elif intent is Intent.REPLACE and line.targets and not line.out[line.targets[0]]:
        target = line.targets[0]
        if len(hands[target]) != 1:
            return None
        if not line.taken:  # the card set aside, on the round's last turn: never undone
            return None
        cards = [hands[target].pop()]
    elif intent is Intent.DRAW_AND_RETURN and line.taken:
        found = _take_drawn(hands[actor], line.taken, actor == player, line, earlier, rng)
        if found is None:
            return None
        cards = found
    for seat, discarded in enumerate(line.discarded):
        hands[seat].extend(discarded)
    return cards, None


def _take_drawn(
    hand: list[Card],
    count: int,
    mine: bool,
    line: _Line,
    earlier: Sequence[tuple[Card, ...]],
    rng: random.Random,
) -> list[Card] | None:
    """Take from ``hand`` the ``count`` cards its player drew, in the order drawn.

    The real ones for the player resampling (``mine``), others at random.
    """
    if len(hand) < count:
        return None
    if not mine:
        picked = rng.sample(range(len(hand)), count)
        cards = [hand[at] for at in picked]
        for at in sorted(picked, reverse=True):
            del hand[at]
        return cards
    kept = list(earlier[line.actor])
    if isinstance(line.command, Play):
        kept.remove(line.command.card)
    cards = list(line.hands[line.actor])
    for card in kept:
        if card not in cards:
            return None
        cards.remove(card)
    for card in cards:
        if card not in hand:
            return None
        hand.remove(card)
    return cards


def _replay(
    start: LoveLetterState, actions: Sequence[int], story: _Story
) -> LoveLetterState | None:
    """The round's ``actions`` replayed from ``start``, with the story's cards and choices."""
    state: LoveLetterState = start.clone()
    rules = state.rules
    enc = encoding(rules.edition)
    cards = iter((*story.dealt, *story.drawn))
    choices = iter(story.choices)
    try:
        for action in actions:
            table = state.table
            if state.is_terminal():  # the story ends the round early
                return None
            if not state.is_chance_node():
                actor = rules.players[state.current_player()]
                if isinstance(enc.command(action, players=rules.players, actor=actor), Choose):
                    state.apply_action(enc.action_id(next(choices), players=rules.players))
                    continue
                state.apply_action(action)
            elif table.pending is None and table.starter is None:
                state.apply_action(action)  # the starter, among the winners of a tie
            else:
                state.apply_action(rules.kinds.index(next(cards)))
    except (ValueError, RuntimeError, StopIteration):  # the story does not play out
        return None
    return state


def _taken(before: State, after: State, command: Command) -> int:
    """How many cards ``command`` took from the pile (those it returned under it added)."""
    returned = len(command.returned) if isinstance(command, Choose) else 0
    return len(before.draw_pile) - len(after.draw_pile) + returned


def _names(cards: Iterable[Card]) -> str:
    return ", ".join(card_name(card) for card in cards) or "-"


def _full(state: State) -> str:
    """The round, the seats and the cards set aside, hidden cards included."""
    seats = "; ".join(
        f"{player}: {_names(state.hands[seat])} | {_names(state.discards[seat])}"
        + (" out" if state.out[seat] else "")
        + (" protected" if state.protected[seat] else "")
        + f" | {state.tokens[seat]} tokens"
        for seat, player in enumerate(state.players)
    )
    aside = "-" if state.set_aside is None else card_name(state.set_aside)
    return (
        f"round {state.round_number}, {state.phase.value}, to act: {state.player_to_act}\n"
        f"{seats}\nset aside: {aside}; face up: {_names(state.face_up)}"
    )


# -- observers ------------------------------------------------------------------------------


_PRIVATE = "private"
_RECALL = "recall"
_PUBLIC = "public"


def _observer_kind(iig_obs_type: Any) -> str | None:
    """Which observer ``iig_obs_type`` asks for, or ``None`` if it is not offered.

    Offered: the player's observation (the default: public and their own private
    information), their information state (the same, with perfect recall), and the
    public observation (no private information, no perfect recall).
    """
    if iig_obs_type is None:
        return _PRIVATE
    private = iig_obs_type.private_info
    if not iig_obs_type.public_info:
        return None
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
        return _RECALL if iig_obs_type.perfect_recall else _PRIVATE
    if private == pyspiel.PrivateInfoType.NONE and not iig_obs_type.perfect_recall:
        return _PUBLIC
    return None


class LoveLetterObserver:
    """OpenSpiel's observer of a state for one player: a tensor and a string.

    Of one of three kinds (:meth:`LoveLetterGame.make_py_observer` picks it):
    ``"recall"``, the player's information state (see the module's description);
    ``"private"``, the player's observation; ``"public"``, what everyone sees: the
    observation of a spectator's view (:func:`loveletter.views.view_for` with no
    viewer), the same for every player.
    """

    def __init__(self, rules: _Rules, kind: str = _PRIVATE) -> None:
        """An observer of ``kind``: ``"recall"``, ``"private"`` or ``"public"``."""
        if kind not in (_PRIVATE, _RECALL, _PUBLIC):
            raise ValueError(f"no observer of the kind {kind!r}")
        self.rules = rules
        self.kind = kind
        self.enc = encoding(rules.edition)
        self.perfect_recall = kind == _RECALL
        count = len(rules.players)
        pieces: list[tuple[str, tuple[int, ...]]] = [("observation", (self.enc.observation_size,))]
        if self.perfect_recall:
            line = sum(size for _, size in _line_blocks(count, len(rules.kinds)))
            pieces = [
                ("player", (count,)),
                ("dealt", (len(rules.kinds),)),
                *pieces,
                ("record", (rules.lines, line)),
            ]
        self.tensor = np.zeros(sum(int(np.prod(shape)) for _, shape in pieces), np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in pieces:
            length = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + length].reshape(shape)
            at += length

    def _view(self, state: LoveLetterState, player: int) -> View | None:
        if self.kind != _PUBLIC:
            return state.view(player)
        game = state.table.game
        return None if game is None else view_for(game.state, None)

    def set_from(self, state: LoveLetterState, player: int) -> None:
        """Write ``state`` as ``player`` sees it into its ``tensor``."""
        self.tensor.fill(0.0)
        view = self._view(state, player)
        if view is not None:
            self.dict["observation"][:] = self.enc.observation(view)
        if self.perfect_recall:
            self.dict["player"][player] = 1.0
            opening = state.table.opening
            dealt = opening[player] if opening else ()
            for card in dealt:
                self.dict["dealt"][self.rules.kinds.index(card)] += 1.0
            record = self.dict["record"]
            for row, line in zip(record, state.table.lines, strict=False):
                _write_line(row, line, player, self.rules.kinds)

    def string_from(self, state: LoveLetterState, player: int) -> str:
        """``state`` as ``player`` sees it, in words."""
        if self.perfect_recall:
            return "\n".join(state.recall(player))
        view = self._view(state, player)
        if view is None:
            who = "everyone" if self.kind == _PUBLIC else f"{self.rules.players[player]}"
            return f"{who} (player {player}): the cards are being dealt"
        return _describe(view)


def _sorted(rules: _Rules, cards: Iterable[Card]) -> str:
    """Cards named in the edition's order of kinds: a hand, a set, never a sequence."""
    return _names(sorted(cards, key=rules.kinds.index))


def _told_round(
    rules: _Rules, player: int, opening: Sequence[tuple[Card, ...]], lines: Iterable[_Line]
) -> list[str]:
    """A round as ``player`` saw it: the card they were dealt, then its commands."""
    dealt = opening[player] if opening else ()
    return [f"dealt: {_sorted(rules, dealt)}", *(_told_line(rules, player, line) for line in lines)]


def _told_line(rules: _Rules, player: int, line: _Line) -> str:
    """One command as ``player`` saw it: what the tensor's line holds, in words.

    Cards that form a set (a hand, the cards shown or discarded by one command) are
    named in the edition's order of kinds, so that histories that differ only in an
    order nobody can act on (of the face-up cards, of a Chancellor's draws) read alike.
    """
    names = rules.players
    command = line.command
    if isinstance(command, Draw):
        said = f"{names[line.actor]} draws"
    elif isinstance(command, Choose) and line.actor != player:
        said = f"{names[line.actor]} chooses"  # its cards are its player's secret
    else:
        said = describe(command)
    parts = [said]
    shown = sorted(
        (owner, rules.kinds.index(card))
        for viewer, owner, card in line.shown
        if viewer is None or viewer == player
    )
    if shown:
        told = (f"{names[owner]}'s {card_name(rules.kinds[kind])}" for owner, kind in shown)
        parts.append(f"shown {', '.join(told)}")
    discarded = [
        f"{names[seat]} {_sorted(rules, cards)}"
        for seat, cards in enumerate(line.discarded)
        if cards
    ]
    if discarded:
        parts.append(f"discarded {', '.join(discarded)}")
    parts.append(f"hand {_sorted(rules, line.hands[player])}")
    out = [names[seat] for seat, gone in enumerate(line.out) if gone]
    if out:
        parts.append(f"out {', '.join(out)}")
    return "; ".join(parts)


_SEAT_BLOCKS = frozenset(
    {
        "seated",
        "to_act",
        "out",
        "protected",
        "tokens",
        "hand_size",
        "round_winners",
        "spy_bonus",
        "game_winners",
    }
)
_CARD_BLOCKS = frozenset({"hand", "unseen", "face_up", "buried", "set_aside"})
_SEAT_CARD_BLOCKS = frozenset({"discards", "last_discard", "holds", "ruled_out"})


def _observed(rules: _Rules, player: int, state: State) -> str:
    """``player``'s observation of ``state`` in words, block by block.

    Each block of the encoding's vector that is not all zeros, seats by name and cards
    by kind: it names what the vector holds and nothing else, so two observations read alike
    exactly when their vectors are equal.
    """
    enc = encoding(rules.edition)
    vector = enc.observation(view_for(state, rules.players[player]))
    count, kinds = len(rules.players), len(rules.kinds)
    seat = [rules.players[(player + offset) % count] for offset in range(count)]
    parts = []
    for name, start, size in enc.observation_layout():
        values = [
            int(value) if value == int(value) else value for value in vector[start : start + size]
        ]
        if not any(values):
            continue
        if name == "phase":
            told = _PHASE_NAMES[values.index(1)]
        elif name in _SEAT_BLOCKS:
            told = ", ".join(f"{seat[at]} {values[at]}" for at in range(count) if values[at])
        elif name in _CARD_BLOCKS:
            told = _counted(rules, values)
        elif name in _SEAT_CARD_BLOCKS:
            told = ", ".join(
                f"{seat[at]} {_counted(rules, values[at * kinds : (at + 1) * kinds])}"
                for at in range(count)
                if any(values[at * kinds : (at + 1) * kinds])
            )
        elif name == "tied":
            most = size // max(1, enc.edition.max_players)
            told = ", ".join(
                f"{seat[one]} {seat[other]}"
                for one in range(count)
                for other in range(one + 1, count)
                if values[one * most + other]
            )
        else:
            told = " ".join(str(value) for value in values)
        parts.append(f"{name} {told}")
    return "; ".join(parts)


_PHASE_NAMES = ("draw", "play", "choose", "round over", "game over")
"""The phases in the order of the observation's ``phase`` block."""


def _counted(rules: _Rules, counts: Sequence[Any]) -> str:
    """Cards given as a count per kind, named in the edition's order of kinds."""
    return _names(rules.kinds[kind] for kind, number in enumerate(counts) for _ in range(number))


def _line_blocks(players: int, kinds: int) -> tuple[tuple[str, int], ...]:
    """The blocks of a line of the record: name and length (see :func:`_write_line`)."""
    return (
        ("actor", players),
        ("kind", 3),
        ("card", kinds),
        ("target", players),
        ("also", players),
        ("guess", kinds),
        ("returned", 2 * kinds),
        ("shown", players * kinds),
        ("discarded", players * kinds),
        ("hand", kinds),
        ("out", players),
    )


def _write_line(row: Any, line: _Line, player: int, kinds: Sequence[Card]) -> None:
    """One line of ``player``'s record: a command of the round as they saw it.

    Seats are offsets from ``player`` (``0`` is them). The blocks: who acted; a draw, a
    play or a choice; the card played (or kept, by ``player``); the first player it
    chose and the others; the card it named; the two cards returned (by ``player``);
    the cards it showed ``player`` from each hand; the cards it put face up on each
    player's discards; ``player``'s hand after it; who was out after it.
    """
    count = len(line.out)
    at = dict(_starts(_line_blocks(count, len(kinds))))
    index = {kind: i for i, kind in enumerate(kinds)}
    row[at["actor"] + (line.actor - player) % count] = 1.0
    _write_command(row, at, line, player, index)
    for viewer, owner, card in line.shown:
        if viewer is None or viewer == player:
            row[at["shown"] + (owner - player) % count * len(kinds) + index[card]] += 1.0
    for seat, cards in enumerate(line.discarded):
        for card in cards:
            row[at["discarded"] + (seat - player) % count * len(kinds) + index[card]] += 1.0
    for card in line.hands[player]:
        row[at["hand"] + index[card]] += 1.0
    for seat, out in enumerate(line.out):
        row[at["out"] + (seat - player) % count] = float(out)


def _write_command(
    row: Any, at: Mapping[str, int], line: _Line, player: int, index: Mapping[Card, int]
) -> None:
    """The blocks of a line that tell its command: kind, card, players chosen, named, returned."""
    command = line.command
    count = len(line.out)
    if isinstance(command, Draw):
        row[at["kind"]] = 1.0
    elif isinstance(command, Play):
        row[at["kind"] + 1] = 1.0
        row[at["card"] + index[command.card]] = 1.0
        for number, target in enumerate(line.targets):
            row[at["target" if number == 0 else "also"] + (target - player) % count] = 1.0
        if isinstance(command.guess, Card):
            row[at["guess"] + index[command.guess]] = 1.0
    else:
        row[at["kind"] + 2] = 1.0
        if line.actor == player:  # a Chancellor's choice is its player's secret
            row[at["card"] + index[command.keep]] = 1.0
            for number, card in enumerate(command.returned[:2]):
                row[at["returned"] + number * len(index) + index[card]] = 1.0


def _starts(blocks: Iterable[tuple[str, int]]) -> list[tuple[str, int]]:
    starts = []
    at = 0
    for name, size in blocks:
        starts.append((name, at))
        at += size
    return starts


def _describe(view: View) -> str:
    """A view in words: the table as its player sees it now."""
    head = f"{view.viewer or 'everyone'}, round {view.round_number}, {view.phase.value}"
    if view.to_act is not None:
        head += f", {view.to_act} to act"
    parts = [head, f"hand: {_names(view.hand)}"]
    for seat in view.seats:
        marks = [
            f"{seat.hand_size} card{'s' if seat.hand_size != 1 else ''}",
            f"{seat.tokens} tokens",
            f"discards {_names(seat.discards)}",
        ]
        marks += [mark for mark, on in (("out", seat.out), ("protected", seat.protected)) if on]
        if seat.known:
            marks.append(f"holds {_names(seat.known)}")
        if seat.ruled_out:
            marks.append(f"not {_names(seat.ruled_out)}")
        parts.append(f"{seat.player}: {', '.join(marks)}")
    parts.append(f"pile: {view.draw_pile_size} cards")
    if view.face_up:
        parts.append(f"face up: {_names(view.face_up)}")
    if view.shown:
        shown = ", ".join(f"{entry.owner}'s {card_name(entry.card)}" for entry in view.shown)
        parts.append(f"shown: {shown}")
    if view.buried:
        parts.append(f"buried: {_names(view.buried)} ({view.buried_under} under)")
    if view.round_winners:
        parts.append(f"round won by {', '.join(view.round_winners)}")
    if view.game_winners:
        parts.append(f"game won by {', '.join(view.game_winners)}")
    return " | ".join(parts)


pyspiel.register_game(GAME_TYPE, LoveLetterGame)
