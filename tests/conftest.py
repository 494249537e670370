"""Shared test configuration: hypothesis profiles, and the test edition.

``court.py`` registers a third edition (8 players, two new kinds of card) through the
public extension points; it is imported here, so that the tests that loop over the
registered editions (``loveletter.EDITIONS``) play it too.

``HYPOTHESIS_PROFILE=thorough`` runs every property test with 3000 examples (the
default profile runs 100). Paths to the shared rulings and scenarios are in
``support.py``; table helpers in ``tables.py``; game strategies in ``games.py``.
"""

from __future__ import annotations

import os

import court  # noqa: F401  (registers the test edition)
from hypothesis import HealthCheck, settings

collect_ignore = ["court.py"]  # imported once, above: collecting it would import it again

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough",
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
