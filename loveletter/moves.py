"""Moves as people name them: what a player may do now, as a tree, and moves typed as words.

:func:`moves_for` gives a player's legal moves as a tree, for a page to draw a picker
from: a card, then whom it chooses, then the card it names; for a Chancellor's choice,
the card kept, then the order of those returned. Each step has its label in English or
French, and each step that ends a move holds the command itself. The tree holds exactly
the player's legal commands (:meth:`~loveletter.referee.Game.legal_commands`), and the
take-back when the referee would accept one (HOUSE-REMEDY-TAKE-BACK).

>>> from loveletter import Game
>>> game = Game.new(["Anna", "Ben", "Carla"], seed=12, first="Anna")
>>> moves = moves_for(game, "Anna")
>>> [step.label for step in moves.steps]
['Prince', 'Baron']
>>> [step.label for step in moves.steps[0].then]
['yourself', 'Ben', 'Carla']
>>> moves.steps[0].then[1].command
Play(player='Anna', card=Card.PRINCE, target='Ben', guess=None)

:func:`parse_move` reads a move as people type it, in English or French: a card, whom it
chooses (``me`` for oneself) and the card it names, each by its name, the start of its
name, or (a card) its value; ``keep`` and the Chancellor's cards; ``draw``; ``undo``.
:func:`notation` writes a command back as such words, cut as short as the table allows.

>>> parse_move(game, "Anna", "prince me")
Play(player='Anna', card=Card.PRINCE, target='Anna', guess=None)
>>> notation(Play(player="Anna", card="Baron", target="Carla"), game=game)
'b c'
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeAlias

import attrs

from loveletter._kinds import Enum
from loveletter.cardrule import RULES, Targeting
from loveletter.cards import Card, card_named, fold
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.echo import quoted
from loveletter.errors import (
    InvalidCommandError,
    LoveLetterError,
    MoveTextError,
    UnknownPlayerError,
)
from loveletter.referee import Game
from loveletter.serialization import to_data
from loveletter.text import describe
from loveletter.words import LANGUAGES, card_name, move_phrase, move_words

__all__ = [
    "MAX_TEXT",
    "MoveStep",
    "Moves",
    "StepKind",
    "StepValue",
    "moves_for",
    "notation",
    "parse_move",
]

MAX_TEXT = 200
"""The longest text :func:`parse_move` reads: a move is a few words."""


class StepKind(Enum):
    """What a step of the moves tree chooses."""

    CARD = "card"
    """The card played (its value is the card)."""
    TARGET = "target"
    """A player the card chooses, in order (its value is the player's name)."""
    GUESS = "guess"
    """The card a Guard names."""
    KEEP = "keep"
    """The card a Chancellor's player keeps."""
    ORDER = "order"
    """The order in which the other cards go under the pile (a tuple of cards: the first
    goes under first, the last ends at the bottom, LL19-CHANCELLOR-ORDER)."""
    DRAW = "draw"
    """The draw at the start of a turn (its value is ``None``)."""
    TAKE_BACK = "take_back"
    """Taking back one's last command, at a table of the house remedy (HOUSE-REMEDY-TAKE-BACK)."""


StepValue: TypeAlias = Card | str | tuple[Card, ...] | None
"""What a step chooses: a card, a player's name, the returned cards' order, or nothing."""


def _value_data(value: StepValue) -> object:
    if isinstance(value, tuple):
        return [str(card) for card in value]
    return value if value is None or isinstance(value, str) else str(value)


@attrs.frozen(kw_only=True)
class MoveStep:
    """One choice of a move: its kind, what it chooses, its label, and what comes next.

    A step that ends a move holds its ``command``; a step that goes on lists the choices
    that may follow it in ``then`` (never empty then).
    """

    kind: StepKind
    value: StepValue
    label: str
    command: Command | None = None
    then: tuple[MoveStep, ...] = ()

    def commands(self) -> Iterator[Command]:
        """Every command this step leads to, in order."""
        if self.command is not None:
            yield self.command
        for step in self.then:
            yield from step.commands()

    def to_data(self) -> dict[str, Any]:
        """The step as JSON-friendly data.

        Cards are their English names; commands as :func:`~loveletter.serialization.to_data`
        writes them.
        """
        data: dict[str, Any] = {
            "kind": self.kind.value,
            "value": _value_data(self.value),
            "label": self.label,
        }
        if self.command is not None:
            data["command"] = to_data(self.command)
        if self.then:
            data["then"] = [step.to_data() for step in self.then]
        return data


@attrs.frozen(kw_only=True)
class Moves:
    """A player's legal moves now, as a tree of steps (:func:`moves_for`).

    >>> from loveletter import Game
    >>> game = Game.new(["Anna", "Ben"], seed=7, first="Anna")
    >>> moves_for(game, "Ben")
    Moves(player='Ben', language='en', steps=())
    >>> moves_for(game, "Anna", language="fr").to_data()["steps"][0]["label"]
    'Garde'
    """

    player: str
    language: str
    steps: tuple[MoveStep, ...]

    def commands(self) -> tuple[Command, ...]:
        """Every command of the tree, in order: the legal ones, then the take-back."""
        return tuple(command for step in self.steps for command in step.commands())

    def to_data(self) -> dict[str, Any]:
        """The tree as JSON-friendly data: ``{"player", "language", "steps": [...]}``."""
        return {
            "player": self.player,
            "language": self.language,
            "steps": [step.to_data() for step in self.steps],
        }


Path = tuple[tuple[StepKind, StepValue], ...]


def _path(command: Command) -> Path:
    """The choices that make ``command``, in the order a picker asks them."""
    if isinstance(command, Play):
        path: list[tuple[StepKind, StepValue]] = [(StepKind.CARD, command.card)]
        path += [(StepKind.TARGET, target) for target in command.targets]
        if isinstance(command.guess, Card):
            path.append((StepKind.GUESS, command.guess))
        return tuple(path)
    if isinstance(command, Choose):
        if len(command.returned) > 1:
            return ((StepKind.KEEP, command.keep), (StepKind.ORDER, command.returned))
        return ((StepKind.KEEP, command.keep),)
    if isinstance(command, Draw):
        return ((StepKind.DRAW, None),)
    return ((StepKind.TAKE_BACK, None),)


def _label(kind: StepKind, value: StepValue, player: str, language: str) -> str:
    if isinstance(value, Card):
        return card_name(value, language)
    if isinstance(value, tuple):
        return move_phrase("then", language).join(card_name(card, language) for card in value)
    if kind is StepKind.TARGET:
        return move_phrase("yourself", language) if value == player else str(value)
    return move_phrase(kind.value, language)


def _steps(
    paths: Sequence[tuple[Path, Command]], player: str, language: str
) -> tuple[MoveStep, ...]:
    """The steps of ``paths`` grouped by their first choice, in the order first met."""
    groups: dict[tuple[StepKind, StepValue], list[tuple[Path, Command]]] = {}
    for path, command in paths:
        groups.setdefault(path[0], []).append((path[1:], command))
    steps = []
    for (kind, value), members in groups.items():
        ends = [command for rest, command in members if not rest]
        further = [(rest, command) for rest, command in members if rest]
        steps.append(
            MoveStep(
                kind=kind,
                value=value,
                label=_label(kind, value, player, language),
                command=ends[0] if ends else None,
                then=_steps(further, player, language),
            )
        )
    return tuple(steps)


def _check_language(language: str | None) -> None:
    if language is not None and language not in LANGUAGES:
        raise LoveLetterError(
            f"the language is one of {', '.join(LANGUAGES)}, not {quoted(language)}"
        )


def moves_for(game: Game, player: str, *, language: str = "en") -> Moves:
    """What ``player`` may do now in ``game``, as a tree, labelled in ``language``.

    The steps are the player's legal commands (:meth:`~loveletter.referee.Game.legal_commands`)
    in their order, grouped by their choices: a card, then whom it chooses, then the card
    it names; for a Chancellor's choice, the card kept, then the order of those returned
    (no order step when one card goes back). A draw is one step; so is the take-back,
    listed last, at a table of the house remedy when the referee would accept it now
    (HOUSE-REMEDY-TAKE-BACK). The next round's deal is the table's, in nobody's tree.
    A player who may do nothing now has no steps.

    ``language`` is ``"en"`` or ``"fr"``, for the labels. A ``player`` who is not at the
    table raises :class:`~loveletter.errors.UnknownPlayerError`.

    >>> from loveletter import Game
    >>> game = Game.new(["Anna", "Ben"], seed=7, first="Anna")
    >>> guard = moves_for(game, "Anna", language="fr").steps[0]
    >>> guard.label, [step.label for step in guard.then], len(guard.then[0].then)
    ('Garde', ['Ben'], 9)
    >>> spy = guard.then[0].then[0]
    >>> spy.kind, spy.value, spy.label, spy.then
    (StepKind.GUESS, Card.SPY, 'Espionne', ())
    >>> spy.command
    Play(player='Anna', card=Card.GUARD, target='Ben', guess=Card.SPY)

    """
    _check_language(language)
    state = game.state
    if player not in state.players:
        raise UnknownPlayerError(
            f"{quoted(player)} is not at the table ({', '.join(state.players)})"
        )
    commands: list[Command] = [
        command for command in game.legal_commands() if getattr(command, "player", None) == player
    ]
    take_back = TakeBack(player=player)
    if state.table.remedy and game.check(take_back) is None:
        commands.append(take_back)
    paths = [(_path(command), command) for command in commands]
    return Moves(player=player, language=language, steps=_steps(paths, player, language))


# -- moves typed as words ------------------------------------------------------------------


_KEYWORDS = ("draw", "take_back", "deal", "redeal", "keep")
"""What a move may start with instead of a card."""


class _Reader:
    """What the words of a move name, for ``player`` in ``game``'s position."""

    def __init__(self, game: Game, player: str, language: str | None) -> None:
        state = game.state
        self.edition = state.edition
        self.player = player
        self.languages = LANGUAGES if language is None else (language,)
        self.speaks = language or state.table.language
        self.hand = state.hand(player) if player in state.players else ()
        self.plays = [c for c in game.legal_commands() if type(c) is Play and c.player == player]
        self.names = {name: " ".join(fold(name).split()) for name in state.players}
        self.longest = max(len(folded.split()) for folded in self.names.values()) or 1
        self.cards = [spec.card for spec in sorted(self.edition.specs, key=lambda s: s.value)]
        self.words: list[str] = []
        self.folded: list[str] = []

    def feed(self, text: str) -> None:
        self.words = text.split()
        self.folded = [fold(word) for word in self.words]

    # -- one word or a few ----------------------------------------------------------------

    def keyword(self, at: int, key: str) -> int:
        """How many words from ``at`` say ``key`` (0: they do not)."""
        said = [fold(phrase).split() for lang in self.languages for phrase in move_words(key, lang)]
        for parts in sorted(said, key=len, reverse=True):
            if self.folded[at : at + len(parts)] == parts:
                return len(parts)
        return 0

    def card(self, at: int, options: Iterable[Card]) -> Card | str | int | None:
        """The card the word at ``at`` names (among ``options`` if several), or ``None``.

        A name or label the edition reads, or a value one kind has, is its card; a value
        no kind has is given as the number, and another edition's card or a label this
        table reads none of as the word, for the referee to refuse in its own words.
        """
        word, typed = self.words[at], self.folded[at]
        found = self.edition.parse_card(word)
        if found is not None:
            return found
        if typed.isdecimal() and typed.isascii():
            worth = self.edition.cards_worth(int(typed))
            return self._one(at, list(worth), options) if worth else int(typed)
        if card_named(word) is not None:
            return word
        starting = [card for card in self.cards if typed and self._card_starts(card, typed)]
        return self._one(at, starting, options) if starting else None

    def _card_starts(self, card: Card, typed: str) -> bool:
        return any(fold(card_name(card, language)).startswith(typed) for language in self.languages)

    def _one(self, at: int, found: list[Card], options: Iterable[Card]) -> Card:
        if len(found) > 1:
            held = set(options)
            found = [card for card in found if card in held] or found
        if len(found) > 1:
            raise self._ambiguous(at, [card_name(card, self.speaks) for card in found])
        return found[0]

    def player_at(self, at: int, options: Sequence[str]) -> tuple[str, int] | None:
        """The player the words from ``at`` name, and how many words; ``None`` if nobody.

        The most words that name someone are read (a name may have several).
        """
        for count in range(min(self.longest, len(self.words) - at), 0, -1):
            phrase = " ".join(self.folded[at : at + count])
            found = self._named(phrase, options, me=count == 1 and self.keyword(at, "me") > 0)
            if len(found) > 1:
                raise self._ambiguous(at, found)
            if found:
                return found[0], count
        return None

    def _named(self, phrase: str, options: Sequence[str], *, me: bool) -> list[str]:
        """The players ``phrase`` (folded) may name.

        A whole name comes before ``me``, and ``me`` before the start of a name, which may
        be several players' (then those of ``options``, if any).
        """
        if not phrase:
            return []
        exact = [name for name, folded in self.names.items() if folded == phrase]
        if exact or me:
            return exact or [self.player]
        found = [name for name, folded in self.names.items() if folded.startswith(phrase)]
        return [name for name in found if name in options] or found

    def _names_player(self, at: int) -> bool:
        try:
            return self.player_at(at, ()) is not None
        except MoveTextError:
            return True

    # -- refusing what is not read ------------------------------------------------------------

    def _either(self, names: Sequence[str]) -> str:
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + move_phrase("or", self.speaks) + names[-1]

    def _ambiguous(self, at: int, candidates: Sequence[str]) -> MoveTextError:
        word = self.words[at]
        text = move_phrase(
            "ambiguous", self.speaks, word=quoted(word), candidates=self._either(candidates)
        )
        return MoveTextError(text, word=word, candidates=tuple(candidates), ambiguous=True)

    def unknown(self, at: int, *, players: bool = False, keywords: bool = False) -> MoveTextError:
        """The error for the word at ``at``, which names nothing expected there.

        That is a card, and one of the ``players`` or the ``keywords`` too where they are
        expected; the closest words are suggested (one name per card).
        """
        expected: dict[str, object] = {}  # each word, folded, and what it names
        for language in self.languages:
            expected.update((card_name(card, language), card) for card in self.cards)
            if players:
                expected.update((word, self.player) for word in move_words("me", language))
            if keywords:
                expected.update(
                    (word, key) for key in _KEYWORDS for word in move_words(key, language)
                )
        if players:
            expected.update((name, name) for name in self.names)
        by_fold = {fold(word): word for word in expected}
        close = difflib.get_close_matches(self.folded[at], list(by_fold), n=5)
        named: dict[object, str] = {}  # the closest word for each thing, closest first
        for match in close:
            named.setdefault(expected[by_fold[match]], by_fold[match])
        candidates = tuple(named.values())[:3]
        hint = ""
        if candidates:
            hint = move_phrase("did_you_mean", self.speaks, candidates=self._either(candidates))
        word = self.words[at]
        text = move_phrase("unknown", self.speaks, word=quoted(word), hint=hint)
        return MoveTextError(text, word=word, candidates=candidates)

    def finish(self, at: int) -> None:
        """Refuse any word left from ``at``."""
        if at < len(self.words):
            read = " ".join(self.words[:at])
            text = move_phrase(
                "too_many", self.speaks, word=quoted(self.words[at]), read=quoted(read)
            )
            raise MoveTextError(text, word=self.words[at])

    # -- whole moves ------------------------------------------------------------------------

    def read(self, text: str) -> Command:
        """The command ``text`` names (not checked against the rules)."""
        self.feed(text)
        if not self.words:
            raise MoveTextError(move_phrase("empty", self.speaks, example="'guard ben priest'"))
        plain: dict[str, Command] = {
            "draw": Draw(player=self.player),
            "take_back": TakeBack(player=self.player),
            "deal": Deal(),
            "redeal": Redeal(),
        }
        for key, command in plain.items():
            count = self.keyword(0, key)
            if count:
                self.finish(count)
                return command
        count = self.keyword(0, "keep")
        return self.choice(count) if count else self.play()

    def targets_after(self, card: Card | None, chosen: Sequence[str]) -> list[str]:
        """Whom ``card`` may choose next, after ``chosen``, as the legal plays say."""
        depth = len(chosen)
        return [
            play.targets[depth]
            for play in self.plays
            if play.card is card
            and play.targets[:depth] == tuple(chosen)
            and len(play.targets) > depth
        ]

    def play(self) -> Play:
        card = self.card(0, self.hand)
        if card is None or isinstance(card, int):
            raise self.unknown(0, keywords=True)
        kind = card if isinstance(card, Card) else card_named(card)
        most = _most_targets(kind)
        at, targets = 1, list[str]()
        while len(targets) < most and at < len(self.words):
            found = self.player_at(at, self.targets_after(kind, targets))
            if found is None:
                break
            targets.append(found[0])
            at += found[1]
        guess = None
        if at < len(self.words):
            guess = self.card(at, self.edition.guesses)
            if guess is None and len(targets) >= most and self._names_player(at):
                self.finish(at)  # a player more than the card chooses
            if guess is None:
                raise self.unknown(at, players=len(targets) < most)
            at += 1
        self.finish(at)
        target = targets[0] if targets else None
        return Play(player=self.player, card=card, target=target, also=targets[1:], guess=guess)

    def choice(self, at: int) -> Choose:
        if at >= len(self.words):
            raise MoveTextError(move_phrase("keep_what", self.speaks, word=quoted(self.words[0])))
        keep = self._choice_card(at, self.hand)
        rest = list(self.hand)
        _take(rest, keep)
        at += 1
        at += self.keyword(at, "return") if at < len(self.words) else 0
        returned: list[Card | str] = []
        held = True  # whether every card named was in hand
        for index in range(at, len(self.words)):
            card = self._choice_card(index, rest)
            returned.append(card)
            held = _take(rest, card) and held
        if held and len(set(rest)) <= 1:  # one order left for the cards not named
            returned += rest
        return Choose(player=self.player, keep=keep, returned=returned)

    def _choice_card(self, at: int, options: Sequence[Card]) -> Card | str:
        card = self.card(at, options)
        if card is None or isinstance(card, int):
            raise self.unknown(at)
        return card

    # -- writing ----------------------------------------------------------------------------

    def shortest_card(self, card: Card | int, options: Iterable[Card], language: str) -> str:
        """The shortest start of ``card``'s name that names it here, among ``options``."""
        name = card_name(card, language).lower()
        if not isinstance(card, Card):
            return name
        options = list(options)
        for end in range(1, len(name)):
            self.feed(name[:end])
            try:
                if self.card(0, options) is card:
                    return name[:end]
            except MoveTextError:
                continue
        return name

    def shortest_player(self, player: str, options: Sequence[str]) -> str:
        """The shortest start of ``player``'s name that names them here, among ``options``."""
        name = " ".join(player.split()).lower()
        for end in range(1, len(name)):
            start = name[:end].rstrip()
            self.feed(start)
            try:
                if self.player_at(0, options) == (player, len(self.words)):
                    return start
            except MoveTextError:
                continue
        return name

    def shortest(self, command: Command, language: str) -> list[str]:
        """The words of ``command``, each cut as short as it reads back here."""
        if isinstance(command, Play):
            return self._shortest_play(command, language)
        if isinstance(command, Choose):
            return self._shortest_choice(command, language)
        return _keyword_words(command, language)

    def _shortest_play(self, play: Play, language: str) -> list[str]:
        words = [self.shortest_card(play.card, self.hand, language)]
        for depth, target in enumerate(play.targets):
            options = self.targets_after(play.card, play.targets[:depth])
            words.append(self.shortest_player(target, options))
        if play.guess is not None:
            words.append(self.shortest_card(play.guess, self.edition.guesses, language))
        return words

    def _shortest_choice(self, choice: Choose, language: str) -> list[str]:
        words = [min(move_words("keep", language), key=len)]
        words.append(self.shortest_card(choice.keep, self.hand, language))
        rest = list(self.hand)
        _take(rest, choice.keep)
        for index, card in enumerate(choice.returned):
            if len(set(rest)) <= 1 and Counter(rest) == Counter(choice.returned[index:]):
                break  # the rest go back in the one order left
            words.append(self.shortest_card(card, rest, language))
            _take(rest, card)
        return words


def _take(cards: list[Card], card: Card | str) -> bool:
    """Take ``card`` out of ``cards``, if it is there; whether it was."""
    kind = card if isinstance(card, Card) else card_named(card)
    if kind not in cards:
        return False
    cards.remove(kind)
    return True


def _most_targets(card: Card | None) -> int:
    """How many players' names may follow ``card``: two for a card that chooses two."""
    rule = RULES.get(card) if card is not None else None
    return 2 if rule is not None and rule.targeting is Targeting.TWO_OTHERS else 1


def _keyword_words(command: Command, language: str) -> list[str]:
    """A draw, a take-back, a deal or a redeal, in its shortest word in ``language``."""
    if isinstance(command, (Deal, Redeal)) and (
        command.layout is not None or getattr(command, "first", None) is not None
    ):
        raise MoveTextError(
            move_phrase("unwritable", language, command=describe(command, language))
        )
    key = {Draw: "draw", TakeBack: "take_back", Deal: "deal", Redeal: "redeal"}[type(command)]
    return [min(move_words(key, language), key=len)]


def _check_text(text: object, player: object) -> str:
    if not isinstance(player, str):
        raise InvalidCommandError(f"must be a player's name, not {quoted(player)}", where="player")
    if not isinstance(text, str):
        raise InvalidCommandError(f"a move is text, not {quoted(text)}")
    return text


def parse_move(game: Game, player: str, text: str, *, language: str | None = None) -> Command:
    """The command ``player`` types as ``text`` in ``game``, if the referee accepts it now.

    A move is a few words, in any letter case, accents or not:

    * a card, then the player(s) it chooses, then the card it names: ``guard ben priest``,
      ``prince me`` (``moi`` in French), ``handmaid``;
    * ``keep``, the card kept, then (``return``, optional) the cards returned in order,
      the first going under the pile first: ``keep king return spy guard``; cards left
      out at the end go back in the one order left, if there is only one;
    * ``draw``; ``undo`` or ``take back``; ``deal`` or ``next round``; ``redeal``.

    A card is its English or French name, the start of a name only one card of the
    edition has (or only one of those that may be meant there: the hand, the cards a
    Guard may name), its value in the edition, or (at a 2019 table) its playing-card
    label. A player is their name, or its start (as for a card, among those that may be
    chosen), and ``me`` the player typing. ``language`` says whose words and starts of
    names are read: ``"en"``, ``"fr"``, or ``None`` for either; a whole card name is read
    in either language. Messages are in ``language``, or the table's when it is ``None``.
    These are the terminal game's rules.

    Returns the command, which the referee accepts now. Raises
    :class:`~loveletter.errors.MoveTextError` where a word names nothing there (the
    closest words are suggested), or several things (they are named), or more words follow
    a whole move; :class:`~loveletter.refusals.IllegalCommandError`, the referee's refusal as
    :meth:`~loveletter.referee.Game.verify` raises it, where the words make a command the
    rules forbid now; :class:`~loveletter.errors.InvalidCommandError` where ``text`` is no
    text, or longer than :data:`MAX_TEXT` characters.

    >>> from loveletter import Game
    >>> game = Game.new(["Anna", "Ben", "Carla"], seed=15, first="Anna")
    >>> game.state.hand("Anna")
    (Card.GUARD, Card.PRINCE)
    >>> parse_move(game, "Anna", "guard ben priest")
    Play(player='Anna', card=Card.GUARD, target='Ben', guess=Card.PRIEST)
    >>> parse_move(game, "Anna", "g ben 2") == parse_move(game, "Anna", "Garde Ben prêtre")
    True
    >>> parse_move(game, "Anna", "pri me")
    Play(player='Anna', card=Card.PRINCE, target='Anna', guess=None)
    >>> parse_move(game, "Anna", "guard ben p")
    Traceback (most recent call last):
    ...
    loveletter.errors.MoveTextError: 'p' may be Priest, Prince or Princess: type more of it
    >>> parse_move(game, "Anna", "guard ben preist")
    Traceback (most recent call last):
    ...
    loveletter.errors.MoveTextError: 'preist' names nothing here; did you mean Priest?
    >>> hands = {"Anna": "Chancellor", "Ben": "Guard"}
    >>> chancellor = Game.arranged(hands, pile=["Spy", "King", "Guard"])
    >>> chancellor.apply(Play(player="Anna", card="Chancellor"))[0].card
    Card.CHANCELLOR
    >>> parse_move(chancellor, "Anna", "keep king return spy guard")
    Choose(player='Anna', keep=Card.KING, returned=(Card.SPY, Card.GUARD))
    >>> parse_move(chancellor, "Anna", "garder roi espionne")  # the Guard goes last
    Choose(player='Anna', keep=Card.KING, returned=(Card.SPY, Card.GUARD))
    >>> from loveletter import IllegalCommandError
    >>> try:
    ...     parse_move(game, "Anna", "guard ben guard")
    ... except IllegalCommandError as refused:
    ...     print(refused.reason, refused.ruling)
    Reason.GUESS_GUARD LL19-GUARD-NOT-GUARD

    """
    _check_language(language)
    text = _check_text(text, player)
    if len(text) > MAX_TEXT:
        speaks = language or game.state.table.language
        raise InvalidCommandError(move_phrase("too_long", speaks, most=MAX_TEXT, count=len(text)))
    command = _Reader(game, player, language).read(text)
    game.verify(command)
    return command


def _whole_words(command: Command, language: str) -> list[str]:
    """``command`` in whole words: the cards' and the players' names."""
    if isinstance(command, Play):
        words = [card_name(command.card, language).lower(), *command.targets]
        if command.guess is not None:
            words.append(card_name(command.guess, language).lower())
        return words
    if isinstance(command, Choose):
        keep = card_name(command.keep, language).lower()
        words = [move_words("keep", language)[0], keep, move_words("return", language)[0]]
        return words + [card_name(card, language).lower() for card in command.returned]
    return _keyword_words(command, language)


def notation(command: Command, *, language: str = "en", game: Game | None = None) -> str:
    """``command`` as words that :func:`parse_move` reads back, in ``language``.

    Without a ``game``, the words are whole: the cards' names in ``language`` and the
    players' names (``guard Ben priest``, ``keep king return spy guard``), read back in
    any position. With ``game``, each word is the shortest start of its name that
    :func:`parse_move` reads back as that card or player in the game's position, for the
    command's player (the start of a card's name, never its value; ``return`` left out;
    the cards returned last left out where one order is left for them): the shortest
    text, word by word, that reads back to the same command there. Where the words so cut
    read back as another command (a name of two words whose start runs into the next
    word: ``al c``, meant as Al then a card, reads as Al Capone), the whole words are
    written instead. The words of a draw,
    a take-back, a deal and a redeal are ``draw``, ``undo``, ``deal`` and ``redeal``
    (``pioche``, ``annuler``, ``distribuer``, ``redistribuer``).

    Raises :class:`~loveletter.errors.MoveTextError` where no text reads back as
    ``command``: a deal or redeal that gives its own cards or starter, or, in ``game``, a
    player whose name differs from another's only in letter case or accents.

    >>> from loveletter import Game
    >>> game = Game.new(["Anna", "Ben", "Carla"], seed=15, first="Anna")
    >>> guess = Play(player="Anna", card="Guard", target="Ben", guess="Priest")
    >>> notation(guess), notation(guess, game=game), notation(guess, language="fr", game=game)
    ('guard Ben priest', 'g b prie', 'g b prê')
    >>> notation(Choose(player="Ben", keep="King", returned=["Spy", "Guard"]))
    'keep king return spy guard'

    """
    _check_language(language)
    if game is None:
        return " ".join(_whole_words(command, language))
    player = getattr(command, "player", None) or game.state.players[0]
    reader = _Reader(game, player, language)
    for text in (
        " ".join(reader.shortest(command, language)),
        notation(command, language=language),
    ):
        try:
            if reader.read(text) == command:
                return text
        except MoveTextError:
            continue
    raise MoveTextError(move_phrase("unwritable", language, command=describe(command, language)))
