"""Tournaments play every pairing of the listed bots, each bot in every seat equally often."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from testkit.project import run_cli

from loveletter import Command
from loveletter.bots import Bot, register_bot, unregister_bot
from loveletter.games.simulate import simulate
from loveletter.games.tournament import pairing_count, tournament
from loveletter.views import View


class FirstBot(Bot):
    """Plays the first legal command."""

    name = "first"

    def choose(self, view: View) -> Command:
        return view.legal[0]


@pytest.fixture
def first_bot() -> Iterator[None]:
    """The bot 'first', registered for the test."""
    register_bot(FirstBot)
    yield
    unregister_bot("first")


@pytest.mark.usefixtures("first_bot")
def test_every_pairing_plays_and_each_bot_sits_in_every_seat() -> None:
    """Three bots make three pairings; in each, both bots sit in both seats equally often."""
    result = tournament(bots=("heuristic", "random", "first"), games=6, seed=2)
    assert [[row.bot for row in summary.bots] for summary in result.pairings] == [
        ["heuristic", "random"],
        ["heuristic", "first"],
        ["random", "first"],
    ]
    for summary in result.pairings:
        assert summary.games == 6
        assert [row.seat_games for row in summary.bots] == [(3, 3), (3, 3)]
    assert result.overall.games == 18
    assert result.overall.bot("random").games == 12
    assert result.against("random", "heuristic") == result.pairings[0].bot("random")


def test_a_pairing_plays_what_simulate_plays() -> None:
    """A two-player pairing is the simulate run of its two bots, with the same seed."""
    result = tournament(bots=("heuristic", "random"), games=30, seed=5)
    assert result.pairings[0] == simulate(games=30, bots=("heuristic", "random"), seed=5)


def test_an_odd_table_gives_each_bot_the_extra_seat_half_the_time() -> None:
    """At three players, each bot of a pairing holds two seats in half the games."""
    result = tournament(bots=("heuristic", "random"), players=3, games=12, seed=1)
    summary = result.pairings[0]
    assert [(row.bot, row.games) for row in summary.bots] == [
        ("heuristic", 18),
        ("random", 18),
    ]
    assert [row.seat_games for row in summary.bots] == [(6, 6, 6), (6, 6, 6)]


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (("heuristic",), "at least two bots"),
        (("heuristic", "random", "heuristic"), "listed twice: heuristic"),
        (("heuristic", "genius"), "unknown bot 'genius'"),
    ],
)
def test_a_tournament_needs_two_different_bots(bots: tuple[str, ...], message: str) -> None:
    """One bot, a bot listed twice, or an unknown bot is refused before any game."""
    with pytest.raises(ValueError, match=message):
        tournament(bots=bots, games=2)


def test_pairing_count() -> None:
    """n bots make n(n-1)/2 pairings."""
    assert pairing_count(["a", "b"]) == 1
    assert pairing_count(["a", "b", "c", "d"]) == 6


def test_the_tournament_command_prints_a_table_and_json() -> None:
    """loveletter tournament prints the cross table, or with --json the same figures."""
    done = run_cli(
        "tournament", "--bots", "heuristic,random", "--games", "20", "--seed", "3", "--jobs", "2"
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "20 games per pairing, 2 players, edition 2019, seed 3, seats rotated",
        "win rate of each row's bot against each column's, with its 95% interval",
        "bot        heuristic          random              overall",
        "heuristic  -                  95.0% (76.4-99.1%)  95.0% (76.4-99.1%)",
        "random      5.0% (0.9-23.6%)  -                    5.0% (0.9-23.6%)",
    ]
    done = run_cli(
        "tournament", "--bots", "heuristic,random", "--games", "20", "--seed", "3", "--json"
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["seats"] == "rotated"
    assert data["games_per_pairing"] == 20
    [pairing] = data["pairings"]
    assert pairing["bots"] == ["heuristic", "random"]
    assert [(row["bot"], row["wins"]) for row in pairing["results"]] == [
        ("heuristic", 19),
        ("random", 1),
    ]
    assert pairing["results"][0]["interval_95"] == [0.7639, 0.9911]
    assert [row["bot"] for row in data["overall"]] == ["heuristic", "random"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "heuristic"], "a tournament needs at least two bots"),
        (["--bots", "random,random"], "a bot is listed twice: random"),
        (["--bots", "heuristic,random", "--players", "9"], "is for 2 to 6 players"),
    ],
)
def test_the_tournament_command_refuses_bad_settings(args: list[str], message: str) -> None:
    """A bad setting exits 2 with one line naming it."""
    done = run_cli("tournament", *args)
    assert done.returncode == 2
    assert done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith("loveletter tournament: ")
    assert message in line
