"""Hypothesis strategies for whole games: tables of every size and edition, played out."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from loveletter import EDITIONS, Game, Phase, State, TakeBack, edition
from loveletter.consistency import inconsistencies
from loveletter.setup import seat_names

_REGISTERED = sorted(EDITIONS)  # conftest.py has registered the test edition already


def edition_names() -> list[str]:
    """Every registered edition: the built-in ones and the test edition (``court.py``).

    The editions known when the tests are collected: one a docs page registers later
    to show how, is not among them.
    """
    return list(_REGISTERED)


def editions() -> st.SearchStrategy[str]:
    """The name of any registered edition."""
    return st.sampled_from(edition_names())


@st.composite
def new_games(draw: st.DrawFn, *, auto_draw: bool | None = None) -> Game:
    """A freshly dealt game: any edition, any player count it allows, any seed."""
    name = draw(editions(), label="edition")
    ed = edition(name)
    count = draw(st.integers(ed.min_players, ed.max_players))
    players = seat_names(count)
    return Game.new(
        players,
        edition=name,
        seed=draw(st.integers(0, 2**63 - 1)),
        first=draw(st.sampled_from(players)),
        auto_draw=draw(st.booleans()) if auto_draw is None else auto_draw,
    )


def check_invariants(state: State) -> None:
    """What holds in every reachable state, checked here and by the library itself."""
    deck = Counter(state.edition.deck)
    cards = Counter(state.draw_pile) + Counter(state.face_up)
    if state.set_aside is not None:
        cards[state.set_aside] += 1
    for hand, discards in zip(state.hands, state.discards, strict=True):
        cards.update(hand)
        cards.update(discards)
    assert cards == deck, "cards are not conserved"
    acting = state.phase in (Phase.DRAW, Phase.PLAY, Phase.CHOOSE)
    if acting:
        assert 0 <= state.to_act < len(state.players), "nobody is to act"
        assert not state.out[state.to_act], "a knocked-out player is to act"
        held = len(state.hands[state.to_act])
        assert held in {Phase.DRAW: (1,), Phase.PLAY: (2,), Phase.CHOOSE: (2, 3)}[state.phase]
        assert state.out.count(False) >= 2, "a round with one player left is still running"
    else:
        assert state.to_act == -1, "someone is to act between rounds"
    for seat, out in enumerate(state.out):
        if out:
            assert state.hands[seat] == (), "a knocked-out player holds a card"
            assert not state.protected[seat], "a knocked-out player is protected"
        elif not acting or seat != state.to_act:
            assert len(state.hands[seat]) == 1, "a waiting player does not hold one card"
    if state.phase is Phase.GAME_OVER:
        assert state.game_winners
        assert all(state.tokens_of(p) >= state.table.target for p in state.game_winners)
    else:
        assert max(state.tokens) < state.table.target
    assert inconsistencies(state) == []


@st.composite
def games_in_progress(draw: st.DrawFn, *, most: int = 150) -> Game:
    """A game played at random for up to ``most`` commands (it may have ended)."""
    game = draw(new_games())
    steps = draw(st.integers(0, most), label="steps")
    for _ in range(steps):
        if game.state.game_over:
            break
        legal = game.legal_commands()
        game.apply(legal[draw(st.integers(0, len(legal) - 1), label="command")])
    return game


def played_with_remedies(
    seed: int, *, players: tuple[str, ...] = ("Anna", "Ben", "Carla"), language: str = "en"
) -> Game:
    """A whole game at a table with the house remedy, played at random to its end.

    Draws are explicit, so that plays can be taken back; now and then the last command is
    taken back (when the referee allows it) and a round is redealt.
    """
    import random

    from loveletter import Redeal, TakeBack

    game = Game.new(players, seed=seed, remedy=True, auto_draw=False, language=language)
    rng = random.Random(seed)
    while not game.over:
        last = game.log[-1] if game.log else None
        taker = getattr(last, "player", None)
        if taker is not None and rng.random() < 0.3 and game.is_legal(TakeBack(player=taker)):
            game.apply(TakeBack(player=taker))
        elif rng.random() < 0.01 and game.is_legal(Redeal()):
            game.apply(Redeal())
        game.apply(rng.choice(game.legal_commands()))
    return game


TRICKY_NAMES = ("Anna", "Annabel", "Al", "Al Capone", "Bérénice", "Ben")
"""Names that start alike, one inside another, with an accent and a space: for the tests
that read players by the start of their names."""


@st.composite
def positions(
    draw: st.DrawFn, *, editions: tuple[str, ...] = ("2019", "classic"), most: int = 60
) -> Game:
    """A game of one of ``editions`` played at random for up to ``most`` commands.

    Its players are the usual seat names or :data:`TRICKY_NAMES`. The table agrees to the
    house remedy or not; where it does, draws wait (so that a play may be taken back) and
    the last command is now and then taken back.
    """
    name = draw(st.sampled_from(editions), label="edition")
    ed = edition(name)
    count = draw(st.integers(ed.min_players, ed.max_players))
    players = draw(st.sampled_from([seat_names(count), TRICKY_NAMES[:count]]), label="names")
    remedy = draw(st.booleans(), label="remedy")
    game = Game.new(
        players,
        edition=name,
        seed=draw(st.integers(0, 2**32)),
        first=draw(st.sampled_from(players)),
        remedy=remedy,
        auto_draw=not remedy and draw(st.booleans()),
    )
    for _ in range(draw(st.integers(0, most), label="steps")):
        if game.over:
            break
        taker = getattr(game.log[-1], "player", None) if game.log else None
        undo = None if taker is None else TakeBack(player=taker)
        if remedy and undo is not None and game.is_legal(undo) and draw(st.booleans()):
            game.apply(undo)
            continue
        legal = game.legal_commands()
        game.apply(legal[draw(st.integers(0, len(legal) - 1), label="command")])
    return game
