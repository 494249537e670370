"""The Baron (3): compare hands in secret; the lower value is knocked out.

LL19-BARON-COMPARE, LL19-BARON-TIE (and LLC-BARON-TIE), LL19-BARON-VISIBILITY. Values
come from the edition: the classic King (6) loses to the Countess (7). :func:`compare`
serves any card that compares hands, whichever way round it rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from loveletter.cardrule import CardRule, Intent, Motion, Targeting, register_rule
from loveletter.cards import Card
from loveletter.events import HandsCompared, KnockOutCause


def compare(
    w: Motion, actor: int, target: int, by: Card, cause: KnockOutCause, *, lower_loses: bool
) -> None:
    """Compare the two hands: the lower (or higher) is out, a tie does nothing.

    Each of the two sees the other's card, and nobody else does (LL19-BARON-VISIBILITY).
    """
    mine = w.hands[actor][0]
    theirs = w.hands[target][0]
    value = w.table.edition.value
    difference = value[mine] - value[theirs]
    if not lower_loses:
        difference = -difference
    loser = -1 if difference == 0 else (actor if difference < 0 else target)
    w.show(actor, target, theirs, by)
    w.show(target, actor, mine, by)
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
                by=by,
            )
        )
    if loser >= 0:
        w.knock_out(loser, cause)


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Compare the two hands; the lower is out, a tie does nothing."""
    if targets:
        compare(w, actor, targets[0], Card.BARON, KnockOutCause.BARON, lower_loses=True)


def equal(
    hands: Sequence[tuple[Card, ...]],
    value: Mapping[Card, int],
    actor: int,
    targets: tuple[int, ...],
    guess: Card | int | None,
) -> bool:
    """A comparison (or a trade) between cards of equal value changes nothing that counts."""
    kept = value[hands[actor][0]]
    return all(value[hands[target][0]] == kept for target in targets)


RULE = register_rule(
    CardRule(
        card=Card.BARON,
        french="Baron",
        labels=("3♠", "3♣"),
        targeting=Targeting.OTHER,
        intent=Intent.COMPARE,
        effect=play,
        shows_hands=True,
        knock_outs=(
            (
                KnockOutCause.BARON,
                "lost the Baron's comparison",
                "comparaison perdue face au Baron",
                "comparaison perdue face au Baron",
            ),
        ),
        quiet=equal,
    )
)
