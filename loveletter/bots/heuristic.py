"""A bot that counts cards and plays the odds.

It keeps, for the current round, what it knows of each other player's hand (from its own
Priest, Baron and King, and from what it sees happen afterwards) and what they cannot
hold (its Guards' misses). Everything else is counted: the deck, less its own hand, the
discards, the face-up cards and the cards it knows are held, is what any unknown hand may
hold. With that it names the likeliest card with the Guard, compares with the Baron when
its other card is high, hides a high card behind the Handmaid, aims the Prince at the
likely Princess, and never plays the Princess while it has another choice.

Its odds and scores are exact fractions (:class:`fractions.Fraction`), never floats, so it
makes the same choices on every Python: a float sum's last bit may differ from one
interpreter to the next (``sum()`` became more precise in 3.12), and one bit is enough to
change a close choice and, with it, a whole simulation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import ClassVar, NamedTuple

from loveletter.bots.base import Bot
from loveletter.cardrule import CardRule, Intent, rule_of
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Play
from loveletter.editions import Edition, edition
from loveletter.events import (
    CardPlayed,
    Event,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    PlayerKnockedOut,
    RoundStarted,
)
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
    """Counts cards, remembers what it was shown, and scores each legal command."""

    name = "heuristic"

    def __init__(self, *, seed: int = 0) -> None:
        super().__init__(seed=seed)
        self.known: dict[str, Card] = {}
        self.excluded: dict[str, set[Card]] = {}

    # -- memory ----------------------------------------------------------------------

    def _forget(self, player: str) -> None:
        self.known.pop(player, None)
        self.excluded.pop(player, None)

    def observe(self, event: Event) -> None:
        """Update what this bot knows of the other hands."""
        learn = self._LEARNERS.get(type(event))
        if learn is not None:
            learn(self, event)

    def _round_started(self, event: Event) -> None:
        self.known.clear()
        self.excluded.clear()

    def _hand_seen(self, event: Event) -> None:
        assert isinstance(event, HandSeen)
        if event.player == self.player and event.card is not None:
            self.known[event.target] = event.card

    def _hands_compared(self, event: Event) -> None:
        assert isinstance(event, HandsCompared)
        me = self.player
        if me == event.player:
            other, card = event.target, event.target_card
        elif me == event.target:
            other, card = event.player, event.player_card
        else:
            return
        if card is not None and event.loser is None:
            self.known[other] = card

    def _hands_traded(self, event: Event) -> None:
        assert isinstance(event, HandsTraded)
        me = self.player
        if me == event.player and event.target_received is not None:
            self._forget(event.target)
            self.known[event.target] = event.target_received
        elif me == event.target and event.player_received is not None:
            self._forget(event.player)
            self.known[event.player] = event.player_received
        else:
            self._swap(event.player, event.target)

    def _swap(self, a: str, b: str) -> None:
        """Two other players traded hands: what was known of each goes with the hand."""
        known = self.known.pop(a, None), self.known.pop(b, None)
        excluded = self.excluded.pop(a, None), self.excluded.pop(b, None)
        for player, card, cards in ((a, known[1], excluded[1]), (b, known[0], excluded[0])):
            if card is not None:
                self.known[player] = card
            if cards:
                self.excluded[player] = cards

    def _card_played(self, event: Event) -> None:
        assert isinstance(event, CardPlayed)
        if event.player == self.player:
            return
        held = self.known.get(event.player)
        if held is None or held is event.card or rule_of(event.card).draws:
            # It may have been the known card that went; the other card is new.
            self._forget(event.player)

    def _guard_guessed(self, event: Event) -> None:
        assert isinstance(event, GuardGuessed)
        if not event.hit and isinstance(event.guess, Card):
            self.excluded.setdefault(event.target, set()).add(event.guess)

    def _hand_gone(self, event: Event) -> None:
        assert isinstance(event, (HandDiscarded, PlayerKnockedOut))
        self._forget(event.player)

    _LEARNERS: ClassVar[dict[type[Event], Callable[[HeuristicBot, Event], None]]] = {
        RoundStarted: _round_started,
        HandSeen: _hand_seen,
        HandsCompared: _hands_compared,
        HandsTraded: _hands_traded,
        CardPlayed: _card_played,
        GuardGuessed: _guard_guessed,
        HandDiscarded: _hand_gone,
        PlayerKnockedOut: _hand_gone,
    }
    """What the bot learns from each kind of event."""

    # -- odds ----------------------------------------------------------------------------

    def _unseen(self, view: View, ed: Edition) -> Counter[Card]:
        unseen = Counter(ed.deck)
        unseen.subtract(view.hand)
        unseen.subtract(view.face_up)
        for seat in view.seats:
            unseen.subtract(seat.discards)
            if not seat.out and seat.player in self.known:
                unseen[self.known[seat.player]] -= 1
        return Counter({card: count for card, count in unseen.items() if count > 0})

    def odds(self, view: View, player: str) -> dict[Card, Fraction]:
        """How likely ``player`` is to hold each card, as far as this bot can tell.

        The chances are exact fractions that add up to 1 (or the answer is empty, when
        no card is left unseen).
        """
        if player in self.known:
            return {self.known[player]: Fraction(1)}
        ed = edition(view.edition)
        unseen = self._unseen(view, ed)
        excluded = self.excluded.get(player, set())
        counts = {card: n for card, n in unseen.items() if card not in excluded} or dict(unseen)
        total = sum(counts.values())
        return {card: Fraction(n, total) for card, n in counts.items()} if total else {}

    # -- choice ------------------------------------------------------------------------

    def choose(self, view: View) -> Command:
        """The legal command with the best score (ties broken at random)."""
        if self.player is None:
            self.player = view.viewer
        ed = edition(view.edition)
        odds: dict[str, dict[Card, Fraction]] = {}

        def odds_of(player: str) -> dict[Card, Fraction]:
            if player not in odds:
                odds[player] = self.odds(view, player)
            return odds[player]

        scored = [
            (self._score(view, ed, command, odds_of), self.rng.random(), command)
            for command in view.legal
        ]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

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
        return _PRIEST_UNKNOWN if target not in self.known else _PRIEST_KNOWN

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
