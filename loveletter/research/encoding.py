"""Fixed encodings for learning and search: action ids, masks, observations, returns, chance.

An :class:`Encoding` is worked out once per edition (:func:`encoding`) and never depends
on the table: every command a player can send has one integer id, the same at every
table of that edition, and every view has one vector of floats of the same length. Ids
are relative to the acting player, so the action space is fixed: a target is a *seat
offset*, counted clockwise (in seat order) from the player who acts, ``0`` being that
player (the Prince played on oneself), up to the edition's largest table.

The action ids
--------------

Ids are numbered in this order, from the edition's cards as its ``specs`` list them:

1. ``0``: :class:`~loveletter.commands.Draw` (a table that draws by hand).
2. ``1``: the referee's :class:`~loveletter.commands.Deal` of the next round (no
   ``layout``, no ``first``: the one deal that :func:`~loveletter.legal.legal_commands`
   lists between rounds).
3. The plays, card by card; for each card, by whom its rule record
   (:class:`~loveletter.cardrule.CardRule`) says it chooses:

   - nobody (Spy, Handmaid, Chancellor, Countess, Princess): one id;
   - any player (Prince): one id per offset ``0, 1, ..., max_players - 1``;
   - another player (Priest, Baron, King): one id for the play that chooses nobody
     (everyone else is protected or out), then one per offset ``1, ...,
     max_players - 1``;
   - another player and a named card (Guard): the play that chooses nobody, then per
     offset, one id per card it may name (:attr:`Edition.guesses
     <loveletter.editions.Edition.guesses>`, by value);
   - two other players (a card of one's own edition): the play that chooses nobody,
     then one id per ordered pair of different offsets ``1, ...``.

4. Where a card of the edition draws cards to choose from (its record's ``draws``: the
   Chancellor), the choices: per card kept, first the returned pairs (first returned,
   then second, each over the edition's cards), then the single returned cards (a
   Chancellor that drew one card off a pile of one).

A Guard's card named as a number is the card it names (LL19-GUARD-NUMBER). A command
outside these has no id: a deal with a ``layout`` or a ``first``, the house remedy's
take-backs and redeals; :meth:`Encoding.action_id` refuses it with
:class:`~loveletter.errors.InvalidCommandError`.

A worked example, the 2019 edition (6 players at most, 10 kinds of card, the Guard names
9 of them): ``Draw`` is 0, ``Deal()`` is 1, the Spy 2; the Guard's play that chooses
nobody is 3, then 45 ids (5 offsets times 9 named cards): the Guard on the next player
naming the Spy is 4, naming the Priest 5, and on the player after them naming the Spy 13.

>>> from loveletter import Card, Choose, Deal, Draw, Play
>>> enc = encoding("2019")
>>> enc.num_actions, enc.observation_size
(1177, 389)
>>> players = ("Anna", "Ben", "Carla")
>>> enc.action_id(Draw(player="Anna"), players=players), enc.action_id(Deal(), players=players)
(0, 1)
>>> guard = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST)
>>> enc.action_id(guard, players=players)
5
>>> enc.action_id(Play(player="Carla", card=Card.GUARD, target="Anna", guess=Card.PRIEST),
...               players=players)
5
>>> enc.command(13, players=players, actor="Ben")
Play(player='Ben', card=Card.GUARD, target='Anna', guess=Card.SPY)
>>> enc.command(enc.action_id(Play(player="Ben", card="Prince", target="Ben"), players=players),
...             players=players, actor="Ben")
Play(player='Ben', card=Card.PRINCE, target='Ben', guess=None)
>>> choice = Choose(player="Ben", keep="Baron", returned=["Guard", "Spy"])
>>> enc.command(enc.action_id(choice, players=players), players=players, actor="Ben") == choice
True

The observation
---------------

:meth:`Encoding.observation` reads a :class:`~loveletter.views.View` and what its player
knows (:func:`~loveletter.bots.knowledge.knowledge`), nothing else: two states that give a
player the same view give them the same vector. Seats are by offset from the viewer
(``0`` is the viewer; for a spectator, from the first seat), ``N`` being the edition's
largest table and ``K`` its kinds of card (in the order of its ``specs``); seats a
smaller table does not have stay 0. The blocks, in order
(:meth:`Encoding.observation_layout` gives each one's start and length):

==============  =========  ===========================================================
block           length     content
==============  =========  ===========================================================
phase           5          one-hot: draw, play, choose, round over, game over
seated          N          1 for each offset that has a player
to_act          N          one-hot: who must act now (all 0 between rounds)
hand            K          copies of each card in the viewer's hand
out             N          1 for each player knocked out of the round
protected       N          1 for each player a Handmaid protects
tokens          N          each player's favor tokens
hand_size       N          how many cards each player holds
discards        N x K      copies of each card each player discarded this round
last_discard    N x K      one-hot: the card each player discarded last, if any
holds           N x K      copies of each card the viewer knows another hand holds
ruled_out       N x K      1 for each card everyone knows a hand does not hold
tied            N x N      1 at (i, j) and (j, i) when hands i and j are known tied
unseen          K          copies of each card the viewer has not seen
face_up         K          the cards set aside face up (two players)
buried          K          the cards the viewer returned under the pile, still there
set_aside       K          one-hot: the set-aside card, once the round is over
pile_size       1          cards in the draw pile
buried_under    1          cards below the viewer's buried ones
round_number    1          the round, from 1
target          1          the favor tokens that win the game
round_winners   N          1 for each winner of the round that just ended
spy_bonus       N          1 for the player who earned the Spy's token
game_winners    N          1 for each winner of the game
==============  =========  ===========================================================

Counts are raw (not scaled). It is an *observation*, what the player sees now, not an
information state: the cards shown to them earlier that have moved since are left out
(a player's sequence of views, or their redacted events, is their information state).

>>> from loveletter import Game, view_for
>>> game = Game.new(["Anna", "Ben"], seed=3, first="Anna")
>>> view = view_for(game.state, "Anna")
>>> vector = enc.observation(view)
>>> blocks = {name: (start, size) for name, start, size in enc.observation_layout()}
>>> len(vector), blocks["hand"]
(389, (17, 10))
>>> [enc.cards[k] for k in range(10) for _ in range(int(vector[17 + k]))] == sorted(
...     view.hand, key=enc.cards.index)
True
>>> mask = enc.legal_mask(view)
>>> sum(mask) == len(view.legal), [enc.command(i, players=("Anna", "Ben"), actor="Anna")
...                                for i, legal in enumerate(mask) if legal] == sorted(
...     view.legal, key=lambda c: enc.action_id(c, players=("Anna", "Ben")))
(True, True)

Returns and chance
------------------

:meth:`Encoding.returns` scores a finished game, zero-sum: the winners share +1 and the
others share -1 (a lone winner of a four-player game gets 1.0, each other player
-1/3; at two players, 1.0 and -1.0); if everyone won, or nobody did, every return is 0.
:func:`chance_outcomes` gives the next draw's distribution, for algorithms with explicit
chance nodes.
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import NamedTuple

import attrs

from loveletter.bots.knowledge import Knowledge, knowledge
from loveletter.cardrule import RULES, Targeting
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.echo import quoted
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import InvalidCommandError, LoveLetterError
from loveletter.state import Phase, State
from loveletter.views import SeatView, View

__all__ = ["Encoding", "chance_outcomes", "encoding"]


class _Key(NamedTuple):
    """An action, relative to its player: what an id stands for."""

    kind: str
    """``"draw"``, ``"deal"``, ``"play"`` or ``"choose"``."""
    card: Card | None = None
    """The card played, or kept."""
    offsets: tuple[int, ...] = ()
    """The players chosen, as offsets from the acting player."""
    guess: Card | int | None = None
    returned: tuple[Card, ...] = ()


_PHASES = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE, Phase.ROUND_OVER, Phase.GAME_OVER)
_DRAW = _Key("draw")
_DEAL = _Key("deal")


def _play_keys(ed: Edition, card: Card, most: int) -> list[_Key]:
    """The ids of the plays of ``card``, in order (see the module's docstring)."""
    rule = RULES[card]
    targeting = rule.targeting
    if targeting is Targeting.NONE:
        return [_Key("play", card)]
    if targeting is Targeting.ANY:
        return [_Key("play", card, (offset,)) for offset in range(most)]
    nobody = [_Key("play", card)]
    others = range(1, most)
    if targeting is Targeting.OTHER and rule.names_a_card:
        named = [guess for guess in ed.guesses if guess is not card]
        return nobody + [_Key("play", card, (o,), guess) for o in others for guess in named]
    if targeting is Targeting.OTHER:
        return nobody + [_Key("play", card, (o,)) for o in others]
    if targeting is Targeting.TWO_OTHERS:
        return nobody + [_Key("play", card, pair) for pair in permutations(others, 2)]
    raise ValueError(f"no action ids for a card that chooses {targeting!r}")


def _action_keys(ed: Edition) -> tuple[_Key, ...]:
    """Every action of ``ed``, in the order of its id."""
    keys = [_DRAW, _DEAL]
    for spec in ed.specs:
        keys += _play_keys(ed, spec.card, ed.max_players)
    if any(RULES[spec.card].draws for spec in ed.specs):
        kinds = [spec.card for spec in ed.specs]
        for keep in kinds:
            keys += [_Key("choose", keep, returned=(one, two)) for one in kinds for two in kinds]
            keys += [_Key("choose", keep, returned=(one,)) for one in kinds]
    return tuple(keys)


def _layout(seats: int, kinds: int) -> tuple[tuple[str, int, int], ...]:
    """The observation's blocks: name, start and length (see the module's docstring)."""
    sizes = (
        ("phase", len(_PHASES)),
        ("seated", seats),
        ("to_act", seats),
        ("hand", kinds),
        ("out", seats),
        ("protected", seats),
        ("tokens", seats),
        ("hand_size", seats),
        ("discards", seats * kinds),
        ("last_discard", seats * kinds),
        ("holds", seats * kinds),
        ("ruled_out", seats * kinds),
        ("tied", seats * seats),
        ("unseen", kinds),
        ("face_up", kinds),
        ("buried", kinds),
        ("set_aside", kinds),
        ("pile_size", 1),
        ("buried_under", 1),
        ("round_number", 1),
        ("target", 1),
        ("round_winners", seats),
        ("spy_bonus", seats),
        ("game_winners", seats),
    )
    blocks = []
    start = 0
    for name, size in sizes:
        blocks.append((name, start, size))
        start += size
    return tuple(blocks)


@attrs.frozen(kw_only=True, repr=True)
class Encoding:
    """The fixed action ids and observation vector of one edition (see the module's docstring).

    Made once per edition by :func:`encoding`. ``players`` (the table's players, in seat
    order) turns the ids, which are relative to the acting player, into commands and back.
    """

    edition: Edition
    num_actions: int = attrs.field(init=False, repr=False)
    """How many action ids there are: ids are ``0 .. num_actions - 1``."""
    observation_size: int = attrs.field(init=False, repr=False)
    """The length of every observation vector."""
    cards: tuple[Card, ...] = attrs.field(init=False, repr=False, eq=False)
    """The edition's kinds of card in the order of its ``specs``: the order of every
    block of the observation that has one entry per card, and of the named cards and
    Chancellor choices among the action ids."""
    _keys: tuple[_Key, ...] = attrs.field(init=False, repr=False, eq=False, alias="_keys")
    _ids: Mapping[_Key, int] = attrs.field(init=False, repr=False, eq=False, alias="_ids")
    _blocks: tuple[tuple[str, int, int], ...] = attrs.field(
        init=False, repr=False, eq=False, alias="_blocks"
    )
    _starts: Mapping[str, int] = attrs.field(init=False, repr=False, eq=False, alias="_starts")
    _card_index: Mapping[Card, int] = attrs.field(
        init=False, repr=False, eq=False, alias="_card_index"
    )

    def __attrs_post_init__(self) -> None:
        ed = self.edition
        keys = _action_keys(ed)
        blocks = _layout(ed.max_players, len(ed.specs))
        cards = tuple(spec.card for spec in ed.specs)
        derived = {
            "num_actions": len(keys),
            "observation_size": blocks[-1][1] + blocks[-1][2],
            "cards": cards,
            "_keys": keys,
            "_ids": {key: index for index, key in enumerate(keys)},
            "_blocks": blocks,
            "_starts": {name: start for name, start, _ in blocks},
            "_card_index": {card: index for index, card in enumerate(cards)},
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)

    # -- actions ---------------------------------------------------------------------

    def action_id(self, command: Command, *, players: Sequence[str]) -> int:
        """The id of ``command`` at a table of ``players`` (in seat order).

        A command with no id (a deal with a layout or a named first player, a take-back,
        a redeal, a card the edition does not have, a target the card cannot take, a
        player not in ``players``) raises :class:`~loveletter.errors.InvalidCommandError`.
        It says nothing of legality: :meth:`legal_mask` does.
        """
        key = self._key(command, players)
        found = self._ids.get(key)
        if found is None:
            raise InvalidCommandError(
                f"{command!r} has no action id in the encoding of the {self.edition.name} edition"
            )
        return found

    def _key(self, command: Command, players: Sequence[str]) -> _Key:
        if isinstance(command, Draw):
            self._seat(command.player, players)
            return _DRAW
        if isinstance(command, Play):
            seat = self._seat(command.player, players)
            count = len(players)
            offsets = tuple((self._seat(t, players) - seat) % count for t in command.targets)
            guess = command.guess
            if isinstance(guess, int):
                guess = self.edition.card_named(guess) or guess
            return _Key("play", command.card, offsets, guess)
        if isinstance(command, Choose):
            self._seat(command.player, players)
            return _Key("choose", command.keep, returned=command.returned)
        if isinstance(command, Deal) and command.layout is None and command.first is None:
            return _DEAL
        raise InvalidCommandError(
            f"{command!r} has no action id: only draws, plays, choices and the referee's "
            "deal (no layout, no first player) have one"
        )

    def _seat(self, player: str, players: Sequence[str]) -> int:
        if len(players) > self.edition.max_players:
            raise InvalidCommandError(
                f"{len(players)} players: the {self.edition.name} edition seats at most "
                f"{self.edition.max_players}"
            )
        try:
            return list(players).index(player)
        except ValueError:
            raise InvalidCommandError(
                f"{quoted(player)} is not among the players ({', '.join(players)})"
            ) from None

    def command(self, action: int, *, players: Sequence[str], actor: str) -> Command:
        """The command of id ``action`` sent by ``actor`` at a table of ``players``.

        The inverse of :meth:`action_id`. An id out of range, or one whose offset names
        no seat at a table this small, raises
        :class:`~loveletter.errors.InvalidCommandError`. ``actor`` is ignored for the
        referee's deal.
        """
        index = operator.index(action)
        if isinstance(action, bool) or not 0 <= index < self.num_actions:
            raise InvalidCommandError(
                f"action {action!r} is out of range: the {self.edition.name} edition's ids "
                f"are 0 to {self.num_actions - 1}"
            )
        key = self._keys[index]
        if key is _DEAL:
            return Deal()
        seat = self._seat(actor, players)
        card = key.card
        if card is None:
            return Draw(player=actor)
        if key.kind == "choose":
            return Choose(player=actor, keep=card, returned=key.returned)
        chosen = [self._offset(seat, offset, players, index) for offset in key.offsets]
        target = chosen[0] if chosen else None
        guess = key.guess if isinstance(key.guess, Card) else None
        return Play(player=actor, card=card, target=target, guess=guess, also=tuple(chosen[1:]))

    def _offset(self, seat: int, offset: int, players: Sequence[str], action: int) -> str:
        if offset >= len(players):
            raise InvalidCommandError(
                f"action {action} chooses the seat {offset} after its player's: a table of "
                f"{len(players)} has none"
            )
        return players[(seat + offset) % len(players)]

    def legal_mask(self, view: View) -> tuple[bool, ...]:
        """One flag per id: true exactly at the ids of ``view.legal``."""
        mask = [False] * self.num_actions
        players = tuple(seat.player for seat in view.seats)
        for command in view.legal:
            mask[self.action_id(command, players=players)] = True
        return tuple(mask)

    # -- observations ----------------------------------------------------------------

    def observation_layout(self) -> tuple[tuple[str, int, int], ...]:
        """The blocks of :meth:`observation`, in order: name, start and length of each."""
        return self._blocks

    def observation(self, view: View) -> tuple[float, ...]:
        """The vector of ``view`` (the layout is in the module's docstring).

        It reads the view and :func:`~loveletter.bots.knowledge.knowledge` of it, nothing else.
        """
        if view.edition != self.edition.name:
            raise LoveLetterError(
                f"a view of the {view.edition} edition, for the encoding of the "
                f"{self.edition.name} edition"
            )
        out = [0.0] * self.observation_size
        order = _by_offset(view)
        offset = {seat.player: index for index, seat in enumerate(order)}
        self._table(out, view, offset)
        known = knowledge(view)
        for index, seat in enumerate(order):
            self._seat_blocks(out, index, seat, view, known)
        self._inferences(out, view, known, offset)
        return tuple(out)

    def _put(self, out: list[float], block: str, at: int, value: float = 1.0) -> None:
        out[self._starts[block] + at] = value

    def _add_cards(self, out: list[float], block: str, at: int, cards: Sequence[Card]) -> None:
        start = self._starts[block] + at * len(self.cards)
        index = self._card_index
        for card in cards:
            out[start + index[card]] += 1.0

    def _table(self, out: list[float], view: View, offset: Mapping[str, int]) -> None:
        """The blocks of the table as a whole: phase, turn, counts, ends."""
        put = self._put
        put(out, "phase", _PHASES.index(view.phase))
        if view.to_act is not None:
            put(out, "to_act", offset[view.to_act])
        self._add_cards(out, "hand", 0, view.hand)
        self._add_cards(out, "face_up", 0, view.face_up)
        self._add_cards(out, "buried", 0, view.buried)
        if view.set_aside is not None:
            self._add_cards(out, "set_aside", 0, (view.set_aside,))
        put(out, "pile_size", 0, float(view.draw_pile_size))
        put(out, "buried_under", 0, float(view.buried_under))
        put(out, "round_number", 0, float(view.round_number))
        put(out, "target", 0, float(view.target))
        for player in view.round_winners:
            put(out, "round_winners", offset[player])
        if view.spy_bonus is not None:
            put(out, "spy_bonus", offset[view.spy_bonus])
        for player in view.game_winners:
            put(out, "game_winners", offset[player])

    def _seat_blocks(
        self, out: list[float], at: int, seat: SeatView, view: View, known: Knowledge
    ) -> None:
        """The blocks of one seat, at offset ``at`` from the viewer."""
        put = self._put
        put(out, "seated", at)
        put(out, "out", at, float(seat.out))
        put(out, "protected", at, float(seat.protected))
        put(out, "tokens", at, float(seat.tokens))
        put(out, "hand_size", at, float(seat.hand_size))
        self._add_cards(out, "discards", at, seat.discards)
        if seat.discards:
            self._add_cards(out, "last_discard", at, seat.discards[-1:])
        if seat.player != view.viewer:
            self._add_cards(out, "holds", at, known.holds.get(seat.player, ()))
        start = self._starts["ruled_out"] + at * len(self.cards)
        for card in seat.ruled_out:
            out[start + self._card_index[card]] = 1.0

    def _inferences(
        self, out: list[float], view: View, known: Knowledge, offset: Mapping[str, int]
    ) -> None:
        """What the viewer knows of the table's hidden cards as a whole: ties, unseen."""
        seats = self.edition.max_players
        for one, other in known.tied:
            self._put(out, "tied", offset[one] * seats + offset[other])
            self._put(out, "tied", offset[other] * seats + offset[one])
        start = self._starts["unseen"]
        for card, count in known.unseen.items():
            out[start + self._card_index[card]] = float(count)

    # -- returns ---------------------------------------------------------------------

    def returns(self, state: State, *, round_only: bool = False) -> tuple[float, ...]:
        """Each player's return, in seat order, once the game is over.

        Zero-sum: the winners share +1 and the others share -1 (a lone winner gets 1.0
        and each of the ``n - 1`` others ``-1 / (n - 1)``); 0 for everyone if everyone
        (or no one) won. With ``round_only``, the same for the winners of the round that
        just ended (a round played on its own; the Spy's token is not counted). Before
        the end (of the game, or of the round) it raises
        :class:`~loveletter.errors.LoveLetterError`.
        """
        if round_only:
            if not state.round_over:
                raise LoveLetterError(f"round {state.round_number} is not over: no returns yet")
            return shares(state.players, state.round_winners)
        if not state.game_over:
            raise LoveLetterError(
                f"the game is not over (round {state.round_number}, {state.phase.value}): "
                "no returns yet"
            )
        return shares(state.players, state.game_winners)


def _by_offset(view: View) -> list[SeatView]:
    """The seats of ``view`` from the viewer's (the first, for a spectator), clockwise."""
    seats = view.seats
    players = [seat.player for seat in seats]
    first = players.index(view.viewer) if view.viewer in players else 0
    return [seats[(first + offset) % len(seats)] for offset in range(len(seats))]


def shares(players: Sequence[str], winners: Sequence[str]) -> tuple[float, ...]:
    """The winners share +1, the others -1 (nothing when all or none won).

    >>> shares(["Anna", "Ben", "Carla"], ["Anna"])
    (1.0, -0.5, -0.5)
    """
    won = set(winners)
    losers = len(players) - len(won)
    if not won or not losers:
        return (0.0,) * len(players)
    return tuple(1.0 / len(won) if p in won else -1.0 / losers for p in players)


@functools.cache
def _encoding_of(ed: Edition) -> Encoding:
    return Encoding(edition=ed)


def encoding(edition: str | Edition) -> Encoding:
    """The encoding of ``edition`` (a name or an :class:`~loveletter.editions.Edition`).

    It is made once per edition and shared.

    >>> encoding("2019") is encoding("2019"), encoding("classic").num_actions
    (True, 43)
    """
    return _encoding_of(edition_named(edition))


def chance_outcomes(state: State) -> tuple[tuple[Card, float], ...]:
    """The next card drawn from the draw pile, and its probability, for explicit chance nodes.

    The draw pile has two parts. Its bottom holds the cards Chancellors returned there
    this round (the state's :class:`~loveletter.state.Buried` records), in an order
    their players chose and know: they are drawn last, in that order. Above them lie
    cards that nobody has seen since the deal: given everything that has happened, they
    are in uniformly random order, so the next draw is each of them with probability
    its copies over their number. Once only returned cards are left, the next draw is
    the top one, with probability 1.

    Everything else is dealt already, as in a game tree whose chance nodes deal every
    card as it is placed: the hands, the face-up cards and the face-down set-aside card
    (dealt at the start, seen by nobody) are not among the outcomes. Outcomes are listed
    in the order of the edition's cards; their probabilities sum to 1. A state between
    rounds, or with an empty pile, raises :class:`~loveletter.errors.LoveLetterError`.
    (The house remedy's take-back of a draw returns the card to the pile; what its
    drawer saw is not in the state, and not counted here.)

    >>> from loveletter import Game
    >>> game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Spy"], auto_draw=False)
    >>> [(str(card), round(p, 3)) for card, p in chance_outcomes(game.state)][:3]
    [('Spy', 0.133), ('Guard', 0.333), ('Priest', 0.067)]
    >>> round(sum(p for _, p in chance_outcomes(game.state)), 12)
    1.0
    """
    if state.round_over:
        raise LoveLetterError("the round is over: the next card comes with the next deal")
    pile = state.draw_pile
    if not pile:
        raise LoveLetterError("the draw pile is empty: nothing more is drawn from it")
    returned = max((len(fact.cards) + fact.under for fact in state.buried), default=0)
    free = pile[: len(pile) - returned]
    if not free:
        return ((pile[0], 1.0),)
    counts = Counter(free)
    total = len(free)
    return tuple(
        (spec.card, counts[spec.card] / total) for spec in state.edition.specs if counts[spec.card]
    )
