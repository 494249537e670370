"""Plain-English (or French) phrases for commands, used in refusal messages and narration."""

from __future__ import annotations

from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.i18n import card_name, cards_phrase, of, the

__all__ = ["cards_phrase", "describe"]


def describe(command: Command, language: str = "en") -> str:
    """A short description of ``command``, naming everything in it.

    >>> from loveletter.cards import Card
    >>> describe(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE))
    "Anna's Guard on Ben naming Prince"
    >>> describe(Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.PRINCE), "fr")
    "le Garde d'Anna sur Ben nommant le Prince"
    >>> describe(Choose(player="Ben", keep=Card.KING, returned=(Card.SPY, Card.GUARD)))
    "Ben's Chancellor choice (keep King, return Spy, Guard)"
    """
    french = language == "fr"
    if isinstance(command, Play):
        if french:
            text = f"{the(command.card, language)} {of(command.player, language)}"
            if command.target is not None:
                text += f" sur {command.target}"
            if command.guess is not None:
                text += f" nommant {the(command.guess, language)}"
            return text
        text = f"{command.player}'s {command.card}"
        if command.target is not None:
            text += f" on {command.target}"
        if command.guess is not None:
            text += f" naming {command.guess}"
        return text
    if isinstance(command, Draw):
        return f"{command.player} pioche" if french else f"{command.player}'s draw"
    if isinstance(command, Choose):
        returned = cards_phrase(command.returned, language)
        if french:
            return (
                f"le choix de Chancelier {of(command.player, language)} "
                f"(garder {card_name(command.keep, language)}, remettre {returned})"
            )
        return f"{command.player}'s Chancellor choice (keep {command.keep}, return {returned})"
    if isinstance(command, Deal):
        if french:
            text = "la distribution de la manche suivante"
            if command.first is not None:
                text += f", {command.first} en premier"
            return text
        text = "the deal of the next round"
        if command.first is not None:
            text += f" with {command.first} first"
        return text
    raise TypeError(f"not a command: {command!r}")
