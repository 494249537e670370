"""The Court: a third edition, defined here with the library's public extension points only.

It proves that a new card or edition is data plus one rule (issue 13): 8 players, and two
kinds of card the built-in editions do not have.

- The **Rogue** (3) compares hands the other way round from the Baron: the *higher* card
  is knocked out. It shares its value with the Baron, so "3" names no one card.
- The **Cardinal** (6) chooses two other players, who trade hands; each sees the card
  received, and nobody else does. It shares its value with the Chancellor.

Nothing in ``loveletter/`` knows these cards: importing this module defines the kinds
(:meth:`Card.define`, :meth:`KnockOutCause.define`), registers their rule records
(:func:`register_rule`) and the edition (:func:`register_edition`). The tests import it
from ``conftest.py``, so every test that loops over the registered editions plays it.
"""

from __future__ import annotations

from loveletter import (
    Card,
    CardRule,
    CardSpec,
    Edition,
    Intent,
    Targeting,
    Tiebreak,
    register_edition,
    register_rule,
)
from loveletter.cardrule import Motion
from loveletter.effects import compare_hands, trade_hands
from loveletter.events import KnockOutCause

ROGUE = Card.define("ROGUE", "Rogue")
CARDINAL = Card.define("CARDINAL", "Cardinal")
ROGUE_COMPARISON = KnockOutCause.define("ROGUE", "rogue")


def rogue(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """Compare hands with another player: the higher card is knocked out, a tie does nothing."""
    if targets:
        compare_hands(w, actor, targets[0], ROGUE, ROGUE_COMPARISON, lower_loses=False)


def cardinal(w: Motion, actor: int, targets: tuple[int, ...], guess: Card | int | None) -> None:
    """The two players chosen trade hands."""
    if targets:
        trade_hands(w, targets[0], targets[1], CARDINAL)


ROGUE_RULE = register_rule(
    CardRule(
        card=ROGUE,
        french="Fripon",
        targeting=Targeting.OTHER,
        intent=Intent.COMPARE,
        lower_loses=False,
        effect=rogue,
        shows_hands=True,
        knock_outs=(
            (
                ROGUE_COMPARISON,
                "held the higher card against the Rogue",
                "carte la plus haute face au Fripon",
                "carte la plus haute face au Fripon",
            ),
        ),
    )
)

CARDINAL_RULE = register_rule(
    CardRule(
        card=CARDINAL,
        french="Cardinal",
        targeting=Targeting.TWO_OTHERS,
        intent=Intent.TRADE,
        effect=cardinal,
        shows_hands=True,
    )
)

COURT = register_edition(
    Edition(
        name="court",
        title="Love Letter: the Court (a test edition)",
        french_name="Cour",
        french_title="Love Letter : la Cour (une édition de test)",
        specs=(
            CardSpec(card=Card.SPY, value=0, count=2),
            CardSpec(card=Card.GUARD, value=1, count=8),
            CardSpec(card=Card.PRIEST, value=2, count=2),
            CardSpec(card=Card.BARON, value=3, count=2),
            CardSpec(card=ROGUE, value=3, count=2),
            CardSpec(card=Card.HANDMAID, value=4, count=2),
            CardSpec(card=Card.PRINCE, value=5, count=2),
            CardSpec(card=Card.CHANCELLOR, value=6, count=2),
            CardSpec(card=CARDINAL, value=6, count=2),
            CardSpec(card=Card.KING, value=7, count=1),
            CardSpec(card=Card.COUNTESS, value=8, count=1),
            CardSpec(card=Card.PRINCESS, value=9, count=1),
        ),
        min_players=2,
        max_players=8,
        targets={2: 6, 3: 5, 4: 4, 5: 3, 6: 3, 7: 3, 8: 3},
        tiebreak=Tiebreak.NONE,
    )
)
"""27 cards, 2 to 8 players."""
