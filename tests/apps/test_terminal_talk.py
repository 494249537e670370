"""The table talks like a person (issue 36, item 2): bots named as bots, a card you do not
hold answered like a slip of the keyboard, "did you mean" for a near miss, Ctrl-D leaves at
any question, and help in the player's words rather than the scenario format's."""

from __future__ import annotations

import re

import pytest
from testkit.terminal_players import answering
from testkit.terminal_players import transcript as scripted

from loveletter import Card, Game
from loveletter.apps.play import TerminalGame, card_help
from loveletter.editions import EDITIONS, edition
from loveletter.layout import Layout

# -- who sits at the table -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({}, "Love Letter (2019 revised edition): You, and Anna (a heuristic bot). First to 6"),
        (
            {"players": 3, "bots": ("heuristic", "ismcts:iterations=5")},
            "Love Letter (2019 revised edition): You, Anna (a heuristic bot), and Ben (an "
            "ismcts bot). First to 5",
        ),
        (
            {"language": "fr", "bots": ("random",)},
            "Love Letter (édition révisée de 2019) : Joueur et Anna (robot random). Le premier",
        ),
    ],
)
def test_the_header_names_the_bots_as_bots(options: dict[str, object], said: str) -> None:
    """The first line says who plays: the player, then each bot with its kind."""
    lines = scripted([], seed=39, **options)
    assert lines[0].startswith(said), lines[0]


# -- what may be typed, and what was meant ---------------------------------------------------


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("en", "baron", "  You do not hold the Baron: choose Guard or King."),
        ("fr", "baron", "  Vous n'avez pas le Baron en main : choisissez Garde ou Roi."),
    ],
)
def test_a_card_not_in_hand_is_answered_with_the_cards_you_may_play(
    language: str, typed: str, said: str
) -> None:
    """Naming a card you do not hold is a slip, answered as one: the cards you may play."""
    lines = scripted([typed], seed=39, language=language)
    assert lines[lines.index(typed) + 1] == said
    assert not any("refuse" in line for line in lines)


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        (
            "en",
            "kign",
            "  'kign' is not a card here: did you mean the King? Choose Guard or King.",
        ),
        (
            "en",
            "chancelor",
            "  'chancelor' is not a card here: did you mean the Chancellor? Choose Guard or King.",
        ),
        (
            "fr",
            "grade",
            "  'grade' n'est pas une carte ici : vouliez-vous dire le Garde ? "
            "Choisissez Garde ou Roi.",
        ),
        (
            "fr",
            "chancelier",  # an English player's French: the card is named, not in hand
            "  Vous n'avez pas le Chancelier en main : choisissez Garde ou Roi.",
        ),
    ],
)
def test_a_near_miss_says_did_you_mean(language: str, typed: str, said: str) -> None:
    """A misspelt card gets "did you mean" with the card meant (among the cards you may
    play first, else of the edition), then the cards you may play."""
    lines = scripted([typed], seed=39, language=language)
    assert lines[lines.index(typed) + 1] == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "  'anan' is not a player here: did you mean Anna? Choose Anna."),
        ("fr", "  'anan' n'est pas un joueur ici : vouliez-vous dire Anna ? Choisissez Anna."),
    ],
)
def test_a_near_miss_of_a_name_says_did_you_mean(language: str, said: str) -> None:
    """A misspelt player's name gets "did you mean" too."""
    lines = scripted(["king" if language == "en" else "roi", "anan"], seed=39, language=language)
    assert lines[lines.index("anan") + 1] == said


def test_help_for_a_misspelt_card_says_did_you_mean() -> None:
    """`help chancelor` names the card meant."""
    lines = scripted(["help chancelor"], seed=39)
    said = lines[lines.index("help chancelor") + 1]
    assert said.startswith(
        "  'chancelor' is not a card of this edition: did you mean the Chancellor? "
        "Choose one of Spy, Guard, Priest"
    ), said


def test_nothing_near_is_offered_for_a_word_far_from_every_card() -> None:
    """A word like no card gets the list alone, no guess."""
    lines = scripted(["xyzzy"], seed=39)
    assert lines[lines.index("xyzzy") + 1] == "  'xyzzy' is not a card here: choose Guard or King."


def chancellor_table(answers: list[str]) -> list[str]:
    """The player holds the Chancellor, plays first, and draws the Handmaid, Priest, Guard."""
    ed = edition("2019")
    deal = Layout.arranged(
        ed, ["You", "Anna"], hands={"You": "Chancellor"}, pile=["Handmaid", "Priest", "Guard"]
    )
    first = next(s for s in range(100) if Game.new(["You", "Anna"], seed=s).state.to_act == 0)
    return scripted(answers, seed=first, deal=deal)


def test_the_chancellors_questions_name_the_cards_to_choose_among() -> None:
    """Keeping a card not in hand, or putting back the card kept, is answered with the
    cards that may be chosen there."""
    lines = chancellor_table(["chancellor", "king", "guard", "guard"])
    assert "  You do not hold the King: choose Handmaid, Priest or Guard." in lines
    assert "  You do not put the Guard back: choose Handmaid or Priest." in lines


# -- Ctrl-D --------------------------------------------------------------------------------


@pytest.mark.parametrize("answers", [[], ["help"], ["king"]])
def test_ctrl_d_at_a_keyboard_leaves_quietly_at_any_question(answers: list[str]) -> None:
    """At a keyboard, the end of input (Ctrl-D) leaves the table, the first question
    included: a goodbye and 0."""
    lines: list[str] = []
    table = TerminalGame(seed=39, ask=answering(answers), say=lines.append, keyboard=True)
    assert table.run() == 0
    assert lines[-1] == "You left the table. Goodbye."
    assert table.stopped == "left"


def test_piped_answers_that_end_at_once_still_say_nobody_is_there() -> None:
    """Answers piped in that end before the first one: exit 2, as before (no keyboard)."""
    table = TerminalGame(seed=39, ask=answering([]), say=lambda _: None, keyboard=False)
    assert table.run() == 2


# -- help in the player's words ---------------------------------------------------------------

SCENARIO_WORDS = re.compile(r"scenario|`|\b[A-Z]+_[A-Z_]+\b|\breturn: \[", re.IGNORECASE)
"""What belongs to the scenario format, not to the table: its name, its fields, the codes."""


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_help_speaks_of_the_table_not_of_scenario_files(name: str, language: str) -> None:
    """No card's help names the scenario format, its fields or a reason code."""
    ed = edition(name)
    for card in ed.cards:
        for line in card_help(ed, card, language):
            assert not SCENARIO_WORDS.search(line.replace("aide", "")), line


def test_help_chancellor_keeps_the_ruling_on_the_order() -> None:
    """The Chancellor's ruling on the order of the returned cards stays, in a player's words."""
    lines = card_help(edition("2019"), Card.CHANCELLOR)
    assert (
        "    LL19-CHANCELLOR-ORDER: The player chooses the order of the two returned cards."
    ) in lines
