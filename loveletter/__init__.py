"""loveletter: an exact, typed referee for the card game Love Letter.

>>> from loveletter import Game, Play, Card
>>> game = Game.new(["Anna", "Ben", "Carla"], seed=1, first="Anna")
>>> game.state.player_to_act
'Anna'
>>> game.check(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRINCE)).reason
Reason.NOT_YOUR_TURN
"""

from loveletter.cardrule import CardRule, Targeting
from loveletter.cards import Card, card_named
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.editions import EDITIONS, CardSpec, Edition, Tiebreak, edition
from loveletter.errors import (
    IllegalCommandError,
    InconsistentStateError,
    InvalidCommandError,
    LoveLetterError,
    Reason,
    Refusal,
    SetupError,
    UnknownPlayerError,
)
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
from loveletter.layout import Layout
from loveletter.legal import LegalCommands
from loveletter.referee import Game
from loveletter.setup import Setup
from loveletter.state import Known, Phase, RoundOutcome, Shown, State, Table

__version__ = "0.1.0.dev0"

__all__ = [
    "EDITIONS",
    "Card",
    "CardDrawn",
    "CardPlayed",
    "CardRule",
    "CardSpec",
    "CardsReturned",
    "Choose",
    "Command",
    "CommandTakenBack",
    "Deal",
    "Draw",
    "DrawSource",
    "Edition",
    "Ending",
    "Event",
    "Game",
    "GameEnded",
    "GuardGuessed",
    "HandDiscarded",
    "HandSeen",
    "HandsCompared",
    "HandsTraded",
    "IllegalCommandError",
    "InconsistentStateError",
    "InvalidCommandError",
    "KnockOutCause",
    "Known",
    "Layout",
    "LegalCommands",
    "LoveLetterError",
    "Phase",
    "Play",
    "PlayerKnockedOut",
    "PlayerProtected",
    "ProtectionEnded",
    "Reason",
    "Redeal",
    "Refusal",
    "RoundEnded",
    "RoundOutcome",
    "RoundRedealt",
    "RoundStarted",
    "Setup",
    "SetupError",
    "Shown",
    "State",
    "Table",
    "TakeBack",
    "Targeting",
    "Tiebreak",
    "TokenAwarded",
    "TokenFor",
    "UnknownPlayerError",
    "card_named",
    "edition",
]
