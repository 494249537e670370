"""The search bot: legal, reproducible, reading its view only, searching what it should."""

from __future__ import annotations

import random

import pytest
from testkit.game_strategies import edition_names

from loveletter import Card, Draw, Game, Play, view_for
from loveletter.bots import make_bot
from loveletter.bots.ismcts import IsmctsBot, _prior
from loveletter.bots.sampling import Sampler, sample_state
from loveletter.setup import seat_names


def positions(name: str, count: int) -> list[Game]:
    """Games in progress where the player to act has a choice (seeded random play)."""
    found = []
    for seed in range(200):
        rng = random.Random(seed)
        game = Game.new(seat_names(3 if name == "2019" else 2), edition=name, seed=seed)
        for _ in range(rng.randint(0, 12)):
            if game.over:
                break
            game.apply(rng.choice(game.legal_commands()))
        state = game.state
        if state.player_to_act and len(view_for(state, state.player_to_act).legal) > 1:
            found.append(game)
        if len(found) == count:
            break
    return found


@pytest.mark.parametrize("name", edition_names())
def test_it_decides_the_same_from_two_true_states_with_the_same_view(name: str) -> None:
    """The bot reads its view only: a different deal of what it cannot see changes nothing."""
    for game in positions(name, 4):
        state = game.state
        player = state.player_to_act
        assert player is not None
        view = view_for(state, player)
        other = sample_state(view, random.Random(7))  # another true state, the same view
        assert other != state
        assert view_for(other, player) == view
        one = IsmctsBot(seed=3, iterations=6).choose(view)
        two = IsmctsBot(seed=3, iterations=6).choose(view_for(other, player))
        assert one == two
        assert game.is_legal(one)


def test_the_same_seed_and_budget_decide_the_same() -> None:
    """Seeded: the same view, seed and budget give the same move; by name too."""
    for game in positions("2019", 3):
        state = game.state
        assert state.player_to_act is not None
        view = view_for(state, state.player_to_act)
        chosen = {IsmctsBot(seed=5, iterations=8).choose(view) for _ in range(3)}
        assert len(chosen) == 1
        assert make_bot("ismcts", seed=5).choose(view) == make_bot("ismcts", seed=5).choose(view)


def test_it_finds_the_knockout_a_guard_makes_for_sure() -> None:
    """With the opponent's card known (a Priest's look), it names that card with the Guard."""
    game = Game.arranged(
        {"Anna": "Guard", "Ben": "Baron"}, pile=["Priest", "Countess", "Guard", "Spy"]
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    game.apply(Play(player="Ben", card=Card.COUNTESS))
    view = view_for(game.state, "Anna")
    assert view.hand == (Card.GUARD, Card.GUARD)
    chosen = IsmctsBot(seed=1, iterations=5).choose(view)
    assert chosen == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.BARON)


def test_the_prior_makes_kept_cards_likelier_higher() -> None:
    """Its deals favour an opponent keeping a card worth more than the one they played."""
    from loveletter.bots.ismcts import _prior
    from loveletter.bots.sampling import Sampler

    game = Game.new(seat_names(2), seed=4, first="Anna")
    rng = random.Random(0)
    while game.state.player_to_act != "Anna" or not game.state.discards[1]:
        game.apply(rng.choice(game.legal_commands()))
    view = view_for(game.state, "Anna")
    sampler = Sampler(view)
    weight = _prior(view, sampler, 0.05)
    assert weight is not None
    played = sampler.edition.value[view.seats[1].discards[-1]]
    value = sampler.edition.value
    draws = 2000
    plain = sum(value[sampler.sample(rng).hand("Ben")[0]] >= played for _ in range(draws))
    weighted = sum(
        value[sampler.sample(rng, weight=weight).hand("Ben")[0]] >= played for _ in range(draws)
    )
    assert weighted > plain
    assert _prior(view, sampler, 1.0) is None


def test_a_bad_budget_is_refused() -> None:
    with pytest.raises(ValueError, match="keep_prior"):
        IsmctsBot(keep_prior=2)
    with pytest.raises(ValueError, match="at least 1"):
        IsmctsBot(iterations=0)


def test_the_prior_weighs_no_opponent_whose_card_the_searcher_knows() -> None:
    """Ben kept a Guard under his Countess, and Anna's Priest saw it: Ben holds the Guard
    in every deal Anna can imagine, so the prior has nothing to weigh for him."""
    game = Game.arranged(
        {"Ben": "Guard", "Anna": "Priest"},
        pile=["Countess", "Spy"],
        first="Ben",
        auto_draw=False,
    )
    game.apply(Draw(player="Ben"))
    game.apply(Play(player="Ben", card=Card.COUNTESS))
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    view = view_for(game.state, "Anna")
    (ben,) = [seat for seat in view.seats if seat.player == "Ben"]
    assert ben.known == (Card.GUARD,)
    assert ben.discards == (Card.COUNTESS,)
    assert _prior(view, Sampler(view), 0.05) is None
