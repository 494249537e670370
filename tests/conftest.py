"""Shared test configuration: hypothesis profiles, the ``long`` mark, and the test edition.

``court.py`` registers a third edition (8 players, two new kinds of card) through the
public extension points; it is imported here, so that the tests that loop over the
registered editions (``loveletter.EDITIONS``) play it too.

Two hypothesis profiles: ``default`` runs each property test with 100 examples, and
``thorough`` (``HYPOTHESIS_PROFILE=thorough``) with 3000. The long tests, marked
``long``, run the budgets they declare instead (``testkit/budgets.py``): small by default, full
when thorough. ``python -m pytest -m long`` runs those alone; CI runs them thorough; CI's
other Pythons run the ``light`` profile (25 examples). Paths to the shared rulings and
scenarios are in ``testkit/project.py``; table helpers in ``testkit/tables.py``; game
strategies in ``testkit/game_strategies.py``. The documentation is built once for the
whole run (``docs_site``, ``french_site``; ``testkit/docs_sites.py``).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from testkit import court_edition as court  # noqa: F401  (registers the test edition)
from testkit import docs_sites as sites
from testkit.budgets import PROFILE
from testkit.project import need_docs_extras

collect_ignore = ["court.py"]  # imported once, above: collecting it would import it again
# The browser tests' helpers import Selenium and the web extra: collected (for their
# doctests) only where both are installed; the browser tests skip themselves without.
if any(importlib.util.find_spec(module) is None for module in ("selenium", "starlette")):
    collect_ignore.append("testkit/web_browser.py")

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough",
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# The other Pythons' lanes of CI: every property once more, on fewer examples (the default
# profile's hundred run under the main Python).
settings.register_profile(
    "light", max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(PROFILE)


def pytest_configure(config: pytest.Config) -> None:
    """Register the ``long`` mark (``--strict-markers`` refuses marks nobody declared)."""
    config.addinivalue_line(
        "markers",
        "long: a long property or sampling test, run with its quick budget by default and "
        "its full one under HYPOTHESIS_PROFILE=thorough (tests/testkit/budgets.py)",
    )


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The English site, built once for the run as from the ``docs`` extra alone
    (``sites.py``), warnings as errors; skipped where the docs extra is missing."""
    need_docs_extras()
    out = tmp_path_factory.mktemp("docs") / "html"
    sites.build(out)
    return out


@pytest.fixture(scope="session")
def french_site(docs_site: Path) -> Path:
    """The French site (``-D language=fr``), built once, in the English site's ``fr-site/``."""
    out = docs_site / "fr-site"
    sites.build(out, "-D", "language=fr")
    return out
