"""The round's end: the showdown, its winners, their tokens, and the Spy token."""

from __future__ import annotations

import pytest
from testkit.tables import baron_against_king, both_editions, play_to_showdown, table, tie_table

from loveletter import (
    Card,
    Ending,
    Event,
    Game,
    Play,
    RoundEnded,
    TokenAwarded,
    TokenFor,
)
from loveletter.views import view_for


def awards(events: list[Event] | tuple[Event, ...]) -> list[tuple[str, TokenFor, int]]:
    """The tokens handed out, in order: who, why, and their new total."""
    return [(e.player, e.reason, e.tokens) for e in events if isinstance(e, TokenAwarded)]


def ended(events: list[Event] | tuple[Event, ...]) -> RoundEnded:
    """The one RoundEnded event among ``events``."""
    (event,) = [e for e in events if isinstance(e, RoundEnded)]
    return event


def discard_total(game: Game, player: str) -> int:
    """The total value of the cards in front of ``player``."""
    return sum(game.state.edition.value[c] for c in game.state.discards_of(player))


def two_princes_and_carla(
    carla: str, pile: list[str], *, set_aside: str = "Princess", **kwargs: object
) -> Game:
    """2019, three players: Anna and Ben keep a Prince each, Carla keeps ``carla``.

    ``pile`` must hand the King and both Barons to Anna or Ben (seats 0 and 1 mod 3).
    """
    return table(
        hands={"Anna": "Prince", "Ben": "Prince", "Carla": carla},
        pile=pile,
        set_aside=set_aside,
        **kwargs,  # type: ignore[arg-type]
    )


# -- LL19-END-DECK-EMPTY -----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-END-DECK-EMPTY")
def test_ll19_end_deck_empty_everyone_still_in_reveals_their_card(edition_name: str) -> None:
    """When the pile runs out, the players still in show their cards to everyone."""
    game = table(
        hands={"Anna": "Handmaid", "Ben": "Handmaid", "Carla": "Princess"},
        pile=["Prince"],
        set_aside="Prince",
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.PRINCE, target="Carla"))
    assert game.state.is_out("Carla")
    events = play_to_showdown(game)
    assert ended(events).hands == (("Anna", Card.HANDMAID), ("Ben", Card.HANDMAID))
    for viewer in ("Anna", "Ben", "Carla", None):
        shown = view_for(game.state, viewer).shown
        revealed = [(s.owner, s.card) for s in shown if s.by is None]
        assert revealed == [("Anna", Card.HANDMAID), ("Ben", Card.HANDMAID)], viewer


# -- LL19-END-HIGHEST-WINS ---------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-END-HIGHEST-WINS")
@pytest.mark.parametrize(
    ("anna", "ben", "hidden", "winner"),
    [
        ("Prince", "King", ["Baron", "Baron", "Prince", "Princess"], "Ben"),
        ("Princess", "Baron", ["Baron", "Prince", "Prince", "King"], "Anna"),
    ],
)
def test_ll19_end_highest_wins_the_highest_card_wins_the_showdown(
    edition_name: str, anna: str, ben: str, hidden: list[str], winner: str
) -> None:
    """At the showdown the player with the highest card wins the round."""
    game = table(
        hands={"Anna": anna, "Ben": ben},
        face_up=hidden[:3],
        set_aside=hidden[3],
        edition_name=edition_name,
    )
    events = play_to_showdown(game)
    assert ended(events).winners == (winner,)
    assert game.state.round_winners == (winner,)
    assert (winner, TokenFor.ROUND_WIN, 1) in awards(events)


@pytest.mark.ruling("LL19-END-HIGHEST-WINS")
def test_ll19_end_highest_wins_alone_among_three_players() -> None:
    """Carla's Princess beats two tied Princes: she alone wins, the tied pair win nothing."""
    game = two_princes_and_carla(
        "Princess", ["King", "Baron", "Guard", "Baron"], set_aside="Countess"
    )
    events = play_to_showdown(game)
    assert ended(events).hands == (
        ("Anna", Card.PRINCE),
        ("Ben", Card.PRINCE),
        ("Carla", Card.PRINCESS),
    )
    assert game.state.round_winners == ("Carla",)
    assert awards(events) == [("Carla", TokenFor.ROUND_WIN, 1)]


# -- LL19-END-TIE-ALL-WIN ----------------------------------------------------------------


@pytest.mark.ruling("LL19-END-TIE-ALL-WIN")
def test_ll19_end_tie_all_win_both_tied_players_win_a_token() -> None:
    """Two players tied for the highest card both win the round and gain a token each."""
    game = tie_table("2019")
    events = play_to_showdown(game)
    assert ended(events).winners == ("Anna", "Ben")
    assert game.state.round_winners == ("Anna", "Ben")
    assert game.state.spy_bonus is None
    assert awards(events) == [
        ("Anna", TokenFor.ROUND_WIN, 1),
        ("Ben", TokenFor.ROUND_WIN, 1),
    ]


@pytest.mark.ruling("LL19-END-TIE-ALL-WIN")
def test_ll19_end_tie_all_win_a_lower_card_does_not_share_the_win() -> None:
    """Anna and Ben tie with Princes and win; Carla, lower, does not."""
    game = two_princes_and_carla("Baron", ["King", "Baron"])
    events = play_to_showdown(game)
    assert ended(events).hands == (
        ("Anna", Card.PRINCE),
        ("Ben", Card.PRINCE),
        ("Carla", Card.BARON),
    )
    assert game.state.round_winners == ("Anna", "Ben")
    assert game.state.tokens == (1, 1, 0)


# -- LL19-END-NO-DISCARD-TIEBREAK --------------------------------------------------------


@pytest.mark.ruling("LL19-END-NO-DISCARD-TIEBREAK")
def test_ll19_end_no_discard_tiebreak_tied_players_win_whatever_they_discarded() -> None:
    """In 2019 a tie stands, although the tied players' discards add up differently."""
    game = tie_table("2019")
    play_to_showdown(game)
    assert discard_total(game, "Anna") != discard_total(game, "Ben")
    assert game.state.round_winners == ("Anna", "Ben")
    assert game.state.tokens == (1, 1)


# -- LL19-END-TOKEN-PER-WINNER -----------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-END-TOKEN-PER-WINNER")
def test_ll19_end_token_per_winner_the_winner_gains_exactly_one(edition_name: str) -> None:
    """The showdown's winner gains one token; the loser's tokens do not change."""
    game = table(
        hands={"Anna": "Prince", "Ben": "King"},
        face_up=["Baron", "Baron", "Prince"],
        set_aside="Princess",
        tokens={"Anna": 2, "Ben": 3},
        edition_name=edition_name,
    )
    events = play_to_showdown(game)
    assert awards(events) == [("Ben", TokenFor.ROUND_WIN, 4)]
    assert game.state.tokens == (2, 4)


@pytest.mark.ruling("LL19-END-TOKEN-PER-WINNER")
def test_ll19_end_token_per_winner_each_tied_winner_gains_one() -> None:
    """After a tie each winner gains exactly one token."""
    game = tie_table("2019", tokens={"Anna": 2, "Ben": 0})
    events = play_to_showdown(game)
    assert awards(events) == [
        ("Anna", TokenFor.ROUND_WIN, 3),
        ("Ben", TokenFor.ROUND_WIN, 1),
    ]
    assert game.state.tokens == (3, 1)


@both_editions
@pytest.mark.ruling("LL19-END-TOKEN-PER-WINNER")
def test_ll19_end_token_per_winner_a_last_survivor_gains_one(edition_name: str) -> None:
    """The last player standing gains one token."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest"},
        pile=["Guard"],
        tokens={"Anna": 1},
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert awards(events) == [("Anna", TokenFor.ROUND_WIN, 2)]
    assert game.state.tokens == (2, 0)


# -- LL19-SPY-BONUS-ONE ------------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-ONE")
def test_ll19_spy_bonus_one_the_only_spy_player_gains_an_extra_token() -> None:
    """Carla alone played a Spy and is still in: she gains a token after the round's."""
    game = two_princes_and_carla("Spy", ["King", "Baron", "Spy", "Baron"])
    events = play_to_showdown(game)
    assert game.state.discards_of("Carla")[0] is Card.SPY
    assert game.state.spy_bonus == "Carla"
    assert awards(events) == [
        ("Anna", TokenFor.ROUND_WIN, 1),
        ("Ben", TokenFor.ROUND_WIN, 1),
        ("Carla", TokenFor.SPY, 1),
    ]


# -- LL19-SPY-BONUS-AND-WIN --------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-AND-WIN")
def test_ll19_spy_bonus_and_win_the_round_winner_takes_two_tokens() -> None:
    """Ben wins the showdown and is the only Spy player: two tokens in all."""
    game = baron_against_king(["Guard", "Spy", "Guard", "Spy"])
    events = play_to_showdown(game)
    assert game.state.round_winners == ("Ben",)
    assert game.state.spy_bonus == "Ben"
    assert awards(events) == [("Ben", TokenFor.ROUND_WIN, 1), ("Ben", TokenFor.SPY, 2)]
    assert game.state.tokens == (0, 2)


# -- LL19-SPY-BONUS-NOT-A-WIN ------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-NOT-A-WIN")
def test_ll19_spy_bonus_not_a_win_the_spy_player_is_no_round_winner() -> None:
    """Carla earns the Spy token but is not among the round's winners."""
    game = two_princes_and_carla("Spy", ["King", "Baron", "Spy", "Baron"])
    events = play_to_showdown(game)
    assert game.state.spy_bonus == "Carla"
    assert ended(events).winners == ("Anna", "Ben")
    assert game.state.round_winners == ("Anna", "Ben")
    assert [a for a in awards(events) if a[0] == "Carla"] == [("Carla", TokenFor.SPY, 1)]


# -- LL19-SPY-BONUS-BOTH-ONE-TOKEN -------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-BOTH-ONE-TOKEN")
def test_ll19_spy_bonus_both_one_token_two_spies_earn_one_token() -> None:
    """Anna plays both Spies and still gains a single Spy token."""
    game = baron_against_king(["Spy", "Guard", "Spy"])
    events = play_to_showdown(game)
    assert game.state.discards_of("Anna")[:2] == (Card.SPY, Card.SPY)
    assert game.state.spy_bonus == "Anna"
    assert awards(events) == [("Ben", TokenFor.ROUND_WIN, 1), ("Anna", TokenFor.SPY, 1)]
    assert game.state.tokens == (1, 1)


# -- LL19-SPY-BONUS-CANCEL ---------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-CANCEL")
def test_ll19_spy_bonus_cancel_two_spy_players_still_in_get_nothing() -> None:
    """Anna and Ben each played a Spy and are both still in: nobody gains the Spy token."""
    game = baron_against_king(["Spy", "Spy"])
    events = play_to_showdown(game)
    assert game.state.discards_of("Anna")[0] is Card.SPY
    assert game.state.discards_of("Ben")[0] is Card.SPY
    assert game.state.spy_bonus is None
    assert awards(events) == [("Ben", TokenFor.ROUND_WIN, 1)]


# -- LL19-SPY-BONUS-OTHER-OUT ------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-OTHER-OUT")
def test_ll19_spy_bonus_other_out_a_knocked_out_spy_player_does_not_cancel() -> None:
    """Ben played a Spy but was knocked out: Anna, the other Spy player, still gains the token."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Priest", "Carla": "Prince"},
        pile=["Spy", "Spy", "Guard"],
        set_aside="Princess",
    )
    game.apply(Play(player="Anna", card=Card.SPY))
    game.apply(Play(player="Ben", card=Card.SPY))
    game.apply(Play(player="Carla", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert game.state.is_out("Ben")
    events = play_to_showdown(game)
    assert game.state.round_winners == ("Anna", "Carla")
    assert game.state.spy_bonus == "Anna"
    assert awards(events) == [
        ("Anna", TokenFor.ROUND_WIN, 1),
        ("Carla", TokenFor.ROUND_WIN, 1),
        ("Anna", TokenFor.SPY, 2),
    ]


# -- LL19-SPY-BONUS-NEEDS-PLAY -----------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-NEEDS-PLAY")
def test_ll19_spy_bonus_needs_play_a_spy_held_at_the_end_does_not_count() -> None:
    """A Spy held to the showdown neither earns nor cancels: Anna, who played one, gains."""
    game = two_princes_and_carla("Spy", ["King", "Baron", "Guard", "Spy", "Baron"])
    events = play_to_showdown(game)
    assert ("Carla", Card.SPY) in ended(events).hands
    assert Card.SPY not in game.state.discards_of("Carla")
    assert game.state.spy_bonus == "Anna"
    assert ("Anna", TokenFor.SPY, 2) in awards(events)
    assert game.state.tokens_of("Carla") == 0


# -- LL19-SPY-BONUS-LONE-SURVIVOR --------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-BONUS-LONE-SURVIVOR")
def test_ll19_spy_bonus_lone_survivor_who_played_a_spy_gains_two() -> None:
    """A round won by the last player standing, who played a Spy, gives them two tokens."""
    game = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Spy", "Priest", "Guard"])
    game.apply(Play(player="Anna", card=Card.SPY))
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Anna"))
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON))
    assert ended(events).end is Ending.LAST_SURVIVOR
    assert game.state.spy_bonus == "Anna"
    assert awards(events) == [("Anna", TokenFor.ROUND_WIN, 1), ("Anna", TokenFor.SPY, 2)]


# -- LL19-SPY-OUT-NO-BONUS ---------------------------------------------------------------


@pytest.mark.ruling("LL19-SPY-OUT-NO-BONUS")
def test_ll19_spy_out_no_bonus_a_knocked_out_spy_player_gains_nothing() -> None:
    """Anna played a Spy and was then knocked out: nobody gains the Spy token."""
    game = table(hands={"Anna": "Guard", "Ben": "Prince"}, pile=["Spy", "Baron"])
    game.apply(Play(player="Anna", card=Card.SPY))
    events = game.apply(Play(player="Ben", card=Card.BARON, target="Anna"))
    assert game.state.is_out("Anna")
    assert game.state.spy_bonus is None
    assert awards(events) == [("Ben", TokenFor.ROUND_WIN, 1)]
    assert game.state.tokens == (0, 1)


@pytest.mark.ruling("LL19-SPY-OUT-NO-BONUS")
def test_ll19_spy_out_no_bonus_a_spy_discarded_on_a_knock_out_counts_for_nothing() -> None:
    """Ben's Spy, discarded as he is knocked out, earns nothing and cancels nothing."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Spy", "Carla": "Princess"},
        pile=["Spy", "Priest", "Guard", "Guard", "Countess"],
    )
    game.apply(Play(player="Anna", card=Card.SPY))
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Carla"))
    game.apply(Play(player="Carla", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.SPY))
    assert game.state.discards_of("Ben") == (Card.PRIEST, Card.SPY)
    events = game.apply(Play(player="Carla", card=Card.PRINCESS))
    assert game.state.round_winners == ("Anna",)
    assert game.state.spy_bonus == "Anna"
    assert awards(events) == [("Anna", TokenFor.ROUND_WIN, 1), ("Anna", TokenFor.SPY, 2)]
    assert game.state.tokens_of("Ben") == 0
