"""A table's game as the referee's game log: its rounds' layouts and its commands.

A batch made with ``record=True`` keeps a :class:`GameRecorder`: every step's action ids
and acting seats, and every round's layout (the set-aside card, the face-up cards, the
hands, and the draw pile: the cards drawn from it in the order they were drawn, then
the cards never drawn). :meth:`GameRecorder.log` turns one table's current (or last)
game into a :class:`~loveletter.setup.Setup` whose layout is the first round's, and
the commands: each action as the encoding's command, and after each round but the last
a :class:`~loveletter.commands.Deal` with the next round's layout and starter. Replayed
through :class:`~loveletter.referee.Game`, the log is the game the batch played.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from loveletter.commands import Command, Deal
from loveletter.layout import Layout
from loveletter.research.batch.layout import OVER, Arrays, Deck, Int
from loveletter.serialization import base
from loveletter.serialization.base import FORMAT_VERSION
from loveletter.serialization.states import log_to_data
from loveletter.setup import Setup, seat_names

__all__ = ["GameRecorder", "log_to_json"]

_Round = tuple[int, Int, NDArray[np.int8], NDArray[np.int8]]
"""A round that ended: the step it ended in, its rows, their deals and their piles."""


class GameRecorder:
    """What a batch's games were: the deals, the draws and the actions, for game logs."""

    def __init__(self, s: Arrays, deck: Deck) -> None:
        tables = s.actor.size
        self.s = s
        self.deck = deck
        self.steps: list[tuple[NDArray[np.int16], NDArray[np.int8]]] = []
        """Each step's action ids (-1: the table did not act) and acting seats."""
        self.rounds: list[_Round] = []
        self.start = np.zeros(tables, dtype=np.int64)
        """The step each table's current game started at."""
        self.deals = np.full((tables, 5 + deck.players), deck.none, dtype=np.int8)
        """Each table's current round as dealt: starter, set-aside, three face up, hands."""
        self.pile = np.full((tables, deck.size), deck.none, dtype=np.int8)
        """Each table's current draw pile, as far as it was drawn."""
        self.drawn = np.zeros(tables, dtype=np.int64)

    # -- what the deals and draws tell -------------------------------------------------

    def dealt(self, rows: Int, first: Int, aside: Int, face_up: Int, hands: Int) -> None:
        """``rows`` were dealt a round."""
        self.deals[rows, 0] = first
        self.deals[rows, 1] = aside
        self.deals[rows, 2:5] = face_up
        self.deals[rows, 5:] = hands
        self.pile[rows] = self.deck.none
        self.drawn[rows] = 0

    def drew(self, rows: Int, cards: Int) -> None:
        """``rows`` drew ``cards`` off the unseen part of their piles."""
        self.pile[rows, self.drawn[rows]] = cards
        self.drawn[rows] += 1

    def ended(self, rows: Int) -> None:
        """The round ended at ``rows``: its pile is complete with the cards never drawn."""
        self.rounds.append((len(self.steps) - 1, rows, self.deals[rows].copy(), self._piles(rows)))

    def _piles(self, rows: Int) -> NDArray[np.int8]:
        """The piles of ``rows``: the cards drawn so far, then the cards never drawn."""
        piles = self.pile[rows].copy()
        size = self.deck.size
        places = np.arange(size)
        dealt = self.s.dealt[rows].astype(np.int64)[:, None]
        rest = places >= dealt
        at = np.nonzero(rest)
        never = self.s.deck[rows, :size][rest]
        piles[at[0], (self.drawn[rows][:, None] + places - dealt)[rest]] = never
        return piles

    # -- the batch's own record ------------------------------------------------------------

    def acted(self, actions: Int, actors: Int) -> None:
        """A step: each table's action id (-1: none) and acting seat."""
        self.steps.append((actions.astype(np.int16), actors.astype(np.int8)))

    def started(self, rows: Int) -> None:
        """New games start at ``rows`` (their first round is dealt already)."""
        self.start[rows] = len(self.steps)

    # -- one table's log -----------------------------------------------------------------

    def log(
        self, table: int, *, seed: int, target: int | str | None
    ) -> tuple[Setup, list[Command]]:
        """Table ``table``'s current (or last) game: its setup and its commands."""
        deck = self.deck
        names = seat_names(deck.players)
        begun = int(self.start[table])
        rounds: list[tuple[int, Layout, str]] = []
        for step, rows, deals, piles in self.rounds:
            if step < begun:
                continue
            found = (rows == table).nonzero()[0]
            if found.size:
                row = int(found[0])
                rounds.append((step, *self._layout(deals[row], piles[row], names)))
        if self.s.phase[table] != OVER:
            here = np.array([table])
            deals, piles = self.deals[here], self._piles(here)
            rounds.append((-1, *self._layout(deals[0], piles[0], names)))
        enc = deck.encoding
        commands: list[Command] = []
        ends = {step: index for index, (step, _, _) in enumerate(rounds)}
        for step in range(begun, len(self.steps)):
            actions, actors = self.steps[step]
            action = int(actions[table])
            if action < 0:
                continue
            actor = names[int(actors[table])]
            commands.append(enc.command(action, players=names, actor=actor))
            index = ends.get(step)
            if index is not None and index + 1 < len(rounds):
                _, layout, first = rounds[index + 1]
                commands.append(Deal(layout=layout, first=first))
        _, layout, first = rounds[0]
        setup = Setup(
            players=names,
            edition=deck.edition,
            seed=seed,
            first=first,
            layout=layout,
            target=target,
        )
        return setup, commands

    def _layout(
        self, deal: NDArray[np.int8], pile: NDArray[np.int8], names: tuple[str, ...]
    ) -> tuple[Layout, str]:
        """A round's layout, and its starter's name."""
        cards = self.deck.cards
        none = self.deck.none
        layout = Layout(
            set_aside=cards[int(deal[1])],
            face_up=tuple(cards[int(c)] for c in deal[2:5] if c != none),
            hands=tuple((name, cards[int(c)]) for name, c in zip(names, deal[5:], strict=True)),
            draw_pile=tuple(cards[int(c)] for c in pile if c != none),
        )
        return layout, names[int(deal[0])]


def log_to_json(setup: Setup, commands: list[Command]) -> str:
    """The game log's JSON text, as :func:`loveletter.serialization.to_json` writes a game's."""
    return base.dump({"format": FORMAT_VERSION, **log_to_data(setup, commands)})
