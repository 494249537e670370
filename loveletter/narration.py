"""Events in plain English, for logs, replays and the terminal game.

>>> from loveletter.events import CardPlayed, GuardGuessed
>>> from loveletter.cards import Card
>>> narrate(CardPlayed(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
'Anna plays the Guard on Ben, naming the Prince.'
>>> narrate(GuardGuessed(player="Anna", target="Ben", guess=Card.PRINCE, hit=False))
'Ben does not hold the Prince.'
"""

from __future__ import annotations

from collections.abc import Iterable

from loveletter.cards import Card
from loveletter.events import (
    CardDrawn,
    CardPlayed,
    CardsReturned,
    DrawSource,
    Event,
    GameEnded,
    GuardGuessed,
    HandDiscarded,
    HandsCompared,
    HandSeen,
    HandsTraded,
    KnockOutCause,
    PlayerKnockedOut,
    PlayerProtected,
    ProtectionEnded,
    RoundEnd,
    RoundEnded,
    RoundStarted,
    TokenAwarded,
    TokenReason,
)

__all__ = ["narrate", "narrate_all", "story"]

_CAUSES = {
    KnockOutCause.GUARD: "named by a Guard",
    KnockOutCause.BARON: "lost the Baron's comparison",
    KnockOutCause.PRINCESS_DISCARDED: "discarded the Princess",
    KnockOutCause.PRINCESS_PLAYED: "played the Princess",
}


def _the(card: Card) -> str:
    return f"the {card}"


def _list(items: Iterable[str]) -> str:
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def narrate(event: Event) -> str:
    """One sentence that says what ``event`` tells (hidden cards stay unnamed)."""
    if isinstance(event, RoundStarted):
        text = (
            f"Round {event.round_number}: {event.first} plays first; "
            f"{event.draw_pile_size} cards in the draw pile"
        )
        if event.face_up:
            text += f", face up: {_list(str(c) for c in event.face_up)}"
        dealt = [f"{p} is dealt {_the(c)}" for p, c in event.hands if c is not None]
        return text + "." + (" " + "; ".join(dealt) + "." if dealt else "")
    if isinstance(event, CardDrawn):
        if event.source is DrawSource.SET_ASIDE:
            what = f" ({_the(event.card)})" if event.card else ""
            return f"{event.player} takes the set-aside card{what}."
        return f"{event.player} draws {_the(event.card) if event.card else 'a card'}."
    if isinstance(event, CardPlayed):
        text = f"{event.player} plays {_the(event.card)}"
        if event.target is not None:
            text += f" on {event.target}"
        elif event.card in (Card.GUARD, Card.PRIEST, Card.BARON, Card.KING):
            text += ", but nobody can be chosen"
        if event.guess is not None:
            text += f", naming {_the(event.guess)}"
        return text + "."
    if isinstance(event, GuardGuessed):
        if event.hit:
            return f"{event.target} holds {_the(event.guess)}!"
        return f"{event.target} does not hold {_the(event.guess)}."
    if isinstance(event, HandSeen):
        seen = f": {_the(event.card)}" if event.card else ""
        return f"{event.player} looks at {event.target}'s hand{seen}."
    if isinstance(event, HandsCompared):
        cards = ""
        if event.player_card and event.target_card:
            cards = f" ({_the(event.player_card)} against {_the(event.target_card)})"
        outcome = f"{event.loser} has the lower card" if event.loser else "a tie, nothing happens"
        return f"{event.player} and {event.target} compare hands{cards}: {outcome}."
    if isinstance(event, PlayerProtected):
        return f"{event.player} is protected until {event.player}'s next turn."
    if isinstance(event, ProtectionEnded):
        return f"{event.player}'s protection ends."
    if isinstance(event, HandDiscarded):
        return f"{event.player} discards {_the(event.card)}."
    if isinstance(event, CardsReturned):
        count = len(event.cards)
        text = f"{event.player} keeps one card and puts {count} under the draw pile"
        if all(card is not None for card in event.cards):
            text += f" ({', then '.join(str(card) for card in event.cards)})"
        return text + "."
    if isinstance(event, HandsTraded):
        text = f"{event.player} and {event.target} trade hands"
        received = []
        if event.player_received is not None:
            received.append(f"{event.player} receives {_the(event.player_received)}")
        if event.target_received is not None:
            received.append(f"{event.target} receives {_the(event.target_received)}")
        return text + (": " + "; ".join(received) if received else "") + "."
    if isinstance(event, PlayerKnockedOut):
        text = f"{event.player} is knocked out ({_CAUSES[event.cause]})"
        if event.discarded:
            text += f", discarding {_list(_the(card) for card in event.discarded)}"
        return text + "."
    if isinstance(event, RoundEnded):
        if event.end is RoundEnd.LAST_SURVIVOR:
            text = (
                f"{_list(event.winners)} is the last player in and wins round {event.round_number}."
            )
        else:
            shows = _list(f"{p} {_the(c)}" for p, c in event.hands)
            winners = _list(event.winners)
            verb = "win" if len(event.winners) > 1 else "wins"
            text = (
                f"The draw pile is empty. Showdown: {shows}. "
                f"{winners} {verb} round {event.round_number}."
            )
        if event.set_aside is not None:
            text += f" The set-aside card was {_the(event.set_aside)}."
        return text
    if isinstance(event, TokenAwarded):
        why = "winning the round" if event.reason is TokenReason.ROUND_WIN else "the Spy"
        return f"{event.player} gains a favor token for {why} ({event.tokens} in all)."
    if isinstance(event, GameEnded):
        if len(event.winners) == 1:
            return f"{event.winners[0]} wins the game!"
        return f"{_list(event.winners)} win the game together!"
    raise TypeError(f"not an event: {event!r}")


def narrate_all(events: Iterable[Event]) -> list[str]:
    """Each event's sentence, in order."""
    return [narrate(event) for event in events]


def story(
    events: Iterable[Event], *, viewer: str | None = None, everything: bool = False
) -> list[str]:
    """A game told as ``viewer`` saw it (a spectator when ``None``), a line per event.

    ``everything`` tells it with every card shown, as the referee saw it. Each round
    starts with an unindented line; what happens in it is indented.
    """
    from loveletter.views import redact

    lines = []
    for event in events:
        shown = event if everything else redact(event, viewer)
        text = narrate(shown)
        lines.append(text if isinstance(event, RoundStarted) else f"  {text}")
    return lines
