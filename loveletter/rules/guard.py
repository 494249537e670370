"""The Guard (1): name a card other than Guard; if the target holds it, they are out.

LL19-GUARD-HIT, LL19-GUARD-MISS, LL19-GUARD-NOT-GUARD, LL19-GUARD-NAME-SPY,
LL19-GUARD-NAME-ABSENT, LL19-GUARD-GUESS-REQUIRED, LL19-GUARD-NUMBER, LL19-Q01, LL19-Q09.
What a Guard may name, and the refusals of a wrong guess, are the checks' (it is the
card whose record says ``names_a_card``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from loveletter._records import interned
from loveletter.cardrule import CardRule, Intent, Motion, Targeting, register_rule
from loveletter.cards import Card
from loveletter.events import GuardGuessed, KnockOutCause

_guard_guessed = interned(GuardGuessed)


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Check the named card against the target's hand."""
    if not targets or guess is None:
        return  # LL19-TARGET-ALL-PROTECTED-NO-EFFECT
    target = targets[0]
    held = w.hands[target][0]
    hit = held is guess or (type(guess) is int and w.table.edition.value[held] == guess)
    if w.events is not None:
        w.events.append(_guard_guessed(w.names[actor], w.names[target], guess, hit))
    if hit:
        w.knock_out(target, KnockOutCause.GUARD)
    else:  # everyone knows now that the target does not hold the card named
        named = guess if isinstance(guess, Card) else w.table.edition.card_named(guess)
        if named is not None:
            w.rule_out(target, (named,))


def quiet(
    hands: Sequence[tuple[Card, ...]],
    value: Mapping[Card, int],
    actor: int,
    targets: tuple[int, ...],
    guess: Card | int | None,
) -> bool:
    """A guess that misses harms nobody."""
    if not targets:
        return True
    held = hands[targets[0]][0]
    return held is not guess and not (type(guess) is int and value[held] == guess)


RULE = register_rule(
    CardRule(
        card=Card.GUARD,
        french="Garde",
        labels=("A♠", "A♥", "A♦", "A♣", "J♠", "J♣"),
        targeting=Targeting.OTHER,
        names_a_card=True,
        intent=Intent.GUESS,
        effect=play,
        knock_outs=(
            (
                KnockOutCause.GUARD,
                "named by a Guard",
                "un Garde a nommé sa carte",
                "un Garde a nommé votre carte",
            ),
        ),
        quiet=quiet,
    )
)
