"""The Chancellor (6, 2019 edition only): draw two, keep one of three, return two under the pile."""

from __future__ import annotations

from itertools import permutations

import pytest
from testkit.tables import assert_refused, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    CardsReturned,
    Choose,
    Draw,
    DrawSource,
    Ending,
    Game,
    Phase,
    Play,
    PlayerKnockedOut,
    Reason,
    RoundEnded,
    TokenAwarded,
    TokenFor,
)
from loveletter.games.quiet import play_quietly


def chancellor_mid_round() -> Game:
    """Anna holds a Guard and draws a Chancellor; Priest and Spy come next, then Countess."""
    return table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Chancellor", "Priest", "Spy", "Countess"],
    )


def near_the_end(tail: list[str]) -> Game:
    """Two players, 12 turns played, the pile's last three cards ``tail``; Anna to draw.

    Anna holds a Baron, Ben the King; the Princess is set aside; players draw by command.
    """
    game = table(
        hands={"Anna": "Baron", "Ben": "King"},
        set_aside="Princess",
        face_up=["Prince", "Prince", "Baron"],
        pile=[*["Guard"] * 6, *["Priest", "Priest", "Spy", "Spy", "Handmaid", "Handmaid"], *tail],
        auto_draw=False,
    )
    play_quietly(game, turns=12)
    assert game.state.draw_pile == tuple(Card(c) for c in tail)
    assert game.state.phase is Phase.DRAW
    assert game.state.player_to_act == "Anna"
    return game


def one_card_left() -> Game:
    """Ben has drawn a Chancellor, leaving one card (the other Chancellor) in the pile."""
    game = near_the_end(["Countess", "Chancellor", "Chancellor"])
    play_quietly(game, turns=1)  # Anna plays the Countess
    game.apply(Draw(player="Ben"))
    assert game.state.draw_pile == (Card.CHANCELLOR,)
    assert game.state.hand("Ben") == (Card.KING, Card.CHANCELLOR)
    return game


# -- LL19-CHANCELLOR-DRAW-KEEP-RETURN ----------------------------------------------------


@pytest.mark.ruling("LL19-CHANCELLOR-DRAW-KEEP-RETURN")
def test_ll19_chancellor_draw_keep_return() -> None:
    """The Chancellor draws two; its player keeps one of the three and returns two face down."""
    game = chancellor_mid_round()
    before = game.state
    events = game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert events == (
        CardPlayed(player="Anna", card=Card.CHANCELLOR),
        CardDrawn(player="Anna", card=Card.PRIEST, by=Card.CHANCELLOR),
        CardDrawn(player="Anna", card=Card.SPY, by=Card.CHANCELLOR),
    )
    state = game.state
    assert state.phase is Phase.CHOOSE
    assert state.player_to_act == "Anna"
    assert state.hand("Anna") == (Card.GUARD, Card.PRIEST, Card.SPY)
    assert state.draw_pile == before.draw_pile[2:]

    events = game.apply(Choose(player="Anna", keep=Card.PRIEST, returned=(Card.GUARD, Card.SPY)))
    assert events == (
        CardsReturned(player="Anna", cards=(Card.GUARD, Card.SPY)),
        CardDrawn(player="Ben", card=Card.COUNTESS),
    )
    state = game.state
    assert state.hand("Anna") == (Card.PRIEST,)
    assert state.discards_of("Anna") == (Card.CHANCELLOR,)
    assert state.draw_pile == (*before.draw_pile[3:], Card.GUARD, Card.SPY)
    assert state.shown == ()
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.player_to_act == "Ben"


# -- LL19-CHANCELLOR-ORDER ---------------------------------------------------------------


@pytest.mark.parametrize(
    "returned", [(Card.GUARD, Card.SPY), (Card.SPY, Card.GUARD)], ids=["guard-spy", "spy-guard"]
)
@pytest.mark.ruling("LL19-CHANCELLOR-ORDER")
def test_ll19_chancellor_order_the_second_named_is_the_bottom_card(
    returned: tuple[Card, Card],
) -> None:
    """The first returned card goes under first, so the second named ends up at the bottom."""
    game = chancellor_mid_round()
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    game.apply(Choose(player="Anna", keep=Card.PRIEST, returned=returned))
    pile = game.state.draw_pile
    assert pile[-2:] == returned
    assert pile[-1] is returned[1]


@pytest.mark.ruling("LL19-CHANCELLOR-ORDER")
def test_ll19_chancellor_order_every_order_is_a_legal_choice() -> None:
    """Every kept card, with the other two in either order, is a legal choice."""
    game = chancellor_mid_round()
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    hand = (Card.GUARD, Card.PRIEST, Card.SPY)
    expected = {
        Choose(player="Anna", keep=keep, returned=order)
        for keep in hand
        for order in permutations(c for c in hand if c is not keep)
    }
    legal = list(game.legal_commands())
    assert len(expected) == 6
    assert set(legal) == expected
    assert len(legal) == 6


@pytest.mark.ruling("LL19-CHANCELLOR-ORDER")
def test_ll19_chancellor_order_the_first_named_is_drawn_first() -> None:
    """Two cards returned to an empty pile: the first named is the next card drawn."""
    game = near_the_end(["Chancellor", "Countess", "Chancellor"])
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))  # takes the last two cards
    assert game.state.draw_pile == ()
    game.apply(Choose(player="Anna", keep=Card.BARON, returned=(Card.CHANCELLOR, Card.COUNTESS)))
    assert game.state.draw_pile == (Card.CHANCELLOR, Card.COUNTESS)
    assert game.apply(Draw(player="Ben")) == (CardDrawn(player="Ben", card=Card.CHANCELLOR),)
    assert game.state.draw_pile == (Card.COUNTESS,)


# -- LL19-CHANCELLOR-ONE-CARD ------------------------------------------------------------


@pytest.mark.ruling("LL19-CHANCELLOR-ONE-CARD", "LL19-CHANCELLOR-PILE-SIZE")
def test_ll19_chancellor_one_card_draws_it_and_returns_one() -> None:
    """With one card in the pile the Chancellor draws it, returns one card, and play goes on."""
    game = one_card_left()
    events = game.apply(Play(player="Ben", card=Card.CHANCELLOR))
    assert events == (
        CardPlayed(player="Ben", card=Card.CHANCELLOR),
        CardDrawn(player="Ben", card=Card.CHANCELLOR, by=Card.CHANCELLOR),
    )
    assert game.state.phase is Phase.CHOOSE
    assert game.state.draw_pile == ()
    assert game.state.hand("Ben") == (Card.KING, Card.CHANCELLOR)
    assert set(game.legal_commands()) == {
        Choose(player="Ben", keep=Card.KING, returned=(Card.CHANCELLOR,)),
        Choose(player="Ben", keep=Card.CHANCELLOR, returned=(Card.KING,)),
    }
    too_many = Choose(player="Ben", keep=Card.KING, returned=(Card.CHANCELLOR, Card.KING))
    assert_refused(game, too_many, Reason.BAD_CHOICE, "LL19-CHANCELLOR-BAD-CHOICE")

    events = game.apply(Choose(player="Ben", keep=Card.KING, returned=(Card.CHANCELLOR,)))
    assert events == (CardsReturned(player="Ben", cards=(Card.CHANCELLOR,)),)
    state = game.state
    assert state.draw_pile == (Card.CHANCELLOR,)
    assert not state.round_over
    assert state.phase is Phase.DRAW
    assert state.player_to_act == "Anna"
    assert state.hand("Ben") == (Card.KING,)


# -- LL19-CHANCELLOR-EMPTY ---------------------------------------------------------------


@pytest.mark.ruling("LL19-CHANCELLOR-EMPTY", "LL19-CHANCELLOR-PILE-SIZE")
def test_ll19_chancellor_empty_pile_has_no_effect() -> None:
    """With the pile empty the Chancellor draws nothing, asks for no choice, and the round ends."""
    game = one_card_left()
    game.apply(Play(player="Ben", card=Card.CHANCELLOR))
    game.apply(Choose(player="Ben", keep=Card.KING, returned=(Card.CHANCELLOR,)))
    game.apply(Draw(player="Anna"))
    assert game.state.draw_pile == ()
    assert game.state.hand("Anna") == (Card.BARON, Card.CHANCELLOR)

    events = game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert events[0] == CardPlayed(player="Anna", card=Card.CHANCELLOR)
    assert events[1] == RoundEnded(
        round_number=1,
        end=Ending.SHOWDOWN,
        winners=("Ben",),
        hands=(("Anna", Card.BARON), ("Ben", Card.KING)),
        set_aside=Card.PRINCESS,
    )
    assert not any(isinstance(e, (CardDrawn, CardsReturned)) for e in events)
    state = game.state
    assert state.round_over
    assert state.hand("Anna") == (Card.BARON,)
    assert state.discards_of("Anna")[-1] is Card.CHANCELLOR
    assert state.draw_pile == ()


# -- LL19-CHANCELLOR-NO-SET-ASIDE --------------------------------------------------------


@pytest.mark.ruling("LL19-CHANCELLOR-NO-SET-ASIDE")
def test_ll19_chancellor_no_set_aside_card_with_one_or_no_card_left() -> None:
    """A Chancellor short of cards never takes the set-aside card."""
    game = one_card_left()
    events = list(game.apply(Play(player="Ben", card=Card.CHANCELLOR)))
    assert game.state.set_aside is Card.PRINCESS
    assert game.state.hand("Ben") == (Card.KING, Card.CHANCELLOR)
    events += game.apply(Choose(player="Ben", keep=Card.KING, returned=(Card.CHANCELLOR,)))
    events += game.apply(Draw(player="Anna"))
    events += game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert game.state.hand("Anna") == (Card.BARON,)
    assert not any(isinstance(e, CardDrawn) and e.source is DrawSource.SET_ASIDE for e in events)
    assert [e.set_aside for e in events if isinstance(e, RoundEnded)] == [Card.PRINCESS]
    assert game.state.set_aside is Card.PRINCESS


# -- LL19-CHANCELLOR-PILE-SIZE -----------------------------------------------------------


@pytest.mark.ruling("LL19-CHANCELLOR-PILE-SIZE")
def test_ll19_chancellor_pile_size_is_unchanged() -> None:
    """A Chancellor returns as many cards as it drew, so the pile keeps its size."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Chancellor", "Priest", "Spy"],
        auto_draw=False,
    )
    game.apply(Draw(player="Anna"))
    size = len(game.state.draw_pile)
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert len(game.state.draw_pile) == size - 2
    game.apply(Choose(player="Anna", keep=Card.SPY, returned=(Card.GUARD, Card.PRIEST)))
    assert len(game.state.draw_pile) == size
    assert game.state.player_to_act == "Ben"


# -- LL19-CHANCELLOR-COUNTESS ------------------------------------------------------------


def countess_among_three() -> Game:
    """Anna holds the Countess; her Chancellor draws the King and a Prince."""
    game = table(
        hands={"Anna": "Countess", "Ben": "Priest", "Carla": "Priest"},
        pile=["Chancellor", "King", "Prince", "Handmaid", "Handmaid", "Prince"],
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert game.state.hand("Anna") == (Card.COUNTESS, Card.KING, Card.PRINCE)
    return game


@pytest.mark.parametrize("keep", [Card.KING, Card.PRINCE, Card.COUNTESS])
@pytest.mark.ruling("LL19-CHANCELLOR-COUNTESS")
def test_ll19_chancellor_countess_rule_does_not_apply_while_choosing(keep: Card) -> None:
    """With the Countess among the three, the King, a Prince or the Countess may be kept."""
    game = countess_among_three()
    returned = tuple(c for c in (Card.COUNTESS, Card.KING, Card.PRINCE) if c is not keep)
    command = Choose(player="Anna", keep=keep, returned=returned)
    assert game.check(command) is None
    assert command in list(game.legal_commands())
    events = game.apply(command)
    assert events[0] == CardsReturned(player="Anna", cards=returned)
    assert game.state.hand("Anna") == (keep,)
    assert game.state.draw_pile[-2:] == returned


@pytest.mark.ruling("LL19-CHANCELLOR-COUNTESS")
def test_ll19_chancellor_countess_rule_applies_again_on_the_next_turn() -> None:
    """Kept beside a Prince drawn on the next ordinary turn, the Countess is forced again."""
    game = countess_among_three()
    game.apply(Choose(player="Anna", keep=Card.COUNTESS, returned=(Card.KING, Card.PRINCE)))
    game.apply(Play(player="Ben", card=Card.HANDMAID))
    game.apply(Play(player="Carla", card=Card.HANDMAID))
    assert game.state.hand("Anna") == (Card.COUNTESS, Card.PRINCE)
    prince = Play(player="Anna", card=Card.PRINCE, target="Anna")
    assert_refused(game, prince, Reason.COUNTESS_FORCED, "LL19-COUNTESS-FORCED")
    assert list(game.legal_commands()) == [Play(player="Anna", card=Card.COUNTESS)]


# -- LL19-CHANCELLOR-PRINCESS ------------------------------------------------------------


@pytest.mark.ruling("LL19-CHANCELLOR-PRINCESS")
def test_ll19_chancellor_princess_returned_is_not_discarded() -> None:
    """Returning the Princess under the pile knocks nobody out."""
    game = table(
        hands={"Anna": "Baron", "Ben": "Priest", "Carla": "Guard"},
        pile=["Chancellor", "Princess", "Guard", "Countess"],
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    command = Choose(player="Anna", keep=Card.GUARD, returned=(Card.PRINCESS, Card.BARON))
    assert command in list(game.legal_commands())
    events = game.apply(command)
    assert events == (
        CardsReturned(player="Anna", cards=(Card.PRINCESS, Card.BARON)),
        CardDrawn(player="Ben", card=Card.COUNTESS),
    )
    state = game.state
    assert not any(isinstance(e, PlayerKnockedOut) for e in events)
    assert state.in_round == ("Anna", "Ben", "Carla")
    assert state.discards_of("Anna") == (Card.CHANCELLOR,)
    assert state.draw_pile[-2:] == (Card.PRINCESS, Card.BARON)


# -- LL19-CHANCELLOR-SPY -----------------------------------------------------------------


@pytest.mark.ruling("LL19-CHANCELLOR-SPY")
def test_ll19_chancellor_spy_returned_does_not_count() -> None:
    """A Spy returned under the pile earns nothing at the round's end."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron"},
        pile=["Chancellor", "Spy", "Priest", "Countess", "Handmaid"],
        set_aside="Princess",
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    game.apply(Choose(player="Anna", keep=Card.GUARD, returned=(Card.SPY, Card.PRIEST)))
    assert Card.SPY not in game.state.discards_of("Anna")
    game.apply(Play(player="Ben", card=Card.COUNTESS))
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON))
    assert [e for e in events if isinstance(e, TokenAwarded)] == [
        TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=1)
    ]
    assert game.state.round_winners == ("Anna",)
    assert game.state.spy_bonus is None
    assert game.state.tokens_of("Anna") == 1


# -- LL19-CHANCELLOR-BAD-CHOICE ----------------------------------------------------------


@pytest.mark.parametrize(
    ("keep", "returned"),
    [
        (Card.BARON, (Card.PRIEST, Card.SPY)),
        (Card.GUARD, (Card.PRIEST,)),
        (Card.GUARD, ()),
        (Card.GUARD, (Card.GUARD, Card.PRIEST, Card.SPY)),
        (Card.GUARD, (Card.PRIEST, Card.PRIEST)),
        (Card.GUARD, (Card.GUARD, Card.SPY)),
    ],
    ids=["keep-not-held", "return-one", "return-none", "return-three", "twice", "keep-and-return"],
)
@pytest.mark.ruling("LL19-CHANCELLOR-BAD-CHOICE")
def test_ll19_chancellor_bad_choice_is_refused(keep: Card, returned: tuple[Card, ...]) -> None:
    """A choice that does not split the three cards into one kept and two returned is refused."""
    game = chancellor_mid_round()
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    command = Choose(player="Anna", keep=keep, returned=returned)
    assert_refused(game, command, Reason.BAD_CHOICE, "LL19-CHANCELLOR-BAD-CHOICE")


@pytest.mark.ruling("LL19-CHANCELLOR-BAD-CHOICE")
def test_ll19_chancellor_bad_choice_nothing_else_until_the_choice() -> None:
    """While the choice is pending, no play or draw is accepted, from anyone."""
    game = chancellor_mid_round()
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    wrong_phase = [
        Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST),
        Play(player="Anna", card=Card.SPY),
        Draw(player="Anna"),
    ]
    for command in wrong_phase:
        assert_refused(game, command, Reason.WRONG_PHASE, "LL19-CHANCELLOR-BAD-CHOICE")
    not_their_turn = [
        Play(player="Ben", card=Card.BARON, target="Anna"),
        Draw(player="Ben"),
        Choose(player="Ben", keep=Card.GUARD, returned=(Card.PRIEST, Card.SPY)),
    ]
    for command in not_their_turn:
        assert_refused(game, command, Reason.NOT_YOUR_TURN, "LL19-TURN-ORDER")
    assert all(isinstance(c, Choose) for c in game.legal_commands())


@pytest.mark.ruling("LL19-CHANCELLOR-BAD-CHOICE")
def test_ll19_chancellor_bad_choice_without_a_pending_choice() -> None:
    """A choice when no Chancellor choice is pending is refused."""
    game = chancellor_mid_round()
    command = Choose(player="Anna", keep=Card.GUARD, returned=(Card.CHANCELLOR,))
    assert_refused(game, command, Reason.WRONG_PHASE, "LL19-CHANCELLOR-BAD-CHOICE")
