"""The terminal game: plain prompts, the referee's explanations, a game to its end."""

from __future__ import annotations

import subprocess
import sys

import pytest
from testkit.project import ROOT
from testkit.terminal_players import Chooser
from testkit.terminal_players import transcript as scripted

from loveletter import Card, Game, Play, view_for
from loveletter.apps.play import TerminalGame


def test_a_scripted_player_plays_a_whole_game() -> None:
    """Answering every prompt with its first listed choice plays the game to its end."""
    said: list[str] = []
    ask = Chooser()
    game = TerminalGame(players=3, seed=10, bots=("heuristic", "random"), ask=ask, say=said.append)
    assert game.run() == 0
    assert any(line.endswith("wins the game.") or line == "You win the game!" for line in said)
    assert any(line.startswith("Your hand: ") for line in said)
    assert any("Play which card?" in prompt for prompt in ask.asked)
    assert any("Keep which card?" in prompt for prompt in ask.asked)
    assert not any("The referee refuses" in line for line in said)


def test_a_refused_choice_is_explained_with_the_referees_message() -> None:
    """A choice the rules refuse (a Guard on yourself) gets the referee's message, no code,
    and the question again."""
    lines = scripted(["guard", "you"], seed=39)
    refusal = next(line for line in lines if "The referee refuses" in line)
    assert refusal == (
        "  The referee refuses: Your Guard on yourself: a Guard must choose another player, "
        "not its own"
    )
    assert lines[lines.index(refusal) + 1] == "Choose a player (Anna, or Enter): "
    assert lines[-1] == "You left the table. Goodbye."


def test_verbose_refusals_show_the_reason_code_and_the_ruling() -> None:
    """With verbose, a refusal ends with its reason code and ruling id, for the curious."""
    lines = scripted(["guard", "you"], seed=39, verbose=True)
    refusal = next(line for line in lines if "The referee refuses" in line)
    assert refusal.endswith("not its own [TARGET_SELF, LL19-TARGET-OTHER]")


def test_the_table_shows_the_hand_discards_and_tokens() -> None:
    """The table lists the player's hand, each player's tokens and discards."""
    lines = scripted([], seed=39)
    assert "Your hand: Guard, King" in lines
    assert any(line.strip().startswith("Anna") and "tokens 0/6" in line for line in lines)


@pytest.mark.parametrize(
    ("language", "command", "said"),
    [
        (
            "en",
            Play(player="Ben", card=Card.GUARD, target="Ann", guess=Card.PRINCE),
            "Your Guard on Ann naming Prince: it is Ann's turn, not yours",
        ),
        (
            "fr",
            Play(player="Ben", card=Card.GUARD, target="Ann", guess=Card.PRINCE),
            "Votre Garde sur Ann nommant le Prince : c'est à Ann de jouer, pas à vous",
        ),
        ("en", Play(player="Ann", card=Card.PRINCESS), "Your Princess: you do not hold a Princess"),
        (
            "fr",
            Play(player="Ann", card=Card.PRINCESS),
            "Votre Princesse : vous n'avez pas de Princesse en main",
        ),
    ],
)
def test_refusals_are_addressed_to_the_player(language: str, command: Play, said: str) -> None:
    """A refusal says to its player, in the second person and in either language, why."""
    game = Game.arranged({"Ann": "Guard", "Ben": "Baron"}, pile=["Priest"], language=language)
    refusal = game.check(command)
    assert refusal is not None
    assert refusal.to_player == said
    assert command.player in refusal.message


def test_the_command_line_game_can_be_scripted() -> None:
    """`python -m loveletter play` reads plain lines and echoes them in its transcript."""
    done = subprocess.run(
        [sys.executable, "-m", "loveletter", "play", "--seed", "39"],
        input="baron\nking\nanna\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Play which card? (Guard, King): baron" in out
    assert "You play the King on Anna." in out
    assert "You left the table. Goodbye." in out


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "  Everyone knows that Ben does not hold the King."),
        ("fr", "  Tout le monde sait que Ben n'a pas le Roi."),
    ],
)
def test_the_table_tells_what_the_player_knows(language: str, said: str) -> None:
    """What the view tells of the other hands (loveletter.bots.knowledge): a Guard's miss."""
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Spy"])
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
    lines: list[str] = []
    terminal = TerminalGame(players=3, seed=1, say=lines.append, language=language)
    terminal.show_knowledge(view_for(game.state, "Carla"))
    assert lines == [said]


def test_a_whole_move_typed_in_one_line_is_read_as_the_notation_reads_it() -> None:
    """At the card question, "guard anna king" is the whole play (loveletter.moves.parse_move):
    no more questions for it; words that name nothing are said so, and asked again."""
    lines = scripted(["guard anna zzz", "guard anna king"], seed=39)
    assert any("'zzz' names nothing here" in line for line in lines), lines
    played = next(line for line in lines if "You play the Guard on Anna" in line)
    assert "naming the King" in played
    assert not any(line.startswith("Choose a player") for line in lines[: lines.index(played)])
