"""A bot that counts cards and plays the odds.

It reads what its view tells of each other player's hand (:mod:`loveletter.bots.knowledge`): a
card known held (its own Priest, Baron and King, what happened since), the cards everyone
knows a hand does not hold (a Guard that missed, a comparison won, a King or Prince played
without the Countess). Everything else is counted: the cards it has not seen are what any
unknown hand may hold. With that it names the likeliest card with the Guard, compares
with the Baron when its other card is high, hides a high card behind the Handmaid, aims
the Prince at the likely Princess, and never plays the Princess while it has another
choice.

Its odds and scores are exact fractions (:class:`fractions.Fraction`), never floats, so it
makes the same choices on every Python: a float sum's last bit may differ from one
interpreter to the next (``sum()`` became more precise in 3.12), and one bit is enough to
change a close choice and, with it, a whole simulation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import NamedTuple

from loveletter.bots.base import Bot
from loveletter.bots.knowledge import Knowledge, knowledge
from loveletter.cardrule import CardRule, Intent, rule_of
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Play
from loveletter.editions import Edition, edition
from loveletter.views import View

_Values = Mapping[Card, int]
_Odds = Callable[[str], dict[Card, Fraction]]


class _Considered(NamedTuple):
    """A play the bot considers, and what it weighs it with.

    Its card's record, the command, the card it would keep, the cards' values, and the
    odds of each player's hand.
    """

    rule: CardRule
    command: Play
    kept: Card
    value: _Values
    odds: _Odds


class HeuristicBot(Bot):
    """Counts cards, reads what its view tells, and scores each legal command."""

    name = "heuristic"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed)
        self._read: tuple[View, Knowledge] | None = None

    def _knowledge(self, view: View) -> Knowledge:
        """What the view tells, read once per view."""
        if self._read is None or self._read[0] is not view:
            self._read = (view, knowledge(view))
        return self._read[1]

    # -- odds ----------------------------------------------------------------------------

    def odds(self, view: View, player: str) -> dict[Card, Fraction]:
        """How likely ``player`` is to hold each card, as far as this bot can tell.

        It reads what the view tells (:func:`loveletter.bots.knowledge.knowledge`): a card
        known held is certain; otherwise every unseen card counts, less those ruled out.
        The chances are exact fractions that add up to 1 (or the answer is empty, when no
        card is left unseen).
        """
        known = self._knowledge(view)
        held = known.holds.get(player, ())
        if held:
            return {held[0]: Fraction(1)}
        unseen = {card: count for card, count in known.unseen.items() if count > 0}
        ruled_out = known.not_holding.get(player, frozenset())
        counts = {card: n for card, n in unseen.items() if card not in ruled_out} or unseen
        total = sum(counts.values())
        return {card: Fraction(n, total) for card, n in counts.items()} if total else {}

    # -- choice ------------------------------------------------------------------------

    def choose(self, view: View) -> Command:
        """The legal command with the best score (ties broken at random)."""
        scored = [
            (score, self.rng.random(), command)
            for score, command in zip(self._scores(view), view.legal, strict=True)
        ]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def ranked(self, view: View) -> list[Command]:
        """The legal commands of ``view``, the best first by this bot's score.

        Commands that score the same keep the order of ``view.legal``; no randomness is
        drawn (a search bot narrows its moves with it,
        :class:`~loveletter.bots.ismcts.IsmctsBot`).
        """
        scores = self._scores(view)
        order = sorted(range(len(scores)), key=lambda index: -scores[index])
        return [view.legal[index] for index in order]

    def _scores(self, view: View) -> list[Fraction]:
        """The score of each legal command of ``view``, in order."""
        if self.player is None:
            self.player = view.viewer
        ed = edition(view.edition)
        odds: dict[str, dict[Card, Fraction]] = {}

        def odds_of(player: str) -> dict[Card, Fraction]:
            if player not in odds:
                odds[player] = self.odds(view, player)
            return odds[player]

        return [self._score(view, ed, command, odds_of) for command in view.legal]

    def _score(
        self,
        view: View,
        ed: Edition,
        command: Command,
        odds_of: Callable[[str], dict[Card, Fraction]],
    ) -> Fraction:
        if isinstance(command, Choose):
            return Fraction(ed.value[command.keep])
        if not isinstance(command, Play):
            return _ZERO
        value = ed.value
        hand = list(view.hand)
        hand.remove(command.card)
        kept = hand[0]
        score = _KEEP_PER_POINT * value[kept]  # keep the higher card for the showdown
        rule = rule_of(command.card)
        scorer = _SCORERS.get(rule.intent)
        if scorer is not None:
            score += scorer(self, _Considered(rule, command, kept, value, odds_of))
        return score

    # -- what each kind of effect is worth (as its rule record says what it does) ----------

    def _guess(self, it: _Considered) -> Fraction:
        command = it.command
        if command.target is None or not isinstance(command.guess, Card):
            return _ZERO
        return it.odds(command.target).get(command.guess, _ZERO)

    def _look(self, it: _Considered) -> Fraction:
        target = it.command.target
        if target is None:
            return _ZERO
        certain = len(it.odds(target)) == 1
        return _PRIEST_KNOWN if certain else _PRIEST_UNKNOWN

    def _compare(self, it: _Considered) -> Fraction:
        if it.command.target is None:
            return _ZERO
        value, mine = it.value, it.value[it.kept]
        chances = it.odds(it.command.target)
        lower = sum((p for c, p in chances.items() if value[c] < mine), _ZERO)
        higher = sum((p for c, p in chances.items() if value[c] > mine), _ZERO)
        win, lose = (lower, higher) if it.rule.lower_loses else (higher, lower)
        return win - _BARON_LOSS * lose

    def _protect(self, it: _Considered) -> Fraction:
        return _HANDMAID + _HANDMAID_PER_POINT * it.value[it.kept]

    def _replace(self, it: _Considered) -> Fraction:
        target = it.command.target
        if target == self.player:
            if _fatal(it.kept):
                return _PRINCE_OWN_PRINCESS
            return _PRINCE_SELF - _PRINCE_SELF_PER_POINT * it.value[it.kept]
        if target is None:
            return _ZERO
        chances = it.odds(target)
        expected = sum((p * it.value[c] for c, p in chances.items()), _ZERO)
        fatal = sum((p for c, p in chances.items() if _fatal(c)), _ZERO)
        return fatal + _PRINCE_PER_POINT * expected

    def _trade(self, it: _Considered) -> Fraction:
        command, value, kept = it.command, it.value, it.kept
        if command.target is None or command.also:
            return _ZERO  # nobody to trade with, or two others trading
        chances = it.odds(command.target)
        gain = sum((p * (value[c] - value[kept]) for c, p in chances.items()), _ZERO)
        return _KING_PER_POINT * gain - (_KING_GIVES_PRINCESS if _fatal(kept) else _ZERO)

    def _nothing(self, it: _Considered) -> Fraction:
        return _SPY if it.rule.bonus is not None else _COUNTESS

    def _draw(self, it: _Considered) -> Fraction:
        return _CHANCELLOR

    def _lose(self, it: _Considered) -> Fraction:
        return _NEVER - _KEEP_PER_POINT * it.value[it.kept]  # never, whatever is kept


def _fatal(card: Card) -> bool:
    """Whether losing ``card`` from one's hand knocks its holder out (the Princess)."""
    return rule_of(card).intent is Intent.LOSE


_SCORERS: dict[Intent, Callable[[HeuristicBot, _Considered], Fraction]] = {
    Intent.GUESS: HeuristicBot._guess,
    Intent.LOOK: HeuristicBot._look,
    Intent.COMPARE: HeuristicBot._compare,
    Intent.PROTECT: HeuristicBot._protect,
    Intent.REPLACE: HeuristicBot._replace,
    Intent.TRADE: HeuristicBot._trade,
    Intent.NOTHING: HeuristicBot._nothing,
    Intent.DRAW_AND_RETURN: HeuristicBot._draw,
    Intent.LOSE: HeuristicBot._lose,
}
"""What a play is worth, by what its card's effect does (:class:`loveletter.cardrule.Intent`)."""


# The weights of the scores, exact: a command's score is what it is likely to gain, in
# chances of knocking a player out, plus these small preferences.
_ZERO = Fraction(0)
_NEVER = Fraction(-100)
_KEEP_PER_POINT = Fraction(2, 100)
_PRIEST_UNKNOWN = Fraction(15, 100)
_PRIEST_KNOWN = Fraction(2, 100)
_BARON_LOSS = Fraction(12, 10)
_HANDMAID = Fraction(20, 100)
_HANDMAID_PER_POINT = Fraction(5, 100)
_PRINCE_OWN_PRINCESS = Fraction(-5)
_PRINCE_SELF = Fraction(5, 100)
_PRINCE_SELF_PER_POINT = Fraction(4, 100)
_PRINCE_PER_POINT = Fraction(3, 100)
_KING_PER_POINT = Fraction(5, 100)
_KING_GIVES_PRINCESS = Fraction(1)
_COUNTESS = Fraction(10, 100)
_SPY = Fraction(25, 100)
_CHANCELLOR = Fraction(15, 100)
