"""The Prince (5): the chosen player discards their hand and draws a new card."""

from __future__ import annotations

import pytest
from testkit.tables import (
    FORCED_RULING,
    assert_refused,
    both_editions,
    knock_outs,
    table,
)

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    DrawSource,
    Ending,
    HandDiscarded,
    KnockOutCause,
    Phase,
    Play,
    Reason,
    RoundEnded,
    TokenAwarded,
    TokenFor,
)
from loveletter.games.quiet import play_quietly

# -- LL19-PRINCE-DISCARD-DRAW ------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-PRINCE-DISCARD-DRAW")
def test_ll19_prince_discard_draw_on_another_player(edition_name: str) -> None:
    """The chosen player discards their card face up and draws the top card of the pile."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Prince", "Handmaid", "Countess"],
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Ben"),
        HandDiscarded(player="Ben", card=Card.PRIEST),
        CardDrawn(player="Ben", card=Card.HANDMAID, source=DrawSource.PILE, by=Card.PRINCE),
        CardDrawn(player="Ben", card=Card.COUNTESS, source=DrawSource.PILE),  # his turn's draw
    )
    state = game.state
    assert state.discards_of("Ben") == (Card.PRIEST,)
    assert state.hand("Ben") == (Card.HANDMAID, Card.COUNTESS)
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.discards_of("Anna") == (Card.PRINCE,)
    assert state.draw_pile == before.draw_pile[2:]
    assert state.set_aside == before.set_aside
    assert state.in_round == ("Anna", "Ben", "Carla")


# -- LL19-PRINCE-NO-EFFECT-OF-DISCARD ----------------------------------------------------


@both_editions
@pytest.mark.parametrize(
    "discarded", ["Guard", "Priest", "Baron", "Handmaid", "Prince", "King", "Countess"]
)
@pytest.mark.ruling("LL19-PRINCE-NO-EFFECT-OF-DISCARD")
def test_ll19_prince_no_effect_of_discard(edition_name: str, discarded: str) -> None:
    """A card discarded to a Prince has no effect: no comparison, protection, trade or look."""
    game = table(
        hands={"Anna": "Priest", "Ben": discarded, "Carla": "Baron"},
        pile=["Prince", "Guard", "Guard"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Ben"),
        HandDiscarded(player="Ben", card=Card(discarded)),
        CardDrawn(player="Ben", card=Card.GUARD, by=Card.PRINCE),
        CardDrawn(player="Ben", card=Card.GUARD),
    )
    state = game.state
    assert state.discards_of("Ben") == (Card(discarded),)
    assert state.hand("Ben") == (Card.GUARD, Card.GUARD)
    assert state.hand("Anna") == (Card.PRIEST,)
    assert state.hand("Carla") == (Card.BARON,)
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert not any(state.is_protected(p) for p in state.players)
    assert state.shown == ()
    assert state.phase is Phase.PLAY
    assert state.player_to_act == "Ben"


@pytest.mark.ruling("LL19-PRINCE-NO-EFFECT-OF-DISCARD")
def test_ll19_prince_no_effect_of_discard_chancellor_draws_no_extra_cards() -> None:
    """A Chancellor discarded to a Prince draws no extra cards and asks for no choice."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Chancellor", "Carla": "Baron"},
        pile=["Prince", "Guard", "Handmaid", "Countess"],
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert events == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Ben"),
        HandDiscarded(player="Ben", card=Card.CHANCELLOR),
        CardDrawn(player="Ben", card=Card.GUARD, by=Card.PRINCE),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    assert game.state.hand("Ben") == (Card.GUARD, Card.HANDMAID)
    assert game.state.draw_pile == before.draw_pile[2:]
    assert game.state.phase is Phase.PLAY


# -- LL19-PRINCE-SELF --------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-PRINCE-SELF")
def test_ll19_prince_self_discards_your_other_card_and_draws(edition_name: str) -> None:
    """A Prince on yourself discards your other card, and you draw a new one."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Prince", "Baron", "Handmaid"],
        edition_name=edition_name,
    )
    command = Play(player="Anna", card=Card.PRINCE, target="Anna")
    assert command in list(game.legal_commands())
    events = game.apply(command)
    assert events == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Anna"),
        HandDiscarded(player="Anna", card=Card.GUARD),
        CardDrawn(player="Anna", card=Card.BARON, by=Card.PRINCE),
        CardDrawn(player="Ben", card=Card.HANDMAID),
    )
    state = game.state
    assert state.discards_of("Anna") == (Card.PRINCE, Card.GUARD)
    assert state.hand("Anna") == (Card.BARON,)
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.player_to_act == "Ben"


@both_editions
@pytest.mark.ruling("LL19-PRINCE-SELF")
def test_ll19_prince_self_discarding_the_princess_knocks_you_out(edition_name: str) -> None:
    """A Prince on yourself while holding the Princess knocks you out, with no draw."""
    game = table(
        hands={"Anna": "Princess", "Ben": "Priest", "Carla": "Baron"},
        pile=["Prince", "Handmaid"],
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Anna"))
    assert events[:2] == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Anna"),
        HandDiscarded(player="Anna", card=Card.PRINCESS),
    )
    assert knock_outs(events) == [("Anna", KnockOutCause.PRINCESS_DISCARDED)]
    assert [e for e in events if isinstance(e, CardDrawn)] == [
        CardDrawn(player="Ben", card=Card.HANDMAID)
    ]
    state = game.state
    assert state.is_out("Anna")
    assert state.hand("Anna") == ()
    assert state.discards_of("Anna") == (Card.PRINCE, Card.PRINCESS)
    assert state.draw_pile == before.draw_pile[1:]
    assert state.player_to_act == "Ben"


# -- LL19-PRINCE-PRINCESS ----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-PRINCE-PRINCESS")
def test_ll19_prince_princess_knocks_out_with_no_replacement(edition_name: str) -> None:
    """A player made to discard the Princess is out at once and draws no replacement."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Princess", "Carla": "Baron"},
        pile=["Prince", "Handmaid"],
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert events[:2] == (
        CardPlayed(player="Anna", card=Card.PRINCE, target="Ben"),
        HandDiscarded(player="Ben", card=Card.PRINCESS),
    )
    assert knock_outs(events) == [("Ben", KnockOutCause.PRINCESS_DISCARDED)]
    assert not any(isinstance(e, CardDrawn) and e.player == "Ben" for e in events)
    state = game.state
    assert state.in_round == ("Anna", "Carla")
    assert state.hand("Ben") == ()
    assert state.discards_of("Ben") == (Card.PRINCESS,)
    assert state.draw_pile == before.draw_pile[1:]  # only Carla's draw
    assert state.player_to_act == "Carla"


@both_editions
@pytest.mark.ruling("LL19-PRINCE-PRINCESS")
def test_ll19_prince_princess_against_the_last_opponent_ends_the_round(
    edition_name: str,
) -> None:
    """With two players, the Princess discarded to a Prince ends the round; nobody draws."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Princess"},
        pile=["Prince"],
        set_aside="Priest",
        edition_name=edition_name,
    )
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert knock_outs(events) == [("Ben", KnockOutCause.PRINCESS_DISCARDED)]
    assert not any(isinstance(e, CardDrawn) for e in events)
    assert game.state.draw_pile == before.draw_pile
    assert game.state.set_aside is Card.PRIEST
    assert game.state.round_winners == ("Anna",)


# -- LL19-PRINCE-EMPTY-DECK --------------------------------------------------------------

EMPTY_PILE_DEALS: dict[str, tuple[str, list[str]]] = {
    # Each edition: the first player and the pile. Anna and Ben hold the two Princes, the
    # Princess is set aside, King and Barons lie face up; Anna draws the last card.
    "2019": (
        "Anna",
        [
            *["Guard"] * 6,
            *["Priest", "Priest", "Spy", "Spy", "Handmaid"],
            *["Countess", "Chancellor", "Chancellor", "Handmaid"],
        ],
    ),
    "classic": (
        "Ben",
        [*["Guard"] * 5, "Priest", "Priest", "Handmaid", "Countess", "Handmaid"],
    ),
}


@both_editions
@pytest.mark.parametrize("target", ["Ben", "Anna"])
@pytest.mark.ruling("LL19-PRINCE-EMPTY-DECK")
def test_ll19_prince_empty_deck_takes_the_set_aside_card(edition_name: str, target: str) -> None:
    """With the pile empty the chosen player takes the set-aside card, never a face-up one."""
    first, pile = EMPTY_PILE_DEALS[edition_name]
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        pile=pile,
        set_aside="Princess",
        face_up=["King", "Baron", "Baron"],
        first=first,
        edition_name=edition_name,
    )
    play_quietly(game, turns=len(pile) - 1)
    before = game.state
    assert before.draw_pile == ()
    assert before.hand("Anna") == (Card.PRINCE, Card.HANDMAID)
    discarded = before.hand(target)[-1]

    events = game.apply(Play(player="Anna", card=Card.PRINCE, target=target))
    assert events[:3] == (
        CardPlayed(player="Anna", card=Card.PRINCE, target=target),
        HandDiscarded(player=target, card=discarded),
        CardDrawn(player=target, card=Card.PRINCESS, source=DrawSource.SET_ASIDE, by=Card.PRINCE),
    )
    state = game.state
    assert state.set_aside is None
    assert state.face_up == (Card.KING, Card.BARON, Card.BARON)
    assert state.hand(target) == (Card.PRINCESS,)
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert [(e.end, e.winners, e.set_aside) for e in ended] == [(Ending.SHOWDOWN, (target,), None)]


# -- LL19-PRINCE-SPY ---------------------------------------------------------------------


@pytest.mark.ruling("LL19-PRINCE-SPY")
def test_ll19_prince_spy_discarded_counts_for_its_holder() -> None:
    """A Spy discarded to a Prince counts for its holder's Spy token."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Spy"},
        pile=["Priest", "Guard", "Handmaid"],
        set_aside="Princess",
    )
    game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert game.state.discards_of("Ben") == (Card.SPY,)
    assert game.state.hand("Ben") == (Card.GUARD, Card.HANDMAID)
    events = game.apply(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRIEST))
    assert events[-2:] == (
        TokenAwarded(player="Ben", reason=TokenFor.ROUND_WIN, tokens=1),
        TokenAwarded(player="Ben", reason=TokenFor.SPY, tokens=2),
    )
    assert game.state.spy_bonus == "Ben"
    assert game.state.tokens_of("Ben") == 2
    assert game.state.tokens_of("Anna") == 0


# -- LL19-PRINCE-COUNTESS-IMPOSSIBLE -----------------------------------------------------


@both_editions
@pytest.mark.parametrize("target", ["Anna", "Ben"])
@pytest.mark.ruling("LL19-PRINCE-COUNTESS-IMPOSSIBLE")
def test_ll19_prince_countess_impossible(edition_name: str, target: str) -> None:
    """A Prince can never be played beside the Countess, so she is never discarded to it."""
    game = table(
        hands={"Anna": "Countess", "Ben": "Priest", "Carla": "Baron"},
        pile=["Prince", "Guard"],
        edition_name=edition_name,
    )
    command = Play(player="Anna", card=Card.PRINCE, target=target)
    assert_refused(game, command, Reason.COUNTESS_FORCED, FORCED_RULING[edition_name])
    assert list(game.legal_commands()) == [Play(player="Anna", card=Card.COUNTESS)]
