"""The game's end and the next round: targets, shared wins, who starts, what is reset."""

from __future__ import annotations

from collections import Counter

import pytest
from testkit.tables import (
    PLAYERS,
    anna_alone_table,
    anna_wins_alone,
    baron_against_king,
    both_editions,
    cards_on_table,
    layout,
    play_to_showdown,
    table,
    tie_table,
)

from loveletter import (
    Card,
    Deal,
    Game,
    GameEnded,
    IllegalCommandError,
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


def anna_knocks_out_ben(edition_name: str = "2019", **kwargs: object) -> Game:
    """Two players; Anna's Guard knocks Ben out at once: she wins the round."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest"},
        pile=["Guard"],
        edition_name=edition_name,
        **kwargs,  # type: ignore[arg-type]
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert game.state.round_winners == ("Anna",)
    return game


def carla_outlasts_everyone(edition_name: str, **kwargs: object) -> Game:
    """Three players, Anna first: Anna and Ben lose Barons to Carla's King; Carla wins."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "King"},
        pile=["Baron", "Baron"],
        edition_name=edition_name,
        **kwargs,  # type: ignore[arg-type]
    )
    game.apply(Play(player="Anna", card=Card.BARON, target="Carla"))
    game.apply(Play(player="Ben", card=Card.BARON, target="Carla"))
    assert game.state.round_winners == ("Carla",)
    return game


def refusal_of(game: Game, command: Deal) -> tuple[Reason, str]:
    """The reason and ruling ``command`` is refused with; it must change nothing."""
    before = game.state
    with pytest.raises(IllegalCommandError) as refused:
        game.apply(command)
    assert game.state == before
    return refused.value.reason, refused.value.ruling


# -- LL19-GAME-TARGETS -------------------------------------------------------------------


@pytest.mark.ruling("LL19-GAME-TARGETS")
@pytest.mark.parametrize(("count", "target"), [(2, 6), (3, 5), (4, 4), (5, 3), (6, 3)])
def test_ll19_game_targets_tokens_needed_by_player_count(count: int, target: int) -> None:
    """A 2019 game is won with 6, 5, 4, 3 or 3 tokens for 2, 3, 4, 5 or 6 players."""
    players = PLAYERS[:count]
    assert edition("2019").target(players=count) == target
    game = Game.new(players, seed=1, first="Anna", tokens={"Anna": target - 1})
    assert game.state.table.target == target
    with pytest.raises(SetupError):
        Game.new(players, seed=1, first="Anna", tokens={"Anna": target})


@pytest.mark.ruling("LL19-GAME-TARGETS")
def test_ll19_game_targets_two_players_play_to_six() -> None:
    """With two players a sixth token wins the game; a fifth does not."""
    short = anna_knocks_out_ben(tokens={"Anna": 4})
    assert (short.state.tokens_of("Anna"), short.state.phase) == (5, Phase.ROUND_OVER)
    won = anna_knocks_out_ben(tokens={"Anna": 5})
    assert (won.state.tokens_of("Anna"), won.state.phase) == (6, Phase.GAME_OVER)
    assert won.state.game_winners == ("Anna",)


@pytest.mark.ruling("LL19-GAME-TARGETS")
def test_ll19_game_targets_three_players_play_to_five() -> None:
    """With three players a fifth token wins the game; a fourth does not."""
    short = carla_outlasts_everyone("2019", tokens={"Carla": 3})
    assert (short.state.tokens_of("Carla"), short.state.phase) == (4, Phase.ROUND_OVER)
    won = carla_outlasts_everyone("2019", tokens={"Carla": 4})
    assert (won.state.tokens_of("Carla"), won.state.phase) == (5, Phase.GAME_OVER)
    assert won.state.game_winners == ("Carla",)


# -- LL19-GAME-TARGET-FIXED --------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-GAME-TARGET-FIXED")
def test_ll19_game_target_fixed_by_the_starting_player_count(edition_name: str) -> None:
    """Knock-outs leave two players in, but the target stays the four-player one, all game long."""
    four = edition(edition_name).target(players=4)
    two = edition(edition_name).target(players=2)
    assert four < two
    game = anna_alone_table(4, edition_name, tokens={"Anna": four - 2})
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    game.apply(Play(player="Carla", card=Card.PRINCESS))
    assert game.state.in_round == ("Anna", "Dan")
    assert game.state.table.target == four
    game.apply(Play(player="Dan", card=Card.BARON, target="Anna"))
    assert game.state.tokens_of("Anna") == four - 1
    assert not game.state.game_over
    game.apply(Deal())
    assert game.state.table.target == four
    game = anna_alone_table(4, edition_name, tokens={"Anna": four - 1})
    anna_wins_alone(game)
    assert game.state.game_winners == ("Anna",)


# -- LL19-GAME-END-CHECK -----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-GAME-END-CHECK")
def test_ll19_game_end_check_comes_after_the_round_tokens(edition_name: str) -> None:
    """The game ends once the round's tokens are handed out, and nothing can follow."""
    target = edition(edition_name).target(players=2)
    game = anna_knocks_out_ben(edition_name, tokens={"Anna": target - 1, "Ben": target - 1})
    kinds = [type(e) for e in game.events]
    assert kinds[-3:] == [RoundEnded, TokenAwarded, GameEnded]
    assert game.events[-1] == GameEnded(winners=("Anna",))
    assert game.state.phase is Phase.GAME_OVER
    assert game.state.game_winners == ("Anna",)
    assert list(game.legal_commands()) == []
    assert refusal_of(game, Deal()) == (Reason.GAME_OVER, "LL19-Q19")


@pytest.mark.ruling("LL19-GAME-END-CHECK")
def test_ll19_game_end_check_comes_after_the_spy_token() -> None:
    """A round win and then the Spy token take Anna to the target: the game ends after both."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Baron"},
        pile=["Spy", "Priest", "Guard"],
        tokens={"Anna": 4},
    )
    game.apply(Play(player="Anna", card=Card.SPY))
    game.apply(Play(player="Ben", card=Card.PRIEST, target="Anna"))
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON))
    assert events[-3:] == (
        TokenAwarded(player="Anna", reason=TokenFor.ROUND_WIN, tokens=5),
        TokenAwarded(player="Anna", reason=TokenFor.SPY, tokens=6),
        GameEnded(winners=("Anna",)),
    )
    assert game.state.game_winners == ("Anna",)


# -- LL19-GAME-SHARED-WIN ----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-GAME-SHARED-WIN")
def test_ll19_game_shared_win_everyone_at_the_target_wins_together(edition_name: str) -> None:
    """Two tied round winners reach the target together and win the game together."""
    target = edition(edition_name).target(players=2)
    game = tie_table(edition_name, tokens={"Anna": target - 1, "Ben": target - 1})
    events = play_to_showdown(game)
    assert game.state.round_winners == ("Anna", "Ben")
    assert game.state.phase is Phase.GAME_OVER
    assert game.state.game_winners == ("Anna", "Ben")
    assert events[-1] == GameEnded(winners=("Anna", "Ben"))


@pytest.mark.ruling("LL19-GAME-SHARED-WIN")
def test_ll19_game_shared_win_whatever_the_totals() -> None:
    """Ben ends on 7 tokens and Anna on 6: both reached the target of 6, so both win."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        pile=["Guard", "Spy"],
        face_up=["Princess", "Spy", "King"],
        set_aside="Countess",
        tokens={"Anna": 5, "Ben": 5},
    )
    events = play_to_showdown(game)
    assert game.state.spy_bonus == "Ben"
    assert game.state.tokens == (6, 7)
    assert game.state.game_winners == ("Anna", "Ben")
    assert events[-1] == GameEnded(winners=("Anna", "Ben"))


@pytest.mark.ruling("LL19-GAME-SHARED-WIN")
def test_ll19_game_shared_win_with_a_spy_token_and_a_round_win() -> None:
    """Anna reaches the target with the Spy token, Ben with the round: they win together."""
    game = baron_against_king(["Spy", "Guard", "Spy"], tokens={"Anna": 5, "Ben": 5})
    play_to_showdown(game)
    assert game.state.round_winners == ("Ben",)
    assert game.state.spy_bonus == "Anna"
    assert game.state.game_winners == ("Anna", "Ben")


# -- LL19-GAME-SPY-REACHES ---------------------------------------------------------------


@pytest.mark.ruling("LL19-GAME-SPY-REACHES")
def test_ll19_game_spy_reaches_the_spy_token_alone_wins_the_game() -> None:
    """Anna loses the showdown, but her Spy token is her sixth: she wins the game alone."""
    game = baron_against_king(["Spy", "Guard", "Spy"], tokens={"Anna": 5, "Ben": 2})
    events = play_to_showdown(game)
    assert game.state.round_winners == ("Ben",)
    assert game.state.tokens == (6, 3)
    assert game.state.phase is Phase.GAME_OVER
    assert game.state.game_winners == ("Anna",)
    assert events[-1] == GameEnded(winners=("Anna",))


# -- LL19-NEXT-FIRST-WINNER --------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-NEXT-FIRST-WINNER")
def test_ll19_next_first_winner_starts_the_next_round(edition_name: str) -> None:
    """Carla won the round, so Carla (not the next seat, Ben) starts the next one."""
    game = carla_outlasts_everyone(edition_name)
    assert game.state.next_first == ("Carla",)
    assert list(game.legal_commands()) == [Deal()]
    q12 = edition(edition_name).ruling("LL19-Q12")
    assert refusal_of(game, Deal(first="Ben")) == (Reason.FIRST_NOT_ALLOWED, q12)
    assert game.is_legal(Deal(first="Carla"))
    events = game.apply(Deal())
    started = [e for e in events if isinstance(e, RoundStarted)]
    assert [(e.round_number, e.first) for e in started] == [(2, "Carla")]
    assert game.state.player_to_act == "Carla"


@both_editions
@pytest.mark.ruling("LL19-NEXT-FIRST-WINNER")
def test_ll19_next_first_winner_of_a_showdown_starts(edition_name: str) -> None:
    """Ben, who won the showdown with the King, starts the next round."""
    game = table(
        hands={"Anna": "Prince", "Ben": "King"},
        face_up=["Baron", "Baron", "Prince"],
        set_aside="Princess",
        edition_name=edition_name,
    )
    play_to_showdown(game)
    assert game.state.next_first == ("Ben",)
    game.apply(Deal(first="Ben"))
    assert game.state.player_to_act == "Ben"


# -- LL19-NEXT-FIRST-TIE-RANDOM ----------------------------------------------------------


@pytest.mark.ruling("LL19-NEXT-FIRST-TIE-RANDOM")
def test_ll19_next_first_tie_random_one_of_the_tied_winners_starts() -> None:
    """After a tie one of the winners starts, drawn by the referee from the seed."""
    picks = []
    for seed in range(12):
        game = tie_table("2019", seed=seed)
        play_to_showdown(game)
        assert list(game.legal_commands()) == [Deal()]
        game.apply(Deal())
        picks.append(game.state.player_to_act)
        again = tie_table("2019", seed=seed)
        play_to_showdown(again)
        again.apply(Deal())
        assert again.state.player_to_act == picks[-1]
    assert set(picks) == {"Anna", "Ben"}


@pytest.mark.ruling("LL19-NEXT-FIRST-TIE-RANDOM")
def test_ll19_next_first_tie_random_nobody_chooses_the_starter() -> None:
    """Nobody picks among the tied winners: naming Ben (or Carla, who lost) is refused."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince", "Carla": "Baron"},
        pile=["King", "Baron"],
        set_aside="Princess",
    )
    play_to_showdown(game)
    assert game.state.next_first == ("Anna", "Ben")
    for first in ("Ben", "Carla"):
        assert refusal_of(game, Deal(first=first)) == (Reason.FIRST_NOT_ALLOWED, "LL19-Q12")
    game.apply(Deal())
    assert game.state.player_to_act in ("Anna", "Ben")


@pytest.mark.ruling("LL19-NEXT-FIRST-TIE-RANDOM")
def test_ll19_next_first_tie_random_a_table_dealing_its_own_cards_records_its_draw() -> None:
    """A table dealing its own cards drew lots itself: its deal names the tied winner."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince", "Carla": "Baron"},
        pile=["King", "Baron"],
        set_aside="Princess",
    )
    play_to_showdown(game)
    own = layout(players=["Anna", "Ben", "Carla"], hands={"Ben": "Guard"})
    assert refusal_of(game, Deal(layout=own, first="Carla")) == (
        Reason.FIRST_NOT_ALLOWED,
        "LL19-Q12",
    )
    game.apply(Deal(layout=own, first="Ben"))
    assert game.state.player_to_act == "Ben"


# -- LL19-NEXT-FIRST-SPY-EARNER-NOT ------------------------------------------------------


@pytest.mark.ruling("LL19-NEXT-FIRST-SPY-EARNER-NOT")
def test_ll19_next_first_spy_earner_not_the_spy_token_does_not_start() -> None:
    """Anna earned only the Spy token: Ben, the round's winner, starts the next round."""
    game = baron_against_king(["Spy", "Guard", "Spy"])
    play_to_showdown(game)
    assert game.state.spy_bonus == "Anna"
    assert game.state.next_first == ("Ben",)
    assert list(game.legal_commands()) == [Deal()]
    assert refusal_of(game, Deal(first="Anna")) == (Reason.FIRST_NOT_ALLOWED, "LL19-Q12")
    game.apply(Deal())
    assert game.state.player_to_act == "Ben"


# -- LL19-NEXT-ROUND-RESET ---------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-NEXT-ROUND-RESET")
def test_ll19_next_round_reset_keeps_tokens_and_clears_the_round(edition_name: str) -> None:
    """The next round keeps the tokens, deals the whole deck again, and clears the rest."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Princess"},
        pile=["Handmaid", "Priest"],
        tokens={"Anna": 2, "Ben": 1},
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    game.apply(Play(player="Ben", card=Card.PRINCESS))
    state = game.state
    assert state.phase is Phase.ROUND_OVER
    assert (state.is_protected("Anna"), state.is_out("Ben")) == (True, True)
    assert state.discards_of("Ben") == (Card.PRINCESS, Card.PRIEST)
    assert state.tokens == (3, 1)

    events = game.apply(Deal())
    state = game.state
    started = [e for e in events if isinstance(e, RoundStarted)]
    assert [e.round_number for e in started] == [2]
    assert state.round_number == 2
    assert state.tokens == (3, 1)
    assert state.out == (False, False)
    assert state.protected == (False, False)
    assert state.discards == ((), ())
    assert state.shown == ()
    assert state.set_aside is not None
    assert len(state.face_up) == 3
    assert (len(state.hand("Anna")), len(state.hand("Ben"))) == (2, 1)
    assert cards_on_table(state) == Counter(edition(edition_name).deck)


@both_editions
@pytest.mark.ruling("LL19-NEXT-ROUND-RESET")
def test_ll19_next_round_reset_deals_the_layout_given(edition_name: str) -> None:
    """A next round dealt from a given layout lies exactly as that layout says."""
    game = anna_knocks_out_ben(edition_name)
    given = layout(
        players=["Anna", "Ben"],
        hands={"Anna": "Countess", "Ben": "Guard"},
        pile=["Baron"],
        set_aside="Princess",
        edition_name=edition_name,
    )
    game.apply(Deal(layout=given))
    state = game.state
    assert state.hand("Anna") == (Card.COUNTESS, Card.BARON)
    assert state.hand("Ben") == (Card.GUARD,)
    assert state.set_aside is Card.PRINCESS
    assert state.face_up == given.face_up
    assert state.draw_pile == given.draw_pile[1:]
    assert state.discards == ((), ())
