"""The layout of a round: where every card lies when the round starts.

A :class:`Layout` names the face-down set-aside card, the face-up cards (two players
only), each player's dealt card and the draw pile, top card first. Together they must be
exactly the edition's deck (LL19-SETUP-DECK), or the deal is refused (``BAD_DEAL``).

A seeded deal follows LL19-SETUP-ORDER: off the top of the shuffled deck come the
set-aside card, then (two players) the three face-up cards, then one card per seat from
the first player; the rest is the draw pile.

>>> import random
>>> from loveletter.editions import edition
>>> layout = Layout.shuffled(edition("2019"), ("Anna", "Ben"), first="Ben", rng=random.Random(1))
>>> len(layout.face_up), len(layout.draw_pile)
(3, 15)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from loveletter.cards import Card, card_by_label, card_by_name, to_card, to_cards, to_hands
from loveletter.echo import quoted, shown
from loveletter.editions import Edition
from loveletter.errors import InvalidCommandError, Reason, SetupError
from loveletter.words import card_name, edition_name, message

__all__ = ["Layout"]


@attrs.frozen(kw_only=True)
class Layout:
    """Where every card lies at the start of a round."""

    set_aside: Card = attrs.field(converter=to_card)
    """The card set aside face down, unseen by anyone."""
    hands: tuple[tuple[str, Card], ...] = attrs.field(converter=to_hands)
    """Each player's dealt card, as ``(player, card)`` pairs."""
    draw_pile: tuple[Card, ...] = attrs.field(converter=to_cards)
    """The draw pile, top card first."""
    face_up: tuple[Card, ...] = attrs.field(default=(), converter=to_cards)
    """With two players, the three cards set aside face up; empty otherwise."""

    @classmethod
    def shuffled(
        cls, edition: Edition, players: Sequence[str], *, first: str, rng: random.Random
    ) -> Layout:
        """Shuffle the edition's deck with ``rng`` and deal it (LL19-SETUP-ORDER)."""
        deck = list(edition.deck)
        rng.shuffle(deck)
        return cls.dealt(edition, players, first=first, order=deck)

    @classmethod
    def dealt(
        cls, edition: Edition, players: Sequence[str], *, first: str, order: Sequence[Card]
    ) -> Layout:
        """Deal a deck already in ``order`` (top card first), as LL19-SETUP-ORDER says."""
        set_aside, face_up, hands, pile = deal_order(
            order, len(players), players.index(first), _face_up_count(edition, len(players))
        )
        pairs = tuple((player, hands[seat][0]) for seat, player in enumerate(players))
        return cls(set_aside=set_aside, hands=pairs, draw_pile=pile, face_up=face_up)

    @classmethod
    def arranged(
        cls,
        edition: Edition,
        players: Sequence[str],
        *,
        hands: Mapping[str, Card | str],
        pile: Sequence[Card | str] = (),
        bottom: Sequence[Card | str] = (),
        set_aside: Card | str | None = None,
        face_up: Sequence[Card | str] | None = None,
        language: str = "en",
    ) -> Layout:
        """A layout with the cards that matter where they are named, and the rest filled in.

        For examples, tests and rules disputes: ``pile`` is the top of the draw pile and
        ``bottom`` its last cards; the cards not named fill the middle of the pile in
        deck order. An unnamed set-aside card, unnamed face-up cards (two players) and the
        hands of players not named are taken from the cards left over. Naming more copies
        of a card than the deck has raises :class:`~loveletter.errors.SetupError`.

        >>> from loveletter.editions import edition
        >>> layout = Layout.arranged(
        ...     edition("2019"), ["Anna", "Ben", "Carla"],
        ...     hands={"Anna": "Guard", "Ben": "Princess"}, pile=["Baron"])
        >>> layout.hand_of("Anna"), layout.draw_pile[0], len(layout.draw_pile)
        (Card.GUARD, Card.BARON, 17)
        """

        def card_of(value: Card | str) -> Card:
            return _edition_card(edition, value, language)

        dealt = {player: card_of(card) for player, card in hands.items()}
        top = [card_of(card) for card in pile]
        under = [card_of(card) for card in bottom]
        aside = None if set_aside is None else card_of(set_aside)
        shown_up = None if face_up is None else [card_of(card) for card in face_up]
        named = [*dealt.values(), *top, *under]
        if aside is not None:
            named.append(aside)
        if shown_up is not None:
            named.extend(shown_up)
        remaining = Counter(edition.deck)
        for card in named:
            if card not in edition.cards:
                raise SetupError(
                    message(
                        "setup_no_such_card",
                        language,
                        card=card_name(card, language),
                        edition=edition_name(edition, language),
                    ),
                    ruling=edition.ruling("LL19-SETUP-DECK"),
                    reason=Reason.BAD_DEAL,
                )
            if remaining[card] == 0:
                raise SetupError(
                    message(
                        "setup_too_many",
                        language,
                        card=card_name(card, language),
                        edition=edition_name(edition, language),
                    ),
                    ruling=edition.ruling("LL19-SETUP-DECK"),
                    reason=Reason.BAD_DEAL,
                )
            remaining[card] -= 1
        rest: list[Card] = []
        for card in edition.deck:
            if remaining[card] > 0:
                remaining[card] -= 1
                rest.append(card)
        if aside is None:
            aside = rest.pop()
        if shown_up is None:
            shown_up = [rest.pop() for _ in range(_face_up_count(edition, len(players)))]
        for player in players:
            if player not in dealt:
                dealt[player] = rest.pop(0)
        return cls(
            set_aside=aside,
            face_up=tuple(shown_up),
            hands=tuple((player, dealt[player]) for player in players),
            draw_pile=(*top, *rest, *under),
        )

    def hand_of(self, player: str) -> Card:
        """The card dealt to ``player``."""
        return dict(self.hands)[player]

    def problem(self, edition: Edition, players: Sequence[str], language: str = "en") -> str | None:
        """What makes this layout wrong for the table, or ``None`` if it is right."""
        names = [player for player, _ in self.hands]
        if sorted(names) != sorted(players) or len(set(names)) != len(names):
            nobody = "personne" if language == "fr" else "nobody"
            return message(
                "deal_players",
                language,
                names=", ".join(names) or nobody,
                players=", ".join(players),
            )
        expected_face_up = edition.face_up_with_two_players if len(players) == 2 else 0
        if len(self.face_up) != expected_face_up:
            return message(
                "deal_face_up",
                language,
                players=len(players),
                expected=expected_face_up,
                given=len(self.face_up),
            )
        cards = Counter([self.set_aside, *self.face_up, *self.draw_pile])
        cards.update(card for _, card in self.hands)
        deck = Counter(edition.deck)
        if cards != deck:
            none = "aucune" if language == "fr" else "none"
            extra = ", ".join(f"{n} {card_name(c, language)}" for c, n in (cards - deck).items())
            missing = ", ".join(f"{n} {card_name(c, language)}" for c, n in (deck - cards).items())
            return message(
                "deal_deck",
                language,
                edition=edition.name,
                extra=extra or none,
                missing=missing or none,
            )
        return None


def _edition_card(edition: Edition, value: Card | str, language: str) -> Card:
    """``value`` as a card for ``edition``: a card, or its name, value or label there.

    A card of another edition is returned (and refused as no card of this one by the
    caller); a label at a table that reads none is refused (LL19-LABELS-EDITION).
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        card = edition.parse_card(value)
        if card is not None:
            return card
        if not edition.labels and card_by_label(value) is not None:
            raise SetupError(
                message(
                    "setup_label",
                    language,
                    name=quoted(value),
                    edition=edition_name(edition, language),
                ),
                ruling="LL19-LABELS-EDITION",
                reason=Reason.BAD_DEAL,
            )
        card = card_by_name(value)
        if card is not None:
            return card
    raise InvalidCommandError(f"{shown(value)!r} is not a card", reason=Reason.UNKNOWN_CARD)


def _face_up_count(edition: Edition, players: int) -> int:
    return edition.face_up_with_two_players if players == 2 else 0


def deal_order(
    order: Sequence[Card], players: int, first: int, face_up: int
) -> tuple[Card, tuple[Card, ...], list[tuple[Card, ...]], tuple[Card, ...]]:
    """Where a deck in ``order`` goes, by LL19-SETUP-ORDER (and LL19-Q14).

    Off the top come the set-aside card, then ``face_up`` face-up cards, then one card
    per seat starting with ``first``; the rest is the draw pile, top card first. Returns
    the set-aside card, the face-up cards, each seat's hand, and the pile.
    """
    top = 1 + face_up
    hands: list[tuple[Card, ...]] = [()] * players
    for offset in range(players):
        hands[(first + offset) % players] = (order[top + offset],)
    return order[0], tuple(order[1:top]), hands, tuple(order[top + players :])
