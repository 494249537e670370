"""Turns: seat order, draw and play, public discards, the end-of-turn check, the Handmaid."""

from __future__ import annotations

import pytest
from testkit.tables import TIE_PILE, both_editions, table, tie_table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    Draw,
    Ending,
    Game,
    GuardGuessed,
    HandsCompared,
    IllegalCommandError,
    Phase,
    Play,
    PlayerKnockedOut,
    PlayerProtected,
    ProtectionEnded,
    Reason,
    RoundEnded,
)
from loveletter.games.quiet import play_quietly


def tie_table_ending_in_a_guard(edition_name: str) -> Game:
    """A :func:`tables.tie_table` whose last card is a Guard; players draw by command.

    The classic pile ends with a Guard already; in 2019 the Guard goes under both Spies
    and both Chancellors.
    """
    bottom = ["Guard"] if edition_name == "2019" else []
    return tie_table(edition_name, bottom=bottom, auto_draw=False)


# -- LL19-TURN-ORDER ---------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TURN-ORDER")
def test_ll19_turn_order_goes_round_the_table_from_the_first_player(edition_name: str) -> None:
    """Play passes to the next seat, and from the last seat back to the first."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Guard", "Carla": "Guard", "Dan": "Guard"},
        pile=["Priest", "Priest", "Handmaid", "Handmaid", "Guard"],
        first="Carla",
        edition_name=edition_name,
    )
    seen = []
    for _ in range(5):
        seen.append(game.state.player_to_act)
        play_quietly(game, turns=1)
    assert seen == ["Carla", "Dan", "Anna", "Ben", "Carla"]


@both_editions
@pytest.mark.ruling("LL19-TURN-ORDER")
def test_ll19_turn_order_skips_knocked_out_players(edition_name: str) -> None:
    """A knocked-out player's seat is passed over, every time round."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Handmaid", "Carla": "Baron", "Dan": "Handmaid"},
        pile=["Priest", "Guard", "Priest", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert game.state.player_to_act == "Ben"
    game.apply(Play(player="Ben", card=Card.GUARD, target="Carla", guess=Card.BARON))
    assert game.state.is_out("Carla")
    assert game.state.player_to_act == "Dan"
    game.apply(Play(player="Dan", card=Card.PRIEST, target="Anna"))
    assert game.state.player_to_act == "Anna"
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCESS))
    assert game.state.player_to_act == "Ben"
    game.apply(Play(player="Ben", card=Card.HANDMAID))
    assert game.state.player_to_act == "Dan"


@both_editions
@pytest.mark.ruling("LL19-TURN-ORDER")
def test_ll19_turn_order_a_player_out_of_turn_is_refused(edition_name: str) -> None:
    """Only the player whose turn it is may draw or play; anyone else is refused."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Handmaid"],
        edition_name=edition_name,
        auto_draw=False,
    )
    before = game.state
    for command in (
        Draw(player="Ben"),
        Play(player="Carla", card=Card.BARON, target="Anna"),
    ):
        refusal = game.check(command)
        assert refusal is not None
        assert (refusal.reason, refusal.ruling) == (Reason.NOT_YOUR_TURN, "LL19-TURN-ORDER")
        with pytest.raises(IllegalCommandError):
            game.apply(command)
    assert game.state == before


# -- LL19-TURN-DRAW-PLAY -----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TURN-DRAW-PLAY")
def test_ll19_turn_draw_play_draw_the_top_card_then_play_one_of_two(edition_name: str) -> None:
    """A turn is: draw the top card, play one of the two, keep the other; effects at once."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Handmaid", "Countess"],
        edition_name=edition_name,
        auto_draw=False,
    )
    assert game.state.phase is Phase.DRAW
    assert game.state.hand("Anna") == (Card.GUARD,)
    early = game.check(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert early is not None
    assert (early.reason, early.ruling) == (Reason.WRONG_PHASE, "LL19-TURN-DRAW-PLAY")

    assert game.apply(Draw(player="Anna")) == (CardDrawn(player="Anna", card=Card.HANDMAID),)
    assert game.state.hand("Anna") == (Card.GUARD, Card.HANDMAID)
    assert game.state.draw_pile[0] is Card.COUNTESS
    again = game.check(Draw(player="Anna"))
    assert again is not None
    assert (again.reason, again.ruling) == (Reason.WRONG_PHASE, "LL19-TURN-DRAW-PLAY")
    absent = game.check(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert absent is not None
    assert absent.reason is Reason.CARD_NOT_IN_HAND
    legal = list(game.legal_commands())
    assert legal
    assert all(isinstance(c, Play) and c.player == "Anna" for c in legal)

    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert events[:2] == (
        CardPlayed(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST),
        GuardGuessed(player="Anna", target="Ben", guess=Card.PRIEST, hit=True),
    )
    assert game.state.is_out("Ben")
    assert game.state.hand("Anna") == (Card.HANDMAID,)
    assert game.state.discards_of("Anna") == (Card.GUARD,)
    assert game.state.player_to_act == "Carla"


@both_editions
@pytest.mark.ruling("LL19-TURN-DRAW-PLAY")
def test_ll19_turn_draw_play_the_effect_applies_even_when_it_hurts(edition_name: str) -> None:
    """A Baron played with the lower card knocks out its own player: the effect still applies."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Handmaid", "Carla": "Priest"},
        pile=["Baron"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    compared = [e for e in events if isinstance(e, HandsCompared)]
    assert [c.loser for c in compared] == ["Anna"]
    assert game.state.is_out("Anna")
    assert game.state.discards_of("Anna") == (Card.BARON, Card.GUARD)
    assert game.state.player_to_act == "Ben"


# -- LL19-TURN-PUBLIC-DISCARDS -----------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TURN-PUBLIC-DISCARDS")
def test_ll19_turn_public_discards_stay_face_up_in_the_order_they_landed(
    edition_name: str,
) -> None:
    """Played cards, a card discarded to a Prince and a knocked-out hand line up in order."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Prince", "Carla": "Guard"},
        pile=["Priest", "Handmaid", "Baron", "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert game.state.discards_of("Anna") == (Card.PRIEST,)
    game.apply(Play(player="Ben", card=Card.PRINCE, target="Anna"))
    assert game.state.discards_of("Anna") == (Card.PRIEST, Card.GUARD)
    assert game.state.hand("Anna") == (Card.BARON,)
    game.apply(Play(player="Carla", card=Card.GUARD, target="Anna", guess=Card.BARON))
    state = game.state
    assert state.discards_of("Anna") == (Card.PRIEST, Card.GUARD, Card.BARON)
    assert state.discards_of("Ben") == (Card.PRINCE,)
    assert state.discards_of("Carla") == (Card.GUARD,)
    game.apply(Play(player="Ben", card=Card.HANDMAID))
    assert game.state.discards_of("Anna") == (Card.PRIEST, Card.GUARD, Card.BARON)
    assert game.state.discards_of("Ben") == (Card.PRINCE, Card.HANDMAID)


# -- LL19-TURN-END-CHECK -----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TURN-END-CHECK")
def test_ll19_turn_end_check_the_round_ends_after_the_turn_that_empties_the_pile(
    edition_name: str,
) -> None:
    """While cards remain the round goes on; the turn that leaves the pile empty ends it."""
    game = tie_table_ending_in_a_guard(edition_name)
    turns = 0
    while True:
        events = play_quietly(game, turns=1)
        turns += 1
        ended = [e for e in events if isinstance(e, RoundEnded)]
        if game.state.draw_pile:
            assert ended == []
            assert not game.state.round_over
        else:
            assert [e.end for e in ended] == [Ending.SHOWDOWN]
            assert game.state.phase is Phase.ROUND_OVER
            break
    assert turns == len(TIE_PILE) + 5 * (edition_name == "2019")


# -- LL19-TURN-LAST-CARD -----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TURN-LAST-CARD")
def test_ll19_turn_last_card_its_drawer_still_plays_a_full_turn(edition_name: str) -> None:
    """Drawing the last card does not end the round: its drawer plays, with full effect."""
    game = tie_table_ending_in_a_guard(edition_name)
    play_quietly(game, until_pile=1)
    player = game.state.player_to_act
    assert player is not None
    game.apply(Draw(player=player))
    assert game.state.draw_pile == ()
    assert game.state.phase is Phase.PLAY
    assert not game.state.round_over
    assert game.state.hand(player) == (Card.PRINCE, Card.GUARD)
    other = next(p for p in game.state.players if p != player)
    assert not game.state.is_protected(other)
    events = game.apply(Play(player=player, card=Card.GUARD, target=other, guess=Card.PRINCE))
    assert PlayerKnockedOut in [type(e) for e in events]
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert [(e.end, e.winners) for e in ended] == [(Ending.LAST_SURVIVOR, (player,))]


# -- LL19-HANDMAID-DURATION --------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-HANDMAID-DURATION")
def test_ll19_handmaid_duration_protection_ends_when_play_passes_back(edition_name: str) -> None:
    """Protection lasts through the others' turns and ends as play reaches its player, pre-draw."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Guard", "Carla": "Guard"},
        pile=["Handmaid", "Priest", "Priest", "Guard"],
        edition_name=edition_name,
        auto_draw=False,
    )
    game.apply(Draw(player="Anna"))
    assert game.apply(Play(player="Anna", card=Card.HANDMAID))[1] == PlayerProtected(player="Anna")
    for player in ("Ben", "Carla"):
        game.apply(Draw(player=player))
        assert game.state.is_protected("Anna")
        refusal = game.check(Play(player=player, card=Card.PRIEST, target="Anna"))
        assert refusal is not None
        assert refusal.reason is Reason.TARGET_PROTECTED
        other = "Carla" if player == "Ben" else "Ben"
        events = game.apply(Play(player=player, card=Card.PRIEST, target=other))
    assert events[-1] == ProtectionEnded(player="Anna")
    state = game.state
    assert not state.is_protected("Anna")
    assert (state.player_to_act, state.phase) == ("Anna", Phase.DRAW)
    assert state.hand("Anna") == (Card.GUARD,)


@both_editions
@pytest.mark.ruling("LL19-HANDMAID-DURATION")
def test_ll19_handmaid_duration_protection_ends_before_the_draw(edition_name: str) -> None:
    """With automatic draws, the protection ends first and then the player draws."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Guard"},
        pile=["Handmaid", "Priest", "Baron"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    events = game.apply(Play(player="Ben", card=Card.PRIEST, target=None))
    assert events[-2:] == (
        ProtectionEnded(player="Anna"),
        CardDrawn(player="Anna", card=Card.BARON),
    )
    assert not game.state.is_protected("Anna")
