"""What the referee's duties cost: its speed with each one switched off, beside a revision's.

``python tools/referee_duties.py [REV] [--games 400] [--repeats 5] [--players 4 ...]``
times speed_ab's two loops (random play through the API, checked and with events; and
the fast path, ``check=False, record=False``) for the package at the git revision ``REV``
(``b45cfb4`` by default, imported as ``loveletter_before``, as ``tools/speed_ab.py`` does)
and for the checkout's referee five ways, all in one process, interleaved on the CPU
clock, best of the repeats:

- **referee**: as it is;
- **no savepoints**: the game keeps no savepoint before a command (``undo`` and the way
  back from a failed command no longer work: for measuring only);
- **nothing learned**: what players know is not kept (the table in motion's ``show``,
  ``learn``, ``forget``, ``rule_out``, ``tie`` and ``trade_known`` do nothing);
- **neither**;
- **checked in full**: the speed kept by ``Game.apply``'s one shortcut switched off, so
  that a command listed by ``legal_commands()`` goes through the rules' checks as any
  other does (``LegalCommands.lists`` finds nothing; the fast path checks nothing, so
  only the API loop shows it).

It prints each one's microseconds a turn and its speed over the revision's. The
switches are made by replacing the referee's functions in this process only; nothing is
written. The figures say what each duty of the plain referee costs in this loop.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

from speed_ab import package_at, play

import loveletter
import loveletter.legal
import loveletter.motion
import loveletter.referee

_LEARNING = ("show", "learn", "forget", "rule_out", "tie", "trade_known")


def _nothing(*arguments: Any) -> None:
    """A duty switched off."""


@contextmanager
def switched_off(duties: frozenset[str]) -> Iterator[None]:
    """The checkout's referee with ``duties`` switched off.

    ``savepoints``, ``learning`` (what players learn) and ``lookup`` (the identity lookup
    of a listed command).
    """
    kept_savepoint = getattr(loveletter.referee, "Savepoint")  # noqa: B009 (not exported)
    kept_learning = {name: getattr(loveletter.motion.Motion, name) for name in _LEARNING}
    kept_lists = loveletter.legal.LegalCommands.lists
    try:
        if "savepoints" in duties:
            setattr(loveletter.referee, "Savepoint", _nothing)  # noqa: B010
        if "learning" in duties:
            for name in _LEARNING:
                setattr(loveletter.motion.Motion, name, _nothing)
        if "lookup" in duties:
            loveletter.legal.LegalCommands.lists = _finds_nothing  # type: ignore[method-assign]
        yield
    finally:
        setattr(loveletter.referee, "Savepoint", kept_savepoint)  # noqa: B010
        for name, method in kept_learning.items():
            setattr(loveletter.motion.Motion, name, method)
        loveletter.legal.LegalCommands.lists = kept_lists  # type: ignore[method-assign]


def _finds_nothing(self: Any, command: object) -> bool:
    """``LegalCommands.lists`` switched off: no command is found by identity."""
    return False


VARIANTS: dict[str, frozenset[str]] = {
    "referee": frozenset(),
    "no savepoints": frozenset({"savepoints"}),
    "nothing learned": frozenset({"learning"}),
    "neither": frozenset({"savepoints", "learning"}),
    "checked in full": frozenset({"lookup"}),
}


def measure(
    before: ModuleType, players: int, games: int, repeats: int, fast: bool
) -> dict[str, float]:
    """The best turns per second of the revision and of each variant, interleaved."""
    names = ["before", *VARIANTS]

    def run(name: str, count: int, seed: int) -> float:
        package = before if name == "before" else loveletter
        with switched_off(VARIANTS.get(name, frozenset())):
            start = time.process_time()
            turns = play(package, players, count, seed, fast)
            return turns / (time.process_time() - start)

    for name in names:  # warm-up, untimed
        run(name, max(1, games // 5), 2)
    best = dict.fromkeys(names, 0.0)
    for repeat in range(repeats):
        for name in names if repeat % 2 == 0 else names[::-1]:
            best[name] = max(best[name], run(name, games, 1))
    return best


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revision", nargs="?", default="b45cfb4")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, action="append", choices=range(2, 7))
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        before = package_at(options.revision, Path(folder))
        print(f"before: loveletter at {options.revision}; the checkout's referee five ways")
        print("players  loop  figure            us/turn  speed over before")
        for players in options.players or [4]:
            for loop, fast in (("api", False), ("fast", True)):
                best = measure(before, players, options.games, options.repeats, fast)
                for name, rate in best.items():
                    speed = rate / best["before"]
                    print(f"{players:7d}  {loop:4s}  {name:<16} {1e6 / rate:8.2f}  {speed:17.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
