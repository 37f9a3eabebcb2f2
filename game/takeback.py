"""Take-backs: which moves a player may take back, because taking them back reveals no card.

A move may be taken back when every card it moved was already seen by everyone it could be
seen by, and nothing hidden came out of it: a lay-off, going down, a further meld, a wild
swapped, a discard, a card taken from the pile (the top one or, in Gallery, a dig), a
swap-round answer. Never a draw from the stock (its card was seen), a claim answer (the claims
settle, the drawer draws), or a move that ends the deal (every hand is shown). The rulebook may
forbid take-backs altogether (``Rules.take_backs``).

The engine stays pure: a take-back is no move of its own. The state before a move taken back
is a ``snapshot`` kept from before it, the same state to the last card of the stock and the
RNG's next shuffle; the log cut back to that move replays to it too (the engine is state +
action → next state and nothing else). Who may take back what, and until when, is the
session's (the person who moved, until anyone else acts: game/ui/session/takeback.py).

>>> from game.actions import Draw
>>> from game.state import new_game
>>> game = new_game(seed=7, players=3)
>>> _ = game.apply(Pass())                         # a swap-round answer
>>> may_take_back(Pass(), Phase.SWAP, game), may_take_back(Draw(), Phase.DRAW, game)
(True, False)
"""
from __future__ import annotations

import copy
import random
from dataclasses import replace
from typing import TypeVar

from .actions import Action, Discard, GoDown, LayMeld, LayOff, Pass, Swap, SwapWild, TakeDiscard, TakeFromPile
from .rules import Rules
from .tabletop import Phase, Tabletop

T = TypeVar("T", bound=Tabletop)

# The moves that reveal no card (subject to the phase and the deal's end below).
TAKEN_BACK = (Discard, GoDown, LayMeld, LayOff, SwapWild, TakeDiscard, TakeFromPile)
SWAP_ANSWERS = (Swap, Pass)
ENDED = (Phase.DEAL_OVER, Phase.GAME_OVER)


def may_take_back(action: Action, before: Phase, after: Tabletop) -> bool:
    """Whether ``action``, played in phase ``before`` and leading to ``after``, may be taken
    back: it revealed no card (see the module's text) and the rulebook allows take-backs."""
    return after.phase not in ENDED and undoable(action, before, after.rules)


def undoable(action: Action, before: Phase, rules: Rules) -> bool:
    """Whether ``action`` in phase ``before`` may be taken back if it does not end the deal: asked
    before the move, to keep a copy of the state only for a move that may be taken back."""
    if not rules.take_backs:
        return False
    if before is Phase.SWAP:
        return isinstance(action, SWAP_ANSWERS)
    return before in (Phase.DRAW, Phase.PLAY) and isinstance(action, TAKEN_BACK)


def snapshot(state: T) -> T:
    """A copy of ``state`` that later moves leave as it was: what a take-back puts back.

    Cheaper than a deep copy by far (a tap's work on a phone): cards, melds, events, results and
    the rules are frozen values, shared; every list and record a move changes is copied, and the
    RNG by its inner state (tests/test_takeback.py checks each field)."""
    copied = copy.copy(state)
    copied.rng = random.Random()
    copied.rng.setstate(state.rng.getstate())
    copied.seats = [replace(seat, hand=list(seat.hand)) for seat in state.seats]
    copied.table = [replace(placed) for placed in state.table]
    for name in ("stock", "pile", "claimants", "claims", "events", "results"):
        setattr(copied, name, list(getattr(state, name)))
    return copied
