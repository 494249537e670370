"""A game of Love Letter in the terminal, against bots.

Plain input and output only (no terminal tricks), so a game can be scripted: every prompt
is a line, and every answer is a line. Cards are named by name (any letter case, or the
start of a name that only one card of the edition, or of the hand, starts with: ``pries``
is the Priest, and so is ``pri`` in a hand of Priest and Spy), playing-card label or
value; players by name or its start. ``help`` (or ``?``) lists what may be typed, and
``help baron`` (``? 3``) prints a card's rule and the catalogue's rulings about it
(:mod:`loveletter.catalogue`). A choice the rules refuse is explained with the referee's
own message (its reason code and ruling id too with ``verbose``), and asked again.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from loveletter.bots import Bot, make_bot
from loveletter.cardrule import Intent, rule_of
from loveletter.cards import Card, card_by_label
from loveletter.catalogue import RULINGS, Ruling
from loveletter.commands import Choose, Command, Deal, Draw, Play, TakeBack
from loveletter.editions import Edition
from loveletter.editions import edition as edition_named
from loveletter.errors import Reason, Refusal
from loveletter.events import Event, GameEnded, RoundStarted
from loveletter.knowledge import knowledge
from loveletter.narration import Narrator
from loveletter.referee import Game
from loveletter.serialization import to_json
from loveletter.setup import seat_names
from loveletter.state import Phase, State
from loveletter.views import View, redact, view_for
from loveletter.words import card_name, edition_title, fold, terminal, the

__all__ = ["NoPlayerError", "QuitGameError", "TerminalGame", "card_help"]

_TARGETING = frozenset(
    {
        Reason.UNKNOWN_PLAYER,
        Reason.TARGET_SELF,
        Reason.TARGET_OUT,
        Reason.TARGET_PROTECTED,
        Reason.TARGET_NOT_ALLOWED,
    }
)


_YES = ("y", "o")
_QUIT = frozenset({"quit", "exit", "q", "quitter", "sortir"})
_UNDO = frozenset({"undo", "u", "annuler", "reprendre"})
"""What leaves the table, in either language."""
_HELP = frozenset({"help", "aide"})
"""What asks for help, in either language (``?`` too)."""


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
        statement = ruling.statement.replace("`", "").replace("**", "")
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
        verbose: bool = False,
        log: str | os.PathLike[str] | None = None,
    ) -> None:
        """Seat the player and ``players - 1`` bots; ``ask`` and ``say`` talk to the player.

        ``echo`` repeats each answer after its prompt, so a scripted game's transcript
        reads like a played one; by default it is on when standard input is not a terminal.
        ``language`` is ``"en"`` or ``"fr"``: the prompts, the narration and the referee's
        messages; the player is called ``You`` (``Joueur`` in French) unless named.
        ``target`` is a house token target (a number, or ``"printed"`` in classic);
        ``remedy`` agrees to the house remedy: after each of the player's moves the game
        waits before anyone else draws or acts, so that ``undo`` can take it back;
        ``open_hands`` plays with every hand face up, for practice. ``verbose`` shows each
        refusal's reason code and ruling id after its message. ``log`` is a file that
        :meth:`run` writes the game's log to (:func:`~loveletter.serialization.to_json`,
        for ``loveletter replay``) when the game ends or the player leaves.
        """
        self.language = language
        name = name or ("Joueur" if language == "fr" else "You")
        ed = edition_named(edition)
        if not ed.min_players <= players <= ed.max_players:
            raise ValueError(
                f"the {ed.name} edition is for {ed.min_players} to {ed.max_players} players"
            )
        self.me = name
        others = [n for n in seat_names(players) if n != name][: players - 1]
        self.names = [name, *others]
        self.game = Game.new(
            self.names,
            edition=ed,
            seed=seed,
            language=language,
            target=target,
            remedy=remedy,
            open_hands=open_hands,
            auto_draw=not remedy,  # draws wait for the window after the player's move
        )
        self.bots: dict[str, Bot] = {}
        for index, other in enumerate(others):
            bot = make_bot(bots[index % len(bots)], seed=self.game.state.table.seed + index + 1)
            bot.join(other)
            self.bots[other] = bot
        self.ask = ask
        self.say = say
        self.echo = (ask is input and not sys.stdin.isatty()) if echo is None else echo
        self.narrator = Narrator(you=name, language=language)
        self.verbose = verbose
        self.log = None if log is None else Path(log)
        self._answered = False
        self._ended: GameEnded | None = None

    def _tokens(self, state: State) -> str:
        held = ", ".join(f"{player} {state.tokens_of(player)}" for player in self.names)
        return self.t("tokens", tokens=held)

    def t(self, key: str, **fields: object) -> str:
        """The phrase ``key`` in the game's language (:func:`loveletter.words.terminal`)."""
        return terminal(key, self.language, **fields)

    def names_of(self, cards: Iterable[Card]) -> str:
        """Cards' names in the game's language, comma-separated."""
        return ", ".join(card_name(card, self.language) for card in cards)

    # -- talking ----------------------------------------------------------------------

    def _input(self, prompt: str) -> str:
        """The answer to ``prompt``; ``help`` is answered here and the question asked again."""
        while True:
            try:
                answer = self.ask(prompt).strip()
            except EOFError:
                raise (QuitGameError if self._answered else NoPlayerError) from None
            self._answered = True
            if self.echo:
                self.say(answer)
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
            self.say(self.t("no_such_card", text=rest, names=self.names_of(every)))
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
        """Print what the player knows of the other hands (:mod:`loveletter.knowledge`)."""
        known = knowledge(view)
        for owner, cards in known.holds.items():
            for card in cards if view.seat(owner).hand is None else ():
                name, the_card = card_name(card, self.language), the(card, "fr")
                self.say(self.t("known", owner=owner, card=name, the_card=the_card))
        value = edition_named(view.edition).value
        for owner, ruled in known.not_holding.items():
            if ruled:
                listed = self.names_of(sorted(ruled, key=value.__getitem__))
                self.say(self.t("ruled_out", owner=owner, cards=listed))
        for one, other in known.tied:
            self.say(self.t("tied", one=one, other=other))
        if known.buried:
            self.say(self.t("buried", cards=self.names_of(known.buried)))

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
            names = [card_name(c, self.language) for c in starts]
            cards = ", ".join(names[:-1]) + self.t("or") + names[-1]
            self.say(self.t("ambiguous_card", text=text, cards=cards, names=self.names_of(options)))
            return None
        why = ""
        if not ed.labels and card_by_label(text) is not None:
            why = self.t("label_here")
        self.say(self.t("not_a_card", text=text, why=why, names=self.names_of(options)))
        return None

    def _player(self, text: str) -> str | None:
        starts = [n for n in self.names if n.lower().startswith(text.lower())] if text else []
        exact = [n for n in self.names if n.lower() == text.lower()]
        if exact or len(starts) == 1:
            return (exact or starts)[0]
        self.say(self.t("not_a_player", text=text, names=", ".join(self.names)))
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

    def ask_play(self, view: View) -> Command:
        """Ask for a card, then its targets and a guess as needed, until the referee accepts."""
        ed = edition_named(view.edition)
        plays = [c for c in view.legal if isinstance(c, Play)]
        while True:
            card = self._ask_card(ed, plays, view.hand)
            if card is None:
                continue
            targets = self._ask_targets(card, plays)
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

    def _ask_card(self, ed: Edition, plays: Sequence[Play], hand: Sequence[Card]) -> Card | None:
        """The card to play; ``None`` if not understood, refused or not confirmed."""
        cards = list(dict.fromkeys(c.card for c in plays))
        answer = self._input(self.t("play_which", cards=self.names_of(cards)))
        card = self._card(ed, answer, cards, among=hand)
        if card is None:
            return None
        if card not in cards:
            self._refused(Play(player=self.me, card=card))  # not held, or the Countess must go
            return None
        losing = rule_of(card).intent is Intent.LOSE  # playing it knocks its player out
        if losing and not self._input(self.t("sure")).lower().startswith(_YES):
            return None
        return card

    def _ask_targets(self, card: Card, plays: Sequence[Play]) -> tuple[str, ...]:
        """The players ``card`` chooses, one at a time, among those it may choose."""
        options = [c.targets for c in plays if c.card is card]
        chosen: tuple[str, ...] = ()
        while len(chosen) < max(map(len, options), default=0):
            names = dict.fromkeys(
                t[len(chosen)]
                for t in options
                if t[: len(chosen)] == chosen and len(t) > len(chosen)
            )
            target = self._player(self._input(self.t("choose_player", names=", ".join(names))))
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
            keep = self._card(ed, self._input(self.t("keep", cards=self.names_of(hand))), hand)
            if keep is None:
                continue
            rest = list(hand)
            if keep in rest:
                rest.remove(keep)
            order = rest
            if len(rest) == 2 and rest[0] is not rest[1]:
                question = self.t("first_under", cards=self.names_of(rest))
                first = self._card(ed, self._input(question), rest)
                if first is None:
                    continue
                order = [first, rest[1] if first is rest[0] else rest[0]]
            command = Choose(player=self.me, keep=keep, returned=tuple(order))
            if not self._refused(command):
                return command

    def _window(self) -> None:
        """After the player's move: go on, or take it back if the referee allows it."""
        while fold(self._input(self.t("window"))) in _UNDO:
            undo = TakeBack(player=self.me)
            refusal = self.game.check(undo)
            if refusal is None:
                self._tell(self.game.apply(undo))
                return
            self._say_refusal(refusal)

    # -- the game --------------------------------------------------------------------------

    def save_log(self) -> None:
        """Write the game's log so far to its ``log`` path, if any.

        Raises :class:`OSError` if it cannot.
        """
        if self.log is not None:
            self.log.write_text(to_json(self.game) + "\n", encoding="utf-8")

    def _introduce(self) -> None:
        """The table, the seed that deals it again, how to get help, the house settings."""
        table = self.game.state.table
        title = edition_title(self.game.state.edition, self.language)
        self.say(self.t("intro", title=title, names=", ".join(self.names), target=table.target))
        self.say(self.t("seed", seed=table.seed))
        self.say(self.t("hint"))
        if table.open_hands:
            self.say(self.t("open_hands"))
        if table.remedy:
            self.say(self.t("remedy"))

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
        view = view_for(state, player)
        if player == self.me:
            self.show_table(view)
            choosing = state.phase is Phase.CHOOSE
            command = self.ask_choice(view) if choosing else self.ask_play(view)
        else:
            command = self.bots[player].choose(view)
        self._tell(self.game.apply(command))
        if player == self.me and state.table.remedy and not self.game.over:
            self._window()

    def run(self) -> int:
        """Play to the end (or until the player leaves); return an exit code.

        0 when the game ends or the player leaves (``quit``, or the end of the input after
        an answer); 2, with nothing more said, when the input ends before the first answer
        (:class:`NoPlayerError`: nobody is at the keyboard). The log is written to
        its ``log`` path at the end, whatever the end.
        """
        self._introduce()
        self._tell(self.game.events)
        try:
            while self.game.state.phase is not Phase.GAME_OVER:
                self._turn(self.game.state)
            self._game_over(self.game.state)
            return 0
        except NoPlayerError:
            self.say("")  # end the line of the question
            return 2
        except QuitGameError:
            self.say("")
            self.say(self.t("goodbye"))
            return 0
        finally:
            self.save_log()
