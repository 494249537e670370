"""A refusal, written: its reason, its ruling, and its message in the table's language.

The checks of every command (:mod:`loveletter.rules.checks`) and a card's own checks (the
hooks of its rule record) build their refusals here, so that every message names the
command the same way, of its player and to them.
"""

from __future__ import annotations

from collections.abc import Callable

from loveletter.commands import Command
from loveletter.errors import Reason, Refusal
from loveletter.motion import Motion
from loveletter.text import describe
from loveletter.words import message

__all__ = ["Described", "refuse"]

Described = Command | Callable[[str, bool], str]
"""A command, or a function that describes one in a language, to its player or not (for
a command that names something that is no card, and so cannot be built)."""


def refuse(
    table: Motion, reason: Reason, ruling: str, key: str, command: Described, **fields: object
) -> Refusal:
    """A refusal whose message is ``key`` in the table's language, about ``command``.

    The message is written twice: of the command's player, and to them. ``ruling`` is a
    2019 ruling's id, filed under the edition's own id where it has one.
    """
    language = table.table.language
    texts = []
    for you in (False, True):
        said = command(language, you) if callable(command) else describe(command, language, you=you)
        text = message(key, language, you=you, said=said, **fields)
        texts.append(text[:1].upper() + text[1:])
    return Refusal(
        reason=reason,
        ruling=table.table.edition.ruling(ruling),
        message=texts[0],
        to_player=texts[1],
    )
