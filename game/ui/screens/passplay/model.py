"""Pass-and-play's screens as plain data: to whom the device goes and what they will play (nothing
private), and who may claim the discard passed over. Drawn over the table (table/model.py).
"""
from __future__ import annotations

from typing import Any, Optional

from ...session import passing
from ...session.session import Session
from ...words import claim_words, log_lines
from ..parts import button_model

Model = dict[str, Any]


PASS_LINES = 8   # the pass screen's moves since the person last looked, at most


def pass_model(s: Session, v) -> Optional[Model]:
    """Pass-and-play: the device goes to the next person; what they will play, nothing private."""
    seat = passing.pass_to(s)
    if seat is None:
        return None
    p = v.players[seat]
    name = p.name
    names = [q.name for q in v.players]
    top = f"{v.top.symbol} is on the pile" + (" (🔒 buried)" if v.top_buried else "") if v.top else "The pile is empty"
    again = seat == s.seat and s.ui.veiled and bool(v.events)
    events, whole = passing.since(s, seat)
    lines = log_lines(events, names, keep=len(events))
    recent = (["…"] if len(lines) > PASS_LINES else []) + lines[-PASS_LINES:]
    deal = f"Deal {v.deal_number}, round {p.round}" if whole or not events else f"Round {p.round}"
    dealt = f"{names[v.dealer]} dealt. " if not v.events else ""
    return {"seat": seat, "name": name, "again": again, "recent": recent,
            "news": "" if s.ui.message in lines else s.ui.message,
            "what": f"{dealt}{deal}: {p.contract}. {top}.",
            "button": button_model("show", f"👀 I'm {name}: show my hand", style="primary")}


def claims_model(s: Session, v) -> Optional[Model]:
    """Pass-and-play: the discard the drawer passed over, and each person who may claim it, said
    aloud as at a real table (the bots have claimed, or will, blind)."""
    seats = passing.claimers(s)
    if not seats:
        return None
    words, chosen = claim_words(v.rules), s.ui.claiming or set()
    names = [p.name for p in v.players]
    people = [{"seat": n, "name": names[n], "on": n in chosen,
               "left": words.left(v.players[n].steals_left)} for n in seats]
    hint = (f"Whoever wants it taps their name (a {words.price} comes with it). You are listed in turn "
            f"order after {names[v.claimable_from]}: if more than one claims it, the first listed gets it."
            if len(people) > 1 else f"Tap your name to claim it (a {words.price} comes with it), then Done.")
    return {"title": f"{words.icon} {names[v.turn]} passed over {v.top.symbol}. Who will {words.verb} it?",
            "hint": hint, "people": people,
            "done": button_model("claims-done", "✅ Done", style="primary")}
