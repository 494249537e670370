"""Scripted players for the terminal game's tests (``loveletter.apps.play``).

:class:`Chooser` answers each question with one of the options it lists, as a person
following the prompts would: the first (or one drawn by a seeded generator), Enter where
the question names a lone option, yes to a question of yes or no. :func:`transcript`
plays given answers, then ends the input. Either fails a test, rather than hanging it,
when a game asks more questions than any game needs.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from loveletter.apps.play import TerminalGame

OPTIONS = re.compile(r"\(([^()]*)\) ?: $")
"""The options a question lists, between its last brackets: ``Play which card? (Guard, King): ``."""

LONE = re.compile(r"^(.*), (?:or Enter|ou Entrée)$")
"""A question with one option, which Enter gives: ``(Anna, or Enter)``."""

YES = {"y/n": "y", "o/n": "o"}
"""The yes of a question of yes or no, in each language."""

MAX_QUESTIONS = 20_000
"""More questions than any whole game asks: a game that asks again and again fails."""


class Chooser:
    """Answers each question with one of its options; keeps the questions and answers."""

    def __init__(
        self, seed: int | None = None, *, enter: bool = True, prefer: str | None = None
    ) -> None:
        """``seed`` draws the options at random (``None``: the first); ``enter`` answers a
        lone option with Enter, else with its name; ``prefer`` is an option taken whenever
        a question lists it (``"Chancellor"``)."""
        self.pick = None if seed is None else random.Random(seed)
        self.enter = enter
        self.prefer = prefer
        self.asked: list[str] = []
        self.answers: list[str] = []

    def __call__(self, prompt: str) -> str:
        """The answer to ``prompt``."""
        self.asked.append(prompt)
        assert len(self.asked) <= MAX_QUESTIONS, f"the game keeps asking: {self.asked[-5:]}"
        found = OPTIONS.search(prompt)
        options = found.group(1) if found else ""
        lone = LONE.match(options)
        if options in YES:
            answer = YES[options]
        elif lone:
            answer = "" if self.enter else lone.group(1)
        elif options:
            listed = options.split(", ")
            if self.prefer in listed:
                answer = self.prefer
            else:
                answer = listed[0] if self.pick is None else self.pick.choice(listed)
        else:
            answer = ""
        self.answers.append(answer)
        return answer


def answering(answers: list[str]) -> Callable[[str], str]:
    """An ``ask`` that gives ``answers`` one by one, then ends the input (``EOFError``)."""
    feed: Iterator[str] = iter(answers)

    def ask(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return ask


def transcript(answers: list[str], **options: Any) -> list[str]:
    """The lines of a game given ``answers`` (prompts and echoed answers among them), then
    the end of input."""
    lines: list[str] = []
    feed = answering(answers)

    def ask(prompt: str) -> str:
        lines.append(prompt)
        assert len(lines) <= 50 * MAX_QUESTIONS, "the game keeps asking"
        return feed(prompt)

    TerminalGame(ask=ask, say=lines.append, **{"echo": True, **options}).run()
    return lines
