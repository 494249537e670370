"""How fast any referee behind this API can be, beside the shared floor: issue 14's ceiling.

``python tools/speed_ceiling.py [--games 1000] [--repeats 5] [--players 2 --players 4 ...]``
(from a checkout beside ``shared/``, else against the floor shipped in the package) times,
in one process, interleaved, on the CPU clock, best of the repeats, the loop that
``../shared/bench/speed_check.py`` and the bench's (b) run::

    game = Game.new(names, seed=rng.getrandbits(63))
    while not game.over:
        command = rng.choice(game.legal_commands())
        if type(command) is Play: turns += 1
        game.apply(command, check=False, record=False)

around five things, and prints each one's turns per second as a ratio to the floor's:

* **floor**: ``bare_playout.play_game``, unmodified (its turns counted as speed_check
  counts them);
* **still**: a referee that does nothing at all (its list of legal commands is a constant,
  ``apply`` counts down): what the loop alone costs;
* **lean**: :class:`LeanReferee` below, the least a referee behind this API must do, in
  the leanest Python we could write for it: a fresh generator seeded per game and a
  shuffle per round (as the referee's seeded, replayable games need), a list of legal
  commands per position (shared by every alike position, as the referee's memo does), the
  command found by its identity in that list, the card's effect, the turn passed on, the
  round's end, tokens and the Spy. It keeps no events, checks nothing, keeps no discards
  and nothing of what players know, plays the 2019 edition only and cannot be copied,
  stored, viewed or taken back: the referee must do all of that, so it cannot be faster;
* **shaped**: :class:`ShapedReferee`, the lean referee with the shapes and the duties of
  the referee's table in motion (those of :class:`loveletter.cardrule.Motion`, which
  cards' effects work on: a list of cards for each hand, the pile and the flags as lists,
  a tuple of discards for each seat, and a note for each thing players learn): what a
  referee built like the lean one pays for keeping the discards and what players know;
* **events**: :class:`EventfulReferee` below on the same loop, which it runs building its
  events but checking nothing: the shaped referee's figure less this one's is what
  building the API's events costs;
* **referee**: :class:`loveletter.Game` on the same loop.

Then, on speed_check's API loop (``game.apply(command)``: each command checked, its
events built, returned and kept), the figures of target (a):

* **eventful**: :class:`EventfulReferee`, the shaped referee with the API's duties: it
  checks each command as ``Game.apply`` checks a listed one (by its identity in the last
  list handed out), and builds the referee's very events (the library's event classes,
  the frequent ones built once and shared, as the rules build them);
* **api**: :class:`loveletter.Game` on the API loop.

Before it times anything, it checks that the lean and shaped referees are referees: from
the same seeds they play the very games :class:`~loveletter.Game` plays, command for
command (the same lists of legal commands in the same order, the same deals, the same
ends), and that the eventful one gives the referee's events for each command; it says
so, and it stops if one differs.

Where the lean referee stays below 0.60 of the floor, no referee with this API reaches
target (b) of issue 14 in pure Python on this interpreter; where the shaped one is above
it too, the table in motion's shapes and duties leave room for it, and what keeps the
referee below is its layers. Likewise, where the eventful referee stays below 0.40, no
referee that checks commands and builds these events reaches target (a).
"""

from __future__ import annotations

import _random
import argparse
import random
import time
from collections.abc import Callable, Mapping
from itertools import permutations
from operator import itemgetter
from pathlib import Path
from typing import Any, ClassVar

from loveletter import Card, Choose, Deal, Game, Play
from loveletter._records import builder, interned
from loveletter.bench import Floor, count_floor_turns, find_floor, load_floor
from loveletter.events import (
    CardDrawn,
    CardPlayed,
    CardsReturned,
    DrawSource,
    Ending,
    Event,
    GameEnded,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    KnockOutCause,
    PlayerKnockedOut,
    PlayerProtected,
    ProtectionEnded,
    RoundEnded,
    RoundStarted,
    TokenAwarded,
    TokenFor,
)
from loveletter.legal import LegalCommands, play_command
from loveletter.setup import seat_names

# The 2019 deck by value (Spy 0 ... Princess 9), the token targets, and the cards by value.
DECK = (0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9)
TARGET = {2: 6, 3: 5, 4: 4, 5: 3, 6: 3}
BY_VALUE = (
    Card.SPY,
    Card.GUARD,
    Card.PRIEST,
    Card.BARON,
    Card.HANDMAID,
    Card.PRINCE,
    Card.CHANCELLOR,
    Card.KING,
    Card.COUNTESS,
    Card.PRINCESS,
)
VALUE = {card: value for value, card in enumerate(BY_VALUE)}
GUESSES = tuple(card for card in BY_VALUE if card is not Card.GUARD)
PLAYING, CHOOSING, BETWEEN, OVER = range(4)
_DEAL = Deal()

# The events, built as the rules build them: the frequent ones once and shared.
_card_played = interned(CardPlayed)
_card_drawn = interned(CardDrawn)
_guard_guessed = interned(GuardGuessed)
_hand_seen = interned(HandSeen)
_hands_compared = interned(HandsCompared)
_hands_traded = interned(HandsTraded)
_hand_discarded = interned(HandDiscarded)
_cards_returned = interned(CardsReturned)
_player_protected = interned(PlayerProtected)
_protection_ended = interned(ProtectionEnded)
_knocked_out = interned(PlayerKnockedOut)
_round_started = builder(RoundStarted)
_round_ended = builder(RoundEnded)
_token_awarded = builder(TokenAwarded)
_game_ended = builder(GameEnded)
_PILE = DrawSource.PILE


Listed = LegalCommands
_Moves = dict[int, tuple[object, tuple[int, ...]]]
_MOVES: dict[tuple[str, ...], _Moves] = {}
"""What each listed command does at a table of these players, by the command's identity
(with the command, which it keeps alive): a command means the same at every such table,
and there are few of them."""


def _listed(
    moves: _Moves, commands: list[Play] | list[Choose], effects: list[tuple[int, ...]]
) -> Listed:
    for command, effect in zip(commands, effects, strict=True):
        moves[id(command)] = (command, effect)
    return Listed(commands)


_NOTHING = Listed()
_BETWEEN = Listed((_DEAL,))


def _plays(
    moves: _Moves, names: tuple[str, ...], seat: int, held: int, drawn: int, blocked: int
) -> Listed:
    """Every play of ``seat`` holding ``held`` and ``drawn``, with its (value, target, guess)."""
    player = names[seat]
    others = [other for other in range(len(names)) if other != seat and not blocked >> other & 1]
    values = [held] if held == drawn else [held, drawn]
    if 8 in values and (5 in values or 7 in values):
        values = [8]  # the Countess, with the King or the Prince
    commands: list[Play] = []
    effects: list[tuple[int, ...]] = []
    for value in values:
        card = BY_VALUE[value]
        if value in (1, 2, 3, 7) and others:
            guesses = GUESSES if value == 1 else (None,)
            for other in others:
                for guess in guesses:
                    commands.append(play_command(player, card, names[other], guess))
                    effects.append((value, other, -1 if guess is None else VALUE[guess]))
        elif value == 5:
            for other in range(len(names)):
                if other == seat or other in others:
                    commands.append(play_command(player, card, names[other]))
                    effects.append((value, other, -1))
        else:
            commands.append(play_command(player, card))
            effects.append((value, -1, -1))
    return _listed(moves, commands, effects)


def _choices(moves: _Moves, player: str, cards: tuple[int, ...]) -> Listed:
    """Every Chancellor's keep-and-return order of ``cards``."""
    seen: dict[tuple[int, tuple[int, ...]], None] = {}
    for index, keep in enumerate(cards):
        for order in permutations(cards[:index] + cards[index + 1 :]):
            seen.setdefault((keep, order), None)
    commands = [
        Choose(player=player, keep=BY_VALUE[keep], returned=tuple(BY_VALUE[c] for c in order))
        for keep, order in seen
    ]
    return _listed(moves, commands, [(keep, *order) for keep, order in seen])


_MEMO: dict[tuple[str, ...], dict[object, Listed]] = {}
"""The legal commands of every position met at a table of these players, by position."""
_SHAPED_MEMO: dict[tuple[str, ...], dict[object, Listed]] = {}
"""The same, for the shaped referee (whose positions are keyed alike)."""


class _Referee:
    """What the lean and shaped referees share: the table, the tokens, a round's end."""

    __slots__ = (
        "alive",
        "aside",
        "blocked",
        "memo",
        "moves",
        "names",
        "out",
        "over",
        "phase",
        "pile",
        "protected",
        "rng",
        "seat",
        "spied",
        "tokens",
        "winners",
    )
    MEMOS: ClassVar[dict[tuple[str, ...], dict[object, Listed]]]
    out: Any  # a list of flags (lean) or a tuple (shaped); likewise the two below
    protected: Any
    spied: Any

    def __init__(self, names: tuple[str, ...], seed: int) -> None:
        self.names = names
        self.rng = _random.Random(seed)
        self.tokens = [0] * len(names)
        self.memo = self.MEMOS.setdefault(names, {})
        self.moves = _MOVES.setdefault(names, {})
        self.over = False
        self.winners = list(range(len(names)))
        self._deal()

    def _deal(self) -> None:
        raise NotImplementedError

    def holding(self, seat: int) -> int:
        """The value of the card ``seat`` holds (between turns)."""
        raise NotImplementedError

    def _end_round(self, survivor: int, *, last_survivor: bool) -> None:
        count = len(self.names)
        if last_survivor:
            winners = [survivor]
        else:
            still = [seat for seat in range(count) if not self.out[seat]]
            best = max(self.holding(seat) for seat in still)
            winners = [seat for seat in still if self.holding(seat) == best]
        for seat in winners:
            self.tokens[seat] += 1
        spies = [seat for seat in range(count) if not self.out[seat] and self.spied[seat]]
        if len(spies) == 1:
            self.tokens[spies[0]] += 1
        self.winners = winners
        self.over = max(self.tokens) >= TARGET[count]
        self.phase = OVER if self.over else BETWEEN


class LeanReferee(_Referee):
    """The least a referee of 2019 games behind this API must do (see the module's text).

    Cards are values in lists; each seat holds one card, and the player to act the card
    drawn too; the draw pile is a list whose end is its top.
    """

    __slots__ = ("choosing", "drawn", "held")
    MEMOS = _MEMO

    choosing: tuple[int, ...]
    """A Chancellor's three cards (or two), while the choice waits."""

    def _deal(self) -> None:
        """Deal a round as the referee deals it (LL19-SETUP-ORDER), from the same draws.

        The first draw picks the starter among the last round's winners (among everyone, for
        the first round); a random key per card shuffles the deck. Off the top come the
        set-aside card, the three face-up cards of a two-player round, one card per seat from
        the starter on; the starter draws.
        """
        draw = self.rng.random
        count = len(self.names)
        chosen = draw()
        keys = [draw() for _ in DECK]
        order = itemgetter(*sorted(range(len(DECK)), key=keys.__getitem__))(DECK)
        pile = list(reversed(order))
        self.aside = pile.pop()
        if count == 2:
            del pile[-3:]
        first = self.winners[int(chosen * len(self.winners))]
        held = [0] * count
        for offset in range(count):
            held[(first + offset) % count] = pile.pop()
        self.held = held
        self.out = [False] * count
        self.protected = [False] * count
        self.spied = [False] * count
        self.alive = count
        self.blocked = 0
        self.seat = first
        self.phase = PLAYING
        self.drawn = pile.pop()
        self.pile = pile

    def legal_commands(self) -> Listed:
        """The legal commands now, shared by every alike position."""
        phase = self.phase
        if phase == PLAYING:
            seat = self.seat
            key = ((seat << 4 | self.held[seat]) << 4 | self.drawn) << 8 | self.blocked
            legal = self.memo.get(key)
            if legal is None:
                legal = self.memo[key] = _plays(
                    self.moves, self.names, seat, self.held[seat], self.drawn, self.blocked
                )
        elif phase == CHOOSING:
            seat = self.seat
            key = (seat, self.choosing)
            legal = self.memo.get(key)
            if legal is None:
                legal = self.memo[key] = _choices(self.moves, self.names[seat], self.choosing)
        else:
            legal = _BETWEEN if phase == BETWEEN else _NOTHING
        return legal

    def apply(self, command: object, *, check: bool = True, record: bool = True) -> tuple[()]:
        """Apply a command of the last list of legal commands (nothing is checked)."""
        phase = self.phase
        if phase == PLAYING:
            value, target, guess = self.moves[id(command)][1]
            seat = self.seat
            if self.held[seat] == value:
                self.held[seat] = self.drawn
            EFFECTS[value](self, seat, target, guess)
            if self.phase == PLAYING:
                self._pass_on()
        elif phase == CHOOSING:
            keep, *returned = self.moves[id(command)][1]
            self.held[self.seat] = keep
            self.pile[0:0] = reversed(returned)
            self.phase = PLAYING
            self._pass_on()
        else:
            self._deal()
        return ()

    def _pass_on(self) -> None:
        """End the round, or pass play on to the next player still in, who draws."""
        if self.alive == 1:
            self._end_round(self.out.index(False), last_survivor=True)
            return
        if not self.pile:
            self._end_round(-1, last_survivor=False)
            return
        out, count = self.out, len(self.names)
        seat = (self.seat + 1) % count
        while out[seat]:
            seat = (seat + 1) % count
        if self.protected[seat]:
            self.protected[seat] = False
            self.blocked &= ~(1 << seat)
        self.seat = seat
        self.drawn = self.pile.pop()

    def holding(self, seat: int) -> int:
        return self.held[seat]

    def knock_out(self, seat: int) -> None:
        self.out[seat] = True
        self.alive -= 1
        self.blocked |= 1 << seat
        if self.held[seat] == 0:
            self.spied[seat] = True


def _spy(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    game.spied[seat] = True


def _guard(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    if target >= 0 and game.held[target] == guess:
        game.knock_out(target)


def _nothing(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    pass  # the Priest shows a card, the Countess does nothing: no state changes


def _baron(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    if target >= 0:
        mine, theirs = game.held[seat], game.held[target]
        if mine != theirs:
            game.knock_out(seat if mine < theirs else target)


def _handmaid(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    game.protected[seat] = True
    game.blocked |= 1 << seat


def _prince(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    card = game.held[target]
    if card == 0:
        game.spied[target] = True
    if card == 9:
        game.knock_out(target)
    else:
        game.held[target] = game.pile.pop() if game.pile else game.aside


def _chancellor(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    count = min(2, len(game.pile))
    if count:
        game.choosing = (game.held[seat], *[game.pile.pop() for _ in range(count)])
        game.phase = CHOOSING


def _king(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    if target >= 0:
        held = game.held
        held[seat], held[target] = held[target], held[seat]


def _princess(game: LeanReferee, seat: int, target: int, guess: int) -> None:
    game.knock_out(seat)


_Effect = Callable[[LeanReferee, int, int, int], None]
EFFECTS: tuple[_Effect, ...] = (_spy, _guard, _nothing, _baron, _handmaid, _prince)
EFFECTS += (_chancellor, _king, _nothing, _princess)
"""Each card's effect, by value: the Countess's is nothing, as the Priest's is here."""


class ShapedReferee(_Referee):
    """The lean referee with the shapes and duties of the referee's table in motion.

    Those are :class:`loveletter.cardrule.Motion`'s: each hand is a list of cards changed
    in place, the pile a list whose end is its top, the flags of who is out, protected or
    spied lists, and each discard is added to a tuple. A note is appended wherever the
    referee notes what players learn, though not worked out. It plays the same games; the
    difference from the lean referee's time is what those shapes and duties cost.
    """

    __slots__ = ("discards", "effects", "face_up", "hands", "notes")
    MEMOS = _SHAPED_MEMO
    EFFECTS: ClassVar[tuple[Callable[[Any, int, tuple[int, ...], int], None], ...]]
    """Each card's effect, by value (set below, once the effects are defined)."""

    def _deal(self) -> None:
        """Deal as :meth:`LeanReferee._deal` does, into the referee's shapes."""
        self.effects = self.EFFECTS  # read from a slot on every play, as fast as a global
        draw = self.rng.random
        count = len(self.names)
        chosen = draw()
        keys = [draw() for _ in DECK]
        order = itemgetter(*sorted(range(len(DECK)), key=keys.__getitem__))(DECK)
        top = 4 if count == 2 else 1
        self.aside = order[0]
        self.face_up = order[1:top]
        first = self.winners[int(chosen * len(self.winners))]
        hands: list[list[int]] = [[]] * count
        for offset in range(count):
            hands[(first + offset) % count] = [order[top + offset]]
        pile = list(order[top + count :][::-1])
        self.out = [False] * count
        self.protected = [False] * count
        self.spied = [False] * count
        self.discards: list[tuple[int, ...]] = [()] * count
        self.notes: list[tuple[object, ...]] = []
        self.alive = count
        self.blocked = 0
        self.seat = first
        self.phase = PLAYING
        hands[first].append(pile.pop())
        self.pile = pile
        self.hands = hands

    def legal_commands(self) -> Listed:
        """The legal commands now, shared by every alike position."""
        phase = self.phase
        seat = self.seat
        if phase == PLAYING:
            held, drawn = self.hands[seat]
            key = ((seat << 4 | held) << 4 | drawn) << 8 | self.blocked
            legal = self.memo.get(key)
            if legal is None:
                legal = self.memo[key] = _plays(
                    self.moves, self.names, seat, held, drawn, self.blocked
                )
        elif phase == CHOOSING:
            cards = tuple(self.hands[seat])
            legal = self.memo.get((seat, cards))
            if legal is None:
                legal = self.memo[seat, cards] = _choices(self.moves, self.names[seat], cards)
        else:
            legal = _BETWEEN if phase == BETWEEN else _NOTHING
        return legal

    def apply(self, command: object, *, check: bool = True, record: bool = True) -> tuple[()]:
        """Apply a command of the last list of legal commands (nothing is checked)."""
        phase = self.phase
        seat = self.seat
        if phase == PLAYING:
            value, target, guess = self.moves[id(command)][1]
            hand = self.hands[seat]
            if hand[0] == value:
                del hand[0]
            else:
                del hand[1]
            self.discards[seat] += (value,)
            self.notes.append((seat, value))  # the card played is known no more
            self.effects[value](self, seat, (target,) if target >= 0 else (), guess)
            if self.phase == PLAYING:
                self._pass_on()
        elif phase == CHOOSING:
            keep, *returned = self.moves[id(command)][1]
            self.hands[seat] = [keep]
            self.pile[0:0] = returned[::-1]
            self.notes.append((seat,))  # what was known of the hand, and the cards buried
            self.phase = PLAYING
            self._pass_on()
        else:
            self._deal()
        return ()

    def _pass_on(self) -> None:
        if self.alive == 1:
            self._end_round(self.out.index(False), last_survivor=True)
            return
        pile = self.pile
        if not pile:
            self._end_round(-1, last_survivor=False)
            return
        out, count = self.out, len(self.names)
        seat = (self.seat + 1) % count
        while out[seat]:
            seat = (seat + 1) % count
        if self.protected[seat]:
            self.unprotect(seat)
        self.seat = seat
        self.draw(seat)

    def unprotect(self, seat: int) -> None:
        """``seat``'s protection ends, as their turn comes."""
        self.protected[seat] = False
        self.blocked &= ~(1 << seat)

    def draw(self, seat: int) -> None:
        self.hands[seat].append(self.pile.pop())

    def holding(self, seat: int) -> int:
        return self.hands[seat][0]

    def knock_out(self, seat: int) -> None:
        hand = self.hands[seat]
        self.hands[seat] = []
        self.discards[seat] += tuple(hand)
        self.out[seat] = True
        self.alive -= 1
        self.blocked |= 1 << seat
        self.notes.append((seat,))  # what was known of the hand is gone

    def spy(self, seat: int) -> None:
        self.spied[seat] = True


def _shaped_spy(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    game.spy(seat)


def _shaped_guard(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    if targets:
        if game.hands[targets[0]][0] == guess:
            game.knock_out(targets[0])
        else:
            game.notes.append((targets[0], guess))  # ruled out


def _shaped_nothing(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    pass


def _shaped_priest(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    if targets:
        card = game.hands[targets[0]][0]
        game.notes.append((seat, targets[0], card))  # shown
        game.notes.append((seat, targets[0], card))  # learned


def _shaped_baron(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    if targets:
        target = targets[0]
        mine, theirs = game.hands[seat][0], game.hands[target][0]
        game.notes += [(seat, target, theirs), (target, seat, mine)] * 2  # shown, learned
        if mine != theirs:
            game.knock_out(seat if mine < theirs else target)
            game.notes.append((seat,))  # what the winner cannot hold


def _shaped_handmaid(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    game.protected[seat] = True
    game.blocked |= 1 << seat


def _shaped_prince(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    target = targets[0]
    (card,) = game.hands[target]
    game.hands[target] = []
    game.discards[target] += (card,)
    game.notes.append((target,))  # forgotten
    if card == 0:
        game.spy(target)
    if card == 9:
        game.knock_out(target)
    elif game.pile:
        game.draw(target)
    else:
        game.hands[target].append(game.aside)


def _shaped_chancellor(
    game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int
) -> None:
    count = min(2, len(game.pile))
    if count:
        game.notes.append((seat,))  # forgotten
        for _ in range(count):
            game.draw(seat)
        game.phase = CHOOSING


def _shaped_king(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    if targets:
        target = targets[0]
        hands = game.hands
        hands[seat], hands[target] = hands[target], hands[seat]
        game.notes += [(seat, target)] * 5  # shown twice, traded, learned twice


def _shaped_princess(game: ShapedReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    game.knock_out(seat)


_ShapedEffect = Callable[[ShapedReferee, int, tuple[int, ...], int], None]
SHAPED_EFFECTS: tuple[_ShapedEffect, ...] = (_shaped_spy, _shaped_guard, _shaped_priest)
SHAPED_EFFECTS += (_shaped_baron, _shaped_handmaid, _shaped_prince, _shaped_chancellor)
SHAPED_EFFECTS += (_shaped_king, _shaped_nothing, _shaped_princess)
ShapedReferee.EFFECTS = SHAPED_EFFECTS


class EventfulReferee(ShapedReferee):
    """The shaped referee with the duties of the public API's random play (target (a)).

    It checks each command as :meth:`loveletter.Game.apply` checks a listed one (found by
    its identity in the last list of legal commands, or else equal to one), and it builds
    the referee's events (equal records of the library's event classes, the frequent ones
    built once and shared in memos of its own, as the rules build theirs), returns them
    for each command, and keeps them all. It
    plays the same games as the referee, and each command gives the same events.
    """

    __slots__ = ("events", "legal", "round_number")

    def __init__(self, names: tuple[str, ...], seed: int) -> None:
        self.events: list[Event] = []
        self.round_number = 0
        self.legal: Listed = _NOTHING
        super().__init__(names, seed)

    def _deal(self) -> None:
        """Deal as the shaped referee does; the round starts, and its first player draws."""
        super()._deal()
        self.round_number += 1
        names, hands, first = self.names, self.hands, self.seat
        dealt = tuple([(names[seat], BY_VALUE[hand[0]]) for seat, hand in enumerate(hands)])
        face_up = tuple([BY_VALUE[value] for value in self.face_up])
        size = len(self.pile) + 1  # before the first player's draw
        self.events.append(_round_started(self.round_number, names[first], dealt, face_up, size))
        self.events.append(_card_drawn(names[first], BY_VALUE[hands[first][1]], _PILE, None))

    def legal_commands(self) -> Listed:
        """The legal commands now, kept to check the next command against."""
        legal = self.legal = super().legal_commands()
        return legal

    def apply(  # type: ignore[override]
        self, command: object, *, check: bool = True, record: bool = True
    ) -> tuple[Event, ...]:
        """Check ``command`` as the referee checks a listed one, apply it, say what happened.

        The card played (or the cards returned) is told first, as the rules tell it; the
        shaped referee's move then tells the rest, through the effects and moves below.
        """
        if check and not self.legal.holds(command):
            raise ValueError(f"not listed: {command!r}")
        events = self.events
        done = len(events)
        phase = self.phase
        if phase == PLAYING:  # a listed command: a Play (typing.cast would cost a call)
            play: Play = command  # type: ignore[assignment]
            events.append(_card_played(play.player, play.card, play.target, play.guess, play.also))
        elif phase == CHOOSING:
            choice: Choose = command  # type: ignore[assignment]
            events.append(_cards_returned(self.names[self.seat], choice.returned))
        ShapedReferee.apply(self, command)
        self.legal = _NOTHING
        return tuple(events[done:])

    def unprotect(self, seat: int) -> None:
        super().unprotect(seat)
        self.events.append(_protection_ended(self.names[seat]))

    def draw(self, seat: int, by: Card | None = None) -> None:
        card = self.pile.pop()
        self.hands[seat].append(card)
        self.events.append(_card_drawn(self.names[seat], BY_VALUE[card], _PILE, by))

    def knock_out(self, seat: int, cause: KnockOutCause = KnockOutCause.GUARD) -> None:
        hand = tuple([BY_VALUE[value] for value in self.hands[seat]])
        super().knock_out(seat)
        self.protected[seat] = False
        self.events.append(_knocked_out(self.names[seat], cause, hand))

    def _end_round(self, survivor: int, *, last_survivor: bool) -> None:
        before = list(self.tokens)
        names = self.names
        super()._end_round(survivor, last_survivor=last_survivor)
        revealed: tuple[tuple[str, Card], ...] = ()
        if last_survivor:
            end = Ending.LAST_SURVIVOR
        else:
            still = [seat for seat in range(len(names)) if not self.out[seat]]
            end = Ending.SHOWDOWN
            revealed = tuple([(names[seat], BY_VALUE[self.hands[seat][0]]) for seat in still])
        aside = None if self.aside is None else BY_VALUE[self.aside]
        winners = tuple([names[seat] for seat in self.winners])
        self.events.append(_round_ended(self.round_number, end, winners, revealed, aside))
        for seat in self.winners:
            before[seat] += 1
            self.events.append(_token_awarded(names[seat], TokenFor.ROUND_WIN, before[seat]))
        for seat, count in enumerate(self.tokens):
            if count > before[seat]:  # the Spy's token
                self.events.append(_token_awarded(names[seat], TokenFor.SPY, count))
        if self.over:
            target = TARGET[len(names)]
            ended = tuple(
                [names[seat] for seat, count in enumerate(self.tokens) if count >= target]
            )
            self.events.append(_game_ended(ended))


def _eventful_guard(game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    if targets:
        target = targets[0]
        hit = game.hands[target][0] == guess
        names = game.names
        game.events.append(_guard_guessed(names[seat], names[target], BY_VALUE[guess], hit))
        if hit:
            game.knock_out(target, KnockOutCause.GUARD)
        else:
            game.notes.append((target, guess))


def _eventful_priest(
    game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int
) -> None:
    if targets:
        target = targets[0]
        card = game.hands[target][0]
        game.notes.append((seat, target, card))
        game.notes.append((seat, target, card))
        game.events.append(_hand_seen(game.names[seat], game.names[target], BY_VALUE[card]))


def _eventful_baron(game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    if targets:
        target = targets[0]
        mine, theirs = game.hands[seat][0], game.hands[target][0]
        game.notes += [(seat, target, theirs), (target, seat, mine)] * 2
        loser = -1 if mine == theirs else (seat if mine < theirs else target)
        names = game.names
        game.events.append(
            _hands_compared(
                names[seat],
                names[target],
                BY_VALUE[mine],
                BY_VALUE[theirs],
                names[loser] if loser >= 0 else None,
                Card.BARON,
            )
        )
        if loser >= 0:
            game.knock_out(loser, KnockOutCause.BARON)
            game.notes.append((seat,))


def _eventful_handmaid(
    game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int
) -> None:
    game.protected[seat] = True
    game.blocked |= 1 << seat
    game.events.append(_player_protected(game.names[seat]))


def _eventful_prince(
    game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int
) -> None:
    target = targets[0]
    (card,) = game.hands[target]
    game.hands[target] = []
    game.discards[target] += (card,)
    game.notes.append((target,))
    game.events.append(_hand_discarded(game.names[target], BY_VALUE[card]))
    if card == 0:
        game.spy(target)
    if card == 9:
        game.knock_out(target, KnockOutCause.PRINCESS_DISCARDED)
    elif game.pile:
        game.draw(target, Card.PRINCE)
    else:
        game.hands[target].append(game.aside)
        game.events.append(
            _card_drawn(game.names[target], BY_VALUE[game.aside], DrawSource.SET_ASIDE, Card.PRINCE)
        )
        game.aside = None


def _eventful_chancellor(
    game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int
) -> None:
    count = min(2, len(game.pile))
    if count:
        game.notes.append((seat,))
        for _ in range(count):
            game.draw(seat, Card.CHANCELLOR)
        game.phase = CHOOSING


def _eventful_king(game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int) -> None:
    if targets:
        target = targets[0]
        hands = game.hands
        hands[seat], hands[target] = hands[target], hands[seat]
        game.notes += [(seat, target)] * 5
        names = game.names
        mine, theirs = BY_VALUE[hands[seat][0]], BY_VALUE[hands[target][0]]
        game.events.append(_hands_traded(names[seat], names[target], mine, theirs))


def _eventful_princess(
    game: EventfulReferee, seat: int, targets: tuple[int, ...], guess: int
) -> None:
    game.knock_out(seat, KnockOutCause.PRINCESS_PLAYED)


_EventfulEffect = Callable[[EventfulReferee, int, tuple[int, ...], int], None]
EVENTFUL_EFFECTS: tuple[_EventfulEffect, ...] = (
    _shaped_spy,
    _eventful_guard,
    _eventful_priest,
    _eventful_baron,
    _eventful_handmaid,
    _eventful_prince,
    _eventful_chancellor,
    _eventful_king,
    _shaped_nothing,
    _eventful_princess,
)
EventfulReferee.EFFECTS = EVENTFUL_EFFECTS


class Still:
    """A referee that does nothing: its loop's cost alone."""

    __slots__ = ("left", "over")
    LEGAL = LegalCommands((play_command("Anna", Card.GUARD), play_command("Anna", Card.SPY)))

    def __init__(self, names: tuple[str, ...], seed: int) -> None:
        self.left = 70  # about a game's commands
        self.over = False

    def legal_commands(self) -> LegalCommands:
        return self.LEGAL

    def apply(self, command: object, *, check: bool = True, record: bool = True) -> tuple[()]:
        self.left -= 1
        if not self.left:
            self.over = True
        return ()


def _referee(names: tuple[str, ...], seed: int) -> Game:
    return Game.new(names, seed=seed)


MAKERS: dict[str, Callable[[tuple[str, ...], int], object]] = {
    "still": Still,
    "lean": LeanReferee,
    "shaped": ShapedReferee,
    "events": EventfulReferee,  # on the fast loop: its events built, nothing checked
    "referee": _referee,
}
"""The referees timed on the fast loop (:func:`playout`)."""

API_MAKERS: dict[str, Callable[[tuple[str, ...], int], object]] = {
    "eventful": EventfulReferee,
    "api": _referee,
}
"""The referees timed on the API loop (:func:`playout_api`): the eventful one, and Game."""


def playout(make: object, players: int, games: int, seed: int) -> int:
    """speed_check's fast loop around the referee ``make`` builds; the cards played."""
    names = seat_names(players)
    rng = random.Random(seed)
    choice = rng.choice
    turns = 0
    for _ in range(games):
        game = make(names, rng.getrandbits(63))  # type: ignore[operator]
        legal = game.legal_commands
        apply = game.apply
        while not game.over:
            command = choice(legal())
            if type(command) is Play:
                turns += 1
            apply(command, check=False, record=False)
    return turns


def playout_api(make: object, players: int, games: int, seed: int) -> int:
    """speed_check's API loop (each command checked, its events built); the cards played."""
    names = seat_names(players)
    rng = random.Random(seed)
    choice = rng.choice
    turns = 0
    for _ in range(games):
        game = make(names, rng.getrandbits(63))  # type: ignore[operator]
        legal = game.legal_commands
        apply = game.apply
        while not game.over:
            command = choice(legal())
            if type(command) is Play:
                turns += 1
            apply(command)
    return turns


def events_played(make: object, players: int, games: int, seed: int) -> list[tuple[object, ...]]:
    """The events of ``games`` games of speed_check's API loop around ``make``'s referee.

    Those of each game's start, then those of each command.
    """
    names = seat_names(players)
    rng = random.Random(seed)
    played: list[tuple[object, ...]] = []
    for _ in range(games):
        game = make(names, rng.getrandbits(63))  # type: ignore[operator]
        played.append(tuple(game.events))
        while not game.over:
            played.append(game.apply(rng.choice(game.legal_commands())))
    return played


def commands_played(make: object, players: int, games: int, seed: int) -> list[list[object]]:
    """The commands of ``games`` games of speed_check's loop around ``make``'s referee."""
    names = seat_names(players)
    rng = random.Random(seed)
    played = []
    for _ in range(games):
        game = make(names, rng.getrandbits(63))  # type: ignore[operator]
        commands = []
        while not game.over:
            command = rng.choice(game.legal_commands())
            commands.append(command)
            game.apply(command, check=False, record=False)
        played.append(commands)
    return played


_Loop = Callable[[object, int, int, int], int]


def interleaved(
    floor: Floor,
    path: Path,
    loops: Mapping[str, tuple[object, _Loop]],
    players: int,
    games: int,
    repeats: int,
) -> dict[str, float]:
    """The best turns per second of the floor and of each referee on its loop.

    Each name of ``loops`` gives a referee's maker and the loop to run it in. After an
    untimed warm-up, each repeat times them all, in alternating order, on the CPU clock.
    """
    turns = count_floor_turns(path, players, games, 1)
    floor.play(players, games // 10 or 1, 2)  # the warm-up, untimed
    for make, loop in loops.values():
        loop(make, players, games // 5 or 1, 2)
    best = dict.fromkeys(("floor", *loops), 0.0)
    for repeat in range(repeats):
        order = list(best) if repeat % 2 == 0 else list(best)[::-1]
        for name in order:
            start = time.process_time()
            if name == "floor":
                floor.play(players, games, 1)
                done = turns
            else:
                make, loop = loops[name]
                done = loop(make, players, games, 1)
            best[name] = max(best[name], done / (time.process_time() - start))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, action="append", choices=range(2, 7))
    parser.add_argument("--floor", type=Path, help="the floor file (default: as the bench)")
    args = parser.parse_args(argv)
    path, origin = find_floor(args.floor)
    floor = load_floor(path, origin)
    print(f"floor: {path} ({origin}); {args.games} games per figure, best of {args.repeats}")
    for players in args.players or [2, 4, 6]:
        played = commands_played(_referee, players, 50, players)
        for name in ("lean", "shaped"):
            if commands_played(MAKERS[name], players, 50, players) != played:
                print(f"the {name} referee plays other games than the referee at {players} players")
                return 1
        if events_played(EventfulReferee, players, 50, players) != events_played(
            _referee, players, 50, players
        ):
            print(f"the eventful referee tells other events than the referee at {players} players")
            return 1
        print(
            f"{players} players: the lean and shaped referees play the referee's 50 games, ", end=""
        )
        print(f"command for command ({sum(map(len, played))} commands); the eventful one gives")
        print("  the referee's events, command for command")
    print("timing: interleaved, CPU clock (time.process_time), after an untimed warm-up")
    print("loops: still to referee, the fast one; eventful and api, the API's (checked, events)")
    print(f"{'players':>7}  {'figure':<8} {'turns/s':>10}  {'us/turn':>7}  {'ratio':>5}")
    loops: dict[str, tuple[object, _Loop]] = {
        **{name: (make, playout) for name, make in MAKERS.items()},
        **{name: (make, playout_api) for name, make in API_MAKERS.items()},
    }
    for players in args.players or [2, 4, 6]:
        best = interleaved(floor, path, loops, players, args.games, args.repeats)
        for name, rate in best.items():
            print(
                f"{players:>7}  {name:<8} {rate:>10,.0f}  {1e6 / rate:>7.2f}"
                f"  {rate / best['floor']:>5.2f}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
