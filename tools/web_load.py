"""Load the web table on this machine, within bounds, and print what it stood.

Loopback only: the script starts its own ``loveletter serve`` on 127.0.0.1, with a database
in a temporary folder and the default limits (``--bots heuristic,random,ismcts`` besides),
and stops it at the end; it never connects anywhere else. Each client comes from its own
loopback address (127.0.0.2, ...: Linux answers on all of 127.0.0.0/8), so the limits per
address apply to each as they would to real clients. Two runs, each on a server of its own:

1. **stall**: one socket floods the server with refused moves, up to ``--flood`` messages,
   reconnecting whenever it is closed; meanwhile a person plays a table of ``--ismcts``
   ismcts bots, and a third client times ``GET /`` (a new connection every 20 ms). For
   ``--seconds`` seconds at most. It prints the ``GET /`` times (p50, p99, max), what
   the flood got (messages sent and answered, close codes, refused handshakes), and the
   bots' turns.
2. **games**: ``--games`` games at once (at most 200), each of two people and a heuristic
   bot, each game's clients from its own address, to ``--target`` tokens, within
   ``--time-limit`` seconds. It prints games a second, the time from sending a move to its
   update (p50, p99), the errors, and the server's memory (its process, and its bot workers)
   before and after.
3. **fair**: ``--search-tables`` tables (8 by default) of five ismcts bots, each played by
   a person, and beside them a victim's table of one person and one heuristic bot, for
   ``--seconds``: it prints how long the victim's heuristic bot's turn took (from the
   victim's move to their next turn), which the search bots' turns must not hold up.
4. **two**: the games of run 2 on two servers sharing one store, each game's Anna on the
   first and Ben on the second: on SQLite (a file), and on PostgreSQL if ``--postgres URL``
   names a server (an empty database: the run makes its table). It prints, for each store,
   games a second, a move's time to its sender's update, and to the other server's player.

    python tools/web_load.py                   # stall, games and fair, with the defaults
    python tools/web_load.py --run stall --seconds 20 --flood 20000 --ismcts 5
    python tools/web_load.py --run games --games 50
    python tools/web_load.py --run fair --seconds 20
    python tools/web_load.py --run two --games 50 --postgres postgresql:///load?host=/tmp

Figures depend on the machine and on what else runs on it: the script prints the load
average and the number of CPUs before and after each run. Linux only (it reads /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import multiprocessing
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

MAX_GAMES = 200
MAX_SECONDS = 600.0
MAX_FLOOD = 1_000_000


# -- the server ----------------------------------------------------------------------------


def free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(folder: Path, database: str | None = None) -> Iterator[tuple[str, int]]:
    """A ``loveletter serve`` on 127.0.0.1: its address and pid.

    Its database is in ``folder``, or is ``database`` (a file, or a PostgreSQL URL).
    """
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable, "-m", "loveletter", "serve", "--host", "127.0.0.1",
            "--port", str(port), "--database", database or str(folder / "load.sqlite3"),
            "--bots", "heuristic,random,ismcts",
        ],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    address = f"127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise SystemExit("the server stopped")
            try:
                urllib.request.urlopen(f"http://{address}/api/config", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        yield address, process.pid
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def rss(pid: int) -> int:
    """Resident memory of process ``pid``, in KiB (0 if it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return 0
    return 0


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the server's bot workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def memory(pid: int) -> str:
    workers = children(pid)
    total = sum(rss(worker) for worker in workers)
    return (
        f"server {rss(pid) / 1024:.1f} MiB; its {len(workers)} child processes (bot workers "
        f"and multiprocessing's resource tracker) {total / 1024:.1f} MiB"
    )


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return f"load average {load}; {os.cpu_count()} CPUs"


# -- clients ---------------------------------------------------------------------------------


def post_table(address: str, body: dict[str, Any], source: str) -> dict[str, Any]:
    host, port = address.split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(source, 0))
    try:
        connection.request(
            "POST", "/api/tables", json.dumps(body), {"content-type": "application/json"}
        )
        response = connection.getresponse()
        answer: dict[str, Any] = json.loads(response.read())
    finally:
        connection.close()
    if response.status != 200:
        raise RuntimeError(f"creating a table: {response.status} {answer}")
    return answer


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def times(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"p50 {percentile(values, 0.5) * 1000:.1f} ms, p99 {percentile(values, 0.99) * 1000:.1f} "
        f"ms, max {max(values) * 1000:.1f} ms ({len(values)} measured)"
    )


def timer(address: str, seconds: float, source: str, out: Any) -> None:
    """Time ``GET /`` on a new connection every 20 ms, for ``seconds``."""
    host, port = address.split(":")
    took: list[float] = []
    failed = 0
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.perf_counter()
        connection = http.client.HTTPConnection(
            host, int(port), timeout=60, source_address=(source, 0)
        )
        try:
            connection.request("GET", "/")
            response = connection.getresponse()
            response.read()
            if response.status == 200:
                took.append(time.perf_counter() - start)
            else:
                failed += 1
        except OSError:
            failed += 1
        finally:
            connection.close()
        time.sleep(max(0.0, 0.02 - (time.perf_counter() - start)))
    out.put(("timer", {"took": took, "failed": failed}))


def flooder(address: str, count: int, seconds: float, source: str, out: Any) -> None:
    """Send up to ``count`` refused moves as fast as possible, reconnecting when closed."""
    from websockets.exceptions import ConnectionClosed, InvalidStatus
    from websockets.sync.client import connect

    table = post_table(address, {"players": ["Anna", "Ben"]}, source)
    token = table["seats"]["Anna"]["token"]
    forged = json.dumps({"state": 0, "command": {"play": {"player": "Ben", "card": "Guard"}}})
    sent = answered = connections = 0
    codes: Counter[str] = Counter()
    start = time.monotonic()
    end = start + seconds
    while sent < count and time.monotonic() < end:
        try:
            with connect(
                f"ws://{address}/ws/{table['table']}",
                source_address=(source, 0),
                open_timeout=10,
                close_timeout=1,
            ) as ws:
                connections += 1
                ws.send(json.dumps({"hello": {"seat": "Anna", "token": token}}))
                ws.recv(timeout=10)
                replies = [0]

                def read(ws: Any = ws, replies: list[int] = replies) -> None:
                    try:
                        for _ in ws:
                            replies[0] += 1
                    except ConnectionClosed:
                        return

                reader = threading.Thread(target=read, daemon=True)
                reader.start()
                try:
                    while sent < count and time.monotonic() < end:
                        ws.send(forged)
                        sent += 1
                except ConnectionClosed as closed:
                    code = closed.rcvd.code if closed.rcvd else "none"
                    codes[f"closed {code}"] += 1
                reader.join(5)
                answered += replies[0]
        except InvalidStatus as refused:
            codes[f"handshake {refused.response.status_code}"] += 1
            time.sleep(0.01)
        except (OSError, ConnectionClosed, TimeoutError) as error:
            codes[type(error).__name__] += 1
            time.sleep(0.01)
    lasted = time.monotonic() - start
    out.put(
        (
            "flood",
            {
                "sent": sent,
                "answered": answered,
                "connections": connections,
                "codes": codes,
                "lasted": lasted,
            },
        )
    )


def play_as_anna(
    address: str, bots: list[str], seconds: float, source: str
) -> tuple[int, list[float]]:
    """Play a table of ``bots`` as Anna, for ``seconds`` at most.

    Her moves, and how long each turn of the bots took, from her move to the message that
    gave her the next one.
    """
    from websockets.sync.client import connect

    table = post_table(address, {"players": ["Anna"], "bots": bots}, source)
    token = table["seats"]["Anna"]["token"]
    turns: list[float] = []
    moves = 0
    end = time.monotonic() + seconds
    sent_at: float | None = None
    with connect(
        f"ws://{address}/ws/{table['table']}", source_address=(source, 0), open_timeout=30
    ) as ws:
        ws.send(json.dumps({"hello": {"seat": "Anna", "token": token}}))
        while time.monotonic() < end:
            try:
                message = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
            except TimeoutError:
                break
            if message["type"] == "refused":
                break
            if message["type"] not in ("welcome", "update"):
                continue
            if message["view"]["game_winners"]:
                break
            if message["view"]["to_act"] == "Anna" and message["legal"]:
                if sent_at is not None:
                    turns.append(time.perf_counter() - sent_at)
                ws.send(json.dumps({"state": message["state"], "command": message["legal"][0]}))
                sent_at = time.perf_counter()
                moves += 1
    return moves, turns


def ismcts_player(address: str, bots: int, seconds: float, source: str, out: Any) -> None:
    """Play a table of ``bots`` ismcts bots as Anna, for ``seconds`` at most."""
    moves, turns = play_as_anna(address, ["ismcts"] * bots, seconds, source)
    out.put(("ismcts", {"moves": moves, "turns": turns}))


def stall(args: argparse.Namespace, folder: Path) -> None:
    print(f"\n== stall: flood + {args.ismcts} ismcts bots + GET / timed, {args.seconds:g} s ==")
    print(f"before: {machine()}")
    with server(folder / "stall") as (address, pid):
        context = multiprocessing.get_context("spawn")
        out = context.Queue()
        roles = [
            context.Process(target=timer, args=(address, args.seconds, "127.0.0.4", out)),
            context.Process(
                target=ismcts_player,
                args=(address, args.ismcts, args.seconds - 1, "127.0.0.3", out),
            ),
            context.Process(
                target=flooder, args=(address, args.flood, args.seconds - 1, "127.0.0.2", out)
            ),
        ]
        for role in roles:
            role.start()
        results = dict(out.get(timeout=args.seconds + 120) for _ in roles)
        for role in roles:
            role.join(30)
        print(f"server memory after: {memory(pid)}")
    flood, ismcts, timed = results["flood"], results["ismcts"], results["timer"]
    print(f"GET / while flooded: {times(timed['took'])}; failed {timed['failed']}")
    codes = ", ".join(f"{code} x{n}" for code, n in sorted(flood["codes"].items()))
    print(
        f"flood: {flood['sent']} messages written in {flood['lasted']:.1f} s on "
        f"{flood['connections']} connections "
        f"(the server read only those before each close), {flood['answered']} answered; {codes}"
    )
    print(f"ismcts table: {ismcts['moves']} moves by Anna; bots' turns {times(ismcts['turns'])}")
    print(f"after: {machine()}")


# -- fifty games at once -------------------------------------------------------------------------


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.across: list[float] = []
        self.sent: dict[tuple[str, int], float] = {}
        self.errors: Counter[str] = Counter()
        self.games = 0
        self.moves = 0


async def seat(address: str, table: dict[str, Any], name: str, source: str, tally: Tally) -> None:
    from websockets.asyncio.client import connect

    token = table["seats"][name]["token"]
    sent: dict[int, float] = {}
    async with connect(
        f"ws://{address}/ws/{table['table']}",
        local_addr=(source, 0),
        open_timeout=60,
        max_size=2**22,
    ) as ws:
        await ws.send(json.dumps({"hello": {"seat": name, "token": token}}))
        async for text in ws:
            message = json.loads(text)
            if message["type"] == "refused":
                tally.errors[f"refused {message['error']}"] += 1
                continue
            if message["type"] not in ("welcome", "update"):
                continue
            accepted = message.get("accepted")
            if accepted and accepted["seat"] == name and accepted["state"] in sent:
                tally.latencies.append(time.perf_counter() - sent.pop(accepted["state"]))
            key = (table["table"], message["state"] - 1)
            if message["type"] == "update" and key in tally.sent and message.get("reloaded"):
                tally.across.append(time.perf_counter() - tally.sent.pop(key))
            view = message["view"]
            if view["game_winners"]:
                if name == "Anna":
                    tally.games += 1
                return
            state = message["state"]
            if view["to_act"] == name and message["legal"] and state not in sent:
                command = message["legal"][0]
                sent[state] = tally.sent[(table["table"], state)] = time.perf_counter()
                tally.moves += 1
                await ws.send(json.dumps({"state": state, "command": command}))


async def one_game(
    address: str, number: int, target: int, tally: Tally, other: str | None = None
) -> None:
    source = f"127.0.{2 + number // 250}.{1 + number % 250}"
    try:
        body = {"players": ["Anna", "Ben"], "bots": ["heuristic"], "target": target}
        table = await asyncio.to_thread(post_table, address, body, source)
        await asyncio.gather(
            seat(address, table, "Anna", source, tally),
            seat(other or address, table, "Ben", source, tally),
        )
    except Exception as error:  # counted, not raised: the others go on
        tally.errors[type(error).__name__] += 1


async def all_games(
    address: str,
    games: int,
    target: int,
    limit: float,
    tally: Tally,
    first: int = 0,
    other: str | None = None,
) -> float:
    start = time.perf_counter()
    runs = [one_game(address, first + number, target, tally, other) for number in range(games)]
    try:
        await asyncio.wait_for(asyncio.gather(*runs), limit)
    except TimeoutError:
        tally.errors["time limit"] += 1
    return time.perf_counter() - start


def games(args: argparse.Namespace, folder: Path) -> None:
    print(f"\n== games: {args.games} games at once, 2 people + 1 heuristic bot, "
          f"to {args.target} tokens ==")  # fmt: skip
    print(f"before: {machine()}")
    with server(folder / "games") as (address, pid):
        asyncio.run(all_games(address, 1, 1, 60, Tally(), first=200))  # starts the bot workers
        before = memory(pid)
        tally = Tally()
        took = asyncio.run(all_games(address, args.games, args.target, args.time_limit, tally))
        after = memory(pid)
    errors = ", ".join(f"{e} x{n}" for e, n in sorted(tally.errors.items())) or "none"
    print(f"games: {tally.games} of {args.games} finished in {took:.1f} s: "
          f"{tally.games / took:.2f} games/s; {tally.moves} moves by people")  # fmt: skip
    print(f"move to its update: {times(tally.latencies)}")
    print(f"errors: {errors}")
    print(f"memory before (after one warm-up game): {before}")
    print(f"memory after:  {after}")
    print(f"after: {machine()}")


def victim(address: str, seconds: float, source: str, out: Any) -> None:
    """Play a table of one heuristic bot as Anna: how long each of the bot's turns takes."""
    _, turns = play_as_anna(address, ["heuristic"], seconds, source)
    out.put(("victim", {"turns": turns}))


def fair(args: argparse.Namespace, folder: Path) -> None:
    print(f"\n== fair: {args.search_tables} tables of 5 ismcts bots + a heuristic bot's "
          f"table, {args.seconds:g} s ==")  # fmt: skip
    print(f"before: {machine()}")
    with server(folder / "fair") as (address, pid):
        context = multiprocessing.get_context("spawn")
        out = context.Queue()
        roles = [
            context.Process(
                target=ismcts_player, args=(address, 5, args.seconds, f"127.0.5.{n + 2}", out)
            )
            for n in range(args.search_tables)
        ]
        for role in roles:
            role.start()
        time.sleep(2)  # let the search tables fill the queue before the victim plays
        watched = context.Process(target=victim, args=(address, args.seconds - 2, "127.0.6.2", out))
        watched.start()
        results = [out.get(timeout=args.seconds + 120) for _ in range(len(roles) + 1)]
        for role in [*roles, watched]:
            role.join(30)
        print(f"server memory after: {memory(pid)}")
    search = [turn for kind, found in results if kind == "ismcts" for turn in found["turns"]]
    victims = next(found for kind, found in results if kind == "victim")
    print(f"the heuristic bot's turns, beside them: {times(victims['turns'])}")
    print(f"the search tables' bots' turns: {times(search)}")
    print(f"after: {machine()}")


def two(args: argparse.Namespace, folder: Path) -> None:
    stores = [("SQLite", str(folder / "two" / "shared.sqlite3"))]
    if args.postgres:
        stores.append(("PostgreSQL", args.postgres))
    for name, database in stores:
        print(f"\n== two servers on {name}: {args.games} games at once, Anna on the first "
              f"server, Ben on the second, to {args.target} tokens ==")  # fmt: skip
        print(f"before: {machine()}")
        with (
            server(folder / "two", database) as (one, _),
            server(folder / "two", database) as (other, _),
        ):
            asyncio.run(all_games(one, 1, 1, 60, Tally(), first=200, other=other))  # warm-up
            tally = Tally()
            took = asyncio.run(
                all_games(one, args.games, args.target, args.time_limit, tally, other=other)
            )
        errors = ", ".join(f"{e} x{n}" for e, n in sorted(tally.errors.items())) or "none"
        print(f"games: {tally.games} of {args.games} finished in {took:.1f} s: "
              f"{tally.games / took:.2f} games/s; {tally.moves} moves by people")  # fmt: skip
        print(f"move to its update, same server: {times(tally.latencies)}")
        print(f"move to the other server's player: {times(tally.across)}")
        print(f"errors: {errors}")
        print(f"after: {machine()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--run", choices=("stall", "games", "fair", "two", "both", "all"), default="all"
    )
    parser.add_argument("--search-tables", type=int, default=8, help="the fair run's tables")
    parser.add_argument("--postgres", default="", help="a PostgreSQL URL for the two run")
    parser.add_argument("--seconds", type=float, default=20.0, help="the stall run's length")
    parser.add_argument("--flood", type=int, default=20_000, help="messages the flood sends")
    parser.add_argument("--ismcts", type=int, default=5, help="ismcts bots at the table")
    parser.add_argument("--games", type=int, default=50, help="games played at once")
    parser.add_argument("--target", type=int, default=3, help="tokens a game is played to")
    parser.add_argument("--time-limit", type=float, default=300.0, help="the games' limit, s")
    args = parser.parse_args()
    if not (0 < args.games <= MAX_GAMES and 2 <= args.seconds <= MAX_SECONDS):
        parser.error(f"--games is 1 to {MAX_GAMES}, --seconds 2 to {MAX_SECONDS:g}")
    if not (0 < args.flood <= MAX_FLOOD and 0 < args.time_limit <= MAX_SECONDS):
        parser.error(f"--flood is 1 to {MAX_FLOOD}, --time-limit at most {MAX_SECONDS:g}")
    if not 1 <= args.ismcts <= 5:
        parser.error("--ismcts is 1 to 5 (a table seats 6)")
    if not 1 <= args.search_tables <= 20:
        parser.error("--search-tables is 1 to 20")
    print("tools/web_load.py " + " ".join(sys.argv[1:]))
    with tempfile.TemporaryDirectory(prefix="loveletter-load-") as name:
        folder = Path(name)
        for run in ("stall", "games", "fair", "two"):
            (folder / run).mkdir()
        if args.run in ("stall", "both", "all"):
            stall(args, folder)
        if args.run in ("games", "both", "all"):
            games(args, folder)
        if args.run in ("fair", "all"):
            fair(args, folder)
        if args.run in ("two", "all"):
            two(args, folder)


if __name__ == "__main__":
    main()
