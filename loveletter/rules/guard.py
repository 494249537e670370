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
from loveletter.errors import Reason, Refusal
from loveletter.events import GuardGuessed, KnockOutCause
from loveletter.motion import Motion
from loveletter.rules.refusals import refuse
from loveletter.words import a, the


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


def check(w: Motion, command: Play) -> Refusal | None:
    """The card a Guard names: one, and not a Guard, with a target; none without.

    LL19-GUARD-GUESS-REQUIRED, LL19-GUARD-NOT-GUARD, LL19-Q09.
    """
    guess = command.guess
    if command.targets:
        if guess is None:
            problem = (Reason.GUESS_REQUIRED, "LL19-GUARD-GUESS-REQUIRED", "guess_required")
        elif w.table.edition.card_named(guess) is command.card:
            problem = (Reason.GUESS_GUARD, "LL19-GUARD-NOT-GUARD", "guess_guard")
        else:
            return None
    elif guess is not None:
        problem = (Reason.GUESS_NOT_ALLOWED, "LL19-Q09", "guess_without_target")
    else:
        return None
    reason, ruling, key = problem
    language = w.table.language
    card = command.card
    return refuse(
        w, reason, ruling, key, command, the_card=the(card, language), a_card=a(card, language)
    )


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
