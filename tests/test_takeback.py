"""Issue 41, point 3: ↶ take-backs that never reveal a card.

A person takes back, one step at a time, what they did since their draw (lay-offs, going down,
a dig, a swap-round answer, an arrangement) and their discard until the next seat acts; never a
draw from the stock, a claim, a move that ends the deal or anyone else's move. The property:
over seeded whole games under the three rulebooks, after any take-back the state is the state
before the moves taken back (hidden parts too: the stock's order, the RNG, the log) and so every
seat's view is what it was.
"""
from __future__ import annotations

import random
from dataclasses import fields, is_dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.playout import choose
from game.actions import Draw, NextDeal
from game.rules import PRESETS
from game.state import Phase
from game.ui.dispatch import dispatch
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.store.settings import Settings
from support import MemoryStore

RULEBOOKS = ("aggravation", "gallery", "contract")


def whole(state) -> dict:
    """Everything a state holds, hidden parts included (the RNG by its inner state), as values
    that later moves cannot change."""
    out = {f.name: frozen(getattr(state, f.name)) for f in fields(state) if f.name != "rng"}
    out["rng"] = state.rng.getstate()
    return out


def frozen(value):
    """``value`` as it is now: lists as tuples, the seats' and melds' changing records as tuples
    of their fields (cards, melds, events and results are frozen already)."""
    if isinstance(value, list):
        return tuple(frozen(item) for item in value)
    if is_dataclass(value) and not value.__dataclass_params__.frozen:
        return (type(value).__name__,) + tuple(frozen(getattr(value, f.name)) for f in fields(value))
    return value


def views(state) -> list:
    return [state.view(seat) for seat in range(state.players)]


class Playout:
    """A fast stand-in for a bot: the fuzz playouts' beginner (bench/playout.py), seeded."""

    def __init__(self, s: Session, seed: int) -> None:
        self.s, self.rng = s, random.Random(seed)

    def choose(self, view, legal, rng):
        return choose(self.s.state, self.rng)


def game_of(rulebook: str, seed: int) -> Session:
    s = Session(MemoryStore(), Settings(speed="instant", steal="short"))
    s.start("sprout", seed, preset=rulebook, people=1)
    s.bots = {seat: Playout(s, seed * 10 + seat) for seat in s.bots}
    s.save = lambda automatic=False: None     # the whole log written at every move is most of the time (saves: below)
    return s


def play_with_take_backs(s: Session, seed: int, limit: int = 6000) -> int:
    """Play the game to its end; the person (seat 0) takes back at random. Every take-back is
    checked against the state before the move it takes back. The number of take-backs."""
    rng = random.Random(seed)
    before: list[tuple] = []            # (whole state, views, log) before each step still standing
    taken = 0
    for _ in range(limit):
        state = s.state
        if state.is_over:
            return taken
        seat = state.current_player
        if seat is None:
            assert s._play(NextDeal(), seat=None)
        elif seat != HUMAN:
            assert s.step(s.token())
            assert s.take_back_step() is None, "another seat acted: nothing of the person's is taken back"
            before.clear()
        else:
            kept = (whole(state), views(state), list(s.log.actions))
            action = choose(state, rng)
            assert s._play(action, automatic=True)
            if s.take_back_step() is not None and s.take_back_step().action == action:
                before.append(kept)
            else:
                before.clear()
                assert isinstance(action, (Draw,)) or state.phase in (Phase.CLAIMS, Phase.DEAL_OVER, Phase.GAME_OVER) \
                    or type(action).__name__ in ("Steal", "Pass", "Draw") or state.current_player is None, action
        while before and rng.random() < 0.35:
            state_before, views_before, log_before = before.pop()
            assert s.take_back()
            taken += 1
            assert s.log.actions == log_before
            assert whole(s.state) == state_before
            assert views(s.state) == views_before
    raise AssertionError("the game did not end")


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**6))
@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_a_take_back_restores_the_state_and_every_view_exactly(rulebook, seed):
    s = game_of(rulebook, seed)
    taken = play_with_take_backs(s, seed)
    assert taken > 0 and s.takebacks == taken
