"""The documentation as the ``docs`` extra alone builds it: once per test run, warnings as errors.

The README says that ``pip install '.[docs]'`` then ``sphinx-build -n -W docs ...`` builds
the docs. The test environment has more installed (the test extra, often the others), so
the build here hides, in the Sphinx process, every module that the other extras of
``pyproject.toml`` bring and the ``docs`` extra does not need: an extra added there later
is hidden too. A page or a docstring that needs one of them then fails the build, as it
would from the ``docs`` extra alone (``docs/conf.py`` lists the frameworks autodoc reads
with stand-ins).
"""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

from testkit.project import ROOT

DOCS = ROOT / "docs"

_HIDE = """
import importlib.abc, sys
hidden = frozenset(sys.argv[1].split(","))
class Hidden(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in hidden:
            raise ModuleNotFoundError(
                f"No module named {name!r} (hidden: the docs extra does not bring it)",
                name=name,
            )
        return None
sys.meta_path.insert(0, Hidden())
from sphinx.cmd.build import main
sys.exit(main(sys.argv[2:]))
"""
"""The Sphinx process: the hidden modules refused, then ``sphinx-build`` with its options."""


def _name(requirement: str | Requirement) -> str:
    """A distribution's name as the index compares them: ``Open_Spiel`` -> ``open-spiel``."""
    text = requirement.name if isinstance(requirement, Requirement) else requirement
    return re.sub(r"[-_.]+", "-", text).lower()


def extras() -> dict[str, list[Requirement]]:
    """The optional extras of ``pyproject.toml``, each with its requirements."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    optional = project.get("optional-dependencies", {})
    return {extra: [Requirement(line) for line in lines] for extra, lines in optional.items()}


def _requirements(name: str, wanted: frozenset[str] = frozenset()) -> list[Requirement]:
    """What the installed distribution ``name`` requires, with its extras ``wanted``."""
    try:
        lines = importlib.metadata.requires(name) or []
    except importlib.metadata.PackageNotFoundError:
        return []
    found = []
    for line in lines:
        requirement = Requirement(line)
        marker = requirement.marker
        if marker is None or any(
            marker.evaluate({**default_environment(), "extra": extra}) for extra in {"", *wanted}
        ):
            found.append(requirement)
    return found


def _closure(roots: list[Requirement]) -> set[str]:
    """The installed distributions ``roots`` bring, themselves included, by name."""
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        requirement = todo.pop()
        name = _name(requirement)
        if name in seen:
            continue
        seen.add(name)
        todo += _requirements(name, frozenset(requirement.extras))
    return seen


def hidden_modules() -> list[str]:
    """The top-level modules the other extras bring (with their own extras), and the
    ``docs`` extra does not need, of those installed here."""
    every = extras()
    needed = _closure(every.get("docs", []))
    others: set[str] = set()
    for extra, requirements in every.items():
        if extra == "docs":
            continue
        for requirement in requirements:
            others.add(_name(requirement))
            if requirement.extras:  # dask[distributed] brings distributed
                brought = _requirements(requirement.name, frozenset(requirement.extras))
                others.update(_name(each) for each in brought)
    providers: dict[str, set[str]] = {}
    for module, distributions in importlib.metadata.packages_distributions().items():
        for distribution in distributions:
            providers.setdefault(_name(distribution), set()).add(module)
    modules = {
        module
        for distribution in others - needed
        for module in providers.get(distribution, ())
        if module.isidentifier() and module != "loveletter"
    }
    return sorted(modules)


def build(out: Path, *options: str) -> subprocess.CompletedProcess[str]:
    """``sphinx-build -n -W --keep-going -b html OPTIONS docs OUT``, the other extras hidden.

    Fails (an ``AssertionError`` with Sphinx's words) on any warning or error.
    """
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _HIDE,
            ",".join(hidden_modules()),
            *("-E", "-q", "-n", "-W", "--keep-going", "-b", "html"),
            *("-d", str(out.parent / f"{out.name}-doctrees")),
            *options,
            str(DOCS),
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, f"the docs do not build:\n{done.stdout}{done.stderr[-4000:]}"
    assert not done.stderr.strip(), done.stderr[-4000:]
    return done
