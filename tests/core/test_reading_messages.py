"""Reading a client's message: one safe call, with the sender checked first, every reader
showing its real signature, and each malformed input named for what it is."""

from __future__ import annotations

import inspect
import json

import pytest

from loveletter import (
    Card,
    ForbiddenCommandError,
    Game,
    IllegalCommandError,
    InvalidCommandError,
    Play,
    Reason,
    read_command,
)
from loveletter import serialization as readers
from loveletter.serialization import to_data, view_from_json
from loveletter.views import view_for


@pytest.fixture
def game() -> Game:
    return Game.arranged({"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"}, pile=["Spy"])


def test_a_command_for_another_player_is_forbidden_before_any_rule(game: Game) -> None:
    """Ben may not send Anna's play, even one that names no card, nor the table's deal."""
    for text in (
        '{"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "Priest"}}',
        '{"play": {"player": "Anna", "card": "Jester"}}',
        '{"deal": null}',
        '{"redeal": null}',
    ):
        with pytest.raises(ForbiddenCommandError) as forbidden:
            read_command(game, text, sender="Ben")
        assert forbidden.value.sender == "Ben"
    own = read_command(game, '{"draw": "Ben"}', sender="Ben")
    assert own.player == "Ben"  # type: ignore[union-attr]  # read; the referee refuses it


def test_read_command_takes_a_size_cap(game: Game) -> None:
    text = json.dumps({"draw": "Anna", "format": 1}) + " " * 100
    with pytest.raises(InvalidCommandError, match="larger than 50"):
        read_command(game, text, max_size=50)


@pytest.mark.parametrize(
    "name",
    [
        "command_from_json",
        "state_from_json",
        "log_from_json",
        "view_from_json",
        "refusal_from_json",
        "event_from_data",
        "read_command",
    ],
)
def test_every_reader_shows_its_real_signature(name: str) -> None:
    parameters = inspect.signature(getattr(readers, name)).parameters
    assert "args" not in parameters
    assert "kwargs" not in parameters


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{}", "expected one of 'draw', 'play'"),
        ('{"play": {"player": "Anna", "card": 1.0}}', "whole number, got 1.0"),
        (b'{"draw": "\xff"}', "not UTF-8 text: byte 0xff"),
    ],
)
def test_malformed_input_is_named_for_what_it_is(game: Game, text: str | bytes, words: str) -> None:
    with pytest.raises(InvalidCommandError, match=words):
        read_command(game, text)


def test_a_views_problem_names_the_player_once_quoted() -> None:
    game = Game.new(["Anna", "Ben"], seed=7, first="Anna")
    data = to_data(view_for(game.state, "Anna"))
    data["view"]["seats"][0]["hand"] = ["Guard"]
    with pytest.raises(InvalidCommandError) as bad:
        view_from_json(json.dumps(data))
    assert "''" not in str(bad.value)
    assert "'Anna'" in str(bad.value)


def test_a_spy_at_a_classic_table_cites_the_classic_deck() -> None:
    """The classic deck has no Spy: played, it cites the classic deck (LLC-DECK); named by a
    Guard, the classic Guard's names (LLC-GUARD-NAMES)."""
    game = Game.arranged({"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"], edition="classic")
    for text, ruling in (
        ('{"play": {"player": "Anna", "card": "Spy"}}', "LLC-DECK"),
        (
            '{"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "Spy"}}',
            "LLC-GUARD-NAMES",
        ),
    ):
        with pytest.raises(IllegalCommandError) as refused:
            read_command(game, text)
        assert (refused.value.reason, refused.value.ruling) == (Reason.UNKNOWN_CARD, ruling)
        assert "the classic edition has no Spy" in refused.value.refusal.message
    assert Card.SPY not in game.table.edition.cards


def test_checking_writes_no_text_until_the_refusal_is_read(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    """check() and is_legal() build no message: the words are written when read, in any
    language, to the player or of them."""
    import loveletter.refusals

    written: list[str] = []
    real = loveletter.refusals.message

    def counted(key: str, *args: object, **fields: object) -> str:
        written.append(key)
        return real(key, *args, **fields)  # type: ignore[arg-type]

    monkeypatch.setattr(loveletter.refusals, "message", counted)
    wrong = Play(player="Ben", card=Card.BARON, target="Anna")
    assert not game.is_legal(wrong)
    refusal = game.check(wrong)
    assert refusal is not None
    assert written == []
    assert refusal.render("fr", you=True).startswith("Votre Baron")
    assert refusal.render("en").startswith("Ben's Baron")
    assert written == ["not_your_turn", "not_your_turn"]
