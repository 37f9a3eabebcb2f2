"""Settings every test module shares.

Hypothesis runs the "ci" profile unless HYPOTHESIS_PROFILE names another: derandomized, so a
run on CI tries the same examples every time (a failure there reproduces here, and a run never
goes red on a new random draw nobody changed code for); no deadline, because a loaded 2-core
machine makes any per-example time limit a flake. "explore" draws fresh random examples for
hunting new failures on purpose: `HYPOTHESIS_PROFILE=explore python -m pytest tests/test_solver_properties.py`.

The profile is loaded here, before any test module is imported, because a module-level
``settings(...)`` object (tests/test_solver_properties.py's FAST) inherits from the profile that
is current when it is created.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    deadline=None,
    max_examples=100,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
