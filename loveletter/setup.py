"""A game's setup: everything that decides a game before its first command, checked once.

A :class:`Setup` is what a game replays from (with its commands). Every setting is
checked by :func:`check_setup`, by the same rules whether it comes from Python
(:meth:`loveletter.referee.Game.new`) or from JSON (a stored game's log), so whatever
one accepts the other reads back. A setting that is wrong raises
:class:`~loveletter.errors.SetupError`, whose message names the setting.

>>> setup = Setup(players=("Anna", "Ben"), edition="2019", seed=5, first="Anna")
>>> table, tokens = check_setup(setup)
>>> table.target, tokens
(6, (0, 0))
>>> check_setup(attrs.evolve(setup, seed=-5))
Traceback (most recent call last):
...
loveletter.errors.SetupError: the seed must be a whole number from 0 to 2**128 - 1, not -5

Seeds are whole numbers from 0 to ``2**128 - 1`` (:data:`SEED_LIMIT`): 128 bits, enough
for a seed drawn with :mod:`secrets`, and at most 39 digits in JSON.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from loveletter.cardrule import RULES
from loveletter.editions import Edition, edition
from loveletter.errors import Reason, SetupError
from loveletter.layout import Layout
from loveletter.state import Table
from loveletter.words import LANGUAGES, edition_name, message, quoted

__all__ = ["SEED_LIMIT", "Setup", "check_seed", "check_setup", "seat_names"]

SEED_LIMIT = 2**128
"""Seeds are whole numbers ``0 <= seed < SEED_LIMIT``."""

_SEAT_NAMES = ("Anna", "Ben", "Carla", "Dan", "Emma", "Finn", "Gina", "Hugo", "Ines", "Jack")


def seat_names(count: int) -> tuple[str, ...]:
    """Names for ``count`` seats, as the terminal game, ``simulate`` and the bench seat them.

    Any edition's largest table has a name for every seat:

    >>> seat_names(3)
    ('Anna', 'Ben', 'Carla')
    >>> seat_names(12)[-3:]
    ('Jack', 'Player 11', 'Player 12')
    """
    extra = (f"Player {seat}" for seat in range(len(_SEAT_NAMES) + 1, count + 1))
    return (*_SEAT_NAMES, *extra)[: max(count, 0)]


def setup_players(players: object) -> tuple[str, ...]:
    """The players as :class:`Setup` reads them: a tuple of the names given.

    What is not a list of names at all raises :class:`~loveletter.errors.SetupError`.
    """
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise SetupError(f"players must be a list of names, not {quoted(players)}")
    return tuple(players)


def setup_edition(value: object) -> Edition:
    """The edition as :class:`Setup` reads it: an edition, or its name."""
    if not isinstance(value, (str, Edition)):
        raise SetupError(f"edition must be an edition or its name, not {quoted(value)}")
    return edition(value)


def _tokens(tokens: object) -> tuple[tuple[str, int], ...]:
    """Starting tokens as (player, count) pairs, from a mapping or pairs."""
    if tokens is None:
        return ()
    if isinstance(tokens, Mapping):
        pairs: Iterable[Any] = tokens.items()
    elif isinstance(tokens, Iterable) and not isinstance(tokens, (str, bytes)):
        pairs = tokens
    else:
        raise SetupError(f"tokens must map players to counts, not {quoted(tokens)}")
    found = []
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise SetupError(f"tokens must map players to counts, not {quoted(tokens)}")
        found.append((pair[0], pair[1]))
    return tuple(found)


@attrs.frozen(kw_only=True)
class Setup:
    """Everything that decides a game before the first command: a game replays from it.

    Build one with :meth:`loveletter.referee.Game.new`, which fills in the defaults (a
    fresh seed, a seeded first player, a shuffled first deal); a game checks it with
    :func:`check_setup` when it starts.
    """

    players: tuple[str, ...] = attrs.field(converter=setup_players)
    """The players' names, in seat order."""
    edition: Edition = attrs.field(converter=setup_edition)
    seed: int
    """The seed every shuffle and random draw of the game derives from."""
    first: str
    """Who plays first in the first round."""
    layout: Layout | None = None
    """The first round's deal; ``None`` shuffles it from the seed."""
    tokens: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_tokens)
    """Favor tokens held before the first round (players not named hold none)."""
    target: int | str | None = None
    """Favor tokens needed to win: a number, the name of one of the edition's target
    settings (``"printed"`` in classic, LLC-TARGETS-PRINTED), or ``None`` for the
    edition's table."""
    auto_draw: bool = True
    """Whether players draw by themselves at the start of their turns."""
    language: str = "en"
    """The language of the referee's messages (``"en"`` or ``"fr"``)."""
    remedy: bool = False
    """Whether the table agreed to the house remedy: take-backs and redeals
    (HOUSE-REMEDY-AGREED)."""
    open_hands: bool = False
    """Whether every hand is played face up, for practice (HOUSE-PRACTICE-OPEN-HANDS)."""


def check_seed(seed: object, name: str = "seed") -> int:
    """``seed`` if it is a whole number in ``[0, SEED_LIMIT)``.

    Anything else raises :class:`~loveletter.errors.SetupError`.

    >>> check_seed(7)
    7
    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    loveletter.errors.SetupError: the seed must be a whole number from 0 to 2**128 - 1, not True
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise SetupError(
            f"the {name} must be a whole number from 0 to 2**128 - 1, not {quoted(seed)}"
        )
    return seed


def _check_flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise SetupError(f"{name} must be true or false, not {quoted(value)}")
    return value


def check_setup(setup: Setup) -> tuple[Table, tuple[int, ...]]:
    """Check every setting of ``setup``; return its table and each seat's starting tokens.

    The first round's layout, when there is one, is checked against the table too.
    """
    if setup.language not in LANGUAGES:
        raise SetupError(
            f"the referee writes in {', '.join(LANGUAGES)}, not {quoted(setup.language)}"
        )
    language = setup.language
    ed = setup.edition
    players = setup.players

    def refuse(key: str, ruling: str | None = None, **fields: Any) -> SetupError:
        return SetupError(message(key, language, **fields), ruling=ruling)

    unplayable = _unplayable(ed)
    if unplayable:
        raise SetupError(f"the edition {ed.name!r} cannot be played: " + "; ".join(unplayable))
    for player in players:
        if not isinstance(player, str) or not player.strip():
            raise refuse("setup_name", name=quoted(player))
    if not ed.min_players <= len(players) <= ed.max_players:
        raise refuse(
            "setup_player_count",
            ed.ruling("LL19-Q15"),
            edition=edition_name(ed, language),
            low=ed.min_players,
            high=ed.max_players,
            count=len(players),
        )
    names = ", ".join(players)
    if len(set(players)) != len(players):
        raise refuse("setup_same_name", players=names)
    if not isinstance(setup.first, str) or setup.first not in players:
        raise refuse("setup_first", "LL19-Q13", first=quoted(setup.first), players=names)
    check_seed(setup.seed)
    auto_draw = _check_flag(setup.auto_draw, "auto_draw")
    remedy = _check_flag(setup.remedy, "remedy")
    open_hands = _check_flag(setup.open_hands, "open_hands")
    target = _target(setup, refuse)
    tokens = [0] * len(players)
    for player, count in setup.tokens:
        if player not in players:
            raise refuse("setup_tokens_who", player=quoted(player))
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise refuse("setup_tokens_count", player=player, count=quoted(count))
        if count >= target:
            raise refuse("setup_tokens_won", player=player, count=count, target=target)
        tokens[players.index(player)] = count
    if setup.layout is not None:
        if not isinstance(setup.layout, Layout):
            raise SetupError(f"the first deal must be a Layout, not {quoted(setup.layout)}")
        problem = setup.layout.problem(ed, players, language)
        if problem is not None:
            raise SetupError(
                message("setup_first_deal", language, problem=problem),
                ruling=ed.ruling("LL19-SETUP-DECK"),
                reason=Reason.BAD_DEAL,
            )
    table = Table(
        edition=ed,
        players=players,
        target=target,
        seed=setup.seed,
        auto_draw=auto_draw,
        language=language,
        remedy=remedy,
        open_hands=open_hands,
    )
    return table, tuple(tokens)


def _unplayable(ed: Edition) -> list[str]:
    """What the rules cannot deal of ``ed``: a card with no rule record, labels not one per copy.

    (An edition checks the rest of itself when it is built.)
    """
    problems = [
        f"{spec.card!r} has no rule record (register_rule)"
        for spec in ed.specs
        if spec.card not in RULES
    ]
    for card, labels in ed.labels:
        if len(labels) != ed.deck.count(card):
            problems.append(f"{card!r} has not one playing-card label per copy")
    return problems


def _target(setup: Setup, refuse: Any) -> int:
    """The token target a setup asks for (LL19-Q22, LLC-TARGETS-PRINTED)."""
    ed = setup.edition
    target = setup.target
    settings = dict(ed.target_settings)
    if target is None:
        return ed.target(players=len(setup.players))
    if isinstance(target, str) and target in settings:
        return ed.target(players=len(setup.players), setting=target)
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        named = ", ".join(repr(name) for name in settings)
        raise refuse(
            "setup_target" if not named else "setup_target_or_setting",
            ed.ruling("LL19-Q22"),
            target=quoted(target),
            settings=named,
        )
    return target
