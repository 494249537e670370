"""The Baron (3): compare hands in secret; the lower value is knocked out.

LL19-BARON-COMPARE, LL19-BARON-TIE (and LLC-BARON-TIE), LL19-BARON-VISIBILITY. Values
come from the edition: the classic King (6) loses to the Countess (7).
"""

from __future__ import annotations

from loveletter.cards import Card
from loveletter.events import HandsCompared, KnockOutCause
from loveletter.rules.knockout import knock_out
from loveletter.rules.work import Work


def play(w: Work, actor: int, target: int, guess: Card | None) -> None:
    """Compare the two hands; the lower is out, a tie does nothing."""
    if target < 0:
        return  # LL19-TARGET-ALL-PROTECTED-NO-EFFECT
    mine = w.hands[actor][0]
    theirs = w.hands[target][0]
    value = w.table.edition.value
    difference = value[mine] - value[theirs]
    loser = -1 if difference == 0 else (actor if difference < 0 else target)
    w.show(actor, target, theirs, Card.BARON)
    w.show(target, actor, mine, Card.BARON)
    w.learn(actor, target, theirs)
    w.learn(target, actor, mine)
    if w.events is not None:
        names = w.names
        w.events.append(
            HandsCompared(
                player=names[actor],
                target=names[target],
                player_card=mine,
                target_card=theirs,
                loser=names[loser] if loser >= 0 else None,
            )
        )
    if loser >= 0:
        knock_out(w, loser, KnockOutCause.BARON)
