"""The host of one game: seats and tokens, every kind of refused message, the messages
each listener is sent (and only what it may know), storing and restoring."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from referencing import Registry, Resource

from loveletter import Card, Draw, Play, Reason, TakeBack, view_for
from loveletter.host import Accepted, Host, Rejected, hash_token
from loveletter.serialization import to_data
from loveletter.serialization.schemas import NAMES, schema
from loveletter.setup import Setup

_REGISTRY = Registry().with_resources(
    (f"{name}.schema.json", Resource.from_contents(schema(name))) for name in NAMES
)
_HOST = jsonschema.Draft202012Validator(schema("host"), registry=_REGISTRY)


def tokens_counted() -> Any:
    """Tokens a test can predict: token-0, token-1, ..."""
    count = iter(range(100))
    return lambda: f"token-{next(count)}"


def new_host(**options: Any) -> tuple[Host, dict[str, str]]:
    setup = Setup(
        players=("Anna", "Ben", "Carla"),
        edition="2019",
        seed=11,
        first="Anna",
        **options,
    )
    return Host.create(setup, token=tokens_counted())


def move(state: int, command: object) -> str:
    return json.dumps({"state": state, "command": command})


def first_legal(host: Host, seat: str) -> dict[str, Any]:
    legal: list[dict[str, Any]] = host.update(seat, "en", ())["legal"]
    return legal[0]


def test_each_seat_has_its_own_token_and_the_host_keeps_only_hashes() -> None:
    """Tokens come from the given source; the host and its stored form hold hashes only."""
    host, tokens = new_host()
    assert tokens == {"Anna": "token-0", "Ben": "token-1", "Carla": "token-2"}
    assert host.authenticate("Ben", "token-1")
    assert not host.authenticate("Ben", "token-0")
    assert not host.authenticate("Zed", "token-0")
    assert not host.authenticate("Ben", None)
    stored = host.stored()
    assert "token-1" not in stored
    assert hash_token("token-1") in stored


def test_a_message_over_the_limit_is_refused_before_it_is_read() -> None:
    """The size is checked first: even text that is not JSON is refused as too large."""
    host, _ = new_host()
    outcome = host.receive("Anna", "{" * (host.max_message + 1))
    assert isinstance(outcome, Rejected)
    assert outcome.error == "too_large"
    assert "4096" in outcome.message("en")
    assert "4096" in outcome.message("fr")


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        '{"state": 0}',
        '{"state": "0", "command": {"draw": "Anna"}}',
        '{"state": 0, "command": {"fly": "Anna"}}',
        '{"state": 0, "command": {"play": {"player": "Anna", "card": 1.5}}}',
    ],
)
def test_what_is_not_a_move_is_malformed(text: str) -> None:
    host, _ = new_host()
    outcome = host.receive("Anna", text)
    assert isinstance(outcome, Rejected)
    assert outcome.error == "malformed"
    assert host.state == 0


def test_another_seats_command_or_the_tables_own_is_forbidden() -> None:
    """Before any rule runs: a command of another player, and a deal, which the table sends."""
    host, _ = new_host()
    for command in (
        {"play": {"player": "Anna", "card": "Guard", "target": "Ben", "guess": "Priest"}},
        {"play": {"player": "Anna", "card": "Jester"}},  # no card, and not Ben's either
        {"deal": None},
    ):
        outcome = host.receive("Ben", move(0, command))
        assert isinstance(outcome, Rejected)
        assert outcome.error == "forbidden", command
    assert host.state == 0


def test_a_move_for_another_state_is_stale() -> None:
    """A move sent twice lands once; the second is refused with the game's state number."""
    host, _ = new_host()
    legal = first_legal(host, "Anna")
    first = host.receive("Anna", move(0, legal))
    assert isinstance(first, Accepted)
    again = host.receive("Anna", move(0, legal))
    assert isinstance(again, Rejected)
    assert (again.error, again.state) == ("stale", host.state)
    assert again.to_data()["state"] == host.state


def test_an_illegal_move_is_refused_in_the_listeners_language() -> None:
    """The referee's refusal, written for its sender in the language asked."""
    host, _ = new_host()
    hand = host.game.state.hand("Anna")
    absent = next(card for card in (Card.PRINCESS, Card.COUNTESS, Card.KING) if card not in hand)
    text = move(0, {"play": {"player": "Anna", "card": absent.value}})
    outcome = host.receive("Anna", text)
    assert isinstance(outcome, Rejected)
    assert outcome.error == "illegal"
    assert outcome.refusal is not None
    assert outcome.refusal.reason is Reason.CARD_NOT_IN_HAND
    english, french = outcome.to_data("en"), outcome.to_data("fr")
    assert english["message"].startswith("Your ")
    assert french["message"].startswith("Votre ")
    assert french["refusal"]["ruling"] == "LL19-TURN-DRAW-PLAY"
    _HOST.validate(english)
    _HOST.validate(french)


def test_messages_tell_each_listener_only_its_own_view_and_redacted_events() -> None:
    """An update carries the listener's view (its own hand, no one else's) and its events."""
    host, _ = new_host()
    outcome = host.receive("Anna", move(0, first_legal(host, "Anna")))
    assert isinstance(outcome, Accepted)
    state = host.game.state
    for listener in ("Anna", "Ben", "Carla", None):
        message = host.update(listener, "fr", outcome.events)
        _HOST.validate(message)
        if listener is not None:
            assert message["view"] == to_data(view_for(state, listener))["view"]
        for seat in message.get("view", {}).get("seats", []):
            if seat["player"] != listener:
                assert seat["hand"] is None, "another seat's hand leaked"
        told = [event for event in message["events"] if event["event"] == "CardDrawn"]
        assert all(event["card"] is None for event in told if event["player"] != listener)
    spectator = host.welcome(None, "en")
    assert spectator["view"] == to_data(view_for(host.game.state, None))["view"]
    assert all(seat["hand"] is None for seat in spectator["view"]["seats"])
    assert "legal" not in spectator
    assert "moves" not in spectator
    assert spectator["seats"] == ["Anna", "Ben", "Carla"]


def test_the_take_back_is_offered_while_it_may_be_sent() -> None:
    """At a table with the house remedy, the last mover is offered its take-back."""
    host, _ = new_host(remedy=True, auto_draw=False)
    assert host.update("Anna", "en", ())["take_back"] is None
    outcome = host.receive("Anna", move(0, {"draw": "Anna"}))
    assert isinstance(outcome, Accepted)  # a draw shows a card: not reversible
    assert host.update("Anna", "en", ())["take_back"] is None
    played = host.receive("Anna", move(1, first_legal(host, "Anna")))
    assert isinstance(played, Accepted)
    offer = host.update("Anna", "en", ())["take_back"]
    if host.game.check(TakeBack(player="Anna")) is None:
        assert offer == {"take_back": "Anna"}
    else:
        assert offer is None


def test_a_stored_host_comes_back_with_its_game_and_seats() -> None:
    """What :meth:`Host.stored` wrote restores the same game, tokens and state number."""
    host, tokens = new_host()
    host.receive("Anna", move(0, first_legal(host, "Anna")))
    again = Host.restore(host.stored())
    assert again.state == host.state
    assert again.game.state == host.game.state
    assert again.authenticate("Carla", tokens["Carla"])
    with pytest.raises(ValueError, match="stored host"):
        Host.restore('{"log": {}}')


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_whole_games_through_the_host_match_the_schema_and_the_referee(
    seed: int, data: st.DataObject
) -> None:
    """Seats play whole games through :meth:`Host.receive`; every message fits the schema,
    every accepted move is what the referee applied, and every refused one changed nothing."""
    rng = random.Random(seed)
    host, _ = Host.create(
        Setup(
            players=("Anna", "Ben"),
            edition=rng.choice(["2019", "classic"]),
            seed=seed,
            first="Anna",
            target=2,
        ),
        token=tokens_counted(),
    )
    while not host.game.over:
        seat = host.game.player_to_act
        assert seat is not None
        legal = host.update(seat, "en", ())["legal"]
        if data.draw(st.booleans()):  # now and then, someone else's move, or a stale one
            other = "Ben" if seat == "Anna" else "Anna"
            before = host.state
            wrong = host.receive(other, move(host.state, legal[0]))
            assert isinstance(wrong, Rejected)
            _HOST.validate(wrong.to_data())
            assert host.state == before
        choice = data.draw(st.sampled_from(legal))
        outcome = host.receive(seat, move(host.state, choice))
        assert isinstance(outcome, Accepted)
        assert to_data(host.game.log[outcome.state]) == choice
        _HOST.validate(host.update(seat, "fr", outcome.events))


def test_a_draw_command_of_the_wrong_seat_is_forbidden_even_when_legal_for_its_player() -> None:
    host, _ = new_host(auto_draw=False)
    assert host.game.is_legal(Draw(player="Anna"))
    outcome = host.receive("Carla", move(0, to_data(Draw(player="Anna"))))
    assert isinstance(outcome, Rejected)
    assert outcome.error == "forbidden"
    assert not host.game.is_legal(Play(player="Carla", card=Card.GUARD))


def test_a_move_typed_as_words_is_read_for_its_seat_and_refused_if_unclear() -> None:
    """``{"say": ...}``: the seat's words become its command; unclear words name their
    candidates; a deal, the table's own, is forbidden."""
    host, _ = new_host()
    hand = host.game.state.hand("Anna")
    typed = host.receive("Anna", json.dumps({"state": 0, "say": "p"}))
    assert isinstance(typed, Rejected)
    assert typed.error in ("unreadable", "illegal")
    card = hand[0]
    words = {"Guard": "guard ben priest", "Prince": "prince me"}.get(card.value, card.value)
    outcome = host.receive("Anna", json.dumps({"state": 0, "say": words}))
    if isinstance(outcome, Accepted):
        assert outcome.command.player == "Anna"  # type: ignore[union-attr]
    else:
        assert outcome.error == "illegal"
    unclear = host.receive("Anna", json.dumps({"state": host.state, "say": "zzz"}))
    assert isinstance(unclear, Rejected)
    assert unclear.error == "unreadable"
    _HOST.validate(unclear.to_data())
    dealt = host.receive("Anna", json.dumps({"state": host.state, "say": 5}))
    assert isinstance(dealt, Rejected)
    assert dealt.error == "malformed"


def leaves_of(steps: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """The commands at the leaves of a moves tree, as the message writes it."""
    for step in steps:
        if "command" in step:
            yield step["command"]
        yield from leaves_of(step.get("then", []))


def test_the_moves_tree_sent_holds_exactly_the_moves_listed() -> None:
    """Each update's moves tree has the listed commands (and the take-back) as its leaves."""
    host, _ = new_host(remedy=True, auto_draw=False)
    for _ in range(12):
        seat = host.game.player_to_act
        if seat is None:
            break
        message = host.update(seat, "en", ())
        leaves = list(leaves_of(message["moves"]["steps"]))
        expected = message["legal"] + (
            [] if message["take_back"] is None else [message["take_back"]]
        )
        assert sorted(map(json.dumps, leaves)) == sorted(map(json.dumps, expected))
        outcome = host.receive(seat, move(host.state, message["legal"][-1]))
        assert isinstance(outcome, Accepted)


def test_the_schemas_step_kinds_are_the_moves_trees() -> None:
    from loveletter.moves import StepKind
    from loveletter.serialization.schemas import STEP_KINDS

    assert tuple(kind.value for kind in StepKind) == STEP_KINDS
