"""Pass-and-play's pass screen as plain data: to whom the device goes and why (their turn, or the
discard they may claim), with nothing private. Drawn over the table (table/model.py).
"""
from __future__ import annotations

from typing import Any, Optional

from game.i18n import _

from ...session import passing
from ...session.session import Session
from ...words import claim_words, log_lines
from ..parts import button_model
from ..table.buttons import take_back_button

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
    top = ((_("{card} is on the pile (🔒 buried)") if v.top_buried else _("{card} is on the pile")).format(card=v.top.symbol)
           if v.top else _("The pile is empty"))
    again = seat == s.seat and s.ui.veiled and bool(v.events)
    events, whole = passing.since(s, seat)
    lines = log_lines(events, names, keep=len(events))
    recent = (["…"] if len(lines) > PASS_LINES else []) + lines[-PASS_LINES:]
    deal = (_("Deal {deal}, round {round}").format(deal=v.deal_number, round=p.round) if whole or not events
            else _("Round {round}").format(round=p.round))
    dealt = _("{who} dealt.").format(who=names[v.dealer]) + " " if not v.events else ""
    return {"seat": seat, "name": name, "again": again, "recent": recent, "claim": claim_line(s, v, seat),
            "news": "" if s.ui.message in lines else s.ui.message,
            "what": dealt + _("{deal}: {contract}. {top}.").format(deal=deal, contract=p.contract, top=top),
            "button": button_model("show", _("👀 I'm {name}: show my hand").format(name=name), style="primary"),
            "take_back": take_back_button(names[s.seat]) if s.take_back_step() is not None else None}



def claim_line(s: Session, v, seat: int) -> str:
    """Why the device goes to ``seat`` when it is to say whether it claims the discard: the card,
    whose discard it is and who passed it over ('' on a turn of its own)."""
    if passing.asked(s) != seat or v.top is None or v.claimable_from is None:
        return ""
    words, names = claim_words(v.rules), [p.name for p in v.players]
    passed = _("{icon} {who} passed over {card} ({whose}'s discard).").format(
        icon=words.icon, who=names[v.turn], card=v.top.symbol, whose=names[v.claimable_from])
    may = (_("{who} may steal it, with a penalty card.") if words.verb == "steal" else
           _("{who} may buy it, with a fee card.")).format(who=names[seat])
    return f"{passed} {may}"
