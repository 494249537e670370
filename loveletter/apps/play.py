"""A game of Love Letter in the terminal, against bots.

Plain input and output only (no terminal tricks), so a game can be scripted: every prompt
is a line, and every answer is a line. Cards are named by name (any letter case, or the
start of a name that only one card of the edition, or of the hand, starts with: ``pries``
is the Priest, and so is ``pri`` in a hand of Priest and Spy), playing-card label or
value; players by name or its start. ``help`` (or ``?``) lists what may be typed, and
``help baron`` (``? 3``) prints a card's rule and the catalogue's rulings about it
(:mod:`loveletter.catalogue`). A choice the rules refuse is explained with the referee's
own message (its reason code and ruling id too with ``verbose``), and asked again; an
answer that names nothing gets the list of what may be chosen there, and no more. Where
only one answer may be given (one player to choose, one card to play), Enter gives it.

What the table says of hidden cards (what you know of a hand, what everyone knows, the
cards you put under the pile) is read from your view (:func:`~loveletter.views.view_for`)
and true of the table at the moment it is said. At a keyboard, Ctrl-D leaves the table at
any question, as ``quit`` does.

Lines are wrapped to ``width`` columns when one is given (the command line gives the
terminal's width), indented so that a wrapped line reads as one.
"""

from __future__ import annotations

import difflib
import os
import re
import secrets
import sys
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TypeVar

from loveletter.apps.words import terminal
from loveletter.bots import Bot, make_bot
from loveletter.bots.knowledge import knowledge
from loveletter.bots.registry import parse_bot
from loveletter.cardrule import Intent, rule_of
from loveletter.cards import Card, card_by_label
from loveletter.catalogue import RULINGS, Ruling
from loveletter.commands import Choose, Command, Deal, Draw, Play, TakeBack
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import MoveTextError, Reason
from loveletter.events import Event, GameEnded, RoundStarted
from loveletter.layout import Layout
from loveletter.moves import parse_move
from loveletter.narration import Narrator
from loveletter.referee import Game
from loveletter.refusals import IllegalCommandError, Refusal
from loveletter.serialization import log_to_json
from loveletter.setup import seat_names
from loveletter.state import Phase, State
from loveletter.views import View, redact, view_for
from loveletter.words import card_name, edition_title, fold, of, that, the

__all__ = ["SHORT_SEEDS", "NoPlayerError", "QuitGameError", "TerminalGame", "card_help", "wrap"]

_TARGETING = frozenset(
    {
        Reason.UNKNOWN_PLAYER,
        Reason.TARGET_SELF,
        Reason.TARGET_OUT,
        Reason.TARGET_PROTECTED,
        Reason.TARGET_NOT_ALLOWED,
    }
)


_YES = frozenset({"y", "yes", "o", "oui"})
"""What confirms, in either language; nothing else does."""
_NO = frozenset({"n", "no", "non"})
"""What declines, in either language."""
_QUIT = frozenset({"quit", "exit", "q", "quitter", "sortir"})
_UNDO = frozenset({"undo", "u", "annuler", "reprendre"})
"""What leaves the table, in either language."""
_HELP = frozenset({"help", "aide"})
"""What asks for help, in either language (``?`` too)."""


T = TypeVar("T")

NEAR = 0.75
"""How alike (:class:`difflib.SequenceMatcher`'s ratio) a typed word and a name must be for
the name to be offered as what was meant: ``chancelor`` and ``Chancellor`` are 0.95 alike."""

_SCENARIO_SENTENCE = re.compile(r"[^.]*\bscenarios?\b[^.]*\.")
"""A sentence of a ruling about the scenario format (``In a scenario, return: [a, b] ...``)."""
_REASON_CODE = re.compile(r"\s*\(`[A-Z_]+`\)")
"""A reason code in brackets, as the catalogue cites them: `` (`UNKNOWN_CARD`)``."""


def _near(typed: str, names: Mapping[str, T]) -> T | None:
    """What ``typed`` most likely meant among ``names`` (folded names): a near miss, or ``None``.

    >>> _near("chancelor", {"chancellor": "Chancellor", "prince": "Prince"})
    'Chancellor'
    >>> _near("xyz", {"chancellor": "Chancellor"}) is None
    True
    """
    found = difflib.get_close_matches(fold(typed), list(names), n=1, cutoff=NEAR)
    return names[found[0]] if found else None


def _for_players(statement: str) -> str:
    """A ruling's statement as a player reads it: no Markdown, no scenario format, no codes.

    The catalogue writes for players and for the scenario format's authors alike; at the
    table, the sentences about scenario files and the reason codes in brackets go.

    >>> _for_players("Choose the order. In a scenario, `return: [a, b]` puts `a` under first.")
    'Choose the order.'
    >>> _for_players("Naming them is refused (`UNKNOWN_CARD`).")
    'Naming them is refused.'
    """
    text = _REASON_CODE.sub("", statement)
    text = _SCENARIO_SENTENCE.sub("", text)
    return " ".join(text.replace("`", "").replace("**", "").split())


SHORT_SEEDS = 1_000_000
"""A game dealt without a seed gets one below this: six digits at most, short enough to type
back after ``--seed``."""

_COLUMNS = re.compile(r"^( +\S+(?: \S+)*? {2,})(?=\S)")
"""A line in two columns (``  help CARD      the card's rule``): its first column."""


def wrap(line: str, width: int | None) -> list[str]:
    """``line`` cut into lines of at most ``width`` characters (``None``: not cut).

    A wrapped line goes on under its own text: two spaces further in than the line, or
    under the second column of a line in two columns. Words are never cut.

    >>> wrap("  You know that Anna holds the Baron, and that Ben holds the Guard.", 40)
    ['  You know that Anna holds the Baron,', '    and that Ben holds the Guard.']
    >>> wrap("  help CARD      the card's rule and the rulings about it", 40)
    ["  help CARD      the card's rule and the", '                 rulings about it']
    """
    if width is None or len(line) <= width:
        return [line]
    columns = _COLUMNS.match(line)
    lead = len(line) - len(line.lstrip(" "))
    hang = len(columns.group(1)) if columns else lead + 2
    if hang > width // 2:
        hang = lead + 2
    return textwrap.wrap(
        line[lead:],
        width=width,
        initial_indent=" " * lead,
        subsequent_indent=" " * hang,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [line]


def _stdin_is_a_terminal() -> bool:
    """Whether standard input is a terminal: a person types the answers."""
    try:
        return sys.stdin is not None and sys.stdin.isatty()
    except (OSError, ValueError):  # closed
        return False


class QuitGameError(Exception):
    """The player left (end of input, or ``quit``)."""


class NoPlayerError(QuitGameError):
    """The input ended before the first answer: nobody is at the keyboard."""


def _rulings_of(ed: Edition, card: Card) -> list[Ruling]:
    """The catalogue's rulings about ``card``, as ``ed`` files them (``LL19-BARON-*``...).

    An edition that files some 2019 rulings under ids of its own (the classic ``LLC-*``)
    also gets its own rulings about the card.
    """
    own = {filed.split("-", 1)[0] for _, filed in ed.rulings}
    found: dict[str, Ruling] = {}
    for ruling in RULINGS.values():
        prefix, _, rest = ruling.id.partition("-")
        if rest.split("-", 1)[0] != card.name or prefix not in {"LL19", *own}:
            continue
        filed = RULINGS.get(ed.ruling(ruling.id), ruling) if prefix == "LL19" else ruling
        found.setdefault(filed.id, filed)
    return list(found.values())


def card_help(ed: Edition, card: Card, language: str = "en") -> list[str]:
    """The lines of ``help CARD``: the card's effect, then the catalogue's rulings about it.

    The rulings are the catalogue's (:mod:`loveletter.catalogue`), in English: the
    catalogue has no French statements.

    >>> from loveletter.editions import edition
    >>> for line in card_help(edition("2019"), Card.BARON):
    ...     print(line)  # doctest: +ELLIPSIS
    Baron (3, x2): choose another player and compare hands with them in secret; ...
      The rulings:
        LL19-BARON-COMPARE: Choose another player and compare your remaining card ...
        LL19-BARON-TIE: Equal values: nobody is knocked out.
        LL19-BARON-VISIBILITY: The two players see each other's card; ...
    """
    key = f"effect_{card.name.lower()}"
    try:
        effect = terminal(key, language)
    except KeyError:
        effect = terminal("effect_other", language)
    count = sum(spec.count for spec in ed.specs if spec.card is card)
    name = card_name(card, language)
    lines = [
        terminal("card_rule", language, card=name, value=ed.value[card], count=count, effect=effect)
    ]
    rulings = _rulings_of(ed, card)
    if rulings:
        lines.append(terminal("rulings_in_english", language))
    for ruling in rulings:
        statement = _for_players(ruling.statement)
        lines.append(terminal("ruling_line", language, id=ruling.id, statement=statement))
    return lines


class TerminalGame:
    """One game between a person at the terminal and bots."""

    def __init__(
        self,
        *,
        players: int = 2,
        edition: str = "2019",
        seed: int | None = None,
        bots: Sequence[str] = ("heuristic",),
        name: str | None = None,
        ask: Callable[[str], str] = input,
        say: Callable[[str], None] = print,
        echo: bool | None = None,
        language: str = "en",
        target: int | str | None = None,
        remedy: bool = False,
        open_hands: bool = False,
        bots_see_all: bool = False,
        verbose: bool = False,
        log: str | os.PathLike[str] | None = None,
        width: int | None = None,
        deal: Layout | None = None,
        keyboard: bool | None = None,
    ) -> None:
        """Seat the player and ``players - 1`` bots; ``ask`` and ``say`` talk to the player.

        ``seed`` deals the game (by default a fresh one below :data:`SHORT_SEEDS`, said at
        the start). ``echo`` repeats each answer after its prompt, so a scripted game's
        transcript reads like a played one; by default it is on when standard input is
        not a terminal. ``language`` is ``"en"`` or ``"fr"``: the prompts, the narration
        and the referee's messages; the player is called ``You`` (``Joueur`` in French)
        unless named. ``target`` is a house token target (a number, or ``"printed"`` in
        classic); ``remedy`` agrees to the house remedy: after each of the player's moves
        that the referee would let them take back, the game waits before anyone else
        draws or acts, so that ``undo`` can take it back. ``open_hands`` plays with every
        hand face up, for practice: the player sees every hand, and the bots still play
        from their ordinary views (what they would know at a table of hidden hands)
        unless ``bots_see_all``. ``verbose`` shows each refusal's reason code and ruling
        id after its message. ``log`` is a file that :meth:`run` writes the game's log to
        (:func:`~loveletter.serialization.log_to_json`, for ``loveletter replay``) when
        the game ends, the player leaves or Ctrl-C stops it; :attr:`stopped` says which
        of the last two. ``width`` wraps every line to that many columns
        (:func:`wrap`); ``None`` leaves lines whole. ``deal`` lays out the first round's
        cards instead of shuffling them (:class:`~loveletter.layout.Layout`, for lessons
        and tests). ``keyboard`` says whether a person types the answers: then the end of
        the input (Ctrl-D) leaves the table at any question, the first one included; by
        default it is on when standard input is a terminal.

        Raises :class:`ValueError` on a setting the game cannot be played with.
        """
        self.language = language
        name = name or ("Joueur" if language == "fr" else "You")
        ed = edition_named(edition)
        if not ed.min_players <= players <= ed.max_players:
            raise ValueError(
                f"the {ed.name} edition is for {ed.min_players} to {ed.max_players} players"
            )
        if bots_see_all and not open_hands:
            raise ValueError("the bots see every hand only in a game of open hands")
        self.me = name
        others = [n for n in seat_names(players) if n != name][: players - 1]
        self.names = [name, *others]
        self.game = Game.new(
            self.names,
            edition=ed,
            seed=secrets.randbelow(SHORT_SEEDS) if seed is None else seed,
            language=language,
            target=target,
            remedy=remedy,
            open_hands=open_hands,
            auto_draw=not remedy,  # draws wait for the window after the player's move
            deal=deal,
        )
        self.bots: dict[str, Bot] = {}
        self.kinds: dict[str, str] = {}
        """The kind of each bot, by its player (``heuristic``), as the table introduces it."""
        for index, other in enumerate(others):
            spec = bots[index % len(bots)]
            bot = make_bot(spec, seed=self.game.state.table.seed + index + 1)
            bot.join(other)
            self.bots[other] = bot
            self.kinds[other] = parse_bot(spec).name
        self.bots_see_all = bots_see_all
        self.ask = ask
        self._say = say
        self.width = width
        typing = ask is input and _stdin_is_a_terminal()
        self.echo = (ask is input and not typing) if echo is None else echo
        self.keyboard = typing if keyboard is None else keyboard
        self.narrator = Narrator(you=name, language=language)
        self.verbose = verbose
        self.log = None if log is None else Path(log)
        self.stopped: str | None = None
        """Why the game stopped before its end: ``"left"``, ``"interrupted"`` or ``None``."""
        self._answered = False
        self._ended: GameEnded | None = None

    def _tokens(self, state: State) -> str:
        held = ", ".join(f"{player} {state.tokens_of(player)}" for player in self.names)
        return self.t("tokens", tokens=held)

    def t(self, key: str, **fields: object) -> str:
        """The phrase ``key`` in the game's language (:func:`loveletter.apps.words.terminal`)."""
        return terminal(key, self.language, **fields)

    def names_of(self, cards: Iterable[Card]) -> str:
        """Cards' names in the game's language, comma-separated."""
        return ", ".join(card_name(card, self.language) for card in cards)

    def either_cards(self, cards: Iterable[Card]) -> str:
        """``Guard``, ``Guard or King``, ``Spy, Guard or King``: cards' names, as :meth:`either`."""
        return self.either([card_name(card, self.language) for card in cards])

    def either(self, names: Sequence[str]) -> str:
        """``Anna``, ``Anna or Ben``, ``Anna, Ben or Carla`` (``ou`` in French)."""
        if len(names) <= 1:
            return "".join(names)
        return ", ".join(names[:-1]) + self.t("or") + names[-1]

    # -- talking ----------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Tell the player ``text``, wrapped to the game's width."""
        for line in wrap(text, self.width):
            self._say(line)

    def _ask_line(self, prompt: str) -> str:
        """The line typed after ``prompt``.

        A prompt wider than the game is wrapped, and only its last line is left for the
        answer.
        """
        lines = wrap(prompt.rstrip(), self.width)
        for line in lines[:-1]:
            self._say(line)
        return self.ask(lines[-1] + prompt[len(prompt.rstrip()) :])

    def _input(self, prompt: str, lone: str | None = None) -> str:
        """The answer to ``prompt``; ``help`` is answered here and the question asked again.

        ``lone`` is the one answer there is: Enter alone gives it.
        """
        while True:
            try:
                answer = self._ask_line(prompt).strip()
            except EOFError:  # Ctrl-D, or the end of piped answers
                nobody = not (self._answered or self.keyboard)
                raise (NoPlayerError if nobody else QuitGameError) from None
            self._answered = True
            if self.echo:
                self.say(answer)
            if not answer and lone is not None:
                return lone
            if fold(answer) in _QUIT:
                raise QuitGameError
            if not self._helped(answer):
                return answer

    def _helped(self, answer: str) -> bool:
        """Whether ``answer`` asks for help (``help``, ``? 3``); if so, give it."""
        first, _, rest = answer.partition(" ")
        if answer.startswith("?"):
            rest = answer[1:]
        elif fold(first) not in _HELP:
            return False
        rest = rest.strip()
        if not rest:
            undo = self.t("commands_undo") if self.game.state.table.remedy else ""
            for line in self.t("commands", undo=undo).splitlines():
                self.say(line)
            return True
        ed = self.game.state.edition
        cards = self._cards_for_help(ed, rest)
        if not cards:
            every = sorted(ed.cards, key=ed.value.__getitem__)
            meant = self._near_card(ed, rest, every)
            if meant is None:
                self.say(self.t("no_such_card", text=rest, names=self.names_of(every)))
            else:
                the_card = the(meant, self.language)
                names = self.names_of(every)
                self.say(self.t("no_such_card_near", text=rest, the_card=the_card, names=names))
        for card in cards:
            for line in card_help(ed, card, self.language):
                self.say(line)
        return True

    def _cards_for_help(self, ed: Edition, text: str) -> list[Card]:
        """The cards ``text`` names: by value (every kind of that value), name or its start."""
        if text.isdecimal() and text.isascii():
            return sorted((c for c in ed.cards if ed.value[c] == int(text)), key=card_name)
        card = ed.parse_card(text)
        return [card] if card is not None else self._starting(ed, text)

    def _starting(self, ed: Edition, text: str) -> list[Card]:
        """The edition's cards whose name in the game's language starts with ``text``."""
        typed = fold(text)
        if not typed:
            return []
        found = [c for c in ed.cards if fold(card_name(c, self.language)).startswith(typed)]
        return sorted(found, key=ed.value.__getitem__)

    def _tell(self, events: Sequence[Event]) -> None:
        for event in events:
            for name, bot in self.bots.items():
                bot.observe(redact(event, name))
            mine = redact(event, self.me)
            if isinstance(mine, GameEnded):  # said once, after the tokens (run)
                self._ended = mine
                continue
            if isinstance(mine, RoundStarted):
                self.say("")
            self.say(("" if isinstance(mine, RoundStarted) else "  ") + self.narrator.tell(mine))

    def show_table(self, view: View) -> None:
        """Print the table as the player sees it."""
        self.say("")
        face_up = self.t("face_up", cards=self.names_of(view.face_up)) if view.face_up else ""
        self.say(
            self.t("round", number=view.round_number, size=view.draw_pile_size, face_up=face_up)
        )
        width = max(map(len, self.names))
        digits = len(str(view.target))
        for seat in view.seats:
            marks = [
                self.t(mark)
                for mark, on in (("out", seat.out), ("protected", seat.protected))
                if on
            ]
            flags = f"  [{', '.join(marks)}]" if marks else ""
            if seat.hand is not None and seat.player != self.me:  # an open-hands table
                flags += self.t("open_hand", cards=self.names_of(seat.hand) or "-")
            self.say(
                self.t(
                    "seat",
                    player=seat.player.ljust(width),
                    tokens=str(seat.tokens).rjust(digits),
                    target=view.target,
                    discards=self.names_of(seat.discards) or "-",
                    flags=flags,
                )
            )
        self.show_knowledge(view)
        self.say(self.t("hand", cards=self.names_of(view.hand)))

    def show_knowledge(self, view: View) -> None:
        """Print what the player knows of the other hands (:mod:`loveletter.bots.knowledge`)."""
        known = knowledge(view)
        for owner, cards in known.holds.items():
            for card in cards if view.seat(owner).hand is None else ():
                the_card = the(card, self.language)
                self.say(self.t("known", that_owner=that(owner, self.language), the_card=the_card))
        value = edition_named(view.edition).value
        for owner, ruled in known.not_holding.items():
            if view.seat(owner).hand is None and ruled:
                named = [the(card, self.language) for card in sorted(ruled, key=value.__getitem__)]
                self.say(self._ruled_out(owner, named))
        for one, other in known.tied:
            if view.seat(one).hand is None or view.seat(other).hand is None:
                self.say(self._tied(view, one, other))
        if known.buried:
            self.say(self._buried(view.draw_pile_size, known.buried, known.buried_under))

    def _tied(self, view: View, one: str, other: str) -> str:
        """That everyone knows the hands of ``one`` and ``other`` to be of the same value.

        The tie is of the cards they held at the comparison (:class:`~loveletter.state.Tied`):
        when one of them is the viewer, who has drawn since, it is of their oldest card, the
        first of their hand (a hand lists its cards in the order they came).
        """
        if view.viewer not in (one, other):
            return self.t("tied", that_one=that(one, self.language), other=other)
        partner = other if one == view.viewer else one
        card = card_name(view.hand[0], self.language)
        return self.t("tied_with_you", of_other=of(partner, self.language), card=card)

    def _buried(self, size: int, cards: Sequence[Card], under: int) -> str:
        """What the player knows of a draw pile of ``size`` cards.

        ``cards`` are those they put under it, in order, with ``under`` cards that others
        put under them since.
        """
        above = size - len(cards) - under
        them = self.t("it" if len(cards) == 1 else "them")
        if above and under:
            place = self.t(
                "buried_middle", above=self._unseen(above), under=self._count(under), them=them
            )
        elif under:
            drawn_next = self.t("drawn_next_one" if len(cards) == 1 else "drawn_next")
            place = self.t(
                "buried_next", drawn_next=drawn_next, under=self._unseen(under), them=them
            )
        elif above:
            place = self.t("buried_bottom", above=self._unseen(above))
        else:
            place = self.t("buried_all")
        listed = self.t("then").join(the(card, self.language) for card in cards)
        return self.t("buried", count=self._count(len(cards)), cards=listed, place=place)

    def _count(self, count: int) -> str:
        """``two cards`` (``deux cartes``): a number of cards, in words up to ten."""
        if 1 <= count <= 10:
            return self.t(f"cards_{count}")
        return self.t("cards_n", count=count)

    def _unseen(self, count: int) -> str:
        """``two cards you have not seen`` (``deux cartes que vous n'avez pas vues``)."""
        if count == 1:
            return self.t("unseen_1")
        return self.t("unseen", cards=self._count(count))

    def _ruled_out(self, owner: str, named: Sequence[str]) -> str:
        """That everyone knows ``owner`` holds none of the cards ``named`` (with articles)."""
        that_owner = that(owner, self.language)
        if len(named) == 1:
            return self.t("ruled_out_one", that_owner=that_owner, card=named[0])
        if len(named) == 2:
            none = self.t("neither_nor", first=named[0], second=named[1])
        else:
            listed = self.t("none_of_separator").join(named[:-1])
            none = self.t("none_of", cards=listed, last=named[-1])
        return self.t("ruled_out", that_owner=that_owner, none=none)

    # -- reading answers ----------------------------------------------------------------

    def _card(
        self,
        ed: Edition,
        text: str,
        options: Sequence[Card],
        among: Iterable[Card] | None = None,
    ) -> Card | None:
        """The card ``text`` names, choosing among ``options``; ``None`` (and why) if none.

        The start of a name will do when one card of the edition starts so, or one of the
        cards ``among`` (the hand; by default ``options``).
        """
        names = self.either_cards(options)
        if not text:
            self.say(self.t("type_one", names=names))
            return None
        card = ed.parse_card(text)
        if card is not None:
            return card
        starts = self._starting(ed, text)
        if len(starts) > 1:
            held = set(options if among is None else among)
            starts = [c for c in starts if c in held] or starts
        if len(starts) == 1:
            return starts[0]
        if starts:
            cards = self.either_cards(starts)
            self.say(self.t("ambiguous_card", text=text, cards=cards, names=names))
            return None
        meant = self._near_card(ed, text, options)
        if meant is not None:
            the_card = the(meant, self.language)
            self.say(self.t("not_a_card_near", text=text, the_card=the_card, names=names))
            return None
        why = ""
        if not ed.labels and card_by_label(text) is not None:
            why = self.t("label_here")
        self.say(self.t("not_a_card", text=text, why=why, names=names))
        return None

    def _near_card(self, ed: Edition, text: str, options: Sequence[Card]) -> Card | None:
        """The card a misspelt ``text`` most likely meant, or ``None``.

        One of ``options`` if one is near enough, or else a card of the edition, by its
        name in either language.
        """
        for cards in (options, ed.cards):
            named = {fold(card_name(c, lang)): c for c in cards for lang in ("en", "fr")}
            meant = _near(text, named)
            if meant is not None:
                return meant
        return None

    def _player(self, text: str, options: Sequence[str]) -> str | None:
        """The player ``text`` names; ``None``, saying which of ``options`` may be, if none.

        Any player at the table may be named (the referee then says why one of them
        cannot be chosen); the start of a name will do when one player's name starts so,
        or one of ``options``'.
        """
        names = self.either(options)
        typed = fold(text)
        if not typed:
            self.say(self.t("type_one", names=names))
            return None
        exact = [n for n in self.names if fold(n) == typed]
        starts = [n for n in self.names if fold(n).startswith(typed)]
        if len(starts) > 1:
            starts = [n for n in starts if n in options] or starts
        if exact or len(starts) == 1:
            return (exact or starts)[0]
        if starts:
            found = self.either(starts)
            self.say(self.t("ambiguous_player", text=text, players=found, names=names))
            return None
        for among in (options, self.names):
            meant = _near(text, {fold(name): name for name in among})
            if meant is not None:
                self.say(self.t("not_a_player_near", text=text, player=meant, names=names))
                return None
        self.say(self.t("not_a_player", text=text, names=names))
        return None

    def _whole_move(self, text: str) -> Command | None:
        """A move typed in one line, as :func:`loveletter.moves.parse_move` reads it.

        ``None``, having said why, if it names no move or the referee refuses it.
        """
        try:
            return parse_move(self.game, self.me, text, language=self.language)
        except MoveTextError as unclear:
            self.say(f"  {unclear}")
        except IllegalCommandError as refused:
            self._say_refusal(refused.refusal)
        return None

    def _refused(self, command: Command, only: frozenset[Reason] | None = None) -> bool:
        """Whether the referee refuses ``command`` (for one of ``only``); say why if so."""
        refusal = self.game.check(command)
        if refusal is None or (only is not None and refusal.reason not in only):
            return False
        self._say_refusal(refusal)
        return True

    def _say_refusal(self, refusal: Refusal) -> None:
        """The referee's message to the player; its code and ruling too when ``verbose``."""
        self.say(
            self.t(
                "refuses" if self.verbose else "refuses_plain",
                message=refusal.to_player,
                reason=refusal.reason.value,
                ruling=refusal.ruling,
            )
        )

    def _question(self, key: str, options: Sequence[str], **fields: object) -> str:
        """The answer to the question ``key`` about ``options``; Enter gives a lone one.

        A lone option is named in the question (``Choose a player (Enter for Anna)``).
        """
        if len(options) == 1:
            lone = options[0]
            return self._input(self.t(f"{key}_one", lone=lone, **fields), lone=lone)
        return self._input(self.t(key, names=", ".join(options), **fields))

    def ask_play(self, view: View) -> Command:
        """Ask for a card, then its targets and a guess as needed, until the referee accepts."""
        ed = edition_named(view.edition)
        plays = [c for c in view.legal if isinstance(c, Play)]
        while True:
            card = self._ask_card(ed, plays, view.hand)
            if isinstance(card, Play):  # the whole move, typed in one line
                return card
            if card is None:
                continue
            targets = self._ask_targets(card, plays)
            if not self._discarding_confirmed(card, targets, view.hand):
                continue
            guess = None
            if rule_of(card).names_a_card and targets:
                guess = self._ask_guess(ed, card, targets)
            command = Play(
                player=self.me,
                card=card,
                target=(targets or (None,))[0],
                also=targets[1:],
                guess=guess,
            )
            if not self._refused(command):
                return command

    def _ask_card(
        self, ed: Edition, plays: Sequence[Play], hand: Sequence[Card]
    ) -> Card | Play | None:
        """The card to play, or the whole play typed in one line (``guard ben priest``).

        ``None`` if not understood, refused or not confirmed.
        """
        cards = list(dict.fromkeys(c.card for c in plays))
        names = [card_name(c, self.language) for c in cards]
        answer = self._question("play_which", names)
        if len(answer.split()) > 1:
            whole = self._whole_move(answer)
            return whole if isinstance(whole, Play) else None
        card = self._card(ed, answer, cards, among=hand)
        if card is None:
            return None
        if card not in hand:
            the_card = the(card, self.language)
            self.say(self.t("not_in_hand", the_card=the_card, names=self.either(names)))
            return None
        if card not in cards:
            self._refused(Play(player=self.me, card=card))  # the Countess must go
            return None
        losing = rule_of(card).intent is Intent.LOSE  # playing it knocks its player out
        if losing and not self._confirmed(card, self.t("sure", the_card=the(card, self.language))):
            return None
        return card

    def _discarding_confirmed(
        self, card: Card, targets: tuple[str, ...], hand: Sequence[Card]
    ) -> bool:
        """Whether the play goes on, asking first if it knocks the player out.

        That is ``card`` (a Prince) on the player themself, whose other card knocks them
        out when discarded (the Princess): known from their own hand alone.
        """
        if targets != (self.me,) or rule_of(card).intent is not Intent.REPLACE:
            return True
        rest = list(hand)
        rest.remove(card)
        losing = [other for other in rest if rule_of(other).intent is Intent.LOSE]
        if not losing:
            return True
        the_card, the_other = the(card, self.language), the(losing[0], self.language)
        question = self.t("sure_discard", the_card=the_card, the_other=the_other)
        return self._confirmed(card, question)

    def _confirmed(self, card: Card, question: str) -> bool:
        """Whether the player, asked ``question``, confirms a play of ``card`` that loses.

        Only a yes confirms (``y``, ``yes``, ``o``, ``oui``) and only a no declines
        (``n``, ``no``, ``non``); anything else is explained and asked again.
        """
        the_card = the(card, self.language)
        while True:
            answer = self._input(question)
            if fold(answer) in _YES:
                return True
            if fold(answer) in _NO:
                return False
            key = "yes_or_no" if answer else "yes_or_no_empty"
            self.say(self.t(key, text=answer, the_card=the_card))

    def _ask_targets(self, card: Card, plays: Sequence[Play]) -> tuple[str, ...]:
        """The players ``card`` chooses, one at a time, among those it may choose."""
        options = [c.targets for c in plays if c.card is card]
        chosen: tuple[str, ...] = ()
        while len(chosen) < max(map(len, options), default=0):
            names = list(
                dict.fromkeys(
                    t[len(chosen)]
                    for t in options
                    if t[: len(chosen)] == chosen and len(t) > len(chosen)
                )
            )
            target = self._player(self._question("choose_player", names), names)
            trial = chosen if target is None else (*chosen, target)
            if target is not None and not self._refused(
                Play(player=self.me, card=card, target=trial[0], also=trial[1:]), _TARGETING
            ):
                chosen = trial
        return chosen

    def _ask_guess(self, ed: Edition, card: Card, targets: tuple[str, ...]) -> Card:
        """The card ``card`` names, among those it may name."""
        while True:
            options = ed.guesses
            guess = self._card(
                ed, self._input(self.t("name_card", cards=self.names_of(options))), options
            )
            if guess is not None and not self._refused(
                Play(player=self.me, card=card, target=targets[0], also=targets[1:], guess=guess)
            ):
                return guess

    def ask_choice(self, view: View) -> Command:
        """Ask which card the Chancellor keeps and in what order the others go back."""
        ed = edition_named(view.edition)
        hand = list(view.hand)
        while True:
            self.say(self.t("chancellor", cards=self.names_of(hand)))
            kinds = list(dict.fromkeys(hand))
            answer = self._question("keep", [card_name(c, self.language) for c in kinds])
            if len(answer.split()) > 1:  # the whole choice: keep king return spy guard
                keyword = "garder" if self.language == "fr" else "keep"
                said = (
                    answer if fold(answer).startswith(("keep", "garder")) else f"{keyword} {answer}"
                )
                whole = self._whole_move(said)
                if isinstance(whole, Choose):
                    return whole
                continue
            keep = self._card(ed, answer, kinds)
            if keep is None:
                continue
            if keep not in kinds:
                the_card = the(keep, self.language)
                self.say(self.t("not_in_hand", the_card=the_card, names=self.either_cards(kinds)))
                continue
            rest = list(hand)
            rest.remove(keep)
            order = rest
            if len(rest) == 2 and rest[0] is not rest[1]:
                question = self.t("first_under", cards=self.names_of(rest))
                first = self._card(ed, self._input(question), rest)
                if first is None:
                    continue
                if first not in rest:
                    the_card = the(first, self.language)
                    self.say(
                        self.t("not_returned", the_card=the_card, names=self.either_cards(rest))
                    )
                    continue
                order = [first, rest[1] if first is rest[0] else rest[0]]
            command = Choose(player=self.me, keep=keep, returned=tuple(order))
            if not self._refused(command):
                return command

    def _window(self) -> None:
        """After the player's move: go on (Enter), or take it back (``undo``).

        Asked only when the referee would let them take it back: where someone has
        learned from it, nothing is asked.
        """
        undo = TakeBack(player=self.me)
        if self.game.check(undo) is not None:
            return
        while True:
            answer = self._input(self.t("window"))
            if not answer:
                return
            if fold(answer) in _UNDO:
                self._tell(self.game.apply(undo))
                return
            self.say(self.t("window_again", text=answer))

    # -- the game --------------------------------------------------------------------------

    def save_log(self) -> None:
        """Write the game's log so far to its ``log`` path, if any.

        The log holds the game's setup (its language and whether hands were open among
        its settings), every command, and why it stops if the game did not end
        (``"interrupted"``: Ctrl-C; ``"left"``: the player left), for ``loveletter
        replay``. Raises :class:`OSError` if it cannot be written.
        """
        if self.log is not None:
            text = log_to_json(self.game, stopped=self.stopped)
            self.log.write_text(text + "\n", encoding="utf-8")

    def _introduce(self) -> None:
        """The table, the seed that deals it again, how to get help, the house settings."""
        table = self.game.state.table
        title = edition_title(self.game.state.edition, self.language)
        self.say(self.t("intro", title=title, names=self._seated(), target=table.target))
        self.say(self.t("seed", seed=table.seed))
        self.say(self.t("hint"))
        if table.open_hands:
            self.say(self.t("open_hands"))
            self.say(self.t("bots_see_all" if self.bots_see_all else "bots_see_their_own"))
        if table.remedy:
            self.say(self.t("remedy"))

    def _seated(self) -> str:
        """Who sits at the table: ``You, and Anna (a heuristic bot)``, bots named as bots."""
        bots = []
        for other in self.names[1:]:
            kind = self.kinds[other]
            key = "an_bot" if kind[:1].lower() in tuple("aeiou") else "a_bot"
            bots.append(self.t(key, player=other, kind=kind))
        if len(bots) == 1:
            return self.t("seated_two", you=self.me, other=bots[0])
        return self.t("seated", you=self.me, others=", ".join(bots[:-1]), last=bots[-1])

    def _game_over(self, state: State) -> None:
        """The tokens, then who won: said once."""
        self.say("")
        self.say(self._tokens(state))
        winners = state.game_winners
        if len(winners) > 1 and self._ended is not None:
            self.say(self.narrator.tell(self._ended))
        elif self.me in winners:
            self.say(self.t("you_win"))
        else:
            self.say(self.t("they_win", names=", ".join(winners)))

    def bot_view(self, state: State, player: str) -> View:
        """What the bot of ``player`` plays from: its ordinary view.

        Only its own hand shows, even at a table of open hands; every hand shows with
        ``bots_see_all``.
        """
        return view_for(state, player, open_hands=None if self.bots_see_all else False)

    def _turn(self, state: State) -> None:
        """Whoever is to act acts: the player is asked, a bot chooses, the referee deals."""
        if state.phase is Phase.ROUND_OVER:
            self.say(self._tokens(state))
            self._tell(self.game.apply(Deal()))
            return
        player = self.names[state.to_act]
        if state.phase is Phase.DRAW:  # draws wait for the remedy's window
            self._tell(self.game.apply(Draw(player=player)))
            return
        if player == self.me:
            view = view_for(state, player)
            self.show_table(view)
            choosing = state.phase is Phase.CHOOSE
            command = self.ask_choice(view) if choosing else self.ask_play(view)
        else:
            command = self.bots[player].choose(self.bot_view(state, player))
        self._tell(self.game.apply(command))
        if player == self.me and state.table.remedy and not self.game.over:
            self._window()

    def run(self) -> int:
        """Play to the end (or until the player leaves); return an exit code.

        0 when the game ends or the player leaves (``quit``, or the end of the input after
        an answer); 2, with nothing more said, when the input ends before the first answer
        (:class:`NoPlayerError`: nobody is at the keyboard). The log is written to
        its ``log`` path at the end, whatever the end (Ctrl-C too).
        """
        self._introduce()
        self._tell(self.game.events)
        try:
            while self.game.state.phase is not Phase.GAME_OVER:
                self._turn(self.game.state)
            self._game_over(self.game.state)
            return 0
        except NoPlayerError:
            self.stopped = "left"
            self.say("")  # end the line of the question
            return 2
        except QuitGameError:
            self.stopped = "left"
            self.say("")
            self.say(self.t("goodbye"))
            return 0
        except KeyboardInterrupt:
            self.stopped = "interrupted"
            raise
        finally:
            self.save_log()
