"""How many examples the long tests run: a small budget by default, the full one when thorough.

The README's test command, ``python -m pytest``, runs every test. A few tests check a
property over many random games, or a distribution over many samples, and most of the
suite's time would go to them: each of these declares two budgets where it is written,

* ``quick``: the number of examples (games, positions) it runs by default, small enough
  that the whole suite takes a few minutes of CPU on a two-core machine, and large enough
  to catch a change that breaks the property in most games;
* ``full``: the number it runs under the thorough profile (``HYPOTHESIS_PROFILE=thorough``),
  which CI runs for these tests (``python -m pytest -m long``).

A hypothesis test takes its budget with :func:`long_property`; a test that loops by itself
reads :func:`examples` and is marked ``@pytest.mark.long``. Every other property test runs
its profile's count: 100 by default, 3000 when thorough (``tests/conftest.py``).

A budget is a count, never a time: the same command runs the same examples on any machine,
and no test asserts how long it took. When a test grows slow, lower its ``quick`` budget
first. The ``full`` budgets together fit CI's thorough lane, which runs beside the whole
suite on a two-core machine: about two minutes of CPU in all (the heaviest, the batch
engine's differential test and the core's round trips, set the most examples).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, settings

T = TypeVar("T", bound=Callable[..., object])

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "default")
"""The hypothesis profile this run loads (``tests/conftest.py`` registers the two)."""

THOROUGH = PROFILE == "thorough"
"""Whether this run gives the long tests their full budgets."""


def examples(*, quick: int, full: int) -> int:
    """The number of examples a long test runs: ``full`` when thorough, else ``quick``."""
    if not 0 < quick <= full:
        raise ValueError(f"a budget needs 0 < quick <= full, not quick={quick}, full={full}")
    return full if THOROUGH else quick


def long_property(*, quick: int, full: int) -> Callable[[T], T]:
    """A hypothesis test's settings for a long property, and the ``long`` mark.

    Put it above ``@given``: the test runs ``quick`` examples by default and ``full`` when
    thorough, with no deadline (a slow example is not a failure).
    """
    chosen = settings(
        max_examples=examples(quick=quick, full=full),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )

    def decorate(test: T) -> T:
        marked: T = pytest.mark.long(chosen(test))
        return marked

    return decorate
