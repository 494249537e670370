"""Quiet turns move a round along and change nothing that matters."""

from __future__ import annotations

import pytest
from testkit.tables import both_editions, cards_on_table, table

from loveletter import Card, Game, LoveLetterError, Phase, PlayerKnockedOut, RoundEnded
from loveletter.games.quiet import play_quietly, quiet_play

QUIET_PILE = ["Priest", "Handmaid", "Baron", "Priest", "Handmaid", "Baron"]
HANDS = {"Anna": "Guard", "Ben": "Guard", "Carla": "Guard"}


@both_editions
def test_quiet_turns_keep_every_held_card(edition_name: str) -> None:
    """Each player plays the card just drawn: the cards held at the start stay held."""
    game = table(hands=HANDS, pile=QUIET_PILE, edition_name=edition_name)
    before = game.state
    events = play_quietly(game, turns=6)
    assert [hand[0] for hand in game.state.hands] == [Card.GUARD] * 3
    assert game.state.in_round == ("Anna", "Ben", "Carla")
    assert not any(isinstance(event, PlayerKnockedOut) for event in events)
    assert [len(discards) for discards in game.state.discards] == [2, 2, 2]
    assert cards_on_table(game.state) == cards_on_table(before)


def test_a_chancellor_keeps_the_card_held_and_returns_the_drawn_ones() -> None:
    """A quiet Chancellor keeps the old card; the two it drew go under the pile in order."""
    game = table(hands={"Anna": "Spy", "Ben": "Guard"}, pile=["Chancellor", "Priest", "Baron"])
    play_quietly(game, turns=1)
    state = game.state
    assert state.hand("Anna") == (Card.SPY,)
    assert state.draw_pile[-2:] == (Card.PRIEST, Card.BARON)
    assert state.phase is Phase.PLAY
    assert state.player_to_act == "Ben"


def test_until_pile_stops_at_the_turn_that_leaves_that_many_cards() -> None:
    game = Game.arranged({"Anna": "Guard", "Ben": "Guard"})
    play_quietly(game, until_pile=6)
    assert len(game.state.draw_pile) == 6
    assert not game.state.round_over


def test_without_a_limit_the_round_is_played_to_its_showdown() -> None:
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        set_aside="Princess",
        face_up=["King", "Countess", "Chancellor"],
        pile=["Guard"] * 6 + ["Priest", "Priest", "Baron", "Baron", "Handmaid", "Handmaid"],
    )
    events = play_quietly(game)
    ended = [event for event in events if isinstance(event, RoundEnded)]
    assert len(ended) == 1
    assert ended[0].winners == ("Anna", "Ben")
    assert game.state.round_over


@pytest.mark.parametrize("drawn", ["Prince", "Princess"])
def test_a_prince_or_the_princess_is_never_played_quietly(drawn: str) -> None:
    game = table(hands={"Anna": "Guard", "Ben": "Priest"}, pile=[drawn])
    with pytest.raises(LoveLetterError, match=f"Anna holds Guard and drew {drawn}"):
        quiet_play(game)
    assert game.state.hand("Anna") == (Card.GUARD, Card[drawn.upper()])


def test_a_baron_is_quiet_only_against_an_equal_card() -> None:
    game = table(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Guard"}, pile=["Baron"])
    assert quiet_play(game).target == "Carla"


def test_more_turns_than_the_round_lasts_are_refused() -> None:
    """Asking for more turns than are left plays the round out, then says so."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        set_aside="Princess",
        face_up=["King", "Countess", "Chancellor"],
        pile=["Guard"] * 6 + ["Priest", "Priest", "Baron", "Baron", "Handmaid", "Handmaid"],
    )
    whole = game.copy()
    turns = 0
    while not whole.state.round_over:
        play_quietly(whole, turns=1)
        turns += 1
    assert turns == 15  # the first player's card, then one draw per turn for 14 cards
    with pytest.raises(LoveLetterError, match=f"the round ended after {turns} quiet turns"):
        play_quietly(game, turns=turns + 1)
    assert game.state.round_over


def test_turns_and_until_pile_are_exclusive() -> None:
    game = Game.arranged({"Anna": "Guard", "Ben": "Guard"})
    with pytest.raises(ValueError, match="not both"):
        play_quietly(game, turns=1, until_pile=3)
