"""Who placed where at a game's end: one ranking for the game-over screen, the replay's last
step and the games kept (their "you came 2nd"), so the three never disagree.

Below the session and the screens: it reads a player's view (game/view.py) and nothing of the UI.
"""
from __future__ import annotations

from typing import Any

from game.i18n import _
from game.rules import WinnerPool

from .words import listed, ordinal


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


def why_won(v, names: list[str]) -> str:
    """The rule that decided the game, in its players' names: where only a finisher may win (SPEC
    §5), who got the last round down and, of them, the lowest total; elsewhere the lowest total."""
    names = [_("you") if name == "You" else name for name in names]   # never at a sentence's start here
    winners = listed([names[n] for n in v.winners])
    lowest = (_("{winners} share the lowest total") if len(v.winners) > 1 else
              _("{winners} have the lowest total") if [names[n] for n in v.winners] == [_("you")] else
              _("{winners} has the lowest total")).format(winners=winners)
    if v.rules.winner_pool is not WinnerPool.FINISHERS:
        return _("Low score wins: {lowest}").format(lowest=lowest)
    last = v.rules.rounds
    finished = [p.seat for p in v.players if p.down and p.round == last]
    if len(finished) == len(v.players):
        return _("Everyone got round {round} down; {lowest}").format(round=last, lowest=lowest)
    who = listed([names[n] for n in finished])
    if len(finished) == 1:
        return _("Only {who} got round {round} down: the only one who could win").format(who=who, round=last)
    return _("Only {who} got round {round} down; of them {lowest}").format(who=who, round=last, lowest=lowest)


def leaders(v) -> list[int]:
    """Who leads now, by the rule that will decide the game: where only a finisher may win, the
    furthest round, then the lower total; elsewhere the lower total. Ties all lead."""
    def key(p) -> tuple:
        return (p.total,) if v.rules.winner_pool is not WinnerPool.FINISHERS else (-p.round, p.total)
    best = min(key(p) for p in v.players)
    return [p.seat for p in v.players if key(p) == best]


def lead_rule(v) -> str:
    """What "leads" means under this rulebook, for the score sheet's key."""
    if v.rules.winner_pool is not WinnerPool.FINISHERS:
        return _("lowest total")
    return _("furthest round, then lowest total")
