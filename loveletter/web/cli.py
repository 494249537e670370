"""``loveletter serve``: the web table on this machine, in one command.

Wired into the command line by :func:`add_parser`; :func:`main` runs it. Without the
``[web]`` extra it says which extra to install, and exits with 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from loveletter.web import MISSING_EXTRA
from loveletter.web.tables import MAX_MESSAGE

__all__ = ["add_parser", "main"]


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
        metavar="FILE",
        help="the SQLite file that keeps the tables across restarts (loveletter-web.sqlite3)",
    )
    serve.set_defaults(handler=main)
    return serve


def main(args: argparse.Namespace) -> int:
    """Serve the web table until interrupted; 2 with one line if the extra is missing."""
    try:
        uvicorn = importlib.import_module("uvicorn")
        app = importlib.import_module("loveletter.web.app")  # the [web] extra, on request
    except ImportError:
        print(f"loveletter serve: {MISSING_EXTRA}", file=sys.stderr)
        return 2
    print(f"loveletter serve: open http://{args.host}:{args.port}/ (Ctrl-C stops it)")
    uvicorn.run(
        app.create_app(args.database),
        host=args.host,
        port=args.port,
        ws_max_size=4 * MAX_MESSAGE,  # the transport's own cap, before the server's
        log_level="warning",
    )
    return 0
