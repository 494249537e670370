"""Resampling an information state (OpenSpiel's ``resample_from_infostate``), and
OpenSpiel's own ISMCTS playing whole rounds and whole games with it."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [openspiel] extra is not installed")
np = pytest.importorskip("numpy", reason="the [openspiel] extra is not installed")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402
from testkit.budgets import examples  # noqa: E402

from loveletter.errors import LoveLetterError  # noqa: E402
from loveletter.games.simulate import wilson  # noqa: E402
from loveletter.research.rl.openspiel import SHORT_NAME, LoveLetterState  # noqa: E402


def load(**params: Any) -> Any:
    return pyspiel.load_game(SHORT_NAME, params)


def decisions(game: Any, seed: int) -> list[LoveLetterState]:
    """The decision nodes of one game played at random."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, odds = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, odds)[0])
        else:
            found.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return found


TABLES = [
    pytest.param({"single_round": True}, id="2019-2p-round"),
    pytest.param({"players": 4, "single_round": True}, id="2019-4p-round"),
    pytest.param({"edition": "classic", "players": 3}, id="classic-3p-game"),
    pytest.param({"players": 2}, id="2019-2p-game"),
]


@pytest.mark.parametrize("params", TABLES)
def test_a_resampled_state_is_one_the_player_cannot_tell_apart(params: dict[str, Any]) -> None:
    """At every decision of random games, for every player: the resampled state gives
    them the same information state string and tensor, the same player is to act, and
    its history replays to it from the start."""
    game = load(**params)
    rng = random.Random(5)
    checked = 0
    states = [state for seed in range(1, 20) for state in decisions(game, seed)][:40]
    for state in states:
        for player in range(game.num_players()):
            other = state.resample_from_infostate(player, random.Random(rng.random()))
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.information_state_tensor(player) == state.information_state_tensor(player)
            assert other.current_player() == state.current_player()
            replayed = game.new_initial_state()
            for action in other.history():
                replayed.apply_action(action)
            assert str(replayed) == str(other)
            checked += 1
    assert checked >= 80


def test_resampling_reads_only_what_the_player_saw() -> None:
    """Two states the player cannot tell apart resample alike with the same seed: the
    draw depends on their information state alone."""
    game = load(players=3, single_round=True)
    for state in decisions(game, seed=4)[2:8]:
        player = state.current_player()
        other = state.resample_from_infostate(player, random.Random(99))
        for seed in range(3):
            one = state.resample_from_infostate(player, random.Random(seed))
            two = other.resample_from_infostate(player, random.Random(seed))
            assert str(one) == str(two)
            assert one.history() == two.history()


def test_resampling_deals_the_hidden_cards_anew() -> None:
    """The opponent's hidden card varies across resamples, the player's own never."""
    game = load(single_round=True)
    state = decisions(game, seed=3)[0]
    player = state.current_player()
    rng = random.Random(0)
    seen = Counter()
    for _ in range(200):
        other = state.resample_from_infostate(player, random.Random(rng.random()))
        assert other.referee.state.hands[player] == state.referee.state.hands[player]
        seen[other.referee.state.hands[1 - player]] += 1
    assert len(seen) >= 5


def test_resampling_takes_openspiels_probability_sampler() -> None:
    """OpenSpiel's own sampler (a callable of [0, 1) numbers) is accepted."""
    state = decisions(load(single_round=True), seed=6)[0]
    other = state.resample_from_infostate(0, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(0) == state.information_state_string(0)


def test_resampling_is_refused_at_chance_and_terminal_nodes() -> None:
    """Only decisions are resampled; elsewhere the error says so."""
    game = load(single_round=True)
    with pytest.raises(LoveLetterError, match="decision"):
        game.new_initial_state().resample_from_infostate(0, random.Random(1))
    state = decisions(game, seed=1)[0]
    with pytest.raises(LoveLetterError, match="no player 2"):
        state.resample_from_infostate(2, random.Random(1))


class StatelessIsmcts(ismcts.ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ISMCTS bot, which searches afresh at every step: it has nothing to
    restart or be told, which ``evaluate_bots`` asks of every bot."""

    def restart_at(self, state: Any) -> None:
        """Nothing to do: every step searches from the state it is given."""

    def inform_action(self, state: Any, player: int, action: int) -> None:
        """Nothing to do: see :meth:`restart_at`."""


def ismcts_bot(game: Any, seed: int, simulations: int) -> StatelessIsmcts:
    """ISMCTS with random roll-outs, seeded, resampling with a seeded generator."""
    rng = np.random.RandomState(seed)
    bot = StatelessIsmcts(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=rng,
    )
    draws = random.Random(seed)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draws))
    return bot


def ismcts_against_random(params: dict[str, Any], games: int, simulations: int) -> int:
    """ISMCTS's wins against OpenSpiel's uniform random bot, seats turning."""
    game = load(**params)
    wins = 0
    for number in range(games):
        seat = number % 2
        bots = [pyspiel.make_uniform_random_bot(p, 1000 + number) for p in range(2)]
        bots[seat] = ismcts_bot(game, number, simulations)
        returns = evaluate_bots.evaluate_bots(
            game.new_initial_state(), bots, np.random.RandomState(number)
        )
        assert sum(returns) == pytest.approx(0.0)
        wins += returns[seat] > 0
    return wins


@pytest.mark.long
def test_ismcts_beats_uniform_random_in_single_rounds() -> None:
    """OpenSpiel's ISMCTS (20 simulations a move) plays single rounds against uniform
    random through evaluate_bots (24 by default, 60 thorough); its win rate's 95% interval
    lies above 50%."""
    games = examples(quick=24, full=60)
    wins = ismcts_against_random({"single_round": True}, games, simulations=20)
    low, high = wilson(wins, games)
    print(
        f"\nISMCTS (20 simulations) against uniform random, {games} single rounds: "
        f"{wins} wins, {wins / games:.1%} (95% interval {low:.1%} to {high:.1%})"
    )
    assert low > 0.5


def test_ismcts_plays_whole_games() -> None:
    """ISMCTS plays whole games (every round, to the token target) to their end."""
    wins = ismcts_against_random({"edition": "classic"}, games=2, simulations=5)
    assert 0 <= wins <= 2
