"""A bot that searches: information-set Monte Carlo search over sampled deals.

For each decision it deals the cards it has not seen, again and again, among the deals
that agree with its view (:class:`loveletter.bots.sampling.Sampler`): one deal per
*iteration*, its budget. On every deal it tries each of its candidate moves, and plays
the rest of the round out with a model of every player (the heuristic bot, each from
their own view of that deal); a move scores the tokens the round gave its player, less
the most any other player gained. The move with the best total over all the deals is
played. Every candidate is tried on the same deals with the same play-out's randomness,
so moves are compared on equal terms (common random numbers); the search is over the
bot's own information set, one move deep, the model playing everything after.

Two things make it stronger than the model it searches with:

- **a prior on the deals**: players keep their better card. A deal in which an
  opponent's hidden card is worth less than the card they last discarded is kept with
  probability :attr:`IsmctsBot.keep_prior` only (the sampler's ``weight``); the sampler
  alone models no choice, so every deal that agrees with the view would be as likely;
- **the candidates**: the heuristic's best :attr:`IsmctsBot.candidates` moves, so the
  budget goes to moves worth comparing.

It reads nothing but its view, and draws only from its own seeded generator; its scores
are whole numbers: with the same seed, view and budget it decides the same on every
machine and every Python. A time limit may be given instead (``time_limit`` seconds of
CPU time per decision); its decisions then depend on the machine's speed and are not
reproducible.

>>> from loveletter import Game, view_for
>>> game = Game.new(["Anna", "Ben"], seed=1, first="Anna")
>>> bot = IsmctsBot(seed=1, iterations=10)
>>> command = bot.choose(view_for(game.state, "Anna"))
>>> game.is_legal(command)
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence

from loveletter.bots.base import Bot
from loveletter.bots.heuristic import HeuristicBot
from loveletter.bots.sampling import Sampler
from loveletter.cardrule import rule_of
from loveletter.cards import Card
from loveletter.commands import Command
from loveletter.referee import Game
from loveletter.state import Phase, State
from loveletter.views import View, view_for

__all__ = ["IsmctsBot"]

_RUNNING = (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)


class IsmctsBot(Bot):
    """Searches the round ahead over deals it cannot tell apart (see the module)."""

    name = "ismcts"
    iterations = 40
    """The default budget: deals searched per decision (48 ms of CPU time per decision
    on average at two players, on the machine the project is measured on, with a load
    average of 2.3 to 2.6 on its two cores, ``tools/decision_time.py``; 69.3% of
    two-player games won against the heuristic bot). Another budget is a spec away:
    ``make_bot("ismcts:iterations=5", seed=1)``, ``--bots ismcts:iterations=5``."""
    candidates = 6
    """How many moves are searched: the heuristic bot's best ones."""
    keep_prior = 0.05
    """How likely a deal is kept in which an opponent holds a card worth less than the
    card they last discarded (1 would be no prior: every deal as likely)."""

    def __init__(
        self,
        *,
        seed: int = 0,
        iterations: int | None = None,
        time_limit: float | None = None,
        candidates: int | None = None,
        keep_prior: float | None = None,
    ) -> None:
        super().__init__(seed=seed)
        if iterations is not None:
            self.iterations = iterations
        if candidates is not None:
            self.candidates = candidates
        if keep_prior is not None:
            self.keep_prior = keep_prior
        if not 0 <= self.keep_prior <= 1:
            raise ValueError(f"keep_prior must be between 0 and 1, not {self.keep_prior!r}")
        if self.iterations < 1 or self.candidates < 1:
            raise ValueError("iterations and candidates must be at least 1")
        self.time_limit = time_limit

    @classmethod
    def budgeted(cls, iterations: int) -> type[IsmctsBot]:
        """A kind of this bot with another budget, named ``ismcts-<iterations>``.

        >>> IsmctsBot.budgeted(100).name, IsmctsBot.budgeted(100).iterations
        ('ismcts-100', 100)
        """
        return type(
            f"Ismcts{iterations}",
            (cls,),
            {"name": f"ismcts-{iterations}", "iterations": iterations},
        )

    def choose(self, view: View) -> Command:
        """The candidate move with the best total score over the deals searched."""
        if self.player is None:
            self.player = view.viewer
        legal = view.legal
        if len(legal) == 1 or view.phase not in _RUNNING:
            return legal[0]
        moves = HeuristicBot().ranked(view)[: self.candidates]
        if len(moves) == 1:
            return moves[0]
        me = view.viewer
        if me is None:
            return moves[0]
        sampler = Sampler(view)
        weight = _prior(view, sampler, self.keep_prior)
        totals = [0] * len(moves)
        deadline = None if self.time_limit is None else time.process_time() + self.time_limit
        done = 0
        while done < self.iterations if deadline is None else time.process_time() < deadline:
            deal = sampler.sample(self.rng, seed=0, weight=weight)
            luck = self.rng.getrandbits(32)
            for index, move in enumerate(moves):
                totals[index] += _play_out(deal, move, me, luck)
            done += 1
        best = max(range(len(moves)), key=lambda index: (totals[index], -index))
        return moves[best]


def _prior(
    view: View, sampler: Sampler, keep_prior: float
) -> Callable[[Mapping[str, tuple[Card, ...]]], float] | None:
    """The weight of a deal: ``keep_prior`` per opponent who kept the worse card.

    That is, their hidden card is worth less than the card they last discarded, which
    did not have to be played with it (as the Countess with a King). An opponent whose
    one card the viewer knows holds it in every deal, so that they weigh nothing.
    """
    if keep_prior >= 1:
        return None
    value = sampler.edition.value
    last = {
        seat.player: (value[seat.discards[-1]], rule_of(seat.discards[-1]).forced_by)
        for seat in view.seats
        if seat.player != view.viewer
        and seat.discards
        and not seat.out
        and not (seat.hand_size == 1 and seat.known)
    }
    if not last:
        return None

    def weight(hands: Mapping[str, tuple[Card, ...]]) -> float:
        kept = 1.0
        for player, hand in hands.items():
            played = last.get(player)
            if played is None or len(hand) != 1:
                continue
            card = hand[0]
            if value[card] < played[0] and card not in played[1]:
                kept *= keep_prior
        return kept

    return weight


def _play_out(deal: State, move: Command, me: str, luck: int) -> int:
    """``move`` on ``deal``, the round played out by the model: ``me``'s score."""
    game = Game.from_state(deal, check=False)
    start = deal.tokens
    game.apply(move, check=False, record=False)
    rng = random.Random(luck)
    models: dict[str, HeuristicBot] = {}
    while game.phase in _RUNNING:
        legal = game.legal_commands()
        if len(legal) == 1:
            game.apply(legal[0], check=False, record=False)
            continue
        mover = game.player_to_act
        assert mover is not None
        model = models.get(mover)
        if model is None:
            model = models[mover] = HeuristicBot(seed=rng.getrandbits(32))
        game.apply(model.choose(view_for(game.state, mover)), check=False, record=False)
    return _score(game.state, start, me)


def _score(state: State, start: Sequence[int], me: str) -> int:
    """The tokens ``me`` gained this round, less the most any other player gained."""
    gained = [after - before for after, before in zip(state.tokens, start, strict=True)]
    seat = state.players.index(me)
    return gained[seat] - max(g for other, g in enumerate(gained) if other != seat)
