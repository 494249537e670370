"""The public names 0.2 renamed or retired keep working, each with a DeprecationWarning."""

from __future__ import annotations

from typing import Any

import pytest

import loveletter.cardrule
import loveletter.state
from loveletter import Card, CardRule, Game, Play
from loveletter.effects import equal_values
from loveletter.legal import legal_commands, play_command
from loveletter.motion import Motion
from loveletter.serialization import UnknownCardError, command_from_data


@pytest.mark.parametrize(
    ("name", "instead"),
    [
        ("Position", Motion.__name__),
        ("StateFields", "State"),
        ("blocked_seats", "out and protected"),
    ],
)
def test_the_states_old_names_warn_and_still_work(name: str, instead: str) -> None:
    """``loveletter.state``'s table protocol, fields base and blocked-seat helper."""
    with pytest.warns(DeprecationWarning, match=instead):
        old: Any = getattr(loveletter.state, name)
    if name == "StateFields":
        assert old is loveletter.state.State
    if name == "blocked_seats":
        assert old((False, True, False), (True, False, False)) == 0b011


def test_effects_by_card_warns_and_gives_each_records_effect() -> None:
    """``loveletter.cardrule.EFFECTS``: each card's rule record's effect."""
    with pytest.warns(DeprecationWarning, match="rule_of"):
        effects = loveletter.cardrule.EFFECTS
    assert effects[Card.BARON] is loveletter.cardrule.rule_of(Card.BARON).effect


def test_a_quiet_predicate_is_accepted_ignored_and_warned_of() -> None:
    """``CardRule(quiet=...)``: whether a play is quiet is worked out by playing it now."""
    with pytest.warns(DeprecationWarning, match="quiet"):
        rule = CardRule(card=Card.SPY, french="Espionne", quiet=lambda *args: True)
    assert rule == CardRule(card=Card.SPY, french="Espionne")
    with pytest.warns(DeprecationWarning, match="quiet"):
        assert equal_values([(Card.GUARD,), (Card.GUARD,)], {Card.GUARD: 1}, 0, (1,), None)


def test_play_command_and_a_blocked_mask_warn() -> None:
    """``play_command`` builds the Play; ``legal_commands``'s ``blocked`` is ignored."""
    with pytest.warns(DeprecationWarning, match="build a Play"):
        play = play_command("Anna", Card.GUARD, "Ben", Card.PRIEST)
    assert play == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST)
    state = Game.new(["Anna", "Ben"], seed=1).state
    with pytest.warns(DeprecationWarning, match="blocked"):
        assert legal_commands(state, 0) == legal_commands(state)


def test_an_unknown_cards_kind_is_its_command_type() -> None:
    """``UnknownCardError.kind`` is ``command_type`` (a kind is a kind of card)."""
    with pytest.raises(UnknownCardError) as raised:
        command_from_data({"play": {"player": "Anna", "card": "Jester"}})
    assert raised.value.command_type is Play
    with pytest.warns(DeprecationWarning, match="command_type"):
        assert raised.value.kind is Play
