"""Plain-English (or French) phrases for commands, used in refusal messages and narration."""

from __future__ import annotations

from loveletter.commands import Choose, Command, Deal, Draw, Play
from loveletter.i18n import card_name, cards_phrase, of, the

__all__ = ["cards_phrase", "choice_phrase", "describe", "play_phrase"]


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
        card, guess = command.card, command.guess
        return play_phrase(
            command.player,
            the(card, language) if french else str(card),
            command.target,
            None if guess is None else (the(guess, language) if french else str(guess)),
            language,
        )
    if isinstance(command, Draw):
        return f"{command.player} pioche" if french else f"{command.player}'s draw"
    if isinstance(command, Choose):
        returned = cards_phrase(command.returned, language)
        kept = card_name(command.keep, language)
        if french:
            return f"{choice_phrase(command.player, language)} (garder {kept}, remettre {returned})"
        return f"{choice_phrase(command.player, language)} (keep {kept}, return {returned})"
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


def play_phrase(
    player: str, card: str, target: str | None, guess: str | None, language: str = "en"
) -> str:
    """A play, its card and guess already named: ``Anna's Guard on Ben naming Prince``.

    Also describes a play that names no real card (``card`` is then what was written).

    >>> play_phrase("Anna", "le Garde", "Ben", "le Prince", "fr")
    "le Garde d'Anna sur Ben nommant le Prince"
    """
    if language == "fr":
        text = f"{card} {of(player, language)}"
        text += f" sur {target}" if target is not None else ""
        return text + (f" nommant {guess}" if guess is not None else "")
    text = f"{player}'s {card}" + (f" on {target}" if target is not None else "")
    return text + (f" naming {guess}" if guess is not None else "")


def choice_phrase(player: str, language: str = "en") -> str:
    """``Ben's Chancellor choice`` (``le choix de Chancelier de Ben``)."""
    if language == "fr":
        return f"le choix de Chancelier {of(player, language)}"
    return f"{player}'s Chancellor choice"
