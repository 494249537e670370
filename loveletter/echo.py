"""Echoing text from outside in messages: shortened, escaped, quoted.

A name a client sent for a card or a player may be anything: a megabyte of text, a lone
surrogate that no encoder accepts. Messages echo it through :func:`shown` or
:func:`quoted`, so a refusal stays short and always encodes.
"""

from __future__ import annotations

__all__ = ["quoted", "shown"]


def shown(value: object, limit: int = 40) -> str:
    r"""Text from outside (a client's name for a card or a player), safe to echo in a message.

    Characters that do not print (control characters, lone surrogates) are escaped, and
    text longer than ``limit`` is cut short with an ellipsis, so a refusal's message stays
    short and always encodes.

    >>> shown("Jester"), shown(5), shown("x" * 100)[-3:]
    ('Jester', '5', 'xx…')
    >>> print(shown(chr(0xD800)))
    \ud800
    """
    text = value if isinstance(value, str) else repr(value)
    if not text.isprintable():
        text = repr(text)[1:-1]
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def quoted(value: object, limit: int = 40) -> str:
    """:func:`shown`, in quotes when it is text: for a value in a message, as ``repr`` would.

    >>> quoted("Zed"), quoted(-5), quoted(None)
    ("'Zed'", '-5', 'None')
    """
    return repr(shown(value, limit)) if isinstance(value, str) else shown(value, limit)
