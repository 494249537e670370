"""Refusals: the reason codes of FORMAT.md, their precedence, and the messages."""

from __future__ import annotations

import re

import pytest
from testkit.project import SCENARIOS_DIR, need_shared
from testkit.tables import table, with_protected

from loveletter import (
    Card,
    Choose,
    Deal,
    Draw,
    Game,
    IllegalCommandError,
    InconsistentStateError,
    InvalidCommandError,
    Layout,
    LoveLetterError,
    Play,
    Reason,
    SetupError,
)
from loveletter.rules.checks import unknown_card_refusal
from loveletter.serialization import UnknownCardError, command_from_data


def test_reason_codes_are_exactly_those_of_the_format_in_order() -> None:
    """The Reason enum holds the codes of FORMAT.md's table, in the order of precedence."""
    text = need_shared(SCENARIOS_DIR / "FORMAT.md").read_text(encoding="utf-8")
    section = text.split("## Reason codes", 1)[1].split("## The files here", 1)[0]
    codes = re.findall(r"^\| `([A-Z_]+)` \|", section, re.MULTILINE)
    assert [reason.value for reason in Reason] == codes
    assert [reason.precedence for reason in Reason] == list(range(len(codes)))


def test_errors_are_value_errors() -> None:
    """Every error of the library is a LoveLetterError, itself a ValueError."""
    for error in (
        IllegalCommandError,
        InvalidCommandError,
        SetupError,
        InconsistentStateError,
    ):
        assert issubclass(error, LoveLetterError)
    assert issubclass(LoveLetterError, ValueError)


def refused(game: Game, command: object) -> Reason:
    refusal = game.check(command)  # type: ignore[arg-type]
    assert refusal is not None, f"{command!r} was accepted"
    before = game.state
    with pytest.raises(IllegalCommandError) as raised:
        game.apply(command)  # type: ignore[arg-type]
    assert game.state == before
    assert raised.value.refusal == refusal
    return refusal.reason


def three() -> Game:
    return table(
        hands={"Anna": "Countess", "Ben": "Priest", "Carla": "Baron"}, pile=["Prince", "Guard"]
    )


def ended() -> Game:
    """Anna has just won round 1 as last survivor."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"])
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    return game


def test_game_over_comes_first() -> None:
    """After the game, even a malformed deal is refused as GAME_OVER."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest"}, pile=["Guard"], tokens={"Anna": 5})
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    assert game.state.game_over
    bad = Layout(set_aside="Spy", hands={"Anna": "Spy"}, draw_pile=[])
    assert refused(game, Deal(layout=bad, first="Ben")) is Reason.GAME_OVER
    assert refused(game, Play(player="Nobody", card=Card.GUARD)) is Reason.GAME_OVER


def test_bad_deal_before_first_not_allowed() -> None:
    """A malformed deal naming the wrong first player is a BAD_DEAL."""
    bad = Layout(set_aside="Spy", hands={"Anna": "Spy"}, draw_pile=[])
    assert refused(ended(), Deal(layout=bad, first="Ben")) is Reason.BAD_DEAL
    assert refused(ended(), Deal(first="Ben")) is Reason.FIRST_NOT_ALLOWED


def test_round_over_before_unknown_player() -> None:
    """Between rounds a play by a stranger is ROUND_OVER."""
    assert refused(ended(), Play(player="Nobody", card=Card.GUARD)) is Reason.ROUND_OVER
    assert refused(ended(), Draw(player="Anna")) is Reason.ROUND_OVER


def test_unknown_player_before_not_your_turn() -> None:
    """An unknown target from a player who is not to act is UNKNOWN_PLAYER."""
    game = three()
    assert (
        refused(game, Play(player="Ben", card=Card.PRIEST, target="Zoe")) is Reason.UNKNOWN_PLAYER
    )
    assert (
        refused(game, Play(player="Ben", card=Card.PRIEST, target="Anna")) is Reason.NOT_YOUR_TURN
    )


def test_not_your_turn_before_wrong_phase() -> None:
    """A draw by someone else while the player to act must play is NOT_YOUR_TURN."""
    game = three()
    assert refused(game, Draw(player="Ben")) is Reason.NOT_YOUR_TURN
    assert refused(game, Draw(player="Anna")) is Reason.WRONG_PHASE


def test_wrong_phase_before_unknown_card() -> None:
    """A classic Spy played before the draw is WRONG_PHASE; after it, UNKNOWN_CARD."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest"},
        pile=["Baron"],
        edition_name="classic",
        auto_draw=False,
    )
    assert refused(game, Play(player="Anna", card=Card.SPY)) is Reason.WRONG_PHASE
    game.apply(Draw(player="Anna"))
    assert refused(game, Play(player="Anna", card=Card.SPY)) is Reason.UNKNOWN_CARD


def test_unknown_card_before_card_not_in_hand_and_so_on() -> None:
    """The card checks run in order: unknown, not held, Countess, then targets."""
    game = three()  # Anna holds Countess and Prince
    assert (
        refused(game, Play(player="Anna", card=Card.KING, target="Ben")) is Reason.CARD_NOT_IN_HAND
    )
    assert refused(game, Play(player="Anna", card=Card.PRINCE)) is Reason.COUNTESS_FORCED
    assert (
        refused(game, Play(player="Anna", card=Card.COUNTESS, target="Ben", guess=Card.KING))
        is Reason.TARGET_NOT_ALLOWED
    )


def test_target_checks_before_guess_checks() -> None:
    """Target problems are reported before problems with the named card."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Handmaid"])
    assert (
        refused(game, Play(player="Anna", card=Card.GUARD, guess=Card.PRIEST))
        is Reason.TARGET_REQUIRED
    )
    assert refused(game, Play(player="Anna", card=Card.GUARD, target="Anna")) is Reason.TARGET_SELF
    assert (
        refused(game, Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD))
        is Reason.GUESS_GUARD
    )
    assert (
        refused(game, Play(player="Anna", card=Card.GUARD, target="Ben")) is Reason.GUESS_REQUIRED
    )
    assert (
        refused(game, Play(player="Anna", card=Card.HANDMAID, guess=Card.PRIEST))
        is Reason.GUESS_NOT_ALLOWED
    )


def test_guess_not_allowed_before_guess_guard_without_target() -> None:
    """A Guard with nobody to choose may not name a card, even Guard."""
    game = with_protected(
        table(hands={"Anna": "Guard", "Ben": "Priest"}, pile=["Handmaid"]), ["Ben"]
    )
    assert (
        refused(game, Play(player="Anna", card=Card.GUARD, guess=Card.GUARD))
        is Reason.GUESS_NOT_ALLOWED
    )
    assert game.check(Play(player="Anna", card=Card.GUARD)) is None


def test_names_that_are_no_card_keep_the_precedence() -> None:
    """A card name no edition has is UNKNOWN_CARD, after the checks on who and when."""
    game = three()
    ed = game.state.edition

    def reason_for(data: dict[str, object]) -> Reason:
        with pytest.raises(UnknownCardError) as raised:
            command_from_data(data, ed)
        error = raised.value
        refusal = unknown_card_refusal(game.state, error.sketch, error.name)
        return refusal.reason

    assert reason_for({"play": {"player": "Anna", "card": "Jester"}}) is Reason.UNKNOWN_CARD
    assert reason_for({"play": {"player": "Ben", "card": "Jester"}}) is Reason.NOT_YOUR_TURN
    assert reason_for({"play": {"player": "Zoe", "card": "Jester"}}) is Reason.UNKNOWN_PLAYER
    assert (
        reason_for({"choose": {"player": "Ben", "keep": "Queen", "return": []}})
        is Reason.NOT_YOUR_TURN
    )
    layout = {"set_aside": "Jester", "hands": {}, "draw_pile": []}
    assert reason_for({"deal": layout}) is Reason.BAD_DEAL


def test_bad_choice_and_choice_phase() -> None:
    """A Chancellor choice is only taken while one is pending, and must split the hand."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Chancellor", "Spy", "King"],
    )
    assert (
        refused(game, Choose(player="Anna", keep=Card.GUARD, returned=(Card.SPY,)))
        is Reason.WRONG_PHASE
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    assert (
        refused(game, Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
        is Reason.WRONG_PHASE
    )
    assert (
        refused(game, Choose(player="Anna", keep=Card.GUARD, returned=(Card.SPY,)))
        is Reason.BAD_CHOICE
    )
    assert (
        refused(game, Choose(player="Anna", keep=Card.PRINCESS, returned=(Card.SPY, Card.KING)))
        is Reason.BAD_CHOICE
    )
    assert (
        refused(game, Choose(player="Ben", keep=Card.PRIEST, returned=())) is Reason.NOT_YOUR_TURN
    )


def test_deal_while_a_round_runs() -> None:
    """A deal in the middle of a round is WRONG_PHASE."""
    assert refused(three(), Deal()) is Reason.WRONG_PHASE


def test_messages_name_the_command_and_the_situation() -> None:
    """A refusal's message names the player, the card, and what is wrong now."""
    game = three()
    refusal = game.check(Play(player="Ben", card=Card.PRIEST, target="Anna"))
    assert refusal is not None
    assert "Ben's Priest on Anna" in refusal.message
    assert "Anna's turn" in refusal.message
    assert refusal.ruling == "LL19-TURN-ORDER"
    protected = table(
        hands={"Anna": "Handmaid", "Ben": "Guard", "Carla": "Priest"}, pile=["Handmaid", "Guard"]
    )
    protected.apply(Play(player="Anna", card=Card.HANDMAID))
    refusal = protected.check(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRIEST))
    assert refusal is not None
    assert refusal.reason is Reason.TARGET_PROTECTED
    assert "Anna is protected by a Handmaid" in refusal.message
    error = refusal.error()
    assert str(error).startswith("TARGET_PROTECTED: ")
    assert str(error).endswith("[LL19-TARGET-PROTECTED]")


def test_messages_never_reveal_a_hand() -> None:
    """No refusal message names a card that the command itself did not name."""
    game = table(hands={"Anna": "Countess", "Ben": "Princess", "Carla": "Baron"}, pile=["King"])
    hidden = {"Princess", "Baron"}
    for command in [
        Play(player="Anna", card=Card.PRIEST, target="Ben"),
        Choose(player="Anna", keep=Card.KING, returned=(Card.COUNTESS,)),
        Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.KING),
        Play(player="Anna", card=Card.KING, target="Ben"),
    ]:
        refusal = game.check(command)
        assert refusal is not None
        assert not any(name in refusal.message for name in hidden), refusal.message
