"""Chance: a round's deal depends on the seed and the round alone (LL19-SETUP-*)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from loveletter.chance import BLOCK, Chance, round_draws
from loveletter.editions import edition

DECK = edition("2019").deck


@given(st.integers(0, 2**128 - 1), st.integers(1, 3 * BLOCK + 2))
def test_a_round_draws_the_same_whether_the_game_got_there_or_not(seed: int, rounds: int) -> None:
    """Played round after round, or drawn at once from a stored round: the same deals."""
    going = Chance(seed, DECK)
    for number in range(1, rounds + 1):
        drawn = going.draws(number)
        assert drawn == Chance(seed, DECK).draws(number) == round_draws(seed, DECK, number)
        assert sorted(map(str, drawn[1])) == sorted(map(str, DECK))
        assert going.draws(number) == drawn  # asked again: the same


def test_rounds_deal_differently_and_a_far_round_is_drawn_at_once() -> None:
    """Each round of a game deals its own order; round 10**9 costs what round 16 does."""
    orders = {Chance(5, DECK).draws(number)[1] for number in range(1, 40)}
    assert len(orders) == 39
    assert Chance(5, DECK).draws(10**9) == round_draws(5, DECK, 10**9)
