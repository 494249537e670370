"""The referee's decisions on questions the rulebooks leave open (LL19-Q01 to LL19-Q22).

Each decision applies to both editions unless it is about the Spy or the Chancellor,
which only the 2019 edition has.
"""

from __future__ import annotations

import random

import attrs
import pytest
from testkit.tables import (
    FORCED_RULING,
    PLAYERS,
    STILL_TIED_PILE,
    anna_alone_table,
    anna_protected,
    anna_wins_alone,
    assert_refused,
    both_editions,
    layout,
    of_type,
    showdown_of_princes,
    table,
)

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    CardsReturned,
    Choose,
    Command,
    Deal,
    Draw,
    DrawSource,
    Ending,
    Game,
    GameEnded,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    InconsistentStateError,
    KnockOutCause,
    Layout,
    Phase,
    Play,
    PlayerKnockedOut,
    ProtectionEnded,
    Reason,
    RoundEnded,
    RoundStarted,
    SetupError,
    Shown,
    State,
    TokenAwarded,
    TokenFor,
    edition,
)
from loveletter.games.quiet import play_quietly
from loveletter.rules import engine as rules_engine
from loveletter.rules.checks import unknown_card_refusal
from loveletter.serialization import UnknownCardError, command_from_data

# -- helpers -----------------------------------------------------------------------------


def other_than(state: State, player: str) -> str:
    """The other player at a two-player table."""
    (other,) = (p for p in state.players if p != player)
    return other


def tied_three_player_round(edition_name: str, *, seed: int = 0) -> Game:
    """A round of three where Carla is knocked out and Anna and Ben win it together.

    Both keep a Prince to the showdown; in the classic edition their discards are
    worth 15 each, so the tie-break leaves them tied too.
    """
    pile = {
        "2019": ["Guard"],
        "classic": [
            "Guard",
            "Guard",
            "Countess",
            "Priest",
            "Handmaid",
            "Priest",
            "Guard",
            "Baron",
            "Guard",
            "Baron",
            "Guard",
            "Handmaid",
        ],
    }[edition_name]
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince", "Carla": "Princess"},
        pile=pile,
        set_aside="King",
        edition_name=edition_name,
        seed=seed,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Carla", guess=Card.PRINCESS))
    play_quietly(game)
    assert game.state.outcome is not None
    assert game.state.outcome.end is Ending.SHOWDOWN
    assert game.state.round_winners == ("Anna", "Ben")
    return game


# Two-player tables whose draw piles can be played out with quiet turns; the named
# bottom card is the last one drawn.
LAST_CARD_TABLES: dict[str, dict[str, object]] = {
    "2019": {
        "hands": {"Anna": "Priest", "Ben": "Priest"},
        "set_aside": "Princess",
        "face_up": ["Prince", "Chancellor", "Chancellor"],
    },
    "classic": {
        "hands": {"Anna": "Priest", "Ben": "Priest"},
        "set_aside": "Princess",
        "face_up": ["Baron", "Baron", "Prince"],
    },
}


# -- LL19-Q01: what a Guard may name -----------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_guard_may_name_every_card_of_the_edition_but_guard(edition_name: str) -> None:
    """A Guard may name any card of the edition except the Guard itself."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    ed = edition(edition_name)
    for card in ed.cards - {Card.GUARD}:
        play = Play(player="Anna", card=Card.GUARD, target="Ben", guess=card)
        assert game.check(play) is None, card
    assert_refused(
        game,
        Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD),
        Reason.GUESS_GUARD,
        "LL19-GUARD-NOT-GUARD",
    )
    guard_guesses = {
        c.guess
        for c in game.legal_commands()
        if isinstance(c, Play) and c.card is Card.GUARD and c.target == "Ben"
    }
    assert guard_guesses == set(ed.cards) - {Card.GUARD}


@both_editions
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_names_are_compared_case_insensitively(edition_name: str) -> None:
    """A named card is recognised in any letter case, and a correct one knocks the target out."""
    ed = edition(edition_name)
    assert ed.parse_card("PRINCE") is Card.PRINCE
    assert ed.parse_card("pRiNcE") is Card.PRINCE
    data = {"play": {"player": "Anna", "card": "GUARD", "target": "Ben", "guess": "prince"}}
    command = command_from_data(data, ed)
    assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE)
    game = table(
        hands={"Anna": "Priest", "Ben": "Prince", "Carla": "Baron"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card="guard", target="Ben", guess="PRINCE"))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.PRINCE, hit=True) in events
    assert game.state.in_round == ("Anna", "Carla")


@both_editions
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_guard_may_name_cards_all_in_sight_and_the_set_aside_kind(
    edition_name: str,
) -> None:
    """Naming the set-aside kind, or a card whose copies are all face up, is legal and misses."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron"},
        pile=["Guard"],
        set_aside="Princess",
        face_up=["King", "Countess", "Handmaid"],
        edition_name=edition_name,
    )
    for guess in (Card.PRINCESS, Card.KING, Card.COUNTESS):
        play = Play(player="Anna", card=Card.GUARD, target="Ben", guess=guess)
        assert game.check(play) is None, guess
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.KING, hit=False) in events
    assert game.state.in_round == ("Anna", "Ben")


@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_guard_may_name_spy_in_2019() -> None:
    """In the 2019 edition a Guard may name the Spy, and knocks out a player holding one."""
    game = table(hands={"Anna": "Priest", "Ben": "Spy", "Carla": "Baron"}, pile=["Guard"])
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.SPY, hit=True) in events
    assert game.state.is_out("Ben")
    assert game.state.discards_of("Ben") == (Card.SPY,)


@pytest.mark.parametrize("name", ["Spy", "Chancellor"])
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_names_the_classic_edition_lacks_are_refused(name: str) -> None:
    """A classic Guard naming Spy or Chancellor is refused as an unknown card."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Guard"],
        edition_name="classic",
    )
    assert_refused(
        game,
        Play(player="Anna", card=Card.GUARD, target="Ben", guess=name),
        Reason.UNKNOWN_CARD,
        "LLC-GUARD-NAMES",
    )


@both_editions
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_a_name_that_is_no_card_is_refused_as_unknown(edition_name: str) -> None:
    """A Guard naming something that is no card of the edition is refused (UNKNOWN_CARD)."""
    ed = edition(edition_name)
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    assert ed.parse_card("Jester") is None
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "Jester"}}
    with pytest.raises(UnknownCardError) as error:
        command_from_data(data, ed)
    unknown = error.value
    assert unknown.reason is Reason.UNKNOWN_CARD
    assert unknown.command_type is Play
    refusal = unknown_card_refusal(game.state, unknown.sketch, unknown.name)
    expected = {"2019": "LL19-Q01", "classic": "LLC-GUARD-NAMES"}[edition_name]
    assert (refusal.reason, refusal.ruling) == (Reason.UNKNOWN_CARD, expected)


@pytest.mark.parametrize(
    ("edition_name", "value", "card"),
    [(name, spec.value, spec.card) for name in ("2019", "classic") for spec in edition(name).specs],
)
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_values_are_aliases_for_names(edition_name: str, value: int, card: Card) -> None:
    """A card's value in the edition names that card, as a number or as digits."""
    ed = edition(edition_name)
    assert ed.parse_card(value) is card
    assert ed.parse_card(str(value)) is card
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": value}}
    assert command_from_data(data, ed) == Play(
        player="Anna", card=Card.GUARD, target="Ben", guess=card
    )


@pytest.mark.parametrize(
    ("edition_name", "value"), [("2019", 10), ("2019", -1), ("classic", 0), ("classic", 9)]
)
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_values_outside_the_edition_name_no_card(edition_name: str, value: int) -> None:
    """A number that is no card's value in the edition names nothing and is refused."""
    ed = edition(edition_name)
    assert ed.parse_card(value) is None
    assert ed.parse_card(str(value)) is None
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": value}}
    with pytest.raises(UnknownCardError) as error:
        command_from_data(data, ed)
    assert error.value.reason is Reason.UNKNOWN_CARD


@both_editions
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_value_one_means_guard_and_is_refused(edition_name: str) -> None:
    """Naming 1 names the Guard, which a Guard may not name (GUESS_GUARD)."""
    ed = edition(edition_name)
    game = table(
        hands={"Anna": "Priest", "Ben": "Guard", "Carla": "Handmaid"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    for value in (1, "1"):
        data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": value}}
        command = command_from_data(data, ed)
        assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD)
        assert_refused(game, command, Reason.GUESS_GUARD, "LL19-GUARD-NOT-GUARD")


@both_editions
@pytest.mark.ruling("LL19-Q01")
def test_ll19_q01_a_named_value_hits_like_the_name(edition_name: str) -> None:
    """A Guard naming the Prince's value 5 knocks out the player holding a Prince."""
    ed = edition(edition_name)
    game = table(
        hands={"Anna": "Priest", "Ben": "Prince", "Carla": "Baron"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    data = {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "5"}}
    events = game.apply(command_from_data(data, ed))
    assert GuardGuessed(player="Anna", target="Ben", guess=Card.PRINCE, hit=True) in events
    assert game.state.in_round == ("Anna", "Carla")


# -- LL19-Q02: the Princess play is a legal command --------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q02")
def test_ll19_q02_princess_play_is_listed_among_legal_commands(edition_name: str) -> None:
    """Playing the Princess is listed as legal, and knocks its player out when applied."""
    game = table(
        hands={"Anna": "Princess", "Ben": "Priest", "Carla": "Baron"},
        pile=["Guard"],
        edition_name=edition_name,
    )
    princess = Play(player="Anna", card=Card.PRINCESS)
    legal = game.legal_commands()
    assert princess in list(legal)
    assert princess in legal
    assert game.is_legal(princess)
    events = game.apply(princess)
    assert (
        PlayerKnockedOut(
            player="Anna", cause=KnockOutCause.PRINCESS_PLAYED, discarded=(Card.GUARD,)
        )
        in events
    )
    assert game.state.discards_of("Anna") == (Card.PRINCESS, Card.GUARD)
    assert game.state.in_round == ("Ben", "Carla")


# -- LL19-Q03: tokens are uncapped -------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q03")
def test_ll19_q03_more_than_13_tokens_can_be_held_in_all(edition_name: str) -> None:
    """A game of three can hand out more than the box's 13 tokens in all."""
    game = anna_alone_table(3, edition_name, tokens={"Anna": 6, "Ben": 6, "Carla": 1}, target=10)
    assert sum(game.state.tokens) == 13
    events = anna_wins_alone(game)
    assert TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=7) in events
    assert game.state.tokens == (7, 6, 1)
    assert sum(game.state.tokens) == 14
    assert game.state.phase is Phase.ROUND_OVER


@both_editions
@pytest.mark.ruling("LL19-Q03")
def test_ll19_q03_one_player_may_hold_more_than_13(edition_name: str) -> None:
    """A player's tokens are a plain count: one player can go past 13."""
    game = anna_alone_table(3, edition_name, tokens={"Anna": 13}, target=20)
    events = anna_wins_alone(game)
    assert TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=14) in events
    assert game.state.tokens_of("Anna") == 14


# -- LL19-Q04: the set-aside card is never needed twice ----------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q04")
def test_ll19_q04_a_prince_on_an_empty_pile_ends_the_round(edition_name: str) -> None:
    """A Prince on the turn that emptied the pile takes the set-aside card; the round then ends."""
    game = table(**LAST_CARD_TABLES[edition_name], bottom=["Prince"], edition_name=edition_name)
    play_quietly(game, until_pile=0)
    state = game.state
    last = state.player_to_act
    assert last is not None
    other = other_than(state, last)
    assert state.draw_pile == ()
    assert state.hand(last) == (Card.PRIEST, Card.PRINCE)
    events = game.apply(Play(player=last, card=Card.PRINCE, target=other))
    assert (
        CardDrawn(player=other, card=Card.PRINCESS, source=DrawSource.SET_ASIDE, by=Card.PRINCE)
        in events
    )
    assert game.state.set_aside is None
    assert game.state.round_over
    (ended,) = of_type(events, RoundEnded)
    assert ended.end is Ending.SHOWDOWN
    assert ended.winners == (other,)


@both_editions
@pytest.mark.ruling("LL19-Q04")
def test_ll19_q04_set_aside_card_needed_twice_is_an_internal_error(edition_name: str) -> None:
    """A Prince needing the set-aside card a second time is an internal error, not a game rule."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Prince"],
        edition_name=edition_name,
    )
    impossible = attrs.evolve(game.state, draw_pile=(), set_aside=None)
    with pytest.raises(InconsistentStateError):
        rules_engine.apply(impossible, Play(player="Anna", card=Card.PRINCE, target="Ben"))


# -- LL19-Q05: nobody may choose a knocked-out player ------------------------------------


@both_editions
@pytest.mark.parametrize("card", ["Guard", "Priest", "Baron", "King", "Prince"])
@pytest.mark.ruling("LL19-Q05")
def test_ll19_q05_no_card_may_choose_a_knocked_out_player(edition_name: str, card: str) -> None:
    """Choosing a player knocked out of the round is refused (TARGET_OUT), whatever the card."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Handmaid", "Carla": card},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.HANDMAID))
    assert game.state.is_out("Ben")
    assert game.state.player_to_act == "Carla"
    guess = Card.PRIEST if card == "Guard" else None
    assert_refused(
        game,
        Play(player="Carla", card=card, target="Ben", guess=guess),
        Reason.TARGET_OUT,
        "LL19-TARGET-OUT",
    )
    assert all(c.target != "Ben" for c in game.legal_commands() if isinstance(c, Play))


# -- LL19-Q06 and Q07: the Chancellor and the size of the pile (2019) --------------------


@pytest.mark.ruling("LL19-Q06")
def test_ll19_q06_chancellor_with_one_card_in_the_pile_returns_one() -> None:
    """With one card left a Chancellor draws it and returns one card: the pile holds one again."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Priest"},
        set_aside="Princess",
        face_up=["Prince", "Prince", "Chancellor"],
        bottom=["Chancellor", "Guard"],
    )
    play_quietly(game, until_pile=1)
    state = game.state
    me = state.player_to_act
    assert me is not None
    kept = state.hand(me)[0]
    assert state.hand(me) == (kept, Card.CHANCELLOR)
    assert state.draw_pile == (Card.GUARD,)
    events = game.apply(Play(player=me, card=Card.CHANCELLOR))
    assert CardDrawn(player=me, card=Card.GUARD, by=Card.CHANCELLOR) in events
    assert game.state.phase is Phase.CHOOSE
    assert game.state.draw_pile == ()
    assert sorted(game.state.hand(me), key=str) == sorted((kept, Card.GUARD), key=str)
    assert_refused(
        game,
        Choose(player=me, keep=kept, returned=()),
        Reason.BAD_CHOICE,
        "LL19-CHANCELLOR-BAD-CHOICE",
    )
    events = game.apply(Choose(player=me, keep=kept, returned=[Card.GUARD]))
    # The returned Guard is the pile's one card again, so the round goes on and the
    # next player draws it.
    other = other_than(game.state, me)
    assert events[:2] == (
        CardsReturned(player=me, cards=(Card.GUARD,)),
        CardDrawn(player=other, card=Card.GUARD),
    )
    assert not game.state.round_over
    assert game.state.player_to_act == other
    assert game.state.phase is Phase.PLAY


@pytest.mark.ruling("LL19-Q07")
def test_ll19_q07_chancellor_keeps_the_pile_size() -> None:
    """A Chancellor returns as many cards as it drew, so the pile's size does not change."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid", "Dan": "Guard"},
        pile=["Chancellor", "King", "Countess"],
    )
    size = len(game.state.draw_pile)
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert len(game.state.draw_pile) == size - 2
    game.apply(Choose(player="Anna", keep=Card.KING, returned=[Card.PRIEST, Card.COUNTESS]))
    assert game.state.draw_pile[-2:] == (Card.PRIEST, Card.COUNTESS)
    # Ben has drawn since: the Chancellor's turn itself left the pile as it found it.
    assert len(game.state.draw_pile) == size - 1
    assert game.state.player_to_act == "Ben"


@pytest.mark.ruling("LL19-Q07")
def test_ll19_q07_chancellor_cannot_refill_an_empty_pile() -> None:
    """A Chancellor played on an empty pile does nothing, and the round ends after that turn."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Priest"},
        set_aside="Princess",
        face_up=["Prince", "Prince", "Chancellor"],
        bottom=["Chancellor"],
    )
    play_quietly(game, until_pile=0)
    state = game.state
    me = state.player_to_act
    assert me is not None
    assert state.draw_pile == ()
    assert Card.CHANCELLOR in state.hand(me)
    events = game.apply(Play(player=me, card=Card.CHANCELLOR))
    assert not of_type(events, CardDrawn)
    assert not of_type(events, CardsReturned)
    assert game.state.draw_pile == ()
    assert game.state.phase is Phase.ROUND_OVER
    (ended,) = of_type(events, RoundEnded)
    assert ended.end is Ending.SHOWDOWN


# -- LL19-Q08 and Q09: protected players and cards with no target ------------------------


@both_editions
@pytest.mark.ruling("LL19-Q08")
def test_ll19_q08_choosing_a_protected_player_is_refused(edition_name: str) -> None:
    """Choosing a protected player is refused, not accepted as a wasted play."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Handmaid", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    assert_refused(
        game,
        Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRIEST),
        Reason.TARGET_PROTECTED,
        "LL19-TARGET-PROTECTED",
    )
    assert_refused(
        game, Play(player="Ben", card=Card.GUARD), Reason.TARGET_REQUIRED, "LL19-TARGET-OTHER"
    )
    events = game.apply(Play(player="Ben", card=Card.GUARD, target="Carla", guess=Card.PRINCE))
    assert GuardGuessed(player="Ben", target="Carla", guess=Card.PRINCE, hit=False) in events


@both_editions
@pytest.mark.ruling("LL19-Q08")
def test_ll19_q08_with_nobody_to_choose_the_card_is_played_without_target(
    edition_name: str,
) -> None:
    """When every other player is protected, the Guard is played with no target and no effect."""
    game = anna_protected(edition_name, "Guard")
    events = game.apply(Play(player="Ben", card=Card.GUARD))
    assert CardPlayed(player="Ben", card=Card.GUARD) in events
    assert not of_type(events, GuardGuessed)
    assert game.state.in_round == ("Anna", "Ben")


@both_editions
@pytest.mark.parametrize("card", ["Guard", "Priest", "Baron", "King"])
@pytest.mark.ruling("LL19-Q09")
def test_ll19_q09_card_with_no_legal_target_is_played_without_target(
    edition_name: str, card: str
) -> None:
    """With nobody to choose, the card is played with no target and no guess, and does nothing."""
    game = anna_protected(edition_name, card)
    played = Card[card.upper()]
    plays = [c for c in game.legal_commands() if isinstance(c, Play) and c.card is played]
    assert plays == [Play(player="Ben", card=played)]
    assert_refused(
        game,
        Play(
            player="Ben", card=played, target="Ben", guess=Card.PRIEST if card == "Guard" else None
        ),
        Reason.TARGET_SELF,
        "LL19-TARGET-OTHER",
    )
    before = game.state
    refusal = game.check(Play(player="Ben", card=played, guess=Card.PRINCE))
    assert refusal is not None
    assert refusal.reason is Reason.GUESS_NOT_ALLOWED
    if played is Card.GUARD:
        assert refusal.ruling == "LL19-Q09"
    events = game.apply(Play(player="Ben", card=played))
    assert before.hand("Anna") == (Card.GUARD,)
    assert game.state.hand("Anna")[0] is Card.GUARD
    assert game.state.hand("Ben") == (Card.PRIEST,)
    assert CardPlayed(player="Ben", card=played, target=None, guess=None) in events
    for effect in (GuardGuessed, HandSeen, HandsCompared, HandsTraded, PlayerKnockedOut):
        assert not of_type(events, effect)
    assert game.state.shown == ()
    assert game.state.discards_of("Ben") == (played,)


@both_editions
@pytest.mark.ruling("LL19-Q09")
def test_ll19_q09_prince_always_has_a_target_its_own_player(edition_name: str) -> None:
    """A Prince with every other player protected must choose its own player."""
    game = anna_protected(edition_name, "Prince")
    prince_plays = [
        c for c in game.legal_commands() if isinstance(c, Play) and c.card is Card.PRINCE
    ]
    assert prince_plays == [Play(player="Ben", card=Card.PRINCE, target="Ben")]
    assert_refused(
        game, Play(player="Ben", card=Card.PRINCE), Reason.TARGET_REQUIRED, "LL19-TARGET-ANY"
    )
    assert_refused(
        game,
        Play(player="Ben", card=Card.PRINCE, target="Anna"),
        Reason.TARGET_PROTECTED,
        "LL19-TARGET-PROTECTED",
    )
    top = game.state.draw_pile[0]
    events = game.apply(Play(player="Ben", card=Card.PRINCE, target="Ben"))
    assert HandDiscarded(player="Ben", card=Card.PRIEST) in events
    assert CardDrawn(player="Ben", card=top, by=Card.PRINCE) in events
    assert game.state.discards_of("Ben") == (Card.PRINCE, Card.PRIEST)


# -- LL19-Q10: when protection ends ------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q10")
def test_ll19_q10_protection_ends_when_play_passes_back_before_the_draw(
    edition_name: str,
) -> None:
    """Protection lasts through the others' turns and ends as play passes back, before the draw."""
    game = table(
        hands={"Anna": "Guard", "Ben": "King", "Carla": "Baron"},
        pile=["Handmaid", "Priest", "Guard", "Baron"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    assert_refused(
        game,
        Play(player="Ben", card=Card.PRIEST, target="Anna"),
        Reason.TARGET_PROTECTED,
        "LL19-TARGET-PROTECTED",
    )
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Carla"))
    assert game.state.is_protected("Anna")
    assert_refused(
        game,
        Play(player="Carla", card=Card.GUARD, target="Anna", guess=Card.PRIEST),
        Reason.TARGET_PROTECTED,
        "LL19-TARGET-PROTECTED",
    )
    events = game.apply(Play(player="Carla", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
    assert game.state.is_protected("Anna") is False
    ended = events.index(ProtectionEnded(player="Anna"))
    drawn = events.index(CardDrawn(player="Anna", card=Card.BARON))
    assert ended < drawn


@both_editions
@pytest.mark.ruling("LL19-Q10")
def test_ll19_q10_protection_is_gone_before_the_protected_player_draws(edition_name: str) -> None:
    """Without automatic draws, the protected player is unprotected while still due to draw."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest"},
        pile=["Handmaid", "Guard"],
        edition_name=edition_name,
        auto_draw=False,
    )
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    game.apply(Draw(player="Ben"))
    assert game.state.is_protected("Anna")
    events = game.apply(Play(player="Ben", card=Card.GUARD))
    assert ProtectionEnded(player="Anna") in events
    assert game.state.phase is Phase.DRAW
    assert game.state.player_to_act == "Anna"
    assert not game.state.is_protected("Anna")


# -- LL19-Q11: several players reach the target together ---------------------------------


@pytest.mark.ruling("LL19-Q11")
def test_ll19_q11_all_who_reach_the_target_win_whatever_their_totals() -> None:
    """Anna (win and Spy: 5) and Ben (win: 4) both reach a target of 4 and win together."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        pile=["Spy", "Guard", "Spy"],
        set_aside="Princess",
        face_up=["King", "Chancellor", "Chancellor"],
        tokens={"Anna": 3, "Ben": 3},
        target=4,
    )
    play_quietly(game)
    state = game.state
    assert state.round_winners == ("Anna", "Ben")
    assert state.spy_bonus == "Anna"
    assert state.tokens == (5, 4)
    assert state.game_over
    assert state.game_winners == ("Anna", "Ben")
    assert game.events[-1] == GameEnded(winners=("Anna", "Ben"))


@pytest.mark.ruling("LL19-Q11")
def test_ll19_q11_classic_tied_winners_reach_the_target_together() -> None:
    """Two classic players still tied after the tie-break both reach 4 and win together."""
    game = showdown_of_princes(STILL_TIED_PILE, tokens={"Anna": 3, "Ben": 3})
    assert game.state.round_winners == ("Anna", "Ben")
    assert game.state.tokens == (4, 4)
    assert game.state.game_winners == ("Anna", "Ben")
    assert game.events[-1] == GameEnded(winners=("Anna", "Ben"))


# -- LL19-Q12: who starts after a tie ----------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q12")
def test_ll19_q12_nobody_picks_the_next_starter_among_tied_winners(edition_name: str) -> None:
    """After a tie only the referee's deal is listed; a shuffled deal naming a winner is refused."""
    game = tied_three_player_round(edition_name)
    ruling = edition(edition_name).ruling("LL19-Q12")
    assert list(game.legal_commands()) == [Deal()]
    for first in ("Anna", "Ben", "Carla"):
        assert_refused(game, Deal(first=first), Reason.FIRST_NOT_ALLOWED, ruling)
    refusal = game.check(Deal(first="Ben"))
    assert refusal is not None
    assert "nobody picks" in refusal.message
    events = game.apply(Deal())
    (started,) = of_type(events, RoundStarted)
    assert started.first in ("Anna", "Ben")
    assert game.state.round_number == 2


@both_editions
@pytest.mark.ruling("LL19-Q12")
def test_ll19_q12_a_layout_deal_records_the_starter_the_table_drew(edition_name: str) -> None:
    """A table that deals its own cards names the tied winner its lots chose; not a loser."""
    game = tied_three_player_round(edition_name)
    ruling = edition(edition_name).ruling("LL19-Q12")
    own = layout(players=PLAYERS[:3], hands={"Carla": "Guard"}, edition_name=edition_name)
    assert_refused(game, Deal(layout=own, first="Carla"), Reason.FIRST_NOT_ALLOWED, ruling)
    events = game.apply(Deal(layout=own, first="Ben"))
    (started,) = of_type(events, RoundStarted)
    assert started.first == "Ben"
    assert game.state.player_to_act == "Ben"


@both_editions
@pytest.mark.ruling("LL19-Q12")
def test_ll19_q12_a_single_winner_may_be_named_and_nobody_else(edition_name: str) -> None:
    """With one round winner, a deal may name that winner only."""
    game = anna_alone_table(3, edition_name)
    anna_wins_alone(game)
    ruling = edition(edition_name).ruling("LL19-Q12")
    assert list(game.legal_commands()) == [Deal()]
    assert game.is_legal(Deal(first="Anna"))
    assert_refused(game, Deal(first="Ben"), Reason.FIRST_NOT_ALLOWED, ruling)


@both_editions
@pytest.mark.ruling("LL19-Q12")
def test_ll19_q12_a_layout_deal_naming_nobody_lets_the_referee_draw(edition_name: str) -> None:
    """A table's own deal that names no starter: the referee draws one tied winner (seeded)."""
    starters = set()
    for seed in range(16):
        game = tied_three_player_round(edition_name, seed=seed)
        own = layout(players=PLAYERS[:3], hands={"Carla": "Guard"}, edition_name=edition_name)
        game.apply(Deal(layout=own))
        starters.add(game.state.player_to_act)
    assert starters == {"Anna", "Ben"}


@both_editions
@pytest.mark.ruling("LL19-Q12")
def test_ll19_q12_default_starter_is_a_seeded_random_tied_winner(edition_name: str) -> None:
    """Without a choice, one tied winner is drawn with the game's seed: reproducible, not fixed."""
    state = tied_three_player_round(edition_name).state
    starters = []
    for seed in range(24):
        seeded = attrs.evolve(state, table=attrs.evolve(state.table, seed=seed))
        first, _ = rules_engine.apply(seeded, Deal())
        again, _ = rules_engine.apply(seeded, Deal())
        assert first.player_to_act == again.player_to_act
        starters.append(first.player_to_act)
    assert set(starters) == {"Anna", "Ben"}


# -- LL19-Q13: the first player of the first round ---------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q13")
def test_ll19_q13_first_player_is_the_callers_choice(edition_name: str) -> None:
    """The caller names who starts the first round."""
    game = Game.new(["Anna", "Ben", "Carla"], edition=edition_name, seed=1, first="Carla")
    assert game.state.player_to_act == "Carla"
    assert game.setup.first == "Carla"
    (started,) = of_type(game.events, RoundStarted)
    assert started.first == "Carla"


@both_editions
@pytest.mark.ruling("LL19-Q13")
def test_ll19_q13_first_player_defaults_to_a_seeded_random_pick(edition_name: str) -> None:
    """Without a choice the first player is drawn from the seed: same seed, same player."""
    players = ["Anna", "Ben", "Carla"]
    firsts = []
    for seed in range(30):
        game = Game.new(players, edition=edition_name, seed=seed)
        again = Game.new(players, edition=edition_name, seed=seed)
        assert game.state.player_to_act == again.state.player_to_act == game.setup.first
        firsts.append(game.setup.first)
    assert set(firsts) == set(players)


@both_editions
@pytest.mark.ruling("LL19-Q13")
def test_ll19_q13_a_first_player_not_at_the_table_is_refused(edition_name: str) -> None:
    """A first player who is not at the table is refused at setup."""
    with pytest.raises(SetupError) as error:
        Game.new(["Anna", "Ben"], edition=edition_name, seed=1, first="Zoe")
    assert error.value.ruling == "LL19-Q13"


# -- LL19-Q14: a reproducible deal -------------------------------------------------------


@both_editions
@pytest.mark.parametrize("players", [("Anna", "Ben"), ("Anna", "Ben", "Carla")])
@pytest.mark.ruling("LL19-Q14")
def test_ll19_q14_deal_order_set_aside_face_up_seats_then_pile(
    edition_name: str, players: tuple[str, ...]
) -> None:
    """A shuffled deck deals: set aside, face up (two players), a card per seat, then the pile."""
    ed = edition(edition_name)
    deck = list(ed.deck)
    random.Random(42).shuffle(deck)
    layout = Layout.shuffled(ed, players, first="Ben", rng=random.Random(42))
    face_up = 3 if len(players) == 2 else 0
    assert layout.set_aside == deck[0]
    assert layout.face_up == tuple(deck[1 : 1 + face_up])
    seats_from_first = [*players[1:], players[0]]
    dealt = deck[1 + face_up : 1 + face_up + len(players)]
    assert {p: layout.hand_of(p) for p in players} == dict(
        zip(seats_from_first, dealt, strict=True)
    )
    assert layout.draw_pile == tuple(deck[1 + face_up + len(players) :])


@both_editions
@pytest.mark.ruling("LL19-Q14")
def test_ll19_q14_the_same_seed_deals_the_same_round(edition_name: str) -> None:
    """Two games set up with the same seed are dealt identically."""
    one = Game.new(["Anna", "Ben", "Carla"], edition=edition_name, seed=99, first="Ben")
    two = Game.new(["Anna", "Ben", "Carla"], edition=edition_name, seed=99, first="Ben")
    assert one.state == two.state
    assert one.events == two.events


# -- LL19-Q15: player counts -------------------------------------------------------------


@pytest.mark.parametrize(
    ("edition_name", "count"),
    [("2019", 0), ("2019", 1), ("2019", 7), ("classic", 1), ("classic", 5), ("classic", 6)],
)
@pytest.mark.ruling("LL19-Q15")
def test_ll19_q15_player_counts_outside_the_edition_are_refused(
    edition_name: str, count: int
) -> None:
    """A table with too few or too many players for the edition cannot be set up."""
    with pytest.raises(SetupError) as error:
        Game.new(PLAYERS[:count], edition=edition_name, seed=1, first=PLAYERS[0])
    assert error.value.ruling == ("LL19-Q15" if edition_name == "2019" else "LLC-PLAYERS")


@pytest.mark.parametrize(
    ("edition_name", "count"),
    [("2019", n) for n in range(2, 7)] + [("classic", n) for n in range(2, 5)],
)
@pytest.mark.ruling("LL19-Q15")
def test_ll19_q15_player_counts_inside_the_edition_are_accepted(
    edition_name: str, count: int
) -> None:
    """Every player count in the edition's range sets up a table."""
    game = Game.new(PLAYERS[:count], edition=edition_name, seed=1, first="Anna")
    assert game.state.players == tuple(PLAYERS[:count])


# -- LL19-Q16: what counts for the Spy token (2019) --------------------------------------


@pytest.mark.ruling("LL19-Q16")
def test_ll19_q16_a_played_spy_counts() -> None:
    """A Spy its player played counts for the Spy token."""
    game = table(hands={"Anna": "Handmaid", "Ben": "Princess"}, pile=["Spy", "Guard"])
    game.apply(Play(player="Anna", card=Card.SPY))
    game.apply(Play(player="Ben", card=Card.PRINCESS))
    assert game.state.spy_bonus == "Anna"
    assert game.state.tokens_of("Anna") == 2


@pytest.mark.ruling("LL19-Q16")
def test_ll19_q16_a_spy_discarded_to_a_prince_counts() -> None:
    """A Spy discarded because of a Prince counts for its holder."""
    game = table(hands={"Anna": "Baron", "Ben": "Spy"}, pile=["Prince", "Guard", "Guard"])
    game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert game.state.discards_of("Ben") == (Card.SPY,)
    game.apply(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.BARON))
    assert game.state.round_winners == ("Ben",)
    assert game.state.spy_bonus == "Ben"
    assert game.state.tokens_of("Ben") == 2


@pytest.mark.ruling("LL19-Q16")
def test_ll19_q16_a_spy_held_at_the_end_does_not_count() -> None:
    """A Spy still in hand when the round ends earns nothing."""
    game = table(hands={"Anna": "Spy", "Ben": "Princess"}, pile=["Handmaid", "Guard"])
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    events = game.apply(Play(player="Ben", card=Card.PRINCESS))
    assert game.state.round_winners == ("Anna",)
    assert game.state.hand("Anna") == (Card.SPY,)
    assert game.state.spy_bonus is None
    assert [e.reason for e in of_type(events, TokenAwarded)] == [TokenFor.ROUND_WIN]
    assert game.state.tokens_of("Anna") == 1


@pytest.mark.ruling("LL19-Q16")
def test_ll19_q16_a_spy_returned_by_a_chancellor_does_not_count() -> None:
    """A Spy put under the pile by a Chancellor was neither played nor discarded."""
    game = table(
        hands={"Anna": "Spy", "Ben": "Princess"}, pile=["Chancellor", "Guard", "Priest", "Guard"]
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    game.apply(Choose(player="Anna", keep=Card.GUARD, returned=[Card.SPY, Card.PRIEST]))
    assert game.state.spied == (False, False)
    game.apply(Play(player="Ben", card=Card.PRINCESS))
    assert game.state.round_winners == ("Anna",)
    assert game.state.spy_bonus is None
    assert game.state.tokens_of("Anna") == 1


@pytest.mark.ruling("LL19-Q16")
def test_ll19_q16_a_spy_discarded_by_a_knocked_out_player_does_not_count() -> None:
    """A Spy that leaves the hand as its holder is knocked out earns nobody the token."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Spy", "Carla": "Princess"}, pile=["Guard", "Guard"]
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY))
    assert game.state.discards_of("Ben") == (Card.SPY,)
    game.apply(Play(player="Carla", card=Card.PRINCESS))
    assert game.state.round_winners == ("Anna",)
    assert game.state.spy_bonus is None
    assert game.state.tokens == (1, 0, 0)


@pytest.mark.ruling("LL19-Q16")
def test_ll19_q16_a_spy_received_through_a_king_counts_once_played() -> None:
    """A Spy received in a King's trade counts only once its new holder plays it."""
    game = table(hands={"Anna": "Spy", "Ben": "Princess"}, pile=["King", "Guard", "Guard"])
    game.apply(Play(player="Anna", card=Card.KING, target="Ben"))
    assert game.state.hand("Ben") == (Card.SPY, Card.GUARD)
    assert game.state.spied == (False, False)
    game.apply(Play(player="Ben", card=Card.SPY))
    assert game.state.spied == (False, True)
    game.apply(Play(player="Anna", card=Card.PRINCESS))
    assert game.state.round_winners == ("Ben",)
    assert game.state.spy_bonus == "Ben"
    assert game.state.tokens_of("Ben") == 2


# -- LL19-Q17: knocked out on the last card's turn ---------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q17")
def test_ll19_q17_last_opponent_out_on_the_last_turn_is_a_lone_survivor_win(
    edition_name: str,
) -> None:
    """Knocking the last opponent out on the turn that empties the pile wins without a showdown."""
    layouts = {
        "2019": {
            "hands": {"Anna": "Prince", "Ben": "Prince"},
            "face_up": ["King", "Chancellor", "Chancellor"],
        },
        "classic": {
            "hands": {"Anna": "King", "Ben": "Baron"},
            "face_up": ["Baron", "Prince", "Prince"],
        },
    }
    game = table(
        **layouts[edition_name], set_aside="Princess", bottom=["Guard"], edition_name=edition_name
    )
    play_quietly(game, until_pile=0)
    state = game.state
    last = state.player_to_act
    assert last is not None
    other = other_than(state, last)
    assert state.draw_pile == ()
    (victim_card,) = state.hand(other)
    events = game.apply(Play(player=last, card=Card.GUARD, target=other, guess=victim_card))
    (ended,) = of_type(events, RoundEnded)
    assert ended.end is Ending.LAST_SURVIVOR
    assert ended.winners == (last,)
    assert ended.hands == ()
    assert not any(shown.by is None for shown in game.state.shown)
    assert game.state.outcome is not None
    assert game.state.outcome.end is Ending.LAST_SURVIVOR


# -- LL19-Q18: who is shown what ---------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q18")
def test_ll19_q18_priest_shows_the_card_to_its_player_only(edition_name: str) -> None:
    """A Priest shows the target's card to the Priest's player and to nobody else."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Priest"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert HandSeen(player="Anna", target="Ben", card=Card.BARON) in events
    assert game.state.shown == (Shown(viewer="Anna", owner="Ben", card=Card.BARON, by=Card.PRIEST),)
    assert game.state.hand("Ben")[0] is Card.BARON


@both_editions
@pytest.mark.ruling("LL19-Q18")
def test_ll19_q18_baron_shows_the_two_cards_to_the_two_players_only(edition_name: str) -> None:
    """A Baron's tie shows each of the two players the other's card, and Carla nothing."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Priest", "Carla": "Handmaid"},
        pile=["Baron"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert set(game.state.shown) == {
        Shown(viewer="Anna", owner="Ben", card=Card.PRIEST, by=Card.BARON),
        Shown(viewer="Ben", owner="Anna", card=Card.PRIEST, by=Card.BARON),
    }
    assert all(shown.viewer != "Carla" for shown in game.state.shown)


@both_editions
@pytest.mark.ruling("LL19-Q18")
def test_ll19_q18_baron_loser_hand_becomes_public(edition_name: str) -> None:
    """The loser of a Baron's comparison discards face up, so their card becomes public."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Priest", "Carla": "Handmaid"},
        pile=["Baron"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert PlayerKnockedOut(player="Ben", cause=KnockOutCause.BARON, discarded=(Card.PRIEST,)) in (
        events
    )
    assert game.state.discards_of("Ben") == (Card.PRIEST,)
    assert all(shown.viewer != "Carla" for shown in game.state.shown)


@both_editions
@pytest.mark.ruling("LL19-Q18")
def test_ll19_q18_king_shows_each_player_the_card_received(edition_name: str) -> None:
    """After a King's trade each of the two sees the card they received, and nobody else does."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["King"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.KING, target="Ben"))
    assert (
        HandsTraded(
            player="Anna", target="Ben", player_received=Card.BARON, target_received=Card.GUARD
        )
        in events
    )
    assert set(game.state.shown) == {
        Shown(viewer="Anna", owner="Ben", card=Card.BARON, by=Card.KING),
        Shown(viewer="Ben", owner="Anna", card=Card.GUARD, by=Card.KING),
    }


@pytest.mark.ruling("LL19-Q18")
def test_ll19_q18_chancellor_cards_are_seen_by_its_player_only() -> None:
    """A Chancellor's drawn and returned cards are its player's alone: nobody is shown them."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Chancellor", "King", "Countess"],
    )
    events = game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert of_type(events, CardDrawn) == [
        CardDrawn(player="Anna", card=Card.KING, by=Card.CHANCELLOR),
        CardDrawn(player="Anna", card=Card.COUNTESS, by=Card.CHANCELLOR),
    ]
    events = game.apply(Choose(player="Anna", keep=Card.GUARD, returned=[Card.KING, Card.COUNTESS]))
    assert CardsReturned(player="Anna", cards=(Card.KING, Card.COUNTESS)) in events
    assert game.state.shown == ()


@both_editions
@pytest.mark.ruling("LL19-Q18")
def test_ll19_q18_set_aside_hidden_and_face_up_cards_public(edition_name: str) -> None:
    """The round's start shows the face-up cards to all and keeps the set-aside card hidden."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron"},
        set_aside="Princess",
        face_up=["King", "Handmaid", "Priest"],
        edition_name=edition_name,
    )
    (started,) = of_type(game.events, RoundStarted)
    assert started.face_up == (Card.KING, Card.HANDMAID, Card.PRIEST)
    assert game.state.face_up == (Card.KING, Card.HANDMAID, Card.PRIEST)
    assert "set_aside" not in attrs.fields_dict(RoundStarted)
    assert Card.PRINCESS not in [card for _, card in started.hands]
    assert game.state.shown == ()


# -- LL19-Q19: commands between rounds and after the game --------------------------------


def round_and_game_commands() -> list[Command]:
    """Draws, plays and choices by either player of a two-player table."""
    return [
        Draw(player="Anna"),
        Draw(player="Ben"),
        Play(player="Anna", card=Card.HANDMAID),
        Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRIEST),
        Choose(player="Anna", keep=Card.HANDMAID, returned=[]),
    ]


@both_editions
@pytest.mark.ruling("LL19-Q19")
def test_ll19_q19_commands_between_rounds_are_refused_round_over(edition_name: str) -> None:
    """After a round ends, draws, plays and choices are refused until the next deal."""
    game = anna_alone_table(2, edition_name)
    anna_wins_alone(game)
    assert game.state.phase is Phase.ROUND_OVER
    for command in round_and_game_commands():
        assert_refused(game, command, Reason.ROUND_OVER, "LL19-Q19")
    assert list(game.legal_commands()) == [Deal()]
    assert game.check(Deal()) is None


@both_editions
@pytest.mark.ruling("LL19-Q19")
def test_ll19_q19_commands_after_the_game_are_refused_game_over(edition_name: str) -> None:
    """After the game ends, every command, a deal included, is refused with GAME_OVER."""
    game = anna_alone_table(2, edition_name, target=1)
    anna_wins_alone(game)
    assert game.state.phase is Phase.GAME_OVER
    for command in [*round_and_game_commands(), Deal(), Deal(first="Anna")]:
        assert_refused(game, command, Reason.GAME_OVER, "LL19-Q19")
    assert list(game.legal_commands()) == []


# -- LL19-Q20: where the Countess check applies ------------------------------------------


@pytest.mark.ruling("LL19-Q20")
def test_ll19_q20_countess_check_does_not_apply_to_the_chancellor_choice() -> None:
    """Among a Chancellor's three cards, the King or a Prince may be kept beside the Countess."""
    game = table(
        hands={"Anna": "Countess", "Ben": "Baron", "Carla": "Priest"},
        pile=["Chancellor", "King", "Prince"],
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert game.state.hand("Anna") == (Card.COUNTESS, Card.KING, Card.PRINCE)
    keeps = {c.keep for c in game.legal_commands() if isinstance(c, Choose)}
    assert keeps == {Card.COUNTESS, Card.KING, Card.PRINCE}
    assert len(game.legal_commands()) == 6
    for keep, returned in [
        (Card.KING, [Card.COUNTESS, Card.PRINCE]),
        (Card.PRINCE, [Card.KING, Card.COUNTESS]),
        (Card.COUNTESS, [Card.PRINCE, Card.KING]),
    ]:
        assert game.check(Choose(player="Anna", keep=keep, returned=returned)) is None
    game.apply(Choose(player="Anna", keep=Card.KING, returned=[Card.COUNTESS, Card.PRINCE]))
    assert game.state.hand("Anna") == (Card.KING,)


@both_editions
@pytest.mark.ruling("LL19-Q20")
def test_ll19_q20_countess_received_from_a_king_is_checked_on_the_next_own_turn(
    edition_name: str,
) -> None:
    """A Countess received in a King's trade forces nothing until its holder's own next turn."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Countess", "Carla": "Baron"},
        pile=["King", "Priest", "Handmaid", "Prince"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.KING, target="Ben"))
    assert game.state.hand("Anna") == (Card.COUNTESS,)
    assert game.state.hand("Ben") == (Card.GUARD, Card.PRIEST)
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Carla"))
    game.apply(Play(player="Carla", card=Card.HANDMAID))
    assert game.state.hand("Anna") == (Card.COUNTESS, Card.PRINCE)
    expected = FORCED_RULING[edition_name]
    assert_refused(
        game, Play(player="Anna", card=Card.PRINCE, target="Ben"), Reason.COUNTESS_FORCED, expected
    )
    assert list(game.legal_commands()) == [Play(player="Anna", card=Card.COUNTESS)]


@both_editions
@pytest.mark.ruling("LL19-Q20")
def test_ll19_q20_king_received_from_a_prince_is_checked_on_the_next_own_turn(
    edition_name: str,
) -> None:
    """A King drawn off-turn because of a Prince is checked only with the card drawn next turn."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Prince", "King", "Countess"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert CardDrawn(player="Ben", card=Card.KING, by=Card.PRINCE) in events
    assert game.state.hand("Ben") == (Card.KING, Card.COUNTESS)
    expected = FORCED_RULING[edition_name]
    assert_refused(
        game, Play(player="Ben", card=Card.KING, target="Carla"), Reason.COUNTESS_FORCED, expected
    )
    game.apply(Play(player="Ben", card=Card.COUNTESS))
    assert game.state.hand("Ben") == (Card.KING,)


# -- LL19-Q21: the round summary reveals the set-aside card ------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q21")
def test_ll19_q21_round_summary_reveals_the_set_aside_card(edition_name: str) -> None:
    """The RoundEnded event names the card that was set aside face down."""
    game = anna_alone_table(3, edition_name, set_aside="Countess")
    events = anna_wins_alone(game)
    (ended,) = of_type(events, RoundEnded)
    assert ended.set_aside is Card.COUNTESS
    assert game.state.set_aside is Card.COUNTESS


@both_editions
@pytest.mark.ruling("LL19-Q21")
def test_ll19_q21_round_summary_has_no_set_aside_card_once_taken(edition_name: str) -> None:
    """Once a Prince has taken the set-aside card, the round summary has none to reveal."""
    game = table(**LAST_CARD_TABLES[edition_name], bottom=["Prince"], edition_name=edition_name)
    play_quietly(game, until_pile=0)
    last = game.state.player_to_act
    assert last is not None
    events = game.apply(Play(player=last, card=Card.PRINCE, target=last))
    assert (
        CardDrawn(player=last, card=Card.PRINCESS, source=DrawSource.SET_ASIDE, by=Card.PRINCE)
        in events
    )
    (ended,) = of_type(events, RoundEnded)
    assert ended.set_aside is None
    assert dict(ended.hands)[last] is Card.PRINCESS


# -- LL19-Q22: the token target is a setting ---------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-Q22")
def test_ll19_q22_default_target_is_the_editions_table(edition_name: str) -> None:
    """Without a setting, the target is the edition's for the number of players."""
    ed = edition(edition_name)
    for count in range(ed.min_players, ed.max_players + 1):
        game = Game.new(PLAYERS[:count], edition=edition_name, seed=1, first="Anna")
        assert game.state.table.target == ed.target(players=count)


@both_editions
@pytest.mark.ruling("LL19-Q22")
def test_ll19_q22_house_target_below_the_table_ends_the_game_sooner(edition_name: str) -> None:
    """With a house target of 2, the first player to hold 2 tokens wins the game."""
    game = anna_alone_table(4, edition_name, tokens={"Anna": 1}, target=2)
    assert game.state.table.target == 2
    events = anna_wins_alone(game)
    assert game.state.game_over
    assert game.state.game_winners == ("Anna",)
    assert events[-1] == GameEnded(winners=("Anna",))


@both_editions
@pytest.mark.ruling("LL19-Q22")
def test_ll19_q22_house_target_above_the_table_plays_on(edition_name: str) -> None:
    """With a house target of 10, reaching the edition's usual target does not end the game."""
    usual = edition(edition_name).target(players=2)
    game = anna_alone_table(2, edition_name, tokens={"Anna": usual - 1}, target=10)
    anna_wins_alone(game)
    assert game.state.tokens_of("Anna") == usual
    assert game.state.phase is Phase.ROUND_OVER
    assert not game.state.game_over


@both_editions
@pytest.mark.parametrize("target", [0, -1, -7])
@pytest.mark.ruling("LL19-Q22")
def test_ll19_q22_zero_or_negative_target_is_refused(edition_name: str, target: int) -> None:
    """A token target below 1 cannot be set up."""
    with pytest.raises(SetupError) as error:
        Game.new(["Anna", "Ben"], edition=edition_name, seed=1, first="Anna", target=target)
    assert error.value.ruling == "LL19-Q22"
