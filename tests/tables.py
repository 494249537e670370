"""Compact tables for tests: name the cards that matter, the helper deals the rest.

>>> game = table(hands={"Anna": "Guard", "Ben": "Baron"}, pile=["Priest"], first="Anna")
>>> game.state.hand("Anna")
(Card.GUARD, Card.PRIEST)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from loveletter import Card, Game, Layout, card_named, edition


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
    """A legal layout with the given cards where they are named.

    ``pile`` is the top of the draw pile, ``bottom`` its last cards; the cards not named
    fill the middle of the pile in deck order. Unnamed set-aside and face-up cards are
    taken from the end of the remaining cards.
    """
    ed = edition(edition_name)
    remaining = Counter(ed.deck)
    named = [card(c) for c in [*hands.values(), *pile, *bottom]]
    if set_aside is not None:
        named.append(card(set_aside))
    if face_up is not None:
        named.extend(card(c) for c in face_up)
    for c in named:
        if remaining[c] == 0:
            raise ValueError(f"too many {c} for the {ed.name} deck")
        remaining[c] -= 1
    rest: list[Card] = []
    for c in ed.deck:
        if remaining[c] > 0:
            remaining[c] -= 1
            rest.append(c)
    if set_aside is None:
        set_aside = rest.pop()
    if face_up is None:
        face_up = [rest.pop() for _ in range(3)] if len(players) == 2 else []
    if set(hands) != set(players):
        missing = set(players) - set(hands)
        for player in players:
            if player in missing:
                hands = {**hands, player: rest.pop(0)}
    return Layout(
        set_aside=card(set_aside),
        face_up=tuple(card(c) for c in face_up),
        hands={player: card(hands[player]) for player in players},
        draw_pile=(*[card(c) for c in pile], *rest, *[card(c) for c in bottom]),
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
    target: int | None = None,
    auto_draw: bool = True,
    seed: int = 0,
) -> Game:
    """A game whose first round is dealt as named (see :func:`layout`).

    ``players`` defaults to the names in ``hands``, in order; ``first`` to the first of
    them. With ``auto_draw`` (the default) the first player has already drawn.
    """
    players = list(players or hands)
    return Game.new(
        players,
        edition=edition_name,
        first=first or players[0],
        seed=seed,
        deal=layout(
            players=players,
            hands=hands,
            pile=pile,
            bottom=bottom,
            set_aside=set_aside,
            face_up=face_up,
            edition_name=edition_name,
        ),
        tokens=tokens,
        target=target,
        auto_draw=auto_draw,
    )


EDITIONS = ("2019", "classic")
"""Both editions: parametrise a test over them with :data:`both_editions`."""


def both_editions(test: object) -> object:
    """Run ``test`` once per edition, as ``edition_name``: for rulings common to both."""
    import pytest

    return pytest.mark.parametrize("edition_name", EDITIONS)(test)
