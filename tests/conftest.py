"""Settings every test module shares.

Hypothesis runs the "ci" profile unless HYPOTHESIS_PROFILE names another: derandomized, so a
run on CI tries the same examples every time (a failure there reproduces here, and a run never
goes red on a new random draw nobody changed code for); no deadline, because a loaded 2-core
machine makes any per-example time limit a flake. "explore" draws fresh random examples for
hunting new failures on purpose: `HYPOTHESIS_PROFILE=explore python -m pytest tests/test_solver_properties.py`.

The profile is loaded here, before any test module is imported, because a module-level
``settings(...)`` object (tests/test_solver_properties.py's FAST) inherits from the profile that
is current when it is created.

Tests run longest first (``longest_first``): `make test` spreads them over the cores.

The site's builds share their Node runs (the bytecode of the game and of Python's library,
scripts/game_zip.py's SHARED_ANSWERS): a session's first build makes them, in a folder every
worker of the session reads, and later builds (test_build, test_offline, the built site's tests,
the browser tests' stdlib.zip on each worker) take them from there: 0.2 s instead of ~8 s each.

Under mutation testing (bench/mutants.md) the tests a mutant reaches run fastest first, as
mutmut orders them itself when it forks from its own process: setup.cfg makes it fork from a
server instead, which passes them in no order, and the first failure ends a mutant's run.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

import pytest
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


SHARED_ANSWERS = "AGGRAVATION_NODE_ANSWERS"   # scripts/game_zip.py reads it


def pytest_configure(config) -> None:
    """The session's folder of Node answers, made by the main process before pytest-xdist starts
    its workers (they inherit it); kept if the caller set one."""
    if not hasattr(config, "workerinput") and SHARED_ANSWERS not in os.environ:
        config._node_answers = os.environ[SHARED_ANSWERS] = tempfile.mkdtemp(prefix="aggravation-node-answers-")


def pytest_unconfigure(config) -> None:
    folder = getattr(config, "_node_answers", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop(SHARED_ANSWERS, None)


@lru_cache(maxsize=1)
def _traced_durations() -> dict[str, float]:
    """Each test's time as mutmut traced it (mutants/mutmut-stats.json, the working folder then)."""
    stats = Path("mutmut-stats.json")
    return json.loads(stats.read_text()).get("duration_by_test", {}) if stats.is_file() else {}


def longest_first(item) -> int:
    """The order tests are handed out in over the cores (`make test`: pytest-xdist with
    --maxschedchunk 1, each worker taking the next test as it finishes one): the long property and
    soak runs first, then the browser tests (seconds each), then the rest (milliseconds), so the
    run does not end on one core waiting for a long test started last. Stable: within each group
    tests keep their files' order, and every worker collects the same list."""
    if item.get_closest_marker("slow"):
        return 0
    return 1 if item.get_closest_marker("browser") else 2


@pytest.hookimpl(trylast=True)   # after tests/browser/conftest.py has marked its tests
def pytest_collection_modifyitems(config, items) -> None:
    durations = _traced_durations()      # read once, by the server's collection, before it forks
    if durations and os.environ.get("MUTANT_UNDER_TEST", "") not in ("", "stats", "fail"):
        items.sort(key=lambda item: durations.get(item.nodeid, 0.0))
    else:
        items.sort(key=longest_first)
