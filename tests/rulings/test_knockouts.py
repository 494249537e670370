"""Knock-outs: the hand goes face up, the player sits out, the last one standing wins."""

from __future__ import annotations

import pytest
from testkit.tables import both_editions, layout, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    Deal,
    Draw,
    Ending,
    GuardGuessed,
    HandsCompared,
    IllegalCommandError,
    KnockOutCause,
    Phase,
    Play,
    PlayerKnockedOut,
    Reason,
    RoundEnded,
    TokenAwarded,
    TokenFor,
)

# -- LL19-KO-DISCARD ---------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-KO-DISCARD")
@pytest.mark.parametrize(
    "card",
    [Card.HANDMAID, Card.BARON, Card.PRINCE, Card.KING, Card.COUNTESS, Card.PRINCESS],
    ids=str,
)
def test_ll19_ko_discard_the_hand_goes_face_up_without_its_effect(
    edition_name: str, card: Card
) -> None:
    """A knocked-out player's card is discarded face up and does nothing."""
    game = table(
        hands={"Anna": "Guard", "Ben": card, "Carla": "Priest"},
        pile=["Guard", "Guard"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=card))
    assert events == (
        CardPlayed(player="Anna", card=Card.GUARD, target="Ben", guess=card),
        GuardGuessed(player="Anna", target="Ben", guess=card, hit=True),
        PlayerKnockedOut(player="Ben", cause=KnockOutCause.GUARD, discarded=(card,)),
        CardDrawn(player="Carla", card=Card.GUARD),
    )
    state = game.state
    assert state.hand("Ben") == ()
    assert state.discards_of("Ben") == (card,)
    assert not state.is_protected("Ben")
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.hand("Carla") == (Card.PRIEST, Card.GUARD)


@both_editions
@pytest.mark.ruling("LL19-KO-DISCARD")
def test_ll19_ko_discard_a_baron_lost_with_compares_nothing_more(edition_name: str) -> None:
    """The loser of a Baron comparison discards their Baron, which compares nothing."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Baron", "Carla": "Priest"},
        pile=["Baron"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert [e for e in events if isinstance(e, HandsCompared)] == [
        HandsCompared(
            player="Anna",
            target="Ben",
            player_card=Card.PRINCE,
            target_card=Card.BARON,
            loser="Ben",
        )
    ]
    assert (
        PlayerKnockedOut(player="Ben", cause=KnockOutCause.BARON, discarded=(Card.BARON,)) in events
    )
    assert game.state.in_round == ("Anna", "Carla")
    assert game.state.discards_of("Ben") == (Card.BARON,)


@both_editions
@pytest.mark.ruling("LL19-KO-DISCARD")
def test_ll19_ko_discard_the_other_card_goes_with_a_played_princess(edition_name: str) -> None:
    """Playing the Princess discards the other card too, and that card's effect never happens."""
    game = table(
        hands={"Anna": "Princess", "Ben": "Priest", "Carla": "Guard"},
        pile=["Prince"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCESS))
    assert events[:2] == (
        CardPlayed(player="Anna", card=Card.PRINCESS),
        PlayerKnockedOut(
            player="Anna", cause=KnockOutCause.PRINCESS_PLAYED, discarded=(Card.PRINCE,)
        ),
    )
    assert game.state.discards_of("Anna") == (Card.PRINCESS, Card.PRINCE)
    assert game.state.hand("Ben")[0] is Card.PRIEST
    assert game.state.hand("Carla") == (Card.GUARD,)


# -- LL19-KO-SKIP-TURNS ------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-KO-SKIP-TURNS")
def test_ll19_ko_skip_turns_a_player_out_takes_no_turn_and_cannot_be_chosen(
    edition_name: str,
) -> None:
    """Until the round ends, a knocked-out player neither acts nor can be chosen."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Guard", "Priest", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert game.state.player_to_act == "Carla"
    before = game.state
    for command, reason in (
        (Draw(player="Ben"), Reason.NOT_YOUR_TURN),
        (Play(player="Ben", card=Card.PRIEST, target="Anna"), Reason.NOT_YOUR_TURN),
        (Play(player="Carla", card=Card.PRIEST, target="Ben"), Reason.TARGET_OUT),
    ):
        with pytest.raises(IllegalCommandError) as refused:
            game.apply(command)
        assert refused.value.reason is reason
    assert game.state == before
    assert all(getattr(c, "target", None) != "Ben" for c in game.legal_commands())
    game.apply(Play(player="Carla", card=Card.PRIEST, target="Anna"))
    assert game.state.player_to_act == "Anna"


@both_editions
@pytest.mark.ruling("LL19-KO-SKIP-TURNS")
def test_ll19_ko_skip_turns_only_until_the_next_round(edition_name: str) -> None:
    """In the next round the player knocked out is back in and takes turns."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Guard", "Priest", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    game.apply(Play(player="Carla", card=Card.PRIEST, target="Anna"))
    game.apply(Play(player="Anna", card=Card.GUARD, target="Carla", guess=Card.BARON))
    assert game.state.phase is Phase.ROUND_OVER
    next_deal = layout(
        players=["Anna", "Ben", "Carla"],
        hands={"Anna": "Guard", "Ben": "Guard", "Carla": "Guard"},
        pile=["Priest", "Priest"],
        edition_name=edition_name,
    )
    game.apply(Deal(layout=next_deal))
    assert not game.state.is_out("Ben")
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert game.state.player_to_act == "Ben"
    assert game.state.hand("Ben") == (Card.GUARD, Card.PRIEST)


# -- LL19-END-LAST-SURVIVOR --------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-END-LAST-SURVIVOR")
def test_ll19_end_last_survivor_wins_at_once_with_cards_left(edition_name: str) -> None:
    """When one player is left the round ends at once, pile or no pile, and they win it."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Countess", "Carla": "Princess"},
        pile=["Guard", "Priest"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.COUNTESS))
    events = game.apply(Play(player="Carla", card=Card.PRINCESS))
    assert events[1:] == (
        PlayerKnockedOut(
            player="Carla", cause=KnockOutCause.PRINCESS_PLAYED, discarded=(Card.PRIEST,)
        ),
        RoundEnded(
            round_number=1,
            end=Ending.LAST_SURVIVOR,
            winners=("Anna",),
            hands=(),
            set_aside=game.state.set_aside,
        ),
        TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=1),
    )
    state = game.state
    assert len(state.draw_pile) > 0
    assert state.phase is Phase.ROUND_OVER
    assert state.player_to_act is None
    assert state.round_winners == ("Anna",)
    assert state.hand("Anna") == (Card.GUARD,)
    assert state.tokens_of("Anna") == 1


@both_editions
@pytest.mark.ruling("LL19-END-LAST-SURVIVOR")
def test_ll19_end_last_survivor_wins_holding_the_lowest_card(edition_name: str) -> None:
    """The last player in wins even holding a Guard: nothing is compared."""
    game = table(
        hands={"Anna": "Princess", "Ben": "Guard"},
        pile=["Countess"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.PRINCESS))
    assert game.state.round_winners == ("Ben",)
    assert game.state.hand("Ben") == (Card.GUARD,)
    assert game.state.tokens == (0, 1)
    ended = [e for e in game.events if isinstance(e, RoundEnded)]
    assert [(e.end, e.winners, e.hands) for e in ended] == [(Ending.LAST_SURVIVOR, ("Ben",), ())]
