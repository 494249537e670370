"""Love Letter as a standard-library HTTP service: one JSON message, one checked move.

``python examples/http_service.py [PORT] [FOLDER]``. ``POST /new`` ``{"players": [...],
"language": "fr"}`` answers each seat's token. With ``Authorization: Bearer TOKEN``,
``GET /TABLE?seat=NAME`` answers the seat's welcome and ``POST /TABLE?seat=NAME`` a move's
update or refusal. Games are stored after each move, and read back after a crash.
"""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit
from uuid import uuid4

from loveletter.host import Accepted, Host


class Service(ThreadingHTTPServer):
    def __init__(self, port: int, folder: Path) -> None:
        super().__init__(("127.0.0.1", port), Handler)
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.hosts = {path.stem: Host.restore(path.read_text()) for path in folder.glob("*.json")}

    def store(self, name: str) -> None:  # a crash leaves the game before or after the move
        (self.folder / f"{name}.tmp").write_text(self.hosts[name].stored())
        (self.folder / f"{name}.tmp").replace(self.folder / f"{name}.json")


class Handler(BaseHTTPRequestHandler):
    server: Service

    def answer(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def seat(self) -> tuple[str, Host, str, str] | None:
        url = urlsplit(self.path)
        query = {key: values[0] for key, values in parse_qs(url.query).items()}
        name, token = url.path.strip("/"), self.headers.get("Authorization", "")[7:]
        host, seat, language = self.server.hosts.get(name), query.get("seat"), query.get("language")
        if host is None or not host.authenticate(seat, token) or language not in (None, "en", "fr"):
            self.answer(403, {"type": "refused", "error": "forbidden", "message": "who are you?"})
            return None
        return name, host, str(seat), language or host.game.table.language

    def do_GET(self) -> None:
        if found := self.seat():
            self.answer(200, found[1].welcome(found[2], found[3]))

    def do_POST(self) -> None:
        text = self.rfile.read(min(int(self.headers.get("Content-Length") or 0), 8192))
        if self.path == "/new":  # with the house remedy, a seat may take back a mistake
            asked = json.loads(text)
            options = {"language": asked.get("language", "en"), "remedy": True, "auto_draw": False}
            host, tokens = Host.new(asked["players"], **options)
            self.server.hosts[name := uuid4().hex] = host
            self.server.store(name)
            return self.answer(200, {"table": name, "tokens": tokens})
        if not (found := self.seat()):
            return None
        name, host, seat, language = found
        outcome = host.receive(seat, text)
        if not isinstance(outcome, Accepted):
            return self.answer(409, outcome.to_data(language))
        self.server.store(name)
        return self.answer(200, host.update(seat, language, outcome.events))


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    Service(port, Path(sys.argv[2] if len(sys.argv) > 2 else "tables")).serve_forever()
