"""The web table on PostgreSQL: its store, two servers on one database, and a move that
reaches the other server's players at once (LISTEN/NOTIFY).

The same scenarios as on SQLite (``testkit.two_servers``). The server is the one
``LOVELETTER_TEST_POSTGRES`` names, or a throwaway cluster of the distribution's PostgreSQL
(``testkit.postgres``); where there is neither, these tests skip, saying why, except under
CI, where they fail.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the web table needs the [web] extra")
pytest.importorskip("uvicorn", reason="the web table needs the [web] extra")
pytest.importorskip("websockets", reason="the web table needs the [web] extra")
pytest.importorskip("psycopg", reason="PostgreSQL needs the [postgres] extra (psycopg)")

from testkit.postgres import cluster, fresh_database
from testkit.two_servers import (
    Client,
    answer_to,
    kill_one_server_mid_game,
    race_a_whole_game,
    seeded_table,
    serving,
)
from testkit.web_server import commands, wait_for

from loveletter.apps.web.postgres import PostgresStore
from loveletter.apps.web.store import StoreError


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with cluster() as url:
        yield url


@pytest.fixture
def database(server: str) -> str:
    return fresh_database(server)


def test_the_store_writes_by_compare_and_swap_and_announces_each_write(database: str) -> None:
    """Of two writes from one version, the second is refused; every write is heard by
    every store listening, this one's included."""
    one, two = PostgresStore(database), PostgresStore(database)
    heard: list[tuple[str, int]] = []
    try:
        two.listen(lambda table, version: heard.append((table, version)))
        one.insert("t1", '{"log": 1}', "{}", version=3)
        assert one.save("t1", '{"log": 2}', "{}", version=5, previous=3)
        assert not two.save("t1", '{"log": 9}', "{}", version=4, previous=3)  # too late
        assert two.load("t1") == ('{"log": 2}', "{}", 5)
        assert one.versions(["t1", "nope"]) == {"t1": 5}
        assert one.load("nope") is None
        with pytest.raises(StoreError):
            one.insert("t1", "{}", "{}", version=0)  # taken
        assert one.load("t1") is not None  # the failed insert changed nothing
        wait_for(lambda: len(heard) >= 2, "both writes to be heard")
        assert heard[:2] == [("t1", 3), ("t1", 5)]
        assert one.purge(days=1) == 0
    finally:
        one.close()
        two.close()


def test_two_servers_on_one_database_lose_no_move(database: str) -> None:
    """The race of ``test_web_processes``, on PostgreSQL: every race has one winner, and
    every accepted move is stored once, at its state number."""
    assert race_a_whole_game(database) >= 1


def test_a_server_killed_mid_game_loses_no_move(database: str) -> None:
    """The kill -9 of ``test_web_processes``, on PostgreSQL."""
    kill_one_server_mid_game(database)


def test_a_move_on_one_server_reaches_the_other_at_once(database: str) -> None:
    """Neither server ever looks at the versions by itself (``--sync-interval 0``): a
    move accepted by the first reaches Ben, on the second, by the notification alone."""
    tokens = seeded_table(database)
    with serving(database, 2, ["--sync-interval", "0"]) as ((one, _), (two, _)):
        ben = Client(two, "seeded", "Ben", tokens["Ben"])
        anna = Client(one, "seeded", "Anna", tokens["Anna"])
        try:
            welcome = wait_for(lambda: anna.latest(), "Anna's welcome")
            wait_for(lambda: ben.latest(), "Ben's welcome")
            actor = anna if welcome["view"]["to_act"] == "Anna" else None
            if actor is None:  # Ben first: he moves on the second server, Anna hears it
                first = wait_for(lambda: ben.latest(), "Ben's welcome")
                after = ben.send(first["state"], commands(first)[0])
                assert answer_to(ben, after, first["state"]) == "accepted"
                listener, state = anna, first["state"] + 1
            else:
                after = anna.send(welcome["state"], commands(welcome)[0])
                assert answer_to(anna, after, welcome["state"]) == "accepted"
                listener, state = ben, welcome["state"] + 1
            update = wait_for(
                lambda: next(
                    (m for m in listener.seen() if m["type"] == "update" and m["state"] >= state),
                    None,
                ),
                "the other server to tell of the move",
            )
        finally:
            anna.close()
            ben.close()
    assert update["reloaded"] is True
    assert update["steps"], "the move is told step by step on the other server too"
    json.dumps(update)  # plain JSON
