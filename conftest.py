"""Collection at the root: the adapters' modules are skipped where their extra is missing.

The doctests of ``loveletter/rl/*.py`` import PettingZoo, Gymnasium or OpenSpiel, and
``loveletter/web/app.py`` Starlette; the core's test suite passes without them
(``pip install '.[test]'``), and CI installs the extras (``[rl]``, ``[openspiel]``,
``[web]``) and runs their tests too.
"""

from __future__ import annotations

import importlib.util

import pytest

_EXTRAS = {
    "loveletter/rl/pettingzoo.py": ("pettingzoo", "numpy"),
    "loveletter/rl/gymnasium.py": ("gymnasium", "numpy"),
    "loveletter/rl/openspiel.py": ("pyspiel", "numpy"),
    "loveletter/web/app.py": ("starlette", "uvicorn"),
}

collect_ignore = [
    path
    for path, modules in _EXTRAS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]

_PAGES = {"train-or-search.md": ("pettingzoo", "gymnasium", "numpy", "pyspiel")}
"""Documentation pages whose examples need the extras: skipped, with the reason, without."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the examples of a page whose extras are missing, and say which."""
    for item in items:
        needs = _PAGES.get(item.path.name)
        if needs is None:
            continue
        missing = [module for module in needs if importlib.util.find_spec(module) is None]
        if missing:
            item.add_marker(
                pytest.mark.skip(
                    reason=f"the [rl] and [openspiel] extras are not installed "
                    f"(missing: {', '.join(missing)}): pip install "
                    "'loveletter-referee[rl,openspiel]'"
                )
            )
