"""What a player may do now, as a tree (loveletter.moves.moves_for): card, target, named card."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from testkit.budgets import long_property
from testkit.game_strategies import positions
from testkit.tables import table

import loveletter
from loveletter import (
    Card,
    Choose,
    Command,
    Game,
    Moves,
    MoveStep,
    Play,
    StepKind,
    TakeBack,
    UnknownPlayerError,
    moves_for,
)
from loveletter.serialization import to_data


def choices(command: Command) -> int:
    """How many choices make ``command``: a card, each player it chooses, the card it
    names; the card kept, and the order of those returned when there are two or more."""
    if isinstance(command, Play):
        return 1 + len(command.targets) + (command.guess is not None)
    if isinstance(command, Choose):
        return 1 + (len(command.returned) > 1)
    return 1


def leaves(steps: tuple[MoveStep, ...], depth: int = 1) -> list[Command]:
    """Every command of the tree, depth first, checking that no branch is empty and that
    each command ends as many steps down as it has choices."""
    found: list[Command] = []
    for step in steps:
        assert step.label, f"a step without a label: {step!r}"
        assert step.command is not None or step.then, f"an empty branch: {step!r}"
        if step.command is not None:
            assert choices(step.command) == depth, step
            found.append(step.command)
        found += leaves(step.then, depth + 1)
    return found


def expected_moves(game: Game, player: str) -> list[Command]:
    """The player's legal commands, and the take-back when the referee would accept it."""
    mine = [c for c in game.legal_commands() if getattr(c, "player", None) == player]
    if game.is_legal(TakeBack(player=player)):
        mine.append(TakeBack(player=player))
    return mine


@long_property(quick=60, full=600)
@given(positions(editions=("2019", "classic", "court")))
def test_the_leaves_are_exactly_the_players_legal_commands(game: Game) -> None:
    """For every player, in both languages: the tree's leaves are the player's legal
    commands in their order (the take-back last, when possible), each once, with no
    empty branch; the tree reads back from its repr and its data is JSON."""
    for player in game.state.players:
        for language in ("en", "fr"):
            moves = moves_for(game, player, language=language)
            found = leaves(moves.steps)
            assert found == expected_moves(game, player)
            assert len(set(found)) == len(found)
            assert moves.commands() == tuple(found)
            assert eval(repr(moves), vars(loveletter)) == moves
            assert json.loads(json.dumps(moves.to_data())) == moves.to_data()


def test_a_guard_offers_its_targets_then_the_cards_it_may_name() -> None:
    """A Guard: the card, then each player it may choose, then each card but the Guard."""
    game = table(hands={"Anna": "Guard", "Ben": "Baron", "Carla": "Priest"}, pile=["Handmaid"])
    guard, handmaid = moves_for(game, "Anna").steps
    assert (guard.kind, guard.value, handmaid.value) == (StepKind.CARD, Card.GUARD, Card.HANDMAID)
    assert [step.label for step in guard.then] == ["Ben", "Carla"]
    named = guard.then[0].then
    assert [step.value for step in named] == list(game.state.edition.guesses)
    assert Card.GUARD not in [step.value for step in named]
    assert named[1].command == Play(player="Anna", card="Guard", target="Ben", guess="Priest")
    assert handmaid.command == Play(player="Anna", card="Handmaid")
    assert handmaid.then == ()


def test_the_classic_guard_names_the_classic_cards() -> None:
    """The classic edition has no Spy and no Chancellor: the Guard names seven cards."""
    game = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"], edition_name="classic")
    guard = moves_for(game, "Anna").steps[0]
    assert [step.label for step in guard.then[0].then] == [
        "Priest",
        "Baron",
        "Handmaid",
        "Prince",
        "King",
        "Countess",
        "Princess",
    ]


def test_the_countess_forced_leaves_one_card() -> None:
    """With the Countess and the King in hand, only the Countess is offered."""
    game = table(hands={"Anna": "Countess", "Ben": "Baron"}, pile=["King"])
    (countess,) = moves_for(game, "Anna").steps
    assert countess.value is Card.COUNTESS
    assert countess.command is not None


def test_a_card_with_nobody_to_choose_ends_at_the_card() -> None:
    """Everyone else protected: the Guard is played choosing nobody, naming nothing."""
    game = table(hands={"Anna": "Handmaid", "Ben": "Guard"}, pile=["Priest", "Guard"])
    game.apply(Play(player="Anna", card="Handmaid"))
    guard = next(step for step in moves_for(game, "Ben").steps if step.value is Card.GUARD)
    assert guard.then == ()
    assert guard.command == Play(player="Ben", card="Guard")


def test_the_prince_may_choose_its_own_player_called_yourself() -> None:
    """The Prince chooses anyone still in, its own player first labelled as such."""
    game = table(hands={"Anna": "Prince", "Ben": "Baron"}, pile=["Priest"])
    prince = moves_for(game, "Anna", language="fr").steps[0]
    assert [(step.value, step.label) for step in prince.then] == [
        ("Anna", "vous-même"),
        ("Ben", "Ben"),
    ]


def test_a_chancellor_choice_offers_the_kept_card_then_the_order() -> None:
    """The Chancellor: the card kept, then the order the other two go under the pile."""
    game = table(hands={"Anna": "Chancellor", "Ben": "Guard"}, pile=["Priest", "King", "Spy"])
    game.apply(Play(player="Anna", card="Chancellor"))
    moves = moves_for(game, "Anna")
    assert [step.label for step in moves.steps] == ["Priest", "King", "Spy"]
    king = moves.steps[1]
    assert [(step.kind, step.label) for step in king.then] == [
        (StepKind.ORDER, "Priest, then Spy"),
        (StepKind.ORDER, "Spy, then Priest"),
    ]
    assert king.then[1].command == Choose(player="Anna", keep="King", returned=["Spy", "Priest"])
    assert moves_for(game, "Anna", language="fr").steps[1].then[1].label == "Espionne, puis Prêtre"


def test_the_draw_is_one_step() -> None:
    """A player who must draw has one move: the draw."""
    game = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"], auto_draw=False)
    (draw,) = moves_for(game, "Anna").steps
    assert (draw.kind, draw.value, draw.label) == (StepKind.DRAW, None, "Draw")
    assert moves_for(game, "Ben") == Moves(player="Ben", language="en", steps=())


@pytest.mark.ruling("HOUSE-REMEDY-TAKE-BACK")
def test_the_take_back_is_offered_while_nobody_has_learned_anything() -> None:
    """At a table of the house remedy, a play that showed nothing may be taken back: it is
    listed last; once a card was seen, or at a table without the remedy, it is not."""
    hands = {"Anna": "Handmaid", "Ben": "Priest", "Carla": "Baron"}
    game = table(hands=hands, pile=["Guard", "King"], remedy=True, auto_draw=False)
    game.apply(game.legal_commands()[0])  # Anna draws the Guard
    game.apply(Play(player="Anna", card="Handmaid"))
    (undo,) = moves_for(game, "Anna").steps
    assert (undo.kind, undo.command, undo.label) == (
        StepKind.TAKE_BACK,
        TakeBack(player="Anna"),
        "Take back",
    )
    assert [step.kind for step in moves_for(game, "Ben").steps] == [StepKind.DRAW]
    game.apply(game.legal_commands()[0])  # Ben draws a card: now hidden things changed
    assert [step.kind for step in moves_for(game, "Anna").steps] == []
    plain = table(hands=hands, pile=["Guard", "King"])
    plain.apply(Play(player="Anna", card="Handmaid"))
    assert StepKind.TAKE_BACK not in [step.kind for step in moves_for(plain, "Anna").steps]


def test_the_tree_as_data() -> None:
    """The data a page draws a picker from: kinds, English card names, labels, commands."""
    game = table(hands={"Anna": "Prince", "Ben": "Baron"}, pile=["Priest"])
    data = moves_for(game, "Anna", language="fr").to_data()
    assert data["player"] == "Anna"
    assert data["language"] == "fr"
    prince = data["steps"][0]
    assert (prince["kind"], prince["value"], prince["label"]) == ("card", "Prince", "Prince")
    assert prince["then"][0] == {
        "kind": "target",
        "value": "Anna",
        "label": "vous-même",
        "command": to_data(Play(player="Anna", card="Prince", target="Anna")),
    }


def test_a_stranger_has_no_moves_to_ask_for() -> None:
    """A name that is not at the table is refused, as a view of it would be."""
    game = table(hands={"Anna": "Prince", "Ben": "Baron"}, pile=["Priest"])
    with pytest.raises(UnknownPlayerError, match="'Zed' is not at the table"):
        moves_for(game, "Zed")
    with pytest.raises(loveletter.LoveLetterError, match="language"):
        moves_for(game, "Anna", language="de")
