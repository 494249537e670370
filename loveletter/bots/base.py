"""What every bot is: it observes its own redacted events and chooses from its view."""

from __future__ import annotations

import random

from loveletter.commands import Command
from loveletter.events import Event
from loveletter.views import View


class Bot:
    """A player driven by code. Subclasses implement :meth:`choose`.

    A bot draws its randomness from ``self.rng`` (seeded), so a seeded game replays. To
    give the same games on every Python, it compares exact scores (whole numbers or
    :class:`fractions.Fraction`): floats can differ in their last bit from one version to
    the next (``sum()`` changed in 3.12), and so would a close choice.
    """

    name = "bot"

    def __init__(self, *, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.player: str | None = None

    def join(self, player: str) -> None:
        """Sit down as ``player`` (before the first event)."""
        self.player = player

    def observe(self, event: Event) -> None:
        """Something happened, as this bot's player saw it (a redacted event)."""

    def choose(self, view: View) -> Command:
        """The command to send, among ``view.legal`` (it is this bot's turn)."""
        raise NotImplementedError
