"""The OpenSpiel adapter's information states: canonical strings, one per tensor, and the
behaviour at chance and terminal nodes that OpenSpiel's own games have."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the [openspiel] extra is not installed")

from testkit.openspiel_games import key, walk  # noqa: E402

from loveletter.research.rl.openspiel import SHORT_NAME, LoveLetterState  # noqa: E402


def load(name: str, players: int, *, single_round: bool) -> Any:
    params = {"edition": name, "players": players, "single_round": single_round}
    return pyspiel.load_game(SHORT_NAME, params)


def play(game: Any, actions: list[int]) -> LoveLetterState:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def pairs(game: Any, games: int, seed: int) -> Iterator[tuple[int, str, bytes]]:
    """Each player's string and tensor (its digest) at every node of ``games`` random games."""
    for number in range(games):
        for state in walk(game, seed + number):
            for player in range(game.num_players()):
                yield (
                    player,
                    state.information_state_string(player),
                    key(state.information_state_tensor(player)),
                )


def counts(found: Iterator[tuple[int, str, bytes]]) -> dict[str, Any]:
    """Nodes seen, and which strings had more than one tensor and the converse."""
    tensors: dict[tuple[int, str], set[bytes]] = defaultdict(set)
    strings: dict[tuple[int, bytes], set[str]] = defaultdict(set)
    nodes = 0
    for player, string, tensor in found:
        nodes += 1
        tensors[player, string].add(tensor)
        strings[player, tensor].add(string)
    return {
        "nodes": nodes,
        "strings": len(tensors),
        "tensors": len(strings),
        "strings with two tensors": sum(len(found) > 1 for found in tensors.values()),
        "tensors with two strings": sum(len(found) > 1 for found in strings.values()),
    }


def test_the_order_of_the_face_up_cards_does_not_split_an_information_set() -> None:
    """The issue's two deals, the face-up cards dealt in another order: one string."""
    game = load("2019", 2, single_round=True)
    one, two = play(game, [0, 1, 4, 2, 1, 3, 1]), play(game, [0, 4, 1, 2, 1, 3, 1])
    assert str(one) != str(two)
    assert one.information_state_tensor(0) == two.information_state_tensor(0)
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_string(1) == two.information_state_string(1)


@pytest.mark.parametrize(
    ("name", "players", "games"), [("2019", 2, 300), ("classic", 2, 300), ("2019", 4, 100)]
)
def test_within_a_round_equal_tensors_mean_equal_strings_and_back(
    name: str, players: int, games: int
) -> None:
    """Over thousands of nodes of single rounds, each string has one tensor and each
    tensor one string, for every player (chance and terminal nodes included)."""
    found = counts(pairs(load(name, players, single_round=True), games, seed=1))
    print(f"\n{name}, {players} players, single rounds, {games} games: {found}")
    assert found["nodes"] > 5000
    assert found["strings"] == found["tensors"]
    assert found["strings with two tensors"] == 0
    assert found["tensors with two strings"] == 0


def test_at_the_first_decision_strings_and_tensors_split_deals_alike() -> None:
    """Anna's first decision over many deals: as many strings as tensors,
    and far fewer than deals (the information sets merge as they should)."""
    game = load("2019", 2, single_round=True)
    pairs_seen = set()
    deals = 3000
    for seed in range(deals):
        for state in walk(game, seed):
            if state.current_player() == 0:
                pairs_seen.add(
                    (state.information_state_string(0), key(state.information_state_tensor(0)))
                )
                break
    strings = {string for string, _ in pairs_seen}
    tensors = {tensor for _, tensor in pairs_seen}
    print(f"\nAnna's first decision, {deals} deals: {len(strings)} strings, {len(tensors)} tensors")
    assert len(strings) == len(tensors) == len(pairs_seen) < deals


def test_across_rounds_equal_strings_mean_equal_tensors() -> None:
    """Over whole games, a string always has one tensor; the converse is not promised
    (the tensor sums up earlier rounds by their tokens), and the docs say so."""
    found = counts(pairs(load("classic", 2, single_round=False), 40, seed=7))
    print(f"\nclassic, 2 players, whole games, 40 games: {found}")
    assert found["nodes"] > 5000
    assert found["strings with two tensors"] == 0
    assert found["strings"] >= found["tensors"]


@pytest.mark.parametrize("single_round", [True, False], ids=["round", "game"])
def test_a_players_string_only_grows(single_round: bool) -> None:
    """Perfect recall: along a game, each string (less its last line, what the player
    sees now) begins with the one before."""
    game = load("2019", 3, single_round=single_round)
    for seed in range(4):
        before = [[] for _ in range(3)]
        for state in walk(game, seed):
            for player in range(3):
                lines = state.information_state_string(player).split("\n")[:-1]
                assert lines[: len(before[player])] == before[player]
                before[player] = lines


def _reference_game() -> Any:
    return pyspiel.load_game("kuhn_poker")


@pytest.mark.parametrize("call", ["information_state_string", "information_state_tensor"])
def test_chance_and_terminal_nodes_answer_as_openspiels_own_games(call: str) -> None:
    """With a player named, chance and terminal nodes give that player's information
    state; without one, OpenSpiel asks for the player to act, which is not a player
    there, and raises RuntimeError: as in Kuhn poker, OpenSpiel's own game."""
    for game in (_reference_game(), load("classic", 2, single_round=True)):
        nodes = [state for state in walk(game, 3) if state.is_chance_node() or state.is_terminal()]
        assert any(state.is_terminal() for state in nodes)
        assert any(state.is_chance_node() for state in nodes)
        for state in nodes:
            for player in range(game.num_players()):
                assert getattr(state, call)(player) is not None
            with pytest.raises(RuntimeError, match="player >= 0"):
                getattr(state, call)()
