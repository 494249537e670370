"""Events in plain words, in English or French, for logs, replays and the terminal game.

One narrator for both languages: what each event says is decided once, here, and its
words come from the catalogue (:func:`loveletter.words.narration`), where every
sentence stands in English and in French.

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

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from loveletter.cardrule import Intent, Targeting, cause_words, rule_of
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
from loveletter.words import card_name, conjugate, fold, narration, of, players_phrase, the

__all__ = ["Narrator", "narrate", "narrate_all", "story"]


class Voice:
    """The grammar of one telling: its language, and who is listening (``you``)."""

    def __init__(self, you: str | None, language: str) -> None:
        self.you = you
        self.language = language

    def say(self, key: str, *, to: str | None = None, **fields: Any) -> str:
        """The catalogue's ``key``; said to the listener when ``to`` is them."""
        return narration(key, self.language, you=to is not None and to == self.you, **fields)

    def who(self, *players: str) -> str:
        """The players as a subject or object: ``you`` (``vous``) for the listener."""
        you = "vous" if self.language == "fr" else "you"
        return players_phrase((you if p == self.you else p for p in players), self.language)

    def verb(self, players: Sequence[str], verb: str) -> str:
        """``verb`` agreeing with ``players``."""
        you = self.you in players
        return conjugate(verb, self.language, plural=len(players) > 1, you=you)

    def does(self, players: str | Sequence[str], verb: str) -> str:
        """``Anna draws``, ``You draw``, ``Anna et Ben comparent``: subject and verb agree."""
        group = (players,) if isinstance(players, str) else tuple(players)
        text = f"{self.who(*group)} {self.verb(group, verb)}"
        return text[:1].upper() + text[1:]

    def the(self, card: Card | int) -> str:
        """``the Guard`` (``le Garde``)."""
        return the(card, self.language)

    def cards(self, cards: Iterable[Card | int]) -> str:
        """``the Guard and the Spy`` (``le Garde et l'Espionne``)."""
        return players_phrase((self.the(card) for card in cards), self.language)

    def of(self, player: str) -> str:
        """``de Ben``, ``d'Anna`` (the same name in English)."""
        return of(player, self.language) if self.language == "fr" else player


Teller = Callable[[Voice, Any, bool], str]


def _round_started(v: Voice, e: RoundStarted, no_effect: bool) -> str:
    names = players_phrase((card_name(card, v.language) for card in e.face_up), v.language)
    face_up = v.say("face_up", cards=names) if e.face_up else ""
    dealt = [
        v.say("dealt", does=v.does(player, "dealt"), card=v.the(card))
        for player, card in e.hands
        if card
    ]
    joined = (" ; " if v.language == "fr" else "; ").join(dealt)
    return v.say(
        "round_started",
        round=e.round_number,
        does=v.does(e.first, "start"),
        size=e.draw_pile_size,
        face_up=face_up,
        dealt=f" {joined}." if dealt else "",
    )


def _in_brackets(v: Voice, card: Card | None) -> str:
    return f" ({v.the(card)})" if card else ""


def _card_drawn(v: Voice, e: CardDrawn, no_effect: bool) -> str:
    if e.source is DrawSource.SET_ASIDE:
        return v.say("took_set_aside", does=v.does(e.player, "take"), card=_in_brackets(v, e.card))
    does = v.does(e.player, "draw")
    if e.by is not None and rule_of(e.by).intent is Intent.REPLACE:
        return v.say("drew_anew", does=does, card=_in_brackets(v, e.card))
    card = v.the(e.card) if e.card else v.say("a_card")
    if e.by is not None:
        return v.say("drew_for", does=does, card=card, by=v.the(e.by))
    return v.say("drew", does=does, card=card)


def _card_played(v: Voice, e: CardPlayed, no_effect: bool) -> str:
    text = v.say("played", does=v.does(e.player, "play"), card=v.the(e.card))
    targets = (e.target, *e.also) if e.target is not None else e.also
    if targets == (e.player,):  # a Prince on its own player
        text += v.say("played_on_self", to=e.player)
    elif targets:
        text += v.say("played_on", targets=v.who(*targets))
    elif rule_of(e.card).targeting is not Targeting.NONE:
        text += v.say("nobody_chosen")
    elif no_effect:
        text += v.say("no_effect")
    if e.guess is not None:
        text += v.say("naming", card=v.the(e.guess))
    return text + "."


def _guard_guessed(v: Voice, e: GuardGuessed, no_effect: bool) -> str:
    who = v.who(e.target)
    return v.say(
        "guessed_right" if e.hit else "guessed_wrong",
        does=v.does(e.target, "hold" if e.hit else "do"),
        who=who[:1].upper() + who[1:],
        has=v.verb((e.target,), "have"),
        card=v.the(e.guess),
    )


def _hand_seen(v: Voice, e: HandSeen, no_effect: bool) -> str:
    seen = ""
    if e.card is not None:
        seen = (" : " if v.language == "fr" else ": ") + v.the(e.card)
    return v.say(
        "looked",
        to=e.target,
        does=v.does(e.player, "look"),
        target=e.target,
        of_target=v.of(e.target),
        card=seen,
    )


def _hands_compared(v: Voice, e: HandsCompared, no_effect: bool) -> str:
    pair, cards = (e.player, e.target), (e.player_card, e.target_card)
    if v.you == e.target:  # "You and Anna compare hands", your card first
        pair, cards = (e.target, e.player), (e.target_card, e.player_card)
    against = ""
    if cards[0] and cards[1]:
        against = v.say("against", one=v.the(cards[0]), other=v.the(cards[1]))
    outcome = v.say("tie")
    if e.loser is not None:
        key = "lower" if rule_of(e.by).lower_loses else "higher"
        outcome = v.say(key, who=v.who(e.loser), has=v.verb((e.loser,), "have"))
    listener = v.you if v.you in pair else None
    return v.say(
        "compared", to=listener, does=v.does(pair, "compare"), cards=against, outcome=outcome
    )


def _player_protected(v: Voice, e: PlayerProtected, no_effect: bool) -> str:
    return v.say("protected", to=e.player, does=v.does(e.player, "be"), player=e.player)


def _protection_ended(v: Voice, e: ProtectionEnded, no_effect: bool) -> str:
    return v.say("protection_ended", to=e.player, player=e.player, of_player=v.of(e.player))


def _hand_discarded(v: Voice, e: HandDiscarded, no_effect: bool) -> str:
    return v.say("discarded", does=v.does(e.player, "discard"), card=v.the(e.card))


def _cards_returned(v: Voice, e: CardsReturned, no_effect: bool) -> str:
    cards = ""
    if all(card is not None for card in e.cards):
        names = [v.the(card) for card in e.cards if card is not None]
        cards = f" ({v.say('then').join(names)})"
    count = len(e.cards)
    return v.say(
        "returned",
        does=v.does(e.player, "keep"),
        put=v.verb((e.player,), "put"),
        count=v.say(f"count_{count}" if 1 <= count <= 3 else "count", count=count),
        cards=cards,
    )


def _hands_traded(v: Voice, e: HandsTraded, no_effect: bool) -> str:
    received = [
        v.say("received", who=v.who(p), receives=v.verb((p,), "receive"), card=v.the(card))
        for p, card in ((e.player, e.player_received), (e.target, e.target_received))
        if card is not None
    ]
    separator = " ; " if v.language == "fr" else "; "
    colon = " : " if v.language == "fr" else ": "
    pair = (e.player, e.target)
    return v.say(
        "traded",
        to=v.you if v.you in pair else None,
        does=v.does(pair, "trade"),
        received=colon + separator.join(received) if received else "",
    )


def _player_knocked_out(v: Voice, e: PlayerKnockedOut, no_effect: bool) -> str:
    english, french, french_you = cause_words(e.cause)
    cause = english if v.language != "fr" else (french_you if e.player == v.you else french)
    discarding = v.say("discarding", cards=v.cards(e.discarded)) if e.discarded else ""
    return v.say(
        "knocked_out",
        does=v.does(e.player, "knocked out"),
        cause=cause,
        discarding=discarding,
    )


def _round_ended(v: Voice, e: RoundEnded, no_effect: bool) -> str:
    if e.end is Ending.LAST_SURVIVOR:
        who = v.who(*e.winners)
        text = v.say(
            "last_survivor",
            does=v.does(e.winners, "be"),
            win=v.verb(e.winners, "win"),
            who=who,
            only="qu'" if fold(who)[:1] in tuple("aeiouyh") else "que ",
            round=e.round_number,
        )
    else:
        # "Anna has the Princess, you the Guard and Ben the Priest": the verb said once
        shown = [
            v.say("shows", does=v.does(p, "have") if i == 0 else v.who(p), card=v.the(c))
            for i, (p, c) in enumerate(e.hands)
        ]
        hands = players_phrase(shown, v.language)
        text = v.say("showdown", hands=hands, does=v.does(e.winners, "win"), round=e.round_number)
    if e.set_aside is not None:
        text += v.say("set_aside_was", card=v.the(e.set_aside))
    return text


def _token_awarded(v: Voice, e: TokenAwarded, no_effect: bool) -> str:
    why = v.say("for_the_round" if e.reason is TokenFor.ROUND_WIN else "for_the_spy")
    return v.say("token", does=v.does(e.player, "gain"), why=why, tokens=e.tokens)


def _game_ended(v: Voice, e: GameEnded, no_effect: bool) -> str:
    key = "game_won_together" if len(e.winners) > 1 else "game_won"
    return v.say(key, does=v.does(e.winners, "win"))


def _command_taken_back(v: Voice, e: CommandTakenBack, no_effect: bool) -> str:
    card = v.the(e.card) if e.card else v.say("the_choice")
    return v.say("taken_back", does=v.does(e.player, "take back"), card=card)


def _round_redealt(v: Voice, e: RoundRedealt, no_effect: bool) -> str:
    return v.say("redealt", round=e.round_number)


_TELLERS: dict[type, Teller] = {
    RoundStarted: _round_started,
    CardDrawn: _card_drawn,
    CardPlayed: _card_played,
    GuardGuessed: _guard_guessed,
    HandSeen: _hand_seen,
    HandsCompared: _hands_compared,
    PlayerProtected: _player_protected,
    ProtectionEnded: _protection_ended,
    HandDiscarded: _hand_discarded,
    CardsReturned: _cards_returned,
    HandsTraded: _hands_traded,
    PlayerKnockedOut: _player_knocked_out,
    RoundEnded: _round_ended,
    TokenAwarded: _token_awarded,
    GameEnded: _game_ended,
    CommandTakenBack: _command_taken_back,
    RoundRedealt: _round_redealt,
}
"""What each kind of event says: one function for both languages."""


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
        self.voice = Voice(you, language)

    def tell_all(self, events: Iterable[Event]) -> list[str]:
        """A sentence for each event, each told knowing the event that follows it.

        Told together, a card that draws for its player (the Chancellor) played on an
        empty draw pile, with no card drawn for it next, is said to have no effect.
        """
        told = list(events)
        return [
            self.tell(event, no_effect=_without_effect(event, told[i + 1 :]))
            for i, event in enumerate(told)
        ]

    def tell(self, event: Event, *, no_effect: bool = False) -> str:
        """One sentence that says what ``event`` tells (hidden cards stay unnamed).

        ``no_effect`` says that a played card had no effect (see :meth:`tell_all`).
        """
        if not self.everything:
            event = redact(event, self.you)
        teller = _TELLERS.get(type(event))
        if teller is None:
            raise TypeError(f"not an event: {event!r}")
        return teller(self.voice, event, no_effect)


def _without_effect(event: Event, after: Sequence[Event]) -> bool:
    """Whether ``event`` plays a card that draws for its player, and none is drawn for it.

    That is a Chancellor played on an empty draw pile (LL19-CHANCELLOR-EMPTY).
    """
    if not isinstance(event, CardPlayed) or not rule_of(event.card).draws:
        return False
    following = after[0] if after else None
    return not (isinstance(following, CardDrawn) and following.by is event.card)


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
    you: str | None = None,
) -> list[str]:
    """A game told as ``viewer`` saw it (a spectator when ``None``), a line per event.

    ``everything`` tells it with every card shown, as the referee saw it. Each round
    starts with an unindented line; what happens in it is indented. Players are told
    in the third person, but ``you``, told in the second (the terminal game's player,
    whose name is ``You``: "You play first", never "You plays first").
    """
    told = [event if everything else redact(event, viewer) for event in events]
    texts = Narrator(you, language=language, everything=True).tell_all(told)
    return [
        text if isinstance(event, RoundStarted) else f"  {text}"
        for event, text in zip(told, texts, strict=True)
    ]
