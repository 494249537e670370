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

The list depends only on what :func:`cache_key` reads of a position (the edition, the
players, the phase, who is to act and what they hold, who is out or protected, whether
a round has ended); the referee's one cache keeps the lists by that key, and hands out
the same list for every position that shares it.
"""

from __future__ import annotations

from itertools import permutations

from loveletter.cardrule import RULES, CardRule, Targeting
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.editions import Edition
from loveletter.motion import Motion
from loveletter.state import Phase, State

__all__ = ["LegalCommands", "Written", "cache_key", "legal_commands", "listed_commands", "written"]


class LegalCommands(tuple[Command, ...]):
    """Every command the rules allow in a position, in a fixed order.

    Plays come card by card in hand order, then target by target in seat order, then
    named card by named card in order of value.
    """

    ids: frozenset[int]
    """The identities of the listed objects (see :meth:`lists`)."""
    written: dict[Written, Command]
    """The listed commands by how JSON writes them (:func:`written`): a client's command
    read in its own words is the listed object itself (see :meth:`by_words`)."""

    def __new__(cls, commands: tuple[Command, ...] | list[Command] = ()) -> LegalCommands:
        legal = super().__new__(cls, commands)
        legal.ids = frozenset(map(id, legal))
        legal.written = {written(command): command for command in legal}
        return legal

    def by_words(self, words: Written) -> Command | None:
        """The listed command that JSON writes with ``words`` (:func:`written`), if any.

        Kept for the server's path: a command read from a client's JSON, written as the
        library writes it, is found here at once, and needs neither building nor checking
        (``loveletter bench`` shows the row "read from JSON and applied").
        """
        return self.written.get(words)

    def __reduce__(self) -> tuple[type[LegalCommands], tuple[tuple[Command, ...]]]:
        # Pickled (or copied) as its commands alone: the identities are this process's,
        # worked out again for the objects the copy holds.
        return (LegalCommands, (tuple(self),))

    def __repr__(self) -> str:
        return f"LegalCommands({list(self)!r})"

    def holds(self, command: object) -> bool:
        """Whether ``command`` is listed: one of these objects, or equal to one.

        >>> from loveletter import Game
        >>> legal = Game.new(["Anna", "Ben"], seed=1).legal_commands()
        >>> legal.holds(legal[-1]), legal.holds(Draw(player="Anna"))
        (True, False)
        """
        return self.lists(command) or command in self

    def lists(self, command: object) -> bool:
        """Whether ``command`` is listed, found at once (without the rules' checks).

        It is listed if it is one of these very objects, or equal to one and saying no
        more than it. A command that names a card by a playing-card label says more than its equal
        (only some tables read labels), and is not found here: the referee checks it
        (:meth:`loveletter.referee.Game.apply`). A command read from a client's JSON is
        found by equality, so it pays no check that its listed equal would not.

        >>> from loveletter import Game
        >>> legal = Game.new(["Anna", "Ben"], seed=1).legal_commands()
        >>> copy = Play(player=legal[0].player, card=legal[0].card, target=legal[0].target,
        ...             guess=legal[0].guess)
        >>> legal.lists(copy), legal.lists(Play(player="Anna", card="8♥"))
        (True, False)
        """
        if id(command) in self.ids:
            return True
        if getattr(command, "labels_given", ()):
            return False
        return written(command) in self.written  # the same words: an equal command


Written = tuple[object, ...]
"""A command's fields as JSON writes them (card names as text): see :func:`written`."""


def written(command: object) -> Written:
    """``command``'s fields as its JSON writes them, in a tuple.

    The reader of a client's JSON makes the same tuple of the same document
    (``written_words`` in ``loveletter.serialization.commands``), so that a listed command is
    found by its words; a test holds the two to each other for every listed command.

    >>> written(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    ('play', 'Anna', 'Guard', 'Ben', 'Priest', ())
    """
    if type(command) is Play:
        guess = command.guess.value if isinstance(command.guess, Card) else command.guess
        return ("play", command.player, command.card.value, command.target, guess, command.also)
    if type(command) is Choose:
        returned = tuple(card.value for card in command.returned)
        return ("choose", command.player, command.keep.value, returned)
    if type(command) is Draw:
        return ("draw", command.player)
    if type(command) is Deal and command.layout is None:
        return ("deal", command.first)
    return ("other", command)


Key = tuple[
    Edition, tuple[str, ...], Phase, int, tuple[Card, ...], tuple[bool, ...], tuple[bool, ...], bool
]


def cache_key(motion: Motion) -> Key:
    """What the legal commands of ``motion`` depend on: the positions that share a list.

    The edition and the players (the cards' rules, the names), the phase, the seat to act
    and its hand, who is out and who is protected while a card is played (whom it may
    choose), and whether a round has ended (the next deal). Nothing else is read by
    :func:`listed_commands`.
    """
    seat = motion.to_act
    playing = motion.phase is Phase.PLAY
    return (
        motion.table.edition,
        motion.names,
        motion.phase,
        seat,
        motion.hands[seat] if seat >= 0 else (),
        motion.out if playing else (),
        motion.protected if playing else (),
        motion.outcome is not None,
    )


def _choosable(motion: Motion) -> tuple[str, ...]:
    """The other players the player to act may choose: still in, and not protected."""
    seat = motion.to_act
    return tuple(
        name
        for other, name in enumerate(motion.names)
        if other != seat and not motion.out[other] and not motion.protected[other]
    )


_CACHE: dict[Key, LegalCommands] = {}
_CACHE_SIZE = 1 << 16
"""The most lists the cache keeps: it starts afresh when full."""


def legal_commands(position: Motion | State) -> LegalCommands:
    """The legal commands of ``position`` (the table in motion, or a state).

    The list is the one the cache keeps for the position's :func:`cache_key`, worked out
    by :func:`listed_commands` the first time that key is met.
    """
    motion = Motion(position, record=False) if isinstance(position, State) else position
    key = cache_key(motion)
    legal = _CACHE.get(key)
    if legal is None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.clear()
        legal = _CACHE[key] = listed_commands(motion)
    return legal


def listed_commands(motion: Motion) -> LegalCommands:
    """The legal commands of ``motion``, worked out from the rule records (never cached)."""
    phase = motion.phase
    if phase is Phase.PLAY:
        return LegalCommands(_plays(motion))
    if phase is Phase.CHOOSE:
        return LegalCommands(_choices(motion.names[motion.to_act], motion.hands[motion.to_act]))
    if phase is Phase.DRAW:
        return LegalCommands((Draw(player=motion.names[motion.to_act]),))
    if phase is Phase.ROUND_OVER and motion.outcome is not None:
        return LegalCommands((Deal(),))
    return LegalCommands()


def _playable(hand: tuple[Card, ...]) -> list[Card]:
    """The cards of ``hand`` that may be played: each once, and none another card forbids."""
    cards = list(dict.fromkeys(hand))
    forced = [card for card in cards if any(other in RULES[card].forced_by for other in cards)]
    return forced or cards


def _plays(motion: Motion) -> list[Command]:
    """Every play of the player to act, card by card in hand order."""
    seat = motion.to_act
    others = _choosable(motion)
    plays: list[Command] = []
    for card in _playable(motion.hands[seat]):
        plays += _card_plays(motion, motion.names[seat], card, RULES[card], others)
    return plays


def _card_plays(
    motion: Motion, player: str, card: Card, rule: CardRule, others: tuple[str, ...]
) -> list[Play]:
    """Every way ``player`` may play ``card``: whom it chooses, then the card it names.

    ``others`` are the players it may choose besides its own. A card that can choose
    nobody of those its targeting allows is played choosing nobody, naming nothing
    (LL19-TARGET-ALL-PROTECTED-NO-EFFECT).
    """
    named: list[Card | None] = [None]
    if rule.names_a_card:
        named = [guess for guess in motion.table.edition.guesses if guess is not card]
    plays = []
    for chosen in _chosen(rule.targeting, player, motion.names, others):
        target, also = (chosen[0], chosen[1:]) if chosen else (None, ())
        for guess in named if chosen else [None]:
            plays.append(Play(player=player, card=card, target=target, guess=guess, also=also))
    return plays


def _chosen(
    targeting: Targeting, player: str, names: tuple[str, ...], others: tuple[str, ...]
) -> list[tuple[str, ...]]:
    """Whom a card of this ``targeting`` may choose, in order: ``[()]`` for nobody."""
    if targeting is Targeting.ANY:
        return [(name,) for name in names if name == player or name in others]
    if targeting is Targeting.OTHER and others:
        return [(name,) for name in others]
    if targeting is Targeting.TWO_OTHERS and len(others) >= 2:
        return list(permutations(others, 2))
    return [()]


def _choices(player: str, hand: tuple[Card, ...]) -> list[Command]:
    """Every way to keep one card of ``hand`` and return the others in an order."""
    seen: dict[tuple[Card, tuple[Card, ...]], None] = {}
    for index, keep in enumerate(hand):
        rest = hand[:index] + hand[index + 1 :]
        for order in permutations(rest):
            seen.setdefault((keep, order), None)
    return [Choose(player=player, keep=keep, returned=order) for keep, order in seen]
