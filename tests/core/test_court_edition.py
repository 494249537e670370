"""The test edition (``court.py``): two new kinds of card, played through the whole library.

The Rogue compares hands the other way round from the Baron; the Cardinal chooses two other
players, who trade hands. Nothing in ``loveletter/`` knows them: what they do, how they are
checked, listed, shown, hidden, told and written is read from their rule records.
"""

from __future__ import annotations

import json

import attrs
import pytest
from testkit.court_edition import CARDINAL, COURT, ROGUE, ROGUE_COMPARISON
from testkit.tables import table

from loveletter import (
    Card,
    Edition,
    Game,
    IllegalCommandError,
    KnockOutCause,
    Play,
    Reason,
    from_json,
    read_command,
    redact,
    to_json,
    view_for,
)
from loveletter.events import HandsCompared, HandsTraded, PlayerKnockedOut
from loveletter.games.quiet import quiet_play
from loveletter.narration import narrate

PLAYERS = ("Anna", "Ben", "Carla", "Dan")


def court_table(
    hands: dict[str, Card], pile: list[Card], players: tuple[str, ...] = PLAYERS
) -> Game:
    """A court table dealt as given, the first player to act having drawn the pile's top."""
    return table(hands=hands, pile=pile, players=players, edition_name="court")


def test_the_court_is_an_edition_for_eight() -> None:
    """27 cards, 2 to 8 players, a target for every count, dealt to eight."""
    assert (len(COURT.deck), COURT.min_players, COURT.max_players) == (27, 2, 8)
    game = Game.new([f"P{n}" for n in range(8)], edition="court", seed=3)
    assert len(game.state.draw_pile) == 27 - 1 - 8 - 1  # set aside, a card each, a draw


def test_a_value_two_cards_share_names_neither() -> None:
    """'3' is the Baron's and the Rogue's: it names no card; '7' still names the King."""
    assert COURT.parse_card("3") is None
    assert COURT.parse_card(3) is None
    assert COURT.parse_card("7") is Card.KING
    assert COURT.parse_card("rogue") is ROGUE
    assert COURT.parse_card("Fripon") is ROGUE
    assert COURT.cards_worth(6) == (Card.CHANCELLOR, CARDINAL)


def test_a_guard_naming_a_shared_value_is_refused() -> None:
    """A number two cards share is refused, in Python and in JSON, naming both cards."""
    game = court_table(
        {"Anna": Card.GUARD, "Ben": ROGUE, "Carla": Card.PRIEST, "Dan": Card.SPY}, [Card.BARON]
    )
    refusal = game.check(Play(player="Anna", card=Card.GUARD, target="Ben", guess=3))
    assert refusal is not None
    assert refusal.reason is Reason.UNKNOWN_CARD
    assert refusal.ruling == "LL19-GUARD-NUMBER"
    assert (
        "3 is the value of more than one card in the court edition (Baron, Rogue)"
        in refusal.message
    )
    command = read_command(
        game, '{"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": 3}}'
    )
    assert command.guess == 3
    assert game.check(command) == refusal
    with pytest.raises(IllegalCommandError, match="more than one card") as raised:
        read_command(
            game, '{"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "3"}}'
        )
    assert raised.value.refusal.ruling == "LL19-GUARD-NUMBER"
    hit = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=ROGUE))
    assert PlayerKnockedOut(player="Ben", cause=KnockOutCause.GUARD, discarded=(ROGUE,)) in hit


def test_a_guard_may_name_the_new_cards() -> None:
    """The Guard names any card but itself: the Rogue and the Cardinal included."""
    assert ROGUE in COURT.guesses
    assert CARDINAL in COURT.guesses
    assert Card.GUARD not in COURT.guesses


def test_the_rogue_knocks_out_the_higher_card() -> None:
    """The higher card loses; each of the two sees the other's; nobody else does."""
    game = court_table(
        {"Anna": ROGUE, "Ben": Card.PRINCE, "Carla": Card.PRIEST, "Dan": Card.SPY}, [Card.GUARD]
    )
    events = game.apply(Play(player="Anna", card=ROGUE, target="Ben"))
    compared = next(e for e in events if isinstance(e, HandsCompared))
    assert (compared.player_card, compared.target_card, compared.loser, compared.by) == (
        Card.GUARD,
        Card.PRINCE,
        "Ben",
        ROGUE,
    )
    assert (
        PlayerKnockedOut(player="Ben", cause=ROGUE_COMPARISON, discarded=(Card.PRINCE,)) in events
    )
    assert redact(compared, "Carla").player_card is None
    assert narrate(compared) == "Anna and Ben compare hands: Ben has the higher card."
    assert "Ben a la carte la plus forte" in narrate(compared, language="fr")
    knocked = next(e for e in events if isinstance(e, PlayerKnockedOut))
    assert "higher card against the Rogue" in narrate(knocked)


def test_the_rogue_loses_with_the_higher_card_and_ties_do_nothing() -> None:
    """Its own player is knocked out when they hold the higher card; a tie does nothing."""
    game = court_table(
        {"Anna": ROGUE, "Ben": Card.GUARD, "Carla": Card.PRIEST, "Dan": Card.SPY}, [Card.KING]
    )
    game.apply(Play(player="Anna", card=ROGUE, target="Ben"))
    assert game.state.is_out("Anna")
    tie = court_table(
        {"Anna": Card.GUARD, "Ben": Card.GUARD, "Carla": Card.PRIEST, "Dan": Card.SPY}, [ROGUE]
    )
    # A tie changes nothing that counts: the Rogue drawn is played quietly on Ben.
    assert quiet_play(tie) == Play(player="Anna", card=ROGUE, target="Ben")
    tie.apply(Play(player="Anna", card=ROGUE, target="Ben"))
    assert not tie.state.is_out("Anna")
    assert not tie.state.is_out("Ben")


def test_the_cardinal_makes_two_others_trade() -> None:
    """The two chosen trade hands; each sees the card received; its player sees neither."""
    game = court_table(
        {"Anna": CARDINAL, "Ben": Card.PRINCE, "Carla": Card.PRIEST, "Dan": Card.SPY}, [Card.GUARD]
    )
    events = game.apply(Play(player="Anna", card=CARDINAL, target="Ben", also=["Carla"]))
    traded = next(e for e in events if isinstance(e, HandsTraded))
    assert (traded.player, traded.target) == ("Ben", "Carla")
    assert game.state.hand("Ben")[0] is Card.PRIEST  # Ben, to act, has drawn too
    assert game.state.hand("Carla") == (Card.PRINCE,)
    assert redact(traded, "Ben").player_received is Card.PRIEST
    assert redact(traded, "Anna").player_received is None
    assert redact(traded, "Anna").target_received is None
    assert view_for(game.state, "Anna").seats[1].known == ()
    assert narrate(events[0]) == "Anna plays the Cardinal on Ben and Carla."
    assert narrate(events[0], language="fr") == "Anna joue le Cardinal sur Ben et Carla."


def test_the_cardinal_is_listed_with_every_ordered_pair() -> None:
    """Legal plays name two different unprotected others, in either order."""
    game = court_table(
        {"Anna": CARDINAL, "Ben": Card.PRINCE, "Carla": Card.PRIEST, "Dan": Card.SPY}, [Card.GUARD]
    )
    pairs = {c.targets for c in game.legal_commands() if isinstance(c, Play) and c.card is CARDINAL}
    assert pairs == {
        (a, b) for a in ("Ben", "Carla", "Dan") for b in ("Ben", "Carla", "Dan") if a != b
    }


@pytest.mark.parametrize(
    ("targets", "reason", "said"),
    [
        (("Ben",), Reason.TARGET_REQUIRED, "a Cardinal must choose two other players"),
        (("Ben", "Ben"), Reason.TARGET_REQUIRED, "a Cardinal must choose two other players"),
        (("Ben", "Anna"), Reason.TARGET_SELF, "a Cardinal must choose another player, not its own"),
        (
            ("Ben", "Carla", "Dan"),
            Reason.TARGET_REQUIRED,
            "a Cardinal must choose two other players",
        ),
    ],
)
def test_the_cardinal_refuses_other_choices(
    targets: tuple[str, ...], reason: Reason, said: str
) -> None:
    """One player, the same twice, its own player, or three: refused with the reason."""
    game = court_table(
        {"Anna": CARDINAL, "Ben": Card.PRINCE, "Carla": Card.PRIEST, "Dan": Card.SPY}, [Card.GUARD]
    )
    refusal = game.check(Play(player="Anna", card=CARDINAL, target=targets[0], also=targets[1:]))
    assert refusal is not None
    assert refusal.reason is reason, refusal
    assert said in refusal.message


def test_the_cardinal_with_one_other_to_choose_chooses_nobody() -> None:
    """With fewer than two others to choose, it is played with no effect, naming nobody."""
    game = court_table(
        {"Anna": CARDINAL, "Ben": Card.PRINCE}, [Card.GUARD], players=("Anna", "Ben")
    )
    assert [c for c in game.legal_commands() if c.card is CARDINAL] == [
        Play(player="Anna", card=CARDINAL)
    ]  # type: ignore[union-attr]
    refusal = game.check(Play(player="Anna", card=CARDINAL, target="Ben"))
    assert refusal is not None
    assert refusal.reason is Reason.TARGET_NOT_ALLOWED
    assert "fewer can be chosen" in refusal.message


def test_the_new_cards_go_to_json_and_back() -> None:
    """Commands and events with the new cards round-trip, with the second target."""
    command = Play(player="Anna", card=CARDINAL, target="Ben", also=["Carla"])
    text = to_json(command)
    assert json.loads(text)["play"]["also"] == ["Carla"]
    assert from_json(text) == command
    game = court_table(
        {"Anna": ROGUE, "Ben": Card.PRINCE, "Carla": Card.PRIEST, "Dan": Card.SPY}, [Card.GUARD]
    )
    for event in game.apply(Play(player="Anna", card=ROGUE, target="Ben")):
        assert from_json(to_json(event)) == event


def test_an_edition_is_checked_when_built() -> None:
    """No targets for a count, or too few cards to deal the largest table, is refused."""
    with pytest.raises(ValueError, match="targets do not give a target"):
        attrs.evolve(COURT, name="broken", targets={2: 6})
    with pytest.raises(ValueError, match="27 cards cannot deal 30 players"):
        attrs.evolve(COURT, name="crowded", max_players=30, targets=dict.fromkeys(range(2, 31), 3))
    assert isinstance(COURT, Edition)
