"""Quiet turns: move a round along without changing anything that matters.

Examples, tests and rules disputes often need a round *later on*: the pile nearly empty,
a showdown, the fourteenth turn. :func:`play_quietly` gets there by playing quiet turns.
In a quiet turn the player to act draws (if they have not yet) and plays the card just
drawn, in the first of their :meth:`~loveletter.referee.Game.legal_commands` that
knocks nobody out, makes nobody discard, and leaves every hand a card of the value it
held. Whether a play does is worked out by playing it on a copy of the game, so it is
what the card's effect does, whatever the card:

* a Guard names a card its target does not hold (or chooses nobody, when nobody can be
  chosen);
* a Baron or a King chooses a player whose card has the same value as the one held (a
  tie changes nothing, and neither does trading two equal cards);
* a Priest looks; a Spy, a Handmaid or a Countess is simply played;
* a Chancellor keeps the card held before and returns the drawn ones in the order drawn.

A Prince or a Princess can never be played quietly, nor can a card the Countess forbids:
deal the table (:meth:`~loveletter.referee.Game.arranged`) so that nobody draws one.
The helper uses what the referee knows, every hand included: it is for setting scenes,
not for playing.

Anna's Priest looks at Ben's card; Ben's Guard names a card Anna does not hold:

>>> from loveletter import Game
>>> game = Game.arranged({"Anna": "Guard", "Ben": "Priest"}, pile=["Priest", "Guard"])
>>> for event in play_quietly(game, turns=2):
...     print(event)
CardPlayed(player='Anna', card=Card.PRIEST, target='Ben', guess=None)
HandSeen(player='Anna', target='Ben', card=Card.PRIEST)
CardDrawn(player='Ben', card=Card.GUARD, source=DrawSource.PILE, by=None)
CardPlayed(player='Ben', card=Card.GUARD, target='Anna', guess=Card.SPY)
GuardGuessed(player='Ben', target='Anna', guess=Card.SPY, hit=False)
CardDrawn(player='Anna', card=Card.SPY, source=DrawSource.PILE, by=None)
>>> game.state.hands
((Card.GUARD, Card.SPY), (Card.PRIEST,))
"""

from __future__ import annotations

from loveletter.cards import Card
from loveletter.commands import Choose, Draw, Play
from loveletter.errors import LoveLetterError
from loveletter.events import Event, HandDiscarded, PlayerKnockedOut
from loveletter.referee import Game
from loveletter.state import Phase, State

__all__ = ["play_quietly", "quiet_play"]


def _is_quiet(game: Game, state: State, play: Play, kept: Card) -> bool:
    """Whether ``play`` harms nobody: played on a copy of ``game``.

    It knocks nobody out, makes nobody discard, and leaves each hand a card of the value
    it held (the player's own: ``kept``).
    """
    trial = game.copy(history=False)
    events = trial.apply(play)
    if any(isinstance(event, (PlayerKnockedOut, HandDiscarded)) for event in events):
        return False
    value = state.edition.value
    actor = state.seat(play.player)
    held = [(kept,) if seat == actor else hand[:1] for seat, hand in enumerate(state.hands)]
    after = trial.state.hands
    return all(
        [value[card] for card in before] == [value[card] for card in now[:1]]
        for before, now in zip(held, after, strict=True)
    )


def quiet_play(game: Game) -> Play:
    """The play of the next quiet turn: the card just drawn, harming nobody.

    The player to act must have drawn. Raises :class:`~loveletter.errors.LoveLetterError`
    when that card cannot be played quietly.

    >>> from loveletter import Game
    >>> game = Game.arranged({"Anna": "Priest", "Ben": "Baron"}, pile=["Guard"])
    >>> quiet_play(game)
    Play(player='Anna', card=Card.GUARD, target='Ben', guess=Card.SPY)
    """
    state = game.state
    player = state.player_to_act
    if state.phase is not Phase.PLAY or player is None:
        raise LoveLetterError(f"no quiet play: the game is in its {state.phase.name} phase")
    kept, drawn = state.hand(player)
    for command in game.legal_commands():
        if (
            isinstance(command, Play)
            and command.card is drawn
            and _is_quiet(game, state, command, kept)
        ):
            return command
    raise LoveLetterError(
        f"no quiet play: {player} holds {kept.name.title()} and drew "
        f"{drawn.name.title()}, which cannot be played without changing the round"
    )


def _turn(game: Game) -> list[Event]:
    state = game.state
    player = state.player_to_act
    assert player is not None
    events: list[Event] = []
    if state.phase is Phase.DRAW:
        events += game.apply(Draw(player=player))
    kept = game.state.hand(player)[0]
    events += game.apply(quiet_play(game))
    if game.state.phase is Phase.CHOOSE:
        returned = game.state.hand(player)[1:]
        events += game.apply(Choose(player=player, keep=kept, returned=returned))
    return events


def play_quietly(
    game: Game, *, turns: int | None = None, until_pile: int | None = None
) -> list[Event]:
    """Play quiet turns; return their events.

    With ``turns``, play exactly that many (the round must last that long). With
    ``until_pile``, play until the draw pile holds that many cards (the last turn played
    is the one that left them; with automatic draws, the next player has drawn already)
    or the round ends. With neither, play until the round ends.

    >>> from loveletter import Game
    >>> game = Game.arranged({"Anna": "Guard", "Ben": "Guard"})
    >>> events = play_quietly(game, until_pile=6)
    >>> len(game.state.draw_pile), game.state.player_to_act, game.state.hands
    (6, 'Anna', ((Card.GUARD, Card.BARON), (Card.GUARD,)))
    >>> play_quietly(game)
    Traceback (most recent call last):
    ...
    loveletter.errors.LoveLetterError: no quiet play: Anna holds Guard and drew Prince, ...
    """
    if turns is not None and until_pile is not None:
        raise ValueError("play_quietly takes turns or until_pile, not both")
    if turns is not None and turns < 0:
        raise ValueError(f"turns must be at least 0, not {turns}")
    events: list[Event] = []
    if turns is not None:
        for turn in range(turns):
            if game.state.round_over:
                raise LoveLetterError(
                    f"the round ended after {turn} quiet turns, before the {turns} asked for"
                )
            events += _turn(game)
        return events
    stop = -1 if until_pile is None else until_pile
    while not game.state.round_over and len(game.state.draw_pile) > stop:
        events += _turn(game)
    return events
