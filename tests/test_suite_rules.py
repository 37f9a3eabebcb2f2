"""Rules the test suite keeps for itself, so it holds on a loaded CI machine and says the same
thing on every run: no sleeps as synchronisation in browser tests, and Hypothesis derandomized."""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import settings

TESTS = Path(__file__).resolve().parent
# A fixed pause stands in for a condition the test did not name: too short on a busy machine,
# wasted time on an idle one. Wait on the condition instead (expect(...), wait_for_function).
SLEEPS = re.compile(r"\bwait_for_timeout\(|\btime\.sleep\(|\basyncio\.sleep\(")


def test_browser_tests_wait_on_conditions_never_on_the_clock():
    offenders = [
        f"{path.relative_to(TESTS)}:{number}: {line.strip()}"
        for path in sorted((TESTS / "browser").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if SLEEPS.search(line)
    ]
    assert offenders == []


@pytest.mark.skipif("HYPOTHESIS_PROFILE" in os.environ, reason="another Hypothesis profile was asked for")
def test_hypothesis_runs_derandomized_with_no_deadline_by_default():
    assert settings.default.derandomize is True
    assert settings.default.deadline is None
