"""The bots: one ``choose(view, legal_actions, rng)`` per level, blind to hidden cards.

A bot receives a seat's ``PlayerView`` — its own hand and what is public — and
the legal actions, never the state, so no level can see another hand or the
stock by construction. Each seat gets its own ``random.Random`` (``seat_rng``)
so the same game seed replays the same game, bots included.

>>> from game.state import new_game
>>> game = new_game(seed=5, players=3)
>>> bot = make_bot("scout")
>>> seat = game.current_player
>>> action = bot.choose(game.view(seat), game.legal_actions(), seat_rng(5, seat))
>>> action in game.legal_actions() or type(action).__name__ == "Swap"
True
"""
from __future__ import annotations

import random

from .base import Bot, TurnBot
from .levels import Ace, Scout, Sprout

#: Opponents per level: the UI seats this many bots against the player.
LEVELS = {"sprout": 2, "scout": 3, "ace": 4}

_CLASSES: dict[str, type[TurnBot]] = {"sprout": Sprout, "scout": Scout, "ace": Ace}


def make_bot(level: str) -> Bot:
    """A fresh bot of ``level`` ('sprout', 'scout' or 'ace'); ValueError names a wrong one."""
    try:
        return _CLASSES[level]()
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}: use one of {', '.join(LEVELS)}") from None


def seat_rng(game_seed: int, seat: int) -> random.Random:
    """The seat's own RNG, derived from the game seed: same seed, same bots' choices."""
    return random.Random(game_seed * 1_000_003 + 7919 * (seat + 1))


__all__ = ["Bot", "LEVELS", "make_bot", "seat_rng", "Sprout", "Scout", "Ace"]
