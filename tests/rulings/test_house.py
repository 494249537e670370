"""The house remedy and the practice variation (HOUSE-* rulings), in both editions.

A table that agreed to the remedy may take back a plainly reversible mistake before
anyone learns new information, or redeal a spoiled round without awarding tokens; a
table may also practise with every hand face up.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from testkit.game_strategies import played_with_remedies
from testkit.tables import assert_refused, both_editions, layout, table

from loveletter import (
    Card,
    CommandTakenBack,
    Draw,
    Game,
    IllegalCommandError,
    Known,
    Play,
    Reason,
    Redeal,
    RoundRedealt,
    RoundStarted,
    Shown,
    TakeBack,
)
from loveletter.serialization import log_from_json, state_from_json, to_json
from loveletter.views import View, view_for

COUNTESS_TABLE = {"Anna": "Countess", "Ben": "Guard", "Carla": "Spy"}


def remedy_table(edition_name: str = "2019", **options: object) -> Game:
    """Anna holds the Countess and draws a Prince; explicit draws, the remedy agreed."""
    options.setdefault("remedy", True)
    options.setdefault("auto_draw", False)
    return table(
        hands=COUNTESS_TABLE if edition_name == "2019" else {**COUNTESS_TABLE, "Carla": "Baron"},
        pile=["Prince", "King", "Guard"],
        edition_name=edition_name,
        **options,  # type: ignore[arg-type]
    )


# -- HOUSE-REMEDY-AGREED -------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("HOUSE-REMEDY-AGREED")
def test_house_remedy_agreed_without_it_take_backs_and_redeals_are_refused(
    edition_name: str,
) -> None:
    """A table that did not agree to the remedy may neither take back nor redeal."""
    game = remedy_table(edition_name, remedy=False)
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    before = game.state
    assert_refused(game, TakeBack(player="Anna"), Reason.REMEDY_NOT_AGREED, "HOUSE-REMEDY-AGREED")
    assert_refused(game, Redeal(), Reason.REMEDY_NOT_AGREED, "HOUSE-REMEDY-AGREED")
    assert game.state == before


@pytest.mark.ruling("HOUSE-REMEDY-AGREED")
def test_house_remedy_agreed_is_a_setting_kept_in_logs_and_states() -> None:
    """The agreement is part of the setup: a log and a stored state keep it."""
    game = Game.new(["Anna", "Ben"], seed=3, remedy=True)
    assert game.state.table.remedy
    setup, _ = log_from_json(to_json(game))
    assert setup.remedy
    assert state_from_json(to_json(game.state)).table.remedy
    assert not Game.new(["Anna", "Ben"], seed=3).state.table.remedy


# -- HOUSE-REMEDY-TAKE-BACK ----------------------------------------------------------------


@both_editions
@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
def test_house_remedy_take_back_of_a_play_nobody_learned_from(edition_name: str) -> None:
    """Anna's Countess is taken back before Ben draws; everyone now knows she holds it."""
    game = remedy_table(edition_name)
    game.apply(Draw(player="Anna"))
    before = game.state
    legal = list(game.legal_commands())
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    events = game.apply(TakeBack(player="Anna"))
    assert events == (CommandTakenBack(player="Anna", card=Card.COUNTESS),)
    after = game.state
    assert after.hands == before.hands
    assert after.discards == before.discards
    assert after.player_to_act == "Anna"
    assert list(game.legal_commands()) == legal
    for viewer in ("Ben", "Carla"):
        view = view_for(after, viewer)
        assert view.seat("Anna").known == (Card.COUNTESS,)
        assert Shown(viewer=None, owner="Anna", card=Card.COUNTESS, by=None) in view.shown


@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
def test_house_remedy_take_back_refused_once_a_card_was_drawn() -> None:
    """With automatic draws the next player has seen a new card: the play stands."""
    game = remedy_table(auto_draw=True)
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    refusal = game.check(TakeBack(player="Anna"))
    assert refusal is not None
    assert refusal.reason is Reason.NOT_REVERSIBLE
    assert "a card was drawn" in refusal.message


@pytest.mark.parametrize(
    ("card", "target", "guess"),
    [
        (Card.KING, "Ben", None),
        (Card.GUARD, "Ben", Card.PRIEST),
        (Card.PRINCE, "Carla", None),
    ],
)
@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
def test_house_remedy_take_back_refused_after_something_hidden_was_shown(
    card: Card, target: str, guess: Card | None
) -> None:
    """A trade, a Guard's answer or a Prince's discard told someone something: no take-back."""
    game = table(
        hands={"Anna": card.value, "Ben": "Priest", "Carla": "Baron"},
        pile=["Guard" if card is not Card.GUARD else "Spy"],
        remedy=True,
        auto_draw=False,
    )
    game.apply(Draw(player="Anna"))
    game.apply(Play(player="Anna", card=card, target=target, guess=guess))
    before = game.state
    assert_refused(game, TakeBack(player="Anna"), Reason.NOT_REVERSIBLE, "HOUSE-REMEDY-TAKE-BACK")
    assert game.state == before


@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
def test_house_remedy_take_back_nothing_and_nobody_elses() -> None:
    """Nothing to take back at a round's start; Ben may not take back Anna's play; a draw stands."""
    game = remedy_table()
    assert_refused(
        game, TakeBack(player="Anna"), Reason.NOTHING_TO_TAKE_BACK, "HOUSE-REMEDY-TAKE-BACK"
    )
    game.apply(Draw(player="Anna"))
    assert_refused(game, TakeBack(player="Anna"), Reason.NOT_REVERSIBLE, "HOUSE-REMEDY-TAKE-BACK")
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    assert_refused(game, TakeBack(player="Ben"), Reason.NOT_YOUR_TURN, "HOUSE-REMEDY-TAKE-BACK")
    assert_refused(game, TakeBack(player="Zed"), Reason.UNKNOWN_PLAYER, "HOUSE-REMEDY-TAKE-BACK")


@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
def test_house_remedy_take_back_in_french_says_what_was_learned() -> None:
    """The refusal says, in the table's language, what was shown since the command."""
    game = remedy_table(auto_draw=True, language="fr")
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    refusal = game.check(TakeBack(player="Anna"))
    assert refusal is not None
    assert refusal.to_player.startswith("Votre reprise : depuis votre coup")
    assert refusal.message.startswith("La reprise d'Anna : depuis le coup d'Anna")
    assert "une carte a été piochée" in refusal.message


@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
def test_house_remedy_take_back_of_a_game_rebuilt_without_its_history_says_so() -> None:
    """A game rebuilt from a stored state has no record of the round before it: a take-back
    there is refused as such, not as if the round had no command; after its own play, it
    takes that back."""
    game = remedy_table(auto_draw=True)
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    rebuilt = Game.from_state(game.state)
    refusal = rebuilt.check(TakeBack(player="Ben"))
    assert refusal is not None
    assert (refusal.reason, refusal.ruling, refusal.key) == (
        Reason.NOTHING_TO_TAKE_BACK,
        "HOUSE-REMEDY-TAKE-BACK",
        "history_not_kept",
    )
    assert "rebuilt from a stored state without its history" in refusal.message
    assert "sans son historique" in refusal.render("fr")
    assert game.check(TakeBack(player="Ben")).key == "not_yours_to_take_back"  # type: ignore[union-attr]


# -- HOUSE-REMEDY-REDEAL and HOUSE-REMEDY-TOKENS-KEPT ------------------------------------


@both_editions
@pytest.mark.ruling("HOUSE-REMEDY-REDEAL")
def test_house_remedy_redeal_voids_the_round_and_deals_it_again(edition_name: str) -> None:
    """After a King's trade the round is dealt again: same round, same starter, fresh cards."""
    game = table(
        hands={"Anna": "Countess", "Ben": "Guard", "Carla": "Baron"},
        pile=["Prince", "King"],
        remedy=True,
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    game.apply(Play(player="Ben", card=Card.KING, target="Carla"))
    events = game.apply(Redeal())
    assert events[0] == RoundRedealt(round_number=1)
    assert isinstance(events[1], RoundStarted)
    state = game.state
    assert (state.round_number, state.player_to_act, state.redeals) == (1, "Anna", 1)
    assert state.discards == ((), (), ())
    assert state.shown == () and state.known == ()  # noqa: PT018
    # A physical table deals its own cards again.
    own = layout(
        players=["Anna", "Ben", "Carla"], hands={"Ben": "Princess"}, edition_name=edition_name
    )
    game.apply(Redeal(layout=own))
    assert game.state.hand("Ben") == (Card.PRINCESS,)
    assert game.state.redeals == 2


@pytest.mark.ruling("HOUSE-REMEDY-REDEAL")
def test_house_remedy_redeal_only_while_a_round_runs() -> None:
    """Between rounds there is no round to redeal."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"], remedy=True)
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert_refused(game, Redeal(), Reason.ROUND_OVER, "HOUSE-REMEDY-REDEAL")


@pytest.mark.ruling("HOUSE-REMEDY-REDEAL")
def test_house_remedy_redeal_is_seeded_and_replays() -> None:
    """A log with take-backs and redeals replays to the same game, through JSON too."""
    for seed in range(8):
        game = played_with_remedies(seed)
        setup, commands = log_from_json(to_json(game))
        again = Game.replay(setup, commands)
        assert again.state == game.state
        assert again.events == game.events


@both_editions
@pytest.mark.ruling("HOUSE-REMEDY-TOKENS-KEPT")
def test_house_remedy_tokens_kept_from_completed_rounds(edition_name: str) -> None:
    """Carla's token from an earlier round stays; nobody gains one for the voided round."""
    game = table(
        hands={"Anna": "Countess", "Ben": "Guard", "Carla": "Baron"},
        pile=["Prince", "King"],
        remedy=True,
        tokens={"Carla": 1},
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.COUNTESS))
    game.apply(Redeal())
    assert game.state.tokens == (0, 0, 1)


# -- HOUSE-PRACTICE-OPEN-HANDS -----------------------------------------------------------


@both_editions
@pytest.mark.ruling("HOUSE-PRACTICE-OPEN-HANDS")
def test_house_practice_open_hands_every_view_shows_every_hand(edition_name: str) -> None:
    """At an open-hands table every player sees every hand; a log keeps the setting."""
    game = Game.new(["Anna", "Ben", "Carla"], seed=5, open_hands=True, edition=edition_name)
    for viewer in ("Anna", "Ben", "Carla", None):
        view = view_for(game.state, viewer)
        assert view.open_hands
        assert all(seat.hand == game.state.hand(seat.player) for seat in view.seats)
    setup, _ = log_from_json(to_json(game))
    assert setup.open_hands
    closed = Game.new(["Anna", "Ben", "Carla"], seed=5, edition=edition_name)
    assert view_for(closed.state, "Anna").seat("Ben").hand is None


# -- properties ------------------------------------------------------------------------------


def _forgetting_the_table(view: View) -> View:
    """``view`` without what the table saw of a card taken back (shown and known cards)."""
    seats = tuple(attrs.evolve(seat, known=()) for seat in view.seats)
    shown = tuple(entry for entry in view.shown if entry.viewer is not None)
    return attrs.evolve(view, seats=seats, shown=shown)


@settings(deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 80))
def test_a_take_back_restores_the_position_or_is_refused_changing_nothing(
    seed: int, steps: int
) -> None:
    """Accepted: the state, every view and the legal commands are as before the command, but
    for what the table saw of the card played. Refused: nothing changes."""
    game = Game.new(["Anna", "Ben", "Carla"], seed=seed, remedy=True, auto_draw=False)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            return
        before = game.state
        legal = list(game.legal_commands())
        command = rng.choice(legal)
        game.apply(command)
        player = getattr(command, "player", None)
        if player is None:
            continue
        trial = game.copy()
        if trial.check(TakeBack(player=player)) is not None:
            state = trial.state
            with pytest.raises(IllegalCommandError):
                trial.apply(TakeBack(player=player))
            assert trial.state == state
            continue
        trial.apply(TakeBack(player=player))
        after = trial.state
        if isinstance(command, Play):
            seen = Shown(viewer=None, owner=player, card=command.card, by=None)
            assert after.shown == (*before.shown, seen)
            assert Known(viewer=None, owner=player, card=command.card) in after.known
        else:
            assert after.shown == before.shown
        assert attrs.evolve(after, shown=before.shown, known=before.known) == before
        assert list(trial.legal_commands()) == legal
        for viewer in (None, "Anna", "Ben", "Carla"):
            assert _forgetting_the_table(view_for(after, viewer)) == _forgetting_the_table(
                view_for(before, viewer)
            )
