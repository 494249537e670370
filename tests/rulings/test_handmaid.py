"""The Handmaid (4): until the start of your next turn, nobody else may choose you."""

from __future__ import annotations

import pytest
from testkit.tables import assert_refused, both_editions, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    Ending,
    Event,
    Game,
    Play,
    PlayerProtected,
    ProtectionEnded,
    Reason,
    RoundEnded,
    TokenAwarded,
    TokenFor,
)
from loveletter.games.quiet import play_quietly

# -- LL19-HANDMAID-PROTECT ---------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-HANDMAID-PROTECT")
def test_ll19_handmaid_protect_protects_its_player(edition_name: str) -> None:
    """Playing the Handmaid protects its player, and does nothing else."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"},
        pile=["Handmaid", "Guard"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.HANDMAID))
    assert events == (
        CardPlayed(player="Anna", card=Card.HANDMAID),
        PlayerProtected(player="Anna"),
        CardDrawn(player="Ben", card=Card.GUARD),
    )
    state = game.state
    assert state.is_protected("Anna")
    assert not state.is_protected("Ben")
    assert not state.is_protected("Carla")
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.discards_of("Anna") == (Card.HANDMAID,)
    assert state.in_round == ("Anna", "Ben", "Carla")


@both_editions
@pytest.mark.parametrize("card", ["Guard", "Priest", "Baron", "Prince", "King"])
@pytest.mark.ruling("LL19-HANDMAID-PROTECT")
def test_ll19_handmaid_protect_other_players_cannot_choose_you(
    edition_name: str, card: str
) -> None:
    """While Anna is protected, Ben's Guard, Priest, Baron, Prince or King cannot choose her."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Handmaid", "Carla": "Priest"},
        pile=["Handmaid", card],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    played = Card(card)
    guess = Card.PRIEST if played is Card.GUARD else None
    command = Play(player="Ben", card=played, target="Anna", guess=guess)
    assert_refused(game, command, Reason.TARGET_PROTECTED, "LL19-TARGET-PROTECTED")
    legal = [c for c in game.legal_commands() if isinstance(c, Play) and c.card is played]
    assert legal
    assert all(c.target != "Anna" for c in legal)
    assert any(c.target == "Carla" for c in legal)


@both_editions
@pytest.mark.ruling("LL19-HANDMAID-PROTECT")
def test_ll19_handmaid_protect_lasts_until_your_next_turn(edition_name: str) -> None:
    """Anna stays protected through the others' turns; it ends when play passes to her."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Handmaid", "Guard", "Guard", "Countess"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Carla"))
    assert game.state.is_protected("Anna")
    events = game.apply(Play(player="Carla", card=Card.GUARD, target="Ben", guess=Card.KING))
    assert events[-2:] == (
        ProtectionEnded(player="Anna"),
        CardDrawn(player="Anna", card=Card.COUNTESS),
    )
    assert not game.state.is_protected("Anna")


# -- LL19-HANDMAID-NOT-SHOWDOWN ----------------------------------------------------------

SHOWDOWN_DEALS: dict[str, tuple[str, list[str], list[str]]] = {
    # Each edition: the first player, the face-up cards, the pile. Anna holds a Baron, Ben
    # the King, the Princess is set aside; Anna draws the last card, a Handmaid.
    "2019": (
        "Anna",
        ["Prince", "Prince", "Chancellor"],
        [
            *["Spy", "Spy", "Handmaid", "Baron"],
            *["Guard"] * 6,
            *["Priest", "Priest", "Countess", "Chancellor", "Handmaid"],
        ],
    ),
    "classic": (
        "Ben",
        ["Prince", "Prince", "Baron"],
        [*["Guard"] * 5, "Priest", "Priest", "Handmaid", "Countess", "Handmaid"],
    ),
}


def protected_at_the_showdown(edition_name: str) -> tuple[Game, tuple[Event, ...]]:
    """A two-player round in which Anna (Baron) plays a Handmaid on the last turn; Ben: King."""
    first, face_up, pile = SHOWDOWN_DEALS[edition_name]
    game = table(
        hands={"Anna": "Baron", "Ben": "King"},
        pile=pile,
        set_aside="Princess",
        face_up=face_up,
        first=first,
        edition_name=edition_name,
    )
    play_quietly(game, turns=len(pile) - 1)
    assert game.state.draw_pile == ()
    assert game.state.hand("Anna") == (Card.BARON, Card.HANDMAID)
    return game, game.apply(Play(player="Anna", card=Card.HANDMAID))


@both_editions
@pytest.mark.ruling("LL19-HANDMAID-NOT-SHOWDOWN")
def test_ll19_handmaid_not_showdown_protected_player_still_loses(edition_name: str) -> None:
    """A player protected when the pile runs out still shows their card, and loses if lower."""
    game, events = protected_at_the_showdown(edition_name)
    assert events[:2] == (
        CardPlayed(player="Anna", card=Card.HANDMAID),
        PlayerProtected(player="Anna"),
    )
    assert (
        RoundEnded(
            round_number=1,
            end=Ending.SHOWDOWN,
            winners=("Ben",),
            hands=(("Anna", Card.BARON), ("Ben", Card.KING)),
            set_aside=Card.PRINCESS,
        )
        in events
    )
    assert [e for e in events if isinstance(e, TokenAwarded)] == [
        TokenAwarded(player="Ben", reason=TokenFor.ROUND_WIN, tokens=1)
    ]
    assert game.state.round_winners == ("Ben",)
    assert game.state.tokens_of("Anna") == 0


@pytest.mark.ruling("LL19-HANDMAID-NOT-SHOWDOWN")
def test_ll19_handmaid_not_showdown_protected_spy_player_still_counts() -> None:
    """A protected player who played a Spy still counts at the Spy check, cancelling Ben's."""
    game, events = protected_at_the_showdown("2019")
    assert game.state.discards_of("Anna")[0] is Card.SPY
    assert game.state.discards_of("Ben")[0] is Card.SPY
    assert PlayerProtected(player="Anna") in events
    assert game.state.spy_bonus is None
    assert not any(isinstance(e, TokenAwarded) and e.reason is TokenFor.SPY for e in events)
    assert game.state.tokens_of("Ben") == 1
