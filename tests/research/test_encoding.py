"""The fixed encodings: ids round-trip, masks, observations from the view, returns, chance."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from testkit.game_strategies import edition_names, games_in_progress

from loveletter import (
    Card,
    Choose,
    Deal,
    Draw,
    Game,
    InvalidCommandError,
    Layout,
    LoveLetterError,
    Phase,
    Play,
    Redeal,
    TakeBack,
    edition,
    view_for,
)
from loveletter.bots.sampling import sample_state
from loveletter.events import CardDrawn, CardsReturned, DrawSource, RoundStarted
from loveletter.research.encoding import Encoding, chance_outcomes, encoding
from loveletter.setup import seat_names

_RUNNING = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)

SIZES = {"2019": (1177, 389), "classic": (43, 229), "court": (2040, 589)}
"""Action-space and observation sizes per edition: pinned, so a change is deliberate."""


@pytest.mark.parametrize("name", edition_names())
def test_the_sizes_are_fixed_per_edition(name: str) -> None:
    """Each edition has its pinned number of ids and observation length, and one layout."""
    enc = encoding(name)
    assert (enc.num_actions, enc.observation_size) == SIZES[name]
    assert enc is encoding(edition(name))
    layout = enc.observation_layout()
    assert layout[0][1] == 0
    for (_, start, size), (_, after, _) in itertools.pairwise(layout):
        assert size > 0
        assert after == start + size
    assert layout[-1][1] + layout[-1][2] == enc.observation_size
    assert len({name for name, _, _ in layout}) == len(layout)


@pytest.mark.parametrize("name", edition_names())
def test_every_id_is_a_command_and_back(name: str) -> None:
    """At the largest table, every id gives a command whose id it is."""
    enc = encoding(name)
    players = seat_names(edition(name).max_players)
    for actor in (players[0], players[-1]):
        for action in range(enc.num_actions):
            command = enc.command(action, players=players, actor=actor)
            assert enc.action_id(command, players=players) == action


@given(games_in_progress())
def test_legal_commands_round_trip_and_the_mask_is_exact(game: Game) -> None:
    """Every legal command has an id that gives it back; the mask is true at those ids only."""
    state = game.state
    enc = encoding(state.edition)
    players = state.players
    legal = game.legal_commands()
    ids = [enc.action_id(command, players=players) for command in legal]
    assert len(set(ids)) == len(ids)
    actor = state.player_to_act or players[0]
    for action, command in zip(ids, legal, strict=True):
        assert enc.command(action, players=players, actor=actor) == command
    for viewer in players:
        view = view_for(state, viewer)
        mask = enc.legal_mask(view)
        assert len(mask) == enc.num_actions
        expected = set(ids) if viewer == state.player_to_act else set()
        assert {action for action, flag in enumerate(mask) if flag} == expected


@given(games_in_progress(), st.integers(0, 2**32))
def test_the_observation_reads_the_view_only(game: Game, seed: int) -> None:
    """The vector has the documented size, and another state with the same view gives the
    same vector (the other state drawn by the information-set sampler)."""
    state = game.state
    enc = encoding(state.edition)
    for viewer in (*state.players, None):
        view = view_for(state, viewer)
        vector = enc.observation(view)
        assert len(vector) == enc.observation_size
        assert all(isinstance(x, float) and x >= 0 for x in vector)
        if viewer is not None and state.phase in _RUNNING:
            other = sample_state(view, random.Random(seed))
            assert view_for(other, viewer) == view
            assert enc.observation(view_for(other, viewer)) == vector


def test_the_observation_blocks_say_what_the_layout_says() -> None:
    """A known position, read back block by block."""
    game = Game.arranged(
        {"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Handmaid"], seed=1
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
    enc = encoding("2019")
    view = view_for(game.state, "Carla")
    vector = enc.observation(view)
    blocks = {name: vector[start : start + size] for name, start, size in enc.observation_layout()}
    kinds = len(enc.cards)
    king = enc.cards.index(Card.KING)
    assert blocks["phase"] == (0.0, 1.0, 0.0, 0.0, 0.0)  # Ben plays (he drew)
    assert blocks["seated"] == (1.0, 1.0, 1.0, 0.0, 0.0, 0.0)
    # Carla's offsets: 0 Carla, 1 Anna, 2 Ben.
    assert blocks["to_act"] == (0.0, 0.0, 1.0, 0.0, 0.0, 0.0)
    assert blocks["hand"][enc.cards.index(Card.BARON)] == 1.0
    assert blocks["discards"][1 * kinds + enc.cards.index(Card.GUARD)] == 1.0
    assert blocks["last_discard"][1 * kinds + enc.cards.index(Card.GUARD)] == 1.0
    assert blocks["ruled_out"][2 * kinds + king] == 1.0
    assert sum(blocks["unseen"]) == 21 - 2  # her Baron, Anna's Guard
    assert blocks["round_number"] == (1.0,)
    assert blocks["target"] == (5.0,)


def test_commands_without_an_id_are_refused() -> None:
    """Deals with a layout or a first player, the remedy's commands, a card the edition
    lacks, an impossible target, a player not at the table: InvalidCommandError."""
    enc = encoding("classic")
    players = ("Anna", "Ben", "Carla")
    layout = Layout.arranged(edition("classic"), list(players), hands={"Anna": "Guard"})
    refused = [
        Deal(layout=layout),
        Deal(first="Anna"),
        TakeBack(player="Anna"),
        Redeal(),
        Play(player="Anna", card=Card.CHANCELLOR),
        Play(player="Anna", card=Card.PRIEST, target="Anna"),
        Play(player="Anna", card=Card.HANDMAID, target="Ben"),
        Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD),
        Play(player="Zed", card=Card.HANDMAID),
        Choose(player="Anna", keep=Card.GUARD, returned=(Card.PRIEST,)),
    ]
    for command in refused:
        with pytest.raises(InvalidCommandError):
            enc.action_id(command, players=players)
    with pytest.raises(InvalidCommandError):
        enc.action_id(Draw(player="Anna"), players=seat_names(5))


def test_ids_out_of_range_or_past_the_table_are_refused() -> None:
    """An id out of range, a bool, or an offset the table does not have is refused."""
    enc = encoding("2019")
    players = ("Anna", "Ben")
    for action in (-1, enc.num_actions, True):
        with pytest.raises(InvalidCommandError):
            enc.command(action, players=players, actor="Anna")
    far = enc.action_id(
        Play(player="Anna", card=Card.PRIEST, target="Carla"), players=("Anna", "Ben", "Carla")
    )
    with pytest.raises(InvalidCommandError):
        enc.command(far, players=players, actor="Anna")
    with pytest.raises(InvalidCommandError):
        enc.command(0, players=players, actor="Zed")


def test_a_number_named_is_the_card_it_names() -> None:
    """A Guard naming 7 has the id of the Guard naming the King (LL19-GUARD-NUMBER)."""
    enc = encoding("2019")
    players = ("Anna", "Ben")
    by_number = Play(player="Anna", card=Card.GUARD, target="Ben", guess=7)
    by_card = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING)
    assert enc.action_id(by_number, players=players) == enc.action_id(by_card, players=players)


def test_targets_are_offsets_from_the_actor() -> None:
    """The same relative play has the same id whoever makes it."""
    enc = encoding("court")
    players = seat_names(5)
    ids = {
        enc.action_id(
            Play(
                player=players[seat],
                card="Cardinal",
                target=players[(seat + 1) % 5],
                also=[players[(seat + 3) % 5]],
            ),
            players=players,
        )
        for seat in range(5)
    }
    assert len(ids) == 1


def test_an_encoding_refuses_another_editions_view() -> None:
    """A view of one edition is not read by another's encoding."""
    view = view_for(Game.new(["Anna", "Ben"], seed=1).state, "Anna")
    with pytest.raises(LoveLetterError):
        encoding("classic").observation(view)
    assert isinstance(encoding("2019"), Encoding)


def play_to_the_end(name: str, seed: int) -> Game:
    ed = edition(name)
    rng = random.Random(seed)
    players = seat_names(rng.randint(ed.min_players, ed.max_players))
    game = Game.new(players, edition=name, seed=seed)
    while not game.over:
        game.apply(rng.choice(game.legal_commands()))
    return game


@pytest.mark.parametrize("name", edition_names())
def test_returns_at_the_end_are_zero_sum_and_reward_the_winners(name: str) -> None:
    """Winners share +1, the others -1; before the end there are no returns."""
    enc = encoding(name)
    for seed in range(5):
        game = play_to_the_end(name, seed)
        state = game.state
        returns = enc.returns(state)
        assert len(returns) == len(state.players)
        assert math.isclose(sum(returns), 0.0, abs_tol=1e-12)
        for player, value in zip(state.players, returns, strict=True):
            assert (value > 0) == (player in state.game_winners) or len(set(returns)) == 1
        assert -1.0 <= min(returns) <= max(returns) <= 1.0
        round_returns = enc.returns(state, round_only=True)
        assert math.isclose(sum(round_returns), 0.0, abs_tol=1e-12)
    fresh = Game.new(["Anna", "Ben"], edition=name, seed=1)
    with pytest.raises(LoveLetterError):
        enc.returns(fresh.state)
    with pytest.raises(LoveLetterError):
        enc.returns(fresh.state, round_only=True)


def test_returns_of_a_lone_winner() -> None:
    """A lone winner of four gets 1.0 and each other -1/3."""
    for seed in range(50):
        rng = random.Random(seed)
        game = Game.new(seat_names(4), edition="classic", seed=seed)
        while not game.over:
            game.apply(rng.choice(game.legal_commands()))
        if len(game.state.game_winners) == 1:
            break
    state = game.state
    assert len(state.game_winners) == 1
    returns = encoding("classic").returns(state)
    assert sorted(returns) == [-1 / 3, -1 / 3, -1 / 3, 1.0]
    assert returns[state.players.index(state.game_winners[0])] == 1.0


def returned_in_pile(game: Game) -> int:
    """How many cards at the bottom of the pile a Chancellor returned this round, followed
    through the round's events (draws off the top, returns under the bottom)."""
    events = list(game.events)
    start = max(i for i, event in enumerate(events) if isinstance(event, RoundStarted))
    round_events = events[start + 1 :]
    drawn = sum(1 for e in round_events if isinstance(e, CardDrawn) and e.source is DrawSource.PILE)
    returned = sum(len(e.cards) for e in round_events if isinstance(e, CardsReturned))
    size = len(game.state.draw_pile)
    pile = [False] * (size + drawn - returned)  # True: a returned card
    for event in round_events:
        if isinstance(event, CardDrawn) and event.source is DrawSource.PILE:
            pile.pop(0)
        elif isinstance(event, CardsReturned):
            pile += [True] * len(event.cards)
    assert len(pile) == size
    bottom = len(pile) - pile.index(True) if True in pile else 0
    assert sum(pile) == bottom  # returned cards lie at the bottom only
    return bottom


@given(games_in_progress())
def test_chance_outcomes_are_the_pile_above_the_returned_cards(game: Game) -> None:
    """The next draw: uniform over the pile's cards above those Chancellors returned, or the
    top returned card once only they are left; probabilities sum to 1, the true top card
    is a possible outcome."""
    state = game.state
    if state.phase not in _RUNNING or not state.draw_pile:
        with pytest.raises(LoveLetterError):
            chance_outcomes(state)
        return
    outcomes = chance_outcomes(state)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert all(p > 0 for _, p in outcomes)
    assert len({card for card, _ in outcomes}) == len(outcomes)
    returned = returned_in_pile(game)
    pile = state.draw_pile
    free = pile[: len(pile) - returned]
    if free:
        counts = Counter(free)
        assert dict(outcomes) == {card: n / len(free) for card, n in counts.items()}
    else:
        assert outcomes == ((pile[0], 1.0),)
    assert pile[0] in dict(outcomes)
    assert [card for card, _ in outcomes] == [
        spec.card for spec in state.edition.specs if spec.card in dict(outcomes)
    ]


def test_chance_outcomes_once_only_returned_cards_are_left() -> None:
    """When every card left in the pile was returned by a Chancellor, the next draw is the
    top one, for sure (found in seeded random games of two players)."""
    found = 0
    for seed in range(400):
        rng = random.Random(seed)
        game = Game.new(["Anna", "Ben"], seed=seed, auto_draw=False)
        while not game.over and found < 3:
            state = game.state
            pile = state.draw_pile
            if state.phase is Phase.DRAW and pile and returned_in_pile(game) == len(pile):
                assert chance_outcomes(state) == ((state.draw_pile[0], 1.0),)
                found += 1
            game.apply(rng.choice(game.legal_commands()))
        if found >= 3:
            break
    assert found >= 3
