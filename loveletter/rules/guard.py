"""The Guard (1): name a card other than Guard; if the target holds it, they are out.

LL19-GUARD-HIT, LL19-GUARD-MISS, LL19-GUARD-NOT-GUARD, LL19-GUARD-NAME-SPY,
LL19-GUARD-NAME-ABSENT, LL19-GUARD-GUESS-REQUIRED, LL19-GUARD-NUMBER, LL19-Q01, LL19-Q09.
A Guard names any card of the edition but a Guard (:attr:`Edition.guesses
<loveletter.editions.Edition.guesses>`); a number names the one card of that value.
"""

from __future__ import annotations

from loveletter.cardrule import CardRule, Intent, Targeting, register_rule
from loveletter.cards import Card
from loveletter.commands import Play
from loveletter.errors import Reason
from loveletter.events import GuardGuessed, KnockOutCause
from loveletter.motion import Motion
from loveletter.refusals import Refusal, RefusalKind, refuse


def play(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Check the named card against the target's hand."""
    if not targets or guess is None:
        return  # LL19-TARGET-ALL-PROTECTED-NO-EFFECT
    target = targets[0]
    held = w.hands[target][0]
    hit = held is guess or (type(guess) is int and w.table.edition.value[held] == guess)
    if w.events is not None:
        w.events.append(
            GuardGuessed(player=w.names[actor], target=w.names[target], guess=guess, hit=hit)
        )
    if hit:
        w.knock_out(target, KnockOutCause.GUARD)
    else:  # everyone knows now that the target does not hold the card named
        named = guess if isinstance(guess, Card) else w.table.edition.card_named(guess)
        if named is not None:
            w.rule_out(target, (named,))


GUESS_REQUIRED = RefusalKind(
    reason=Reason.GUESS_REQUIRED, ruling="LL19-GUARD-GUESS-REQUIRED", key="guess_required"
)
GUESS_GUARD = RefusalKind(
    reason=Reason.GUESS_GUARD, ruling="LL19-GUARD-NOT-GUARD", key="guess_guard"
)
GUESS_WITHOUT_TARGET = RefusalKind(
    reason=Reason.GUESS_NOT_ALLOWED, ruling="LL19-Q09", key="guess_without_target"
)


def check(w: Motion, command: Play) -> Refusal | None:
    """The card a Guard names: one, and not a Guard, with a target; none without.

    LL19-GUARD-GUESS-REQUIRED, LL19-GUARD-NOT-GUARD, LL19-Q09.
    """
    guess = command.guess
    if command.targets:
        if guess is None:
            kind = GUESS_REQUIRED
        elif w.table.edition.card_named(guess) is command.card:
            kind = GUESS_GUARD
        else:
            return None
    elif guess is not None:
        kind = GUESS_WITHOUT_TARGET
    else:
        return None
    return refuse(w.table, kind, command, the_card=command.card, a_card=command.card)


RULE = register_rule(
    CardRule(
        card=Card.GUARD,
        french="Garde",
        labels=("A♠", "A♥", "A♦", "A♣", "J♠", "J♣"),
        targeting=Targeting.OTHER,
        names_a_card=True,
        intent=Intent.GUESS,
        effect=play,
        check=check,
        knock_outs=(
            (
                KnockOutCause.GUARD,
                "named by a Guard",
                "un Garde a nommé sa carte",
                "un Garde a nommé votre carte",
            ),
        ),
    )
)
