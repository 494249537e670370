"""Collection at the root: the adapters' modules are skipped where their extra is missing.

The doctests of ``loveletter/rl/*.py`` import PettingZoo, Gymnasium or OpenSpiel; the
core's test suite passes without them (``pip install -e '.[test]'``), and CI installs the
extras (``[rl]``, ``[openspiel]``) and runs their tests too.
"""

from __future__ import annotations

import importlib.util

_EXTRAS = {
    "loveletter/rl/pettingzoo.py": ("pettingzoo", "numpy"),
    "loveletter/rl/gymnasium.py": ("gymnasium", "numpy"),
    "loveletter/rl/openspiel.py": ("pyspiel", "numpy"),
}

collect_ignore = [
    path
    for path, modules in _EXTRAS.items()
    if any(importlib.util.find_spec(module) is None for module in modules)
]
