"""The engine's docstring examples run as tests, so the documentation cannot drift from the code."""
import doctest
import importlib
import pkgutil

import pytest

import game

# Only the page's two browser modules are left out (they import pyscript); __main__ runs the CLI.
BROWSER_ONLY = {"game.ui.dom", "game.ui.main", "game.__main__"}
ENGINE = sorted(
    name for _, name, _ in pkgutil.walk_packages(game.__path__, "game.") if name not in BROWSER_ONLY
)
# The tests' own helpers document themselves the same way.
HELPERS = ["scenario", "html_tree"]


@pytest.mark.parametrize("name", ENGINE + HELPERS)
def test_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_examples_exist():
    counts = [doctest.testmod(importlib.import_module(n)).attempted for n in ENGINE]
    assert sum(counts) >= 20
