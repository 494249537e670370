"""Bots see only their view; the heuristic bot beats the random one; simulations repeat."""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import subprocess
import sys
import threading
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from testkit.game_strategies import edition_names, games_in_progress
from testkit.project import ROOT
from testkit.tables import table

from loveletter import Card, Game, Phase, Play
from loveletter.bots import BOTS, HeuristicBot, RandomBot, make_bot
from loveletter.games.simulate import Summary, play_game, seating, simulate, wilson
from loveletter.views import redact, view_for


@given(games_in_progress())
def test_bots_choose_a_legal_command_from_the_view(game: Game) -> None:
    """Whatever the state, each bot answers with one of its view's legal commands."""
    state = game.state
    if state.phase not in (Phase.PLAY, Phase.CHOOSE):
        return
    player = state.player_to_act
    assert player is not None
    view = view_for(state, player)
    for name, kind in BOTS.items():
        # A searching bot (ismcts) on a small budget: its legality, not its strength.
        bot = kind.budgeted(10)(seed=1) if hasattr(kind, "budgeted") else make_bot(name, seed=1)
        bot.join(player)
        for event in game.events:
            bot.observe(redact(event, player))
        command = bot.choose(view)
        assert command in view.legal
        assert game.is_legal(command)


def test_the_heuristic_bot_names_the_card_its_priest_saw() -> None:
    """After seeing Ben's Baron with a Priest, the heuristic Guard names the Baron."""
    game = table(
        hands={"Anna": "Priest", "Ben": "Baron", "Carla": "Handmaid"},
        pile=["Guard", "Spy", "Spy", "Guard"],
    )
    bot = HeuristicBot(seed=1)
    bot.join("Anna")
    for event in game.events:
        bot.observe(redact(event, "Anna"))
    for command in (
        Play(player="Anna", card=Card.PRIEST, target="Ben"),
        Play(player="Ben", card=Card.SPY),
        Play(player="Carla", card=Card.SPY),
    ):
        for event in game.apply(command):
            bot.observe(redact(event, "Anna"))
    choice = bot.choose(view_for(game.state, "Anna"))
    assert choice == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON)


def test_the_heuristic_bot_keeps_the_princess() -> None:
    """Holding the Princess, the heuristic bot plays its other card."""
    game = table(hands={"Anna": "Princess", "Ben": "Guard"}, pile=["Guard"])
    choice = HeuristicBot(seed=1).choose(view_for(game.state, "Anna"))
    assert isinstance(choice, Play)
    assert choice.card is Card.GUARD


@pytest.mark.parametrize("edition_name", edition_names())
def test_the_heuristic_bot_beats_the_random_bot(edition_name: str) -> None:
    """Over 400 two-player games the heuristic bot wins at least 60% against random play."""
    summary = simulate(
        games=400, players=2, bots=("heuristic", "random"), edition=edition_name, seed=5
    )
    heuristic = summary.bots[0]
    assert heuristic.bot == "heuristic"
    low, _ = heuristic.interval
    assert low >= 0.60, summary.table()


def test_a_run_gives_the_same_results_in_one_process_or_several() -> None:
    """--jobs spreads games over processes without changing a single result."""
    one = simulate(games=60, players=3, bots=("heuristic", "random"), seed=9, jobs=1)
    two = simulate(games=60, players=3, bots=("heuristic", "random"), seed=9, jobs=2)
    assert one == two
    assert one.bots[0].seat_games == (40, 40, 40)
    assert sum(row.games for row in one.bots) == 180


class ReversedExecutor(concurrent.futures.Executor):
    """Runs nothing while tasks keep coming; then runs them all, the last submitted first."""

    def __init__(self) -> None:
        self.waiting: list[tuple[concurrent.futures.Future[Any], Callable[[], Any]]] = []
        self.order: list[int] = []
        self.timer: threading.Timer | None = None

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self.waiting.append((future, lambda: fn(*args, **kwargs)))
        if self.timer is not None:
            self.timer.cancel()
        self.timer = threading.Timer(0.2, self._run_all)
        self.timer.start()
        return future

    def _run_all(self) -> None:
        for index, (future, call) in reversed(list(enumerate(self.waiting))):
            self.order.append(index)
            future.set_running_or_notify_cancel()
            future.set_result(call())


def _json(summary: Summary) -> str:
    return json.dumps(summary.to_data(), indent=2)


def test_any_executor_gives_the_same_results_byte_for_byte() -> None:
    """Thread and process pools, and tasks finishing last first, give jobs=1's JSON."""
    settings = {"games": 48, "players": 3, "bots": ("heuristic", "random"), "seed": 4}
    alone = _json(simulate(**settings))  # type: ignore[arg-type]
    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        assert _json(simulate(**settings, executor=threads)) == alone  # type: ignore[arg-type]
    # spawn: forking a process with threads may deadlock (Python 3.12 warns of it)
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=spawn) as processes:
        assert _json(simulate(**settings, executor=processes, jobs=2)) == alone  # type: ignore[arg-type]
    backwards = ReversedExecutor()
    calls: list[int] = []
    summary = simulate(
        **settings,  # type: ignore[arg-type]
        executor=backwards,
        jobs=2,
        progress=lambda done, total: calls.append(done),
    )
    assert _json(summary) == alone
    assert backwards.order == sorted(backwards.order, reverse=True)
    assert len(backwards.order) > 1
    assert calls[-1] == 48
    assert calls == sorted(calls)


def test_an_executor_must_be_one() -> None:
    """Something that is not a concurrent.futures.Executor is refused before any game."""
    with pytest.raises(TypeError, match=r"concurrent\.futures\.Executor"):
        simulate(games=2, executor=object())  # type: ignore[arg-type]


def test_the_seats_turn_between_games() -> None:
    """Game k moves every bot k seats on: each bot sits in each seat equally often."""
    assert seating(("heuristic", "random"), 2, 0) == ("heuristic", "random")
    assert seating(("heuristic", "random"), 2, 1) == ("random", "heuristic")
    assert [seating(("a", "b", "c"), 3, k) for k in range(3)] == [
        ("a", "b", "c"),
        ("c", "a", "b"),
        ("b", "c", "a"),
    ]
    game = play_game(number=1, seed=5, players=2, bots=("heuristic", "random"), edition="2019")
    assert game.bots == ("random", "heuristic")
    summary = simulate(games=40, players=4, bots=("heuristic", "random", "random"), seed=2)
    heuristic, random_bot = summary.bots
    assert heuristic.seat_games == (20, 20, 20, 20)
    assert random_bot.seat_games == (20, 20, 20, 20)
    assert (heuristic.games, random_bot.games) == (80, 80)
    assert heuristic.wins == sum(heuristic.seat_wins)
    data = summary.to_data()
    assert data["seats"] == "rotated"
    assert [row["by_seat"][0] for row in data["bots"]] == [
        {"seat": 0, "games": 20, "wins": heuristic.seat_wins[0]},
        {"seat": 0, "games": 20, "wins": random_bot.seat_wins[0]},
    ]
    assert summary.bot("random") is random_bot
    with pytest.raises(KeyError):
        summary.bot("ismcts")


def test_the_summary_counts_every_token() -> None:
    """Round tokens (showdown, last survivor) and Spy tokens add up to the tokens won."""
    summary = simulate(games=30, players=4, bots=("random",), seed=3)
    assert summary.showdown_tokens + summary.survivor_tokens >= summary.rounds
    assert summary.spy_tokens <= summary.rounds
    data = summary.to_data()
    assert data["tokens"] == {
        "showdown": summary.showdown_tokens,
        "last_survivor": summary.survivor_tokens,
        "spy": summary.spy_tokens,
    }
    assert data["bots"][0]["games"] == 30 * 4


def test_wilson_interval() -> None:
    """The 95% Wilson interval matches worked values."""
    low, high = wilson(60, 100)
    assert round(low, 4) == 0.5020
    assert round(high, 4) == 0.6906
    assert wilson(0, 0) == (0.0, 1.0)


def test_simulate_command_line_prints_json() -> None:
    """simulate --json prints the summary as JSON; unknown bots are refused."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "loveletter",
            "simulate",
            "--games",
            "20",
            "--players",
            "2",
            "--bots",
            "heuristic,random",
            "--json",
            "--no-progress",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [row["bot"] for row in data["bots"]] == ["heuristic", "random"]
    bad = subprocess.run(
        [sys.executable, "-m", "loveletter", "simulate", "--bots", "genius"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert bad.returncode == 2
    assert "unknown bot" in bad.stderr


def test_a_random_bot_is_reproducible() -> None:
    """Two random bots with one seed make the same choices."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"})
    view = view_for(game.state, "Anna")
    assert [RandomBot(seed=4).choose(view) for _ in range(3)] == [
        RandomBot(seed=4).choose(view)
    ] * 3


def test_a_registered_bot_plays_in_simulations_until_unregistered() -> None:
    """register_bot makes a bot known by name; a taken name needs replace=True."""
    from loveletter.bots import Bot, register_bot, unregister_bot

    class First(Bot):
        name = "first-legal"

        def choose(self, view):  # type: ignore[no-untyped-def]
            return view.legal[0]

    register_bot(First)
    try:
        summary = simulate(games=20, players=2, bots=("first-legal", "random"), seed=3)
        assert [row.bot for row in summary.bots] == ["first-legal", "random"]
        assert sum(row.games for row in summary.bots) == 40
        with pytest.raises(ValueError, match="registered already"):
            register_bot(RandomBot, name="first-legal")
        register_bot(RandomBot, name="first-legal", replace=True)
        assert isinstance(make_bot("first-legal", seed=1), RandomBot)
        with pytest.raises(TypeError):
            register_bot(object, name="nothing")  # type: ignore[arg-type]
    finally:
        unregister_bot("first-legal")
    assert "first-legal" not in BOTS
    with pytest.raises(ValueError, match="unknown bot 'first-legal'"):
        make_bot("first-legal", seed=1)


def test_a_seeded_run_gives_these_figures_on_every_python() -> None:
    """The figures of a seeded run are pinned: the same on 3.11, 3.12 and 3.13.

    The bots score with exact fractions, so no float rounding that differs between
    interpreters can change a choice. A change to the bots, the deal or the rules moves
    these figures on purpose; update them then (and the docs that quote them).
    """
    summary = simulate(games=100, players=3, bots=("heuristic", "random"), seed=7)
    assert [(row.bot, row.games, row.wins, row.seat_wins) for row in summary.bots] == [
        ("heuristic", 200, 100, (32, 34, 34)),
        ("random", 100, 0, (0, 0, 0)),
    ]
    assert summary.rounds == 622
    assert summary.to_data()["tokens"] == {"showdown": 71, "last_survivor": 551, "spy": 241}
    classic = simulate(games=100, players=2, edition="classic", seed=7)
    assert [row.wins for row in classic.bots] == [91, 9]
    assert (classic.rounds, classic.showdown_tokens, classic.survivor_tokens) == (525, 26, 499)


@given(games_in_progress())
def test_the_heuristic_odds_are_exact(game: Game) -> None:
    """The heuristic bot's odds on another hand are exact fractions that add up to 1."""
    state = game.state
    player = state.player_to_act
    if player is None:
        return
    bot = HeuristicBot(seed=1)
    bot.join(player)
    for event in game.events:
        bot.observe(redact(event, player))
    view = view_for(state, player)
    for other in state.players:
        if other == player:
            continue
        odds = bot.odds(view, other)
        assert all(type(chance) is Fraction and 0 < chance <= 1 for chance in odds.values())
        assert not odds or sum(odds.values()) == 1
