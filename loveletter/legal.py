"""The legal commands of a position: exactly what may be done now, in a fixed order.

:class:`LegalCommands` lists every card the player to act may play with every target
and every card it may name, every Chancellor keep/return order, the draw, or the next
round's deal. It is a tuple: ``len``, indexing, ``in`` and ``random.choice`` work at
C speed on it. What a card may choose and name is its rule record's
(:mod:`loveletter.cardrule`).

Between rounds it lists the one :class:`~loveletter.commands.Deal` the referee makes:
no layout (the referee shuffles) and no ``first`` (the last round's winner starts; after
a tie the referee draws the starter among the tied winners, LL19-Q12). A ``Deal`` with an
explicit layout, or naming the single winner, is also accepted, but is not listed; so
are a Guard's guess given as its number, and the house remedy's commands.

How it stays cheap: during a turn the legal plays depend only on the edition, the
players, who is to act, what they hold, and who is out or protected. :func:`legal_commands`
works out the list once for each such combination (the table's ``kind`` stands for its
edition and players) and shares it (commands are values); a list it has not met yet is
put together from each playable card's plays, themselves worked out once for each kind
of table, seat, card and seats out or protected. Each memo keeps at most 65,536 entries
and starts afresh when full.
"""

from __future__ import annotations

import functools
from itertools import permutations

from loveletter._records import builder
from loveletter.cardrule import RULES, CardRule, Targeting
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.state import Phase, Position, Table, blocked_seats

__all__ = ["LegalCommands", "legal_commands", "play_command"]

_NONE, _ANY, _OTHER = Targeting.NONE, Targeting.ANY, Targeting.OTHER
_PLAY, _CHOOSE, _ROUND_OVER = Phase.PLAY, Phase.CHOOSE, Phase.ROUND_OVER

_deal = builder(Deal)
_choose = builder(Choose)
_play = builder(Play)

_PLAYS: dict[tuple[str, Card, str | None, Card | None, tuple[str, ...]], Play] = {}
_PLAYS_KEPT = 1 << 16


def play_command(
    player: str,
    card: Card,
    target: str | None = None,
    guess: Card | None = None,
    also: tuple[str, ...] = (),
) -> Play:
    """The :class:`~loveletter.commands.Play` with these fields, built once and shared.

    Commands are immutable values, so one object can stand for every equal command. The
    memo holds at most 65,536 of them and starts afresh when full.
    """
    key = (player, card, target, guess, also)
    command = _PLAYS.get(key)
    if command is None:
        if len(_PLAYS) >= _PLAYS_KEPT:
            _PLAYS.clear()
        command = _PLAYS[key] = _play(player, card, target, guess, also)
    return command


class LegalCommands(tuple[Command, ...]):
    """Every command the rules allow in a position, in a fixed order.

    Plays come card by card in hand order, then target by target in seat order, then
    named card by named card in order of value.
    """

    @functools.cached_property
    def ids(self) -> frozenset[int]:
        """The identities of the listed objects: a command handed out is found at once.

        Worked out the first time it is needed (a list shared by many positions, and
        read on the fast path, never needs it), then kept with the list.
        """
        return frozenset(map(id, self))

    def __reduce__(self) -> tuple[type[LegalCommands], tuple[tuple[Command, ...]]]:
        # Pickled (or copied) as its commands alone: the identities are this process's,
        # worked out again for the objects the copy holds.
        return (LegalCommands, (tuple(self),))

    def __repr__(self) -> str:
        return f"LegalCommands({list(self)!r})"

    def holds(self, command: object) -> bool:
        """Whether ``command`` is listed: one of these objects (found at once) or equal to one.

        >>> from loveletter import Game
        >>> legal = Game.new(["Anna", "Ben"], seed=1).legal_commands()
        >>> legal.holds(legal[-1]), legal.holds(Draw(player="Anna"))
        (True, False)
        """
        return id(command) in self.ids or command in self


def _others(table: Table, seat: int, blocked: int) -> tuple[str, ...]:
    """The players ``seat``'s card may choose besides its own: still in, not protected.

    ``blocked`` has a bit for each seat out or protected (:func:`~loveletter.state.blocked_seats`).
    """
    key = (seat, blocked)
    found = table.choosable.get(key)
    if found is None:
        names = table.players
        found = table.choosable[key] = tuple(
            [names[s] for s in range(len(names)) if s != seat and not blocked >> s & 1]
        )
    return found


_PLAYABLE: dict[tuple[Card, ...], tuple[Card, ...]] = {}


def _playable(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played: each once, and none another card forbids.

    Worked out once for each hand (in hand order) and kept: a card's rule record is fixed
    once registered, and the memo starts afresh when it holds 65,536 hands.
    """
    found = _PLAYABLE.get(hand)
    if found is None:
        cards = tuple(dict.fromkeys(hand))
        forced = [card for card in cards if any(o in RULES[card].forced_by for o in cards)]
        found = tuple(forced) if forced else cards
        if len(_PLAYABLE) >= _MEMO_KEPT:
            _PLAYABLE.clear()
        _PLAYABLE[hand] = found
    return found


def _plays(
    names: tuple[str, ...],
    player: str,
    card: Card,
    rule: CardRule,
    others: tuple[str, ...],
    guesses: tuple[Card, ...],
) -> list[Play]:
    """Every way ``player`` may play ``card``, with its targets and named cards."""
    targeting = rule.targeting
    if targeting is _NONE:
        return [play_command(player, card)]
    if targeting is _ANY:
        chosen = [name for name in names if name == player or name in others]
        return [play_command(player, card, target) for target in chosen]
    if targeting is _OTHER:
        if not others:
            return [play_command(player, card)]
        if rule.names_a_card:
            named = [guess for guess in guesses if guess is not card]
            return [play_command(player, card, t, guess) for t in others for guess in named]
        return [play_command(player, card, target) for target in others]
    if len(others) < 2:
        return [play_command(player, card)]
    return [play_command(player, card, a, None, (b,)) for a, b in permutations(others, 2)]


_CARD_PLAYS: dict[tuple[int, int, Card, int], tuple[Play, ...]] = {}


def _card_plays(table: Table, seat: int, card: Card, blocked: int) -> tuple[Play, ...]:
    """Every way ``seat`` may play ``card`` with the seats ``blocked``: worked out once.

    Shared by the hands that hold ``card``, at tables of the same kind; the memo starts
    afresh when it holds 65,536 lists.
    """
    rule = RULES[card]
    if rule.targeting is _NONE:
        blocked = 0  # who may be chosen does not matter to a card that chooses nobody
    key = (table.kind, seat, card, blocked)
    found = _CARD_PLAYS.get(key)
    if found is None:
        names = table.players
        others = _others(table, seat, blocked) if rule.targeting is not _NONE else ()
        found = tuple(_plays(names, names[seat], card, rule, others, table.edition.guesses))
        if len(_CARD_PLAYS) >= _MEMO_KEPT:
            _CARD_PLAYS.clear()
        _CARD_PLAYS[key] = found
    return found


def _turn_plays(table: Table, seat: int, hand: tuple[Card, ...], blocked: int) -> LegalCommands:
    commands: tuple[Command, ...] = ()
    for card in _playable(hand):
        commands += _card_plays(table, seat, card, blocked)
    return LegalCommands(commands)


def _choices(table: Table, seat: int, hand: tuple[Card, ...]) -> LegalCommands:
    player = table.players[seat]
    seen: dict[tuple[Card, tuple[Card, ...]], None] = {}
    for index, keep in enumerate(hand):
        rest = hand[:index] + hand[index + 1 :]
        for order in permutations(rest):
            seen.setdefault((keep, order), None)
    return LegalCommands([_choose(player, keep, order) for keep, order in seen])


_MEMO: dict[tuple[int, bool, int, tuple[Card, ...], int], LegalCommands] = {}
_MEMO_KEPT = 1 << 16
_NOTHING = LegalCommands(())
_REFEREES_DEAL = LegalCommands((_deal(None, None),))


def legal_commands(position: Position, blocked: int | None = None) -> LegalCommands:
    """The legal commands of ``position``, worked out once for all alike positions.

    During a turn the legal plays depend only on the edition, the players, who is to act,
    what they hold, and who is out or protected: positions that agree on these share one
    :class:`LegalCommands`. A Chancellor's choices are shared the same way. ``blocked``
    gives the seats out or protected (:func:`~loveletter.state.blocked_seats`) when the
    caller keeps them already (the table in motion does).
    """
    phase = position.phase
    if phase is _PLAY or phase is _CHOOSE:
        seat = position.to_act
        if blocked is None:
            blocked = blocked_seats(position.out, position.protected)
        hand = tuple(position.hands[seat])
        return turn_commands(position.table, phase is _PLAY, seat, hand, blocked)
    if phase is Phase.DRAW:
        return LegalCommands((Draw(player=position.table.players[position.to_act]),))
    if phase is _ROUND_OVER and position.outcome is not None:
        return _REFEREES_DEAL
    return _NOTHING


def turn_commands(
    table: Table, playing: bool, seat: int, hand: tuple[Card, ...], blocked: int
) -> LegalCommands:
    """The plays (``playing``) or the Chancellor's choices of ``seat`` holding ``hand``.

    ``blocked`` has a bit for each seat out or protected
    (:func:`~loveletter.state.blocked_seats`); a Chancellor's choices do not depend on it.
    Worked out once for each such combination at tables of the same kind, and shared.
    """
    key = (table.kind, playing, seat, hand, blocked if playing else 0)
    legal = _MEMO.get(key)
    if legal is None:
        if len(_MEMO) >= _MEMO_KEPT:
            _MEMO.clear()
        if playing:
            legal = _turn_plays(table, seat, hand, blocked)
        else:
            legal = _choices(table, seat, hand)
        _MEMO[key] = legal
    return legal
