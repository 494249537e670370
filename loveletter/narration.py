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

Every card the listener may not see stays unnamed: an event is told as ``you`` saw it (a
spectator, when ``you`` is ``None``), unless ``everything=True`` tells it as the referee
saw it:

>>> from loveletter.events import HandSeen
>>> looked = HandSeen(player="Anna", target="Carla", card=Card.BARON)
>>> narrate(looked, you="Ben"), narrate(looked, you="Anna")
("Anna looks at Carla's hand.", "You look at Carla's hand: the Baron.")
>>> narrate(looked, everything=True)
"Anna looks at Carla's hand: the Baron."
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from loveletter.cards import Card
from loveletter.events import (
    CardDrawn,
    CardPlayed,
    CardsReturned,
    CommandTakenBack,
    DrawSource,
    Ending,
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
    RoundEnded,
    RoundRedealt,
    RoundStarted,
    TokenAwarded,
    TokenFor,
)
from loveletter.views import redact
from loveletter.words import card_name, fold, of, the

__all__ = ["Narrator", "narrate", "narrate_all", "story"]

_CAUSES = {
    KnockOutCause.GUARD: "named by a Guard",
    KnockOutCause.BARON: "lost the Baron's comparison",
    KnockOutCause.PRINCESS_DISCARDED: "discarded the Princess",
    KnockOutCause.PRINCESS_PLAYED: "played the Princess",
}
_TARGETED = (Card.GUARD, Card.PRIEST, Card.BARON, Card.KING)


def _the(card: Card | int) -> str:
    return the(card)


def _list(items: Iterable[str]) -> str:
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class Narrator:
    """Tells events as the player ``you`` saw them (a spectator when ``None``).

    Sentences about ``you`` are in the second person, and every card ``you`` may not see
    stays unnamed (:func:`~loveletter.views.redact`); ``everything=True`` names every
    card, for the referee's own log or events that are redacted already. ``language``
    is ``"en"`` (the default) or ``"fr"``.
    """

    def __init__(
        self, you: str | None = None, language: str = "en", *, everything: bool = False
    ) -> None:
        self.you = you
        self.language = language
        self.everything = everything

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

    def tell_all(self, events: Iterable[Event]) -> list[str]:
        """A sentence for each event, each told knowing the event that follows it.

        Told together, a Chancellor played on an empty draw pile (no card drawn for it
        next) is said to have no effect.
        """
        told = list(events)
        return [
            self.tell(event, no_effect=_chancellor_without_effect(event, told[i + 1 :]))
            for i, event in enumerate(told)
        ]

    def tell(self, event: Event, *, no_effect: bool = False) -> str:
        """One sentence that says what ``event`` tells (hidden cards stay unnamed).

        ``no_effect`` says that a played card had no effect (see :meth:`tell_all`).
        """
        if not self.everything:
            event = redact(event, self.you)
        if self.language == "fr":
            return _French(self.you).tell(event, no_effect=no_effect)
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
                takes = self.does(event.player, "takes", "take")
                return f"{takes} the set-aside card{what}, the draw pile being empty."
            draws = self.does(event.player, "draws", "draw")
            if event.by is Card.PRINCE:
                what = f" ({_the(event.card)})" if event.card else ""
                return f"{draws} a new card{what}."
            card = _the(event.card) if event.card else "a card"
            if event.by is Card.CHANCELLOR:
                return f"{draws} {card} for the Chancellor."
            return f"{draws} {card}."
        if isinstance(event, CardPlayed):
            text = f"{self.does(event.player, 'plays', 'play')} {_the(event.card)}"
            if event.target is not None:
                text += f" on {self.who(event.target)}"
            elif event.card in _TARGETED:
                text += ", but nobody can be chosen"
            elif no_effect:
                text += ", with no effect: the draw pile is empty"
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
            if event.end is Ending.LAST_SURVIVOR:
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
            why = "winning the round" if event.reason is TokenFor.ROUND_WIN else "the Spy"
            gains = self.does(event.player, "gains", "gain")
            return f"{gains} a favor token for {why} ({event.tokens} in all)."
        if isinstance(event, GameEnded):
            together = " together" if len(event.winners) > 1 else ""
            return f"{self.does(event.winners, 'wins', 'win')} the game{together}!"
        if isinstance(event, CommandTakenBack):
            what = _the(event.card) if event.card else "the Chancellor choice"
            return f"{self.does(event.player, 'takes', 'take')} back {what}."
        if isinstance(event, RoundRedealt):
            return f"Round {event.round_number} is voided and dealt again; nobody scores for it."
        raise TypeError(f"not an event: {event!r}")


# French verbs: (third person singular, third person plural, "vous").
_VERBES: dict[str, tuple[str, str, str]] = {
    "avoir": ("a", "ont", "avez"),
    "comparer": ("compare", "comparent", "comparez"),
    "commencer": ("commence", "commencent", "commencez"),
    "défausser": ("défausse", "défaussent", "défaussez"),
    "échanger": ("échange", "échangent", "échangez"),
    "être": ("est", "sont", "êtes"),
    "gagner": ("gagne", "gagnent", "gagnez"),
    "garder": ("garde", "gardent", "gardez"),
    "jouer": ("joue", "jouent", "jouez"),
    "piocher": ("pioche", "piochent", "piochez"),
    "prendre": ("prend", "prennent", "prenez"),
    "recevoir": ("reçoit", "reçoivent", "recevez"),
    "reprendre": ("reprend", "reprennent", "reprenez"),
    "regarder": ("regarde", "regardent", "regardez"),
    "remettre": ("remet", "remettent", "remettez"),
    "quitter": ("quitte", "quittent", "quittez"),
}
_CAUSES_FR: dict[KnockOutCause, tuple[str, str]] = {
    KnockOutCause.GUARD: ("un Garde a nommé sa carte", "un Garde a nommé votre carte"),
    KnockOutCause.BARON: ("comparaison perdue face au Baron", "comparaison perdue face au Baron"),
    KnockOutCause.PRINCESS_DISCARDED: ("Princesse défaussée", "Princesse défaussée"),
    KnockOutCause.PRINCESS_PLAYED: ("Princesse jouée", "Princesse jouée"),
}


class _French:
    """The French narrator: the same facts, in French, without guessing anyone's gender."""

    def __init__(self, you: str | None) -> None:
        self.you = you

    def who(self, *players: str) -> str:
        return _list_fr("vous" if p == self.you else p for p in players)

    def verb(self, players: str | tuple[str, ...], verbe: str) -> str:
        group = (players,) if isinstance(players, str) else players
        third, plural, vous = _VERBES[verbe]
        return vous if self.you in group else (plural if len(group) > 1 else third)

    def does(self, players: str | tuple[str, ...], verbe: str) -> str:
        """``Anna pioche``, ``Anna et Ben comparent``, ``Vous piochez``."""
        group = (players,) if isinstance(players, str) else players
        return _cap(f"{self.who(*group)} {self.verb(group, verbe)}")

    def possessive(self, player: str, *, plural: bool = False) -> str:
        """``son``/``votre`` (``leurs``/``vos`` for two players)."""
        if plural:
            return "vos" if player == self.you else "leurs"
        return "votre" if player == self.you else "son"

    def tell(self, event: Event, *, no_effect: bool = False) -> str:
        if isinstance(event, RoundStarted):
            starts = self.does(event.first, "commencer")
            text = f"Manche {event.round_number} : {starts} ; {event.draw_pile_size} cartes"
            text += " dans la pioche"
            if event.face_up:
                text += f", face visible : {_list_fr(card_name(c, 'fr') for c in event.face_up)}"
            dealt = [f"{self.does(p, 'recevoir')} {the(c, 'fr')}" for p, c in event.hands if c]
            return text + "." + (" " + " ; ".join(dealt) + "." if dealt else "")
        if isinstance(event, CardDrawn):
            if event.source is DrawSource.SET_ASIDE:
                what = f" ({the(event.card, 'fr')})" if event.card else ""
                takes = self.does(event.player, "prendre")
                return f"{takes} la carte mise de côté{what}, la pioche étant vide."
            draws = self.does(event.player, "piocher")
            if event.by is Card.PRINCE:
                what = f" ({the(event.card, 'fr')})" if event.card else ""
                return f"{draws} une nouvelle carte{what}."
            card = the(event.card, "fr") if event.card else "une carte"
            if event.by is Card.CHANCELLOR:
                return f"{draws} {card} pour le Chancelier."
            return f"{draws} {card}."
        if isinstance(event, CardPlayed):
            text = f"{self.does(event.player, 'jouer')} {the(event.card, 'fr')}"
            if event.target is not None:
                text += f" sur {self.who(event.target)}"
            elif event.card in _TARGETED:
                text += ", mais personne ne peut être désigné"
            elif no_effect:
                text += ", sans effet : la pioche est vide"
            if event.guess is not None:
                text += f", en nommant {the(event.guess, 'fr')}"
            return text + "."
        if isinstance(event, GuardGuessed):
            has = self.verb(event.target, "avoir")
            if event.hit:
                return f"{_cap(self.who(event.target))} {has} bien {the(event.guess, 'fr')} !"
            return f"{_cap(self.who(event.target))} n'{has} pas {the(event.guess, 'fr')}."
        if isinstance(event, HandSeen):
            seen = f" : {the(event.card, 'fr')}" if event.card else ""
            hand = "votre main" if event.target == self.you else f"la main {of(event.target, 'fr')}"
            return f"{self.does(event.player, 'regarder')} {hand}{seen}."
        if isinstance(event, HandsCompared):
            cards = ""
            if event.player_card and event.target_card:
                cards = f" ({the(event.player_card, 'fr')} contre {the(event.target_card, 'fr')})"
            outcome = "égalité, rien ne se passe"
            if event.loser is not None:
                has = self.verb(event.loser, "avoir")
                outcome = f"{self.who(event.loser)} {has} la carte la plus faible"
            pair = (event.player, event.target)
            hands = self.possessive(self.you if self.you in pair else "", plural=True)
            return f"{self.does(pair, 'comparer')} {hands} mains{cards} : {outcome}."
        if isinstance(event, PlayerProtected):
            until = f"jusqu'à {self.possessive(event.player)} prochain tour"
            protected = "sous la protection de la Servante"
            return f"{self.does(event.player, 'être')} {protected} {until}."
        if isinstance(event, ProtectionEnded):
            whose = (
                "Votre protection"
                if event.player == self.you
                else (f"La protection {of(event.player, 'fr')}")
            )
            return f"{whose} prend fin."
        if isinstance(event, HandDiscarded):
            return f"{self.does(event.player, 'défausser')} {the(event.card, 'fr')}."
        if isinstance(event, CardsReturned):
            puts = self.verb(event.player, "remettre")
            text = f"{self.does(event.player, 'garder')} une carte et en {puts} {len(event.cards)}"
            text += " sous la pioche"
            if all(card is not None for card in event.cards):
                text += f" ({', puis '.join(card_name(c, 'fr') for c in event.cards if c)})"
            return text + "."
        if isinstance(event, HandsTraded):
            pair = (event.player, event.target)
            hands = self.possessive(self.you if self.you in pair else "", plural=True)
            text = f"{self.does(pair, 'échanger')} {hands} mains"
            received = [
                f"{self.who(p)} {self.verb(p, 'recevoir')} {the(card, 'fr')}"
                for p, card in (
                    (event.player, event.player_received),
                    (event.target, event.target_received),
                )
                if card is not None
            ]
            return text + (" : " + " ; ".join(received) if received else "") + "."
        if isinstance(event, PlayerKnockedOut):
            third, vous = _CAUSES_FR[event.cause]
            why = vous if event.player == self.you else third
            text = f"{self.does(event.player, 'quitter')} la manche ({why})"
            if event.discarded:
                text += f", en défaussant {_list_fr(the(card, 'fr') for card in event.discarded)}"
            return text + "."
        if isinstance(event, RoundEnded):
            number = event.round_number
            if event.end is Ending.LAST_SURVIVOR:
                left = self.who(*event.winners)
                only = "qu'" if fold(left)[:1] in tuple("aeiouyh") else "que "
                wins = f"{left} {self.verb(event.winners, 'gagner')}"
                text = f"Il ne reste {only}{left} en jeu : {wins} la manche {number}."
            else:
                shows = _list_fr(f"{self.who(p)} {the(c, 'fr')}" for p, c in event.hands)
                wins = self.does(event.winners, "gagner")
                text = f"La pioche est vide. Abattage : {shows}. {wins} la manche {number}."
            if event.set_aside is not None:
                text += f" La carte mise de côté était {the(event.set_aside, 'fr')}."
            return text
        if isinstance(event, TokenAwarded):
            why = "la manche gagnée" if event.reason is TokenFor.ROUND_WIN else "l'Espionne"
            gains = self.does(event.player, "gagner")
            return f"{gains} un pion Faveur pour {why} ({event.tokens} en tout)."
        if isinstance(event, GameEnded):
            together = " ensemble" if len(event.winners) > 1 else ""
            return f"{self.does(event.winners, 'gagner')} la partie{together} !"
        if isinstance(event, CommandTakenBack):
            what = the(event.card, "fr") if event.card else "le choix de Chancelier"
            return f"{self.does(event.player, 'reprendre')} {what}."
        if isinstance(event, RoundRedealt):
            number = event.round_number
            return f"La manche {number} est annulée et redistribuée ; personne n'y marque."
        raise TypeError(f"not an event: {event!r}")


def _list_fr(items: Iterable[str]) -> str:
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " et " + words[-1]


def _chancellor_without_effect(event: Event, after: Sequence[Event]) -> bool:
    """Whether ``event`` plays a Chancellor and no card is drawn for it next.

    That is a Chancellor played on an empty draw pile (LL19-CHANCELLOR-EMPTY).
    """
    if not isinstance(event, CardPlayed) or event.card is not Card.CHANCELLOR:
        return False
    following = after[0] if after else None
    return not (isinstance(following, CardDrawn) and following.by is Card.CHANCELLOR)


def narrate(
    event: Event, *, you: str | None = None, language: str = "en", everything: bool = False
) -> str:
    """One sentence for ``event``, as ``you`` saw it (see :class:`Narrator`).

    >>> from loveletter.events import CardPlayed
    >>> played = CardPlayed(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE)
    >>> narrate(played, language="fr")
    'Anna joue le Garde sur Ben, en nommant le Prince.'
    """
    return Narrator(you, language, everything=everything).tell(event)


def narrate_all(
    events: Iterable[Event],
    *,
    you: str | None = None,
    language: str = "en",
    everything: bool = False,
) -> list[str]:
    """Each event's sentence as ``you`` saw it, in order (see :meth:`Narrator.tell_all`)."""
    return Narrator(you, language, everything=everything).tell_all(events)


def story(
    events: Iterable[Event],
    *,
    viewer: str | None = None,
    everything: bool = False,
    language: str = "en",
) -> list[str]:
    """A game told as ``viewer`` saw it (a spectator when ``None``), a line per event.

    ``everything`` tells it with every card shown, as the referee saw it. Each round
    starts with an unindented line; what happens in it is indented.
    """
    told = [event if everything else redact(event, viewer) for event in events]
    texts = Narrator(language=language, everything=True).tell_all(told)
    return [
        text if isinstance(event, RoundStarted) else f"  {text}"
        for event, text in zip(told, texts, strict=True)
    ]
