"""The web table's server without a browser: Starlette's test client over websockets."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
pytestmark = pytest.mark.filterwarnings("ignore:Using .httpx. with .starlette.testclient")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from loveletter import Card, Game  # noqa: E402
from loveletter.web.app import create_app  # noqa: E402
from loveletter.web.tables import MAX_MESSAGE, Table, hash_token  # noqa: E402


def new_table(client: TestClient, **options: Any) -> dict[str, Any]:
    body = {"players": ["Anna", "Ben"], "bots": ["random"], "target": 1, **options}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def hello(socket: Any, seat: str, token: str, language: str = "en") -> dict[str, Any]:
    socket.send_text(json.dumps({"hello": {"seat": seat, "token": token, "language": language}}))
    message: dict[str, Any] = socket.receive_json()
    return message


def seed_of(app: Any, table: str) -> str:
    table_: Table = app.state.hub.table(table)
    return str(table_.game.state.table.seed)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app(tmp_path / "tables.sqlite3")


def test_the_page_and_its_files_are_served(app: Any) -> None:
    """The page, its script and its style come from the package, with a strict CSP."""
    client = TestClient(app)
    page = client.get("/")
    assert page.status_code == 200
    assert "aria-live" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/table.js").status_code == 200
    assert client.get("/static/table.css").status_code == 200


def test_creating_a_table_gives_each_person_a_secret_link(app: Any) -> None:
    """Each person gets a token and a link; bots get neither; the seed is not in the answer."""
    client = TestClient(app)
    answer = new_table(client)
    assert set(answer["seats"]) == {"Anna", "Ben"}
    assert answer["bots"] == ["Random bot"]
    anna = answer["seats"]["Anna"]
    assert anna["link"].endswith(f"#token={anna['token']}")
    assert seed_of(app, answer["table"]) not in json.dumps(answer)


@pytest.mark.parametrize(
    "body",
    [
        {"players": []},
        {"players": ["Anna", "Anna"]},
        {"players": ["Anna"], "bots": ["nobody"]},
        {"players": ["A" * 40, "Ben"]},
        {"players": ["Anna", "Ben"], "edition": "1066"},
        {"players": ["Anna", "Ben"], "target": 0},
        {"players": ["Anna"]},
    ],
)
def test_a_table_that_cannot_be_set_up_is_refused(app: Any, body: dict[str, Any]) -> None:
    """A table the rules or the server cannot seat gets a 400 and a message."""
    response = TestClient(app).post("/api/tables", json=body)
    assert response.status_code == 400
    assert response.json()["error"]


def test_a_large_request_is_refused_before_it_is_read(app: Any) -> None:
    """A creation request over the cap gets 413."""
    response = TestClient(app).post(
        "/api/tables", content=b'{"players": ["' + b"A" * 10_000 + b'"]}'
    )
    assert response.status_code == 413


@pytest.mark.parametrize(
    ("seat", "token"), [("Anna", "wrong"), ("Random bot", ""), ("Carla", "x"), (1, 2)]
)
def test_a_wrong_token_closes_the_connection(app: Any, seat: Any, token: Any) -> None:
    """Without the seat's own token, a connection is told nothing and closed."""
    client = TestClient(app)
    answer = new_table(client)
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        reply = hello(socket, seat, token)
        assert reply == {
            "type": "refused",
            "error": "unauthorized",
            "message": "no such table, seat or token",
        }
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4401


def test_another_seats_token_does_not_open_a_seat(app: Any) -> None:
    """Ben's token does not open Anna's seat, nor an unknown table."""
    client = TestClient(app)
    answer = new_table(client)
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        assert hello(socket, "Anna", answer["seats"]["Ben"]["token"])["error"] == "unauthorized"
    with client.websocket_connect("/ws/no-such-table") as socket:
        assert hello(socket, "Anna", answer["seats"]["Anna"]["token"])["error"] == "unauthorized"


def play_until_turn(socket: Any, message: dict[str, Any], seat: str) -> dict[str, Any]:
    """Messages until it is ``seat``'s turn (or the game is over)."""
    while message["view"]["to_act"] != seat and not message["view"]["game_winners"]:
        message = socket.receive_json()
    return message


def test_each_seat_sees_only_its_own_hand_and_never_the_seed(app: Any) -> None:
    """Views and events name no card of another hand; no message carries the seed."""
    client = TestClient(app)
    answer = new_table(client, bots=[])
    table_id = answer["table"]
    game = app.state.hub.table(table_id).game
    seed = seed_of(app, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        welcome = hello(socket, "Anna", answer["seats"]["Anna"]["token"])
    assert welcome["type"] == "welcome"
    seats = {seat["player"]: seat for seat in welcome["view"]["seats"]}
    assert seats["Anna"]["hand"] == [card.name.capitalize() for card in game.state.hand("Anna")]
    assert seats["Ben"]["hand"] is None
    started = welcome["events"][0]
    assert started["event"] == "RoundStarted"
    assert started["hands"]["Ben"] is None
    assert started["hands"]["Anna"] is not None
    assert seed not in json.dumps(welcome)
    assert "seed" not in json.dumps(welcome)
    assert welcome["narration"]


def test_a_command_for_another_seat_is_refused_before_the_referee(app: Any) -> None:
    """Ben's command for Anna is forbidden whatever Anna holds, and changes nothing."""
    client = TestClient(app)
    answer = new_table(client, bots=[])
    table_id = answer["table"]
    table = app.state.hub.table(table_id)
    before = table.log_json()
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        hello(socket, "Ben", answer["seats"]["Ben"]["token"])
        replies = []
        for card in ("Princess", "Guard", "Jester"):
            socket.send_text(json.dumps({"play": {"player": "Anna", "card": card}}))
            replies.append(socket.receive_json())
        socket.send_text('{"deal": null}')
        replies.append(socket.receive_json())
    assert all(
        reply
        == {
            "type": "refused",
            "error": "forbidden",
            "message": "Ben may only send their own commands",
        }
        for reply in replies
    )
    assert table.log_json() == before


def test_a_message_over_the_cap_is_refused_before_it_is_parsed(app: Any) -> None:
    """A long message, or binary, is refused and changes nothing."""
    client = TestClient(app)
    answer = new_table(client, bots=[])
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        hello(socket, "Anna", answer["seats"]["Anna"]["token"])
        socket.send_text('{"draw": "' + "A" * MAX_MESSAGE + '"}')
        assert socket.receive_json()["error"] == "too large"
        socket.send_bytes(b"{}")
        assert socket.receive_json()["error"] == "malformed"
        socket.send_text("{not json")
        assert socket.receive_json()["error"] == "malformed"


def test_an_illegal_command_gets_the_referees_refusal(app: Any) -> None:
    """A card the seat does not hold is refused with the referee's reason and message."""
    client = TestClient(app)
    answer = new_table(client, bots=[])
    table = app.state.hub.table(answer["table"])
    actor = table.game.state.player_to_act
    held = {card.name.capitalize() for card in table.game.state.hand(actor)}
    missing = next(card for card in ("Princess", "Countess", "King", "Baron") if card not in held)
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        hello(socket, actor, answer["seats"][actor]["token"])
        socket.send_text(json.dumps({"play": {"player": actor, "card": missing}}))
        reply = socket.receive_json()
    assert reply["error"] == "illegal"
    assert reply["refusal"]["reason"] == "CARD_NOT_IN_HAND"
    assert reply["message"] == f"Your {missing}: you do not hold a {missing}"


def test_a_whole_game_is_played_and_survives_a_restart(tmp_path: Path) -> None:
    """Two people and a bot play to the end; a new server on the same database carries on,
    and a reconnecting seat gets its view back."""
    database = tmp_path / "tables.sqlite3"
    client = TestClient(create_app(database))
    answer = new_table(client, target=2)
    table_id = answer["table"]
    tokens = {seat: info["token"] for seat, info in answer["seats"].items()}
    moves = 0
    restarted = False
    while True:
        if moves == 1 and not restarted:  # restart (two rounds: two moves at least)
            client = TestClient(create_app(database))
            restarted = True
        table = client.app.state.hub.table(table_id)  # type: ignore[attr-defined]
        state = table.game.state
        if state.game_over:
            break
        actor = state.player_to_act
        with client.websocket_connect(f"/ws/{table_id}") as socket:
            welcome = hello(socket, actor, tokens[actor])
            assert welcome["view"]["to_act"] == actor
            assert welcome["moves"], welcome
            socket.send_text(json.dumps(welcome["moves"][0]["command"]))
            update = socket.receive_json()
            assert update["type"] == "update", update
            assert update["events"]
        moves += 1
        assert moves < 300
    assert restarted
    assert state.game_winners
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        final = hello(socket, "Anna", tokens["Anna"])
    assert final["view"]["game_winners"] == list(state.game_winners)


def test_the_other_seat_is_sent_its_own_update(app: Any) -> None:
    """When Anna plays, Ben's connection gets an update redacted for Ben, in his language."""
    with TestClient(app) as client:  # one event loop for both connections
        check_the_other_seats_update(app, client)


def check_the_other_seats_update(app: Any, client: TestClient) -> None:
    answer = new_table(client, bots=[], language="en")
    table = app.state.hub.table(answer["table"])
    actor = table.game.state.player_to_act
    other = next(seat for seat in ("Anna", "Ben") if seat != actor)
    with (
        client.websocket_connect(f"/ws/{answer['table']}") as mine,
        client.websocket_connect(f"/ws/{answer['table']}") as theirs,
    ):
        welcome = hello(mine, actor, answer["seats"][actor]["token"])
        hello(theirs, other, answer["seats"][other]["token"], language="fr")
        mine.send_text(json.dumps(welcome["moves"][0]["command"]))
        update = theirs.receive_json()
        mine.receive_json()
    assert update["seat"] == other
    assert update["language"] == "fr"
    seats = {seat["player"]: seat for seat in update["view"]["seats"]}
    assert seats[actor]["hand"] is None
    assert all(
        event.get("card") is None
        for event in update["events"]
        if event["event"] == "CardDrawn" and event["player"] == actor
    )
    assert update["narration"]


def test_a_remedy_table_offers_the_take_back() -> None:
    """At a house-remedy table, a move nobody learned from may be taken back until the
    next draw: the mover is offered the take-back, the next player their draw."""
    game = Game.arranged(
        {"Anna": "Handmaid", "Ben": "Guard"}, pile=["Guard", "Priest"], remedy=True, auto_draw=False
    )
    table = Table(
        game, tokens={"Anna": hash_token("a"), "Ben": hash_token("b")}, bots={}, bot_seed=0
    )
    assert table.receive("Anna", '{"draw": "Anna"}').reply is None
    played = table.receive("Anna", '{"play": {"player": "Anna", "card": "Handmaid"}}')
    assert played.reply is None
    assert [move["command"] for move in table.message_for("Anna", "en", [])["moves"]] == [
        {"format": 1, "take_back": "Anna"}
    ]
    assert [move["label"] for move in table.message_for("Ben", "fr", [])["moves"]] == [
        "votre pioche"
    ]
    assert table.receive("Anna", '{"take_back": "Anna"}').reply is None
    assert game.state.hand("Anna") == (Card.HANDMAID, Card.GUARD)
