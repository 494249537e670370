"""The batch engine's API (loveletter.research.batch): setting up, seeds, refused actions, random
actions, rewards, restarts, game logs, bulk random play, and the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the [batch] extra (numpy) is not installed")

from testkit.project import ROOT  # noqa: E402

from loveletter import Game, from_json  # noqa: E402
from loveletter.apps.cli import main  # noqa: E402
from loveletter.editions import edition  # noqa: E402
from loveletter.errors import LoveLetterError, SetupError  # noqa: E402
from loveletter.games.simulate import simulate  # noqa: E402
from loveletter.research.batch import Batch, IllegalActionError  # noqa: E402
from loveletter.research.batch.layout import deck_of  # noqa: E402
from loveletter.research.batch.legal import moves_of  # noqa: E402
from loveletter.research.batch.play import BatchSummary  # noqa: E402
from loveletter.research.encoding import encoding  # noqa: E402


def finish(batch: Batch) -> int:
    """Random play until every table's game is over; the steps taken."""
    steps = 0
    while not batch.over.all():
        batch.step(batch.random_actions())
        steps += 1
    return steps


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"edition": "court"}, "built-in editions"),
        ({"players": 5, "edition": "classic"}, "2 to 4 players"),
        ({"players": 7}, "2 to 6 players"),
        ({"tables": 0}, "at least 1"),
        ({"remedy": True}, "house remedy"),
        ({"open_hands": True}, "closed hands"),
        ({"target": 0}, "target"),
        ({"target": "printed"}, "printed"),
        ({"target": 101}, "100 tokens at most, not 101"),
        ({"rewards": "turn"}, "rewards"),
    ],
)
def test_a_table_the_batch_does_not_play_is_refused(settings: dict[str, Any], message: str) -> None:
    """Editions of one's own, a wrong player count or target (or one above the 100 tokens
    the batch's bytes hold), the house remedy and open hands are refused with SetupError,
    which names the setting."""
    arguments: dict[str, Any] = {"tables": 2, "players": 2, **settings}
    with pytest.raises(SetupError, match=message):
        Batch.new(**arguments)


def test_targets_are_read_as_game_new_reads_them() -> None:
    """A number replaces the target (LL19-Q22); classic's 'printed' is 7 at two players."""
    assert Batch.new(tables=1, players=2, target=3).target == 3
    printed = Batch.new(tables=4, players=2, edition="classic", target="printed", seed=2)
    assert printed.target == 7
    finish(printed)
    assert (printed.tokens.max(axis=1) >= 7).all()
    assert (printed.tokens[~printed.game_winners] < 7).all()


def test_the_same_seed_and_actions_give_the_same_games() -> None:
    """Two batches with one seed, stepped with each other's actions, stay equal; another
    seed deals other games."""
    one, two = (Batch.new(tables=50, players=4, seed=9) for _ in range(2))
    other = Batch.new(tables=50, players=4, seed=10)
    assert not np.array_equal(one.observation(), other.observation())
    while not one.over.all():
        assert np.array_equal(one.observation(), two.observation())
        assert np.array_equal(one.legal_mask(), two.legal_mask())
        actions = one.random_actions()
        assert np.array_equal(actions, two.random_actions())
        one.step(actions)
        two.step(actions)
    assert np.array_equal(one.tokens, two.tokens)


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    """One illegal id among legal ones raises IllegalActionError naming its table and
    action; no table moves, and the batch then plays on as its twin does."""
    batch, twin = (Batch.new(tables=20, players=3, seed=4) for _ in range(2))
    for _ in range(5):
        actions = batch.random_actions()
        assert np.array_equal(actions, twin.random_actions())  # the generators stay alike
        batch.step(actions)
        twin.step(actions)
    masks = batch.legal_mask()
    live = np.flatnonzero(batch.acting >= 0)
    table = int(live[0])
    actions = batch.random_actions()
    assert np.array_equal(actions, twin.random_actions())
    wrong = actions.copy()
    wrong[table] = int(np.flatnonzero(~masks[table])[0])
    before = batch.observation()
    with pytest.raises(IllegalActionError, match=f"table {table}: action {wrong[table]}") as error:
        batch.step(wrong)
    assert error.value.tables.tolist() == [table]
    assert np.array_equal(batch.observation(), before)
    assert np.array_equal(batch.legal_mask(), masks)
    batch.step(actions)
    twin.step(actions)
    assert np.array_equal(batch.observation(), twin.observation())
    with pytest.raises(IllegalActionError, match=r"out of range|no command"):
        batch.step(np.where(batch.acting >= 0, 10**6, -1))
    with pytest.raises(LoveLetterError, match="shape"):
        batch.step(actions[:3])


def test_random_actions_are_legal_and_uniform() -> None:
    """Each drawn action is legal (-1 where the game is over); in one situation, every
    legal action comes up about as often as the others."""
    batch = Batch.new(tables=300, players=5, seed=3)
    while not batch.over.all():
        actions = batch.random_actions()
        masks = batch.legal_mask()
        live = batch.acting >= 0
        assert (actions[~live] == -1).all()
        assert masks[np.flatnonzero(live), actions[live]].all()
        batch.step(actions)
    moves = moves_of(deck_of(edition("2019"), 4))
    row = int(np.argmax(moves.count))  # the situation with the most legal actions
    drawn = moves.random(np.full(200_000, row), np.random.default_rng(0))
    counts = Counter(drawn.tolist())
    expected = 200_000 / moves.count[row]
    assert set(counts) == set(np.flatnonzero(moves.mask[row]).tolist())
    assert max(abs(n - expected) for n in counts.values()) < 6 * expected**0.5


def test_rewards_are_the_encodings_returns_of_the_referees_game() -> None:
    """The rewards of the step that ends a game are Encoding.returns of that game, replayed
    through the referee from its export; they are 0 on every other step."""
    batch = Batch.new(tables=30, players=3, seed=5, record=True)
    totals = np.zeros((30, 3))
    while not batch.over.all():
        rewards, _, game_over = batch.step(batch.random_actions())
        assert (rewards[~game_over] == 0).all()
        totals += rewards
    enc = encoding("2019")
    for table in range(30):
        game = Game.replay(*from_json(batch.export(table)))  # type: ignore[misc]
        assert totals[table] == pytest.approx(enc.returns(game.state))


def test_round_rewards_come_at_each_rounds_end() -> None:
    """With rewards='round', each round's end gives its winners' shares."""
    batch = Batch.new(tables=40, players=2, seed=6, rewards="round")
    ends = 0
    while not batch.over.all():
        rewards, round_over, _ = batch.step(batch.random_actions())
        assert (rewards[~round_over] == 0).all()
        assert rewards[round_over].sum(axis=1) == pytest.approx(0.0)
        ends += int(round_over.sum())
    assert ends == batch.round_number.sum()


def test_reset_done_restarts_only_finished_games() -> None:
    """reset_done deals new games (no tokens, round 1) where games are over, and leaves
    the others as they are."""
    batch = Batch.new(tables=64, players=2, seed=8)
    while not batch.over.any():
        batch.step(batch.random_actions())
    over = batch.over.copy()
    rounds = batch.round_number
    assert batch.reset_done().tolist() == over.tolist()
    assert not batch.over.any()
    assert (batch.tokens[over] == 0).all()
    assert (batch.round_number[over] == 1).all()
    assert (batch.round_number[~over] == rounds[~over]).all()


def test_only_the_tables_where_says_act() -> None:
    """step(where=...) moves the tables it names and no other."""
    batch = Batch.new(tables=10, players=4, seed=2)
    before = batch.observation()
    where = np.arange(10) % 2 == 0
    batch.step(batch.random_actions(), where=where)
    after = batch.observation()
    assert not np.array_equal(after[where], before[where])
    assert np.array_equal(after[~where], before[~where])


def test_a_batch_without_knowledge_or_logs_says_so() -> None:
    """observation() needs observe=True, export() record=True."""
    batch = Batch.new(tables=2, players=2, observe=False)
    with pytest.raises(LoveLetterError, match="observe=True"):
        batch.observation()
    with pytest.raises(LoveLetterError, match="record=True"):
        batch.export(0)


def test_the_state_is_small() -> None:
    """A table's arrays hold well under 1 KB, at the largest table."""
    assert Batch.new(tables=1000, players=6).nbytes / 1000 < 1024


def test_an_exported_game_is_told_by_the_replay_command(tmp_path: Any) -> None:
    """`loveletter replay` tells an exported game, its deals and its end."""
    batch = Batch.new(tables=3, players=4, seed=12, record=True)
    finish(batch)
    log = tmp_path / "game.json"
    log.write_text(batch.export(1), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "loveletter", "replay", str(log)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Round 2" in done.stdout
    winners = [batch.names[seat] for seat in np.flatnonzero(batch.game_winners[1])]
    assert all(name in done.stdout.splitlines()[-1] for name in winners)


def test_random_play_summarises_like_simulate() -> None:
    """Batch.play_random gives simulate's summary of random bots: every seat in every game,
    wins per seat, rounds and tokens, and the cards played; the same seed, the same."""
    summary = Batch.play_random(games=3000, players=4, seed=5, tables=700)
    assert isinstance(summary, BatchSummary)
    row = summary.bots[0]
    assert (summary.games, row.bot, row.games) == (3000, "random", 12000)
    assert row.seat_games == (3000,) * 4
    assert sum(row.seat_wins) == row.wins >= 3000
    assert summary.rounds > 3000
    assert summary.turns > summary.rounds * 5
    tokens = summary.showdown_tokens + summary.survivor_tokens + summary.spy_tokens
    assert tokens >= summary.rounds
    assert Batch.play_random(games=3000, players=4, seed=5, tables=700) == summary
    assert Batch.play_random(games=3000, players=4, seed=6, tables=700) != summary
    data = summary.to_data()
    assert data["turns"] == summary.turns
    assert data["engine"] == "batch"
    table = summary.table()
    assert "  seat 3" in table
    assert "turns played" in table


def test_random_play_agrees_with_the_referees_random_bots() -> None:
    """Batch.play_random and simulate (random bots, on the referee) give the same picture within
    sampling error: rounds a game, and the tokens by how they were won, a round."""
    batch = Batch.play_random(games=4000, players=3, seed=7)
    referee = simulate(games=300, players=3, bots=("random",), seed=7)
    assert abs(batch.rounds_per_game - referee.rounds_per_game) < 0.35
    for cause in ("showdown_tokens", "survivor_tokens", "spy_tokens"):
        share = getattr(batch, cause) / batch.rounds
        assert abs(share - getattr(referee, cause) / referee.rounds) < 0.06, cause


def test_simulate_on_the_batch_engine(capsys: Any) -> None:
    """`simulate --engine batch` plays random bots on the batch engine (the default lineup
    included) and refuses other bots, --jobs and --dask with one line and exit 2."""
    assert main(["simulate", "--engine", "batch", "--games", "300", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("300 games, 3 players, edition 2019")
    assert "random" in out
    assert "turns played" in out
    assert main(["simulate", "--engine", "batch", "--games", "50", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 50
    for arguments, message in [
        (["--bots", "heuristic,random"], "random bots only"),
        (["--jobs", "2"], "in this process"),
        (["--edition", "classic", "--players", "5"], "2 to 4 players"),
    ]:
        assert main(["simulate", "--engine", "batch", "--games", "5", *arguments]) == 2
        err = capsys.readouterr().err
        assert err.startswith("loveletter simulate: ")
        assert message in err
        assert err.count("\n") == 1


def test_the_bench_prints_the_batch_rows(capsys: Any) -> None:
    """`bench` prints the batch engine's rows beside the floor, with ratios, and the state's
    size a table (figures only: nothing is judged)."""
    arguments = ["bench", "--games", "2", "--repeats", "1", "--players", "2", "--tables", "20"]
    assert main(arguments) == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line.startswith("      2  batch ")]
    assert [row.split()[1:4] for row in rows] == [
        ["batch", "random", "B=20"],
        ["batch", "observed", "B=20"],
        ["batch", "observed", "int8"],
        ["batch", "observed", "uint8"],
        ["batch", "observed", "int8+bits"],
    ]
    assert all(row.split()[-3].replace(".", "").isdigit() for row in rows)
    assert "batch state: bytes a table (tracemalloc" in out
    assert "met" not in out.split("batch engine")[1]
    assert main([*arguments, "--no-batch"]) == 0
    assert "batch engine" not in capsys.readouterr().out
