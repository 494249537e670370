"""The Guard (1): name a card other than Guard; if the target holds it, they are out.

LL19-GUARD-HIT, LL19-GUARD-MISS, LL19-GUARD-NOT-GUARD, LL19-GUARD-NAME-SPY,
LL19-GUARD-NAME-ABSENT, LL19-GUARD-GUESS-REQUIRED, LL19-GUARD-NUMBER, LL19-Q01, LL19-Q09.
"""

from __future__ import annotations

from loveletter._records import builder
from loveletter.cards import Card
from loveletter.errors import Reason
from loveletter.events import GuardGuessed, KnockOutCause
from loveletter.rules.knockout import knock_out
from loveletter.rules.work import Work

_guard_guessed = builder(GuardGuessed)


def play(w: Work, actor: int, target: int, guess: Card | None) -> None:
    """Check the named card against the target's hand."""
    if target < 0 or guess is None:
        return  # LL19-TARGET-ALL-PROTECTED-NO-EFFECT
    hit = w.hands[target][0] is guess
    if w.events is not None:
        w.events.append(_guard_guessed(w.names[actor], w.names[target], guess, hit))
    if hit:
        knock_out(w, target, KnockOutCause.GUARD)


def guess_problem(
    card: Card, has_target: bool, guess: Card | None
) -> tuple[Reason, str, str] | None:
    """What is wrong with the named card of a play, checked after its target.

    Returns the reason, the ruling and the key of the message
    (:func:`loveletter.i18n.message`), or ``None``.
    """
    if card is Card.GUARD and has_target:
        if guess is None:
            return (Reason.GUESS_REQUIRED, "LL19-GUARD-GUESS-REQUIRED", "guess_required")
        if guess is Card.GUARD:
            return (Reason.GUESS_GUARD, "LL19-GUARD-NOT-GUARD", "guess_guard")
        return None
    if guess is None:
        return None
    if card is Card.GUARD:
        return (Reason.GUESS_NOT_ALLOWED, "LL19-Q09", "guess_without_target")
    return (Reason.GUESS_NOT_ALLOWED, "LL19-GUARD-HIT", "guess_not_guard")
