"""The heuristic as a batch policy decides as the heuristic bot does through the referee.

The bot plays seeded games through :class:`~loveletter.referee.Game`, every edition at
every table size; at each decision the policy, given the encoding's observation and mask
of the bot's view, must find best exactly the commands the bot scores best (the one it
plays wherever one scores best, every tied one where several do). The bot's best are read
from its public ranking: a command scores best exactly when, put first among the legal
commands, it comes first in :meth:`HeuristicBot.ranked
<loveletter.bots.heuristic.HeuristicBot.ranked>` (which keeps ties in their order). Where
it draws at random the policy draws uniformly, as the bot does; a policy that always took
the first of its ties fails that check. Games played by the policy on the batch engine,
exported and replayed through the referee, take only the bot's best commands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import attrs
import pytest
from testkit.budgets import examples
from testkit.referee_games import decisions

np = pytest.importorskip("numpy", reason="the [batch] extra (numpy) is not installed")

from loveletter import Deal, Game, from_json  # noqa: E402
from loveletter.bots.heuristic import HeuristicBot  # noqa: E402
from loveletter.commands import Command  # noqa: E402
from loveletter.editions import edition  # noqa: E402
from loveletter.errors import LoveLetterError  # noqa: E402
from loveletter.research.batch import Batch  # noqa: E402
from loveletter.research.batch.heuristic import HeuristicPolicy  # noqa: E402
from loveletter.research.encoding import encoding  # noqa: E402
from loveletter.state import Phase  # noqa: E402
from loveletter.views import View, view_for  # noqa: E402

SIZES = [
    (name, players)
    for name in ("2019", "classic")
    for players in range(2, edition(name).max_players + 1)
]
GAMES = examples(quick=10, full=24)
"""Referee games per edition and size (each of some 20 to 150 decisions)."""


def bots_best(view: View) -> set[Command]:
    """The commands the heuristic bot scores best in ``view``."""
    best = set()
    for command in view.legal:
        first = attrs.evolve(view, legal=(command, *(c for c in view.legal if c != command)))
        if HeuristicBot(seed=0).ranked(first)[0] == command:
            best.add(command)
    return best


def referee_decisions(name: str, players: int, games: int) -> Iterator[tuple[View, Command]]:
    """Each decision of seeded games the heuristic bot plays through the referee."""
    for view, _, command in decisions(
        edition=name,
        players=players,
        games=games,
        bot=lambda number, seat: HeuristicBot(seed=100 * number + seat),
    ):
        yield view, command


def policy_best(policy: HeuristicPolicy, view: View) -> set[Command]:
    enc = policy.encoding
    players = tuple(seat.player for seat in view.seats)
    best = policy.best(np.array([enc.observation(view)]), np.array([enc.legal_mask(view)]))[0]
    return {enc.command(int(i), players=players, actor=view.viewer) for i in np.flatnonzero(best)}


@pytest.mark.long
@pytest.mark.parametrize(("name", "players"), SIZES)
def test_the_policy_finds_best_what_the_bot_scores_best(name: str, players: int) -> None:
    """At every decision of the bot's games, the policy's best are the bot's best, and the
    command the bot played is one of them."""
    policy = HeuristicPolicy(name, seed=1)
    decisions = ties = 0
    for view, played in referee_decisions(name, players, GAMES):
        best = bots_best(view)
        assert played in best
        assert policy_best(policy, view) == best, view
        decisions += 1
        ties += len(best) > 1
    print(f"{name} at {players}: {decisions} decisions, {ties} with ties")
    assert decisions >= 20 * GAMES
    assert ties > 0


def tied_views(count: int) -> list[View]:
    """Views of the bot's games where several commands tie, of 2 to 4 of them."""
    found = []
    for view, _ in referee_decisions("2019", 3, 40):
        if 2 <= len(bots_best(view)) <= 4:
            found.append(view)
            if len(found) == count:
                break
    return found


def uniform(counts: Counter[int], outcomes: int, draws: int) -> bool:
    """Whether ``counts`` over ``outcomes`` equally likely outcomes pass a chi-square test."""
    expected = draws / outcomes
    chi_square = sum((counts[k] - expected) ** 2 / expected for k in range(outcomes))
    # 99.9% quantile of chi-square with outcomes - 1 degrees of freedom, roughly
    return len(counts) == outcomes and chi_square < outcomes + 4 * (2 * outcomes) ** 0.5 + 10


def draws_of(policy: HeuristicPolicy, view: View, draws: int) -> Counter[int]:
    """Which of its best actions the policy takes, over ``draws`` tables in ``view``."""
    enc = policy.encoding
    obs = np.repeat(np.array([enc.observation(view)], dtype=np.float32), draws, axis=0)
    mask = np.repeat(np.array([enc.legal_mask(view)]), draws, axis=0)
    best = np.flatnonzero(policy.best(obs[:1], mask[:1])[0]).tolist()
    return Counter(best.index(int(a)) for a in policy(obs, mask))


class FirstOfTies(HeuristicPolicy):
    """A wrong policy: of the best actions, always the first."""

    def __call__(self, observations: object, masks: object) -> object:  # type: ignore[override]
        best = self.best(observations, masks)  # type: ignore[arg-type]
        return best.argmax(axis=1)


def test_where_the_bot_draws_at_random_the_policy_draws_uniformly() -> None:
    """Where several commands tie, the policy takes each about as often (the bot's
    tie-break is uniform); a policy that takes the first of its ties fails the check."""
    draws = 3000
    views = tied_views(6)
    assert len(views) == 6
    for view in views:
        outcomes = len(bots_best(view))
        assert uniform(draws_of(HeuristicPolicy("2019", seed=5), view, draws), outcomes, draws)
        assert not uniform(draws_of(FirstOfTies("2019", seed=5), view, draws), outcomes, draws)


def test_the_bot_draws_its_ties_uniformly_too() -> None:
    """The reference: the bot itself, seeded afresh, plays each tied command about as often."""
    view = tied_views(1)[0]
    best = sorted(bots_best(view), key=repr)
    counts = Counter(best.index(HeuristicBot(seed=s).choose(view)) for s in range(2000))
    assert uniform(counts, len(best), 2000)


def test_games_the_policy_plays_on_the_batch_replay_as_the_bots_choices() -> None:
    """Batch games played by the policy at every seat, replayed through the referee: each
    action taken is one the bot scores best in that seat's view."""
    enc = encoding("2019")
    batch = Batch.new(tables=12, players=3, seed=9, record=True)
    policy = HeuristicPolicy("2019", seed=9)
    while not batch.over.all():
        batch.step(policy.act(batch))
    decisions = 0
    for table in range(batch.tables):
        setup, commands = from_json(batch.export(table))
        game = Game.replay(setup, [])
        names = game.state.players
        for command in commands:
            state = game.state
            if state.phase in (Phase.PLAY, Phase.CHOOSE) and not isinstance(command, Deal):
                view = view_for(state, names[state.to_act])
                assert command in bots_best(view), (table, command)
                assert enc.action_id(command, players=names) >= 0
                decisions += 1
            game.apply(command)
    assert decisions > 500


def test_the_policy_refuses_arrays_of_another_shape() -> None:
    """Observations or masks of the wrong size are refused with a LoveLetterError."""
    policy = HeuristicPolicy("2019")
    enc = policy.encoding
    with pytest.raises(LoveLetterError, match="columns"):
        policy(np.zeros((2, enc.observation_size - 1)), np.zeros((2, enc.num_actions), bool))
    with pytest.raises(LoveLetterError, match="actions"):
        policy(np.zeros((2, enc.observation_size)), np.zeros((2, 3), bool))
    with pytest.raises(LoveLetterError, match="rows"):
        policy(np.zeros((2, enc.observation_size)), np.zeros((3, enc.num_actions), bool))
    with pytest.raises(LoveLetterError, match="edition"):
        HeuristicPolicy("classic").act(Batch.new(tables=1, players=2, seed=1))
