"""Information-set sampling: consistent, view-preserving, view-only and uniform."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Mapping

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from testkit.budgets import examples
from testkit.game_strategies import games_in_progress

from loveletter import Card, Game, Phase, State, view_for
from loveletter.bots import sampling
from loveletter.bots.knowledge import knowledge
from loveletter.bots.sampling import Sampler, _Places, sample_state
from loveletter.consistency import inconsistencies
from loveletter.setup import seat_names

_RUNNING = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)


def hidden(state: State, viewer: str) -> tuple[object, ...]:
    """What the viewer cannot see: the others' hands, the set-aside card, the pile."""
    hands = tuple(
        hand for player, hand in zip(state.players, state.hands, strict=True) if player != viewer
    )
    return (hands, state.set_aside, state.draw_pile)


@given(games_in_progress(), st.randoms(use_true_random=False))
def test_every_sample_is_consistent_and_gives_back_the_view(game: Game, rng: random.Random) -> None:
    """For every player: samples pass the consistency check, give the same view, and the
    true deal is one the sampler may draw."""
    state = game.state
    if state.phase not in _RUNNING:
        return
    for viewer in state.players:
        view = view_for(state, viewer)
        for _ in range(3):
            sample = sample_state(view, rng)
            assert inconsistencies(sample) == []
            assert view_for(sample, viewer) == view
        known = knowledge(view)
        places = _Places(view, known)
        truth = {p: state.hand(p) for p, _ in places.slots}
        assert places.agrees(truth, state.edition.value)  # the true deal is possible
        unseen = Counter({card: n for card, n in known.unseen.items() if n})
        hidden_cards = Counter(card for hand in truth.values() for card in hand)
        hidden_cards.update(state.draw_pile)
        hidden_cards[state.set_aside] += 1
        hidden_cards.subtract(card for p in truth for card in known.holds[p])
        hidden_cards.subtract(view.buried)
        assert +hidden_cards == unseen


@given(games_in_progress(), st.integers(0, 2**32))
def test_the_sampler_reads_the_view_only(game: Game, seed: int) -> None:
    """Two states that give a player the same view give the same samples."""
    state = game.state
    if state.phase not in _RUNNING:
        return
    viewer = state.player_to_act or state.players[0]
    view = view_for(state, viewer)
    other = sample_state(view, random.Random(seed + 1))  # another state with the same view
    assert view_for(other, viewer) == view
    assert sample_state(view, random.Random(seed)) == sample_state(
        view_for(other, viewer), random.Random(seed)
    )


def small_positions(count: int) -> list[tuple[State, str]]:
    """Positions of two-player games with at most five hidden cards, some with facts."""
    found = []
    for seed in itertools.count():
        game = Game.new(seat_names(2), seed=seed)
        rng = random.Random(seed)
        while not game.over and game.state.phase in _RUNNING:
            state = game.state
            if len(state.draw_pile) <= 3 and state.phase is Phase.PLAY:
                found.append((state, state.player_to_act or ""))
                break
            game.apply(rng.choice(game.legal_commands()))
        if len(found) == count:
            return found
    return found


def exact_deals(state: State, viewer: str) -> set[tuple[object, ...]]:
    """Every deal of the hidden cards whose state is consistent and gives the same view.

    What the other players know privately is left out: the viewer cannot tell it.
    """
    view = view_for(state, viewer)
    state = attrs.evolve(
        state,
        shown=tuple(e for e in state.shown if e.viewer in (None, viewer)),
        known=tuple(k for k in state.known if k.viewer in (None, viewer)),
        buried=tuple(b for b in state.buried if b.viewer == viewer),
    )
    others = [p for p in state.players if p != viewer and not state.is_out(p)]
    cards = [card for hand in (state.hand(p) for p in others) for card in hand]
    cards += [state.set_aside, *state.draw_pile]
    deals = set()
    for order in set(itertools.permutations(cards)):
        at = 0
        hands = list(state.hands)
        for p in others:
            seat = state.players.index(p)
            hands[seat] = tuple(order[at : at + len(state.hands[seat])])
            at += len(state.hands[seat])
        candidate = attrs.evolve(
            state, hands=tuple(hands), set_aside=order[at], draw_pile=tuple(order[at + 1 :])
        )
        if inconsistencies(candidate) == [] and view_for(candidate, viewer) == view:
            deals.add(hidden(candidate, viewer))
    return deals


@pytest.mark.long
def test_samples_are_uniform_over_the_deals_a_player_cannot_tell_apart() -> None:
    """On small positions, each possible deal comes up about equally often, and no other."""
    for state, viewer in small_positions(examples(quick=2, full=6)):
        deals = exact_deals(state, viewer)
        assert hidden(state, viewer) in deals
        rng = random.Random(7)
        view = view_for(state, viewer)
        draws = 400 * len(deals)
        counts = Counter(hidden(sample_state(view, rng), viewer) for _ in range(draws))
        assert set(counts) <= deals
        expected = draws / len(deals)
        chi_square = sum((counts[deal] - expected) ** 2 / expected for deal in deals)
        # 99.9% quantile of chi-square with len(deals) - 1 degrees of freedom, roughly
        assert chi_square < len(deals) + 4 * (2 * len(deals)) ** 0.5 + 10, (chi_square, len(deals))


def test_weights_that_keep_no_deal_still_give_a_deal_the_view_allows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A weight can make every deal unlikely, never every deal impossible: when none is
    kept within the sampler's tries, the first deal that agreed with the view is drawn.
    (A search bot's prior once weighed every deal of a seven-player view away, and the
    bot raised "no deal agrees with the view".)"""
    monkeypatch.setattr(sampling, "MAX_TRIES", 50)
    game = Game.new(seat_names(4), seed=3)
    player = game.state.player_to_act
    assert player is not None
    view = view_for(game.state, player)
    sample = Sampler(view).sample(random.Random(1), weight=lambda hands: 0.0)
    assert view_for(sample, player) == view


def test_a_weight_reweights_the_deals_in_proportion() -> None:
    """With a weight, deals come out in proportion to it: here, deals that give Ben the
    Princess weigh a tenth of the others, and show up a tenth as often per deal."""
    game = Game.new(seat_names(2), seed=11, first="Anna")
    view = view_for(game.state, "Anna")
    sampler = Sampler(view)
    rng = random.Random(5)
    draws = 6000

    def ben_holds_the_princess(hands: Mapping[str, tuple[Card, ...]]) -> bool:
        return Card.PRINCESS in hands.get("Ben", ())

    def weight(hands: Mapping[str, tuple[Card, ...]]) -> float:
        return 0.1 if ben_holds_the_princess(hands) else 1.0

    plain = sum(Card.PRINCESS in sampler.sample(rng).hand("Ben") for _ in range(draws))
    weighted = sum(
        Card.PRINCESS in sampler.sample(rng, weight=weight).hand("Ben") for _ in range(draws)
    )
    unseen = sum(knowledge(view).unseen.values())
    share = 1 / unseen  # one Princess among the cards Anna has not seen
    assert Card.PRINCESS not in view.hand
    assert abs(plain / draws - share) < 0.015
    expected = share * 0.1 / (share * 0.1 + (1 - share))
    assert abs(weighted / draws - expected) < 0.006


def test_a_known_card_just_drawn_leaves_the_tied_card_held_before_it() -> None:
    """Anna knows Ben's Spy (she buried it; he has just drawn it) and that Ben's card held
    before ties her Prince (a Baron tie): the sampler deals him a Prince-valued card first,
    rather than finding no deal (a fact of the hand held before the draw)."""
    rng = random.Random(721)
    game = Game.new(["Anna", "Ben"], seed=721)
    for _ in range(48):
        game.apply(rng.choice(game.legal_commands()))
    view = view_for(game.state, "Anna")
    assert view.tied
    assert view.seat("Ben").known == (Card.SPY,)
    assert view.hand == (Card.PRINCE,)
    sample = Sampler(view).sample(random.Random(0))
    assert sample.hand("Ben")[1] == Card.SPY
    assert sample.hand("Ben")[0] == Card.PRINCE
    assert view_for(sample, "Anna") == view
