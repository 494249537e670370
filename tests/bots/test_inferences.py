"""What everyone infers from what they saw, kept in the state and shown in the views.

A Guard that missed, a comparison won or tied, a King or Prince played (so no Countess
was held with it), and what a Chancellor's player buried under the pile.
"""

from __future__ import annotations

import attrs
import pytest
from testkit.tables import table

from loveletter import Card, Choose, Game, InconsistentStateError, Play, view_for
from loveletter.state import Buried, Known, RuledOut, Tied


def test_a_guard_that_missed_rules_the_card_out() -> None:
    game = table(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Spy", "Guard"])
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
    assert RuledOut(owner="Ben", cards=(Card.KING,)) in game.state.ruled_out
    assert view_for(game.state, "Carla").seat("Ben").ruled_out == (Card.KING,)


def test_a_fact_stays_when_the_card_played_is_the_one_ruled_out() -> None:
    """Ben, known not to hold a King, draws and plays a King: it was the card drawn, so his
    other card is still no King; a Guard played instead ends it (and a King/Prince play
    rules out the Countess)."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"},
        pile=["Spy", "King", "Guard", "Guard"],
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.KING))
    game.apply(Play(player="Ben", card=Card.KING, target="Carla"))
    facts = {fact.owner: fact.cards for fact in game.state.ruled_out}
    assert facts["Carla"] == (Card.KING, Card.COUNTESS)  # traded: Ben's facts went with his card
    assert "Ben" not in facts


def test_a_comparison_won_or_tied_is_known_to_all() -> None:
    won = table(hands={"Anna": "Baron", "Ben": "Priest", "Carla": "Handmaid"}, pile=["King"])
    won.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    (fact,) = won.state.ruled_out
    assert fact.owner == "Anna"
    assert set(fact.cards) == {Card.SPY, Card.GUARD, Card.PRIEST}  # Anna's King beats a Priest
    tie = table(hands={"Anna": "Baron", "Ben": "Prince", "Carla": "Handmaid"}, pile=["Prince"])
    tie.apply(Play(player="Anna", card=Card.BARON, target="Ben"))
    assert tie.state.tied == (Tied(one="Anna", other="Ben"),)
    assert view_for(tie.state, "Carla").tied == (Tied(one="Anna", other="Ben"),)


def test_a_chancellors_return_is_known_to_its_player_until_drawn() -> None:
    """Anna returns a Baron and a Handmaid under the pile; she knows them there, nobody
    else does; when Ben draws the Baron, she knows he holds it."""
    game = table(hands={"Anna": "Chancellor", "Ben": "Priest"}, pile=["Guard", "Baron", "Handmaid"])
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    game.apply(Choose(player="Anna", keep=Card.GUARD, returned=(Card.BARON, Card.HANDMAID)))
    assert game.state.draw_pile[-2:] == (Card.BARON, Card.HANDMAID)
    assert game.state.buried == (Buried(viewer="Anna", cards=(Card.BARON, Card.HANDMAID)),)
    anna = view_for(game.state, "Anna")
    assert (anna.buried, anna.buried_under) == ((Card.BARON, Card.HANDMAID), 0)
    assert view_for(game.state, "Ben").buried == ()


def test_a_buried_card_drawn_is_known_to_who_buried_it() -> None:
    """With two cards left, Anna's Chancellor returns both; Ben draws the first at once."""
    start = table(hands={"Anna": "Chancellor", "Ben": "Guard"}, pile=["Guard", "Baron", "Handmaid"])
    state = start.state
    rest = state.draw_pile[2:]  # moved face up to Ben's discards: two cards left to draw
    game = Game.from_state(
        attrs.evolve(state, draw_pile=state.draw_pile[:2], discards=(state.discards[0], rest))
    )
    game.apply(Play(player="Anna", card=Card.CHANCELLOR))
    game.apply(Choose(player="Anna", keep=Card.GUARD, returned=(Card.BARON, Card.HANDMAID)))
    assert game.state.hand("Ben") == (Card.GUARD, Card.BARON)
    assert game.state.known == (Known(viewer="Anna", owner="Ben", card=Card.BARON),)
    assert game.state.buried == (Buried(viewer="Anna", cards=(Card.HANDMAID,)),)
    assert view_for(game.state, "Anna").seat("Ben").known == (Card.BARON,)


@pytest.mark.parametrize(
    "field",
    [
        {"ruled_out": (RuledOut(owner="Ben", cards=(Card.PRIEST,)),)},
        {"tied": (Tied(one="Ben", other="Carla"),)},
        {"buried": (Buried(viewer="Ben", cards=(Card.PRINCESS,)),)},
    ],
)
def test_an_inference_that_is_false_is_refused(field: dict[str, object]) -> None:
    """A stored state whose inferences the cards deny is inconsistent."""
    game = table(hands={"Anna": "Guard", "Ben": "Priest", "Carla": "Baron"}, pile=["Spy", "Guard"])
    with pytest.raises(InconsistentStateError):
        Game.from_state(attrs.evolve(game.state, **field))
