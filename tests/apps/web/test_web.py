"""The web table's server without a browser: Starlette's test client over websockets."""

from __future__ import annotations

import json
import os
import stat
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("httpx", reason="Starlette's test client needs httpx")
pytestmark = pytest.mark.filterwarnings("ignore:Using .httpx. with .starlette.testclient")

with warnings.catch_warnings():  # starlette warns on import of its test client with httpx
    warnings.filterwarnings("ignore", "Using .httpx. with .starlette.testclient")
    from starlette.testclient import TestClient, WebSocketDenialResponse
from testkit.web_server import commands, hello_text, move, seeded_app, seeds, until_closed  # noqa: E402

from loveletter import Card, Draw, Game, notation  # noqa: E402
from loveletter.apps.web.limits import Limits  # noqa: E402
from loveletter.apps.web.tables import Table  # noqa: E402
from loveletter.host import MAX_MESSAGE, Host, hash_token  # noqa: E402


def new_table(client: TestClient, **options: Any) -> dict[str, Any]:
    body = {"players": ["Anna", "Ben"], "bots": ["random"], "target": 1, **options}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def hello(socket: Any, seat: Any, token: Any, language: str = "en") -> dict[str, Any]:
    socket.send_text(hello_text(seat, token, language))
    message: dict[str, Any] = socket.receive_json()
    return message


def closed_with(socket: Any) -> int:
    """The close code the server ends ``socket`` with (after any messages left)."""
    return until_closed(socket)[1]


def table_of(app: Any, table_id: str) -> Table:
    table: Table | None = app.state.hub.table(table_id)
    assert table is not None
    return table


def seed_of(app: Any, table_id: str) -> str:
    return str(table_of(app, table_id).game.state.table.seed)


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return seeded_app(tmp_path / "tables.sqlite3")


@pytest.fixture
def client(app: Any) -> Iterator[TestClient]:
    with TestClient(app) as client:  # one event loop, the server's chores running
        yield client


def test_the_page_and_its_files_are_served(client: TestClient) -> None:
    """The page, its script, its style and its icon come from the package."""
    page = client.get("/")
    assert page.status_code == 200
    assert "aria-live" in page.text
    assert 'rel="icon"' in page.text
    for path in ("/static/table.js", "/static/table.css", "/static/favicon.svg", "/favicon.ico"):
        assert client.get(path).status_code == 200, path


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/", 200),
        ("GET", "/static/table.js", 200),
        ("GET", "/static/nope.js", 404),
        ("GET", "/api/config", 200),
        ("GET", "/nowhere", 404),
        ("GET", "/api/tables", 405),
        ("DELETE", "/", 405),
        ("POST", "/api/tables", 415),
    ],
)
def test_every_answer_carries_the_security_headers(
    client: TestClient, method: str, path: str, status: int
) -> None:
    """Pages, files, errors and refusals alike: a strict CSP, no framing, no sniffing."""
    response = client.request(method, path)
    assert response.status_code == status
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp
    assert "connect-src 'self';" in csp  # its own origin only: no ws: wss: for any host
    assert "frame-ancestors 'none'" in csp
    assert response.headers["x-frame-options"] == "DENY"
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"


def test_a_server_error_is_json_with_the_headers(app: Any, monkeypatch: Any) -> None:
    """A bug answers 500 with a message and the security headers, never a traceback."""

    async def broken(options: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(app.state.hub, "create", broken)
    client = TestClient(app, raise_server_exceptions=False)
    response = client.post("/api/tables", json={"players": ["Anna", "Ben"]})
    assert response.status_code == 500
    assert response.json() == {"error": "the server failed to answer; it has been logged"}
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert "Traceback" not in response.text


def test_the_config_lists_the_bots_the_server_offers(tmp_path: Path) -> None:
    """The form offers what ``--bots`` says, heuristic and random by default."""
    with TestClient(seeded_app(tmp_path / "a.sqlite3")) as client:
        assert client.get("/api/config").json()["bots"] == ["heuristic", "random"]
    with TestClient(seeded_app(tmp_path / "b.sqlite3", bots=["random", "ismcts"])) as client:
        assert client.get("/api/config").json()["bots"] == ["random", "ismcts"]


def test_the_health_check_says_ok_and_counts_only_for_the_operator(tmp_path: Path) -> None:
    """``/api/health`` answers anyone "ok" only; with the operator's token, it counts the
    tables and connections it holds."""
    operator = {"Authorization": "Bearer s3cret"}
    with TestClient(seeded_app(tmp_path / "t.sqlite3", operator_token="s3cret")) as client:
        assert client.get("/api/health").json() == {"ok": True}
        wrong = {"Authorization": "Bearer guess"}
        assert client.get("/api/health", headers=wrong).json() == {"ok": True}
        health = client.get("/api/health", headers=operator).json()
        assert (health["tables"], health["connections"]) == (0, 0)
        answer = new_table(client)
        with client.websocket_connect(f"/ws/{answer['table']}") as socket:
            hello(socket, "Anna", answer["seats"]["Anna"]["token"])
            health = client.get("/api/health", headers=operator).json()
            assert client.get("/api/health").json() == {"ok": True}
    assert (health["tables"], health["connections"]) == (1, 1)


def test_a_server_cannot_offer_an_unknown_bot(tmp_path: Path) -> None:
    """A bot kind ``make_bot`` does not know stops the server before it starts."""
    with pytest.raises(ValueError, match="cannot offer the bot 'nobody'"):
        seeded_app(tmp_path / "tables.sqlite3", bots=["heuristic", "nobody"])


def test_creating_a_table_gives_each_person_a_secret_link(app: Any, client: TestClient) -> None:
    """Each person gets a token and a link in the creator's language; bots get neither;
    the seed is not in the answer, which no cache may keep."""
    response = client.post(
        "/api/tables", json={"players": ["Anna", "Ben"], "bots": ["random"], "language": "fr"}
    )
    answer = response.json()
    assert response.headers["cache-control"] == "no-store"
    assert set(answer["seats"]) == {"Anna", "Ben"}
    assert answer["bots"] == ["Robot aléatoire"]
    anna = answer["seats"]["Anna"]
    assert anna["link"].endswith(f"&lang=fr#token={anna['token']}")
    assert seed_of(app, answer["table"]) not in json.dumps(answer)


@pytest.mark.parametrize(
    "body",
    [
        {"players": []},
        {"players": ["Anna", "Anna"]},
        {"players": ["Anna"], "bots": ["nobody"]},
        {"players": ["Anna"], "bots": ["ismcts"]},  # not offered by this server
        {"players": ["Anna"], "bots": [1]},
        {"players": ["Anna"], "bots": [["x"]]},
        {"players": ["Anna"], "bots": [{}]},
        {"players": ["Anna"], "bots": "random"},
        {"players": [1, 2]},
        {"players": "Anna"},
        {"players": ["A" * 40, "Ben"]},
        {"players": ["Anna", "Ben"], "edition": "1066"},
        {"players": ["Anna", "Ben"], "edition": ["2019"]},
        {"players": ["Anna", "Ben"], "target": 0},
        {"players": ["Anna", "Ben"], "target": True},
        {"players": ["Anna", "Ben"], "target": "3"},
        {"players": ["Anna", "Ben"], "remedy": "yes"},
        {"players": ["Anna", "Ben"], "language": "de"},
        {"players": ["Anna", "Ben"], "seed": 1},
        {"players": ["Anna"]},
        {"players": ["A", "B", "C", "D", "E", "F", "G"]},
        [],
        "table",
        None,
    ],
)
def test_a_table_that_cannot_be_set_up_is_refused(client: TestClient, body: Any) -> None:
    """A table the rules or the server cannot seat, or a body of the wrong shape, gets a
    400 and a message saying why."""
    response = client.post(
        "/api/tables", content=json.dumps(body), headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert response.json()["error"]


@pytest.mark.parametrize(
    "content",
    [
        b"[" * 2000 + b"]" * 2000,  # nested 2,000 deep
        b'{"players": ' + b"[" * 1500 + b"]" * 1500 + b"}",
        b"{not json",
        b"\xff\xfe",
        b"",
        b'"\\ud800"',
    ],
)
def test_a_body_that_is_not_a_table_gets_400(client: TestClient, content: bytes) -> None:
    """Malformed JSON, however deep or broken, is a 400 with a message, never a 500."""
    response = client.post(
        "/api/tables", content=content, headers={"content-type": "application/json"}
    )
    assert response.status_code == 400, response.text
    assert response.json()["error"]


def test_a_large_request_is_refused_before_it_is_read(client: TestClient) -> None:
    """A creation request over the cap gets 413."""
    response = client.post(
        "/api/tables",
        content=b'{"players": ["' + b"A" * 10_000 + b'"]}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 413


def test_a_cross_site_form_cannot_create_a_table(client: TestClient) -> None:
    """A text/plain POST (a form another site can send without asking) gets 415, and a
    request from another origin 403; nothing is created."""
    body = json.dumps({"players": ["Anna", "Ben"]})
    plain = client.post("/api/tables", content=body, headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    other = client.post(
        "/api/tables",
        content=body,
        headers={"content-type": "application/json", "origin": "https://evil.example"},
    )
    assert other.status_code == 403
    fetched = client.post(
        "/api/tables",
        content=body,
        headers={"content-type": "application/json", "sec-fetch-site": "cross-site"},
    )
    assert fetched.status_code == 403
    own = client.post(
        "/api/tables",
        content=body,
        headers={"content-type": "application/json", "origin": "http://testserver"},
    )
    assert own.status_code == 200
    assert len(client.app.state.hub.tables) == 1  # type: ignore[attr-defined]


def test_a_websocket_from_another_origin_is_refused(client: TestClient) -> None:
    """The handshake of a websocket from another site's page is refused with 403."""
    answer = new_table(client)
    with (
        pytest.raises(WebSocketDenialResponse) as refused,
        client.websocket_connect(
            f"/ws/{answer['table']}", headers={"origin": "https://evil.example"}
        ),
    ):
        pass
    assert refused.value.status_code == 403
    with client.websocket_connect(
        f"/ws/{answer['table']}", headers={"origin": "http://testserver"}
    ) as socket:
        assert hello(socket, "Anna", answer["seats"]["Anna"]["token"])["type"] == "welcome"


def test_an_allowed_origin_may_create_tables_and_connect(tmp_path: Path) -> None:
    """``allow_origins`` lets another site's pages in (with CORS) and frame the page."""
    app = seeded_app(tmp_path / "tables.sqlite3", allow_origins=["https://games.example"])
    with TestClient(app) as client:
        response = client.post(
            "/api/tables",
            json={"players": ["Anna", "Ben"]},
            headers={"origin": "https://games.example"},
        )
        assert response.status_code == 200
        assert response.headers["access-control-allow-origin"] == "https://games.example"
        assert (
            "frame-ancestors https://games.example" in response.headers["content-security-policy"]
        )
        assert "x-frame-options" not in response.headers
        table = response.json()
        with client.websocket_connect(
            f"/ws/{table['table']}", headers={"origin": "https://games.example"}
        ) as socket:
            assert hello(socket, "Anna", table["seats"]["Anna"]["token"])["type"] == "welcome"


@pytest.mark.parametrize(
    ("seat", "token"),
    [("Anna", "wrong"), ("Random bot", ""), ("Carla", "x"), (1, 2), ("Anna", "\ud800")],
)
def test_a_wrong_token_closes_the_connection(client: TestClient, seat: Any, token: Any) -> None:
    """Without the seat's own token, a connection is told nothing and closed with 4401."""
    answer = new_table(client)
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        reply = hello(socket, seat, token)
        assert reply == {
            "type": "refused",
            "error": "unauthorized",
            "message": "no such table, seat or token",
        }
        assert closed_with(socket) == 4401


@pytest.mark.parametrize(
    "text",
    [
        '{"hello": ' * 2000 + "1" + "}" * 2000,  # nested 2,000 deep
        "[" * 3000,
        '{"hello": {"seat": "Anna", "token": "\\ud800"}}',
        '{"hello": [1, 2]}',
        '{"hello": {"seat": {"x": 1}, "token": []}}',
        "null",
        "x" * (MAX_MESSAGE + 1),
    ],
)
def test_a_malformed_hello_is_refused_without_a_traceback(client: TestClient, text: str) -> None:
    """However broken the first message, the answer is the refusal and 4401, never an
    error closing the socket (1006, 1011)."""
    answer = new_table(client)
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        socket.send_text(text)
        assert socket.receive_json()["error"] == "unauthorized"
        assert closed_with(socket) == 4401


def test_the_database_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    """The SQLite file holds every seed: it is created 0600, and made so if it was not."""
    if os.name != "posix":
        pytest.skip("file modes are POSIX's")
    database = tmp_path / "tables.sqlite3"
    seeded_app(database).state.hub.store.close()
    assert stat.S_IMODE(database.stat().st_mode) == 0o600
    database.chmod(0o644)
    seeded_app(database).state.hub.store.close()
    assert stat.S_IMODE(database.stat().st_mode) == 0o600


def test_another_seats_token_does_not_open_a_seat(client: TestClient) -> None:
    """Ben's token does not open Anna's seat, nor an unknown table."""
    answer = new_table(client)
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        assert hello(socket, "Anna", answer["seats"]["Ben"]["token"])["error"] == "unauthorized"
    with client.websocket_connect("/ws/no-such-table") as socket:
        assert hello(socket, "Anna", answer["seats"]["Anna"]["token"])["error"] == "unauthorized"


def test_each_seat_sees_only_its_own_hand_and_never_the_seed(app: Any, client: TestClient) -> None:
    """Views and events name no card of another hand; no message carries the seed; the
    welcome carries the state number and each kind of card as the page draws it."""
    answer = new_table(client, bots=[])
    table_id = answer["table"]
    game = table_of(app, table_id).game
    seed = seed_of(app, table_id)
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        welcome = hello(socket, "Anna", answer["seats"]["Anna"]["token"])
    assert welcome["type"] == "welcome"
    assert welcome["state"] == len(game.log)
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
    assert welcome["cards"]["Princess"] == {
        "name": "Princess",
        "value": 9,
        "count": 1,
        "effect": "if you play or discard her, you are knocked out of the round.",
        "labels": ["Q♥"],
    }


def paths(steps: list[dict[str, Any]], before: tuple[Any, ...] = ()) -> Any:
    """Each command of a moves tree with the values of the steps that lead to it."""
    for step in steps:
        path = (*before, (step["kind"], step["value"]))
        if "command" in step:
            yield path, step["command"]
        yield from paths(step.get("then", []), path)


def test_the_moves_come_as_a_tree_of_the_steps_that_make_them(app: Any, client: TestClient) -> None:
    """A play is a card, then a player, then a named card: the page asks them in turn,
    each labelled in the seat's language, and the tree's commands are the legal ones."""
    answer = new_table(client, bots=[])
    table = table_of(app, answer["table"])
    actor = table.game.state.player_to_act
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        welcome = hello(socket, actor, answer["seats"][actor]["token"], language="fr")
    assert sorted(map(json.dumps, commands(welcome))) == sorted(map(json.dumps, welcome["legal"]))
    for path, offered in paths(welcome["moves"]["steps"]):
        command = offered["play"]
        assert [kind for kind, _ in path] == [
            kind
            for kind, field in (("card", "card"), ("target", "target"), ("guess", "guess"))
            if field in command
        ]
        assert [value for _, value in path] == [
            command[field] for field in ("card", "target", "guess") if field in command
        ]
    french = {step["value"]: step["label"] for step in welcome["moves"]["steps"]}
    assert french.get("Guard", "Garde") == "Garde"
    assert french.get("Princess", "Princesse") == "Princesse"


def test_a_command_for_another_seat_is_refused_before_the_referee(
    app: Any, client: TestClient
) -> None:
    """Ben's command for Anna is forbidden whatever Anna holds, and changes nothing."""
    answer = new_table(client, bots=[])
    table_id = answer["table"]
    table = table_of(app, table_id)
    before = table.log_json()
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        welcome = hello(socket, "Ben", answer["seats"]["Ben"]["token"])
        replies = []
        for card in ("Princess", "Guard", "Jester"):
            command = {"play": {"player": "Anna", "card": card}}
            socket.send_text(json.dumps({"state": welcome["state"], "command": command}))
            replies.append(socket.receive_json())
        socket.send_text(json.dumps({"state": welcome["state"], "command": {"deal": None}}))
        replies.append(socket.receive_json())
    assert [reply["error"] for reply in replies] == ["forbidden"] * 4
    assert {reply["message"] for reply in replies[:3]} == {
        "Ben may send only Ben's commands, not Anna's"
    }
    assert replies[3]["message"].startswith("Ben may not send a deal")
    assert table.log_json() == before


@pytest.mark.parametrize(
    "text",
    [
        '{"play": {"player": "Anna", "card": "Guard"}}',  # a bare command: no state number
        '{"state": "0", "command": {"draw": "Anna"}}',
        '{"state": true, "command": {"draw": "Anna"}}',
        '{"state": 0, "command": [1]}',
        '{"state": 0, "command": {"draw": "Anna"}, "more": 1}',
        '{"state": 0, "command": ' * 150 + "1" + "}" * 150,
        "[" * 2000 + "]" * 2000,  # nested 2,000 deep, under the size cap
        "[" * 2000,
        "{not json",
    ],
)
def test_a_message_that_is_not_a_move_is_malformed(client: TestClient, text: str) -> None:
    """A move is ``{"state": N, "command": ...}``: anything else is refused as malformed,
    and the connection stays open."""
    answer = new_table(client, bots=[])
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        welcome = hello(socket, "Anna", answer["seats"]["Anna"]["token"])
        socket.send_text(text)
        assert socket.receive_json()["error"] == "malformed"
        socket.send_text(json.dumps({"state": welcome["state"], "command": {"x": 1}}))
        assert socket.receive_json()["error"] == "malformed"


def test_a_message_over_the_cap_is_refused_before_it_is_parsed(client: TestClient) -> None:
    """A long message, or binary, is refused and changes nothing."""
    answer = new_table(client, bots=[])
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        hello(socket, "Anna", answer["seats"]["Anna"]["token"])
        socket.send_text('{"draw": "' + "A" * MAX_MESSAGE + '"}')
        assert socket.receive_json()["error"] == "too_large"
        socket.send_bytes(b"{}")
        assert socket.receive_json()["error"] == "malformed"


def test_an_illegal_command_gets_the_referees_refusal(app: Any, client: TestClient) -> None:
    """A card the seat does not hold is refused with the referee's reason and message,
    in the language the seat said hello in."""
    answer = new_table(client, bots=[])
    table = table_of(app, answer["table"])
    actor = table.game.state.player_to_act
    assert actor is not None
    held = {card.name.capitalize() for card in table.game.state.hand(actor)}
    missing = next(card for card in ("Princess", "Countess", "King", "Baron") if card not in held)
    command = {"play": {"player": actor, "card": missing}}
    replies = {}
    for language in ("en", "fr"):
        with client.websocket_connect(f"/ws/{answer['table']}") as socket:
            welcome = hello(socket, actor, answer["seats"][actor]["token"], language)
            socket.send_text(json.dumps({"state": welcome["state"], "command": command}))
            replies[language] = socket.receive_json()
    assert {reply["error"] for reply in replies.values()} == {"illegal"}
    assert {reply["refusal"]["reason"] for reply in replies.values()} == {"CARD_NOT_IN_HAND"}
    assert replies["en"]["message"] == f"Your {missing}: you do not hold a {missing}"
    assert replies["fr"]["message"].startswith("Votre ")


def test_a_move_for_an_older_state_is_refused(app: Any, client: TestClient) -> None:
    """A move made for a state the table has left is ``stale``: it never lands later."""
    answer = new_table(client, bots=[], target=3)
    table = table_of(app, answer["table"])
    actor = table.game.state.player_to_act
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        welcome = hello(socket, actor, answer["seats"][actor]["token"])
        socket.send_text(move(welcome))
        update = socket.receive_json()
        assert update["type"] == "update"
        assert update["accepted"] == {"seat": actor, "state": welcome["state"]}
        assert update["state"] > welcome["state"]
        before = table.log_json()
        socket.send_text(move(welcome))  # the same move again
        reply = socket.receive_json()
    assert reply["error"] == "stale"
    assert reply["state"] == update["state"]
    assert table.log_json() == before


def until_marker(socket: Any) -> list[dict[str, Any]]:
    """The messages ``socket`` gets before the refusal of a marker ("x") sent after them."""
    socket.send_text("x")
    messages = []
    while (message := socket.receive_json()).get("message") != "a move is JSON text":
        messages.append(message)
    return messages


def test_one_move_sent_from_two_sockets_at_once_lands_once(tmp_path: Path) -> None:
    """The same command from two sockets of one seat: the first is applied, the copy is
    refused as stale, in every one of 30 tries."""
    app = seeded_app(
        tmp_path / "tables.sqlite3", limits=Limits(address_tables=100, address_messages=1000)
    )
    with TestClient(app) as client:
        for _ in range(30):
            answer = new_table(client, bots=[], target=3)
            table = table_of(app, answer["table"])
            actor = table.game.state.player_to_act
            token = answer["seats"][actor]["token"]
            with (
                client.websocket_connect(f"/ws/{answer['table']}") as one,
                client.websocket_connect(f"/ws/{answer['table']}") as two,
            ):
                welcome = hello(one, actor, token)
                hello(two, actor, token)
                text = move(welcome)
                one.send_text(text)
                two.send_text(text)
                replies = until_marker(one) + until_marker(two)
            kinds = sorted(reply.get("error", reply["type"]) for reply in replies)
            assert kinds == ["stale", "update", "update"], kinds
            sent = json.loads(text)["command"]
            logged = json.loads(table.log_json())["commands"][welcome["state"]]
            assert {**logged, "format": 1} == {**sent, "format": 1}


HUMANS = ("Anna", "Ben")


def settle(socket: Any, message: dict[str, Any]) -> dict[str, Any]:
    """Messages until a person is to act (the bots have played) or the game is over."""
    while message["view"]["to_act"] not in HUMANS and not message["view"]["game_winners"]:
        message = socket.receive_json()
    return message


def play(client: TestClient, table_id: str, tokens: dict[str, str], moves: int) -> int:
    """Play up to ``moves`` moves of the people at ``table_id``; return how many."""
    with (
        client.websocket_connect(f"/ws/{table_id}") as anna,
        client.websocket_connect(f"/ws/{table_id}") as ben,
    ):
        sockets = {"Anna": anna, "Ben": ben}
        latest = {seat: settle(s, hello(s, seat, tokens[seat])) for seat, s in sockets.items()}
        played = 0
        while played < moves and not latest["Anna"]["view"]["game_winners"]:
            actor = latest["Anna"]["view"]["to_act"]
            assert commands(latest[actor]), latest[actor]
            sockets[actor].send_text(move(latest[actor]))
            for seat, socket in sockets.items():
                update = socket.receive_json()
                assert update["type"] == "update", update
                latest[seat] = settle(socket, update)
            assert latest["Anna"]["state"] == latest["Ben"]["state"]
            played += 1
    return played


def test_a_whole_game_is_played_and_survives_a_restart(tmp_path: Path) -> None:
    """Two people and a bot play to the end; a new server on the same database carries on,
    and a reconnecting seat gets its view back, with the game's end."""
    database = tmp_path / "tables.sqlite3"
    with TestClient(seeded_app(database)) as client:
        answer = new_table(client, target=2)
        tokens = {seat: info["token"] for seat, info in answer["seats"].items()}
        assert play(client, answer["table"], tokens, 1) == 1
    with TestClient(seeded_app(database)) as client:  # restarted
        played = play(client, answer["table"], tokens, 300)
        assert 1 <= played < 300
        with client.websocket_connect(f"/ws/{answer['table']}") as socket:
            final = hello(socket, "Anna", tokens["Anna"])
    assert final["view"]["game_winners"]
    assert final["round_end"]["told"]
    assert not final["moves"]["steps"]


def test_the_other_seat_is_sent_its_own_update(app: Any, client: TestClient) -> None:
    """When Anna plays, Ben's connection gets an update redacted for Ben, in his language."""
    answer = new_table(client, bots=[], language="en")
    table = table_of(app, answer["table"])
    actor = table.game.state.player_to_act
    other = next(seat for seat in ("Anna", "Ben") if seat != actor)
    with (
        client.websocket_connect(f"/ws/{answer['table']}") as mine,
        client.websocket_connect(f"/ws/{answer['table']}") as theirs,
    ):
        welcome = hello(mine, actor, answer["seats"][actor]["token"])
        hello(theirs, other, answer["seats"][other]["token"], language="fr")
        mine.send_text(move(welcome))
        update = theirs.receive_json()
        mine.receive_json()
    assert update["listener"] == other
    assert update["language"] == "fr"
    seats = {seat["player"]: seat for seat in update["view"]["seats"]}
    assert seats[actor]["hand"] is None
    assert all(
        event.get("card") is None
        for event in update["events"]
        if event["event"] == "CardDrawn" and event["player"] == actor
    )
    assert update["narration"]


def test_the_bots_play_in_a_worker_process(app: Any, client: TestClient) -> None:
    """A bot's move is worked out in a worker process, not the server's: the page gets
    the bots' moves, and the worker is another process."""
    answer = new_table(client, players=["Anna"], bots=["heuristic", "random"])
    pool = app.state.hub.pool
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        message = hello(socket, "Anna", answer["seats"]["Anna"]["token"])
        # Anna moves until the bots have played (a Chancellor of hers asks her again)
        while not pool.jobs and not message["view"]["game_winners"]:
            if message["view"]["to_act"] == "Anna":
                socket.send_text(move(message))
            message = socket.receive_json()
    assert pool.jobs >= 1
    assert pool.pids()
    assert os.getpid() not in pool.pids()


def test_a_remedy_table_offers_the_take_back() -> None:
    """At a house-remedy table, a move nobody learned from may be taken back until the
    next draw: the mover is offered the take-back, the next player their draw."""
    game = Game.arranged(
        {"Anna": "Handmaid", "Ben": "Guard"}, pile=["Guard", "Priest"], remedy=True, auto_draw=False
    )
    host = Host(game, tokens={"Anna": hash_token("a"), "Ben": hash_token("b")})
    table = Table(host, bots={}, bot_seed=0)

    def sent(command: str) -> str:
        return json.dumps({"state": table.state, "command": json.loads(command)})

    assert table.receive("Anna", sent('{"draw": "Anna"}')).error is None
    played = table.receive("Anna", sent('{"play": {"player": "Anna", "card": "Handmaid"}}'))
    assert played.error is None
    anna = table.update("Anna", "en", [])
    assert commands(anna) == [{"take_back": "Anna"}]
    assert anna["take_back"] == {"take_back": "Anna"}
    ben = table.update("Ben", "fr", [])["moves"]["steps"]
    assert [(step["kind"], step["label"]) for step in ben] == [("draw", "Piocher")]
    assert table.receive("Anna", sent('{"take_back": "Anna"}')).error is None
    assert game.state.hand("Anna") == (Card.HANDMAID, Card.GUARD)


def test_the_limits_refuse_nonsense() -> None:
    """A limit of zero, or a negative time, is refused when the server is set up."""
    with pytest.raises(ValueError, match="socket_messages must be more than 0"):
        Limits(socket_messages=0)
    with pytest.raises(ValueError, match="evict_after must be 0 or more"):
        Limits(evict_after=-1)


# A table as the web table stored it before it was a transport over the host (its two
# texts as that version wrote them): Anna, at a house-remedy table, has drawn and played a
# Chancellor, and keeps one of her three cards next. Her token is "secret".
STORED_LOG = (
    '{"format":1,"setup":{"players":["Anna","Random bot"],"edition":"2019","seed":"5",'
    '"first":"Anna","layout":null,"tokens":{},"target":1,"auto_draw":false,"language":"en",'
    '"remedy":true,"open_hands":false},"commands":[{"draw":"Anna"},'
    '{"play":{"player":"Anna","card":"Chancellor"}}]}'
)
STORED_SEATS = (
    '{"bot_seed": 9, "bots": {"Random bot": "random"}, "tokens": '
    '{"Anna": "2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b"}}'
)


def test_a_table_stored_before_the_host_is_played_on(tmp_path: Path) -> None:
    """A stored table of the earlier web table comes back as it was: the same seat and
    token, the same state number, and the Chancellor's choice to finish."""
    app = seeded_app(tmp_path / "tables.sqlite3")
    app.state.hub.store.insert("old", STORED_LOG, STORED_SEATS, version=2)
    with TestClient(app) as client, client.websocket_connect("/ws/old") as socket:
        welcome = hello(socket, "Anna", "secret")
        assert welcome["state"] == 2
        kept = [step["value"] for step in welcome["moves"]["steps"]]
        assert (welcome["moves"]["steps"][0]["kind"], kept) == (
            "keep",
            ["Chancellor", "Guard", "Baron"],
        )
        socket.send_text(move(welcome))
        update = socket.receive_json()
        stored = app.state.hub.store.load("old")
    assert update["accepted"] == {"seat": "Anna", "state": 2}
    assert json.loads(stored[0])["commands"][2]["choose"]["keep"] == "Chancellor"
    assert stored[1] == STORED_SEATS  # the seats as they were stored


def test_a_remedy_table_with_a_bot_is_played_to_the_end() -> None:
    """At a house-remedy table, draws wait for their player: the server draws for the
    bot, Anna draws herself, and the host deals each round, to the game's end."""
    table, _ = Table.create(["Anna"], bots=["random"], remedy=True, target=2, seeds=seeds())
    moves = 0
    while not table.over:
        assert moves < 500
        if table.bot_to_choose is not None:
            table.play_bots()
            continue
        message = table.update("Anna", "en", [])
        assert message["view"]["to_act"] == "Anna"
        sent = json.dumps({"state": table.state, "command": message["legal"][-1]})
        assert table.receive("Anna", sent).error is None
        moves += 1
    drawn = [command for command in table.game.log if isinstance(command, Draw)]
    assert {command.player for command in drawn} == {"Anna", "Random bot"}
    assert table.game.state.game_winners


def test_a_move_typed_as_words_is_played(app: Any, client: TestClient) -> None:
    """``{"state": N, "say": ...}``: the seat's words, read as its move; words that name
    no move are refused as unreadable, and the connection stays open."""
    answer = new_table(client, bots=[])
    table = table_of(app, answer["table"])
    actor = table.game.player_to_act
    assert actor is not None
    with client.websocket_connect(f"/ws/{answer['table']}") as socket:
        welcome = hello(socket, actor, answer["seats"][actor]["token"])
        socket.send_text(json.dumps({"state": welcome["state"], "say": "zzz"}))
        assert socket.receive_json()["error"] == "unreadable"
        words = notation(table.game.legal_commands()[0], game=table.game)
        socket.send_text(json.dumps({"state": welcome["state"], "say": words}))
        update = socket.receive_json()
    assert update["accepted"] == {"seat": actor, "state": welcome["state"]}
