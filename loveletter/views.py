"""What each player may see: per-player views of a state, and redacted events.

The referee knows every card; a player knows their own hand, the public facts (discards,
who is out or protected, tokens, the pile's size, the two-player face-up cards) and what
the rules showed them: a Priest's look, a Baron's comparison, a King's trade, the reveal
at a showdown. :func:`view_for` builds that view of a state; :func:`redact` rewrites an
event for one viewer, hiding (as ``None``) every card they may not see. A server gives
each player only these. The contract, checked by the property tests: two states that
differ only in cards a player cannot see give that player the same view.

>>> from loveletter import Game
>>> game = Game.new(["Anna", "Ben"], seed=2, first="Anna")
>>> mine = view_for(game.state, "Anna")
>>> mine.hand == game.state.hand("Anna"), mine.seat("Ben").hand
(True, None)
>>> [redact(e, "Ben") for e in game.events][-1]
CardDrawn(player='Anna', card=None, source=DrawSource.PILE, by=None)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from loveletter.cards import Card
from loveletter.commands import Command
from loveletter.echo import quoted
from loveletter.editions import EDITIONS
from loveletter.errors import UnknownPlayerError
from loveletter.events import EVENT_CLASSES, Event, hidden_fields
from loveletter.legal import legal_commands
from loveletter.state import Phase, Shown, State, Tied

__all__ = ["SeatView", "View", "redact", "redact_all", "seen_by", "view_for", "view_problems"]


@attrs.frozen(kw_only=True)
class SeatView:
    """One player as a viewer sees them."""

    player: str
    hand: tuple[Card, ...] | None
    """Their hand, if the viewer may see it (their own, or an open-hands view)."""
    hand_size: int
    discards: tuple[Card, ...]
    out: bool
    protected: bool
    tokens: int
    known: tuple[Card, ...] = ()
    """The cards the viewer knows this player holds now: shown to them and not moved since
    (a Priest's look, a Baron's comparison, what they gave in a King's trade, a card taken
    back in sight of the table), for sure. The history of what was shown, moved or not,
    is :attr:`View.shown`."""
    ruled_out: tuple[Card, ...] = ()
    """The cards everyone knows this player does not hold (see
    :class:`~loveletter.state.RuledOut`): a Guard that missed, a comparison won, a King or
    Prince played without the Countess."""


@attrs.frozen(kw_only=True)
class View:
    """A state as one player (or a spectator) sees it."""

    viewer: str | None
    """The player whose view this is; ``None`` for a spectator."""
    open_hands: bool
    """Whether every hand is shown (the teaching variant)."""
    edition: str
    target: int
    round_number: int
    phase: Phase
    to_act: str | None
    """Who must act now (``None`` between rounds and after the game)."""
    seats: tuple[SeatView, ...]
    draw_pile_size: int
    face_up: tuple[Card, ...]
    set_aside: Card | None
    """The set-aside card once the round is over and it is revealed; ``None`` before."""
    shown: tuple[Shown, ...]
    """What the referee showed this viewer this round, in order (perfect recall): the
    history, including cards that have moved since. What is true now of each hand is
    :attr:`SeatView.known`."""
    legal: tuple[Command, ...]
    """The viewer's legal commands when it is their turn; empty otherwise."""
    round_winners: tuple[str, ...] = ()
    spy_bonus: str | None = None
    game_winners: tuple[str, ...] = ()
    tied: tuple[Tied, ...] = ()
    """The pairs of players everyone knows to hold cards of the same value (a comparison
    that tied, see :class:`~loveletter.state.Tied`)."""
    buried: tuple[Card, ...] = ()
    """The cards the viewer returned under the draw pile with a Chancellor and that are
    still there, in order, the last one lowest, with :attr:`View.buried_under
    <loveletter.views.View.buried_under>` cards below them."""
    buried_under: int = 0
    """How many cards others returned under the pile since, below :attr:`View.buried
    <loveletter.views.View.buried>`."""

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand (empty for a spectator)."""
        if self.viewer is None:
            return ()
        return self.seat(self.viewer).hand or ()

    def seat(self, player: str) -> SeatView:
        """How ``player`` looks to the viewer."""
        for seat in self.seats:
            if seat.player == player:
                return seat
        raise UnknownPlayerError(f"{quoted(player)} has no seat in this view")


def _shown_to(viewer: str | None, shown: Iterable[Shown]) -> tuple[Shown, ...]:
    if viewer is None:
        return tuple(entry for entry in shown if entry.viewer is None)
    return tuple(entry for entry in shown if entry.viewer in (viewer, None))


def _seat_views(state: State, viewer: str | None, open_hands: bool) -> tuple[SeatView, ...]:
    """How each seat of ``state`` looks to ``viewer``, in seat order."""
    ruled_out = {fact.owner: fact.cards for fact in state.ruled_out}
    known: dict[str, tuple[Card, ...]] = {}
    for fact in state.known:
        if fact.viewer in (None, viewer) and fact.card not in known.get(fact.owner, ()):
            known[fact.owner] = (*known.get(fact.owner, ()), fact.card)
    hands, discards, out, protected, tokens = (
        state.hands,
        state.discards,
        state.out,
        state.protected,
        state.tokens,
    )
    return tuple(
        SeatView(
            player=player,
            hand=hands[seat] if open_hands or player == viewer else None,
            hand_size=len(hands[seat]),
            discards=discards[seat],
            out=out[seat],
            protected=protected[seat],
            tokens=tokens[seat],
            known=known.get(player, ()) if player != viewer else (),
            ruled_out=ruled_out.get(player, ()),
        )
        for seat, player in enumerate(state.table.players)
    )


def view_for(state: State, viewer: str | None, *, open_hands: bool | None = None) -> View:
    """``state`` as ``viewer`` sees it; ``viewer=None`` is a spectator.

    With ``open_hands`` every hand is shown (for teaching); nothing else changes. It
    defaults to the table's setting (HOUSE-PRACTICE-OPEN-HANDS).
    """
    table = state.table
    if open_hands is None:
        open_hands = table.open_hands
    if viewer is not None:
        state.seat(viewer)  # an unknown viewer raises UnknownPlayerError
    seats = _seat_views(state, viewer, open_hands)
    buried = next((fact for fact in state.buried if fact.viewer == viewer), None)
    to_act = state.player_to_act
    legal: tuple[Command, ...] = ()
    if viewer is not None and to_act == viewer:
        legal = tuple(legal_commands(state))
    over = state.round_over
    return View(
        viewer=viewer,
        open_hands=open_hands,
        edition=table.edition.name,
        target=table.target,
        round_number=state.round_number,
        phase=state.phase,
        to_act=to_act,
        seats=seats,
        draw_pile_size=len(state.draw_pile),
        face_up=state.face_up,
        set_aside=state.set_aside if over else None,
        shown=_shown_to(viewer, state.shown),
        legal=legal,
        round_winners=state.round_winners if over else (),
        spy_bonus=state.spy_bonus if over else None,
        game_winners=state.game_winners if over else (),
        tied=state.tied,
        buried=() if buried is None else buried.cards,
        buried_under=0 if buried is None else buried.under,
    )


def view_problems(view: View) -> list[str]:
    """What makes ``view`` one that no table shows (a view read from outside); empty if none.

    >>> from loveletter import Game
    >>> view = view_for(Game.new(["Anna", "Ben"], seed=2).state, "Anna")
    >>> view_problems(view), view_problems(attrs.evolve(view, to_act="Zed"))
    ([], ["the player to act 'Zed' has no seat"])
    """
    return [
        *_table_problems(view),
        *_name_problems(view),
        *_seat_problems(view),
        *_shown_problems(view),
    ]


def _table_problems(view: View) -> list[str]:
    """The edition, the number of seats and the counts of ``view``."""
    problems = []
    edition = EDITIONS.get(view.edition)
    if edition is None:
        problems.append(f"unknown edition {quoted(view.edition)}")
    elif not edition.min_players <= len(view.seats) <= edition.max_players:
        problems.append(f"{len(view.seats)} seats at a {edition.name} table")
    if view.target < 1 or view.round_number < 1 or view.draw_pile_size < 0:
        problems.append("the target, the round number or the pile's size is out of range")
    buried = len(view.buried) + view.buried_under
    if view.buried_under < 0 or buried > view.draw_pile_size or (view.buried and not view.viewer):
        problems.append("the cards buried in the pile do not fit in it, or nobody buried them")
    return problems


def _name_problems(view: View) -> list[str]:
    """Every player ``view`` names has one seat."""
    problems = []
    players = [seat.player for seat in view.seats]
    if len(set(players)) != len(players):
        problems.append("two seats have the same player")
    if view.viewer is not None and view.viewer not in players:
        problems.append(f"the viewer {quoted(view.viewer)} has no seat")
    if view.to_act is not None and view.to_act not in players:
        problems.append(f"the player to act {quoted(view.to_act)} has no seat")
    for name in (*view.round_winners, *view.game_winners, view.spy_bonus, *_tied(view)):
        if name is not None and name not in players:
            problems.append(f"{quoted(name)} has no seat")
    return problems


def _tied(view: View) -> list[str]:
    return [name for tie in view.tied for name in (tie.one, tie.other)]


def _shown_problems(view: View) -> list[str]:
    """The cards shown name players with seats, and no other viewer."""
    players = {seat.player for seat in view.seats}
    if any(
        entry.owner not in players or entry.viewer not in (None, view.viewer)
        for entry in view.shown
    ):
        return ["a shown card names a player who has no seat, or another viewer"]
    return []


def _seat_problems(view: View) -> list[str]:
    """Each seat's counts, and the cards of it the viewer may see."""
    problems = []
    for seat in view.seats:
        if seat.hand_size < 0 or seat.tokens < 0:
            problems.append(f"{quoted(seat.player)} has a negative hand size or tokens")
        elif seat.known and (seat.out or seat.player == view.viewer):
            problems.append(f"a card is known of {quoted(seat.player)}, who holds none unknown")
        elif seat.hand is not None and len(seat.hand) != seat.hand_size:
            problems.append(f"the hand of {quoted(seat.player)} is not of its size")
        elif seat.hand is not None and seat.player != view.viewer and not view.open_hands:
            problems.append(f"the hand of {quoted(seat.player)} shows in a view of closed hands")
    return problems


def seen_by(view: View) -> dict[str, frozenset[Card]]:
    """The cards from each other player's hand that the viewer was shown this round.

    This is the ``seen`` check of the scenario format, computed from the view alone.
    """
    seen: dict[str, set[Card]] = {}
    for entry in view.shown:
        if entry.owner != view.viewer:
            seen.setdefault(entry.owner, set()).add(entry.card)
    return {owner: frozenset(cards) for owner, cards in seen.items()}


def redact(event: Event, viewer: str | None) -> Event:
    """``event`` as ``viewer`` may see it: every card they may not see becomes ``None``.

    ``viewer=None`` is a spectator, who sees only public facts. Played cards, Guard
    guesses, Prince discards, knocked-out hands and the showdown are public; a drawn card
    is seen by its drawer, a Priest's by its player, a Baron's two cards by the two
    players, each card traded by a King by the one who receives it (and by the one who
    gave it), a Chancellor's returned cards by its player, the dealt cards each by its
    holder (LL19-Q18). Each event class says which of its fields are hidden from whom
    (:func:`loveletter.events.hidden`); this reads that, for every event.
    """
    hidden = _HIDDEN.get(type(event))
    if hidden is None:
        hidden = hidden_fields(type(event))
    changes: dict[str, Any] = {}
    for name, who in hidden.items():
        value = getattr(event, name)
        if who == ("holder",):
            pairs = tuple((p, card if p == viewer else None) for p, card in value)
            if pairs != value:
                changes[name] = pairs
        elif viewer is None or all(getattr(event, field) != viewer for field in who):
            changes[name] = (None,) * len(value) if isinstance(value, tuple) else None
    return attrs.evolve(event, **changes) if changes else event


_HIDDEN = {cls: hidden_fields(cls) for cls in EVENT_CLASSES}
"""Each kind of event's hidden fields (see :func:`loveletter.events.hidden_fields`)."""


def redact_all(events: Iterable[Event], viewer: str | None) -> tuple[Event, ...]:
    """Every event of ``events`` as ``viewer`` may see it."""
    return tuple(redact(event, viewer) for event in events)
