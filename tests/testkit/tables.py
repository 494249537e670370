"""Compact tables for tests: name the cards that matter, the helper deals the rest.

>>> game = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"], first="Anna")
>>> game.state.hand("Anna")
(Card.GUARD, Card.PRIEST)

Besides the table builders, the helpers the ruling tests share: :func:`assert_refused`,
a few event filters, and the tables
that more than one test file deals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import TypeVar

import attrs
import pytest

from loveletter import (
    Card,
    Command,
    Ending,
    Event,
    Game,
    IllegalCommandError,
    KnockOutCause,
    Layout,
    Play,
    PlayerKnockedOut,
    Reason,
    RoundEnded,
    State,
    card_named,
    edition,
)
from loveletter.games.quiet import play_quietly

EventT = TypeVar("EventT", bound=Event)


def card(name: str | Card) -> Card:
    """A card from its English name."""
    if isinstance(name, Card):
        return name
    found = card_named(name)
    if found is None:
        raise ValueError(f"no card called {name!r}")
    return found


def layout(
    *,
    players: Sequence[str],
    hands: Mapping[str, str | Card],
    pile: Sequence[str | Card] = (),
    bottom: Sequence[str | Card] = (),
    set_aside: str | Card | None = None,
    face_up: Sequence[str | Card] | None = None,
    edition_name: str = "2019",
) -> Layout:
    """A legal layout with the given cards where they are named (see Layout.arranged)."""
    return Layout.arranged(
        edition(edition_name),
        players,
        hands=hands,
        pile=pile,
        bottom=bottom,
        set_aside=set_aside,
        face_up=face_up,
    )


def table(
    *,
    hands: Mapping[str, str | Card],
    pile: Sequence[str | Card] = (),
    bottom: Sequence[str | Card] = (),
    players: Sequence[str] | None = None,
    set_aside: str | Card | None = None,
    face_up: Sequence[str | Card] | None = None,
    first: str | None = None,
    edition_name: str = "2019",
    tokens: Mapping[str, int] | None = None,
    target: int | str | None = None,
    auto_draw: bool = True,
    seed: int = 0,
    remedy: bool = False,
    language: str = "en",
) -> Game:
    """A game whose first round is dealt as named (see Game.arranged).

    ``players`` defaults to the names in ``hands``, in order; ``first`` to the first of
    them. With ``auto_draw`` (the default) the first player has already drawn.
    """
    return Game.arranged(
        hands,
        pile=pile,
        bottom=bottom,
        set_aside=set_aside,
        face_up=face_up,
        players=players,
        first=first,
        edition=edition_name,
        tokens=tokens,
        target=target,
        auto_draw=auto_draw,
        seed=seed,
        remedy=remedy,
        language=language,
    )


EDITIONS = ("2019", "classic")
"""Both editions: parametrise a test over them with :data:`both_editions`."""


def both_editions(test: object) -> object:
    """Run ``test`` once per edition, as ``edition_name``: for rulings common to both."""
    import pytest

    return pytest.mark.parametrize("edition_name", EDITIONS)(test)


PLAYERS = ("Anna", "Ben", "Carla", "Dan", "Eve", "Finn", "Gus")
"""Player names for tables of any size: slice off as many as needed."""

FORCED_RULING = {"2019": "LL19-COUNTESS-FORCED", "classic": "LLC-COUNTESS-FORCED"}
"""The ruling a refusal cites: the classic edition files the Countess rule under its own id."""


# -- refusals and events -----------------------------------------------------------------


def assert_refused(game: Game, command: Command, reason: Reason, ruling: str) -> None:
    """``command`` is refused with ``reason`` under ``ruling``, and changes nothing.

    Both :meth:`Game.check` and :meth:`Game.apply` must refuse it; the state and the
    log stay as they were.
    """
    before, log = game.state, game.log
    refusal = game.check(command)
    assert refusal is not None, f"{command} was accepted"
    assert (refusal.reason, refusal.ruling) == (reason, ruling)
    with pytest.raises(IllegalCommandError) as raised:
        game.apply(command)
    assert (raised.value.reason, raised.value.ruling) == (reason, ruling)
    assert game.state == before
    assert game.log == log


def of_type(events: Iterable[Event], kind: type[EventT]) -> list[EventT]:
    """The events of one kind, in order."""
    return [event for event in events if isinstance(event, kind)]


def knock_outs(events: Iterable[Event]) -> list[tuple[str, KnockOutCause]]:
    """Who was knocked out, and why, in order."""
    return [(e.player, e.cause) for e in of_type(events, PlayerKnockedOut)]


def cards_on_table(state: State) -> Counter[Card]:
    """Every card of the round, wherever it lies."""
    cards: Counter[Card] = Counter(state.draw_pile)
    cards.update(state.face_up)
    if state.set_aside is not None:
        cards[state.set_aside] += 1
    for hand in state.hands:
        cards.update(hand)
    for discards in state.discards:
        cards.update(discards)
    return cards


def play_to_showdown(game: Game) -> list[Event]:
    """Quiet turns until the round is over, which must be at a showdown; every event."""
    events = play_quietly(game)
    assert [e.end for e in of_type(events, RoundEnded)] == [Ending.SHOWDOWN]
    return events


# -- tables that several test files deal -------------------------------------------------

# The top of tie_table's pile: cards that cannot change two Princes.
TIE_PILE = ["Guard", "Guard", "Priest", "Priest", "Baron", "Baron", "Handmaid", "Handmaid"]
TIE_PILE += ["Guard", "Guard"]


def tie_table(
    edition_name: str,
    *,
    bottom: Sequence[str] = (),
    tokens: Mapping[str, int] | None = None,
    seed: int = 0,
    auto_draw: bool = True,
) -> Game:
    """Anna and Ben hold a Prince each, over a pile that cannot change their hands.

    The pile starts with :data:`TIE_PILE`, which is the whole classic pile: there the
    two players' discards add up to 11 each, so the tie stands after the tie-break too.
    The 2019 pile goes on with the cards left, in deck order (both Spies, a Guard, both
    Chancellors) but for those named in ``bottom``, which end it.
    """
    return table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        pile=TIE_PILE,
        bottom=bottom,
        face_up=["Princess", "King", "Countess"],
        set_aside="Guard",
        edition_name=edition_name,
        tokens=tokens,
        seed=seed,
        auto_draw=auto_draw,
    )


def baron_against_king(pile: Sequence[str], *, tokens: Mapping[str, int] | None = None) -> Game:
    """2019, two players: Anna keeps a Baron, Ben a King (and wins); ``pile`` tops the pile."""
    return table(
        hands={"Anna": "Baron", "Ben": "King"},
        pile=pile,
        face_up=["Baron", "Prince", "Prince"],
        set_aside="Princess",
        tokens=tokens,
    )


_ALONE_HANDS = {"Anna": "Handmaid", "Ben": "Priest", "Carla": "Princess", "Dan": "Guard"}
_ALONE_PILE = ["Guard", "Guard", "Baron"]


def anna_alone_table(
    players: int,
    edition_name: str,
    *,
    tokens: Mapping[str, int] | None = None,
    target: int | str | None = None,
    set_aside: str | None = None,
) -> Game:
    """A table of 2 to 4 players where :func:`anna_wins_alone` knocks everyone else out."""
    names = list(_ALONE_HANDS)[:players]
    return table(
        hands={name: _ALONE_HANDS[name] for name in names},
        pile=_ALONE_PILE[: players - 1],
        set_aside=set_aside,
        edition_name=edition_name,
        tokens=tokens,
        target=target,
    )


def anna_wins_alone(game: Game) -> tuple[Event, ...]:
    """Anna's Guard knocks Ben out, Carla plays her Princess, Dan loses a Baron to Anna."""
    players = game.state.players
    events = game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRIEST))
    if "Carla" in players:
        events += game.apply(Play(player="Carla", card=Card.PRINCESS))
    if "Dan" in players:
        events += game.apply(Play(player="Dan", card=Card.BARON, target="Anna"))
    assert game.state.round_winners == ("Anna",)
    return events


def anna_protected(edition_name: str, bens_card: str, bens_draw: str = "Priest") -> Game:
    """Two players; Anna has just played a Handmaid, Ben holds ``bens_card`` and his draw."""
    game = table(
        hands={"Anna": "Guard", "Ben": bens_card},
        pile=["Handmaid", bens_draw],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    assert game.state.is_protected("Anna")
    assert game.state.hand("Ben") == (card(bens_card), card(bens_draw))
    return game


# Anna's discards: Countess, Guard, Guard, Priest, Guard = 12; Ben's: Guard, Guard, Priest,
# Handmaid, Handmaid = 12.
STILL_TIED_PILE = ["Countess", *["Guard"] * 4, "Priest", "Priest", "Handmaid", "Guard", "Handmaid"]
"""A classic pile for :func:`showdown_of_princes` that leaves the tie-break tied."""


def showdown_of_princes(
    pile: Sequence[str], *, tokens: Mapping[str, int] | None = None, seed: int = 0
) -> Game:
    """Classic, two players keep a Prince each to the showdown, played out quietly.

    Their discards come from ``pile``: Anna plays the 1st, 3rd, ... card, Ben the 2nd,
    4th, ... The Princess is set aside; two Barons and the King lie face up.
    """
    game = table(
        hands={"Anna": "Prince", "Ben": "Prince"},
        pile=pile,
        set_aside="Princess",
        face_up=["Baron", "Baron", "King"],
        edition_name="classic",
        tokens=tokens,
        seed=seed,
    )
    play_quietly(game)
    return game


def with_protected(game: Game, players: Sequence[str]) -> Game:
    """``game``, going on from its state with ``players`` protected by Handmaids they played.

    Each Handmaid comes out of the draw pile into its player's discards, so the state is
    one the rules can reach (a protected player has played a Handmaid).
    """
    state = game.state
    pile = list(state.draw_pile)
    discards = list(state.discards)
    for player in players:
        pile.remove(Card.HANDMAID)
        seat = state.seat(player)
        discards[seat] = (*discards[seat], Card.HANDMAID)
    flags = tuple(player in players for player in state.players)
    return Game.from_state(
        attrs.evolve(state, protected=flags, draw_pile=tuple(pile), discards=tuple(discards))
    )
