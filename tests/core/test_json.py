"""JSON: round trips, the shipped schemas, and untrusted input that never crashes."""

from __future__ import annotations

import json
from typing import Any

import attrs
import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st
from referencing import Registry, Resource
from testkit import court_edition as court
from testkit.budgets import long_property
from testkit.game_strategies import games_in_progress
from testkit.tables import table

from loveletter import (
    EDITIONS,
    Card,
    Deal,
    Draw,
    Game,
    InvalidCommandError,
    Layout,
    Play,
    Reason,
    State,
)
from loveletter.consistency import inconsistencies
from loveletter.legal import written
from loveletter.serialization import (
    FORMAT_VERSION,
    command_from_json,
    event_from_json,
    from_json,
    log_from_json,
    read_command,
    state_from_json,
    to_data,
    to_json,
    view_from_json,
    written_words,
)
from loveletter.serialization.schemas import BUILT_IN, build, schema
from loveletter.views import redact, view_for

_SCHEMAS = build(EDITIONS.values())
"""The schemas of every registered edition's cards, the test edition's included."""

_REGISTRY = Registry().with_resources(
    (f"{name}.schema.json", Resource.from_contents(body)) for name, body in _SCHEMAS.items()
)


_SHIPPED = Registry().with_resources(
    (f"{name}.schema.json", Resource.from_contents(schema(name))) for name in _SCHEMAS
)


def validate(data: Any, name: str, shipped: bool = False) -> None:
    """Validate against the schemas of every registered edition, and against the shipped
    files too when ``shipped`` (a built-in edition's document)."""
    validator = jsonschema.Draft202012Validator(_SCHEMAS[name], registry=_REGISTRY)
    validator.validate(data)
    if shipped:
        jsonschema.Draft202012Validator(schema(name), registry=_SHIPPED).validate(data)


def test_shipped_schemas_are_up_to_date() -> None:
    """The schema files in the package are those the codecs generate for the built-in
    editions; the schemas of every registered edition are valid schemas too."""
    for name, body in build().items():
        assert schema(name) == json.loads(json.dumps(body)), f"regenerate {name}.schema.json"
        jsonschema.Draft202012Validator.check_schema(body)
    for body in _SCHEMAS.values():
        jsonschema.Draft202012Validator.check_schema(body)


def test_the_shipped_schemas_list_the_built_in_cards_only() -> None:
    """A card of the test edition is refused by the shipped schemas, accepted by its own."""
    command = to_data(Play(player="Anna", card=court.ROGUE, target="Ben"))
    shipped = jsonschema.Draft202012Validator(schema("command"))
    assert not shipped.is_valid(command)
    validate(command, "command")


@long_property(quick=25, full=150)
@given(games_in_progress())
def test_everything_round_trips_and_matches_its_schema(game: Game) -> None:
    """from_json(to_json(x)) == x for commands, events (full and redacted), states and
    views; what is written validates against the shipped schemas."""
    state = game.state
    shipped = state.edition in BUILT_IN
    for command in [*game.legal_commands(), *game.log[-3:]]:
        data = to_data(command)
        validate(data, "command", shipped)
        assert from_json(to_json(command)) == command
        assert command_from_json(to_json(command), state.edition) == command
    for event in game.events[-12:]:
        for viewer in [*state.players, None]:
            shown = redact(event, viewer)
            validate(to_data(shown), "event", shipped)
            assert event_from_json(to_json(shown)) == shown
        assert from_json(to_json(event)) == event
    assert state_from_json(to_json(state)) == state
    for viewer in [*state.players, None]:
        for open_hands in (False, True):
            view = view_for(state, viewer, open_hands=open_hands)
            validate(to_data(view), "view", shipped)
            assert view_from_json(to_json(view)) == view
    refusal = game.check(Draw(player="Nobody"))
    assert refusal is not None
    assert from_json(to_json(refusal)) == refusal


@given(games_in_progress())
def test_a_logged_game_replays_to_the_same_events(game: Game) -> None:
    """A game's log, written and read back, replays to identical events and state."""
    setup, commands = log_from_json(to_json(game))
    again = Game.replay(setup, commands)
    assert again.events == game.events
    assert again.state == game.state


def test_documents_carry_the_format_version() -> None:
    """Every document written says which format it is in; a command has one shape wherever
    it stands (alone, in a view's legal list, in a log), with no format of its own."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest"})
    for value in [game.state, game.events[0], view_for(game.state, "Anna"), game]:
        assert to_data(value)["format"] == FORMAT_VERSION  # type: ignore[arg-type]
    view = to_data(view_for(game.state, "Anna"))["view"]
    assert [to_data(command) for command in game.legal_commands()] == view["legal"]
    assert "format" not in to_data(Draw(player="Anna"))
    assert command_from_json('{"format": 1, "draw": "Anna"}') == Draw(player="Anna")
    with pytest.raises(InvalidCommandError, match="unsupported format 2"):
        state_from_json(json.dumps({**to_data(game.state), "format": 2}))


def test_the_seed_survives_readers_with_double_precision_numbers() -> None:
    """The seed is written as a string of digits, so no digit is lost in JavaScript."""
    game = Game.new(["Anna", "Ben"], seed=2**62 + 1)
    assert to_data(game.state)["state"]["table"]["seed"] == str(2**62 + 1)


def test_commands_accept_values_and_labels_with_an_edition() -> None:
    """Read with the edition, a card may be named by value or playing-card label."""
    classic = table(hands={"Anna": "Guard", "Ben": "Priest"}, edition_name="classic")
    text = '{"play": {"player": "Anna", "card": "1", "target": "Ben", "guess": 7}}'
    command = command_from_json(text, classic.state.edition)
    assert command == Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.COUNTESS)
    assert command_from_json('{"play": {"player": "Anna", "card": "Q♥"}}').card is Card.PRINCESS
    with pytest.raises(InvalidCommandError):
        command_from_json('{"play": {"player": "Anna", "card": "7"}}')  # a value needs an edition


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("{", "$", "not valid JSON"),
        ("[]", "$", "expected a command object"),
        ('{"play": {"player": "Anna"}}', "$.play", "missing key 'card'"),
        (
            '{"play": {"player": "Anna", "card": "Guard", "colour": 1}}',
            "$.play",
            "unknown key 'colour'",
        ),
        ('{"play": {"player": 7, "card": "Guard"}}', "$.play.player", "expected a player's name"),
        ('{"play": {"player": "Anna", "card": "Jester"}}', "$.play.card", "'Jester' is not a card"),
        (
            '{"choose": {"player": "Anna", "keep": "Spy", "return": "Guard"}}',
            "$.choose.return",
            "expected a list",
        ),
        ('{"dance": "Anna"}', "$", "unknown command 'dance'"),
        ('{"draw": "Anna", "play": {}}', "$", "expected one of"),
        ('{"deal": {"set_aside": "Spy"}}', "$.deal", "missing key 'hands'"),
        ('{"format": 9, "draw": "Anna"}', "$.format", "unsupported format"),
    ],
)
def test_malformed_commands_say_what_is_wrong_and_where(
    text: str, where: str, message: str
) -> None:
    """A malformed command raises InvalidCommandError naming the place and the problem."""
    with pytest.raises(InvalidCommandError) as raised:
        command_from_json(text)
    assert raised.value.where == where
    assert message in str(raised.value)


def test_an_unknown_card_name_carries_its_reason() -> None:
    """A name that is no card is malformed input with the reason UNKNOWN_CARD (in a deal,
    BAD_DEAL)."""
    with pytest.raises(InvalidCommandError) as raised:
        command_from_json('{"play": {"player": "Anna", "card": "Jester"}}')
    assert raised.value.reason is Reason.UNKNOWN_CARD
    with pytest.raises(InvalidCommandError) as raised:
        command_from_json('{"deal": {"set_aside": "Jester", "hands": {}, "draw_pile": []}}')
    assert raised.value.reason is Reason.BAD_DEAL


def _corrupt(state: State) -> list[tuple[str, State]]:
    seat = state.to_act if state.to_act >= 0 else 0
    other = (seat + 1) % len(state.players)
    hands = list(state.hands)
    hands[other] = (*hands[other], Card.GUARD)
    return [
        ("the cards are not the deck", attrs.evolve(state, hands=tuple(hands))),
        ("the cards are not the deck", attrs.evolve(state, draw_pile=state.draw_pile[1:])),
        ("Anna holds 2 cards", attrs.evolve(state, to_act=-1)),
        (
            "knocked out but holds a card",
            attrs.evolve(state, out=tuple(s == seat for s in range(len(state.players)))),
        ),
        (
            "reached the target",
            attrs.evolve(state, tokens=(state.table.target, *state.tokens[1:])),
        ),
    ]


@pytest.mark.parametrize("index", range(5))
def test_inconsistent_stored_states_are_refused(index: int) -> None:
    """A stored state the rules cannot reach is refused, and says why."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Handmaid"])
    message, broken = _corrupt(game.state)[index]
    data = to_data(broken)
    with pytest.raises(InvalidCommandError, match=message):
        state_from_json(json.dumps(data))
    with pytest.raises(Exception, match=message):
        Game.from_state(broken)


def refusal_text(read: Any, text: str) -> str:
    """The message of the InvalidCommandError ``read(text)`` raises; empty if it reads."""
    try:
        read(text)
    except InvalidCommandError as error:
        return str(error) or "refused"
    return ""


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)


@given(json_values)
def test_random_json_never_crashes_a_reader(value: object) -> None:
    """Arbitrary JSON raises InvalidCommandError at worst, from every reader."""
    text = json.dumps(value)
    for read in (
        from_json,
        command_from_json,
        event_from_json,
        state_from_json,
        view_from_json,
        log_from_json,
    ):
        assert "unreadable input" not in refusal_text(read, text)


def _mutations(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every place in ``data`` (a JSON value), with its value."""
    places = [(path, data)]
    if isinstance(data, dict):
        for key, value in data.items():
            places += _mutations(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            places += _mutations(value, (*path, index))
    return places


def _replace(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return copy


_DELETE = object()


@given(games_in_progress(most=40), st.data())
def test_mutated_documents_are_read_or_refused_never_half_built(
    game: Game, data: st.DataObject
) -> None:
    """A stored state or view with one value changed is either read whole and consistent,
    or refused with InvalidCommandError."""
    for document, read in (
        (to_data(game.state), state_from_json),
        (to_data(view_for(game.state, None)), view_from_json),
    ):
        places = _mutations(document)
        path, _ = data.draw(st.sampled_from(places))
        value = data.draw(
            st.sampled_from([_DELETE, None, -1, "Jester", "Guard", [], {}, True, "Anna"])
        )
        if value is _DELETE and (not path or isinstance(path[-1], int)):
            continue
        broken = _replace(document, path, value)
        problem = refusal_text(read, json.dumps(broken))
        if problem:
            assert "unreadable input" not in problem
            continue
        result = read(json.dumps(broken))
        if isinstance(result, State):
            assert inconsistencies(result) == []
        else:
            validate(to_data(result), "view")
        assert read(to_json(result)) == result


def test_a_deal_without_layout_round_trips() -> None:
    """{"deal": null} is the seeded deal; a deal with a layout keeps every card in place."""
    assert from_json('{"deal": null, "first": "Ben"}') == Deal(first="Ben")
    layout = Layout(
        set_aside="Spy", hands={"Anna": "Guard"}, draw_pile=["Priest"], face_up=["King"]
    )
    assert from_json(to_json(Deal(layout=layout))) == Deal(layout=layout)


@long_property(quick=10, full=150)
@given(games_in_progress())
def test_a_listed_command_read_from_its_json_is_the_listed_object(game: Game) -> None:
    """The server's path: every listed command, read back from the JSON the library writes
    for it, is the very object the referee lists (so it needs no check), and its words are
    the ones the reader finds; any other spelling is read in full, equal to it."""
    legal = game.legal_commands()
    for command in legal:
        data = to_data(command)
        assert written_words(data) == written(command)
        assert read_command(game, to_json(command)) is command
        if isinstance(command, Play):
            other = {"play": {**data["play"], "card": str(command.card).lower()}}
            assert written_words(other) is not None
            again = read_command(game, json.dumps(other))
            assert again == command
            assert game.legal_commands().lists(again)
