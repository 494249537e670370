"""Choosing players: who a card may choose, and what happens when nobody can be chosen."""

from __future__ import annotations

import pytest
from testkit.tables import assert_refused, both_editions, table

from loveletter import (
    Card,
    CardDrawn,
    CardPlayed,
    Game,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    Play,
    Reason,
)

CHOOSE_ANOTHER = [Card.GUARD, Card.PRIEST, Card.BARON, Card.KING]
CHOOSE_ANYONE = [*CHOOSE_ANOTHER, Card.PRINCE]


def aimed(card: Card, player: str, target: str | None) -> Play:
    """``player`` plays ``card`` at ``target``, naming Handmaid if it is a Guard."""
    guess = Card.HANDMAID if card is Card.GUARD and target is not None else None
    return Play(player=player, card=card, target=target, guess=guess)


def plays_of(game: Game, card: Card | None) -> list[Play]:
    """The legal plays of ``card`` (of any card for ``None``)."""
    legal = game.legal_commands()
    return [c for c in legal if isinstance(c, Play) and card in (None, c.card)]


# -- LL19-TARGET-OTHER -------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TARGET-OTHER")
@pytest.mark.parametrize("card", CHOOSE_ANOTHER, ids=str)
def test_ll19_target_other_a_card_may_not_choose_its_own_player(
    edition_name: str, card: Card
) -> None:
    """A Guard, Priest, Baron or King aimed at its own player is refused; another is fine."""
    game = table(
        hands={"Anna": card, "Ben": "Handmaid", "Carla": "Priest"},
        pile=["Handmaid"],
        edition_name=edition_name,
    )
    assert_refused(game, aimed(card, "Anna", "Anna"), Reason.TARGET_SELF, "LL19-TARGET-OTHER")
    assert game.is_legal(aimed(card, "Anna", "Ben"))
    targets = {c.target for c in plays_of(game, card)}
    assert targets == {"Ben", "Carla"}


@both_editions
@pytest.mark.ruling("LL19-TARGET-OTHER")
def test_ll19_target_other_a_card_that_can_choose_must_choose(edition_name: str) -> None:
    """With another player to choose, a Guard played at nobody is refused."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Priest"}, pile=["Handmaid"], edition_name=edition_name
    )
    assert_refused(
        game, Play(player="Anna", card=Card.GUARD), Reason.TARGET_REQUIRED, "LL19-TARGET-OTHER"
    )


# -- LL19-TARGET-ANY ---------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TARGET-ANY")
def test_ll19_target_any_a_prince_may_choose_its_own_player(edition_name: str) -> None:
    """A Prince may choose its own player, who discards the other card and draws."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Handmaid", "Carla": "Priest"},
        pile=["Guard", "Baron"],
        edition_name=edition_name,
    )
    targets = {c.target for c in plays_of(game, Card.PRINCE)}
    assert targets == {"Anna", "Ben", "Carla"}
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Anna"))
    assert HandDiscarded(player="Anna", card=Card.GUARD) in events
    assert CardDrawn(player="Anna", card=Card.BARON, by=Card.PRINCE) in events
    assert game.state.hand("Anna") == (Card.BARON,)
    assert game.state.discards_of("Anna") == (Card.PRINCE, Card.GUARD)


@both_editions
@pytest.mark.ruling("LL19-TARGET-ANY")
def test_ll19_target_any_a_prince_may_choose_another_player(edition_name: str) -> None:
    """A Prince may choose another player still in the round."""
    game = table(
        hands={"Anna": "Prince", "Ben": "Handmaid", "Carla": "Priest"},
        pile=["Guard", "Baron"],
        edition_name=edition_name,
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Carla"))
    assert HandDiscarded(player="Carla", card=Card.PRIEST) in events
    assert game.state.hand("Carla") == (Card.BARON,)
    assert game.state.hand("Anna") == (Card.GUARD,)


# -- LL19-TARGET-OUT ---------------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TARGET-OUT")
@pytest.mark.parametrize("card", CHOOSE_ANYONE, ids=str)
def test_ll19_target_out_no_card_may_choose_a_knocked_out_player(
    edition_name: str, card: Card
) -> None:
    """Once Carla is knocked out, no card may choose her."""
    game = table(
        hands={"Anna": "Priest", "Ben": card, "Carla": "Countess"},
        pile=["Guard", "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Carla", guess=Card.COUNTESS))
    assert game.state.is_out("Carla")
    assert game.state.player_to_act == "Ben"
    assert_refused(game, aimed(card, "Ben", "Carla"), Reason.TARGET_OUT, "LL19-TARGET-OUT")
    assert all(c.target != "Carla" for c in plays_of(game, None))


# -- LL19-TARGET-PROTECTED ---------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TARGET-PROTECTED")
@pytest.mark.parametrize("card", CHOOSE_ANYONE, ids=str)
def test_ll19_target_protected_a_protected_player_may_not_be_chosen(
    edition_name: str, card: Card
) -> None:
    """A card aimed at a player under a Handmaid is refused, not played to no effect."""
    game = table(
        hands={"Anna": "Guard", "Ben": card, "Carla": "Guard"},
        pile=["Handmaid", "Guard"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.HANDMAID))
    assert game.state.is_protected("Anna")
    assert_refused(
        game, aimed(card, "Ben", "Anna"), Reason.TARGET_PROTECTED, "LL19-TARGET-PROTECTED"
    )
    assert game.is_legal(aimed(card, "Ben", "Carla"))
    assert all(c.target != "Anna" for c in plays_of(game, None))


# -- LL19-TARGET-ALL-PROTECTED-NO-EFFECT -------------------------------------------------


def nobody_to_choose(card: Card, edition_name: str) -> Game:
    """Anna to play, holding ``card``: Ben is protected and Carla knocked out."""
    game = table(
        hands={"Anna": "Guard", "Ben": "Handmaid", "Carla": "Countess"},
        pile=["Priest", "Guard", card, "Handmaid"],
        edition_name=edition_name,
    )
    game.apply(Play(player="Anna", card=Card.GUARD, target="Carla", guess=Card.COUNTESS))
    game.apply(Play(player="Ben", card=Card.HANDMAID))
    assert game.state.player_to_act == "Anna"
    assert game.state.is_protected("Ben")
    assert game.state.is_out("Carla")
    return game


@both_editions
@pytest.mark.ruling("LL19-TARGET-ALL-PROTECTED-NO-EFFECT")
@pytest.mark.parametrize("card", CHOOSE_ANOTHER, ids=str)
def test_ll19_target_all_protected_no_effect_card_is_played_at_nobody(
    edition_name: str, card: Card
) -> None:
    """With everyone else protected or out, the card is played with no target and no effect."""
    game = nobody_to_choose(card, edition_name)
    plays = plays_of(game, card)
    assert plays == [Play(player="Anna", card=card)]
    hands = game.state.hands
    events = game.apply(Play(player="Anna", card=card))
    assert events[0] == CardPlayed(player="Anna", card=card)
    effects = (GuardGuessed, HandSeen, HandsCompared, HandsTraded)
    assert not any(isinstance(e, effects) for e in events)
    assert game.state.hand("Ben")[0] == hands[1][0] == Card.GUARD  # then Ben drew
    assert game.state.hand("Anna") == (Card.PRIEST,)
    assert game.state.in_round == ("Anna", "Ben")
    assert game.state.shown == ()


@both_editions
@pytest.mark.ruling("LL19-TARGET-ALL-PROTECTED-NO-EFFECT")
def test_ll19_target_all_protected_no_effect_guard_names_nothing(edition_name: str) -> None:
    """A Guard with nobody to choose may name no card, nor choose the protected or the out."""
    game = nobody_to_choose(Card.GUARD, edition_name)
    assert_refused(
        game,
        Play(player="Anna", card=Card.GUARD, guess=Card.PRIEST),
        Reason.GUESS_NOT_ALLOWED,
        "LL19-Q09",
    )
    assert_refused(
        game, aimed(Card.GUARD, "Anna", "Ben"), Reason.TARGET_PROTECTED, "LL19-TARGET-PROTECTED"
    )
    assert_refused(game, aimed(Card.GUARD, "Anna", "Carla"), Reason.TARGET_OUT, "LL19-TARGET-OUT")
    assert_refused(game, aimed(Card.GUARD, "Anna", "Anna"), Reason.TARGET_SELF, "LL19-TARGET-OTHER")


# -- LL19-TARGET-ALL-PROTECTED-PRINCE-SELF -----------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TARGET-ALL-PROTECTED-PRINCE-SELF")
def test_ll19_target_all_protected_prince_self_must_choose_its_own_player(
    edition_name: str,
) -> None:
    """With everyone else protected or out, a Prince must choose its own player."""
    game = nobody_to_choose(Card.PRINCE, edition_name)
    plays = plays_of(game, Card.PRINCE)
    assert plays == [Play(player="Anna", card=Card.PRINCE, target="Anna")]
    assert_refused(
        game, Play(player="Anna", card=Card.PRINCE), Reason.TARGET_REQUIRED, "LL19-TARGET-ANY"
    )
    assert_refused(
        game, aimed(Card.PRINCE, "Anna", "Ben"), Reason.TARGET_PROTECTED, "LL19-TARGET-PROTECTED"
    )
    events = game.apply(Play(player="Anna", card=Card.PRINCE, target="Anna"))
    assert HandDiscarded(player="Anna", card=Card.PRIEST) in events
    assert game.state.hand("Anna") == (Card.HANDMAID,)


# -- LL19-TARGET-UNTARGETED --------------------------------------------------------------


@both_editions
@pytest.mark.ruling("LL19-TARGET-UNTARGETED")
@pytest.mark.parametrize("card", [Card.HANDMAID, Card.COUNTESS, Card.PRINCESS], ids=str)
def test_ll19_target_untargeted_handmaid_countess_princess_choose_nobody(
    edition_name: str, card: Card
) -> None:
    """A Handmaid, Countess or Princess played at a player is refused; played alone it is fine."""
    game = table(hands={"Anna": card, "Ben": "Priest"}, pile=["Guard"], edition_name=edition_name)
    assert_refused(
        game,
        Play(player="Anna", card=card, target="Ben"),
        Reason.TARGET_NOT_ALLOWED,
        "LL19-TARGET-UNTARGETED",
    )
    assert_refused(
        game,
        Play(player="Anna", card=card, target="Anna"),
        Reason.TARGET_NOT_ALLOWED,
        "LL19-TARGET-UNTARGETED",
    )
    assert game.is_legal(Play(player="Anna", card=card))
    assert Play(player="Anna", card=card) in list(game.legal_commands())


@pytest.mark.ruling("LL19-TARGET-UNTARGETED")
@pytest.mark.parametrize("card", [Card.SPY, Card.CHANCELLOR], ids=str)
def test_ll19_target_untargeted_spy_and_chancellor_choose_nobody(card: Card) -> None:
    """A Spy or Chancellor played at a player is refused; played alone it is fine."""
    game = table(hands={"Anna": card, "Ben": "Priest"}, pile=["Guard"])
    assert_refused(
        game,
        Play(player="Anna", card=card, target="Ben"),
        Reason.TARGET_NOT_ALLOWED,
        "LL19-TARGET-UNTARGETED",
    )
    assert game.is_legal(Play(player="Anna", card=card))
    assert Play(player="Anna", card=card) in list(game.legal_commands())
