"""Cards: kinds and names, and the playing-card labels of the 2019 deck played with a
poker deck (issue: a table that plays with standard cards enters what it sees)."""

from __future__ import annotations

from collections import Counter

import pytest

from loveletter import Card, Game, Play, card_named, edition
from loveletter.cards import PLAYING_CARD_LABELS

POKER_DECK = {
    "Joker": Card.SPY,
    "A♠": Card.GUARD,
    "A♥": Card.GUARD,
    "A♦": Card.GUARD,
    "A♣": Card.GUARD,
    "J♠": Card.GUARD,
    "J♣": Card.GUARD,
    "2♠": Card.PRIEST,
    "2♣": Card.PRIEST,
    "3♠": Card.BARON,
    "3♣": Card.BARON,
    "4♠": Card.HANDMAID,
    "4♣": Card.HANDMAID,
    "5♠": Card.PRINCE,
    "5♣": Card.PRINCE,
    "6♠": Card.CHANCELLOR,
    "6♣": Card.CHANCELLOR,
    "7♥": Card.KING,
    "8♥": Card.COUNTESS,
    "Q♥": Card.PRINCESS,
}


@pytest.mark.parametrize(("label", "card"), POKER_DECK.items())
def test_each_playing_card_names_its_kind(label: str, card: Card) -> None:
    """Each playing card of the mapping names its kind, with the suit as a symbol or a letter."""
    letters = label.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    assert card_named(label) is card
    assert card_named(letters) is card
    assert card_named(letters.lower()) is card
    assert label in card.labels


def test_the_labels_are_a_whole_2019_deck() -> None:
    """One label per copy: the labels of all kinds are exactly the 2019 deck."""
    counts = Counter({card: len(labels) for card, labels in PLAYING_CARD_LABELS.items()})
    assert counts == Counter(edition("2019").deck)


@pytest.mark.parametrize("label", ["K♥", "9♠", "10H", "2♥", "8♠", "Q♠", "joke"])
def test_other_playing_cards_are_no_card(label: str) -> None:
    """Playing cards outside the mapping name nothing."""
    assert card_named(label) is None


def test_labels_are_accepted_in_commands_and_json() -> None:
    """A table playing with a poker deck can enter the labels it sees."""
    game = Game.arranged({"Anna": "A♠", "Ben": "2♣", "Carla": "3♠"}, pile=["Q♥"])
    assert game.state.hand("Anna") == (Card.GUARD, Card.PRINCESS)
    assert Play(player="Anna", card="AS", target="Ben", guess="2C") == Play(
        player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST
    )
    command = game.read_command(
        '{"play": {"player": "Anna", "card": "J♣", "target": "Ben", "guess": "2♠"}}'
    )
    events = game.apply(command)
    assert events[1].hit  # type: ignore[union-attr]


def test_a_label_is_unknown_at_a_table_without_that_kind() -> None:
    """6♠ is a Chancellor: a classic table has none, so naming it is refused as UNKNOWN_CARD."""
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, edition="classic")
    refusal = game.check(Play(player="Anna", card="A♠", target="Ben", guess="6♠"))
    assert refusal is not None
    assert refusal.reason.value == "UNKNOWN_CARD"
