"""The models of melds in the making: the contract's frames while going down, and the further
meld picked once down (Gallery). Below both the table's model and its buttons, which ask
whether the frames (or the meld) are ready to lay.
"""
from __future__ import annotations

from typing import Any

from ...session import frames as fr
from ...session.session import Session
from ..parts import card_model, meld_cards

Model = dict[str, Any]


def frames_model(s: Session, v) -> Model:
    frames, rules = s.ui.frames, v.rules
    by_key = {c.key: c for c in v.hand}
    out, all_ok = [], True
    for n, spec in enumerate(v.contract.melds):
        cards = [by_key[k] for k in frames.keys[n] if k in by_key]
        status = fr.frame_status(cards, spec, rules)
        all_ok = all_ok and status.ok
        reading = status.readings[frames.readings[n] % len(status.readings)] if status.ok else None
        out.append({
            "index": n, "spec": spec.describe(), "ok": status.ok, "need": status.need,
            "active": frames.active == n,
            "cards": meld_cards(reading, rules) if reading else [card_model(c) for c in cards],
            "readings": len(status.readings),
            "reading": reading.describe(rules) if reading else "",
        })
    return {"frames": out, "all_ok": all_ok}


def extra_model(s: Session, v) -> Model:
    """The further meld being picked (Gallery, once down): its cards, whether it is one, what it needs."""
    by_key = {c.key: c for c in v.hand}
    cards = [by_key[k] for k in s.ui.extra if k in by_key]
    meld, why = fr.extra_meld(cards, v.contract, v.rules)
    return {"cards": meld_cards(meld, v.rules) if meld else [card_model(c) for c in cards], "ok": meld is not None,
            "need": meld.describe(v.rules) if meld else why, "kinds": fr.extra_kinds(v.contract, v.rules)}
