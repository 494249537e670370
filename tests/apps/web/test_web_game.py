"""The web table as a game (issue 37, the server's half): the board after every step, a
round's end as it ended, spectators who see the public view only, a turn timer with a bot
standing in, seat names checked as a reader sees them, tokens with the Spy's, and welcomes
whose size does not grow with the game.

Through Starlette's test client; every table is dealt from the tests' seed; no time is
measured (a timer that has run out is made so by moving its start back).
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")

with warnings.catch_warnings():  # starlette warns on import of its test client with httpx
    warnings.filterwarnings("ignore", "Using .httpx. with .starlette.testclient")
    from starlette.testclient import TestClient
from testkit.web_server import hello_text, move, seeded_app, until_closed, wait_for

from loveletter.apps.web.limits import Limits
from loveletter.apps.web.names import check_names, clusters, skeleton
from loveletter.events import EVENT_CLASSES, TokenAwarded, hidden_fields
from loveletter.host import STORY_PAGE, SUMMED_ROUNDS, Host
from loveletter.serialization import to_data
from loveletter.views import redact, view_for

HIDDEN = {cls.__name__: hidden_fields(cls) for cls in EVENT_CLASSES}
"""Each event class's fields that hold hidden cards."""


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return seeded_app(tmp_path / "tables.sqlite3", bots=["heuristic", "random"])


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:
        yield client


def create(client: TestClient, **options: Any) -> dict[str, Any]:
    body = {"players": ["Anna"], "bots": ["heuristic", "random"], "target": 2, **options}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def watch(socket: Any, secret: str, language: str = "en") -> dict[str, Any]:
    socket.send_text(json.dumps({"hello": {"spectator": secret, "language": language}}))
    message: dict[str, Any] = socket.receive_json()
    return message


def no_card(value: Any) -> bool:
    """Whether a hidden field of an event, as JSON, names no card."""
    if isinstance(value, dict):
        return all(card is None for card in value.values())
    if isinstance(value, list):
        return all(card is None for card in value)
    return value is None


def shows(message: dict[str, Any]) -> bool:
    return message["type"] in ("welcome", "update")


def play_to_the_end(anna: Any, others: list[Any]) -> tuple[list[dict[str, Any]], list[list]]:
    """Anna plays her first move each turn until the game ends; every message to Anna,
    and to each of ``others`` (read after each of hers, up to the same state)."""
    mine: list[dict[str, Any]] = [anna.receive_json()]
    theirs: list[list[dict[str, Any]]] = [[socket.receive_json()] for socket in others]
    for _ in range(400):
        latest = mine[-1]
        if latest["view"]["game_winners"]:
            break
        if latest["view"]["to_act"] == "Anna" and latest.get("moves", {}).get("steps"):
            anna.send_text(move(latest))
        mine.append(anna.receive_json())
        while not shows(mine[-1]):
            mine.append(anna.receive_json())
        for socket, seen in zip(others, theirs, strict=True):
            while not seen or not shows(seen[-1]) or seen[-1]["state"] < mine[-1]["state"]:
                seen.append(socket.receive_json())
    else:
        pytest.fail("the game did not end in 400 messages")
    return mine, theirs


# -- the board after every step ------------------------------------------------------------


def test_every_update_is_drawn_step_by_step_with_the_board_after_each(
    app: Any, client: TestClient
) -> None:
    """Each update's steps are the commands since the last message, in order, their
    events and sentences those of the update; each step's view is the seat's view of the
    state after that command, the last one the update's own. A round's end is its own
    step, with the board as the round ended (the set-aside card shown, phase
    ``round-over``), and the next round's deal is the step after it."""
    answer = create(client, target=4)
    table_id = answer["table"]
    with client.websocket_connect(f"/ws/{table_id}") as anna:
        anna.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
        messages, _ = play_to_the_end(anna, [])
    game = app.state.hub.table(table_id).game
    previous = messages[0]["state"]
    round_ends = 0
    for message in messages[1:]:
        if message["type"] != "update":
            continue
        steps = message["steps"]
        assert [step["state"] for step in steps] == list(range(previous + 1, message["state"] + 1))
        assert [e for step in steps for e in step["events"]] == message["events"]
        assert [line for step in steps for line in step["narration"]] == message["narration"]
        assert steps[-1]["view"] == message["view"]
        for index, step in enumerate(steps):
            truth = to_data(view_for(game.state_at(step["state"]), "Anna"))["view"]
            assert step["view"] == truth, step["state"]
            if any(event["event"] == "RoundEnded" for event in step["events"]):
                round_ends += 1
                assert step["view"]["phase"] in ("round-over", "game-over")
                assert step["view"]["set_aside"] is not None
                if index + 1 < len(steps):
                    assert steps[index + 1]["kind"] == "deal"
        previous = message["state"]
    assert round_ends >= 2  # a game to 4 tokens has two rounds at least


# -- spectators ----------------------------------------------------------------------------


def test_a_spectator_sees_the_public_view_and_no_hidden_card(app: Any, client: TestClient) -> None:
    """Every message a spectator is sent, a whole game long, carries no hidden card: no
    hand in any view, every hidden field of every event empty, no moves; a move it sends
    is refused and changes nothing."""
    answer = create(client)
    table_id, secret = answer["table"], answer["spectator"]["token"]
    assert answer["spectator"]["link"] == f"/?table={table_id}&lang=en#watch={secret}"
    with (
        client.websocket_connect(f"/ws/{table_id}") as anna,
        client.websocket_connect(f"/ws/{table_id}") as spectator,
    ):
        welcome = watch(spectator, secret)
        assert (welcome["listener"], welcome["spectator"]) == (None, True)
        assert "watch" not in welcome
        spectator.send_text(json.dumps({"state": welcome["state"], "command": {"draw": "Anna"}}))
        refused = spectator.receive_json()
        assert refused["error"] == "forbidden"
        anna.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
        _, (seen,) = play_to_the_end(anna, [spectator])
    messages = [welcome, *seen]
    assert len(messages) > 5
    game = app.state.hub.table(table_id).game
    public = {json.dumps(to_data(redact(event, None)), sort_keys=True) for event in game.events}
    for message in messages:
        if not shows(message):
            continue
        assert {"legal", "moves", "take_back"}.isdisjoint(message)
        views = [message["view"], *(step["view"] for step in message.get("steps", ()))]
        for view in views:
            assert view["viewer"] is None
            assert all(seat["hand"] is None for seat in view["seats"]), "a hand leaked"
        events = [*message["events"], *(e for s in message.get("steps", ()) for e in s["events"])]
        for event in events:
            for field in HIDDEN[event["event"]]:
                assert no_card(event[field]), (event, field)
            assert json.dumps(event, sort_keys=True) in public


def test_a_wrong_spectator_secret_is_refused_4401(client: TestClient) -> None:
    """A spectator's hello with another secret (a seat's token included) is closed 4401."""
    answer = create(client)
    for secret in ("nope", answer["seats"]["Anna"]["token"], 7):
        with client.websocket_connect(f"/ws/{answer['table']}") as socket:
            socket.send_text(json.dumps({"hello": {"spectator": secret}}))
            messages, code = until_closed(socket)
        assert (messages[-1]["error"], code) == ("unauthorized", 4401)


def test_a_seat_is_given_the_spectator_secret_to_share(client: TestClient) -> None:
    """A seat's welcome holds the table's spectator secret; the spectator's does not."""
    answer = create(client)
    with client.websocket_connect(f"/ws/{answer['table']}") as anna:
        anna.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
        welcome = anna.receive_json()
    assert welcome["watch"] == answer["spectator"]["token"]


# -- the turn timer ------------------------------------------------------------------------


def test_a_bot_plays_for_a_person_whose_time_ran_out_until_they_are_back(
    app: Any, client: TestClient
) -> None:
    """At a table with a turn timer, once the time of the person to act has run out a
    bot plays for them, and everyone is told who is stood in for; each step it plays is
    marked. When they say they are back, everyone is told, and their turns are theirs."""
    answer = client.post(
        "/api/tables", json={"players": ["Anna", "Ben"], "target": 3, "turn_timer": 15}
    ).json()
    table_id, seats = answer["table"], answer["seats"]
    hub = app.state.hub
    with ExitStack() as stack:
        sockets = {}
        for seat in ("Anna", "Ben"):
            sockets[seat] = stack.enter_context(client.websocket_connect(f"/ws/{table_id}"))
            sockets[seat].send_text(hello_text(seat, seats[seat]["token"]))
            welcome = sockets[seat].receive_json()
        assert welcome["timer"]["seconds"] == 15
        late = welcome["timer"]["to_act"]
        assert late in ("Anna", "Ben")
        other = "Ben" if late == "Anna" else "Anna"
        hub.tables[table_id].turn_began -= 100  # as if 100 s had gone by
        told = wait_for(
            lambda: next(
                m for m in iter(sockets[other].receive_json, None) if m["type"] == "timer"
            ),
            "the table to say a bot stands in",
        )
        assert told["timer"]["stood_in"] == [late]
        update = sockets[other].receive_json()
        while update["type"] != "update":
            update = sockets[other].receive_json()
        played = [step for step in update["steps"] if step["actor"] == late]
        assert played
        assert all(step["stood_in"] for step in played)
        assert update["view"]["to_act"] == other
        sockets[late].send_text(json.dumps({"back": True}))
        back = next(m for m in iter(sockets[other].receive_json, None) if m["type"] == "timer")
        assert back["timer"]["stood_in"] == []
    assert hub.table(table_id).stood_in == [], (late, hub.table(table_id).stood_in)


def test_a_turn_timer_is_15_to_3600_seconds(client: TestClient) -> None:
    """A turn timer out of bounds, or not a whole number, is refused 400."""
    for timer in (14, 3601, 60.5, "60", True):
        response = client.post("/api/tables", json={"players": ["Anna"], "turn_timer": timer})
        assert response.status_code == 400, timer
        assert "turn timer" in response.json()["error"]


# -- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "bots", "code"),
    [
        (["Anna", "\u0410nna"], [], "name_taken"),  # a Cyrillic capital A
        (["Anna", "ANNA"], [], "name_taken"),
        (["Ben", "\uff42\uff45\uff4e"], [], "name_taken"),  # full-width letters
        (["Heuristic b0t"], ["heuristic"], "name_taken"),
        (["Heuristic bot 2"], ["heuristic"], "name_taken"),
        (["Robot heuristique"], [], "name_taken"),  # a bot's French name, none seated
        (["A\u0301\u0302\u0303"], [], "name_marks"),
        (["a" + "\u0301" * 23], [], "name_marks"),
        (["x" * 25], [], "name_length"),
        (["An\x07na"], [], "name_text"),
        (["An\u200bna", "Anna"], [], "name_text"),  # a zero-width space: not printable
    ],
)
def test_look_alike_and_smeared_names_are_refused(
    client: TestClient, players: list[str], bots: list[str], code: str
) -> None:
    """A seat's name that looks like another seat's or a bot's, carries too many marks, or
    is too long as a reader counts it is refused 400 with its code, in English and French."""
    said = {}
    for language in ("en", "fr"):
        body = {"players": [*players, "Zed"], "bots": bots, "language": language}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, (players, response.text)
        assert response.json()["code"] == code
        said[language] = response.json()["error"]
    assert said["en"] != said["fr"]
    assert "seat" in said["en"] or "bot" in said["en"]
    assert "place" in said["fr"] or "robot" in said["fr"] or "nom" in said["fr"]


def test_names_with_accents_count_as_a_reader_counts_them(client: TestClient) -> None:
    """24 letters each with a combining accent (48 code points) is 24 characters: taken;
    two marks on a letter are allowed; names unlike each other are all taken."""
    accented = "e\u0301" * 24
    assert len(clusters(accented)) == 24
    body = {"players": [accented, "Zoe\u0308\u0301", "Anna", "Bea"], "bots": ["heuristic"]}
    assert client.post("/api/tables", json=body).status_code == 200


def test_a_skeleton_folds_case_width_marks_and_look_alikes() -> None:
    """The skeleton is what a name looks like: case, width, marks, invisible characters and
    look-alike letters aside; different names keep different skeletons."""
    assert skeleton("\u0410\u043d\u043d\u0430") == skeleton("ahha")  # Cyrillic
    assert skeleton("Anna") != skeleton("Anne")
    assert skeleton("rn") == skeleton("m")
    check_names(["Anna", "Ben", "Carla"], ["Heuristic bot"])


# -- tokens --------------------------------------------------------------------------------


def test_tokens_say_how_many_each_player_has_and_how_many_a_spy_won() -> None:
    """Every message's ``tokens`` count each player's tokens and their Spy's, as the events
    award them: a page writes "3 of 3", one marked as the Spy's."""
    for seed in range(200):
        host, _ = Host.new(["A", "B", "C", "D"], seed=seed, target=3)
        choices = random.Random(seed)
        while not host.game.over:
            host.apply(choices.choice(list(host.game.legal_commands())))
        awards = [event for event in host.game.events if isinstance(event, TokenAwarded)]
        if any(award.reason.value == "spy" for award in awards):
            break
    else:
        pytest.fail("no game of 200 had a Spy's token")
    tokens = host.welcome("A", "en")["tokens"]
    assert tokens["target"] == 3
    for player, counted in tokens["players"].items():
        mine = [award for award in awards if award.player == player]
        assert counted["tokens"] == (mine[-1].tokens if mine else 0)
        assert counted["spy"] == sum(award.reason.value == "spy" for award in mine)
    assert sum(counted["spy"] for counted in tokens["players"].values()) >= 1


# -- welcomes ------------------------------------------------------------------------------


def long_game(target: int = 7) -> Host:
    """A 6-player game to ``target`` tokens, played to its end by random choices (seeded)."""
    host, _ = Host.new([f"P{i}" for i in range(6)], seed=5, target=target, edition="2019")
    choices = random.Random(5)
    while not host.game.over:
        host.apply(choices.choice(list(host.game.legal_commands())))
    return host


def test_a_welcome_is_at_most_64_kib_however_long_the_game() -> None:
    """A welcome holds the current round and a summary of those before: under 64 KiB at
    every moment of a long game, for every listener, where the whole story is more."""
    host = long_game()
    whole = json.dumps([to_data(redact(e, "P0")) for e in host.game.events])
    assert len(whole.encode()) > 64 * 1024  # the whole story would not fit
    for listener in (*host.game.table.players, None):
        welcome = host.welcome(listener, "fr")
        assert len(json.dumps(welcome).encode()) <= 64 * 1024
        assert len(welcome["rounds"]) == host.game.state.round_number - 1
    longest = long_game(target=20)  # the longest target a web table may set
    rounds = longest.game.state.round_number
    welcome = longest.welcome("P0", "fr")
    assert len(json.dumps(welcome).encode()) <= 64 * 1024
    assert len(welcome["rounds"]) == min(rounds - 1, SUMMED_ROUNDS)
    assert welcome["rounds"][-1]["round"] == rounds - 1


def test_the_story_comes_back_whole_a_page_at_a_time() -> None:
    """The pages of the story, from the first, hold every event redacted for the listener
    and told, at most a page's worth each."""
    host = long_game()
    events, lines, start = [], [], 0
    while start is not None:
        page = host.story("P1", "en", start)
        assert len(page["events"]) <= STORY_PAGE
        assert page["start"] == start
        events += page["events"]
        lines += page["narration"]
        start = page["next"]
    assert events == [to_data(redact(event, "P1")) for event in host.game.events]
    assert len(lines) == len(events)


def test_a_page_of_the_story_is_asked_for_on_the_websocket(client: TestClient) -> None:
    """``{"story": {...}}`` is answered with a page; a start or count that is no number
    is read as 0 and a full page."""
    answer = create(client)
    with client.websocket_connect(f"/ws/{answer['table']}") as anna:
        anna.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
        welcome = anna.receive_json()
        anna.send_text(json.dumps({"story": {"start": 0, "count": 2}}))
        page = anna.receive_json()
        anna.send_text(json.dumps({"story": {"start": "x", "count": None}}))
        whole = anna.receive_json()
    assert (page["type"], page["start"], len(page["events"])) == ("story", 0, 2)
    assert whole["total"] == welcome["total"]
    assert whole["events"][:2] == page["events"]


def test_an_address_asking_for_too_many_bytes_is_closed_4429(tmp_path: Path) -> None:
    """Welcomes and pages of the story cost their bytes: past ``address_bytes`` (with a
    burst of 3 s of it), a connection is closed with 4429 instead of being welcomed."""
    app = seeded_app(tmp_path / "t.sqlite3", limits=Limits(address_bytes=2000))
    firsts = []
    with TestClient(app) as client:
        answer = create(client)
        for _ in range(10):
            with client.websocket_connect(f"/ws/{answer['table']}") as socket:
                socket.send_text(hello_text("Anna", answer["seats"]["Anna"]["token"]))
                first = socket.receive_json()
                firsts.append(first["type"])
                if first["type"] == "refused":
                    code = until_closed(socket)[1]
                    break
        else:
            pytest.fail("ten welcomes at once were all sent")
    assert (first["error"], code) == ("rate limited", 4429)
