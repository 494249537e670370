"""Input from another app: setups that read back, bounded readers, clean errors, atomic applies.

Each test here is one of the reproducers of the "trust at the edges" issue: what
``Game.new`` accepts, the readers read back; bad input is refused with the library's own
errors; a checked ``apply`` never leaves a game half-changed; narration never tells a
listener a card they did not see.
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from testkit.game_strategies import editions

from loveletter import (
    Card,
    Choose,
    Deal,
    Draw,
    Game,
    HandSeen,
    InvalidCommandError,
    LoveLetterError,
    Play,
    SetupError,
    UnknownPlayerError,
    edition,
)
from loveletter.cardrule import RULES
from loveletter.narration import narrate, narrate_all
from loveletter.serialization import (
    MAX_SIZE,
    command_from_json,
    log_from_json,
    read_command,
    refusal_from_json,
    state_from_json,
    to_json,
    view_from_json,
)
from loveletter.setup import SEED_LIMIT, seat_names
from loveletter.views import view_for

# -- what Game.new accepts, the readers read back ---------------------------------------


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"seed": -5}, "seed"),
        ({"seed": SEED_LIMIT}, "seed"),
        ({"seed": 10**41}, "seed"),
        ({"seed": "abc"}, "seed"),
        ({"seed": 1.5}, "seed"),
        ({"seed": True}, "seed"),
        ({"seed": b"x"}, "seed"),
        ({"seed": [1]}, "seed"),
        ({"auto_draw": "no"}, "auto_draw"),
        ({"rng": 5}, "rng"),
        ({"language": "de"}, "writes in"),
        ({"target": "short"}, "target"),
        ({"tokens": {"Anna": -1}}, "tokens"),
        ({"tokens": 3}, "tokens"),
        ({"deal": "x"}, "deal"),
        ({"edition": 2019}, "edition"),
    ],
)
def test_every_setting_is_checked_at_setup(options: dict[str, Any], field: str) -> None:
    """A setting Game.new cannot keep is refused there, with a SetupError naming it."""
    with pytest.raises(SetupError, match=field):
        Game.new(["Anna", "Ben"], **options)


@pytest.mark.parametrize("players", [None, 5, "AnnaBen", ["Anna", 5], ["Anna", ""], []])
def test_players_that_are_not_a_list_of_names_are_refused(players: object) -> None:
    """Game.new(None) and its kind raise SetupError, never a TypeError or AttributeError."""
    with pytest.raises(SetupError):
        Game.new(players, seed=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [0, 1, 5, 2**63, SEED_LIMIT - 1])
def test_seeds_in_range_round_trip_through_json(seed: int) -> None:
    """Every seed Game.new takes survives the state and the log."""
    game = Game.new(["Anna", "Ben"], seed=seed)
    assert state_from_json(to_json(game.state)) == game.state
    setup, commands = log_from_json(to_json(game))
    assert setup == game.setup
    assert commands == ()


def test_seeds_of_other_values_deal_other_games() -> None:
    """Negative seeds are refused rather than dealing the same game as their absolute value."""
    assert Game.new(["Anna", "Ben"], seed=5).state != Game.new(["Anna", "Ben"], seed=6).state
    with pytest.raises(SetupError):
        Game.new(["Anna", "Ben"], seed=-5)


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """Any settings Game.new accepts."""
    name = draw(editions())
    ed = edition(name)
    count = draw(st.integers(ed.min_players, ed.max_players))
    players = list(seat_names(count))
    named = [setting for setting, _ in ed.target_settings]
    choices = [st.none(), st.integers(1, 9), *([st.sampled_from(named)] if named else [])]
    target = draw(st.one_of(*choices))
    bound = (
        ed.target(players=count)
        if target is None
        else (target if isinstance(target, int) else ed.target(players=count, setting=target))
    )
    tokens = draw(st.dictionaries(st.sampled_from(players), st.integers(0, bound - 1)))
    return {
        "players": players,
        "edition": name,
        "seed": draw(st.integers(0, SEED_LIMIT - 1)),
        "first": draw(st.one_of(st.none(), st.sampled_from(players))),
        "target": target,
        "tokens": tokens,
        "auto_draw": draw(st.booleans()),
        "language": draw(st.sampled_from(("en", "fr"))),
    }


@settings(deadline=None)
@given(setups(), st.integers(0, 200), st.integers(0, 2**32))
def test_any_accepted_setup_round_trips_after_any_commands(
    options: dict[str, Any], steps: int, seed: int
) -> None:
    """State, views and log of any game Game.new accepts read back as they were written."""
    players = options.pop("players")
    game = Game.new(players, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_commands()))
    assert state_from_json(to_json(game.state)) == game.state
    for viewer in (None, *players):
        view = view_for(game.state, viewer)
        assert view_from_json(to_json(view)) == view
    setup, commands = log_from_json(to_json(game))
    assert Game.replay(setup, commands).state == game.state


# -- the readers are bounded and strict -------------------------------------------------


def test_documents_over_the_size_limit_are_refused_before_parsing() -> None:
    """A document larger than max_size is refused without being read; a larger limit reads it."""
    big = json.dumps({"draw": "Anna", "pad": "x" * MAX_SIZE})
    with pytest.raises(InvalidCommandError, match="larger than"):
        command_from_json(big)
    small = '{"draw": "Anna"}'
    with pytest.raises(InvalidCommandError, match="larger than 5 characters"):
        command_from_json(small, max_size=5)
    assert command_from_json(small, max_size=100) == Draw(player="Anna")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 50_000 + "]" * 50_000, "nested too deeply"),
        ('{"draw": "Anna", "x": ' + "1" * 5000 + "}", "digits"),
        ('{"draw": "Anna", "x": 1e999}', "too large"),
        ('{"draw": "Anna", "x": NaN}', "NaN"),
        ('{"draw": "Anna", "draw": "Ben"}', "appears twice"),
        ('{"format": 1.0, "draw": "Anna"}', "format"),
        ('{"format": true, "draw": "Anna"}', "format"),
    ],
)
def test_malformed_json_gets_the_readers_own_error(text: str, problem: str) -> None:
    """Deep nesting, huge numbers, duplicate keys: InvalidCommandError with the JSON path."""
    with pytest.raises(InvalidCommandError, match=problem) as error:
        command_from_json(text)
    assert error.value.where is not None
    assert error.value.where.startswith("$")


def test_a_seed_of_other_digits_is_refused() -> None:
    """Non-ASCII digits (Arabic-Indic here) are not a seed."""
    data = json.loads(to_json(Game.new(["Anna", "Ben"], seed=123).state))
    data["state"]["table"]["seed"] = "١٢٣"
    with pytest.raises(InvalidCommandError, match="seed"):
        state_from_json(data)


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda view: view["seats"][0].update(hand_size=-1), "negative"),
        (lambda view: view.update(edition="premium"), "edition"),
        (lambda view: view.update(viewer="Zed"), "viewer"),
        (lambda view: view["seats"][1].update(hand=["Guard"]), "closed hands"),
    ],
)
def test_views_no_table_shows_are_refused(change: Any, problem: str) -> None:
    """A negative hand size, an unknown edition or a viewer without a seat is refused."""
    data = json.loads(to_json(view_for(Game.new(["Anna", "Ben"], seed=3).state, "Anna")))
    change(data["view"])
    with pytest.raises(InvalidCommandError, match=problem):
        view_from_json(data)


def test_client_text_is_echoed_short_and_safe() -> None:
    """A lone surrogate or a megabyte-long name never makes the refusal unencodable or huge."""
    game = Game.new(["Anna", "Ben"], seed=1, first="Anna")
    for card in ("\ud800", "J" * 1_000_000):
        data = {"play": {"player": "Anna", "card": card}}
        with pytest.raises(LoveLetterError) as error:
            read_command(game, data)
        message = str(error.value)
        message.encode("utf-8")  # never raises
        assert len(message) < 400
        refusal = getattr(error.value, "refusal", None)
        if refusal is not None:
            assert refusal_from_json(to_json(refusal)) == refusal
    refusal = game.check(Play(player="\ud800" * 1000, card=Card.GUARD))
    assert refusal is not None
    assert len(refusal.message) < 400
    to_json(refusal).encode("utf-8")


@pytest.mark.parametrize(
    "build",
    [
        lambda: Play(player="Anna", card=Card.GUARD, target=5),  # type: ignore[arg-type]
        lambda: Play(player=None, card=Card.GUARD),  # type: ignore[arg-type]
        lambda: Play(player="Anna", card=7),  # type: ignore[arg-type]
        lambda: Deal(layout="x"),  # type: ignore[arg-type]
        lambda: Deal(first=3),  # type: ignore[arg-type]
        lambda: Choose(player="Anna", keep=Card.GUARD, returned=5),  # type: ignore[arg-type]
        lambda: Draw(player=["Anna"]),  # type: ignore[arg-type]
    ],
)
def test_wrongly_typed_commands_raise_invalid_command_error(build: Any) -> None:
    """A command built with the wrong types is malformed input, never a TypeError."""
    with pytest.raises(InvalidCommandError):
        build()


def test_unknown_names_asked_of_a_state_raise_the_librarys_error() -> None:
    """view_for(state, "Zed") and state.hand("Zed") raise UnknownPlayerError, a ValueError."""
    state = Game.new(["Anna", "Ben"], seed=1).state
    for ask in (lambda: view_for(state, "Zed"), lambda: state.hand("Zed"), lambda: state.seat(5)):  # type: ignore[arg-type]
        with pytest.raises(UnknownPlayerError):
            ask()
    assert issubclass(UnknownPlayerError, ValueError)


# -- no checked command leaves a game half-changed ----------------------------------------


@pytest.mark.parametrize("failure", [RuntimeError, KeyboardInterrupt])
def test_a_failure_inside_a_checked_apply_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, failure: type[BaseException]
) -> None:
    """Whatever raises in the middle of a checked apply, the game is as before the call."""
    game = Game.arranged({"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Prince"])
    before = game.state
    legal = list(game.legal_commands())
    events = game.events

    def broken(w: Any, actor: int, targets: tuple[int, ...], guess: object) -> None:
        w.hands[targets[0]] = ()  # half of an effect...
        w.draw_pile = ()
        raise failure("injected")

    monkeypatch.setitem(RULES, Card.PRINCE, attrs.evolve(RULES[Card.PRINCE], effect=broken))
    with pytest.raises(failure):
        game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert game.state == before
    assert list(game.legal_commands()) == legal
    assert game.events == events
    assert game.log == ()
    monkeypatch.undo()
    game.apply(Play(player="Anna", card=Card.PRINCE, target="Ben"))
    assert game.state.hand("Ben") != before.hand("Ben")


# -- hidden information in every output ---------------------------------------------------


def test_narration_never_names_a_card_its_listener_did_not_see() -> None:
    """Ben is not told the card Anna's Priest showed her; Anna is."""
    looked = HandSeen(player="Anna", target="Carla", card=Card.BARON)
    assert narrate(looked, you="Ben") == "Anna looks at Carla's hand."
    assert narrate(looked, you="Anna") == "You look at Carla's hand: the Baron."
    assert narrate(looked) == "Anna looks at Carla's hand."
    assert narrate_all([looked], you="Ben", language="fr") == ["Anna regarde la main de Carla."]
    assert narrate(looked, everything=True) == "Anna looks at Carla's hand: the Baron."


# -- a program's way back: undo and state_at ---------------------------------------------


def test_undo_takes_back_anything_and_state_at_goes_to_any_position() -> None:
    """Game.undo() steps back one command, whatever it showed; state_at(n) is position n."""
    game = Game.new(["Anna", "Ben", "Carla"], seed=12)
    rng = random.Random(12)
    states = [game.state]
    for _ in range(40):
        if game.over:
            break
        game.apply(rng.choice(game.legal_commands()))
        states.append(game.state)
    for count, state in enumerate(states):
        assert game.state_at(count) == state
    log = game.log
    while game.log:
        undone = game.undo()
        assert undone == log[len(game.log)]
        assert game.state == states[len(game.log)]
        assert list(game.legal_commands()) == list(
            Game.replay(game.setup, game.log).legal_commands()
        )  # type: ignore[arg-type]
    with pytest.raises(LoveLetterError, match="nothing to undo"):
        game.undo()
    with pytest.raises(LoveLetterError):
        game.state_at(1)


def test_undo_from_a_stored_state_goes_back_to_it() -> None:
    """A game made from a state undoes back to that state, not beyond."""
    start = Game.new(["Anna", "Ben"], seed=5)
    start.apply(start.legal_commands()[0])
    game = Game.from_state(start.state)
    game.apply(game.legal_commands()[0])
    game.undo()
    assert game.state == start.state
    with pytest.raises(LoveLetterError):
        game.undo()
