"""The OpenSpiel adapter: OpenSpiel's own checks and algorithms, and the adapter's contract."""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from loveletter import View, view_for
from loveletter.editions import edition
from loveletter.research.encoding import chance_outcomes, encoding
from loveletter.state import Phase

pyspiel = pytest.importorskip("pyspiel", reason="the [openspiel] extra is not installed")
np = pytest.importorskip("numpy", reason="the [openspiel] extra is not installed")

from testkit.openspiel_games import walk  # noqa: E402

from loveletter.research.rl.openspiel import SHORT_NAME, LoveLetterState  # noqa: E402

TABLES = [
    (name, players)
    for name in ("2019", "classic")
    for players in sorted({2, edition(name).max_players})
]
"""Each edition at two players and at its most."""

INFO_STATE_SIZES = {
    ("2019", 2): 3633,
    ("2019", 6): 6315,
    ("classic", 2): 1899,
    ("classic", 4): 2947,
}
"""The information state tensor's size, as the module's docstring gives it."""


def load(name: str, players: int, *, single_round: bool = True) -> Any:
    """The OpenSpiel game of that table."""
    params = {"edition": name, "players": players, "single_round": single_round}
    return pyspiel.load_game(SHORT_NAME, params)


def history(game: Any, seed: int) -> list[int]:
    """The actions of one game played at random."""
    *_, last = walk(game, seed)
    return list(last.history())


# -- OpenSpiel's own checks ---------------------------------------------------------------


@pytest.mark.parametrize("serialize", [False, True], ids=["plain", "serialized"])
@pytest.mark.parametrize("single_round", [True, False], ids=["round", "game"])
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_random_sim_test(name: str, players: int, single_round: bool, serialize: bool) -> None:
    """OpenSpiel's random-simulation harness passes for every table, whole games and rounds."""
    game = load(name, players, single_round=single_round)
    sims = 10 if single_round else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=serialize, verbose=False)


def test_outcome_sampling_mccfr_runs() -> None:
    """Outcome-sampling MCCFR, which keys its tables by information state strings, runs."""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    game = load("classic", 2)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(100):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert sorted(probabilities) == state.legal_actions()
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_rl_environment_runs_on_information_state_tensors() -> None:
    """OpenSpiel's RL environment plays episodes on the information state tensors."""
    from open_spiel.python import rl_environment
    from open_spiel.python.algorithms import random_agent

    game = load("2019", 2)
    env = rl_environment.Environment(game, seed=5)
    assert env.observation_spec()["info_state"] == (INFO_STATE_SIZES["2019", 2],)
    actions = env.action_spec()["num_actions"]
    agents = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(2)]
    for _ in range(5):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
        assert sum(step.rewards) == pytest.approx(0.0)


def test_evaluate_bots_runs() -> None:
    """OpenSpiel's bots play whole games: uniform random bots, through ``evaluate_bots``."""
    from open_spiel.python.algorithms import evaluate_bots

    game = load("classic", 4, single_round=False)
    bots = [pyspiel.make_uniform_random_bot(player, player + 1) for player in range(4)]
    rng = np.random.RandomState(3)
    for _ in range(3):
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert sum(returns) == pytest.approx(0.0)
        assert max(returns) == pytest.approx(1.0)


# -- the contract ---------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_sizes(name: str, players: int) -> None:
    """The tensors have the sizes the docstring and the encoding give."""
    game = load(name, players)
    assert game.information_state_tensor_size() == INFO_STATE_SIZES[name, players]
    assert game.observation_tensor_size() == encoding(name).observation_size
    assert game.num_distinct_actions() == encoding(name).num_actions


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_chance_outcomes_follow_the_encoding(name: str, players: int) -> None:
    """Chance's outcomes are the encoding's cards, by their odds, and each node's sum to 1."""
    game = load(name, players, single_round=False)
    enc = encoding(name)
    deck = edition(name).deck
    first = game.new_initial_state().chance_outcomes()
    assert first == [(i, deck.count(card) / len(deck)) for i, card in enumerate(enc.cards)]
    draws = 0
    for seed in range(3):
        for state in walk(game, seed):
            if not state.is_chance_node():
                continue
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
            table = state.table
            if table.pending is not None and not table.drawn:
                expected = chance_outcomes(state.referee.state)
                outcomes = state.chance_outcomes()
                assert [enc.cards[i] for i, _ in outcomes] == [card for card, _ in expected]
                assert [p for _, p in outcomes] == pytest.approx([p for _, p in expected])
                draws += 1
    assert draws > 0


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_legal_actions_are_the_referees_commands(name: str, players: int) -> None:
    """A player's legal actions are the ids of the referee's legal commands, and back."""
    game = load(name, players)
    enc = encoding(name)
    for seed in range(3):
        for state in walk(game, seed):
            if state.is_chance_node() or state.is_terminal():
                continue
            referee = state.referee
            assert referee is not None
            names = referee.state.players
            legal = list(referee.legal_commands())
            assert state.legal_actions() == sorted(
                {enc.action_id(command, players=names) for command in legal}
            )
            actor = names[state.current_player()]
            for action in state.legal_actions():
                assert enc.command(action, players=names, actor=actor) in legal


@pytest.mark.parametrize("single_round", [True, False], ids=["round", "game"])
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_returns_are_the_referees_winners(name: str, players: int, single_round: bool) -> None:
    """Returns are zero-sum and positive exactly for the referee's winners."""
    game = load(name, players, single_round=single_round)
    for seed in range(2 if single_round else 1):
        *_, last = walk(game, seed)
        state = last.referee.state
        winners = state.round_winners if single_round else state.game_winners
        returns = last.returns()
        assert sum(returns) == pytest.approx(0.0)
        assert returns == list(encoding(name).returns(state, round_only=single_round))
        if len(winners) < players:
            positive = [state.players[seat] for seat, r in enumerate(returns) if r > 0]
            assert positive == list(winners)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_observation_tensor_is_the_encodings(name: str, players: int) -> None:
    """The observation tensor is the encoding's observation of the player's view."""
    game = load(name, players)
    enc = encoding(name)
    for state in walk(game, seed=1):
        for player in range(players):
            tensor = state.observation_tensor(player)
            if state.referee is None:
                assert not any(tensor)
                continue
            view = view_for(state.referee.state, state.referee.state.players[player])
            assert tensor == pytest.approx(list(enc.observation(view)))


def test_information_state_tensor_blocks() -> None:
    """The tensor's blocks: the player, their dealt card, the observation, the record."""
    game = load("classic", 2)
    enc = encoding("classic")
    *_, last = walk(game, seed=4)
    referee = last.referee
    assert referee is not None
    lines = len(last.table.lines)
    kinds = len(enc.cards)
    line = 2 + 3 + kinds + 2 + 2 + kinds + 2 * kinds + 2 * kinds + 2 * kinds + kinds + 2
    for player in range(2):
        tensor = np.asarray(last.information_state_tensor(player))
        assert list(tensor[:2]) == [float(p == player) for p in range(2)]
        dealt = tensor[2 : 2 + kinds]
        opening = last.table.opening[player]
        assert [enc.cards[i] for i in range(kinds) if dealt[i]] == list(opening)
        view = view_for(referee.state, referee.state.players[player])
        observation = tensor[2 + kinds : 2 + kinds + enc.observation_size]
        assert list(observation) == pytest.approx(list(enc.observation(view)))
        record = tensor[2 + kinds + enc.observation_size :].reshape(-1, line)
        assert all(row.any() for row in record[:lines])
        assert not record[lines:].any()


def _replay(game: Any, actions: list[int]) -> Iterator[LoveLetterState | None]:
    """The states along ``actions``; ``None`` once one of them is not possible."""
    state = game.new_initial_state()
    yield state
    for action in actions:
        possible = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        if action not in possible:
            yield None
            return
        state = state.child(action)
        yield state


def _views(state: LoveLetterState, player: int) -> View | None:
    referee = state.referee
    return None if referee is None else view_for(referee.state, referee.state.players[player])


@pytest.mark.parametrize("where", ["set aside", "second seat"])
@pytest.mark.parametrize(("name", "players"), [("classic", 2), ("2019", 2), ("2019", 4)])
def test_no_leak(name: str, players: int, where: str) -> None:
    """Two histories that differ only in a card a player has not seen look the same to them.

    History B is history A with one dealt card (the set-aside card, or the second seat's)
    changed to a kind chance never placed in A; B replays A's actions while they are
    possible. As long as a player's views were the same along both, so are their
    information state strings and tensors; once their views differ, so do their strings.
    """
    game = load(name, players)
    enc = encoding(name)
    rules = game.rules
    index = 0 if where == "set aside" else rules.dealt - players + 1
    compared = differed = 0
    for seed in range(6):
        *_, last = walk(game, seed)
        actions = list(last.history())
        changed = actions[index]
        left = [k for k, count in enumerate(last.table.unseen) if count and k != changed]
        if not left:
            continue
        other = [*actions[:index], left[0], *actions[index + 1 :]]
        same = [True] * players
        for a, b in zip(_replay(game, actions), _replay(game, other), strict=False):
            if a is None or b is None or a.is_terminal() or b.is_terminal():
                break
            for player in range(players):
                same[player] = same[player] and _views(a, player) == _views(b, player)
                a_string = a.information_state_string(player)
                b_string = b.information_state_string(player)
                if same[player]:
                    assert a_string == b_string
                    assert a.information_state_tensor(player) == b.information_state_tensor(player)
                    compared += 1
                else:
                    assert a_string != b_string
                    differed += 1
        assert enc.cards[changed] != enc.cards[left[0]]
    assert compared > 0
    if where == "second seat":
        assert differed > 0  # the second seat sees its own card


def test_players_strings_differ_by_their_hidden_cards() -> None:
    """After the deal, each player's information state tells their own card, not others'."""
    game = load("classic", 2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])  # the last kind left: unambiguous
    referee = state.referee
    assert referee is not None
    first, second = (state.information_state_string(p) for p in range(2))
    assert first != second
    assert first.startswith("Anna (player 0)")
    assert second.startswith("Ben (player 1)")


def test_pickled_state_plays_on() -> None:
    """A state pickled mid-game reads back the same, and plays on to the same end."""
    game = load("2019", 3, single_round=False)
    actions = history(game, seed=2)
    half = len(actions) // 2
    state = game.new_initial_state()
    for action in actions[:half]:
        state.apply_action(action)
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    for player in range(3):
        assert copy.information_state_string(player) == state.information_state_string(player)
        assert copy.information_state_tensor(player) == state.information_state_tensor(player)
    for action in actions[half:]:
        copy.apply_action(action)
    assert copy.is_terminal()
    assert copy.returns() == history_end(game, actions).returns()


def history_end(game: Any, actions: list[int]) -> LoveLetterState:
    """The state after ``actions``."""
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def test_clone_is_independent() -> None:
    """A clone plays on without changing the state it was cloned from."""
    game = load("2019", 2)
    actions = history(game, seed=5)
    state = history_end(game, actions[: len(actions) // 2])
    before = (str(state), state.information_state_string(0), state.history())
    clone = state.clone()
    while not clone.is_terminal():
        clone.apply_action(
            clone.chance_outcomes()[0][0] if clone.is_chance_node() else clone.legal_actions()[0]
        )
    assert (str(state), state.information_state_string(0), state.history()) == before


def test_terminal_phase() -> None:
    """A single round ends with the round; a whole game with the game."""
    for single_round, phase in ((True, Phase.ROUND_OVER), (False, Phase.GAME_OVER)):
        *_, last = walk(load("classic", 2, single_round=single_round), seed=0)
        assert last.referee.state.phase is phase
