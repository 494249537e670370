"""Hidden information: views and redacted events show each player only what they may see.

In the spirit of OpenSpiel's information-state contract: two states that differ only in
cards a player cannot see give that player the same view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from testkit.game_strategies import games_in_progress
from testkit.tables import table

from loveletter import (
    Card,
    CardDrawn,
    CardsReturned,
    Ending,
    Event,
    Game,
    HandsCompared,
    HandSeen,
    HandsTraded,
    Play,
    RoundEnded,
    RoundStarted,
    Shown,
    State,
    UnknownPlayerError,
)
from loveletter.serialization import state_from_json, to_json
from loveletter.views import redact, redact_all, seen_by, view_for


def viewers(state: State) -> list[str | None]:
    return [*state.players, None]


def redealt(state: State, viewer: str | None, rng: random.Random) -> State:
    """``state`` with every card ``viewer`` cannot see shuffled among the unseen places.

    Unseen places: the draw pile, the face-down set-aside card while the round runs, and
    the hands of other players still in whose cards were never shown to ``viewer`` this
    round. Each place keeps its size.
    """
    known_owners = {e.owner for e in view_for(state, viewer).shown}
    seats = [
        seat
        for seat, player in enumerate(state.players)
        if player != viewer and not state.out[seat] and player not in known_owners
    ]
    pool = list(state.draw_pile) + [c for seat in seats for c in state.hands[seat]]
    hidden_aside = state.set_aside is not None and not state.round_over
    if hidden_aside:
        pool.append(state.set_aside)  # type: ignore[arg-type]
    rng.shuffle(pool)
    hands = list(state.hands)
    pile = tuple(pool[: len(state.draw_pile)])
    rest = pool[len(state.draw_pile) :]
    for seat in seats:
        size = len(hands[seat])
        hands[seat], rest = tuple(rest[:size]), rest[size:]
    aside = rest.pop() if hidden_aside else state.set_aside
    assert rest == []
    return attrs.evolve(state, hands=tuple(hands), draw_pile=pile, set_aside=aside)


@given(games_in_progress(), st.randoms(use_true_random=False))
def test_redealing_what_a_player_cannot_see_leaves_their_view_unchanged(
    game: Game, rng: random.Random
) -> None:
    """Shuffling the cards a viewer cannot see changes neither their view nor its JSON."""
    state = game.state
    for viewer in viewers(state):
        other = redealt(state, viewer, rng)
        assert view_for(other, viewer) == view_for(state, viewer)
        assert to_json(view_for(other, viewer)) == to_json(view_for(state, viewer))


@given(games_in_progress())
def test_a_view_shows_no_other_hand(game: Game) -> None:
    """A player's view holds their own hand only; a spectator's holds none."""
    state = game.state
    for viewer in viewers(state):
        view = view_for(state, viewer)
        for seat in view.seats:
            if seat.player == viewer:
                assert seat.hand == state.hand(seat.player)
            else:
                assert seat.hand is None
        assert view.hand == (state.hand(viewer) if viewer else ())
        assert view.set_aside is None or state.round_over
        if view.legal:
            assert view.to_act == viewer
            assert view.legal == tuple(game.legal_commands())


def shown_by_events(events: Sequence[Event], viewer: str | None) -> dict[str, set[Card]]:
    """What ``viewer`` was shown this round, worked out from their redacted events alone."""
    start = max(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    seen: dict[str, set[Card]] = {}

    def add(owner: str, card: Card | None) -> None:
        if owner != viewer:
            assert card is not None, "an event hid a card its viewer was shown"
            seen.setdefault(owner, set()).add(card)

    for event in redact_all(events[start:], viewer):
        if isinstance(event, HandSeen) and event.player == viewer:
            add(event.target, event.card)
        elif isinstance(event, HandsCompared) and viewer in (event.player, event.target):
            if viewer == event.player:
                add(event.target, event.target_card)
            else:
                add(event.player, event.player_card)
        elif isinstance(event, HandsTraded) and viewer in (event.player, event.target):
            if viewer == event.player:
                add(event.target, event.player_received)
            else:
                add(event.player, event.target_received)
        elif isinstance(event, RoundEnded) and event.end is Ending.SHOWDOWN:
            for owner, card in event.hands:
                add(owner, card)
    return seen


@given(games_in_progress())
def test_redacted_events_and_views_agree_on_what_was_shown(game: Game) -> None:
    """What a viewer's redacted events show them is exactly what their view recalls."""
    state = game.state
    for viewer in viewers(state):
        from_view = {owner: set(cards) for owner, cards in seen_by(view_for(state, viewer)).items()}
        assert shown_by_events(game.events, viewer) == from_view


def entitled(event: Event, viewer: str | None) -> bool:
    """Whether the rules (LL19-Q18) let ``viewer`` see every card ``event`` names."""
    if isinstance(event, (CardDrawn, HandSeen, CardsReturned)):
        return viewer == event.player
    if isinstance(event, (HandsCompared, HandsTraded)):
        return viewer in (event.player, event.target)
    return not isinstance(event, RoundStarted)


@given(games_in_progress())
def test_redaction_hides_exactly_the_cards_a_viewer_may_not_see(game: Game) -> None:
    """A redacted event equals the event for those entitled to it; otherwise only its
    hidden cards are blanked, and nothing else changes."""
    for event in game.events:
        for viewer in viewers(game.state):
            redacted = redact(event, viewer)
            assert type(redacted) is type(event)
            if entitled(event, viewer):
                assert redacted == event
                continue
            changed = {
                field.name
                for field in attrs.fields(type(event))
                if getattr(event, field.name) != getattr(redacted, field.name)
            }
            hidden_fields = {
                CardDrawn: {"card"},
                HandSeen: {"card"},
                CardsReturned: {"cards"},
                HandsCompared: {"player_card", "target_card"},
                HandsTraded: {"player_received", "target_received"},
                RoundStarted: {"hands"},
            }[type(event)]
            assert changed <= hidden_fields
            if isinstance(redacted, RoundStarted):
                assert all(card is None for p, card in redacted.hands if p != viewer)
            else:
                values = [getattr(redacted, name) for name in hidden_fields]
                flat = [
                    v for value in values for v in (value if isinstance(value, tuple) else (value,))
                ]
                assert all(v is None for v in flat)


def test_a_priest_shows_the_card_to_its_player_only() -> None:
    """Anna's Priest on Ben: Anna's view recalls Ben's card; Carla's and a spectator's do not."""
    game = table(hands={"Anna": "Guard", "Ben": "Princess", "Carla": "Handmaid"}, pile=["Priest"])
    events = game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert seen_by(view_for(game.state, "Anna")) == {"Ben": frozenset({Card.PRINCESS})}
    assert seen_by(view_for(game.state, "Carla")) == {}
    assert seen_by(view_for(game.state, None)) == {}
    [seen] = [e for e in events if isinstance(e, HandSeen)]
    assert redact(seen, "Anna").card is Card.PRINCESS
    assert redact(seen, "Ben").card is None
    assert redact(seen, None).card is None


def test_open_hands_view_shows_every_hand() -> None:
    """The teaching view shows every hand, and nothing else differs from the player's."""
    game = table(hands={"Anna": "Guard", "Ben": "Princess", "Carla": "Handmaid"}, pile=["Priest"])
    view = view_for(game.state, "Anna", open_hands=True)
    assert view.seat("Ben").hand == (Card.PRINCESS,)
    assert view.seat("Carla").hand == (Card.HANDMAID,)
    closed = view_for(game.state, "Anna")
    assert attrs.evolve(view, open_hands=False, seats=closed.seats) == closed


def test_a_view_for_a_stranger_is_refused() -> None:
    """Asking for the view of someone not at the table is the library's error, not a KeyError."""
    game = table(hands={"Anna": "Guard", "Ben": "Princess"})
    with pytest.raises(UnknownPlayerError, match="'Zoe' is not at the table"):
        view_for(game.state, "Zoe")
    with pytest.raises(UnknownPlayerError):
        view_for(game.state, "Anna").seat("Zoe")
    assert not issubclass(UnknownPlayerError, KeyError)


# -- what each player knows now --------------------------------------------------------


def test_a_card_shown_is_known_while_its_holder_keeps_it() -> None:
    """Anna's Priest shows her Ben's Handmaid: known while he keeps it, not once he plays one."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Handmaid", "Carla": "Baron"},
        pile=["Priest", "Guard", "Countess", "Spy", "Handmaid"],
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    assert view_for(game.state, "Anna").seat("Ben").known == (Card.HANDMAID,)
    assert view_for(game.state, "Carla").seat("Ben").known == ()
    game.apply(Play(player="Ben", card=Card.GUARD, target="Carla", guess=Card.PRINCE))
    assert view_for(game.state, "Anna").seat("Ben").known == (Card.HANDMAID,)  # still held
    game.apply(Play(player="Carla", card=Card.COUNTESS))
    game.apply(Play(player="Anna", card=Card.SPY))
    game.apply(Play(player="Ben", card=Card.HANDMAID))  # the one Anna saw, or the one drawn?
    assert game.state.hand("Ben") == (Card.HANDMAID,)
    assert view_for(game.state, "Anna").seat("Ben").known == ()
    assert Shown(viewer="Anna", owner="Ben", card=Card.HANDMAID, by=Card.PRIEST) in (
        view_for(game.state, "Anna").shown
    )  # the history keeps it


def test_a_kings_trade_moves_what_is_known() -> None:
    """Anna knows Ben's Priest; Ben trades it to Carla with a King: now she knows Carla holds it."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Handmaid"},
        pile=["Priest", "King", "Spy"],
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    game.apply(Play(player="Ben", card=Card.KING, target="Carla"))
    anna = view_for(game.state, "Anna")
    assert (anna.seat("Ben").known, anna.seat("Carla").known) == ((), (Card.PRIEST,))
    ben, carla = view_for(game.state, "Ben"), view_for(game.state, "Carla")
    assert ben.seat("Carla").known == (Card.PRIEST,)  # what he gave
    assert carla.seat("Ben").known == (Card.HANDMAID,)
    assert state_from_json(to_json(game.state)) == game.state


def test_a_prince_or_a_knock_out_ends_what_is_known() -> None:
    """A Prince's discard and a knock-out both leave nothing known of that hand."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Priest", "Guard", "Prince", "Countess"],
    )
    game.apply(Play(player="Anna", card=Card.PRIEST, target="Ben"))
    game.apply(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.KING))
    game.apply(Play(player="Carla", card=Card.PRINCE, target="Ben"))
    assert view_for(game.state, "Anna").seat("Ben").known == ()
    assert game.state.known == ()
