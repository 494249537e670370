"""The path of one command through the referee: which project files and functions it runs.

``python tools/command_path.py`` sets up one fixed position (four players, seeded), then
follows, with :func:`sys.setprofile`, two things a program does with the referee in a
process that has just started:

- **a listed play**: ``game.legal_commands()``, then ``game.apply()`` of a Baron play
  taken from that list (checked, with events);
- **a refused command**: ``game.apply()`` of a Guard that names a Guard, which passes
  every check of a play before it is refused (``GUESS_GUARD``).

For each it prints the project files it passed through and the functions it ran in
each, with their cyclomatic complexity grade (radon, where installed), and counts them.
Code made at run time (``exec``) shows as ``<string>``; attrs's generated methods are
attrs's, not the project's, and are counted apart. The figures change only when the
referee's code does, so a closing note can quote them before and after a redesign: run
the tool from a checkout of each revision.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
_SKIPPED = ("<listcomp>", "<dictcomp>", "<setcomp>", "<genexpr>")
"""Frames of comprehensions and generator expressions: part of the function around them."""


def _position() -> tuple[Any, Any, Any]:
    """The game, a listed Baron play, and a Guard that names a Guard."""
    from loveletter import Card, Game, Play

    game = Game.arranged(
        {"Anna": "Baron", "Ben": "Priest", "Carla": "Guard", "Dan": "Handmaid"},
        pile=["Guard"],
        seed=3,
    )
    refused = Play(player="Anna", card=Card.GUARD, target="Ben", guess=Card.GUARD)
    return game, Card.BARON, refused


def follow(action: Callable[[], object]) -> list[CodeType]:
    """The code objects ``action`` runs, in the order first met."""
    seen: dict[CodeType, None] = {}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            seen.setdefault(frame.f_code, None)

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return list(seen)


def _grades(path: Path) -> dict[tuple[str, int], str]:
    """Each function's complexity grade in ``path``, by name and ``def`` line (radon)."""
    try:
        from radon.complexity import cc_rank, cc_visit
    except ImportError:
        return {}
    grades: dict[tuple[str, int], str] = {}
    for block in cc_visit(path.read_text(encoding="utf-8")):
        for found in (block, *getattr(block, "methods", ())):
            grades[(found.name, found.lineno)] = f"{cc_rank(found.complexity)}{found.complexity}"
    return grades


def _grade(grades: dict[tuple[str, int], str], code: CodeType) -> str:
    """The grade of ``code``: its ``def`` line is its first, or follows its decorators."""
    for line in range(code.co_firstlineno, code.co_firstlineno + 6):
        grade = grades.get((code.co_name, line))
        if grade is not None:
            return grade
    return ""


def report(title: str, codes: list[CodeType], package: Path) -> None:
    """Print the files and functions of ``codes`` that are the project's."""
    by_file: dict[str, list[CodeType]] = defaultdict(list)
    generated = attrs_made = 0
    for code in codes:
        if code.co_filename == "<string>":
            generated += 1
        elif code.co_filename.startswith("<attrs generated"):
            attrs_made += 1
        elif code.co_filename.startswith(str(package)) and code.co_name not in _SKIPPED:
            by_file[code.co_filename].append(code)
    functions = sum(len(found) for found in by_file.values())
    print(f"{title}: {len(by_file)} project files, {functions} project functions", end="")
    print(f", {generated} made with exec, {attrs_made} of attrs's generated methods")
    worst: list[tuple[int, str]] = []
    for filename, found in by_file.items():
        grades = _grades(Path(filename))
        names = []
        for code in found:
            grade = _grade(grades, code)
            names.append(f"{code.co_qualname}{' ' + grade if grade else ''}")
            if grade:
                worst.append((int(grade[1:]), f"{grade} {code.co_qualname}"))
        print(f"  {Path(filename).relative_to(package.parent)}: {', '.join(names)}")
    worst.sort(reverse=True)
    print(f"  worst grades: {'; '.join(text for _, text in worst[:3]) or 'radon not installed'}")


def main() -> None:
    """Follow a listed play and a refused command, and print what they ran."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.parse_args()
    import loveletter
    from loveletter.refusals import IllegalCommandError

    package = Path(loveletter.__file__).resolve().parent
    game, baron, refused = _position()

    def listed_play() -> None:
        legal = game.legal_commands()
        game.apply(next(c for c in legal if getattr(c, "card", None) is baron))

    def refusal() -> None:
        try:
            game.apply(refused)
        except IllegalCommandError:
            return
        raise SystemExit("the Guard naming a Guard was not refused")

    later, _, _ = _position()
    report("a listed play (legal_commands, then apply)", follow(listed_play), package)
    game = later
    report("a refused command (apply, refused)", follow(refusal), package)


if __name__ == "__main__":
    main()
