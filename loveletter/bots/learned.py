"""A bot learned by self-play and against the heuristic, on the batch engine.

Its policy is a small neural network (two hidden layers) over what its view tells, run
with NumPy alone: no training library at play time. It starts from the heuristic bot's
scores (:class:`~loveletter.bots.heuristic.HeuristicBot`) and learned, by reinforcement
on thousands of tables at once (``tools/train_learned.py``, the ``[training]`` extra),
when to play otherwise. Each legal command's score is the heuristic's score times a
learned weight, plus the network's own preference for the command's parts (the card
played, the seat it chooses, the card it names, the card kept); it plays the best, ties
broken at random. The weights, a small file beside this module (``learned.npz``), were
trained on the 2019 edition, for 2 to 6 players; in another edition it has no weights,
and plays as the heuristic does.

What it reads of a view (:func:`features`), seats by offset from its own: its hand,
whether it chooses a Chancellor's cards, each seat's presence, knock-out, protection,
favor tokens (as a share of the target), discards and last discard, the odds of each
other hand as the heuristic counts them, the cards it has not seen, the draw pile's size
and the target. The batch engine gives the same numbers from its observations
(:func:`loveletter.research.batch.learned.features`), so a policy trained there plays unchanged
here (a test compares the two over thousands of views).

>>> from loveletter import Game, view_for
>>> game = Game.new(["Anna", "Ben"], seed=3, first="Anna")
>>> bot = LearnedBot(seed=1)
>>> bot.join("Anna")
>>> bot.choose(view_for(game.state, "Anna")) in game.legal_commands()
True
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from loveletter.bots.heuristic import HeuristicBot
from loveletter.bots.knowledge import Knowledge
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Play
from loveletter.editions import edition
from loveletter.errors import SetupError
from loveletter.state import Phase
from loveletter.views import SeatView, View


class _NumPy:
    """NumPy, imported when the bot first computes.

    ``import loveletter`` stays free of it (the core depends on attrs alone), and the bot
    plays wherever NumPy is installed.
    """

    def __getattr__(self, name: str) -> Any:
        return getattr(importlib.import_module("numpy"), name)


np: Any = _NumPy()

__all__ = [
    "EDITION",
    "LearnedBot",
    "Weights",
    "action_parts",
    "features",
    "learnable",
    "weights",
]

EDITION = "2019"
"""The edition the shipped weights were trained on."""

WEIGHTS = "learned.npz"
"""The weights' file, package data of :mod:`loveletter.bots`."""


class Weights:
    """The network's arrays, read from an ``.npz`` file (NumPy's own format, no pickles).

    ``w1``, ``b1``, ``w2``, ``b2``: the hidden layers (``tanh``); ``card``, ``offset``,
    ``guess``, ``keep``: each part's embedding, by index (the last row: none);
    ``value``, ``value_bias``: the value head (for training only); ``scale``: the weight
    of the heuristic's scores.
    """

    NAMES = (
        *("w1", "b1", "w2", "b2", "card", "offset", "guess", "keep"),
        *("value", "value_bias", "scale"),
    )

    def __init__(self, arrays: dict[str, Any]) -> None:
        missing = [name for name in self.NAMES if name not in arrays]
        if missing:
            raise SetupError(f"the learned bot's weights lack {', '.join(missing)}")
        self.arrays = {name: np.asarray(arrays[name], dtype=np.float64) for name in self.NAMES}

    @property
    def scale(self) -> float:
        """The weight of the heuristic's scores."""
        return float(self.arrays["scale"].reshape(-1)[0])

    def hidden(self, x: Any) -> Any:
        """The last hidden layer of a batch of features (``(B, F)`` to ``(B, H)``)."""
        a = self.arrays
        return np.tanh(np.tanh(x @ a["w1"] + a["b1"]) @ a["w2"] + a["b2"])

    def embedding(self, parts: Any) -> Any:
        """Each action's embedding (``(A, H)``), from its parts.

        ``parts``, ``(A, 4)``: each action's card, offset, guess and keep, as indices.
        """
        a = self.arrays
        return (
            a["card"][parts[:, 0]]
            + a["offset"][parts[:, 1]]
            + a["guess"][parts[:, 2]]
            + (a["keep"][parts[:, 3]])
        )


def learnable() -> bool:
    """Whether the learned bot can play here: NumPy is installed (the ``[batch]`` extra)."""
    try:
        return importlib.util.find_spec("numpy") is not None
    except ImportError:  # a finder that refuses it outright (the docs' build without it)
        return False


def _need_numpy() -> None:
    if not learnable():  # pragma: no cover (the [batch] extra is there in CI)
        raise SetupError("the learned bot needs NumPy: pip install 'loveletter-referee[batch]'")


@functools.cache
def weights() -> Weights:
    """The shipped weights (read once)."""
    _need_numpy()
    source = resources.files("loveletter.bots").joinpath(WEIGHTS)
    with source.open("rb") as file, np.load(file, allow_pickle=False) as data:
        return Weights(dict(data))


def _seats(view: View) -> list[SeatView]:
    """The seats from the viewer's, clockwise."""
    players = [seat.player for seat in view.seats]
    first = players.index(view.viewer) if view.viewer in players else 0
    return [view.seats[(first + k) % len(players)] for k in range(len(players))]


def features(view: View, known: Knowledge, odds: Callable[[str], Mapping[Card, Any]]) -> Any:
    """What the bot reads of ``view`` (see the module's description), as float32.

    ``known`` is what the view tells (:func:`~loveletter.bots.knowledge.knowledge`),
    ``odds(player)`` a hand's odds by card as the heuristic counts them
    (:meth:`HeuristicBot.odds <loveletter.bots.heuristic.HeuristicBot.odds>`).
    """
    ed = edition(view.edition)
    cards = [spec.card for spec in ed.specs]
    index = {card: k for k, card in enumerate(cards)}
    kinds, most = len(cards), ed.max_players
    hand, unseen = np.zeros(kinds), np.zeros(kinds)
    for card in view.hand:
        hand[index[card]] += 1
    for card, count in known.unseen.items():
        unseen[index[card]] = count
    seats = np.zeros((4, most))
    discards, last, chances = (np.zeros((most, kinds)) for _ in range(3))
    for at, seat in enumerate(_seats(view)):
        seats[:, at] = (1.0, seat.out, seat.protected, seat.tokens / view.target)
        for card in seat.discards:
            discards[at, index[card]] += 1
        if seat.discards:
            last[at, index[seat.discards[-1]]] = 1.0
        if at and not seat.out:
            for card, chance in odds(seat.player).items():
                chances[at, index[card]] = float(chance)
    table = (view.phase is Phase.CHOOSE, view.draw_pile_size / len(ed.deck), view.target / 10)
    parts = (hand, seats, discards, last, chances, unseen, np.array(table, dtype=np.float64))
    return np.concatenate([part.ravel() for part in parts]).astype(np.float32)


def action_parts(view: View, commands: Sequence[Command]) -> Any:
    """``(len(commands), 4)``: each command's parts, as indices.

    The card played, the seat offset chosen, the card named and the card kept (the kinds'
    count, or the largest table, for none).
    """
    ed = edition(view.edition)
    index = {spec.card: k for k, spec in enumerate(ed.specs)}
    kinds, most = len(index), ed.max_players
    players = [seat.player for seat in view.seats]
    rows = []
    for command in commands:
        row = [kinds, most, kinds, kinds]
        if isinstance(command, Play):
            row[0] = index[command.card]
            if command.target is not None:
                actor = players.index(command.player)
                row[1] = (players.index(command.target) - actor) % len(players)
            if isinstance(command.guess, Card):
                row[2] = index[command.guess]
        elif isinstance(command, Choose):
            row[3] = index[command.keep]
        rows.append(row)
    return np.array(rows, dtype=np.intp).reshape(-1, 4)


class LearnedBot(HeuristicBot):
    """The heuristic bot that learned when to play otherwise (see the module's description).

    It counts cards and scores commands as the heuristic does, and adds the network's
    preferences to its scores.
    """

    name = "learned"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed)
        _need_numpy()
        self._weights = weights()

    def preferences(self, view: View) -> Any:
        """Each legal command's score, in the order of ``view.legal`` (it plays the best).

        In an edition other than :data:`EDITION` the scores are the heuristic's alone.
        """
        heuristic = np.array([float(score) for score in self._scores(view)])
        if view.edition != EDITION:
            return heuristic
        w = self._weights
        x = features(view, self._knowledge(view), lambda player: self.odds(view, player))
        hidden = w.hidden(x[None, :])[0]
        return w.scale * heuristic + w.embedding(action_parts(view, view.legal)) @ hidden

    def choose(self, view: View) -> Command:
        """The legal command the policy prefers (ties broken at random)."""
        scores = self.preferences(view)
        best = np.flatnonzero(scores == scores.max())
        return view.legal[int(best[self.rng.randrange(len(best))])]
