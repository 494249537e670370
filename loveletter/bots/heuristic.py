"""A bot that counts cards and plays the odds.

It keeps, for the current round, what it knows of each other player's hand (from its own
Priest, Baron and King, and from what it sees happen afterwards) and what they cannot
hold (its Guards' misses). Everything else is counted: the deck, less its own hand, the
discards, the face-up cards and the cards it knows are held, is what any unknown hand may
hold. With that it names the likeliest card with the Guard, compares with the Baron when
its other card is high, hides a high card behind the Handmaid, aims the Prince at the
likely Princess, and never plays the Princess while it has another choice.
"""

from __future__ import annotations

from collections import Counter

from loveletter.bots.base import Bot
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
        me = self.player
        if isinstance(event, RoundStarted):
            self.known.clear()
            self.excluded.clear()
        elif isinstance(event, HandSeen) and event.player == me and event.card is not None:
            self.known[event.target] = event.card
        elif isinstance(event, HandsCompared) and me in (event.player, event.target):
            other, card = (
                (event.target, event.target_card)
                if me == event.player
                else (event.player, event.player_card)
            )
            if card is not None and event.loser is None:
                self.known[other] = card
        elif isinstance(event, HandsTraded):
            if me == event.player and event.target_received is not None:
                self._forget(event.target)
                self.known[event.target] = event.target_received
            elif me == event.target and event.player_received is not None:
                self._forget(event.player)
                self.known[event.player] = event.player_received
            else:
                a, b = event.player, event.target
                known_a, known_b = self.known.pop(a, None), self.known.pop(b, None)
                excluded_a, excluded_b = self.excluded.pop(a, None), self.excluded.pop(b, None)
                if known_b is not None:
                    self.known[a] = known_b
                if known_a is not None:
                    self.known[b] = known_a
                if excluded_b:
                    self.excluded[a] = excluded_b
                if excluded_a:
                    self.excluded[b] = excluded_a
        elif isinstance(event, CardPlayed) and event.player != me:
            held = self.known.get(event.player)
            if held is None or held is event.card or event.card is Card.CHANCELLOR:
                # It may have been the known card that went; the other card is new.
                self._forget(event.player)
        elif isinstance(event, GuardGuessed) and not event.hit:
            self.excluded.setdefault(event.target, set()).add(event.guess)
        elif isinstance(event, (HandDiscarded, PlayerKnockedOut)):
            self._forget(event.player)

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

    def odds(self, view: View, player: str) -> dict[Card, float]:
        """How likely ``player`` is to hold each card, as far as this bot can tell."""
        if player in self.known:
            return {self.known[player]: 1.0}
        ed = edition(view.edition)
        unseen = self._unseen(view, ed)
        excluded = self.excluded.get(player, set())
        counts = {card: n for card, n in unseen.items() if card not in excluded} or dict(unseen)
        total = sum(counts.values())
        return {card: n / total for card, n in counts.items()} if total else {}

    # -- choice ------------------------------------------------------------------------

    def choose(self, view: View) -> Command:
        """The legal command with the best score (ties broken at random)."""
        if self.player is None:
            self.player = view.viewer
        ed = edition(view.edition)
        scored = [
            (self._score(view, ed, command), self.rng.random(), command) for command in view.legal
        ]
        return max(scored, key=lambda item: (item[0], item[1]))[2]

    def _score(self, view: View, ed: Edition, command: Command) -> float:
        if isinstance(command, Choose):
            return self._keep_score(ed, command.keep)
        if not isinstance(command, Play):
            return 0.0
        value = ed.value
        hand = list(view.hand)
        hand.remove(command.card)
        kept = hand[0]
        score = 0.02 * value[kept]  # keep the higher card for the showdown
        card, target = command.card, command.target
        if card is Card.PRINCESS:
            return -100.0
        if card is Card.GUARD:
            if target is not None and command.guess is not None:
                score += self.odds(view, target).get(command.guess, 0.0)
        elif card is Card.PRIEST:
            score += 0.0 if target is None else (0.15 if target not in self.known else 0.02)
        elif card is Card.BARON:
            if target is not None:
                odds = self.odds(view, target)
                win = sum(p for c, p in odds.items() if value[c] < value[kept])
                lose = sum(p for c, p in odds.items() if value[c] > value[kept])
                score += win - 1.2 * lose
        elif card is Card.HANDMAID:
            score += 0.2 + 0.05 * value[kept]
        elif card is Card.PRINCE:
            if target == self.player:
                score += -5.0 if kept is Card.PRINCESS else 0.05 - 0.04 * value[kept]
            elif target is not None:
                odds = self.odds(view, target)
                score += odds.get(Card.PRINCESS, 0.0) + 0.03 * sum(
                    p * value[c] for c, p in odds.items()
                )
        elif card is Card.KING:
            if target is not None:
                odds = self.odds(view, target)
                gain = sum(p * (value[c] - value[kept]) for c, p in odds.items())
                score += 0.05 * gain - (1.0 if kept is Card.PRINCESS else 0.0)
        elif card is Card.COUNTESS:
            score += 0.1
        elif card is Card.SPY:
            score += 0.25
        elif card is Card.CHANCELLOR:
            score += 0.15
        return score

    @staticmethod
    def _keep_score(ed: Edition, keep: Card) -> float:
        return float(ed.value[keep])
