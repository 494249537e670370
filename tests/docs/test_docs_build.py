"""The documentation builds from the ``docs`` extra alone, as the README says.

The site of ``conftest.py``'s ``docs_site`` is built with every module of the other extras
hidden (``sites.py``), warnings as errors; these tests check what was hidden, and that the
pages of the adapters that need those extras were still written from their docstrings.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

from testkit.docs_sites import extras, hidden_modules

FRAMEWORKS = {
    "rl": ("numpy", "pettingzoo", "gymnasium"),
    "openspiel": ("pyspiel",),
    "dask": ("dask", "distributed"),
    "web": ("starlette", "uvicorn"),
}
"""Modules some extras bring, as the adapters import them."""


def test_every_extra_but_docs_is_hidden_from_the_build() -> None:
    """Each framework of the other extras that is installed here is hidden; Sphinx is not."""
    hidden = set(hidden_modules())
    for extra, modules in FRAMEWORKS.items():
        assert extra in extras(), f"pyproject.toml has no extra {extra!r}"
        for module in modules:
            if importlib.util.find_spec(module) is not None:
                assert module in hidden, (extra, module)
    assert not hidden & {"sphinx", "myst_parser", "furo", "sphinx_copybutton", "docutils"}
    assert "loveletter" not in hidden


def test_the_adapters_pages_are_written_without_their_frameworks(docs_site: Path) -> None:
    """With their frameworks hidden, the research and web adapters are still documented
    from their docstrings (autodoc reads them with stand-ins: ``autodoc_mock_imports``)."""
    research = (docs_site / "reference" / "api-research.html").read_text(encoding="utf-8")
    programs = (docs_site / "reference" / "api-programs.html").read_text(encoding="utf-8")
    for name in ("LoveLetterEnv", "LoveLetterGymEnv", "LoveLetterGame"):
        assert re.search(rf'id="loveletter\.research\.rl\.[a-z]+\.{name}"', research), name
    assert 'id="loveletter.apps.web.app.create_app"' in programs
