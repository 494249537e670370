"""French: card names accepted as input, and the referee's messages in French."""

from __future__ import annotations

import string
from typing import Any

import pytest

from loveletter import (
    Card,
    Choose,
    Deal,
    Draw,
    Game,
    Layout,
    Play,
    SetupError,
    card_named,
    read_command,
)
from loveletter.cardrule import rule_of
from loveletter.serialization import state_from_json, to_json
from loveletter.words import _MESSAGES, a, any_, card_name, message, of, the

FRENCH = {
    "Espionne": Card.SPY,
    "Garde": Card.GUARD,
    "Prêtre": Card.PRIEST,
    "Baron": Card.BARON,
    "Servante": Card.HANDMAID,
    "Prince": Card.PRINCE,
    "Chancelier": Card.CHANCELLOR,
    "Roi": Card.KING,
    "Comtesse": Card.COUNTESS,
    "Princesse": Card.PRINCESS,
}


@pytest.mark.parametrize(("name", "card"), FRENCH.items())
def test_french_names_are_accepted_in_any_case_with_or_without_accents(
    name: str, card: Card
) -> None:
    """Garde, Prêtre, Servante... name their cards, however they are typed."""
    assert card_named(name) is card
    assert card_named(name.upper()) is card
    assert card_named(name.replace("ê", "e")) is card
    assert card_name(card, "fr") == name
    assert rule_of(card).french == name


def test_commands_and_json_take_french_names() -> None:
    """A command may name its cards in French, in Python and in JSON."""
    game = Game.arranged({"Anna": "Garde", "Ben": "Prêtre"}, pile=["Servante"])
    assert Play(player="Anna", card="Garde", target="Ben", guess="Prêtre") == Play(
        player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST
    )
    command = read_command(game, '{"play": {"player": "Anna", "card": "servante"}}')
    assert command == Play(player="Anna", card=Card.HANDMAID)


def test_every_message_has_the_same_fields_in_both_languages() -> None:
    """Each message template exists in English and French (to the player too), with the same fields.

    Said to the player, a message may leave out the player's name, and nothing else.
    """
    formatter = string.Formatter()
    for key, texts in _MESSAGES.items():
        assert len(texts) in (2, 4), key
        fields = [{name for _, name, _, _ in formatter.parse(text) if name} for text in texts]
        assert fields[0] == fields[1], key
        for addressed in fields[2:]:
            # Said to the player, it may leave out their name, or say it to them instead.
            to_player = {name for name in addressed if name.endswith("_to_player")}
            assert addressed - to_player <= fields[0], key
            assert fields[0] - addressed <= {
                "player",
                *(n[: -len("_to_player")] for n in to_player),
            }, key


def test_articles_and_elision() -> None:
    """French articles agree with the card and elide before a vowel."""
    assert [the(c, "fr") for c in (Card.GUARD, Card.HANDMAID, Card.SPY)] == [
        "le Garde",
        "la Servante",
        "l'Espionne",
    ]
    assert [a(c, "fr") for c in (Card.PRINCE, Card.COUNTESS)] == ["un Prince", "une Comtesse"]
    assert [any_(c, "fr") for c in (Card.BARON, Card.SPY)] == ["de Baron", "d'Espionne"]
    assert [of("Anna", "fr"), of("Ben", "fr"), of("Anna")] == ["d'Anna", "de Ben", "Anna's"]
    assert message("target_out", "fr", said="x", target="Ben") == "x : Ben a quitté la manche"


def french_table() -> Game:
    return Game.arranged(
        {"Anna": "Comtesse", "Ben": "Prêtre", "Carla": "Baron"}, pile=["Roi"], language="fr"
    )


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        (Play(player="Ben", card="Prêtre", target="Anna"), "c'est à Anna de jouer, pas à Ben"),
        (Play(player="Anna", card="Roi", target="Ben"), "il faut jouer la Comtesse"),
        (Play(player="Anna", card="Garde", target="Ben", guess="Roi"), "n'a pas de Garde en main"),
        (Play(player="Anna", card="Comtesse", target="Ben"), "une Comtesse ne désigne personne"),
        (Draw(player="Anna"), "Anna doit jouer une carte maintenant"),
        (Choose(player="Anna", keep="Roi", returned=("Comtesse",)), "choix de Chancelier d'Anna"),
        (Deal(), "la manche 1 est en cours"),
        (Play(player="Zoé", card="Garde"), "'Zoé' n'est pas à la table"),
    ],
)
def test_refusals_at_a_french_table_are_in_french(command: object, expected: str) -> None:
    """At a table whose language is French, a refusal says why in French."""
    refusal = french_table().check(command)  # type: ignore[arg-type]
    assert refusal is not None
    assert expected in refusal.message
    assert refusal.message[0].isupper()


def test_a_bad_deal_is_explained_in_french() -> None:
    """A deal that is not the deck names the extra and missing cards in French."""
    game = Game.arranged({"Anna": "Garde", "Ben": "Prêtre"}, pile=["Garde"], language="fr")
    game.apply(Play(player="Anna", card="Garde", target="Ben", guess="Prêtre"))
    bad = Layout(set_aside="Espionne", hands={"Anna": "Espionne", "Ben": "Garde"}, draw_pile=[])
    refusal = game.check(Deal(layout=bad))
    assert refusal is not None
    assert "cartes face visible" in refusal.message


def test_the_language_is_a_setting_of_the_table() -> None:
    """The language is kept with the table (and in its JSON); others are refused."""
    game = french_table()
    assert game.state.table.language == "fr"
    assert state_from_json(to_json(game.state)).table.language == "fr"
    with pytest.raises(SetupError, match="'de'"):
        Game.new(["Anna", "Ben"], language="de")


def test_every_event_is_told_in_french_and_in_the_second_person() -> None:
    """French narration covers every event, for a listener and for everyone."""
    from testkit.game_strategies import played_with_remedies

    from loveletter.events import (
        EVENT_CLASSES,
        CardDrawn,
        CardPlayed,
        HandDiscarded,
        PlayerKnockedOut,
        TokenAwarded,
    )
    from loveletter.narration import narrate
    from loveletter.views import redact

    told: set[type] = set()
    for seed in range(30):
        game = played_with_remedies(seed, language="fr")
        for event in game.events:
            for you in (None, "Anna"):
                sentence = narrate(redact(event, you), you=you, language="fr")
                assert sentence.endswith((".", "!")), sentence
                assert not any(word in sentence for word in (" plays ", " draws ", " the ")), (
                    sentence
                )
                about_player = (
                    CardDrawn,
                    CardPlayed,
                    HandDiscarded,
                    PlayerKnockedOut,
                    TokenAwarded,
                )
                if you is not None and isinstance(event, about_player) and event.player == you:
                    assert "Vous " in sentence or "vous " in sentence or "Votre " in sentence
            told.add(type(event))
    assert told == set(EVENT_CLASSES)


def test_a_game_in_the_terminal_in_french() -> None:
    """The terminal game asks, explains and tells in French, and plays to the end."""
    import re

    from loveletter.apps.play import TerminalGame

    options = re.compile(r"\(([^()]*)\) : $")
    said: list[str] = []
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        assert len(asked) < 20_000, f"the game keeps asking: {asked[-5:]}"
        found = options.search(prompt)
        if found and found.group(1) == "o/n":
            return "o"
        return found.group(1).split(", ")[0] if found else ""

    assert TerminalGame(players=3, seed=10, ask=ask, say=said.append, language="fr").run() == 0
    assert any(line.startswith("Votre main : ") for line in said)
    assert said[-1] in ("Vous gagnez la partie !",) or said[-1].endswith("gagne la partie.")


@pytest.mark.parametrize(
    ("options", "french"),
    [
        ({"players": ["Anna"] * 7}, "l'édition 2019 se joue de 2 à 6 joueurs, pas 7"),
        ({"players": ["Anna", "Anna"]}, "deux joueurs portent le même nom : Anna, Anna"),
        (
            {"players": ["Anna", "Ben"], "first": "Zoé"},
            "le premier joueur 'Zoé' n'est pas à la table (Anna, Ben)",
        ),
        (
            {"players": ["Anna", "Ben"], "tokens": {"Anna": 6}},
            "Anna commence avec 6 pions Faveur : l'objectif de 6 est déjà atteint",
        ),
        (
            {"players": ["Anna", "Ben", "Carla", "Dan", "Eve"], "edition": "classic"},
            "l'édition classique se joue de 2 à 4 joueurs, pas 5",
        ),
    ],
)
def test_a_french_table_is_refused_in_french(options: dict[str, Any], french: str) -> None:
    """A table set up in French is refused in French; the ruling id stays the same."""
    with pytest.raises(SetupError) as english:
        Game.new(seed=1, **options)
    with pytest.raises(SetupError) as refused:
        Game.new(seed=1, language="fr", **options)
    assert str(refused.value).startswith(french)
    assert refused.value.ruling == english.value.ruling
    assert str(refused.value) != str(english.value)


def test_an_arranged_french_table_names_the_card_in_french() -> None:
    """Naming two Princesses is refused in French, with the deck's ruling."""
    with pytest.raises(SetupError) as refused:
        Game.arranged({"Anna": "Princesse", "Ben": "Princesse"}, language="fr")
    assert str(refused.value) == (
        "plus de cartes Princesse sont nommées que le paquet 2019 n'en compte [LL19-SETUP-DECK]"
    )
