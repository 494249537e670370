"""Collection at the root: the adapters' modules are skipped where their extra is missing.

The doctests of ``loveletter/research/rl/*.py`` import PettingZoo, Gymnasium or OpenSpiel,
``loveletter/apps/web/app.py`` Starlette, ``loveletter/apps/web/postgres.py`` psycopg,
``loveletter/research/batch/`` NumPy; the core's
test suite passes without them (``pip install '.[test]'``), and CI installs the extras (``[rl]``,
``[openspiel]``, ``[web]``, ``[batch]``) and runs their tests too.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

_EXTRAS = {
    "loveletter/research/rl/pettingzoo.py": ("pettingzoo", "numpy"),
    "loveletter/research/rl/gymnasium.py": ("gymnasium", "numpy"),
    "loveletter/research/rl/batch_vector.py": ("gymnasium", "numpy"),
    "loveletter/research/rl/openspiel.py": ("pyspiel", "numpy"),
    "loveletter/apps/web/app.py": ("starlette", "uvicorn"),
    "loveletter/apps/web/postgres.py": ("psycopg",),
    "loveletter/research/rl/sb3.py": ("stable_baselines3", "gymnasium", "numpy"),
    **{  # the batch engine: every module of it
        str(path.relative_to(Path(__file__).parent)): ("numpy",)
        for path in (Path(__file__).parent / "loveletter" / "research" / "batch").glob("*.py")
    },
    "loveletter/apps/batch_bench.py": ("numpy",),
    "loveletter/bots/learned.py": ("numpy",),
}

collect_ignore = [
    path
    for path, modules in _EXTRAS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]

_PAGES = {
    "train-or-search.md": (("pettingzoo", "gymnasium", "numpy", "pyspiel"), "rl,openspiel"),
    "train-on-tables.md": (("numpy",), "batch"),
    "engines.md": (("numpy",), "batch"),
}
"""Documentation pages whose examples need extras (their modules, the extras that bring
them): skipped, with the reason, without."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the examples of a page whose extras are missing, and say which."""
    for item in items:
        found = _PAGES.get(item.path.name)
        if found is None:
            continue
        needs, extras = found
        missing = [module for module in needs if importlib.util.find_spec(module) is None]
        if missing:
            named = " and ".join(f"[{extra}]" for extra in extras.split(","))
            item.add_marker(
                pytest.mark.skip(
                    reason=f"the {named} extra{'s are' if ',' in extras else ' is'} not "
                    f"installed (missing: {', '.join(missing)}): pip install "
                    f"'loveletter-referee[{extras}]'"
                )
            )
