"""The Guard (1): name a card other than Guard; if the target holds it, they are out."""

from __future__ import annotations

import pytest
from testkit.tables import assert_refused, both_editions, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    GuardGuessed,
    InvalidCommandError,
    KnockOutCause,
    Play,
    PlayerKnockedOut,
    ProtectionEnded,
    Reason,
    Shown,
)
from loveletter.serialization import command_from_data


def guard_play(guess: str | int) -> dict[str, object]:
    """Anna's Guard on Ben, naming ``guess``, in the JSON shape of a command."""
    return {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": guess}}


# -- LL19-GUARD-HIT ----------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-GUARD-HIT")
def test_ll19_guard_hit_knocks_the_target_out(edition_name: str) -> None:
    """Naming the card the target holds knocks them out, their card face up."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Prince", "Carla": "Baron"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
    assert events == (
        CardPlayed(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE),
        GuardGuessed(player="Anna", target="Ben", guess=Card.PRINCE, hit=True),
        PlayerKnockedOut(player="Ben", cause=KnockOutCause.GUARD, discarded=(Card.PRINCE,)),
        CardDrawn(player="Carla", card=Card.HANDMAID),
    )
    state = game.state
    assert state.is_out("Ben")
    assert state.in_round == ("Anna", "Carla")
    assert state.hand("Ben") == ()
    assert state.discards_of("Ben") == (Card.PRINCE,)
    assert state.hand("Anna") == (Card.PRIEST,)
    assert state.discards_of("Anna") == (Card.GUARD,)
    assert state.player_to_act == "Carla"
    assert state.hand("Carla") == (Card.BARON, Card.HANDMAID)


@both_editions
@pytest.mark.ruling("LL19-GUARD-HIT")
def test_ll19_guard_hit_on_the_last_opponent_ends_the_round(edition_name: str) -> None:
    """A hit on the only other player still in leaves the Guard's player the last survivor."""
    game = table(hands={"Anna": "Priest", "Ben": "King"}, pile=["Guard"], edition_name=edition_name)
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
    state = game.state
    assert state.is_out("Ben")
    assert state.discards_of("Ben") == (Card.KING,)
    assert state.round_over
    assert state.round_winners == ("Anna",)


@both_editions
@pytest.mark.ruling("LL19-GUARD-HIT")
def test_ll19_guard_hit_only_a_guard_names_a_card(edition_name: str) -> None:
    """A card other than a Guard may not name a card."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Prince", "Carla": "Baron"},
        pile=["Priest"],
        edition_name=edition_name,
    )
    command = Play(player="Anna", card=Card.PRIEST, target="Ben", guess=Card.PRINCE)
    assert_refused(game, command, Reason.GUESS_NOT_ALLOWED, "LL19-GUARD-HIT")


# -- LL19-GUARD-MISS ---------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-GUARD-MISS")
def test_ll19_guard_miss_does_nothing(edition_name: str) -> None:
    """A wrong guess knocks nobody out, moves no card and shows nobody anything."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Prince", "Carla": "Baron"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON))
    assert events == (
        CardPlayed(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON),
        GuardGuessed(player="Anna", target="Ben", guess=Card.BARON, hit=False),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    state = game.state
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.hand("Ben") == (Card.PRINCE, Card.HANDMAID)
    assert state.discards_of("Ben") == ()
    assert state.hand("Carla") == (Card.BARON,)
    assert state.hand("Anna") == (Card.PRIEST,)
    assert state.discards_of("Anna") == (Card.GUARD,)
    assert state.shown == ()
    assert not any(state.is_protected(p) for p in state.players)


# -- LL19-GUARD-NOT-GUARD ----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-GUARD-NOT-GUARD")
def test_ll19_guard_not_guard_even_when_the_target_is_known_to_hold_one(
    edition_name: str,
) -> None:
    """A Guard may not name Guard, even after a Priest showed that the target holds one."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Guard", "Carla": "Baron"},
        pile=["Priest", "Countess", "Handmaid", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    game.apply(Play(player="Ben", card=Card.COUNTESS))
    game.apply(Play(player="Carla", card=Card.HANDMAID))
    assert Shown(viewer="Anna", owner="Ben", card=Card.GUARD, by=Card.PRIEST) in game.state.shown
    assert game.state.hand("Anna") == (Card.GUARD, Card.GUARD)

    command = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD)
    assert_refused(game, command, Reason.GUESS_GUARD, "LL19-GUARD-NOT-GUARD")
    legal = list(game.legal_commands())
    assert Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST) in legal
    assert all(isinstance(c, Play) and c.guess is not Card.GUARD for c in legal)


# -- LL19-GUARD-NAME-SPY -----------------------------------------------------------------


@pytest.mark.ruling("LL19-GUARD-NAME-SPY")
def test_ll19_guard_name_spy_hits_a_spy() -> None:
    """A Guard may name Spy, and naming it knocks out a player holding a Spy."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Spy", "Carla": "Baron"}, pile=["Guard", "Handmaid"]
    )
    command = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY)
    assert command in list(game.legal_commands())
    events = game.apply(command)
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.SPY, hit=True) in events
    assert PlayerKnockedOut(player="Ben", cause=KnockOutCause.GUARD, discarded=(Card.SPY,)) in (
        events
    )
    assert game.state.in_round == ("Anna", "Carla")
    assert game.state.discards_of("Ben") == (Card.SPY,)


@pytest.mark.ruling("LL19-GUARD-NAME-SPY")
def test_ll19_guard_name_spy_misses_a_player_without_one() -> None:
    """Naming Spy at a player who holds no Spy is a legal miss."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Spy"}, pile=["Guard", "Handmaid"]
    )
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.SPY, hit=False) in events
    assert game.state.in_round == ("Anna", "Ben", "Carla")


@pytest.mark.ruling("LL19-GUARD-NAME-SPY", "LLC-GUARD-NAMES")
def test_ll19_guard_name_spy_is_unknown_in_the_classic_edition() -> None:
    """The classic deck has no Spy, so a classic Guard naming Spy is refused."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Guard"],
        edition_name="classic",
    )
    command = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY)
    assert_refused(game, command, Reason.UNKNOWN_CARD, "LLC-GUARD-NAMES")


# -- LL19-GUARD-NAME-ABSENT --------------------------------------------------------------


@both_editions
@pytest.mark.parametrize("guess", [Card.KING, Card.COUNTESS, Card.PRINCESS])
@pytest.mark.ruling("LL19-GUARD-NAME-ABSENT")
def test_ll19_guard_name_absent_face_up_card_is_a_legal_miss(
    edition_name: str, guess: Card
) -> None:
    """Naming a card whose only copy lies face up is legal, and misses."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Prince"},
        pile=["Guard", "Handmaid"],
        face_up=["King", "Countess", "Princess"],
        edition_name=edition_name,
    )
    command = Play(player="Anna", card=Card.GUARD, target="Ben", guess=guess)
    assert game.check(command) is None
    assert command in list(game.legal_commands())
    events = game.apply(command)
    assert GuardGuessed(player="Anna", target="Ben", guess=guess, hit=False) in events
    assert game.state.in_round == ("Anna", "Ben")
    assert game.state.hand("Ben") == (Card.PRINCE, Card.HANDMAID)


@both_editions
@pytest.mark.ruling("LL19-GUARD-NAME-ABSENT")
def test_ll19_guard_name_absent_card_in_your_own_hand_is_a_legal_miss(
    edition_name: str,
) -> None:
    """Naming the only Princess while holding her yourself is legal, and misses."""
    game = table(
        hands={"Anna": "Princess", "Ben": "Baron", "Carla": "Priest"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    command = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCESS)
    assert game.check(command) is None
    events = game.apply(command)
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.PRINCESS, hit=False) in events
    assert game.state.in_round == ("Anna", "Ben", "Carla")
    assert game.state.hand("Anna") == (Card.PRINCESS,)


@both_editions
@pytest.mark.ruling("LL19-GUARD-NAME-ABSENT")
def test_ll19_guard_name_absent_card_already_discarded_is_a_legal_miss(
    edition_name: str,
) -> None:
    """Naming the King after the only King was played is legal, and misses."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["King", "Countess", "Guard", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.KING, target="Ben"))  # Anna now holds the Baron
    game.apply(Play(player="Ben", card=Card.COUNTESS))
    game.apply(Play(player="Carla", card=Card.GUARD, target="Anna", guess=Card.PRIEST))
    assert game.state.discards_of("Anna") == (Card.KING,)
    command = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING)
    assert game.check(command) is None
    events = game.apply(command)
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.KING, hit=False) in events
    assert game.state.in_round == ("Anna", "Ben", "Carla")


# -- LL19-GUARD-GUESS-REQUIRED -----------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-GUARD-GUESS-REQUIRED")
def test_ll19_guard_guess_required_with_a_target(edition_name: str) -> None:
    """A Guard aimed at a player must name a card."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Prince", "Carla": "Baron"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    command = Play(player="Anna", card=Card.GUARD, target="Ben")
    assert_refused(game, command, Reason.GUESS_REQUIRED, "LL19-GUARD-GUESS-REQUIRED")


@both_editions
@pytest.mark.ruling("LL19-GUARD-GUESS-REQUIRED")
def test_ll19_guard_guess_required_not_when_nobody_can_be_chosen(edition_name: str) -> None:
    """A Guard with no legal target is played naming nothing, and does nothing."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron"},
        pile=["Handmaid", "Guard", "Countess"],
        first="Ben",
        edition_name=edition_name,
    )
    game.apply(Play(player="Ben", card=Card.HANDMAID))
    assert game.state.hand("Anna") == (Card.PRIEST, Card.GUARD)

    naming = Play(player="Anna", card=Card.GUARD, guess=Card.BARON)
    assert_refused(game, naming, Reason.GUESS_NOT_ALLOWED, "LL19-Q09")
    aimed = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON)
    assert_refused(game, aimed, Reason.TARGET_PROTECTED, "LL19-TARGET-PROTECTED")
    guard_plays = [c for c in game.legal_commands() if isinstance(c, Play) and c.card is Card.GUARD]
    assert guard_plays == [Play(player="Anna", card=Card.GUARD)]

    events = game.apply(Play(player="Anna", card=Card.GUARD))
    assert events == (
        CardPlayed(player="Anna", card=Card.GUARD),
        ProtectionEnded(player="Ben"),
        CardDrawn(player="Ben", card=Card.COUNTESS),
    )
    assert game.state.in_round == ("Anna", "Ben")
    assert game.state.hand("Ben") == (Card.BARON, Card.COUNTESS)


# -- LL19-GUARD-NUMBER -------------------------------------------------------------------

VALUES = {
    "2019": {
        0: Card.SPY,
        2: Card.PRIEST,
        3: Card.BARON,
        4: Card.HANDMAID,
        5: Card.PRINCE,
        6: Card.CHANCELLOR,
        7: Card.KING,
        8: Card.COUNTESS,
        9: Card.PRINCESS,
    },
    "classic": {
        2: Card.PRIEST,
        3: Card.BARON,
        4: Card.HANDMAID,
        5: Card.PRINCE,
        6: Card.KING,
        7: Card.COUNTESS,
        8: Card.PRINCESS,
    },
}


@both_editions
@pytest.mark.ruling("LL19-GUARD-NUMBER")
def test_ll19_guard_number_each_value_names_one_card(edition_name: str) -> None:
    """Every value other than 1 names the one card of that value in the edition."""
    game = table(hands={"Anna": "Priest", "Ben": "Baron"}, edition_name=edition_name)
    ed = game.state.edition
    for value, card in VALUES[edition_name].items():
        assert ed.parse_card(str(value)) is card
        assert ed.parse_card(value) is card
        assert ed.parse_card(card.value.upper()) is card


@both_editions
@pytest.mark.parametrize("seven", ["7", 7])
@pytest.mark.ruling("LL19-GUARD-NUMBER")
def test_ll19_guard_number_seven_hits_the_card_worth_seven(
    edition_name: str, seven: str | int
) -> None:
    """Naming "7" is naming the card worth 7: the King in 2019, the Countess in classic."""
    worth_seven = VALUES[edition_name][7]
    game = table(
        hands={"Anna": "Priest", "Ben": worth_seven, "Carla": "Baron"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    command = command_from_data(guard_play(seven), game.state.edition)
    assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=worth_seven)
    events = game.apply(command)
    assert GuardGuessed(player="Anna", target="Ben", guess=worth_seven, hit=True) in events
    assert game.state.is_out("Ben")
    assert game.state.discards_of("Ben") == (worth_seven,)


@both_editions
@pytest.mark.ruling("LL19-GUARD-NUMBER")
def test_ll19_guard_number_seven_misses_the_other_edition_card(edition_name: str) -> None:
    """Naming "7" names only this edition's card of value 7, missing the other edition's."""
    other = {"2019": Card.COUNTESS, "classic": Card.KING}[edition_name]
    game = table(
        hands={"Anna": "Priest", "Ben": other, "Carla": "Baron"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    events = game.apply(command_from_data(guard_play("7"), game.state.edition))
    guessed = [e for e in events if isinstance(e, GuardGuessed)]
    assert guessed == [
        GuardGuessed(player="Anna", target="Ben", guess=VALUES[edition_name][7], hit=False)
    ]
    assert game.state.in_round == ("Anna", "Ben", "Carla")


@both_editions
@pytest.mark.ruling("LL19-GUARD-NUMBER")
def test_ll19_guard_number_one_is_guard_and_refused(edition_name: str) -> None:
    """Naming "1" is naming Guard, which a Guard may not do."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Guard", "Carla": "Baron"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    command = command_from_data(guard_play("1"), game.state.edition)
    assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD)
    assert_refused(game, command, Reason.GUESS_GUARD, "LL19-GUARD-NOT-GUARD")


@pytest.mark.parametrize(
    ("edition_name", "number"), [("2019", "10"), ("classic", "0"), ("classic", "9")]
)
@pytest.mark.ruling("LL19-GUARD-NUMBER")
def test_ll19_guard_number_without_a_card_is_unknown(edition_name: str, number: str) -> None:
    """A number that is no card's value in the edition names nothing and is refused."""
    game = table(hands={"Anna": "Priest", "Ben": "Baron"}, edition_name=edition_name)
    assert game.state.edition.parse_card(number) is None
    with pytest.raises(InvalidCommandError) as raised:
        command_from_data(guard_play(number), game.state.edition)
    assert raised.value.reason is Reason.UNKNOWN_CARD
