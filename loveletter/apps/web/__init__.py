"""The reference web table: the referee behind a game server, and a page to play on.

Install the ``[web]`` extra (``pip install 'loveletter-referee[web]'``: Starlette, uvicorn
and websockets), then run ``loveletter serve`` and open the address it prints. The core
library never imports this package.

* :mod:`loveletter.apps.web.tables`: one table, a :class:`loveletter.host.Host` (its game,
  seats and tokens, and what each seat is sent) and its bots; no web framework.
* :mod:`loveletter.apps.web.store`: the tables kept as JSON in SQLite, so a restart loses nothing.
* :mod:`loveletter.apps.web.app`: the Starlette application (the page, table creation, the
  websocket that plays).
* :mod:`loveletter.apps.web.cli`: ``loveletter serve``.
"""

from __future__ import annotations

MISSING_EXTRA = (
    "the web table needs the [web] extra: pip install 'loveletter-referee[web]' "
    "(Starlette, uvicorn and websockets)"
)
"""What is said when the ``[web]`` extra is not installed."""

__all__ = ["MISSING_EXTRA"]
