"""loveletter: an exact, typed referee for the card game Love Letter.

>>> from loveletter import Game, Play, Card
>>> game = Game.new(["Anna", "Ben", "Carla"], seed=1, first="Anna")
>>> game.state.player_to_act
'Anna'
>>> game.check(Play(player="Ben", card=Card.GUARD, target="Anna", guess=Card.PRINCE)).reason
Reason.NOT_YOUR_TURN
"""

from loveletter.cardrule import CardRule, Intent, Targeting, register_rule
from loveletter.cards import Card, card_named
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.editions import EDITIONS, CardSpec, Edition, Tiebreak, edition, register_edition
from loveletter.errors import (
    ForbiddenCommandError,
    InconsistentStateError,
    InvalidCommandError,
    LoveLetterError,
    MoveTextError,
    Reason,
    SetupError,
    UnknownPlayerError,
)

# The events: importable from here, and listed in loveletter.events.
from loveletter.events import (  # noqa: F401
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
from loveletter.moves import Moves, MoveStep, StepKind, moves_for, notation, parse_move
from loveletter.referee import Game
from loveletter.refusals import IllegalCommandError, Refusal
from loveletter.serialization import from_json, read_command, to_json
from loveletter.setup import Setup
from loveletter.state import Known, Phase, RoundOutcome, Shown, State, Table  # noqa: F401
from loveletter.views import View, redact, view_for

__version__ = "0.1.0.dev0"

__all__ = [
    "EDITIONS",
    "Card",
    "CardRule",
    "CardSpec",
    "Choose",
    "Command",
    "Deal",
    "Draw",
    "Edition",
    "Event",
    "ForbiddenCommandError",
    "Game",
    "IllegalCommandError",
    "InconsistentStateError",
    "Intent",
    "InvalidCommandError",
    "Layout",
    "LegalCommands",
    "LoveLetterError",
    "MoveStep",
    "MoveTextError",
    "Moves",
    "Phase",
    "Play",
    "Reason",
    "Redeal",
    "Refusal",
    "Setup",
    "SetupError",
    "State",
    "StepKind",
    "TakeBack",
    "Targeting",
    "Tiebreak",
    "UnknownPlayerError",
    "View",
    "card_named",
    "edition",
    "from_json",
    "moves_for",
    "notation",
    "parse_move",
    "read_command",
    "redact",
    "register_edition",
    "register_rule",
    "to_json",
    "view_for",
]
