"""Plain-English (or French) phrases for commands, used in refusal messages and narration."""

from __future__ import annotations

from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.words import card_name, cards_phrase, of, shown, the

__all__ = ["cards_phrase", "choice_phrase", "describe", "play_phrase"]


def describe(command: Command, language: str = "en", *, you: bool = False) -> str:
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
    french = language == "fr"
    if isinstance(command, Play):
        card, guess = command.card, command.guess
        return play_phrase(
            command.player,
            the(card, language) if french else str(card),
            command.target,
            None if guess is None else (the(guess, language) if french else str(guess)),
            language,
            you=you,
        )
    if isinstance(command, Draw):
        player = shown(command.player)
        if french:
            return "votre pioche" if you else f"{player} pioche"
        return "your draw" if you else f"{player}'s draw"
    if isinstance(command, Choose):
        returned = cards_phrase(command.returned, language)
        kept = card_name(command.keep, language)
        choice = choice_phrase(command.player, language, you=you)
        if french:
            return f"{choice} (garder {kept}, remettre {returned})"
        return f"{choice} (keep {kept}, return {returned})"
    if isinstance(command, TakeBack):
        if french:
            return "votre reprise" if you else f"la reprise {of(shown(command.player), language)}"
        return "your take-back" if you else f"{shown(command.player)}'s take-back"
    if isinstance(command, Redeal):
        return "la redistribution de la manche" if french else "the redeal of the round"
    if isinstance(command, Deal):
        if french:
            text = "la distribution de la manche suivante"
            if command.first is not None:
                text += f", {shown(command.first)} en premier"
            return text
        text = "the deal of the next round"
        if command.first is not None:
            text += f" with {shown(command.first)} first"
        return text
    raise TypeError(f"not a command: {command!r}")


def play_phrase(
    player: str,
    card: str,
    target: str | None,
    guess: str | None,
    language: str = "en",
    *,
    you: bool = False,
) -> str:
    """A play, its card and guess already named: ``Anna's Guard on Ben naming Prince``.

    Also describes a play that names no real card (``card`` is then what was written).
    ``you`` says it to ``player``: ``your Guard on Ben``. In French ``card`` comes with
    its article (``le Garde``), which ``you`` replaces with ``votre``. Names are echoed
    short and safe (:func:`~loveletter.i18n.shown`): they may come from a client.

    >>> play_phrase("Anna", "le Garde", "Ben", "le Prince", "fr")
    "le Garde d'Anna sur Ben nommant le Prince"
    >>> play_phrase("Anna", "Guard", "Anna", None, you=True)
    'your Guard on yourself'
    """
    player, target = shown(player), None if target is None else shown(target)
    if language == "fr":
        if you:
            text = f"votre {_without_article(card)}"
            on = "vous-même" if target == player else target
        else:
            text = f"{card} {of(player, language)}"
            on = target
        text += f" sur {on}" if target is not None else ""
        return text + (f" nommant {guess}" if guess is not None else "")
    if you:
        on = "yourself" if target == player else target
        text = f"your {card}" + (f" on {on}" if target is not None else "")
    else:
        text = f"{player}'s {card}" + (f" on {target}" if target is not None else "")
    return text + (f" naming {guess}" if guess is not None else "")


def _without_article(phrase: str) -> str:
    """``le Garde`` -> ``Garde``, ``l'Espionne`` -> ``Espionne``, ``la carte X`` -> ``carte X``."""
    for article in ("le ", "la ", "l'"):
        if phrase.startswith(article):
            return phrase[len(article) :]
    return phrase


def choice_phrase(player: str, language: str = "en", *, you: bool = False) -> str:
    """``Ben's Chancellor choice`` (``le choix de Chancelier de Ben``); ``your`` for ``you``."""
    player = shown(player)
    if language == "fr":
        return (
            "votre choix de Chancelier" if you else f"le choix de Chancelier {of(player, language)}"
        )
    return "your Chancellor choice" if you else f"{player}'s Chancellor choice"
