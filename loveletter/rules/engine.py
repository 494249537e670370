"""Applying commands: the rules perform a command on a table in motion.

:func:`perform` changes a :class:`~loveletter.rules.work.Work` in place (the caller has
checked the command); :func:`apply` is the pure form, a state and a command in, a new
state and the events out.
"""

from __future__ import annotations

from loveletter._records import builder
from loveletter.cards import Card
from loveletter.commands import Choose, Command, Deal, Draw, Play, Redeal
from loveletter.errors import InvalidCommandError
from loveletter.events import Event
from loveletter.layout import Layout
from loveletter.rules import chancellor, turn
from loveletter.rules import round as round_rules
from loveletter.rules.checks import refusal
from loveletter.rules.work import Work
from loveletter.state import Phase, State, Table

__all__ = ["apply", "begin", "perform", "start_game"]


_before = builder(State)


def begin(
    table: Table,
    *,
    tokens: tuple[int, ...],
    first: int,
    layout: Layout | None = None,
    order: tuple[Card, ...] = (),
    record: bool = True,
) -> Work:
    """The table at the start of the first round, its events recorded in ``events``.

    The first round deals ``layout``, or else the deck in ``order`` (top card first, as
    LL19-SETUP-ORDER deals it). The caller has checked the table, the tokens and the layout.
    """
    count = len(table.players)
    nobody = (False,) * count
    nothing = ((),) * count
    before = _before(
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
        shown=(),
        known=(),
        ruled_out=(),
        tied=(),
        buried=(),
        first=0,
        redeals=0,
        outcome=None,
    )
    w = Work(before, record=record)
    if layout is not None:
        round_rules.start_round(w, layout, first)
    else:
        round_rules.deal_shuffled(w, order, first)
    return w


def start_game(
    table: Table, *, tokens: tuple[int, ...], layout: Layout, first: int, record: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """The state at the start of the first round, and its events."""
    w = begin(table, tokens=tokens, layout=layout, first=first, record=record)
    return w.freeze(), tuple(w.events or ())


def perform(w: Work, command: Command) -> None:
    """Apply a command the rules allow to the table ``w``, recording its events there."""
    if type(command) is Play:
        turn.play(w, command)
    elif type(command) is Draw:
        turn.draw(w)
    elif type(command) is Choose:
        chancellor.choose(w, w.to_act, command.keep, command.returned)
        w.phase = Phase.PLAY
        turn.end_turn(w)
    elif type(command) is Deal:
        first = command.first
        round_rules.next_round(w, command.layout, None if first is None else w.seats[first])
    elif type(command) is Redeal:
        round_rules.redeal(w, command.layout)
    else:
        raise InvalidCommandError(f"not a command: {command!r}")


def apply(
    state: State, command: Command, *, check: bool = True, record: bool = True
) -> tuple[State, tuple[Event, ...]]:
    """Apply ``command`` to ``state``: the new state and the events, in order.

    With ``check`` (the default) a command the rules forbid raises
    :class:`~loveletter.errors.IllegalCommandError` and nothing changes. ``check=False``
    is for commands known to be legal (taken from the legal commands of this very state);
    anything else then gives undefined results. ``record=False`` skips building the
    events.
    """
    if check:
        problem = refusal(state, command)
        if problem is not None:
            raise problem.error(command)
    w = Work(state, record=record)
    perform(w, command)
    return w.freeze(), tuple(w.events) if w.events is not None else ()
