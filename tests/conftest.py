"""Shared test configuration: hypothesis profiles.

``HYPOTHESIS_PROFILE=thorough`` runs every property test with 3000 examples (the
default profile runs 100). Paths to the shared rulings and scenarios are in
``support.py``; table helpers in ``tables.py``; game strategies in ``games.py``.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("default", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough",
    max_examples=3000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
