"""Setup: the deck, the player counts, the cards set aside, the deal and the first player."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from testkit.tables import PLAYERS, both_editions, cards_on_table, layout, table

from loveletter import (
    Card,
    CardDrawn,
    Deal,
    Draw,
    DrawSource,
    Game,
    IllegalCommandError,
    Layout,
    Phase,
    Play,
    Reason,
    RoundEnded,
    RoundStarted,
    SetupError,
    TokenAwarded,
    TokenFor,
    edition,
)
from loveletter.games.quiet import play_quietly
from loveletter.views import view_for

DECK_2019 = {
    Card.SPY: 2,
    Card.GUARD: 6,
    Card.PRIEST: 2,
    Card.BARON: 2,
    Card.HANDMAID: 2,
    Card.PRINCE: 2,
    Card.CHANCELLOR: 2,
    Card.KING: 1,
    Card.COUNTESS: 1,
    Card.PRINCESS: 1,
}
VALUES_2019 = {
    Card.SPY: 0,
    Card.GUARD: 1,
    Card.PRIEST: 2,
    Card.BARON: 3,
    Card.HANDMAID: 4,
    Card.PRINCE: 5,
    Card.CHANCELLOR: 6,
    Card.KING: 7,
    Card.COUNTESS: 8,
    Card.PRINCESS: 9,
}
# -- LL19-SETUP-DECK ---------------------------------------------------------------------


@pytest.mark.ruling("LL19-SETUP-DECK")
def test_ll19_setup_deck_has_21_cards_with_the_listed_counts_and_values() -> None:
    """The 2019 deck is 21 cards: Spy 0 x2, Guard 1 x6, ... Countess 8, Princess 9."""
    ed = edition("2019")
    assert len(ed.deck) == 21
    assert Counter(ed.deck) == DECK_2019
    assert dict(ed.value) == VALUES_2019


@pytest.mark.ruling("LL19-SETUP-DECK")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_ll19_setup_deck_a_shuffled_round_deals_exactly_the_deck(seed: int) -> None:
    """A seeded deal puts exactly the 21 cards of the deck on the table."""
    game = Game.new(PLAYERS[:3], seed=seed, first="Anna", auto_draw=False)
    assert cards_on_table(game.state) == DECK_2019


@pytest.mark.ruling("LL19-SETUP-DECK")
def test_ll19_setup_deck_a_deal_that_is_not_the_deck_is_refused() -> None:
    """A deal with a card too many, or the classic deck, is refused as a bad deal."""
    players = ["Anna", "Ben", "Carla"]
    good = layout(players=players, hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"})
    two_princesses = attrs.evolve(good, draw_pile=(Card.PRINCESS, *good.draw_pile[1:]))
    classic = layout(
        players=players,
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        edition_name="classic",
    )
    for bad in (two_princesses, classic):
        with pytest.raises(SetupError) as refused:
            Game.new(players, first="Anna", seed=1, deal=bad)
        assert refused.value.reason is Reason.BAD_DEAL
        assert refused.value.ruling == "LL19-SETUP-DECK"


@pytest.mark.ruling("LL19-SETUP-DECK")
def test_ll19_setup_deck_a_next_round_that_is_not_the_deck_is_refused() -> None:
    """Between rounds, a deal with a card missing is refused and changes nothing."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"])
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert game.state.phase is Phase.ROUND_OVER
    good = layout(players=["Anna", "Ben"], hands={"Anna": "Guard", "Ben": "Priest"})
    short = attrs.evolve(good, draw_pile=good.draw_pile[1:])
    before = game.state
    with pytest.raises(IllegalCommandError) as refused:
        game.apply(Deal(layout=short))
    assert refused.value.reason is Reason.BAD_DEAL
    assert refused.value.ruling == "LL19-SETUP-DECK"
    assert game.state == before


# -- LL19-SETUP-PLAYER-COUNT -------------------------------------------------------------


@pytest.mark.ruling("LL19-SETUP-PLAYER-COUNT")
@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_ll19_setup_player_count_two_to_six_players_sit_down(count: int) -> None:
    """The 2019 edition seats 2 to 6 players, each dealt one card."""
    game = Game.new(PLAYERS[:count], seed=5, first="Anna", auto_draw=False)
    assert game.state.players == PLAYERS[:count]
    assert all(len(hand) == 1 for hand in game.state.hands)


@pytest.mark.ruling("LL19-SETUP-PLAYER-COUNT")
@pytest.mark.parametrize("count", [0, 1, 7, 8])
def test_ll19_setup_player_count_other_counts_are_refused(count: int) -> None:
    """A 2019 table of fewer than 2 or more than 6 players is refused at setup."""
    players = [f"Player {n}" for n in range(count)]
    with pytest.raises(SetupError) as refused:
        Game.new(players, seed=5, first=players[0] if players else None)
    assert refused.value.ruling == "LL19-Q15"


# -- LL19-SETUP-SET-ASIDE ----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-SETUP-SET-ASIDE")
def test_ll19_setup_set_aside_one_card_is_out_of_the_pile_and_unseen(edition_name: str) -> None:
    """Each round one card lies face down outside the pile and the hands, shown to nobody."""
    ed = edition(edition_name)
    for seed in range(5):
        game = Game.new(PLAYERS[:3], edition=edition_name, seed=seed, first="Anna", auto_draw=False)
        state = game.state
        assert state.set_aside is not None
        assert len(state.draw_pile) == len(ed.deck) - 1 - 3
        assert cards_on_table(state) == Counter(ed.deck)
        assert state.shown == ()
        for viewer in (*state.players, None):
            assert view_for(state, viewer).set_aside is None


@both_editions
@pytest.mark.ruling("LL19-SETUP-SET-ASIDE")
def test_ll19_setup_set_aside_card_comes_from_a_shuffled_deck(edition_name: str) -> None:
    """The set-aside card depends on the shuffle: different seeds set aside different kinds."""
    kinds = {
        Game.new(PLAYERS[:3], edition=edition_name, seed=seed, first="Anna").state.set_aside
        for seed in range(40)
    }
    assert len(kinds) >= 3


@both_editions
@pytest.mark.ruling("LL19-SETUP-SET-ASIDE")
def test_ll19_setup_set_aside_card_is_never_drawn_from_the_pile(edition_name: str) -> None:
    """The whole pile is drawn and the round ends while the set-aside card still lies there."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        face_up=["Princess", "Countess", "King"],
        set_aside="Baron",
        edition_name=edition_name,
    )
    events = play_quietly(game)
    assert game.state.draw_pile == ()
    assert game.state.set_aside is Card.BARON
    assert not any(isinstance(e, CardDrawn) and e.source is DrawSource.SET_ASIDE for e in events)
    ended = [e for e in events if isinstance(e, RoundEnded)]
    assert [e.set_aside for e in ended] == [Card.BARON]


# -- LL19-SETUP-TWO-PLAYER ---------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-SETUP-TWO-PLAYER")
def test_ll19_setup_two_player_three_cards_lie_face_up(edition_name: str) -> None:
    """With two players three more cards are set aside face up for both to see; not with three."""
    ed = edition(edition_name)
    two = Game.new(["Anna", "Ben"], edition=edition_name, seed=4, first="Anna", auto_draw=False)
    started = [e for e in two.events if isinstance(e, RoundStarted)]
    assert len(two.state.face_up) == 3
    assert started[0].face_up == two.state.face_up
    for viewer in ("Anna", "Ben", None):
        assert view_for(two.state, viewer).face_up == two.state.face_up
    assert len(two.state.draw_pile) == len(ed.deck) - 1 - 3 - 2
    assert cards_on_table(two.state) == Counter(ed.deck)
    three = Game.new(PLAYERS[:3], edition=edition_name, seed=4, first="Anna", auto_draw=False)
    assert three.state.face_up == ()


@both_editions
@pytest.mark.ruling("LL19-SETUP-TWO-PLAYER")
def test_ll19_setup_two_player_face_up_cards_stay_out_even_for_a_prince(
    edition_name: str,
) -> None:
    """A Prince on the emptied pile gives the face-down card, never a face-up one."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        face_up=["Princess", "Countess", "King"],
        set_aside="Baron",
        edition_name=edition_name,
    )
    face_up = game.state.face_up
    play_quietly(game, until_pile=0)
    state = game.state
    player = state.player_to_act
    assert player is not None
    assert state.draw_pile == ()
    assert state.face_up == face_up
    other = next(p for p in state.players if p != player)
    target = player if state.is_protected(other) else other
    events = game.apply(Play(player=player, card=Card.PRINCE, target=target))
    drawn = [e for e in events if isinstance(e, CardDrawn)]
    assert drawn == [
        CardDrawn(player=target, card=Card.BARON, source=DrawSource.SET_ASIDE, by=Card.PRINCE)
    ]
    assert game.state.face_up == face_up
    assert game.state.set_aside is None
    assert game.state.round_over


# -- LL19-SETUP-DEAL ---------------------------------------------------------------------


@pytest.mark.ruling("LL19-SETUP-DEAL")
@pytest.mark.parametrize(("count", "pile"), [(2, 15), (3, 17), (4, 16), (5, 15), (6, 14)])
def test_ll19_setup_deal_one_card_each_and_the_pile_sizes(count: int, pile: int) -> None:
    """Each player is dealt one hidden card; the 2019 pile holds 15, 17, 16, 15 or 14 cards."""
    game = Game.new(PLAYERS[:count], seed=8, first="Anna", auto_draw=False)
    state = game.state
    assert [len(hand) for hand in state.hands] == [1] * count
    assert len(state.draw_pile) == pile
    started = [e for e in game.events if isinstance(e, RoundStarted)]
    assert started[0].draw_pile_size == pile
    assert [player for player, _ in started[0].hands] == list(PLAYERS[:count])


@both_editions
@pytest.mark.ruling("LL19-SETUP-DEAL")
def test_ll19_setup_deal_includes_players_knocked_out_last_round(edition_name: str) -> None:
    """A player knocked out last round is dealt a card and plays in the next one."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Guard", "Priest", "Guard"],
        edition_name=edition_name,
        auto_draw=False,
    )
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    game.apply(Draw(player="Carla"))
    game.apply(Play(player="Carla", card=Card.PRIEST, target="Anna"))
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card=Card.GUARD, target="Carla", guess=Card.BARON))
    assert game.state.round_winners == ("Anna",)
    events = game.apply(Deal())
    started = [e for e in events if isinstance(e, RoundStarted)]
    assert [player for player, _ in started[0].hands] == ["Anna", "Ben", "Carla"]
    assert len(game.state.hand("Ben")) == 1
    assert game.state.in_round == ("Anna", "Ben", "Carla")


# -- LL19-SETUP-ORDER --------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-SETUP-ORDER")
@pytest.mark.parametrize("count", [2, 3])
def test_ll19_setup_order_set_aside_then_face_up_then_seats_then_pile(
    edition_name: str, count: int
) -> None:
    """Off the shuffled deck: the set-aside card, the face-up three, a card per seat, the pile."""
    ed = edition(edition_name)
    players = PLAYERS[:count]
    deck = list(ed.deck)
    random.Random(11).shuffle(deck)
    dealt = Layout.shuffled(ed, players, first="Ben", rng=random.Random(11))
    face_up = 3 if count == 2 else 0
    assert dealt.set_aside is deck[0]
    assert dealt.face_up == tuple(deck[1 : 1 + face_up])
    seats = [*players[1:], players[0]]  # from the first player, Ben, round the table
    assert {seat: dealt.hand_of(seat) for seat in seats} == dict(
        zip(seats, deck[1 + face_up : 1 + face_up + count], strict=True)
    )
    assert dealt.draw_pile == tuple(deck[1 + face_up + count :])


@both_editions
@pytest.mark.ruling("LL19-SETUP-ORDER")
def test_ll19_setup_order_the_deal_starts_from_the_first_player(edition_name: str) -> None:
    """The same shuffle dealt from another first player gives the same cards, one seat on."""
    players = PLAYERS[:3]
    by_anna = Game.new(players, edition=edition_name, seed=21, first="Anna", auto_draw=False)
    by_ben = Game.new(players, edition=edition_name, seed=21, first="Ben", auto_draw=False)
    a, b = by_anna.state, by_ben.state
    assert (a.set_aside, a.draw_pile) == (b.set_aside, b.draw_pile)
    assert (a.hand("Anna"), a.hand("Ben"), a.hand("Carla")) == (
        b.hand("Ben"),
        b.hand("Carla"),
        b.hand("Anna"),
    )


@both_editions
@pytest.mark.ruling("LL19-SETUP-ORDER")
def test_ll19_setup_order_a_seeded_deal_is_reproducible(edition_name: str) -> None:
    """The same seed deals the same round, card for card."""
    first = Game.new(PLAYERS[:2], edition=edition_name, seed=99, first="Ben")
    again = Game.new(PLAYERS[:2], edition=edition_name, seed=99, first="Ben")
    assert first.state == again.state
    assert first.events == again.events


# -- LL19-SETUP-FIRST-PLAYER -------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-SETUP-FIRST-PLAYER")
def test_ll19_setup_first_player_is_the_callers_choice(edition_name: str) -> None:
    """The player the caller names takes the first turn of the first round."""
    game = Game.new(PLAYERS[:3], edition=edition_name, seed=3, first="Carla")
    assert game.state.player_to_act == "Carla"
    assert len(game.state.hand("Carla")) == 2
    started = [e for e in game.events if isinstance(e, RoundStarted)]
    assert started[0].first == "Carla"


@both_editions
@pytest.mark.ruling("LL19-SETUP-FIRST-PLAYER")
def test_ll19_setup_first_player_defaults_to_a_seeded_random_pick(edition_name: str) -> None:
    """Without a choice the first player is random, and the same seed picks the same one."""
    players = PLAYERS[:3]
    firsts = [
        Game.new(players, edition=edition_name, seed=s).state.player_to_act for s in range(40)
    ]
    again = [Game.new(players, edition=edition_name, seed=s).state.player_to_act for s in range(40)]
    assert firsts == again
    assert set(firsts) == set(players)


@both_editions
@pytest.mark.ruling("LL19-SETUP-FIRST-PLAYER")
def test_ll19_setup_first_player_must_sit_at_the_table(edition_name: str) -> None:
    """A first player who is not at the table is refused at setup."""
    with pytest.raises(SetupError) as refused:
        Game.new(PLAYERS[:3], edition=edition_name, seed=3, first="Zoe")
    assert refused.value.ruling == "LL19-Q13"


# -- LL19-SETUP-TOKENS -------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-SETUP-TOKENS")
def test_ll19_setup_tokens_the_supply_of_13_is_never_a_limit(edition_name: str) -> None:
    """Tokens are plain counts: players may hold more than the 13 in the box between them."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest"},
        pile=["Guard"],
        tokens={"Anna": 13, "Ben": 13},
        target=30,
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=14) in events
    assert (game.state.tokens_of("Anna"), game.state.tokens_of("Ben")) == (14, 13)
    assert sum(game.state.tokens) == 27
