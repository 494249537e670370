"""Every registered edition, the test edition included, at its largest table.

Random games, the bots, ``simulate``, the narration in both languages and the terminal
game run on each edition the library knows (``loveletter.EDITIONS``): the built-in ones
and the Court of ``court.py``, which none of this code names.
"""

from __future__ import annotations

import random
import re

import pytest
from testkit.game_strategies import edition_names

from loveletter import Game, edition, redact
from loveletter.apps.play import TerminalGame
from loveletter.bots import make_bot
from loveletter.games.simulate import simulate
from loveletter.narration import narrate
from loveletter.setup import seat_names
from loveletter.views import view_for
from loveletter.words import card_name

OPTIONS = re.compile(r"\(([^()]*)\): $")


def test_the_test_edition_is_registered() -> None:
    """The loops below see three editions: 2019, classic and the test edition."""
    assert edition_names() == ["2019", "classic", "court"]


def played(name: str, seed: int) -> Game:
    """A whole game at the edition's largest table, played by heuristic bots."""
    ed = edition(name)
    players = seat_names(ed.max_players)
    game = Game.new(players, edition=name, seed=seed)
    bots = {player: make_bot("heuristic", seed=seed + seat) for seat, player in enumerate(players)}
    for player, bot in bots.items():
        bot.player = player
    while not game.over:
        player = game.state.player_to_act
        if player is None:
            command = game.legal_commands()[0]  # the next deal
        else:
            command = bots[player].choose(view_for(game.state, player))
        for event in game.apply(command):
            for seat_player, bot in bots.items():
                bot.observe(redact(event, seat_player))
    return game


@pytest.mark.parametrize("name", edition_names())
def test_bots_play_whole_games_at_the_largest_table(name: str) -> None:
    """Heuristic bots finish games at the edition's largest table, every command legal."""
    for seed in range(3):
        game = played(name, seed)
        assert game.state.game_winners


@pytest.mark.parametrize("name", edition_names())
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_event_is_told_in_both_languages(name: str, language: str) -> None:
    """Every event, as each player saw it and as everyone did, in a sentence in the
    language, naming cards by their names in that language."""
    ed = edition(name)
    other = "fr" if language == "en" else "en"
    foreign = {
        card_name(card, other)
        for card in ed.cards
        if card_name(card, other) != card_name(card, language)
    }
    game = played(name, 11)
    for event in game.events:
        for listener in (None, *game.state.players[:3]):
            sentence = narrate(redact(event, listener), you=listener, language=language)
            assert sentence[-1] in ".!", sentence
            assert "{" not in sentence, sentence
            words = set(re.findall(r"\w+", sentence))
            assert not words & foreign, sentence


@pytest.mark.parametrize("name", edition_names())
def test_simulate_seats_the_largest_table(name: str) -> None:
    """A simulation of the edition's largest table counts a token for every round won."""
    ed = edition(name)
    summary = simulate(games=4, players=ed.max_players, edition=name, seed=3)
    assert sum(bot.games for bot in summary.bots) == 4 * ed.max_players
    tokens = summary.showdown_tokens + summary.survivor_tokens + summary.spy_tokens
    assert tokens >= summary.rounds


@pytest.mark.parametrize("name", edition_names())
def test_the_terminal_game_seats_the_largest_table(name: str) -> None:
    """A scripted player takes the first choice offered at every prompt, to the game's end,
    among bots in every other seat."""
    ed = edition(name)
    said: list[str] = []
    asked: list[str] = []
    pick = random.Random(5)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        assert len(asked) < 20_000, f"the game keeps asking: {asked[-5:]}"
        found = OPTIONS.search(prompt)
        options = found.group(1) if found else ""
        if options == "y/n":
            return "y"
        return pick.choice(options.removesuffix(", or Enter").split(", ")) if found else ""

    game = TerminalGame(
        players=ed.max_players,
        edition=name,
        seed=4,
        bots=("heuristic", "random"),
        ask=ask,
        say=said.append,
    )
    assert game.run() == 0
    assert len(game.names) == ed.max_players
    assert any(line.endswith("wins the game.") or line == "You win the game!" for line in said)


def test_the_terminal_game_asks_for_each_player_a_card_chooses() -> None:
    """The Cardinal chooses two players: the terminal game asks twice, then plays it."""
    said: list[str] = []
    asked: list[str] = []
    answers = iter(["cardinal", "ben", "carla"])

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(answers, "quit")

    TerminalGame(players=4, edition="court", seed=8, ask=ask, say=said.append).run()
    assert asked[1:3] == [
        "Choose a player (Anna, Ben, Carla): ",
        "Choose a player (Anna, Carla): ",
    ]
    assert "  You play the Cardinal on Ben and Carla." in said
