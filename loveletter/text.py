"""Phrases for commands, in English or French: how a refusal names what it refuses.

Every word comes from the catalogue (:func:`loveletter.words.said`); names are echoed
short and safe (:func:`~loveletter.echo.shown`), since they may come from a client.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.echo import shown
from loveletter.words import card_name, cards_phrase, of, said, the

__all__ = ["Sketch", "cards_phrase", "choice_phrase", "describe", "play_phrase"]


@attrs.frozen(kw_only=True)
class Sketch:
    """A command that could not be built, as written: it names something that is no card.

    ``kind`` is ``"play"``, ``"choose"`` or ``"deal"``; ``card`` and ``guess`` are what
    was written (echoed safely when described).

    >>> describe(Sketch(kind="play", player="Anna", card="Joker", target="Ben"))
    "Anna's Joker on Ben"
    >>> describe(Sketch(kind="play", player="Anna", card="Joker"), "fr", you=True)
    'votre carte Joker'
    """

    kind: str
    player: str | None = None
    card: object = None
    target: str | None = None
    guess: object = None


def describe(command: Command | Sketch, language: str = "en", *, you: bool = False) -> str:
    """A short description of ``command``, naming everything in it.

    ``you`` describes it to the player who sent it (``your Guard on Ben``).

    >>> from loveletter.cards import Card
    >>> describe(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
    "Anna's Guard on Ben naming Prince"
    >>> describe(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE), "fr")
    "le Garde d'Anna sur Ben nommant le Prince"
    >>> describe(Choose(player="Ben", keep=Card.KING, returned=(Card.SPY, Card.GUARD)))
    "Ben's Chancellor choice (keep King, return Spy, Guard)"
    >>> describe(Play(player="Anna", card=Card.PRINCE, target="Anna"), "fr", you=True)
    'votre Prince sur vous-même'
    """
    if isinstance(command, Sketch):
        return _sketched(command, language, you)
    describer = _DESCRIBERS.get(type(command))
    if describer is None:
        raise TypeError(f"not a command: {command!r}")
    return describer(command, language, you)


def _sketched(sketch: Sketch, language: str, you: bool) -> str:
    """A command that names something that is no card, described as it was written."""
    if sketch.kind == "deal":
        return said("a_deal", language)
    if sketch.kind == "choose":
        return choice_phrase(sketch.player or "", language, you=you)
    named = said("unknown_card", language, name=shown(sketch.card))
    guess = None if sketch.guess is None else shown(sketch.guess)
    return play_phrase(sketch.player or "", named, sketch.target, guess, language, you=you)


def _named(card: Any, language: str) -> str:
    """A card as a description names it: ``Guard`` in English, ``le Garde`` in French."""
    return the(card, language) if language == "fr" else card_name(card, language)


def _play(command: Play, language: str, you: bool) -> str:
    guess = None if command.guess is None else _named(command.guess, language)
    return play_phrase(
        command.player,
        _named(command.card, language),
        command.target,
        guess,
        language,
        you=you,
        also=command.also,
    )


def _draw(command: Draw, language: str, you: bool) -> str:
    return said("draw", language, you=you, player=shown(command.player))


def _choose(command: Choose, language: str, you: bool) -> str:
    cards = said(
        "choice_cards",
        language,
        kept=card_name(command.keep, language),
        returned=cards_phrase(command.returned, language),
    )
    return choice_phrase(command.player, language, you=you) + cards


def _take_back(command: TakeBack, language: str, you: bool) -> str:
    player = shown(command.player)
    return said("take_back", language, you=you, player=player, of_player=of(player, language))


def _redeal(command: Redeal, language: str, you: bool) -> str:
    return said("redeal", language)


def _deal(command: Deal, language: str, you: bool) -> str:
    first = (
        "" if command.first is None else said("deal_first", language, player=shown(command.first))
    )
    return said("deal", language) + first


_DESCRIBERS: dict[type, Callable[[Any, str, bool], str]] = {
    Play: _play,
    Draw: _draw,
    Choose: _choose,
    TakeBack: _take_back,
    Redeal: _redeal,
    Deal: _deal,
}


def play_phrase(
    player: str,
    card: str,
    target: str | None,
    guess: str | None,
    language: str = "en",
    *,
    you: bool = False,
    also: tuple[str, ...] = (),
) -> str:
    """A play, its card and guess already named: ``Anna's Guard on Ben naming Prince``.

    Also describes a play that names no real card (``card`` is then what was written).
    ``you`` says it to ``player``: ``your Guard on Ben``. In French ``card`` comes with
    its article (``le Garde``), which ``you`` replaces with ``votre``.

    >>> play_phrase("Anna", "le Garde", "Ben", "le Prince", "fr")
    "le Garde d'Anna sur Ben nommant le Prince"
    >>> play_phrase("Anna", "Guard", "Anna", None, you=True)
    'your Guard on yourself'
    """
    player = shown(player)
    text = said(
        "play",
        language,
        you=you,
        player=player,
        card=card,
        bare=_without_article(card),
        of_player=of(player, language),
    )
    if target is not None:
        targets = [shown(name) for name in (target, *also)]
        if targets == [player]:
            text += said("on_self", language, you=you, target=player)
        else:
            joined = (" et " if language == "fr" else " and ").join(targets)
            text += said("on", language, target=joined)
    return text + ("" if guess is None else said("naming", language, card=guess))


def _without_article(phrase: str) -> str:
    """``le Garde`` -> ``Garde``, ``l'Espionne`` -> ``Espionne``, ``la carte X`` -> ``carte X``."""
    for article in ("le ", "la ", "l'"):
        if phrase.startswith(article):
            return phrase[len(article) :]
    return phrase


def choice_phrase(player: str, language: str = "en", *, you: bool = False) -> str:
    """``Ben's Chancellor choice`` (``le choix de Chancelier de Ben``); ``your`` for ``you``."""
    player = shown(player)
    return said("choice", language, you=you, player=player, of_player=of(player, language))
