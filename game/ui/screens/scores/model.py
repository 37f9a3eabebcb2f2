"""The end of a deal as plain data: the going-out play, everyone's cards and points, the scores
(at game over the places, the last moves, the link to share); and which end of a run a card
laid off goes to, asked by the table.
"""
from __future__ import annotations

from typing import Any, Optional

from game.cards import SUIT_SYMBOLS, rank_text
from game.i18n import _, ngettext
from game.state import Phase

from ...session.screen_state import HUMAN
from ...session.session import Session
from ...standings import lead_rule, leaders, places, why_won
from ...store.kept import share_model
from ...words import CANNOT_REPLAY, event_text, listed, log_lines, sort_hand
from ..parts import button_model, card_model, meld_cards

Model = dict[str, Any]


def end_choices(s: Session, v) -> list[Model]:
    if not s.ui.end_for or v.current != s.seat:
        return []
    meld = v.table[s.ui.end_for[1]].meld
    suit = SUIT_SYMBOLS[meld.suit]                 # the ends are asked only of a run, which has its suit
    # Position ranks under the game's rules: with ace wrap-around a run's ends cycle (K-A-2).
    low = rank_text(meld.position_rank(0, v.rules)) + suit
    high = rank_text(meld.position_rank(meld.size - 1, v.rules)) + suit
    return [button_model("end", f"⬅ Before {low}", arg="low"), button_model("end", f"After {high} ➡", arg="high")]


def points_key(rules) -> str:
    """What each card left in a hand costs, grouped by its points, as the deal's scores need it read.

    >>> from game.rules import PRESETS
    >>> points_key(PRESETS["aggravation"])
    'Cards left in hand: 3–10 = 5 · J–K = 10 · A = 15 · 2 and 🃏 = 20'
    >>> points_key(PRESETS["contract"])
    'Cards left in hand: 2–9 = 5 · 10–K = 10 · A and 🃏 = 15'
    """
    order = list(range(2, 14)) + [1] + ([0] if rules.jokers_per_deck else [])
    groups: dict[int, list[int]] = {}
    for rank in order:
        groups.setdefault(rules.points_of_rank(rank), []).append(rank)
    return _("Cards left in hand: {points}").format(
        points=" · ".join(f"{_ranks(ranks)} = {points}" for points, ranks in sorted(groups.items())))


def _ranks(ranks: list[int]) -> str:
    """'3–10' for a run of three or more ranks in order, else 'A and 🃏'."""
    name = {0: "🃏", 1: "A", 11: "J", 12: "Q", 13: "K"}
    said = [name.get(r, str(r)) for r in ranks]
    if len(ranks) > 2 and all(b == a + 1 for a, b in zip(ranks, ranks[1:])):
        return f"{said[0]}–{said[-1]}"
    return listed(said)


def summary(s: Session, v, names: list[str], tip=None) -> Model:
    """The end of a deal, in the order the page shows it (``stage``, from ``ui.ending``):
    'play' the going-out play on the table, 'hands' everyone's cards and points, 'scores'
    the summary (at game over: the places and the final deal's last moves)."""
    last = v.results[-1]
    rows = [
        {"name": names[n], "round": last.rounds_played[n], "points": last.points[n],
         "moves_on": last.advanced[n], "total": v.players[n].total}
        for n in range(len(names))
    ]
    sheet = [{"deal": r.number, "points": list(r.points)} for r in v.results]
    how = _("Dead deal: the stock ran out") if last.dead else (
        _("You went out") if names[last.went_out] == "You" else _("{who} went out").format(who=names[last.went_out]))
    winners = [names[n] for n in v.winners]
    over = v.phase is Phase.GAME_OVER
    return {"deal": last.number, "how": how, "rows": rows, "names": names, "sheet": sheet,
            "totals": [p.total for p in v.players], "game_over": over, "winners": winners,
            "stage": s.ui.ending or "scores",
            "play": going_out_play(v, names, last.went_out), "hands": leftovers(s, v, names),
            "places": places(v, names) if over else [],
            "why_won": why_won(v, names) if over else "",
            "leaders": leaders(v), "lead_rule": lead_rule(v), "points_key": points_key(v.rules),
            "last_round": v.rules.rounds,
            "last_moves": log_lines(v.events, names, keep=8) if over else [],
            "replay_note": s.ui.message if over and s.ui.message == CANNOT_REPLAY else "",
            "lesson": tip.text if tip is not None and tip.lesson == "end" else "",
            "guest": bool(s.online) and s.seat != HUMAN,   # an online guest: no new game, replay or share (the host's)
            "host": names[HUMAN],                          # ...and the host deals the next hand
            "again": [n for seat, n in enumerate(names) if seat != HUMAN and s.person(seat)] if s.online and over else None,
            "share": share_model(s.log, s.level, s.ui.shared, last.number) if over and s.log is not None else None}


# The events of a going-out turn worth showing, each with its cards.
PLAYED = ("went_down", "laid_off", "swapped_wild", "discarded")


def going_out_play(v, names: list[str], seat: Optional[int]) -> list[Model]:
    """What the player who went out did on that last turn: each line with its cards."""
    if seat is None:
        return []
    turn = []
    for event in reversed(v.events[:-1]):            # the last event is 'went_out' itself
        if event.seat != seat or event.kind not in PLAYED:
            break
        if event.kind == "went_down":                # the melds as they lie, wilds labelled
            laid = {c.key for c in event.cards}
            groups = [meld_cards(m.meld, v.rules) for m in v.table
                      if m.owner == seat and any(c.key in laid for c in m.meld.cards)]
        else:
            groups = [[card_model(c) for c in event.cards[:1 if event.kind == "swapped_wild" else None]]]
        turn.append({"line": event_text(event, names), "melds": groups})
    return turn[::-1]


def leftovers(s: Session, v, names: list[str]) -> list[Model]:
    """Everyone's cards as the deal ended and what they score (SPEC §4.6: shown at scoring).

    The only place the view model reads other hands: the deal is over, every hand is counted."""
    last = v.results[-1]
    out = []
    for n, seat in enumerate(s.state.seats[:len(names)]):
        cards = [card_model(c) for c in sort_hand(seat.hand, "number", v.rules)]
        out.append({"seat": n, "name": names[n], "cards": cards, "points": last.points[n],
                    "count": ngettext("{n} card", "{n} cards", len(cards)).format(n=len(cards)), "went_out": n == last.went_out})
    return out
