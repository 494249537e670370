"""The terminal game for a newcomer (issue 29): it forgives, it says what may be chosen,
it asks only what it must, its words read as a person would say them, and its logs
replay in the language and with the hands the game was played with."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from testkit.project import run_cli
from testkit.terminal_players import Chooser, transcript

from loveletter import Card, Game, Play, view_for
from loveletter.apps.play import SHORT_SEEDS, TerminalGame, wrap
from loveletter.bots import Bot, RandomBot, register_bot, unregister_bot
from loveletter.commands import Command
from loveletter.events import (
    CardPlayed,
    CardsReturned,
    HandsCompared,
    PlayerProtected,
    RoundEnded,
)
from loveletter.narration import narrate
from loveletter.serialization import to_json
from loveletter.views import View

SURE = "Playing the Princess knocks you out of the round. Play it anyway? (y/n): "
"""The question before the Princess is played (seed 32: the player holds her and the Spy)."""


# -- the Princess asks, and only a yes plays her ---------------------------------------------


@pytest.mark.parametrize("typed", ["oops", "y/n", "maybe", "yes please", "1", "ok"])
def test_only_a_yes_plays_the_princess(typed: str) -> None:
    """An answer that is neither yes nor no is explained and asked again; the Princess
    stays in hand."""
    lines = transcript(["princess", typed], seed=32)
    at = lines.index(typed)
    assert lines[at - 1] == SURE
    assert lines[at + 1] == (
        f"  {typed!r} is neither yes nor no: type y to play the Princess and leave the "
        "round, or n to choose another card."
    )
    assert lines[at + 2] == SURE
    assert "  You play the Princess." not in lines


@pytest.mark.parametrize("yes", ["y", "yes", "Y", "YES", "o", "oui", "Oui"])
def test_a_yes_in_either_language_plays_the_princess(yes: str) -> None:
    """y, yes, o and oui (any letter case) confirm."""
    lines = transcript(["princess", yes], seed=32)
    assert lines[lines.index(yes) + 1] == "  You play the Princess."


@pytest.mark.parametrize("no", ["n", "no", "NON"])
def test_a_no_goes_back_to_the_choice_of_a_card(no: str) -> None:
    """n, no and non go back to the question of the card, and nothing is played."""
    lines = transcript(["princess", no, "spy"], seed=32)
    assert lines[lines.index(no) + 1] == "Play which card? (Princess, Spy): "
    assert "  You play the Spy." in lines
    assert "  You play the Princess." not in lines


def test_enter_alone_at_the_princess_question_says_what_to_type() -> None:
    """Enter is no answer to a question of yes or no: the game says what to type."""
    lines = transcript(["princess", ""], seed=32)
    at = lines.index(SURE)
    assert lines[at + 1 : at + 4] == [
        "",
        "  Type y to play the Princess and leave the round, or n to choose another card.",
        SURE,
    ]


def test_the_princess_question_in_french() -> None:
    """In French the question is French, and oui plays her."""
    lines = transcript(["princesse", "peut-être", "oui"], seed=32, language="fr")
    sure = "Jouer la Princesse vous fait quitter la manche. Jouer quand même ? (o/n) : "
    assert lines[lines.index("peut-être") - 1] == sure
    assert lines[lines.index("peut-être") + 1].startswith("  'peut-être' n'est ni oui ni non :")
    assert lines[lines.index("oui") + 1] == "  Vous jouez la Princesse."


def test_a_prince_on_yourself_that_discards_the_princess_asks_first() -> None:
    """The Prince on yourself with the Princess in hand knocks you out: asked as for the
    Princess, and a no goes back to the card; on another player it is not asked."""
    sure = (
        "Playing the Prince on yourself discards the Princess, which knocks you out of the "
        "round. Play it anyway? (y/n): "
    )
    lines = transcript(["prince", "you", "n", "prince", "anna"], seed=85)
    assert lines[lines.index("you") + 1] == sure
    assert lines[lines.index("n") + 1] == "Play which card? (Prince, Princess): "
    assert lines.count(sure) == 1
    assert "  You play the Prince on Anna." in lines
    lines = transcript(["prince", "you", "y"], seed=85)
    assert "  You are knocked out (discarded the Princess)." in lines


# -- one choice: Enter takes it; errors list what may be chosen --------------------------------


def test_enter_takes_the_only_player_a_card_may_choose() -> None:
    """With one player the Priest may choose, the question names her and Enter takes her."""
    lines = transcript(["pri", ""], seed=3)
    assert lines[lines.index("pri") + 1] == "Choose a player (Anna, or Enter): "
    assert "  You play the Priest on Anna." in lines


def test_enter_takes_the_only_card_that_may_be_played() -> None:
    """With the Countess forced (a Prince in hand), Enter plays her."""
    lines = transcript([""], seed=201)
    assert "Your hand: Prince, Countess" in lines
    assert "Play which card? (Countess, or Enter): " in lines
    assert "  You play the Countess." in lines


def test_enter_with_several_choices_lists_them() -> None:
    """Enter where there are two cards to choose from names the two, and asks again."""
    lines = transcript([""], seed=3)
    at = lines.index("Play which card? (Priest, Spy): ")
    assert lines[at + 1 : at + 4] == ["", "  Choose Priest or Spy.", lines[at]]


def test_an_unknown_name_lists_only_the_players_the_card_may_choose() -> None:
    """A name nobody has gets the list of the players the Priest may choose: not you."""
    lines = transcript(["pri", "zed"], seed=3)
    assert lines[lines.index("zed") + 1] == "  'zed' is not a player here: choose Anna."


def test_a_player_the_card_may_not_choose_is_refused_with_the_reason() -> None:
    """Naming yourself for the Priest: the referee says why not, and the question comes back."""
    lines = transcript(["pri", "you"], seed=3)
    at = lines.index("you")
    assert lines[at + 1].startswith("  The referee refuses: Your Priest on yourself: ")
    assert lines[at + 2] == "Choose a player (Anna, or Enter): "


def test_a_start_of_a_name_two_players_share_says_which() -> None:
    """Bea's Prince may choose Bea or Ben: `b` could be either, and the game says so."""
    lines = transcript(["prince", "b"], seed=14, players=3, name="Bea")
    assert lines[lines.index("b") + 1] == (
        "  'b' could be Bea or Ben: type more of the name (Bea, Anna or Ben)."
    )


# -- the remedy asks only where a take-back is possible -----------------------------------------


def test_the_remedy_asks_after_a_move_that_can_be_taken_back_only() -> None:
    """After the Spy (nobody learned anything) the game offers the take-back; after the
    Priest's look, which cannot be taken back, it does not ask."""
    window = "(Enter to go on, or 'undo' to take it back) "
    lines = transcript(["spy", "undo", "priest", ""], seed=3, remedy=True)
    assert lines[lines.index("  You play the Spy.") + 1] == window
    assert "  You take back the Spy." in lines
    looked = lines.index("  You look at Anna's hand: the Guard.")
    assert window not in lines[looked:]
    assert lines[looked + 1] == "  Anna draws a card."


def test_the_remedy_question_explains_an_answer_it_does_not_know() -> None:
    """An answer other than Enter or undo is explained, and the question comes back."""
    lines = transcript(["spy", "und", ""], seed=3, remedy=True)
    at = lines.index("und")
    assert lines[at + 1] == "  'und': press Enter to go on, or type 'undo' to take your move back."
    assert lines[at + 2] == "(Enter to go on, or 'undo' to take it back) "
    assert "  You take back the Spy." not in lines


# -- open hands: the bots play from their own views --------------------------------------------


class Watcher(RandomBot):
    """A random bot that keeps every view it is asked to choose from."""

    name = "watcher"
    views: ClassVar[list[View]] = []

    def choose(self, view: View) -> Command:
        Watcher.views.append(view)
        return super().choose(view)


@pytest.fixture
def watcher() -> Iterator[type[Bot]]:
    """The watcher, registered for one test."""
    Watcher.views = []
    register_bot(Watcher)
    yield Watcher
    unregister_bot("watcher")


def test_bots_play_from_their_ordinary_views_at_a_table_of_open_hands(
    watcher: type[Bot],
) -> None:
    """At a practice table the player sees every hand, and the bots still see their own only."""
    said: list[str] = []
    game = TerminalGame(
        players=3, seed=3, open_hands=True, bots=("watcher",), ask=Chooser(), say=said.append
    )
    assert game.run() == 0
    assert Watcher.views
    for view in Watcher.views:
        others = [seat.hand for seat in view.seats if seat.player != view.viewer]
        assert others == [None] * len(others)
        assert not view.open_hands
    assert any("  hand: " in line for line in said)  # the player sees the bots' hands


def test_bots_see_all_lets_the_bots_read_every_hand(watcher: type[Bot]) -> None:
    """With bots_see_all, the bots' views show every hand, as the player's does."""
    game = TerminalGame(
        players=3,
        seed=3,
        open_hands=True,
        bots_see_all=True,
        bots=("watcher",),
        ask=Chooser(),
        say=lambda _: None,
    )
    assert game.run() == 0
    assert any(
        seat.hand is not None
        for view in Watcher.views
        for seat in view.seats
        if seat.player != view.viewer
    )


def test_bots_see_all_goes_with_open_hands_only() -> None:
    """Without open hands there is nothing for the bots to read: a ValueError, and exit 2."""
    with pytest.raises(ValueError, match="open hands"):
        TerminalGame(bots_see_all=True)
    done = run_cli("play", "--bots-see-all", input="quit\n")
    assert done.returncode == 2
    assert done.stderr == (
        "loveletter play: --bots-see-all goes with --open-hands: the bots read the hands "
        "laid face up\n"
    )


def test_the_open_hands_banner_says_how_the_bots_play() -> None:
    """The practice banner says that the bots see their own hands, or every hand."""
    lines = transcript([], seed=3, open_hands=True)
    assert "Practice game: every hand is played face up." in lines
    assert any(line.startswith("The bots play as at an ordinary table") for line in lines)
    lines = transcript([], seed=3, open_hands=True, bots_see_all=True)
    assert "The bots read every hand too." in lines


# -- seeds and width ---------------------------------------------------------------------------


def test_a_game_dealt_without_a_seed_says_a_seed_short_enough_to_type() -> None:
    """The seed the game picks has six digits at most, and deals the same game again."""
    for _ in range(20):
        said: list[str] = []
        table = TerminalGame(ask=lambda _: "quit", say=said.append)
        seed = table.game.state.table.seed
        dealt = table.game.state
        assert 0 <= seed < SHORT_SEEDS
        table.run()
        assert said[1] == (
            f"Seed {seed}: '--seed {seed}' with the same options deals this game again."
        )
        assert TerminalGame(seed=seed, ask=lambda _: "quit", say=print).game.state == dealt


@pytest.mark.parametrize("width", [40, 60, 80])
def test_every_line_fits_the_width_and_says_the_same(width: int) -> None:
    """With a width, no line is wider (no word is that long), and the words are the same
    words, in the same order, as the lines left whole."""
    answers = ["help", "? 3", "pri", "", "quit"]
    whole = transcript(answers, seed=3)
    wrapped = transcript(answers, seed=3, width=width)
    assert max(map(len, wrapped)) <= width
    assert max(map(len, whole)) > width
    assert " ".join(wrapped).split() == " ".join(whole).split()


def test_a_wrapped_line_goes_on_under_its_own_text() -> None:
    """The lines after the first are indented further than it, under a second column."""
    lines = wrap("  a card         its name or the start of it, its value or its label", 40)
    assert lines == [
        "  a card         its name or the start",
        "                 of it, its value or its",
        "                 label",
    ]


def test_the_command_line_wraps_to_columns_and_leaves_piped_lines_whole() -> None:
    """`COLUMNS=50 loveletter play`: lines of 50 at most; without COLUMNS, piped output is
    left whole, for scripts that read it."""
    env = {"PATH": "/usr/bin:/bin", "COLUMNS": "50"}
    narrow = run_cli("play", "--seed", "3", input="help\nquit\n", env=env)
    assert narrow.returncode == 0, narrow.stderr
    assert max(map(len, narrow.stdout.splitlines())) <= 50
    whole = run_cli("play", "--seed", "3", input="help\nquit\n", env={"PATH": "/usr/bin:/bin"})
    assert max(map(len, whole.stdout.splitlines())) > 80


# -- words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("you", "language", "said"),
    [
        ("Anna", "en", "You play the Prince on yourself."),
        (None, "en", "Anna plays the Prince on their own hand."),
        ("Anna", "fr", "Vous jouez le Prince sur vous-même."),
        (None, "fr", "Anna joue le Prince sur sa propre main."),
    ],
)
def test_a_prince_on_its_own_player_is_said_so(you: str | None, language: str, said: str) -> None:
    """Never "You play the Prince on you"."""
    played = CardPlayed(player="Anna", card=Card.PRINCE, target="Anna")
    assert narrate(played, you=you, language=language) == said


def test_protection_is_until_their_next_turn() -> None:
    """Never "Anna is protected until Anna's next turn"."""
    protected = PlayerProtected(player="Anna")
    assert narrate(protected) == "Anna is protected until their next turn."
    assert narrate(protected, you="Anna") == "You are protected until your next turn."


def test_the_listener_comes_first_in_a_comparison() -> None:
    """ "You and Anna compare hands", your card first, never "Anna and you"."""
    compared = HandsCompared(
        player="Anna",
        target="Ben",
        by=Card.BARON,
        player_card=Card.COUNTESS,
        target_card=Card.GUARD,
        loser="Ben",
    )
    assert narrate(compared, you="Ben") == (
        "You and Anna compare hands (the Guard against the Countess): you have the lower card."
    )
    assert narrate(compared, you="Anna") == (
        "You and Ben compare hands (the Countess against the Guard): Ben has the lower card."
    )


def test_returned_cards_are_counted_in_words_with_their_articles() -> None:
    """ "puts two under the draw pile (the Guard, then the Spy)"."""
    returned = CardsReturned(player="Anna", cards=(Card.GUARD, Card.SPY))
    assert narrate(returned, everything=True) == (
        "Anna keeps one card and puts two under the draw pile (the Guard, then the Spy)."
    )
    assert narrate(returned, everything=True, language="fr") == (
        "Anna garde une carte et en remet deux sous la pioche (le Garde, puis l'Espionne)."
    )


def test_the_showdown_says_who_has_which_card() -> None:
    """ "Showdown: Anna has the Princess and Ben the Priest"."""
    from loveletter.events import Ending

    ended = RoundEnded(
        round_number=1,
        end=Ending.SHOWDOWN,
        winners=("Anna",),
        hands=(("Anna", Card.PRINCESS), ("Ben", Card.PRIEST)),
        set_aside=None,
    )
    assert narrate(ended) == (
        "The draw pile is empty. Showdown: Anna has the Princess and Ben the Priest. "
        "Anna wins round 1."
    )
    assert narrate(ended, language="fr").startswith(
        "La pioche est vide. Abattage : Anna a la Princesse et Ben le Prêtre."
    )


@pytest.mark.parametrize(
    ("language", "guesses", "said"),
    [
        ("en", ["King"], "  Everyone knows that Ben does not hold the King."),
        (
            "en",
            ["King", "Baron"],
            "  Everyone knows that Ben holds neither the Baron nor the King.",
        ),
        (
            "en",
            ["King", "Baron", "Spy"],
            "  Everyone knows that Ben holds none of the Spy, the Baron and the King.",
        ),
        ("fr", ["King"], "  Tout le monde sait que Ben n'a pas le Roi."),
        (
            "fr",
            ["King", "Baron", "Spy"],
            "  Tout le monde sait que Ben n'a ni l'Espionne, ni le Baron, ni le Roi.",
        ),
    ],
)
def test_what_everyone_knows_a_player_does_not_hold(
    language: str, guesses: list[str], said: str
) -> None:
    """One card, two or more: the sentence a person would say, never "none of: King"."""
    game = Game.arranged(
        {"Carla": "Guard", "Dan": "Guard", "Anna": "Guard", "Ben": "Priest"},
        pile=["Priest", "Handmaid", "Handmaid"],
    )
    for guesser, guess in zip(("Carla", "Dan", "Anna"), guesses, strict=False):
        game.apply(Play(player=guesser, card=Card.GUARD, target="Ben", guess=Card(guess)))
    lines: list[str] = []
    table = TerminalGame(players=4, seed=1, say=lines.append, language=language)
    table.show_knowledge(view_for(game.state, "Carla"))
    assert lines == [said]


def test_french_elides_que_before_a_vowel() -> None:
    """ "Tout le monde sait qu'Anna", never "que Anna"."""
    game = Game.arranged({"Ben": "Guard", "Anna": "Priest", "Carla": "Baron"}, pile=["Spy"])
    game.apply(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.KING))
    lines: list[str] = []
    table = TerminalGame(players=3, seed=1, say=lines.append, language="fr")
    table.show_knowledge(view_for(game.state, "Carla"))
    assert lines == ["  Tout le monde sait qu'Anna n'a pas le Roi."]


# -- logs and replays -------------------------------------------------------------------------


def test_a_french_log_replays_in_french(tmp_path: Path) -> None:
    """A game played in French is told in French, unless --language says otherwise."""
    log = tmp_path / "partie.json"
    done = run_cli(
        "play", "--seed", "32", "--language", "fr", "--log", str(log), input="espionne\nquitter\n"
    )
    assert done.returncode == 0, done.stderr
    written = json.loads(log.read_text(encoding="utf-8"))
    assert written["setup"]["language"] == "fr"
    assert written["stopped"] == "left"
    told = run_cli("replay", str(log)).stdout.splitlines()
    assert told[0] == (
        "Joueur, Anna : Love Letter (édition révisée de 2019), racontée comme tous l'ont vue."
    )
    assert "  Joueur joue l'Espionne." in told
    assert told[-1] == (
        "Le journal s'arrête ici, à la manche 1 : la partie a été quittée avant sa fin."
    )
    english = run_cli("replay", str(log), "--language", "en").stdout.splitlines()
    assert "  Joueur plays the Spy." in english


def test_an_open_hands_log_is_told_with_the_hands(tmp_path: Path) -> None:
    """A practice game's log says so, and its replay names the cards every hand showed."""
    log = tmp_path / "practice.json"
    done = run_cli(
        "play",
        "--seed",
        "3",
        "--players",
        "3",
        "--open-hands",
        "--log",
        str(log),
        input="priest\nanna\nquit\n",
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(log.read_text(encoding="utf-8"))["setup"]["open_hands"] is True
    told = run_cli("replay", str(log)).stdout.splitlines()
    assert told[0].endswith("told as everyone saw it, every hand face up (a practice game).")
    assert (
        "You are dealt the Princess; Anna is dealt the Guard; Ben is dealt the Prince." in told[1]
    )
    assert "  Anna draws the Guard." in told
    hidden = run_cli("replay", str(log), "--as", "Ben").stdout.splitlines()
    assert "  Anna draws the Guard." in hidden  # Ben saw Anna's hand: it lay face up


def test_a_whole_game_log_ends_without_a_note(tmp_path: Path) -> None:
    """The note that a log stops early is for logs that do: a finished game has none."""
    ask = Chooser()
    log = tmp_path / "whole.json"
    TerminalGame(seed=5, ask=ask, say=lambda _: None, log=log).run()
    assert "stopped" not in json.loads(log.read_text(encoding="utf-8"))
    told = run_cli("replay", str(log)).stdout.splitlines()
    assert told[-1].endswith("wins the game!")
    assert not any(line.startswith("The log ends here") for line in told)


def test_a_log_that_does_not_say_why_it_stops_says_only_where(tmp_path: Path) -> None:
    """A log written by another program, stopping mid-game without a ``stopped`` key, is
    told to where it stops, without guessing why."""
    game = Game.new(["Anna", "Ben"], seed=5)
    log = tmp_path / "partial.json"
    log.write_text(to_json(game), encoding="utf-8")
    told = run_cli("replay", str(log)).stdout.splitlines()
    assert told[-1] == "The log ends here, in round 1, before the game's end."


def test_a_log_with_a_wrong_stop_is_refused(tmp_path: Path) -> None:
    """``stopped`` is ``interrupted`` or ``left``: anything else is a log replay refuses."""
    data = json.loads(to_json(Game.new(["Anna", "Ben"], seed=5)))
    log = tmp_path / "wrong.json"
    log.write_text(json.dumps({**data, "stopped": "crashed"}), encoding="utf-8")
    done = run_cli("replay", str(log))
    assert done.returncode == 2
    assert "$.stopped: expected one of 'interrupted', 'left', got 'crashed'" in done.stderr


def test_you_are_told_in_the_second_person(tmp_path: Path) -> None:
    """The terminal game's player, named You, plays first, never "plays first"."""
    log = tmp_path / "you.json"
    run_cli("play", "--seed", "3", "--log", str(log), input="spy\nquit\n")
    told = run_cli("replay", str(log), "--as", "you").stdout.splitlines()
    assert told[0] == "You, Anna: Love Letter (2019 revised edition), told as you saw it."
    assert told[1].startswith("Round 1: You play first;")
    assert "  You play the Spy." in told


def test_the_replay_wraps_to_columns_too(tmp_path: Path) -> None:
    """`COLUMNS=50 loveletter replay`: lines of 50 at most, the same words as piped."""
    log = tmp_path / "game.json"
    TerminalGame(seed=5, ask=Chooser(), say=lambda _: None, log=log).run()
    env = {"PATH": "/usr/bin:/bin"}
    narrow = run_cli("replay", str(log), env={**env, "COLUMNS": "50"}).stdout.splitlines()
    whole = run_cli("replay", str(log), env=env).stdout.splitlines()
    assert max(map(len, narrow)) <= 50 < max(map(len, whole))
    assert " ".join(narrow).split() == " ".join(whole).split()
