"""The batch engine against the referee: every game it plays, exported and replayed
through Game, shows at every decision the legal mask and observation the encoding gives
of the referee's view, and at every round's end the same tokens and winners.

300 games in the default run, 1,500 under ``HYPOTHESIS_PROFILE=thorough`` (the long
tests' full budget, which CI runs: ``tests/testkit/budgets.py``), shared over both editions at
every table size; each size's counts are printed
(``pytest -s``) and checked. A wrong rule in a copy of one card's effect is caught."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs
import pytest
from testkit.budgets import examples

np = pytest.importorskip("numpy", reason="the [batch] extra (numpy) is not installed")

from loveletter import Card, Deal, Game, from_json  # noqa: E402
from loveletter.editions import edition  # noqa: E402
from loveletter.errors import LoveLetterError  # noqa: E402
from loveletter.research.batch import Batch  # noqa: E402
from loveletter.research.batch import rules as batch_rules  # noqa: E402
from loveletter.research.batch.layout import Int  # noqa: E402
from loveletter.research.batch.rules import Tables  # noqa: E402
from loveletter.research.encoding import encoding  # noqa: E402
from loveletter.views import view_for  # noqa: E402

GAMES = examples(quick=300, full=1500)
"""Games compared in all, over every edition and table size."""

SIZES = [
    (name, players)
    for name in ("2019", "classic")
    for players in range(2, edition(name).max_players + 1)
]
"""Every edition at every table size: 5 sizes of 2019, 3 of classic."""

TABLES = 64
"""Tables per batch: a size's games are played this many at a time."""


def games_per_size() -> dict[tuple[str, int], int]:
    """The games of each edition and size: ``GAMES`` shared evenly (the first get one more)."""
    share, extra = divmod(GAMES, len(SIZES))
    return {size: share + (index < extra) for index, size in enumerate(SIZES)}


@attrs.define
class Counts:
    """What one edition and size compared."""

    games: int = 0
    decisions: int = 0
    observations: int = 0
    rounds: int = 0


@attrs.define
class Played:
    """One table's game as the batch played it: what it showed at each decision and round."""

    decisions: list[tuple[int, Any, Any, int, Any]] = attrs.Factory(list)
    """Each decision: the acting seat, its legal ids, its observation, another seat, and
    that seat's observation."""
    rounds: list[tuple[list[int], list[bool], int]] = attrs.Factory(list)
    """Each round's end: the tokens, the round's winners, the Spy token's seat (-1)."""
    final: Any = None
    """Every seat's observation once the game is over."""


def play_batch(name: str, players: int, tables: int, seed: int) -> tuple[Batch, list[Played]]:
    """Random games at ``tables`` tables, with everything the batch showed along the way."""
    batch = Batch.new(tables=tables, players=players, edition=name, seed=seed, record=True)
    played = [Played() for _ in range(tables)]
    step = 0
    while not batch.over.all():
        acting = batch.acting
        live = np.flatnonzero(acting >= 0)
        masks = batch.legal_mask()
        seen = batch.observation()
        other = np.where(acting >= 0, (acting + 1 + step % players) % players, -1)
        seen_other = batch.observation(other)
        for table in live:
            played[table].decisions.append(
                (
                    int(acting[table]),
                    np.flatnonzero(masks[table]),
                    seen[table],
                    int(other[table]),
                    seen_other[table],
                )
            )
        result = batch.step(batch.random_actions())
        tokens, winners, spy = batch.tokens, batch.round_winners, batch.spy_bonus
        for table in np.flatnonzero(result.round_over):
            played[table].rounds.append(
                (tokens[table].tolist(), winners[table].tolist(), int(spy[table]))
            )
        step += 1
    finals = [batch.observation(np.full(tables, seat)) for seat in range(players)]
    for table in range(tables):
        played[table].final = [final[table] for final in finals]
    return batch, played


def replay_and_compare(batch: Batch, table: int, played: Played, counts: Counts) -> None:
    """Replay table ``table``'s exported game through Game, comparing as it goes."""
    enc = encoding(batch.edition)
    setup, commands = from_json(batch.export(table))  # type: ignore[misc]
    game = Game(setup)
    names = setup.players
    decisions = iter(played.decisions)
    rounds = iter(played.rounds)
    where = f"table {table}"
    for number, command in enumerate(commands):
        where = f"table {table}, command {number} ({command!r})"
        if not isinstance(command, Deal):
            seat, legal, seen, other, seen_other = next(decisions)
            state = game.state
            assert state.to_act == seat, f"{where}: the batch says seat {seat} acts"
            view = view_for(state, names[seat])
            assert np.flatnonzero(enc.legal_mask(view)).tolist() == legal.tolist(), where
            assert list(enc.observation(view)) == seen.tolist(), where
            assert list(enc.observation(view_for(state, names[other]))) == seen_other.tolist(), (
                where
            )
            counts.decisions += 1
            counts.observations += 2
        try:
            game.apply(command)
        except LoveLetterError as error:
            raise AssertionError(f"{where}: the referee refused it: {error}") from error
        state = game.state
        if state.round_over:
            tokens, winners, spy = next(rounds)
            assert list(state.tokens) == tokens, f"{where}: tokens"
            assert [name in state.round_winners for name in names] == winners, f"{where}: winners"
            assert state.spy_bonus == (names[spy] if spy >= 0 else None), f"{where}: the Spy"
            counts.rounds += 1
    assert game.over, f"{where}: the referee's game is not over"
    assert next(decisions, None) is None, f"{where}: decisions left over"
    assert next(rounds, None) is None, f"{where}: rounds left over"
    for seat, seen in enumerate(played.final):
        view = view_for(game.state, names[seat])
        assert list(enc.observation(view)) == seen.tolist(), f"table {table}, end, seat {seat}"
        counts.observations += 1
    counts.games += 1


def compare(name: str, players: int, games: int, seed: int) -> Counts:
    """Play ``games`` batch games of ``name`` at ``players`` and replay each through Game."""
    counts = Counts()
    done = 0
    while done < games:
        tables = min(TABLES, games - done)
        batch, played = play_batch(name, players, tables, seed + done)
        for table in range(tables):
            replay_and_compare(batch, table, played[table], counts)
        done += tables
    return counts


@pytest.mark.long
@pytest.mark.parametrize(("name", "players"), SIZES, ids=[f"{n}-{p}p" for n, p in SIZES])
def test_the_batch_plays_the_referees_games(name: str, players: int) -> None:
    """Every exported game replays through Game with, at every decision, the legal mask
    and observations the encoding gives of the referee's views, and at every round's end
    the same tokens, winners and Spy token."""
    games = games_per_size()[name, players]
    counts = compare(name, players, games, seed=1000 * players + len(name))
    print(
        f"\nbatch vs referee, {name} at {players} players: {counts.games} games, "
        f"{counts.decisions} decisions (masks), {counts.observations} observations, "
        f"{counts.rounds} rounds compared"
    )
    assert counts.games == games
    assert counts.decisions > games * 5
    assert counts.rounds >= games
    assert counts.observations == 2 * counts.decisions + players * games


@pytest.mark.long
def test_the_games_counted_are_the_issues() -> None:
    """300 games by default and 1,500 in the thorough profile, over all eight sizes."""
    shares = games_per_size()
    assert sum(shares.values()) == GAMES
    assert len(shares) == 8
    assert max(shares.values()) - min(shares.values()) <= 1


def _wrong_baron(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Baron, copied, with the tie wrong: a tie knocks the target out."""
    s = e.s
    some = targets >= 0
    rows, actors, targets = rows[some], actors[some], targets[some]
    mine = s.hand[rows, actors].astype(np.int64)
    theirs = s.hand[rows, targets].astype(np.int64)
    if e.observe:
        e.learn(rows, actors, targets, theirs)
        e.learn(rows, targets, actors, mine)
    difference = e.deck.value[mine] - e.deck.value[theirs]
    actor_lost = difference < 0
    loser = np.where(actor_lost, actors, targets)
    winner = np.where(actor_lost, targets, actors)
    beaten = np.where(actor_lost, mine, theirs)
    e.knock_out(rows, loser)  # the mistake: a tie (difference 0) knocks the target out
    if e.observe:
        e.rule_out(rows, winner, e.deck.not_above[beaten])


@contextmanager
def wrong_baron(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The batch engine with :func:`_wrong_baron` for the Baron's effect."""
    with monkeypatch.context() as patch:
        patch.setitem(batch_rules.EFFECTS, Card.BARON, _wrong_baron)
        yield


def test_a_wrong_rule_in_one_cards_effect_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Baron whose tie knocks the target out, in a copy of the card's effect, makes the
    same comparison fail (Baron ties are common enough that a few dozen games meet one)."""
    with wrong_baron(monkeypatch), pytest.raises(AssertionError, match=r"table \d+"):
        compare("2019", 2, TABLES, seed=1)
    assert compare("2019", 2, 8, seed=1).games == 8  # the right Baron again passes
