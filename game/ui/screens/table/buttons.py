"""The table's buttons: the moves open to the player at this moment of the turn (or of a claim
on offer), the way on marked.
"""
from __future__ import annotations

from typing import Any

from game.i18n import _
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
    # Translators: a button: {who} is the name of the person who may take their last step back.
    found = button_model("takeback", _("↶ {who}: take it back").format(who=who) if who else _("↶ Take back"),
                         style="take-back")
    return {**found, "keys": "Control+Z"}


def moves(s: Session, v) -> list[Model]:
    offer, words = s.offer(), claim_words(v.rules)
    if offer is not None:
        return offer_buttons(offer, words, v.rules.claim_word)
    if not s.my_turn():
        late = stand_in_offer(s)          # an online person away or still too long: the host may let a bot play
        if late is None:
            return []
        label = (_("🤖 Let a bot play for {name}") if late[2] else _("🤖 Let a bot play this turn for {name}")).format(name=late[1])
        return [button_model("online-bot", label, arg=str(late[0]))]
    selected = s.hand_card(s.ui.selected)
    if v.phase is Phase.SWAP:
        # Translators: a button of the swap round: swap the picked card ({card}) with the discard.
        swap = _("🔄 Swap {card}").format(card=selected.symbol) if selected else _("🔄 Swap")
        # Translators: a button of the swap round: not to swap (a verb).
        return [button_model("swap", swap, selected is not None, style="primary"), button_model("pass", _("Pass"))]
    if v.phase is Phase.DRAW:
        out = [button_model("draw", _("🂠 Draw from the stock"), style="primary")]
        if v.top and not v.top_buried:
            # Translators: a button: take the discard pile's top card ({card}, a glyph: 7♥).
            out.append(button_model("take", _("Take {card}").format(card=v.top.symbol)))
        if v.rules.pile_dig and len(v.pile) > 1:
            out.append(button_model("pile", _("✕ Close the pile") if s.ui.digging else _("⤵ Dig into the pile")))
        return out
    if v.phase is Phase.CLAIMS:
        if s.people == 1 and not s.asks(v.top):    # not asked about this card: it passes at once
            return []
        return [button_model("steal", claim_label(v.rules.claim_word, v.top.symbol), style="primary"),
                button_model("pass", let_it_go())]
    if v.phase is not Phase.PLAY:
        return []
    if s.ui.extra is not None:
        ok = extra_model(s, v)["ok"]
        return [button_model("lay-extra", _("✅ Lay this meld"), ok, style="primary flash" if ok else "primary"),
                button_model("find-extra", _("✨ Find one for me")), button_model("cancel", _("Cancel"))]
    if s.ui.frames is not None:
        ok = frames_model(s, v)["all_ok"]
        return [button_model("lay", _("✅ Lay it down"), ok, style="primary flash" if ok else "primary"),
                button_model("fill", _("✨ Fill for me")), button_model("cancel", _("Cancel"))]
    # 📥 only when the solver finds the contract in this hand; the prompt says what is missing.
    out = [] if v.me.down else [button_model("godown", _("📥 Go down…"), advice.ready(s.state, s.seat))]
    if v.me.down and s.extra_melds():
        out.append(button_model("another", _("📥 Lay another meld…")))
    owed = v.me.down and bool(s.lay_offs())
    if owed:
        out.append(button_model("layoff-all", _("🧲 Lay off all that fits"), style="primary"))
    # One gold button: while the rulebook makes lay-offs compulsory, 🧲 is the way on, not Discard.
    must = owed and v.rules.must_lay_off
    # Translators: a button (a verb): discard the picked card ({card}, a glyph: 7♥).
    discard = _("Discard {card}").format(card=selected.symbol) if selected else _("Discard")
    out.append(button_model("discard", discard, selected is not None, style="" if must else "primary"))
    return out


def stand_in_offer(s: Session):
    if not s.online:
        return None
    from ...session import online   # an online table's code: loaded only at one

    return online.may_stand_in(s)


def claim_label(claim: str, card: str) -> str:
    """🫳 Steal 7♥ (Aggravation) or 🛒 Buy 7♥ (the rulebooks that buy): the claim's button."""
    # Translators: a button (a verb): take the passed-over discard {card}, paying a penalty card.
    return _("🫳 Steal {card}").format(card=card) if claim == "steal" else _("🛒 Buy {card}").format(card=card)


def let_it_go() -> str:
    # Translators: a button: decline to steal (or buy) the discard on offer.
    return _("Let it go")


def offer_buttons(offer, words, claim: str) -> list[Model]:
    """🫳 (🛒) and "Let it go" while the offer is open; once claimed, the claim itself, shown at once."""
    symbol = offer.card.symbol
    if offer.answer == "steal":
        # Translators: a button once the discard {card} is claimed (stolen or bought); {icon} is 🫳 or 🛒.
        label = _("{icon} Claimed {card} ✓").format(icon=words.icon, card=symbol)
        return [button_model("steal", label, enabled=False, style="primary claimed")]
    if offer.answer:
        return []
    return [button_model("steal", claim_label(claim, symbol), style="primary"), button_model("pass", let_it_go())]
