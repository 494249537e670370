"""Seeded games of bots through the referee, decision by decision (for differential tests)."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from loveletter import Deal, Game
from loveletter.bots import Bot
from loveletter.commands import Command
from loveletter.setup import seat_names
from loveletter.state import Phase
from loveletter.views import View, view_for


def decisions(
    *, edition: str, players: int, games: int, bot: Callable[[int, int], Bot]
) -> Iterator[tuple[View, Bot, Command]]:
    """Each decision of ``games`` seeded games (game ``k`` of seed ``k``): the view, the
    bot that decides and its command, before it is applied. ``bot(game, seat)`` makes
    each seat's bot."""
    names = seat_names(players)
    for number in range(games):
        game = Game.new(names, edition=edition, seed=number)
        bots = [bot(number, seat) for seat in range(players)]
        for each, player in zip(bots, names, strict=True):
            each.join(player)
        while game.state.phase is not Phase.GAME_OVER:
            state = game.state
            if state.phase is Phase.ROUND_OVER:
                game.apply(Deal())
                continue
            acting = bots[state.to_act]
            view = view_for(state, names[state.to_act])
            command = acting.choose(view)
            yield view, acting, command
            game.apply(command)
