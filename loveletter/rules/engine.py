"""The rules' one way in: a checked command performed on a table in motion.

:func:`perform` changes a :class:`~loveletter.motion.Motion` in place (the caller has
checked the command: :func:`loveletter.rules.checks.refusal`); :func:`begin` lays out a
game's first round; :func:`apply` is the pure form, a state and a command in, a new state
and the events out.
"""

from __future__ import annotations

from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal, TakeBack
from loveletter.errors import InvalidCommandError
from loveletter.events import Event
from loveletter.layout import Layout
from loveletter.motion import Motion
from loveletter.rules import round as round_rules
from loveletter.rules import turn
from loveletter.rules.checks import refusal
from loveletter.rules.remedy import take_back
from loveletter.state import Phase, State, Table

__all__ = ["apply", "begin", "perform"]


def begin(
    table: Table,
    *,
    tokens: tuple[int, ...],
    first: int,
    layout: Layout | None = None,
    order: tuple[Card, ...] = (),
) -> Motion:
    """The table at the start of the first round, its events recorded in ``events``.

    The first round deals ``layout``, or else the deck in ``order`` (top card first, as
    LL19-SETUP-ORDER deals it). The caller has checked the table, the tokens and the layout.
    """
    count = len(table.players)
    nobody = (False,) * count
    nothing: tuple[tuple[Card, ...], ...] = ((),) * count
    before = State(
        table=table,
        round_number=0,
        phase=Phase.ROUND_OVER,
        to_act=-1,
        hands=nothing,
        discards=nothing,
        out=nobody,
        protected=nobody,
        spied=nobody,
        tokens=tokens,
        draw_pile=(),
        set_aside=None,
        face_up=(),
    )
    w = Motion(before)
    if layout is not None:
        round_rules.start_round(w, layout, first)
    else:
        round_rules.deal_shuffled(w, order, first)
    return w


def perform(w: Motion, command: Command, taken: Command | None = None) -> None:
    """Apply a command the rules allow to the table ``w``, recording its events there.

    A :class:`~loveletter.commands.TakeBack` is performed on the table already put back
    before the command it takes back, ``taken``.
    """
    if type(command) is Play:
        turn.play(w, command)
    elif type(command) is Draw:
        turn.draw(w)
    elif type(command) is Choose:
        turn.choose(w, command)
    elif type(command) is Deal:
        first = None if command.first is None else w.seats[command.first]
        round_rules.next_round(w, command.layout, first)
    elif type(command) is Redeal:
        round_rules.redeal(w, command.layout)
    elif type(command) is TakeBack and taken is not None:
        take_back(w, taken)
    else:
        raise InvalidCommandError(f"not a command the rules can perform: {command!r}")


def apply(
    state: State, command: Command, *, check: bool = True, record: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Apply ``command`` to ``state``: the new state and the events, in order.

    With ``check`` (the default) a command the rules forbid raises
    :class:`~loveletter.refusals.IllegalCommandError` and nothing changes. ``check=False``
    is for commands known to be legal (taken from the legal commands of this very state);
    anything else then gives undefined results. ``record=False`` skips building the
    events. A take-back needs the game's history: apply it to a
    :class:`~loveletter.referee.Game`.
    """
    w = Motion(state, record=record)
    if check:
        problem = refusal(w, command)
        if problem is not None:
            raise problem.error(command)
    perform(w, command)
    return w.snapshot(), tuple(w.events or ())
