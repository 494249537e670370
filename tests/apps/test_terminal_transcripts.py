"""The terminal game for people (issue 17, items 9-11): help, a card's rule, refusals,
prefixes, aligned columns, the winner said once, the seed, the log, and no keyboard."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from testkit.terminal_players import Chooser
from testkit.terminal_players import transcript as scripted

from loveletter import Card, Game
from loveletter.apps.play import TerminalGame, card_help
from loveletter.catalogue import RULINGS
from loveletter.editions import edition
from loveletter.serialization import log_from_json


def first_choices(**options: Any) -> tuple[TerminalGame, list[str], list[str]]:
    """A whole game answered with each prompt's first option: the table, said, answers."""
    said: list[str] = []
    ask = Chooser()
    table = TerminalGame(ask=ask, say=said.append, **options)
    assert table.run() == 0
    return table, said, ask.answers


# -- help --------------------------------------------------------------------------------


@pytest.mark.parametrize("typed", ["help", "?", "HELP"])
def test_help_lists_the_commands_and_asks_again(typed: str) -> None:
    """`help` (or `?`) lists what may be typed, then the same question comes again."""
    lines = scripted([typed], seed=39)
    at = lines.index(typed)
    assert lines[at + 1] == "At any question you may type:"
    listed = lines[at + 1 : lines.index("Play which card? (Guard, King): ", at)]
    assert any(line.startswith("  help CARD") for line in listed)
    assert any(line.startswith("  quit") for line in listed)
    assert not any(line.startswith("  undo") for line in listed)  # no remedy agreed


def test_help_lists_undo_when_the_remedy_is_agreed() -> None:
    """With the house remedy, the list of commands includes `undo`."""
    lines = scripted(["help"], seed=39, remedy=True)
    assert any(line.startswith("  undo ") for line in lines)


def test_french_help_is_aide() -> None:
    """In French, `aide` lists the commands in French."""
    lines = scripted(["aide"], seed=39, language="fr")
    assert "À chaque question, vous pouvez taper :" in lines


@pytest.mark.parametrize("typed", ["help baron", "? 3", "?3", "help BAR", "aide Baron"])
def test_help_card_prints_its_rule_and_rulings(typed: str) -> None:
    """`help baron` or `? 3`: the card's effect, then each ruling about it, id and statement."""
    lines = scripted([typed], seed=39)
    at = lines.index(typed)
    assert lines[at + 1].startswith("Baron (3, x2): choose another player and compare hands")
    assert lines[at + 2] == "  The rulings:"
    assert lines[at + 3 : at + 6] == [
        f"    {ruling}: {RULINGS[ruling].statement}"
        for ruling in ("LL19-BARON-COMPARE", "LL19-BARON-TIE", "LL19-BARON-VISIBILITY")
    ]
    assert lines[at + 6] == "Play which card? (Guard, King): "


def test_help_card_in_french_says_the_effect_in_french() -> None:
    """In French the effect is in French; the rulings keep the catalogue's English."""
    lines = card_help(edition("2019"), Card.HANDMAID, "fr")
    assert lines[0].startswith("Servante (4, x2) : jusqu'à votre prochain tour")
    assert lines[1] == "  Les décisions de l'arbitre (le catalogue est en anglais) :"
    protect = RULINGS["LL19-HANDMAID-PROTECT"].statement
    assert f"    LL19-HANDMAID-PROTECT : {protect}" in lines


def test_help_card_in_classic_gives_the_classic_rulings() -> None:
    """A classic table's Countess is 7, forced by LLC-COUNTESS-FORCED instead of the 2019 id."""
    lines = scripted(["? 7"], seed=39, edition="classic")
    at = lines.index("? 7")
    assert lines[at + 1].startswith("Countess (7, x1): no effect")
    ids = [line.split(":")[0].strip() for line in lines[at + 3 :] if line.startswith("    ")]
    assert "LLC-COUNTESS-FORCED" in ids
    assert "LL19-COUNTESS-FORCED" not in ids
    assert "LL19-COUNTESS-VOLUNTARY" in ids


def test_help_by_a_value_two_cards_share_lists_both() -> None:
    """Where two kinds share a value (the test edition 'court': Baron and Rogue), both."""
    from testkit import court_edition as court  # noqa: F401 (registers the edition)

    lines = scripted(["? 3"], seed=39, edition="court", players=4)
    at = lines.index("? 3")
    rules = [line for line in lines[at + 1 :] if re.match(r"^\w+ \(3, x2\)", line)]
    assert [line.split(" ")[0] for line in rules] == ["Baron", "Rogue"]


def test_help_for_no_card_names_the_cards() -> None:
    """`help jester` says that no card is so named, and lists the edition's cards."""
    lines = scripted(["help jester"], seed=39)
    said = lines[lines.index("help jester") + 1]
    assert said.startswith("  'jester' is not a card of this edition: choose one of Spy, Guard")


# -- prefixes -------------------------------------------------------------------------------


def test_a_prefix_unique_in_the_hand_is_accepted() -> None:
    """`pri` with Priest and Spy in hand is the Priest (the Prince and Princess are not held)."""
    lines = scripted(["pri", "anna"], seed=3)
    assert "Your hand: Priest, Spy" in lines
    assert "  You play the Priest on Anna." in lines


def test_an_ambiguous_prefix_is_refused_with_the_candidates() -> None:
    """`pri` with Guard and King in hand could be three cards: the game says which."""
    lines = scripted(["pri"], seed=39)
    assert "Your hand: Guard, King" in lines
    assert (
        "  'pri' could be Priest, Prince or Princess: type more of the name (Guard or King)."
        in lines
    )


# -- the table -------------------------------------------------------------------------------


def test_columns_stay_aligned_with_a_long_name() -> None:
    """A 20-character name pushes every seat's columns along, alike."""
    name = "Bartholomew Featherb"
    assert len(name) == 20
    lines = scripted([], seed=39, name=name, players=3)
    seats = [line for line in lines if "tokens " in line and "discards:" in line]
    assert len(seats) == 3
    assert len({line.index("tokens") for line in seats}) == 1
    assert len({line.index("discards:") for line in seats}) == 1
    assert seats[0].startswith(f"  {name} tokens")


def test_token_counts_keep_the_columns_with_a_two_digit_target() -> None:
    """With a target of 10 or more, one-digit token counts are padded to line up."""
    lines = scripted([], seed=39, target=12)
    seats = [line for line in lines if "discards:" in line]
    assert all(" 0/12  discards:" in line for line in seats)
    assert len({line.index("discards:") for line in seats}) == 1


@pytest.mark.parametrize(
    ("language", "said"), [("en", r"(wins?|won) the game"), ("fr", r"gagnez? la partie")]
)
def test_the_winner_is_said_once(language: str, said: str) -> None:
    """At the end of a game, who won is said once, after the tokens, in either language."""
    _, lines, _ = first_choices(players=3, seed=10, language=language)
    winners = [line for line in lines if re.search(said, line)]
    assert len(winners) == 1, winners
    assert lines[-1] == winners[0]
    assert lines[-2].startswith(("Tokens: ", "Pions Faveur : "))


# -- the seed and the log ----------------------------------------------------------------------


def test_the_seed_is_said_at_the_start() -> None:
    """The first lines say the seed, so that the same game can be dealt again."""
    lines = scripted([], seed=39)
    assert lines[1] == "Seed 39: '--seed 39' with the same options deals this game again."
    table = TerminalGame(ask=lambda _: "quit", say=lambda _: None)
    fresh: list[str] = []
    TerminalGame(seed=table.game.state.table.seed, ask=lambda _: "quit", say=fresh.append).run()
    assert f"Seed {table.game.state.table.seed}:" in fresh[1]


def test_the_same_seed_and_answers_play_the_same_game() -> None:
    """A seed and the answers given replay a game line for line."""
    _, said, answers = first_choices(seed=7)
    again = scripted(answers, seed=7, echo=False)
    assert [line for line in again if not line.endswith(": ")] == said


def test_the_log_replays_the_game(tmp_path: Path) -> None:
    """`log` writes the game's setup and commands; replaying them gives the same game."""
    path = tmp_path / "game.json"
    table, _, _ = first_choices(seed=7, log=path)
    setup, commands = log_from_json(path.read_text(encoding="utf-8"))
    replayed = Game.replay(setup, commands)
    assert replayed.state == table.game.state
    assert replayed.state.game_over


def test_the_log_is_written_when_the_player_leaves(tmp_path: Path) -> None:
    """Leaving mid-game still writes the log of the game so far."""
    path = tmp_path / "left.json"
    scripted(["pri", "anna"], seed=3, log=path)
    setup, commands = log_from_json(path.read_bytes())
    assert len(commands) >= 1
    assert not Game.replay(setup, commands).state.game_over


# -- nobody at the keyboard -------------------------------------------------------------------


def test_input_ending_before_the_first_answer_exits_2() -> None:
    """No answer at all: run() returns 2 (nobody at the keyboard), with no goodbye."""
    lines: list[str] = []

    def ask(prompt: str) -> str:
        raise EOFError

    assert TerminalGame(seed=3, ask=ask, say=lines.append).run() == 2
    assert "You left the table. Goodbye." not in lines


def test_input_ending_after_an_answer_leaves_the_table() -> None:
    """Input that ends after an answer leaves the table as before: goodbye, 0."""
    lines = scripted(["help"], seed=3)
    assert lines[-1] == "You left the table. Goodbye."
