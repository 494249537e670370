"""``loveletter serve``: the web table on this machine, in one command.

Wired into the command line by :func:`add_parser`; :func:`main` runs it. Every limit of
:class:`loveletter.apps.web.limits.Limits` is an option (``--bot-budget 2``,
``--socket-messages 10``, ...), as are the bots the server offers (``--bots``) and the
other origins it lets in (``--allow-origin``). Without the ``[web]`` extra it says which
extra to install, and exits with 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from pathlib import Path
from typing import Any

import attrs

from loveletter.apps.web import MISSING_EXTRA
from loveletter.apps.web.limits import Limits, networks

__all__ = ["LIMIT_HELP", "add_parser", "limits_from", "main"]

LIMIT_HELP = {
    "bot_budget": "seconds the bots of one table may think between two moves of its people",
    "bot_workers": "worker processes the bots think in (the tables take turns at them)",
    "bot_slice": "seconds one bot's choice may take at a worker before the next table's turn",
    "address_bytes": "bytes a second one address may ask for (welcomes, story pages; then 4429)",
    "address_live_tables": "tables one address's creations keep in memory (older ones leave it)",
    "unjoined_after": "seconds after which a table nobody has joined leaves memory",
    "table_spectators": "spectators' connections open at once at one table (then 4409)",
    "socket_messages": "messages a second one connection may send (then closed: 4429)",
    "address_messages": "messages a second one address may send, new connections counted",
    "address_tables": "tables one address may create a minute (then HTTP 429)",
    "max_tables": "tables in memory at once (then HTTP 503, or 4503)",
    "seat_sockets": "connections open at once for one seat (then 4409)",
    "address_connections": "TCP connections open at once from one address (then 503)",
    "max_connections": "TCP connections open at once in all (then 503)",
    "header_timeout": "seconds a request has for its headers, then as long for its body (408)",
    "keep_alive": "seconds an idle HTTP connection is kept open",
    "hello_timeout": "seconds a new websocket has to say who it is (then 4408)",
    "socket_idle": "seconds a websocket may stay open with nothing sent either way (4408)",
    "evict_after": "seconds after which a finished or abandoned table leaves memory",
    "retention_days": "days a table nobody moves at stays in the database",
    "sync_interval": "seconds between looks at the database for other processes' moves (0: never)",
}
"""The help of each limit's option, by field of :class:`~loveletter.apps.web.limits.Limits`."""


def _option(name: str) -> str:
    return "--" + name.replace("_", "-")


def add_parser(commands: Any) -> argparse.ArgumentParser:
    """Add ``serve`` to the command line's subparsers ``commands``; return its parser."""
    serve: argparse.ArgumentParser = commands.add_parser(
        "serve", help="run the web table on this machine (needs the [web] extra)"
    )
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    serve.add_argument(
        "--database",
        default="loveletter-web.sqlite3",
        metavar="FILE|URL",
        help="the SQLite file that keeps the tables across restarts (loveletter-web.sqlite3), "
        "which several server processes on this machine may share; or a PostgreSQL URL "
        "(postgresql://user@host/db, the [postgres] extra), which servers on several "
        "machines may share",
    )
    serve.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        metavar="ADDRESS",
        help="a reverse proxy in front (an address, or a network such as 10.0.0.0/8): its "
        "X-Forwarded-For names the client, whose address every limit counts; repeat for "
        "several. A forwarded header from anyone else is ignored",
    )
    serve.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="a host name requests may name (play.example.org, or *.example.org); repeat "
        "for several. Any other Host gets 400 (none given: any)",
    )
    serve.add_argument(
        "--operator-token-file",
        metavar="FILE",
        help="a file holding the operator's token: /api/health says more than 'ok' to a "
        "request with 'Authorization: Bearer TOKEN' (the LOVELETTER_OPERATOR_TOKEN "
        "environment variable does the same)",
    )
    serve.add_argument(
        "--bots",
        default="heuristic,random",
        metavar="KIND,...",
        help="the bots a table may seat, comma-separated (heuristic,random); a kind as "
        "make_bot knows it, options included",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="another origin (https://example.org) whose pages may create tables, connect "
        "and frame this one; repeat for several",
    )
    limits = serve.add_argument_group("limits (each refusal is documented)")
    for field in attrs.fields(Limits):
        kind = int if field.type in (int, "int") else float
        limits.add_argument(
            _option(field.name),
            type=kind,
            default=field.default,
            metavar="N",
            help=f"{LIMIT_HELP[field.name]} ({field.default:g})",
        )
    serve.set_defaults(handler=main)
    return serve


def limits_from(args: argparse.Namespace) -> Limits:
    """The limits the options ``args`` ask for; :class:`ValueError` if one is wrong."""
    return Limits(**{field.name: getattr(args, field.name) for field in attrs.fields(Limits)})


def main(args: argparse.Namespace) -> int:
    """Serve the web table until interrupted.

    Return 2, after one line, if the extra is missing or an option is wrong.
    """
    try:
        guard = importlib.import_module("loveletter.apps.web.guard")
        app = importlib.import_module("loveletter.apps.web.app")  # the [web] extra, on request
    except ImportError:
        print(f"loveletter serve: {MISSING_EXTRA}", file=sys.stderr)
        return 2
    bots = tuple(kind.strip() for kind in args.bots.split(",") if kind.strip())
    try:
        operator = os.environ.get("LOVELETTER_OPERATOR_TOKEN", "")
        if args.operator_token_file:
            operator = Path(args.operator_token_file).read_text(encoding="utf-8").strip()
        limits = guard.fit_to_open_files(limits_from(args))
        proxies = networks(args.trusted_proxy)
        application = app.create_app(
            args.database,
            limits=limits,
            bots=bots,
            allow_origins=args.allow_origin,
            trusted_proxies=args.trusted_proxy,
            allowed_hosts=args.allowed_host,
            operator_token=operator,
        )
    except (ValueError, OSError, ModuleNotFoundError) as error:
        print(f"loveletter serve: {error}", file=sys.stderr)
        return 2
    print(f"loveletter serve: open http://{args.host}:{args.port}/ (Ctrl-C stops it)")
    server = guard.make_server(
        application,
        host=args.host,
        port=args.port,
        limits=limits,
        headers=app.security_headers(args.allow_origin),
        trusted_proxies=proxies,
    )
    server.run()
    return 0
