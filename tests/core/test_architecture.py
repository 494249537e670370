"""The shape of the code: no import circle, the rules kept internal, the test edition public.

The modules of ``loveletter/`` import one another in layers (see the architecture page of
the docs): a module never imports one that imports it back, directly or not, not even for
type checking alone, and no import hides inside a function to dodge a circle (the command
line alone imports lazily, so that ``loveletter --help`` starts fast). The referee's core
runs no code it writes itself (no ``exec`` or ``compile``).
"""

from __future__ import annotations

import ast
from pathlib import Path

from testkit.project import ROOT, WINGS

PACKAGE = ROOT / "loveletter"
LAZY = {"loveletter.apps.cli", "loveletter.apps.web.database"}
"""Modules allowed to import inside functions, never to break a circle: the command line
(to start fast) and the web's choice of store (PostgreSQL's needs an extra, imported only
when a URL names it)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}


def imports(path: Path) -> list[tuple[str, bool]]:
    """The ``loveletter`` modules ``path`` imports, and whether each import is nested in a
    function (imports for type checking only count, at the top level)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, bool]] = []

    def owner(dotted: str) -> str:
        while dotted not in MODULES:
            dotted = dotted.rpartition(".")[0]
        return dotted

    def visit(node: ast.AST, nested: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend(
                (owner(a.name), nested) for a in node.names if a.name.startswith("loveletter")
            )
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], base]
                ).strip(".")
            if base.startswith("loveletter"):
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    found.append((owner(full if full in MODULES else base), nested))
        inner = nested or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return [(target, nested) for target, nested in found if target != name]


GRAPH = {name: imports(path) for name, path in MODULES.items()}


def test_no_module_imports_inside_a_function() -> None:
    """Imports are at the top of each module (the command line's lazy ones aside)."""
    nested = sorted(
        (name, target)
        for name, found in GRAPH.items()
        if name not in LAZY
        for target, inside in found
        if inside
    )
    assert nested == []


def test_there_is_no_import_circle() -> None:
    """Following imports from any module never leads back to it."""
    edges = {name: {target for target, _ in found} for name, found in GRAPH.items()}
    circles = []
    for start in edges:
        stack, seen = [(start, (start,))], set()
        while stack:
            here, path = stack.pop()
            for target in edges[here]:
                if target == start:
                    circles.append(" -> ".join((*path, start)))
                elif target not in seen:
                    seen.add(target)
                    stack.append((target, (*path, target)))
    assert circles == []


def wing_of(name: str) -> str | None:
    return next((wing for wing in WINGS if name == wing or name.startswith(wing + ".")), None)


def test_the_core_imports_no_wing() -> None:
    """The core (every module outside the wings) never imports a wing: the wings import
    the core. ``python -m loveletter`` alone starts the command line (an app)."""
    reaching = sorted(
        f"{name} -> {target}"
        for name, found in GRAPH.items()
        if wing_of(name) is None and name != "loveletter.__main__"
        for target, _ in found
        if wing_of(target) is not None
    )
    assert reaching == []


def test_a_wing_imports_only_the_core_and_the_wings_it_names() -> None:
    """No arrow runs back up: bots import no other wing, games the bots alone, research
    the bots and games, and nothing imports the apps."""
    reaching = sorted(
        f"{name} -> {target}"
        for name, found in GRAPH.items()
        if (wing := wing_of(name)) is not None
        for target, _ in found
        if (other := wing_of(target)) not in (None, wing) and other not in WINGS[wing]
    )
    assert reaching == []


def test_the_top_holds_at_most_25_modules() -> None:
    """The top of ``loveletter/`` holds the core's modules; the rest lives in folders."""
    top = sorted(
        path.stem for path in PACKAGE.glob("*.py") if path.stem not in ("__init__", "__main__")
    )
    assert len(top) <= 25, top


def test_the_rules_are_internal() -> None:
    """Only the referee's own layer reaches into ``loveletter.rules``: the referee, the
    state's consistency (who won a round) and the reading of a card that is none (its
    refusal)."""
    allowed = {
        "loveletter",
        "loveletter.referee",
        "loveletter.consistency",
        "loveletter.serialization.commands",
    }
    reaching = sorted(
        name
        for name, found in GRAPH.items()
        if not name.startswith("loveletter.rules") and name not in allowed
        for target, _ in found
        if target.startswith("loveletter.rules")
    )
    assert reaching == []


def test_the_test_edition_uses_public_extension_points_only() -> None:
    """``court_edition.py`` imports no internal module (``loveletter.rules``, a private name)."""
    tree = ast.parse((ROOT / "tests" / "testkit" / "court_edition.py").read_text(encoding="utf-8"))
    modules = [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert all(m.startswith("loveletter") for m in modules if m != "__future__")
    assert not [m for m in modules if m.startswith("loveletter.rules") or "._" in m]


def test_the_package_runs_no_code_it_writes() -> None:
    """No module of ``loveletter/`` calls ``exec`` or ``compile``: the bench alone does, to
    count the turns of its floor (a copy of the shared bare loop, with a counter added)."""
    calls = sorted(
        f"{name}:{node.lineno}"
        for name, path in MODULES.items()
        if not name.startswith(("loveletter.apps._floor", "loveletter.apps.bench"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("exec", "compile", "eval")
    )
    assert calls == []
