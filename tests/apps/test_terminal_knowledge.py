"""What the terminal game says of hidden cards is what the player's view says, and it is true.

At each of the player's turns the table lists what they know: "You know that Anna holds
the Priest", "Everyone knows that Ben does not hold the King", the cards they put under the
pile. Random games (two Chancellors in a row among them) are played through the terminal,
and every such line is read back and checked against the player's view
(:func:`~loveletter.views.view_for`) and against the table itself; every fact of the view
is said, and nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import ClassVar

import pytest
from hypothesis import given, seed
from hypothesis import strategies as st
from testkit.budgets import long_property
from testkit.terminal_players import Chooser, answering

from loveletter import Card, Game, view_for
from loveletter.apps.play import TerminalGame
from loveletter.bots import RandomBot
from loveletter.bots.registry import register_bot, unregister_bot
from loveletter.commands import Choose, Command, Play
from loveletter.editions import edition
from loveletter.layout import Layout
from loveletter.setup import seat_names
from loveletter.state import State, Tied
from loveletter.views import View

ME = "You"

CARD = r"the (\w+)"
"""A card as the lines name it, with its article: ``the Priest``."""

SAID = {
    "known": re.compile(r"You know that (?P<owner>\S+) holds the (?P<card>\w+)\."),
    "ruled_out": re.compile(
        r"Everyone knows that (?P<owner>\S+) (?:does not hold|holds neither|holds none of) "
        r"(?P<cards>.+)\."
    ),
    "tied": re.compile(
        r"Everyone knows that (?P<one>\S+) and (?P<other>\S+) hold cards of the same value\."
    ),
    "tied_with_you": re.compile(
        r"Everyone knows that (?P<other>\S+)'s card and your (?P<card>\w+) are of the same value\."
    ),
    "buried": re.compile(
        r"You know (?P<count>[\w ]+?) cards? of the draw pile: (?P<cards>.+?)"
        r"(?P<place> \(the whole pile\)| \(at the very bottom\), under .*"
        r"| \(the next to be drawn\), with .*|, with .*)\."
    ),
}
"""Every line of what the player knows, by what it tells."""

NUMBERS = {
    word: number
    for number, word in enumerate(
        ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"), 1
    )
}


def number(text: str) -> int:
    """``two cards you have not seen`` -> 2."""
    first = text.split()[0]
    return NUMBERS.get(first) or int(first)


def cards_in(text: str) -> list[Card]:
    """The cards a line names, in its order: ``the Handmaid, then the Priest``."""
    return [Card[name.upper()] for name in re.findall(CARD, text)]


MIDDLE = re.compile(r", with (.+) above (?:it|them) and (.+) under (?:it|them)")


def place(text: str) -> tuple[int, int]:
    """The unseen cards above and under the buried ones, as a line's place says."""
    if text == " (the whole pile)":
        return 0, 0
    if text.startswith(" (at the very bottom), under "):
        return number(text.removeprefix(" (at the very bottom), under ")), 0
    if text.startswith(" (the next to be drawn), with "):
        return 0, number(text.removeprefix(" (the next to be drawn), with "))
    found = MIDDLE.fullmatch(text)
    assert found, f"no place said: {text!r}"
    return number(found.group(1)), number(found.group(2))


def value_of(state: State, card: Card) -> int:
    return state.table.edition.value[card]


Fact = tuple[object, ...]


def known(fields: dict[str, str], view: View, state: State) -> Fact:
    """You know that Anna holds the Priest: shown to you, and still in her hand."""
    owner, card = fields["owner"], Card[fields["card"].upper()]
    assert card in view.seat(owner).known, view.seat(owner)
    assert card in state.hand(owner), state.hand(owner)
    return ("known", owner, card)


def ruled_out(fields: dict[str, str], view: View, state: State) -> Fact:
    """Everyone knows that Ben holds neither the King nor the Baron: his card is neither."""
    owner, cards = fields["owner"], frozenset(cards_in(fields["cards"]))
    assert cards == frozenset(view.seat(owner).ruled_out), view.seat(owner)
    (held,) = state.hand(owner)
    assert held not in cards, held
    return ("ruled_out", owner, cards)


def tied(fields: dict[str, str], view: View, state: State) -> Fact:
    """Everyone knows that Anna and Ben hold cards of the same value: they do."""
    one, other = fields["one"], fields["other"]
    assert Tied(one=one, other=other) in view.tied, view.tied
    ((first,), (second,)) = state.hand(one), state.hand(other)
    assert value_of(state, first) == value_of(state, second), (first, second)
    return ("tied", one, other)


def tied_with_you(fields: dict[str, str], view: View, state: State) -> Fact:
    """Everyone knows that Anna's card and your Priest are of the same value: the Priest
    is the player's oldest card, and Anna's card has its value."""
    other, card = fields["other"], Card[fields["card"].upper()]
    assert {(tie.one, tie.other) for tie in view.tied} & {(ME, other), (other, ME)}, view.tied
    assert card is view.hand[0] is state.hand(ME)[0], view.hand
    (held,) = state.hand(other)
    assert value_of(state, held) == value_of(state, card), held
    return ("tied", *sorted((ME, other)))


def buried(fields: dict[str, str], view: View, state: State) -> Fact:
    """You know two cards of the draw pile: they lie there, with as many cards above and
    under them as the line says."""
    cards = tuple(cards_in(fields["cards"]))
    above, under = place(fields["place"])
    assert number(fields["count"]) == len(cards)
    assert (cards, under) == (view.buried, view.buried_under), view
    pile = state.draw_pile
    assert pile[above : above + len(cards)] == cards, pile
    assert len(pile) == above + len(cards) + under, pile
    return ("buried", cards)


CHECKS = {
    "known": known,
    "ruled_out": ruled_out,
    "tied": tied,
    "tied_with_you": tied_with_you,
    "buried": buried,
}


def check_line(line: str, view: View, state: State) -> Fact:
    """The fact ``line`` tells, checked against the view and the table; fails if untrue."""
    for kind, pattern in SAID.items():
        found = pattern.fullmatch(line.removeprefix("  "))
        if found:
            try:
                return CHECKS[kind](found.groupdict(), view, state)
            except AssertionError as error:
                raise AssertionError(f"untrue: {line!r}: {error}") from None
    raise AssertionError(f"a line of what the player knows that says nothing known: {line!r}")


def facts_of(view: View) -> set[Fact]:
    """Every fact of the view that the table must tell: of the hands it does not show."""
    hidden = [s for s in view.seats if s.player != view.viewer and not s.out and s.hand is None]
    facts: set[Fact] = set()
    for seat in hidden:
        facts |= {("known", seat.player, card) for card in seat.known}
        if seat.ruled_out:
            facts.add(("ruled_out", seat.player, frozenset(seat.ruled_out)))
    for tie in view.tied:
        if view.viewer in (tie.one, tie.other):
            facts.add(("tied", *sorted((tie.one, tie.other))))
        else:
            facts.add(("tied", tie.one, tie.other))
    if view.buried:
        facts.add(("buried", view.buried))
    return facts


class TableWatcher:
    """The terminal's ``say``: checks each list of what the player knows as it is said."""

    def __init__(self) -> None:
        self.table: TerminalGame | None = None
        self.told: list[Fact] = []
        self.listing = False
        self.lines: list[str] = []
        self.turns = 0
        self.buried_under = 0
        """The turns at which the player's buried cards had others' cards under them."""

    def __call__(self, line: str) -> None:
        self.lines.append(line)
        assert self.table is not None
        state = self.table.game.state
        if re.match(r"(Round \d+ - draw pile|Manche \d+ - pioche)", line):
            self.listing, self.told = True, []
        elif line.startswith("Your hand: "):
            view = view_for(state, ME)
            assert set(self.told) == facts_of(view), (self.told, facts_of(view))
            assert len(self.told) == len(set(self.told)), f"a fact said twice: {self.told}"
            self.listing = False
            self.turns += 1
            self.buried_under += bool(view.buried and view.buried_under)
        elif self.listing and not re.match(rf"  {re.escape(ME)} +tokens|  \S+ +tokens", line):
            self.told.append(check_line(line, view_for(state, ME), state))


class ChancellorFirst(RandomBot):
    """A random bot that plays a Chancellor whenever it may."""

    name = "chancellor-first"
    played: ClassVar[int] = 0

    def choose(self, view: View) -> Command:
        for command in view.legal:
            if isinstance(command, Play) and command.card is Card.CHANCELLOR:
                return command
        return super().choose(view)


@pytest.fixture(scope="module", autouse=True)
def chancellor_first() -> Iterator[None]:
    """The bot that plays its Chancellors, registered for these tests."""
    register_bot(ChancellorFirst)
    yield
    unregister_bot("chancellor-first")


def names_for(players: int) -> list[str]:
    """The seats of a terminal game of ``players``: the player first, then the bots."""
    return [ME, *[name for name in seat_names(players) if name != ME][: players - 1]]


@st.composite
def tables(draw: st.DrawFn) -> dict[str, object]:
    """The settings of a random terminal game; in some, the player and the next seat are
    dealt the two Chancellors and play them in a row."""
    ed = edition(draw(st.sampled_from(["2019", "classic"])))
    players = draw(st.integers(min_value=2, max_value=min(ed.max_players, 4)))
    names = names_for(players)
    order = draw(st.permutations(ed.deck))
    deal = Layout.dealt(ed, names, first=names[0], order=order)
    if Card.CHANCELLOR in ed.cards and draw(st.booleans()):
        rest = list(order)
        rest.remove(Card.CHANCELLOR)
        rest.remove(Card.CHANCELLOR)
        hands = {ME: Card.CHANCELLOR, names[1]: Card.CHANCELLOR}
        deal = Layout.arranged(ed, names, hands=hands, pile=rest[: len(rest) - 4])
    bots = draw(st.sampled_from([("chancellor-first",), ("random",), ("heuristic", "random")]))
    return {
        "players": players,
        "edition": ed.name,
        "deal": deal,
        "bots": bots,
        "seed": draw(st.integers(min_value=0, max_value=2**16)),
        "target": draw(st.integers(min_value=1, max_value=4)),
    }


@long_property(quick=50, full=400)
@seed(36)  # the same games on every run
@given(settings=tables(), answers=st.integers(min_value=0, max_value=2**16))
def test_every_line_of_what_the_player_knows_is_in_their_view_and_true(
    settings: dict[str, object], answers: int
) -> None:
    """At each turn of a random game, each "you know" line is a fact of the player's view,
    true of the table, and every fact of the view is said."""
    watcher = TableWatcher()
    ask = Chooser(answers, prefer="Chancellor")
    table = TerminalGame(ask=ask, say=watcher, **settings)  # type: ignore[arg-type]
    watcher.table = table
    assert table.run() == 0


def test_two_chancellors_in_a_row_tell_what_lies_under_the_players_cards() -> None:
    """The game of issue 36: the player's Chancellor puts two cards under the pile, the next
    player's puts two more under them; the player's two are then the next to be drawn but
    for the cards on top, and the table says what lies above and under them."""
    ed = edition("2019")
    deal = Layout.arranged(
        ed,
        [ME, "Anna"],
        hands={ME: "Chancellor", "Anna": "Chancellor"},
        pile=["Handmaid", "Priest", "Guard", "King", "Guard", "Baron", "Guard"],
    )
    watcher = TableWatcher()
    you_first = next(s for s in range(100) if Game.new([ME, "Anna"], seed=s).state.to_act == 0)
    table = TerminalGame(
        ask=answering(["chancellor", "guard", "handmaid"]),
        say=watcher,
        deal=deal,
        seed=you_first,
        bots=("chancellor-first",),
    )
    watcher.table = table
    table.run()
    said = [line for line in watcher.lines if "of the draw pile" in line]
    assert said[0] == (
        "  You know two cards of the draw pile: the Handmaid, then the Priest, with "
        "eight cards you have not seen above them and two cards under them."
    ), watcher.lines
    assert watcher.buried_under >= 1
    assert not any("at the very bottom" in line for line in said)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en",
            "  You know two cards of the draw pile: the Handmaid, then the Priest, with eight "
            "cards you have not seen above them and two cards under them.",
        ),
        (
            "fr",
            "  Vous connaissez deux cartes de la pioche : la Servante, puis le Prêtre, avec huit "
            "cartes que vous n'avez pas vues au-dessus et deux cartes en dessous.",
        ),
    ],
)
def test_the_buried_cards_are_told_in_either_language(language: str, said: str) -> None:
    """The same table as above, told in English and in French."""
    game = Game.arranged(
        {"Ann": "Chancellor", "Bob": "Chancellor"},
        pile=["Handmaid", "Priest", "Guard", "King", "Guard", "Baron", "Guard"],
    )
    game.apply(Play(player="Ann", card=Card.CHANCELLOR))
    game.apply(Choose(player="Ann", keep=Card.GUARD, returned=(Card.HANDMAID, Card.PRIEST)))
    game.apply(Play(player="Bob", card=Card.CHANCELLOR))
    game.apply(Choose(player="Bob", keep=Card.KING, returned=(Card.GUARD, Card.BARON)))
    lines: list[str] = []
    TerminalGame(say=lines.append, language=language).show_knowledge(view_for(game.state, "Ann"))
    assert lines == [said]


@pytest.mark.parametrize(
    ("language", "viewer", "said"),
    [
        ("en", "Cid", "  Everyone knows that Ann and Bob hold cards of the same value."),
        ("en", "Bob", "  Everyone knows that Ann's card and your Priest are of the same value."),
        (
            "fr",
            "Cid",
            "  Tout le monde sait qu'Ann et Bob ont des cartes de même valeur.",
        ),
        (
            "fr",
            "Bob",
            "  Tout le monde sait que la carte d'Ann et votre Prêtre sont de même valeur.",
        ),
    ],
)
def test_a_tie_is_told_of_the_cards_compared(language: str, viewer: str, said: str) -> None:
    """After a Baron's tie, a third player hears that the two hands are of the same value;
    a player of the tie, who has drawn since, hears it of their card that was compared."""
    game = Game.arranged(
        {"Ann": "Baron", "Cid": "Guard", "Bob": "Priest"}, pile=["Priest", "Spy", "Handmaid"]
    )
    game.apply(Play(player="Ann", card=Card.BARON, target="Bob"))
    if viewer == "Bob":
        game.apply(Play(player="Cid", card=Card.GUARD, target="Ann", guess=Card.KING))
    assert game.state.player_to_act == viewer
    lines: list[str] = []
    TerminalGame(players=3, say=lines.append, language=language).show_knowledge(
        view_for(game.state, viewer)
    )
    assert said in lines, lines
