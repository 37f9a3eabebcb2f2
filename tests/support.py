"""Helpers shared by the test modules: the repo's scripts as modules, a localStorage stand-in, and
a cache for what several tests work out alike (golden games replayed, bot games played)."""
from __future__ import annotations

import functools
import importlib.util
import os
from pathlib import Path
from types import ModuleType
from typing import Callable, TypeVar

T = TypeVar("T")

ROOT = Path(__file__).resolve().parent.parent


def cached(function: Callable[..., T]) -> Callable[..., T]:
    """``functools.cache`` for tests, except while mutmut traces which tests reach which code
    (``MUTANT_UNDER_TEST == "stats"``, bench/mutants.md). A value cached by the first test would
    hide from the tracer that every later test reaches the same code, and mutmut would then try a
    mutant only against that first test."""
    memo: dict = {}

    @functools.wraps(function)
    def wrapper(*args):
        if os.environ.get("MUTANT_UNDER_TEST") == "stats":
            return function(*args)
        if args not in memo:
            memo[args] = function(*args)
        return memo[args]

    return wrapper


def load_script(name: str) -> ModuleType:
    """scripts/NAME.py as a module (scripts/ is a folder of commands, not a package)."""
    spec = importlib.util.spec_from_file_location(f"aggravation_{name}", ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class MemoryStore(dict):
    """What the page's localStorage offers the Session: get, set and remove text."""

    def get(self, key):
        return dict.get(self, key)

    def set(self, key, text):
        self[key] = text

    def remove(self, key):
        self.pop(key, None)


class RefusingStore(MemoryStore):
    """A full or blocked localStorage: reads work; writes raise, as the browser's do, for the keys
    named (every key when none are)."""

    def __init__(self, *refused: str, **stored) -> None:
        super().__init__(**stored)
        self.refused = refused

    def set(self, key, text):
        if not self.refused or key in self.refused:
            raise RuntimeError("QuotaExceededError")
        super().set(key, text)


def hands_after_each_move(log) -> list[list[tuple]]:
    """Every seat's hand after each of the log's first n moves (n = 0, 1, …), as the engine plays
    them: one pass through the game (``log.replay(upto=n)`` for each n would replay it again and
    again, seconds per game)."""
    state = log.new_game()
    hands = [[tuple(seat.hand) for seat in state.seats]]
    for action in log.actions:
        state.apply(action)
        hands.append([tuple(seat.hand) for seat in state.seats])
    return hands
