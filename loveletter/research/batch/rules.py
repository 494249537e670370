"""The rules as masked array operations: a play, a Chancellor's choice, the turn, the round.

Each card's effect is a function of the tables that play it (:data:`EFFECTS`, by card),
in the order of the referee's rule modules: ``rules/baron.py`` is
:func:`~loveletter.research.batch.rules.baron` here.
A step takes each table's move as arrays (the card, the seat it chooses, the card it
names; or the Chancellor's keep and returns), applies the plays card by card to the
tables that made them, ends the turns, ends the rounds that are over (tokens, the Spy,
the game's end) and deals the next ones. There is no loop over tables: the loops are
over cards and, in a few places, seats.

What players know (the ``known``, ``ruled_out`` and ``tied`` arrays and who knows the
cards under the pile) changes in the order the referee notes it
(:class:`loveletter.motion.Motion`): a play forgets what was known of the card played, a
knock-out or a Prince's discard forgets all that was known of a hand, a comparison or a
King's trade teaches both players, a Guard that missed rules a card out.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import NDArray

from loveletter.cards import Card
from loveletter.research.batch.deal import Recorder, deal, draw, pile_size, under_pile
from loveletter.research.batch.layout import CHOOSE, OVER, PLAY, Arrays, Deck, Int

__all__ = [
    "EFFECTS",
    "Effect",
    "Outcome",
    "Tables",
    "baron",
    "chancellor",
    "countess",
    "guard",
    "handmaid",
    "king",
    "priest",
    "prince",
    "princess",
    "spy",
]


class Outcome:
    """What a step ended: rounds, games, and how.

    The tables whose round ended (and whether by the last survivor), those whose game
    did, each such game's winners (bits) and its rounds.
    """

    __slots__ = ("games", "rounds", "rounds_played", "survivor", "winners")

    def __init__(
        self,
        rounds: Int,
        survivor: NDArray[np.bool_],
        games: Int,
        winners: Int,
        rounds_played: Int,
    ) -> None:
        self.rounds = rounds
        self.survivor = survivor
        self.games = games
        self.winners = winners
        self.rounds_played = rounds_played


class Tables:
    """A batch's arrays and what plays them: the edition, the generator, the settings.

    ``observe`` keeps what players know (for observations); ``recorder`` is told every
    deal and draw (for game logs).
    """

    def __init__(
        self,
        s: Arrays,
        deck: Deck,
        rng: np.random.Generator,
        *,
        target: int,
        observe: bool,
        recorder: Recorder | None,
    ) -> None:
        self.s = s
        self.deck = deck
        self.rng = rng
        self.target = target
        self.observe = observe
        self.recorder = recorder
        self._ended: list[Int] = []
        self._survivor: list[NDArray[np.bool_]] = []
        self._over: list[Int] = []
        self._knocked: list[tuple[Int, Int]] = []
        self._won: list[Int] = []
        self._rounds: list[Int] = []
        count = deck.players
        every = np.full(8, 0xFF, dtype=np.uint8)
        untied = np.array([every & ~deck.bit[seat] for seat in range(count)], dtype=np.uint8)
        untied[np.arange(count), np.arange(count)] = 0
        self._untied = untied.view(np.uint64).reshape(-1)
        """``_untied[seat]``: a table's ties (as one word) less those of ``seat``."""
        self._eight = np.repeat(np.arange(deck.kinds + 1, dtype=np.int8), 8).reshape(-1, 8)
        """``_eight[card]``: the card eight times (a row of ``known``)."""
        self._unknown = self._eight[deck.none].view(np.uint64)[0]
        """A row of ``known`` in which nothing is known, as one word."""
        shown = np.zeros(deck.kinds + 1, dtype=np.uint16)
        if deck.role[Card.COUNTESS] >= 0:  # LL19-COUNTESS-FORCED
            shown[[deck.role[Card.KING], deck.role[Card.PRINCE]]] = 1 << deck.role[Card.COUNTESS]
        self._shown = shown
        """``_shown[card]``: the cards everyone knows its player did not hold with it."""
        self._card_keys = np.arange(0, 2 * deck.kinds + 1, 2, dtype=np.int8)
        """Where each card's plays start in the order of :meth:`play`'s keys."""
        self.restarts = 0
        """How many games to start at tables whose games end (bulk play): each is dealt at
        once, in the step that ended the last, with no tokens and a starter at random."""

    # -- small moves shared by several cards ------------------------------------------

    def at(self, rows: Int, seats: Int) -> Int:
        """Where ``seats`` of ``rows`` lie in a flattened ``(B, n)`` array."""
        result: Int = rows * self.deck.players + seats
        return result

    def held(self, rows: Int, seats: Int) -> Int:
        """The cards ``seats`` of ``rows`` hold (``K``: none)."""
        result: Int = self.s.hand.reshape(-1).take(rows * self.deck.players + seats)
        return result

    def hold(self, rows: Int, seats: Int, cards: Int | int) -> None:
        """``seats`` of ``rows`` hold ``cards`` now."""
        self.s.hand.reshape(-1)[rows * self.deck.players + seats] = cards

    def draw(self, rows: Int, seats: Int) -> Int:
        """Each of ``seats`` draws the top card of its pile."""
        return draw(self.s, self.deck, self.rng, rows, seats, self.observe, self.recorder)

    def discard(self, at: Int, cards: Int) -> None:
        """``cards`` land face up in front of the seats at ``at`` (:meth:`at`)."""
        s, deck = self.s, self.deck
        if not (deck.classic_ties or self.observe):
            return  # nothing reads the discards
        if deck.classic_ties:  # LLC-TIEBREAK-DISCARDS reads their total
            s.discarded.reshape(-1)[at] += deck.value[cards]
        if self.observe:
            s.discards.reshape(-1)[at * deck.kinds + cards] += 1
            s.last.reshape(-1)[at] = cards

    def untie(self, rows: Int, seats: Int) -> None:
        """Everyone forgets the ties of ``seats``' hands."""
        ties = self.s.tied.view(np.uint64).reshape(-1)
        some = (ties.take(rows) != 0).nonzero()[0]  # the tables with ties: few
        ties[rows[some]] &= self._untied.take(seats[some])

    def forget(self, rows: Int, seats: Int) -> None:
        """What was known of ``seats``' hands is known no more."""
        s = self.s
        at = self.at(rows, seats)
        s.known.view(np.uint64).reshape(-1)[at] = self._unknown
        s.ruled_out.reshape(-1)[at] = 0
        self.untie(rows, seats)

    def knock_out(self, rows: Int, seats: Int) -> None:
        """Knock ``seats`` out of the round: their card goes face up (LL19-KO-DISCARD).

        Done once every card's effect of the step is: a table plays one card a step, and
        what a knock-out changes (the seat's hand, flags and what was known of it) is
        read by no other part of the same effect.
        """
        self._knocked.append((rows, seats))

    def _knock_outs(self) -> None:
        """The knock-outs of the step's effects (:meth:`knock_out`)."""
        if not self._knocked:
            return
        rows = np.concatenate([rows for rows, _ in self._knocked])
        seats = np.concatenate([seats for _, seats in self._knocked])
        self._knocked = []
        s, deck = self.s, self.deck
        hand = s.hand.reshape(-1)
        at = self.at(rows, seats)
        if deck.classic_ties or self.observe:
            held = hand.take(at)
            real = held != deck.none
            if real.all():
                self.discard(at, held)
            else:
                self.discard(at[real], held[real])
        hand[at] = deck.none
        s.out[rows] |= deck.bit.take(seats)
        s.protected[rows] &= deck.unbit.take(seats)
        if self.observe:
            self.forget(rows, seats)

    def learn(self, rows: Int, viewers: Int, owners: Int, cards: Int) -> None:
        """``viewers`` know now that ``owners`` hold ``cards``."""
        self.s.known.reshape(-1)[self.at(rows, owners) * 8 + viewers] = cards

    def rule_out(self, rows: Int, seats: Int, cards: Int) -> None:
        """Everyone knows now that ``seats``' cards are none of the bits of ``cards``."""
        self.s.ruled_out.reshape(-1)[self.at(rows, seats)] |= cards.astype(np.uint16)

    def played(self, rows: Int, seats: Int, at: Int, cards: Int) -> None:
        """``seats`` played ``cards``: what was known of those cards is forgotten.

        A card ruled out of the hand stays ruled out if it is the card played (it was the
        one just drawn); a King or Prince played shows no Countess was held with it.
        """
        s, deck = self.s, self.deck
        some = (s.known.view(np.uint64).reshape(-1).take(at) != self._unknown).nonzero()[0]
        if some.size:  # the seats whose cards someone knows: few
            at_some = at[some]
            known = s.known.reshape(-1, 8)
            facts = known.take(at_some, axis=0)
            facts[facts == self._eight.take(cards[some], axis=0)] = deck.none
            known[at_some] = facts
        flat = s.ruled_out.reshape(-1)
        ruled = flat.take(at)
        ruled *= (ruled & deck.card_bit.take(cards)) != 0
        ruled |= self._shown.take(cards)
        flat[at] = ruled
        self.untie(rows, seats)

    def trade_known(self, rows: Int, one: Int, other: Int) -> None:
        """Two hands were traded: what was known of each is now known of the other."""
        s, deck = self.s, self.deck
        a, b = self.at(rows, one), self.at(rows, other)
        known = s.known.view(np.uint64).reshape(-1)
        known[a], known[b] = known[b], known[a].copy()
        facts = s.known.reshape(-1)
        facts[a * 8 + one] = deck.none
        facts[b * 8 + other] = deck.none
        ruled = s.ruled_out.reshape(-1)
        ruled[a], ruled[b] = ruled[b], ruled[a].copy()
        some = (s.tied.view(np.uint64).reshape(-1).take(rows) != 0).nonzero()[0]
        if some.size:  # the tables with ties: few
            rows, one, other = rows[some], one[some], other[some]
            ties = s.tied.reshape(-1)
            x, y = rows * 8 + one, rows * 8 + other
            ties[x], ties[y] = ties[y], ties[x].copy()
            masks = s.tied[rows].astype(np.int64)
            x, y = one[:, None], other[:, None]
            moved = ((masks >> x) & 1) << y | ((masks >> y) & 1) << x
            keep = ~((1 << x) | (1 << y))
            s.tied[rows] = (masks & keep | moved).astype(np.uint8)

    # -- the turn ----------------------------------------------------------------------

    def play(self, rows: Int, actors: Int, cards: Int, targets: Int, guesses: Int) -> Int:
        """The acting seats (``actors``) of ``rows`` play ``cards``; the effects resolve at once.

        ``targets`` are seats (-1: nobody could be chosen), ``guesses`` named cards.
        Returns the rows whose turn is over (not waiting for a Chancellor's choice).
        """
        s, deck = self.s, self.deck
        at = self.at(rows, actors)
        hand = s.hand.reshape(-1)
        kept = hand.take(at)
        kept += s.drawn.take(rows)
        kept -= cards  # of the two cards held, the one not played
        hand[at] = kept
        s.drawn[rows] = deck.none
        self.discard(at, cards)
        if self.observe:
            self.played(rows, actors, at, cards)
        # The plays by card, each card's effect on its tables (LL19-TURN-DRAW-PLAY); within a
        # card, the plays that chose nobody first (see _chosen).
        key = cards.astype(np.int8)
        key <<= 1
        key += targets >= 0
        order = key.argsort(kind="stable")
        bounds = key.take(order).searchsorted(self._card_keys).tolist()
        rows, actors = rows.take(order), actors.take(order)
        targets, guesses = targets.take(order), guesses.take(order)
        for index, card in enumerate(deck.cards):
            low, high = bounds[index], bounds[index + 1]
            if high > low:
                part = slice(low, high)
                EFFECTS[card](self, rows[part], actors[part], targets[part], guesses[part])
        self._knock_outs()
        chancellor = deck.role[Card.CHANCELLOR]
        if chancellor < 0 or bounds[chancellor] == bounds[chancellor + 1]:
            return rows
        low, high = bounds[chancellor], bounds[chancellor + 1]
        waiting = s.phase[rows[low:high]] == CHOOSE
        if not waiting.any():
            return rows
        return np.concatenate([rows[:low], rows[low:high][~waiting], rows[high:]])

    def choose(self, rows: Int, keep: Int, first: Int, second: Int) -> None:
        """The Chancellors of ``rows`` keep ``keep`` and return ``first`` then ``second``.

        The returned cards go under the pile, ``first`` above ``second``
        (LL19-CHANCELLOR-ORDER); their player knows them there (``second`` is ``K``
        when the Chancellor drew a single card).
        """
        s, deck = self.s, self.deck
        actors = s.actor[rows]
        s.hand.reshape(-1)[self.at(rows, actors)] = keep
        s.drawn[rows] = deck.none
        s.drawn2[rows] = deck.none
        s.phase[rows] = PLAY
        returned = s.returned[rows]
        two = second != deck.none
        width = s.deck.shape[1]
        place = rows * width + deck.size + returned
        cards = s.deck.reshape(-1)
        cards[place] = first
        cards[place[two] + 1] = second[two]
        if self.observe:
            self.forget(rows, actors)
            # LL19-CHANCELLOR-ORDER: a player's returned cards stay known to them as one
            # run while nobody returns cards after theirs (Buried.under == 0).
            slots = s.under_own.shape[1]
            owners = s.under_own[rows]
            below = owners[np.arange(rows.size), np.maximum(returned - 1, 0)]
            still = under_pile(s)[rows] > 0
            on_theirs = still & (below == actors)
            owners[(owners == actors[:, None]) & ~on_theirs[:, None]] = -1
            s.under_own[rows] = owners
            own = s.under_own.reshape(-1)
            at = rows * slots + returned
            own[at] = actors
            own[at[two] + 1] = actors[two]
        s.returned[rows] = returned + 1 + two

    def end_turn(self, rows: Int) -> None:
        """After a completed turn: end the round, or pass play on (LL19-TURN-END-CHECK).

        Play passes clockwise to the next seat still in; its protection ends
        (LL19-HANDMAID-DURATION) and it draws.
        """
        s, deck = self.s, self.deck
        out = s.out.take(rows)
        survivor = deck.survivor.take(out)
        ending = pile_size(s, rows) == 0
        ending |= survivor
        if ending.any():
            self.end_round(rows[ending], survivor[ending])
            going = ~ending
            rows, out = rows[going], out[going]
        key = out.astype(np.intp)
        key *= deck.players
        key += s.actor.take(rows)
        following = deck.following.take(key)
        s.protected[rows] &= deck.unbit.take(following)
        s.actor[rows] = following
        s.drawn[rows] = self.draw(rows, following)

    def end_round(self, rows: Int, survivor: NDArray[np.bool_]) -> None:
        """End the round at ``rows``: winners, tokens, the Spy, the game's end, the next deal.

        The last seat standing wins (LL19-END-LAST-SURVIVOR); else the highest card, ties
        all winning (2019) or going to the discards' total (classic). The only seat still
        in that played or discarded a Spy gains a token (LL19-SPY-BONUS-ONE). Whoever
        reaches the target wins the game; otherwise a round winner, drawn at random
        among tied ones, starts the next (LL19-NEXT-FIRST-WINNER).
        """
        s, deck = self.s, self.deck
        # The seats knocked out hold no card (value -1): the last one standing has the
        # highest card.
        values = deck.value.take(s.hand[rows])
        top = values == values.max(axis=1, keepdims=True)
        if deck.classic_ties:
            totals = s.discarded[rows] * top - ~top
            top &= totals == totals.max(axis=1, keepdims=True)
        winners = np.packbits(top, axis=1, bitorder="little")[:, 0]
        bonus = deck.alone.take(s.spied[rows] & ~s.out[rows])
        tokens = s.tokens[rows]
        tokens += deck.seat_counts.take(winners, axis=0)
        spy = (bonus >= 0).nonzero()[0]
        tokens[spy, bonus[spy]] += 1
        s.tokens[rows] = tokens
        reached = np.packbits(tokens >= self.target, axis=1, bitorder="little")[:, 0]
        s.won[rows] = winners
        s.spy_bonus[rows] = bonus
        s.winners[rows] = reached
        recorder = self.recorder
        if recorder is not None:
            recorder.ended(rows)
        over = reached != 0
        ended = rows[over]
        self._ended.append(rows)
        self._survivor.append(survivor)
        self._over.append(ended)
        self._won.append(reached[over])
        self._rounds.append(s.round[ended].astype(np.int64))
        going = ~over
        ties = winners[going].astype(np.intp)
        going = rows[going]
        pick = (self.rng.random(going.size) * deck.count.take(ties)).astype(np.intp)
        first = deck.kth.take(ties * deck.players + pick)
        again = ended[: self.restarts]
        s.phase[ended[again.size :]] = OVER
        if again.size:  # new games, dealt with the next rounds (bulk play, restarts)
            self.restarts -= again.size
            s.tokens[again] = 0
            s.round[again] = 0
            going = np.concatenate([going, again])
            starters = (self.rng.random(again.size) * deck.players).astype(np.int64)
            first = np.concatenate([first, starters])
        deal(self.s, deck, self.rng, going, first, self.observe, recorder)

    def outcome(self) -> Outcome:
        """The rounds and games ended since the last call."""
        if not self._ended:
            nothing = np.empty(0, np.int64)
            return Outcome(nothing, np.empty(0, bool), nothing, nothing, nothing)
        outcome = Outcome(
            np.concatenate(self._ended),
            np.concatenate(self._survivor),
            np.concatenate(self._over),
            np.concatenate(self._won),
            np.concatenate(self._rounds),
        )
        self._ended, self._survivor, self._over, self._won, self._rounds = [], [], [], [], []
        return outcome


Effect = Callable[[Tables, Int, Int, Int, Int], None]
"""``effect(engine, rows, actors, targets, guesses)``: a card's effect at the tables
``rows``, whose ``actors`` played it, choosing ``targets`` (-1: nobody) and naming
``guesses``. The actor holds the card they kept."""


def _chosen(rows: Int, actors: Int, targets: Int, guesses: Int) -> tuple[Int, Int, Int, Int]:
    """The plays that chose someone (LL19-TARGET-ALL-PROTECTED-NO-EFFECT: the others).

    :meth:`Tables.play` gives a card's plays those that chose nobody first.
    """
    first = int(np.count_nonzero(targets < 0))
    return rows[first:], actors[first:], targets[first:], guesses[first:]


def spy(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Spy (0): no effect; it counts for the Spy token (LL19-SPY-PLAY)."""
    e.s.spied[rows] |= e.deck.bit[actors]


def guard(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Guard (1): a right guess knocks the target out (LL19-GUARD-HIT).

    A wrong one tells everyone the target does not hold the card named (LL19-GUARD-MISS).
    """
    rows, actors, targets, guesses = _chosen(rows, actors, targets, guesses)
    hit = e.held(rows, targets) == guesses
    e.knock_out(rows[hit], targets[hit])
    if e.observe:
        miss = ~hit
        e.rule_out(rows[miss], targets[miss], e.deck.card_bit[guesses[miss]])


def priest(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Priest (2): its player sees the target's card (LL19-PRIEST-LOOK)."""
    if e.observe:
        rows, actors, targets, guesses = _chosen(rows, actors, targets, guesses)
        e.learn(rows, actors, targets, e.held(rows, targets))


def baron(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Baron (3): the lower card is knocked out, a tie does nothing (LL19-BARON-COMPARE).

    Each of the two sees the other's card; everyone sees the loser's, so the winner's
    card is known to beat it; after a tie, everyone knows the two hands are equal.
    """
    s, deck = e.s, e.deck
    rows, actors, targets, guesses = _chosen(rows, actors, targets, guesses)
    mine, theirs = e.held(rows, actors), e.held(rows, targets)
    if e.observe:
        e.learn(rows, actors, targets, theirs)
        e.learn(rows, targets, actors, mine)
    difference = deck.value[mine] - deck.value[theirs]
    lost = difference != 0
    actor_lost = difference < 0
    loser = np.where(actor_lost, actors, targets)[lost]
    winner = np.where(actor_lost, targets, actors)[lost]
    beaten = np.where(actor_lost, mine, theirs)[lost]
    e.knock_out(rows[lost], loser)
    if e.observe:
        e.rule_out(rows[lost], winner, deck.not_above[beaten])
        tie = ~lost
        tied_rows, one, other = rows[tie], actors[tie], targets[tie]
        ties = s.tied.reshape(-1)
        ties[tied_rows * 8 + one] |= deck.bit[other]
        ties[tied_rows * 8 + other] |= deck.bit[one]


def handmaid(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Handmaid (4): protection until the player's next turn (LL19-HANDMAID-PROTECT)."""
    e.s.protected[rows] |= e.deck.bit[actors]


def prince(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Prince (5): the target discards their card and draws (LL19-PRINCE-DISCARD-DRAW).

    The discarded card has no effect of its own; the target draws the set-aside card if
    the pile is empty (LL19-PRINCE-EMPTY-DECK). A discarded Princess knocks her holder
    out, who draws nothing (LL19-PRINCE-PRINCESS); a discarded Spy counts
    (LL19-PRINCE-SPY).
    """
    s, deck = e.s, e.deck
    at = e.at(rows, targets)
    hand = s.hand.reshape(-1)
    cards = hand.take(at)
    hand[at] = deck.none
    e.discard(at, cards)
    if e.observe:
        e.forget(rows, targets)
    spied = cards == deck.role[Card.SPY]
    s.spied[rows[spied]] |= deck.bit[targets[spied]]
    princess = cards == deck.role[Card.PRINCESS]
    if princess.any():
        e.knock_out(rows[princess], targets[princess])
        keep = ~princess
        rows, targets = rows[keep], targets[keep]
    empty = pile_size(s, rows) == 0
    if empty.any():
        bare = rows[empty]
        e.hold(bare, targets[empty], s.aside[bare])
        s.aside[bare] = deck.none
        rows, targets = rows[~empty], targets[~empty]
    e.hold(rows, targets, e.draw(rows, targets))


def chancellor(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Chancellor (6): draw two, then choose what to keep (LL19-CHANCELLOR-DRAW-KEEP-RETURN).

    One card left, one drawn (LL19-CHANCELLOR-ONE-CARD); an empty pile, no effect
    (LL19-CHANCELLOR-EMPTY).
    """
    s = e.s
    size = pile_size(s, rows)
    some = size > 0
    rows, actors, size = rows[some], actors[some], size[some]
    if e.observe:
        e.forget(rows, actors)
    s.drawn[rows] = e.draw(rows, actors)
    two = size >= 2
    s.drawn2[rows[two]] = e.draw(rows[two], actors[two])
    s.phase[rows] = CHOOSE


def king(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The King (7): trade hands; each sees the card received (LL19-KING-TRADE)."""
    rows, actors, targets, guesses = _chosen(rows, actors, targets, guesses)
    mine, theirs = e.held(rows, actors), e.held(rows, targets)
    e.hold(rows, actors, theirs)
    e.hold(rows, targets, mine)
    if e.observe:
        e.trade_known(rows, actors, targets)
        e.learn(rows, actors, targets, mine)
        e.learn(rows, targets, actors, theirs)


def countess(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Countess (8): no effect (LL19-COUNTESS-NO-EFFECT)."""


def princess(e: Tables, rows: Int, actors: Int, targets: Int, guesses: Int) -> None:
    """The Princess (9): her player is knocked out (LL19-PRINCESS-PLAY-OUT)."""
    e.knock_out(rows, actors)


EFFECTS: dict[Card, Effect] = {
    Card.SPY: spy,
    Card.GUARD: guard,
    Card.PRIEST: priest,
    Card.BARON: baron,
    Card.HANDMAID: handmaid,
    Card.PRINCE: prince,
    Card.CHANCELLOR: chancellor,
    Card.KING: king,
    Card.COUNTESS: countess,
    Card.PRINCESS: princess,
}
"""Each built-in card's effect, by card: the one place the batch engine says what a card
does (a test replaces one with a wrong copy to show that the differential test sees it)."""
