"""Who placed where at a game's end: one ranking for the game-over screen, the replay's last
step and the games kept (their "you came 2nd"), so the three never disagree.

Below the session and the screens: it reads a player's view (game/view.py) and nothing of the UI.
"""
from __future__ import annotations

from typing import Any

from game.rules import WinnerPool

from .words import ordinal


def places(v, names: list[str]) -> list[dict[str, Any]]:
    """Places 1..n at game over: the winners first, then (SPEC §5, where only a finisher may win)
    whoever finished the last round, then by the round reached, then the lower total; where every
    player may win (SPEC §10, §11), by the lower total. Equal players share a place."""
    last_round = v.rules.rounds
    finishers_only = v.rules.winner_pool is WinnerPool.FINISHERS

    def key(p) -> tuple:
        finished = p.down and p.round == last_round
        if not finishers_only:
            return (p.seat not in v.winners, p.total)
        return (p.seat not in v.winners, not finished, -p.round, p.total)

    ranked = sorted(v.players, key=key)
    out = []
    for p in ranked:
        place = 1 + sum(1 for q in ranked if key(q) < key(p))
        out.append({"place": place, "label": ordinal(place), "name": names[p.seat], "total": p.total,
                    "round": p.round, "finished": p.down and p.round == last_round,
                    "winner": p.seat in v.winners})
    return out
