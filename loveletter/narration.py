"""Events in plain English, for logs, replays and the terminal game.

>>> from loveletter.events import CardPlayed, GuardGuessed
>>> from loveletter.cards import Card
>>> narrate(CardPlayed(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
'Anna plays the Guard on Ben, naming the Prince.'
>>> narrate(GuardGuessed(player="Anna", target="Ben", guess=Card.PRINCE, hit=False))
'Ben does not hold the Prince.'

Told to a player (``you``), sentences about them are in the second person:

>>> narrate(CardPlayed(player="Anna", card=Card.PRIEST, target="Ben"), you="Anna")
'You play the Priest on Ben.'
>>> narrate(GuardGuessed(player="Ben", target="Anna", guess=Card.KING, hit=False), you="Anna")
'You do not hold the King.'
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

__all__ = ["Narrator", "narrate", "narrate_all", "story"]

_CAUSES = {
    KnockOutCause.GUARD: "named by a Guard",
    KnockOutCause.BARON: "lost the Baron's comparison",
    KnockOutCause.PRINCESS_DISCARDED: "discarded the Princess",
    KnockOutCause.PRINCESS_PLAYED: "played the Princess",
}
_TARGETED = (Card.GUARD, Card.PRIEST, Card.BARON, Card.KING)


def _the(card: Card) -> str:
    return f"the {card}"


def _list(items: Iterable[str]) -> str:
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Narrator:
    """Tells events, in the second person for the player ``you`` (if any)."""

    def __init__(self, you: str | None = None) -> None:
        self.you = you

    def who(self, *players: str) -> str:
        """The players as a subject or object: ``you`` for the listener."""
        return _list("you" if player == self.you else player for player in players)

    def does(self, players: str | tuple[str, ...], third: str, base: str) -> str:
        """``Anna draws``, ``You draw``, ``Anna and Ben win``: subject and verb agree."""
        group = (players,) if isinstance(players, str) else players
        plural = len(group) > 1 or group[0] == self.you
        return _cap(f"{self.who(*group)} {base if plural else third}")

    def verb(self, player: str, third: str, base: str) -> str:
        """The verb alone, agreeing with ``player``."""
        return base if player == self.you else third

    def whose(self, player: str) -> str:
        """``Anna's`` or ``your``."""
        return "your" if player == self.you else f"{player}'s"

    def tell(self, event: Event) -> str:
        """One sentence that says what ``event`` tells (hidden cards stay unnamed)."""
        if isinstance(event, RoundStarted):
            text = (
                f"Round {event.round_number}: {self.does(event.first, 'plays', 'play')} first; "
                f"{event.draw_pile_size} cards in the draw pile"
            )
            if event.face_up:
                text += f", face up: {_list(str(c) for c in event.face_up)}"
            dealt = [f"{self.does(p, 'is', 'are')} dealt {_the(c)}" for p, c in event.hands if c]
            return text + "." + (" " + "; ".join(dealt) + "." if dealt else "")
        if isinstance(event, CardDrawn):
            if event.source is DrawSource.SET_ASIDE:
                what = f" ({_the(event.card)})" if event.card else ""
                return f"{self.does(event.player, 'takes', 'take')} the set-aside card{what}."
            card = _the(event.card) if event.card else "a card"
            return f"{self.does(event.player, 'draws', 'draw')} {card}."
        if isinstance(event, CardPlayed):
            text = f"{self.does(event.player, 'plays', 'play')} {_the(event.card)}"
            if event.target is not None:
                text += f" on {self.who(event.target)}"
            elif event.card in _TARGETED:
                text += ", but nobody can be chosen"
            if event.guess is not None:
                text += f", naming {_the(event.guess)}"
            return text + "."
        if isinstance(event, GuardGuessed):
            if event.hit:
                return f"{self.does(event.target, 'holds', 'hold')} {_the(event.guess)}!"
            return f"{self.does(event.target, 'does', 'do')} not hold {_the(event.guess)}."
        if isinstance(event, HandSeen):
            seen = f": {_the(event.card)}" if event.card else ""
            looks = self.does(event.player, "looks", "look")
            return f"{looks} at {self.whose(event.target)} hand{seen}."
        if isinstance(event, HandsCompared):
            cards = ""
            if event.player_card and event.target_card:
                cards = f" ({_the(event.player_card)} against {_the(event.target_card)})"
            outcome = "a tie, nothing happens"
            if event.loser is not None:
                has = self.verb(event.loser, "has", "have")
                outcome = f"{self.who(event.loser)} {has} the lower card"
            both = self.does((event.player, event.target), "compares", "compare")
            return f"{both} hands{cards}: {outcome}."
        if isinstance(event, PlayerProtected):
            until = f"until {self.whose(event.player)} next turn"
            return f"{self.does(event.player, 'is', 'are')} protected {until}."
        if isinstance(event, ProtectionEnded):
            return f"{_cap(self.whose(event.player))} protection ends."
        if isinstance(event, HandDiscarded):
            return f"{self.does(event.player, 'discards', 'discard')} {_the(event.card)}."
        if isinstance(event, CardsReturned):
            puts = self.verb(event.player, "puts", "put")
            text = (
                f"{self.does(event.player, 'keeps', 'keep')} one card and {puts} "
                f"{len(event.cards)} under the draw pile"
            )
            if all(card is not None for card in event.cards):
                text += f" ({', then '.join(str(card) for card in event.cards)})"
            return text + "."
        if isinstance(event, HandsTraded):
            text = f"{self.does((event.player, event.target), 'trades', 'trade')} hands"
            received = [
                f"{self.who(p)} {self.verb(p, 'receives', 'receive')} {_the(card)}"
                for p, card in (
                    (event.player, event.player_received),
                    (event.target, event.target_received),
                )
                if card is not None
            ]
            return text + (": " + "; ".join(received) if received else "") + "."
        if isinstance(event, PlayerKnockedOut):
            text = f"{self.does(event.player, 'is', 'are')} knocked out ({_CAUSES[event.cause]})"
            if event.discarded:
                text += f", discarding {_list(_the(card) for card in event.discarded)}"
            return text + "."
        if isinstance(event, RoundEnded):
            wins = self.does(event.winners, "wins", "win")
            if event.end is RoundEnd.LAST_SURVIVOR:
                last = self.does(event.winners, "is", "are")
                text = (
                    f"{last} the last one in and {wins.split(' ')[-1]} round {event.round_number}."
                )
            else:
                shows = _list(f"{self.who(p)} {_the(c)}" for p, c in event.hands)
                text = (
                    f"The draw pile is empty. Showdown: {shows}. {wins} round {event.round_number}."
                )
            if event.set_aside is not None:
                text += f" The set-aside card was {_the(event.set_aside)}."
            return text
        if isinstance(event, TokenAwarded):
            why = "winning the round" if event.reason is TokenReason.ROUND_WIN else "the Spy"
            gains = self.does(event.player, "gains", "gain")
            return f"{gains} a favor token for {why} ({event.tokens} in all)."
        if isinstance(event, GameEnded):
            together = " together" if len(event.winners) > 1 else ""
            return f"{self.does(event.winners, 'wins', 'win')} the game{together}!"
        raise TypeError(f"not an event: {event!r}")


def narrate(event: Event, *, you: str | None = None) -> str:
    """One sentence for ``event``; sentences about ``you`` are in the second person."""
    return Narrator(you).tell(event)


def narrate_all(events: Iterable[Event], *, you: str | None = None) -> list[str]:
    """Each event's sentence, in order."""
    narrator = Narrator(you)
    return [narrator.tell(event) for event in events]


def story(
    events: Iterable[Event], *, viewer: str | None = None, everything: bool = False
) -> list[str]:
    """A game told as ``viewer`` saw it (a spectator when ``None``), a line per event.

    ``everything`` tells it with every card shown, as the referee saw it. Each round
    starts with an unindented line; what happens in it is indented.
    """
    from loveletter.views import redact

    narrator = Narrator()
    lines = []
    for event in events:
        shown = event if everything else redact(event, viewer)
        text = narrator.tell(shown)
        lines.append(text if isinstance(event, RoundStarted) else f"  {text}")
    return lines
