"""A bot that picks uniformly among its legal commands."""

from __future__ import annotations

from loveletter.bots.base import Bot
from loveletter.commands import Command
from loveletter.views import View


class RandomBot(Bot):
    """Plays any legal command, each as likely as the others."""

    name = "random"

    def choose(self, view: View) -> Command:
        """A uniformly random legal command."""
        return self.rng.choice(view.legal)
