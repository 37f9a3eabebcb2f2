"""The engine's docstring examples run as tests, so the documentation cannot drift from the code."""
import doctest
import importlib
import pkgutil

import pytest

import game

ENGINE = sorted(
    name for _, name, _ in pkgutil.walk_packages(game.__path__, "game.")
    if not name.startswith("game.ui") and name != "game.__main__"  # the page imports the browser; __main__ runs
)


@pytest.mark.parametrize("name", ENGINE)
def test_docstring_examples_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_examples_exist():
    counts = [doctest.testmod(importlib.import_module(n)).attempted for n in ENGINE]
    assert sum(counts) >= 20
