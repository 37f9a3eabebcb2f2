"""The table's buttons: the moves open to the player at this moment of the turn (or of a claim
on offer), the way on marked.
"""
from __future__ import annotations

from typing import Any

from game.state import Phase

from ...session import advice
from ...session.session import Session
from ...words import claim_words
from ..parts import button_model
from .going_down import extra_model, frames_model

Model = dict[str, Any]


def buttons(s: Session, v) -> list[Model]:
    """The moves open now, and ↶ Take back last while there is a step to take back."""
    out = moves(s, v)
    if s.take_back_step() is not None:
        out.append(take_back_button())
    return out


def take_back_button(who: str = "") -> Model:
    """Small and last: it plays nothing new, it takes the last step back (Ctrl+Z). On the pass
    screen it names ``who`` may take back (the one still holding the device)."""
    found = button_model("takeback", f"↶ {who}: take it back" if who else "↶ Take back", style="take-back")
    return {**found, "keys": "Control+Z"}


def moves(s: Session, v) -> list[Model]:
    offer, words = s.offer(), claim_words(v.rules)
    if offer is not None:
        return offer_buttons(offer, words)
    if not s.my_turn():
        late = stand_in_offer(s)          # an online person away or still too long: the host may let a bot play
        if late is None:
            return []
        label = f"🤖 Let a bot play for {late[1]}" if late[2] else f"🤖 Let a bot play this turn for {late[1]}"
        return [button_model("online-bot", label, arg=str(late[0]))]
    selected = s.hand_card(s.ui.selected)
    sel = f" {selected.symbol}" if selected else ""
    if v.phase is Phase.SWAP:
        return [button_model("swap", f"🔄 Swap{sel}", selected is not None, style="primary"),
                button_model("pass", "Pass")]
    if v.phase is Phase.DRAW:
        out = [button_model("draw", "🂠 Draw from the stock", style="primary")]
        if v.top and not v.top_buried:
            out.append(button_model("take", f"Take {v.top.symbol}"))
        if v.rules.pile_dig and len(v.pile) > 1:
            out.append(button_model("pile", "✕ Close the pile" if s.ui.digging else "⤵ Dig into the pile"))
        return out
    if v.phase is Phase.CLAIMS:
        if s.people == 1 and not s.asks(v.top):    # not asked about this card: it passes at once
            return []
        return [button_model("steal", f"{words.icon} {words.title} {v.top.symbol}", style="primary"),
                button_model("pass", "Let it go")]
    if v.phase is not Phase.PLAY:
        return []
    if s.ui.extra is not None:
        ok = extra_model(s, v)["ok"]
        return [button_model("lay-extra", "✅ Lay this meld", ok, style="primary flash" if ok else "primary"),
                button_model("find-extra", "✨ Find one for me"), button_model("cancel", "Cancel")]
    if s.ui.frames is not None:
        ok = frames_model(s, v)["all_ok"]
        return [button_model("lay", "✅ Lay it down", ok, style="primary flash" if ok else "primary"),
                button_model("fill", "✨ Fill for me"), button_model("cancel", "Cancel")]
    # 📥 only when the solver finds the contract in this hand; the prompt says what is missing.
    out = [] if v.me.down else [button_model("godown", "📥 Go down…", advice.ready(s.state, s.seat))]
    if v.me.down and s.extra_melds():
        out.append(button_model("another", "📥 Lay another meld…"))
    owed = v.me.down and bool(s.lay_offs())
    if owed:
        out.append(button_model("layoff-all", "🧲 Lay off all that fits", style="primary"))
    # One gold button: while the rulebook makes lay-offs compulsory, 🧲 is the way on, not Discard.
    must = owed and v.rules.must_lay_off
    out.append(button_model("discard", f"Discard{sel}", selected is not None, style="" if must else "primary"))
    return out


def stand_in_offer(s: Session):
    if not s.online:
        return None
    from ...session import online   # an online table's code: loaded only at one

    return online.may_stand_in(s)


def offer_buttons(offer, words) -> list[Model]:
    """🫳 (🛒) and "Let it go" while the offer is open; once claimed, the claim itself, shown at once."""
    symbol = offer.card.symbol
    if offer.answer == "steal":
        return [button_model("steal", f"{words.icon} Claimed {symbol} ✓", enabled=False, style="primary claimed")]
    if offer.answer:
        return []
    return [button_model("steal", f"{words.icon} {words.title} {symbol}", style="primary"), button_model("pass", "Let it go")]
