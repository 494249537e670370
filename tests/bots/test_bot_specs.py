"""Bot specs: a bot's options after its name (``ismcts:iterations=5``), read in one place
and accepted wherever a bot is named (make_bot, simulate, tournament, the command line)."""

from __future__ import annotations

import json

import pytest

from loveletter import Game, view_for
from loveletter.apps.cli import main, parser
from loveletter.apps.play import TerminalGame
from loveletter.bots import (
    Bot,
    BotSpec,
    IsmctsBot,
    RandomBot,
    bot_options,
    make_bot,
    parse_bot,
    parse_bots,
    register_bot,
    unregister_bot,
)
from loveletter.commands import Command
from loveletter.games.simulate import simulate
from loveletter.games.tournament import tournament
from loveletter.views import View


def test_a_spec_reads_its_options_by_their_types_and_writes_back() -> None:
    """Whole numbers, numbers and names read as the bot's arguments say; str() gives
    the spec back without the spaces."""
    spec = parse_bot("ismcts: iterations=5 :keep_prior= 0.25:time_limit=1")
    assert spec == BotSpec(
        name="ismcts", options=(("iterations", 5), ("keep_prior", 0.25), ("time_limit", 1.0))
    )
    assert isinstance(dict(spec.options)["time_limit"], float)
    assert str(spec) == "ismcts:iterations=5:keep_prior=0.25:time_limit=1.0"
    assert parse_bot(str(spec)) == spec
    assert parse_bot("random") == BotSpec(name="random")


def test_make_bot_makes_the_bot_with_its_options() -> None:
    """The options reach the bot's constructor."""
    bot = make_bot("ismcts:iterations=7:candidates=2", seed=3)
    assert isinstance(bot, IsmctsBot)
    assert (bot.iterations, bot.candidates, bot.keep_prior) == (7, 2, IsmctsBot.keep_prior)
    assert make_bot(BotSpec(name="ismcts", options=(("iterations", 4),)), seed=1).iterations == 4


def test_a_list_of_specs_splits_on_commas_and_keeps_options_with_their_bot() -> None:
    """An option after a comma belongs to the bot before it."""
    specs = parse_bots("ismcts:iterations=5, keep_prior=0.5, heuristic,random")
    assert [str(spec) for spec in specs] == [
        "ismcts:iterations=5:keep_prior=0.5",
        "heuristic",
        "random",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ismcts-5", "unknown bot 'ismcts-5': known bots are .* as in ismcts:iterations="),
        ("ismcts:depth=3", "takes no option 'depth': its options are iterations, time_limit"),
        ("random:iterations=3", "the bot random takes no option 'iterations': .* none"),
        ("ismcts:iterations", "needs a value"),
        ("ismcts:iterations=five", "iterations of the bot ismcts is a whole number, not 'five'"),
        ("ismcts:keep_prior=high", "is a number, not 'high'"),
    ],
)
def test_a_wrong_spec_is_refused_with_what_is_known(text: str, message: str) -> None:
    """Unknown bots, unknown options and values of the wrong type raise ValueError."""
    with pytest.raises(ValueError, match=message):
        parse_bot(text)


def test_a_value_the_bot_refuses_is_refused_when_it_is_made() -> None:
    """The bot checks its own values (a budget of at least 1)."""
    with pytest.raises(ValueError, match="at least 1"):
        make_bot("ismcts:iterations=0", seed=1)


class Patient(Bot):
    """A registered bot with options of its own: plays its legal command number ``pick``."""

    name = "patient"

    def __init__(self, *, seed: int = 0, pick: int = 0, loud: bool = False) -> None:
        super().__init__(seed=seed)
        self.pick = pick
        self.loud = loud

    def choose(self, view: View) -> Command:
        return view.legal[min(self.pick, len(view.legal) - 1)]


def test_a_registered_bot_takes_options_from_its_keyword_arguments() -> None:
    """Any bot's keyword arguments but seed are its options."""
    register_bot(Patient)
    try:
        assert bot_options(Patient) == {"pick": int, "loud": bool}
        bot = make_bot("patient:pick=1:loud=true", seed=1)
        assert isinstance(bot, Patient)
        assert (bot.pick, bot.loud) == (1, True)
        assert str(parse_bot("patient:loud=False")) == "patient:loud=false"
    finally:
        unregister_bot("patient")
    assert bot_options(RandomBot) == {}


def test_simulate_counts_a_bot_under_its_spec_in_every_way_of_running() -> None:
    """The spec is the bot's row; in turn and over two worker processes, the same."""
    lineup = ("ismcts:iterations=1", "random")
    one = simulate(games=4, bots=lineup, seed=2)
    two = simulate(games=4, bots=lineup, seed=2, jobs=2)
    assert [row.bot for row in one.bots] == list(lineup)
    assert one == two


def test_the_spec_changes_the_bots_play() -> None:
    """Another budget is another bot: the same seed, other choices somewhere."""
    game = Game.new(["Anna", "Ben"], seed=5, first="Anna")
    views = []
    while not game.over and len(views) < 30:
        state = game.state
        if state.player_to_act is None:
            break
        view = view_for(state, state.player_to_act)
        views.append(view)
        game.apply(make_bot("heuristic", seed=1).choose(view))
    small = [make_bot("ismcts:iterations=1", seed=9).choose(view) for view in views]
    large = [make_bot("ismcts:iterations=30", seed=9).choose(view) for view in views]
    assert small != large


def test_tournament_takes_specs() -> None:
    """Two budgets of one bot can meet in a tournament."""
    result = tournament(bots=("ismcts:iterations=1", "ismcts:iterations=2"), games=2, seed=1)
    assert result.bots == ("ismcts:iterations=1", "ismcts:iterations=2")


def test_the_command_line_takes_specs(capsys: pytest.CaptureFixture[str]) -> None:
    """simulate, tournament and play accept --bots with options, written back canonically."""
    code = main(["simulate", "--bots", "ismcts: iterations=1,random", "--games", "2", "--json"])
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert [row["bot"] for row in summary["bots"]] == ["ismcts:iterations=1", "random"]
    args = parser().parse_args(["tournament", "--bots", "ismcts:iterations=2,heuristic"])
    assert args.bots == ["ismcts:iterations=2", "heuristic"]
    args = parser().parse_args(["play", "--bots", "ismcts:iterations=2:candidates=3"])
    assert args.bots == ["ismcts:iterations=2:candidates=3"]


def test_the_command_line_refuses_a_wrong_spec(capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong spec exits 2 with the reason on one line, before any game."""
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--bots", "ismcts:iterations=0,random", "--games", "2"])
    assert stopped.value.code == 2
    assert "iterations and candidates must be at least 1" in capsys.readouterr().err


def test_the_terminal_game_seats_bots_with_options() -> None:
    """play's bots are made from their specs."""
    table = TerminalGame(
        players=2, seed=1, bots=["ismcts:iterations=3"], ask=lambda _: "", say=lambda _: None
    )
    (bot,) = table.bots.values()
    assert isinstance(bot, IsmctsBot)
    assert bot.iterations == 3
