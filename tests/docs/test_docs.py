"""The documentation: every ruling has an anchor in both languages, every public name a
docstring, and every example in the docs runs (as doctests collected from docs/)."""

from __future__ import annotations

import ast
import doctest
import importlib
import itertools
import pkgutil
import re
from pathlib import Path

import pytest
from testkit.project import ROOT, ruling_ids

import loveletter

DOCS = ROOT / "docs"
_DIRECTIVE = re.compile(
    r"^:::\{ruling\} ((?:LL19|LLC|HOUSE)-[A-Z0-9-]+)\n((?::[a-z]+:.*\n)*)", re.MULTILINE
)


def anchors(folder: Path, language: str) -> dict[str, list[str]]:
    """Where each ruling has a ``{ruling}`` directive in ``language``, page by page."""
    found: dict[str, list[str]] = {}
    for page in sorted(folder.rglob("*.md")):
        for ruling, options in _DIRECTIVE.findall(page.read_text(encoding="utf-8")):
            lang = "fr" if ":lang: fr" in options else "en"
            if lang == language:
                found.setdefault(ruling, []).append(page.relative_to(DOCS).as_posix())
    return found


@pytest.mark.parametrize(("folder", "language"), [("rulings", "en"), ("fr", "fr")])
def test_every_ruling_has_one_anchor_per_language(folder: str, language: str) -> None:
    """Each ruling of RULINGS.md is written up exactly once in English and once in French."""
    found = anchors(DOCS / folder, language)
    ids = ruling_ids()
    missing = [ruling for ruling in ids if ruling not in found]
    unknown = sorted(set(found) - set(ids))
    twice = {ruling: pages for ruling, pages in found.items() if len(pages) > 1}
    assert missing == [], f"rulings without an anchor in docs/{folder}: {missing}"
    assert unknown == [], f"docs/{folder} names unknown rulings: {unknown}"
    assert twice == {}, f"rulings written up twice: {twice}"


def test_every_ruling_write_up_has_an_example_that_runs() -> None:
    """Each ruling's write-up holds a doctest example (``>>>``) or a scenario."""
    for folder in ("rulings", "fr"):
        for page in sorted((DOCS / folder).rglob("*.md")):
            text = page.read_text(encoding="utf-8")
            for block in re.split(r"^:::\{ruling\} ", text, flags=re.MULTILINE)[1:]:
                body = block.split("\n:::", 1)[0]
                ruling = body.split("\n", 1)[0]
                assert ">>> " in body or "{scenario}" in body, (
                    f"{page.name}: {ruling} has no example"
                )


OPTIONAL = {
    "numpy",
    "pettingzoo",
    "gymnasium",
    "pyspiel",
    "distributed",
    "dask",
    "starlette",
    "uvicorn",
    "stable_baselines3",
    "sb3_contrib",
    "psycopg",
}
"""The frameworks of the optional extras: a module that needs one is skipped without it."""


def _modules() -> list[str]:
    names = ["loveletter"]
    for info in pkgutil.walk_packages(loveletter.__path__, "loveletter."):
        if not info.name.rsplit(".", 1)[-1].startswith("_") and info.name != "loveletter.__main__":
            names.append(info.name)
    return names


@pytest.mark.parametrize("module_name", _modules())
def test_every_public_name_has_a_docstring(module_name: str) -> None:
    """Each module, and each public class, function and constant in it, is documented."""
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name not in OPTIONAL:
            raise
        pytest.skip(f"{module_name} needs {missing.name}, from an extra that is not installed")
    assert (module.__doc__ or "").strip(), f"{module_name} has no docstring"
    documented_constants: set[str] = set()
    source = Path(module.__file__ or "").read_text(encoding="utf-8")
    body = ast.parse(source).body
    for before, after in itertools.pairwise(body):
        if (
            isinstance(before, (ast.Assign, ast.AnnAssign))
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            targets = before.targets if isinstance(before, ast.Assign) else [before.target]
            documented_constants.update(t.id for t in targets if isinstance(t, ast.Name))
    assigned = {
        target.id
        for node in body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    for name in getattr(module, "__all__", []):
        value = getattr(module, name)
        if callable(value) or isinstance(value, type):
            if getattr(value, "__module__", module_name) != module_name:
                continue  # documented where it is defined
        elif name not in assigned:
            continue  # a constant imported from where it is defined
        if callable(value) or isinstance(value, type):
            assert (value.__doc__ or "").strip(), f"{module_name}.{name} has no docstring"
        else:
            assert name in documented_constants, f"{module_name}.{name} has no docstring"


def count_examples() -> dict[str, int]:
    """The doctest examples (``>>>`` lines) of each docs page and of the README."""
    parser = doctest.DocTestParser()
    pages = [*sorted(DOCS.rglob("*.md")), ROOT / "README.md"]
    return {
        page.relative_to(ROOT).as_posix(): len(
            parser.get_examples(page.read_text(encoding="utf-8"))
        )
        for page in pages
        if "_build" not in page.parts
    }


def test_the_docs_are_full_of_examples() -> None:
    """Every page of rulings, guides and concepts shows examples that run."""
    counts = count_examples()
    for page, count in counts.items():
        if (
            re.match(r"docs/(rulings|fr/regles|howto|concepts)/(?!index)", page)
            or page == "docs/tutorial.md"
        ):
            assert count > 0, f"{page} has no example"
