"""The playing-card rendition's labels (LL19-LABELS, LL19-LABELS-EDITION) and the French
aid's names (LL19-NAMES-FR): what people write for a card, read wherever a card is named."""

from __future__ import annotations

import json
from collections import Counter

import attrs
import pytest
from testkit.tables import assert_refused

from loveletter import (
    Card,
    Game,
    GuardGuessed,
    IllegalCommandError,
    Play,
    Reason,
    SetupError,
    card_named,
    edition,
    read_command,
)
from loveletter.apps.play import TerminalGame
from loveletter.cards import PLAYING_CARD_LABELS
from loveletter.games.scenarios import parse_lines, run

RENDITION = {
    "★": Card.SPY,
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


# -- LL19-LABELS ---------------------------------------------------------------------------


@pytest.mark.parametrize(("label", "card"), RENDITION.items())
@pytest.mark.ruling("LL19-LABELS")
def test_ll19_labels_each_playing_card_names_its_kind(label: str, card: Card) -> None:
    """Each playing card of the rendition names its kind, with the suit as a symbol or a letter."""
    letters = label.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    assert card_named(label) is card
    assert card_named(letters) is card
    assert card_named(letters.lower()) is card
    assert edition("2019").parse_card(label) is card
    assert label in card.labels


@pytest.mark.ruling("LL19-LABELS")
def test_ll19_labels_the_spies_are_stars_and_jokers_are_read() -> None:
    """The two Spies are written ★; "Joker" is read too, as is the joker's emoji."""
    assert Card.SPY.labels == ("★", "★")
    assert [card_named(text) for text in ("★", "Joker", "JOKER", "🃏")] == [Card.SPY] * 4


@pytest.mark.ruling("LL19-LABELS")
def test_ll19_labels_are_a_whole_2019_deck() -> None:
    """One label per copy: the labels of all kinds are exactly the 2019 deck."""
    counts = Counter({card: len(labels) for card, labels in PLAYING_CARD_LABELS.items()})
    assert counts == Counter(edition("2019").deck)
    assert dict(edition("2019").labels) == PLAYING_CARD_LABELS


@pytest.mark.parametrize("label", ["K♥", "9♠", "10H", "2♥", "8♠", "Q♠"])
@pytest.mark.ruling("LL19-LABELS")
def test_ll19_labels_other_playing_cards_are_no_card(label: str) -> None:
    """Playing cards outside the rendition name nothing, and a Guard naming one is refused."""
    assert card_named(label) is None
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"])
    text = json.dumps(
        {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": label}}
    )
    with pytest.raises(IllegalCommandError) as refused:
        read_command(game, text)
    assert (refused.value.reason, refused.value.ruling) == (Reason.UNKNOWN_CARD, "LL19-LABELS")


@pytest.mark.ruling("LL19-LABELS")
def test_ll19_labels_a_guard_naming_the_star_names_the_spy() -> None:
    """A Guard naming "★" names the Spy: in a Python command, in JSON and in a scenario."""
    game = Game.arranged({"Anna": "Guard", "Ben": "Spy"}, pile=["Guard"])
    assert game.check(Play(player="Anna", card="A♠", target="Ben", guess="★")) is None
    command = read_command(
        game, '{"play": {"player": "Anna", "card": "J♣", "target": "Ben", "guess": "★"}}'
    )
    assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY)
    events = game.apply(command)
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.SPY, hit=True) in events
    line = json.dumps(
        {
            "id": "star",
            "players": ["Anna", "Ben"],
            "first": "Anna",
            "deal": {
                "set_aside": "Q♥",
                "face_up": ["A♥", "A♦", "A♣"],
                "hands": {"Anna": "A♠", "Ben": "★"},
                "draw_pile": [
                    "J♠",
                    "J♣",
                    "★",
                    "2♠",
                    "2♣",
                    "3♠",
                    "3♣",
                    "4♠",
                    "4♣",
                    "5♠",
                    "5♣",
                    "6♠",
                    "6♣",
                    "7♥",
                    "8♥",
                ],
            },
            "steps": [
                {"play": {"player": "Anna", "card": "A♠", "target": "Ben", "guess": "★"}},
                {"expect": {"out": ["Ben"], "round_over": True}},
            ],
        }
    )
    (scenario,) = parse_lines([line])
    assert run(scenario).passed


@pytest.mark.ruling("LL19-LABELS")
def test_ll19_labels_are_read_by_game_arranged_and_the_terminal_game() -> None:
    """Game.arranged deals labels, and the terminal game reads them as answers."""
    game = Game.arranged({"Anna": "A♠", "Ben": "2♣", "Carla": "★"}, pile=["Q♥"])
    assert game.state.hand("Anna") == (Card.GUARD, Card.PRINCESS)
    assert game.state.hand("Carla") == (Card.SPY,)
    terminal = TerminalGame(players=2, seed=1, ask=lambda _: "quit", say=lambda _: None)
    assert terminal._card(edition("2019"), "★", [Card.SPY]) is Card.SPY


# -- LL19-LABELS-EDITION ------------------------------------------------------------------


@pytest.mark.parametrize("label", ["8", "8♥", "J♠", "A♠", "★"])
@pytest.mark.ruling("LL19-LABELS-EDITION")
def test_ll19_labels_edition_a_classic_table_reads_no_label(label: str) -> None:
    """At a classic table a label is refused, saying labels belong to the 2019 rendition.

    "8" is still read, as the classic Princess's value, never as a label.
    """
    classic = edition("classic")
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"], edition="classic")
    if label == "8":
        assert classic.parse_card(label) is Card.PRINCESS
        return
    assert classic.parse_card(label) is None
    text = json.dumps(
        {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": label}}
    )
    with pytest.raises(IllegalCommandError) as refused:
        read_command(game, text)
    error = refused.value
    assert (error.reason, error.ruling) == (Reason.UNKNOWN_CARD, "LL19-LABELS-EDITION")
    assert "2019" in error.refusal.message
    with pytest.raises(SetupError) as dealt:
        Game.arranged({"Anna": label, "Ben": "Priest"}, edition="classic")
    assert dealt.value.ruling == "LL19-LABELS-EDITION"


@pytest.mark.parametrize(
    "command",
    [
        Play(player="Anna", card="J♠", target="Ben", guess="Priest"),
        Play(player="Anna", card="Guard", target="Ben", guess="Q♥"),
        Play(player="Anna", card="Guard", target="Ben", guess="★"),
    ],
)
@pytest.mark.ruling("LL19-LABELS-EDITION")
def test_ll19_labels_edition_python_commands_given_labels_are_refused_too(
    command: Play,
) -> None:
    """A Python command remembers the labels it was given: a classic table refuses them
    (UNKNOWN_CARD, the state untouched), a 2019 table plays them as the cards they stand
    for. A command given names is the same value, and is accepted at both."""
    assert command.labels_given
    classic = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"], edition="classic")
    before = classic.state
    refusal = classic.check(command)
    assert refusal is not None
    assert (refusal.reason, refusal.ruling) == (Reason.UNKNOWN_CARD, "LL19-LABELS-EDITION")
    assert "2019" in refusal.message
    with pytest.raises(IllegalCommandError):
        classic.apply(command)
    assert classic.state == before
    named = attrs.evolve(command)  # rebuilt from its cards: no labels
    assert named == command
    assert not named.labels_given
    if named.guess is not Card.SPY:
        assert classic.check(named) is None
    modern = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"])
    assert modern.check(command) is None


@pytest.mark.ruling("LL19-LABELS-EDITION")
def test_ll19_labels_edition_the_terminal_game_says_why() -> None:
    """The classic terminal game refuses a label and says that labels are the 2019 edition's."""
    said: list[str] = []
    terminal = TerminalGame(
        players=2, edition="classic", seed=1, ask=lambda _: "quit", say=said.append
    )
    assert terminal._card(edition("classic"), "Q♥", [Card.PRINCESS]) is None
    assert "2019" in said[-1]


# -- LL19-NAMES-FR -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "card"),
    [
        ("Espionne", Card.SPY),
        ("Garde", Card.GUARD),
        ("Prêtre", Card.PRIEST),
        ("Baron", Card.BARON),
        ("Servante", Card.HANDMAID),
        ("Prince", Card.PRINCE),
        ("Chancelier", Card.CHANCELLOR),
        ("Roi", Card.KING),
        ("Comptesse", Card.COUNTESS),
        ("Comtesse", Card.COUNTESS),
        ("Princesse", Card.PRINCESS),
    ],
)
@pytest.mark.ruling("LL19-NAMES-FR")
def test_ll19_names_fr_the_french_aids_names_are_read(name: str, card: Card) -> None:
    """The French aid's names, "Comptesse" too, are read in any letter case, accents or not."""
    folded = name.upper().replace("Ê", "E")
    for text in (name, folded):
        assert card_named(text) is card
        assert edition("2019").parse_card(text) is card


@pytest.mark.ruling("LL19-NAMES-FR")
def test_ll19_names_fr_the_referee_writes_comtesse_and_the_aids_words() -> None:
    """French messages write "Comtesse", "pions Faveur", and "quitte la manche"."""
    game = Game.arranged(
        {"Anna": "Guard", "Ben": "Countess"}, pile=["Guard"], tokens={"Ben": 1}, language="fr"
    )
    refusal = game.check(Play(player="Anna", card="Garde", target="Ben", guess="Comptesse"))
    assert refusal is None
    from loveletter.narration import narrate_all

    told = narrate_all(
        game.apply(Play(player="Anna", card="Garde", target="Ben", guess="Comptesse")),
        language="fr",
    )
    assert "Anna joue le Garde sur Ben, en nommant la Comtesse." in told
    assert any("Ben quitte la manche" in line for line in told)
    assert any("un pion Faveur" in line for line in told)
    refusal = game.check(Play(player="Ben", card="Garde"))
    assert refusal is not None
    assert (
        refusal.message
        == "Le Garde de Ben : la manche 1 est finie ; il faut d'abord distribuer la suivante"
    )
    assert_refused(game, Play(player="Ben", card="Garde"), Reason.ROUND_OVER, "LL19-Q19")
