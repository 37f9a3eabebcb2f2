"""⌨️ The keys, on "?": every shortcut of the table in a sheet, for whoever plays by keyboard.

The same sheet as 📋's (game.css .bottom-sheet): a modal dialog, its close button focused; ✕, Escape, "?"
again or the phone's back closes it. The keys themselves are assets/page/input.js's; the rules page
lists them too (rules.html #keyboard).
"""
from __future__ import annotations

from ...session.session import Session
from ..html import e

# (keys, what they do), in the order a turn meets them.
KEYS = (
    ("D", "draw from the stock"),
    ("T", "take the discard (in the swap round: swap the picked card for it)"),
    ("← → or 1–9", "pick a card in your hand (while going down: put it in a frame)"),
    ("Shift + ← →", "move the picked card along your hand"),
    ("X or Enter", "discard the picked card"),
    ("M", "lay the picked card off on a meld it fits"),
    ("A", "🧲 lay off all that fits"),
    ("G · F · L", "📥 Go down… · ✨ Fill for me · ✅ Lay it down"),
    ("S · P", "🫳 Steal · Let it go (in the swap round: Pass)"),
    ("O", "⇅ sort the hand the other way"),
    ("H", "💡 a hint for your turn"),
    ("Ctrl + Z", "↶ take back your last step"),
    ("N", "at the end of a deal: on to the scores, then the next deal"),
    ("Esc", "cancel: put the card back, close the frames, a sheet or the settings"),
    ("?", "this list"),
)


def toggle_keys(s: Session, _: str = "") -> None:
    s.ui.keys = not s.ui.keys


def close_keys(s: Session, _: str = "") -> None:
    s.ui.keys = False


INTENTS = {"keys": toggle_keys, "keys-close": close_keys}


def keys_sheet(open_: bool) -> str:
    if not open_:
        return ""
    rows = "".join(f"<dt>{e(keys)}</dt><dd>{e(does)}</dd>" for keys, does in KEYS)
    return (f'<div class="backdrop history-back" data-dialog="keys">'
            f'<button type="button" class="scrim" data-act="keys-close" tabindex="-1" aria-label="Close"></button>'
            f'<section class="bottom-sheet" role="dialog" aria-modal="true" aria-labelledby="keys-title">'
            f'<header><h2 id="keys-title">⌨️ Keys</h2>'
            f'<button type="button" class="chip" data-act="keys-close" data-autofocus aria-label="Close the keys">✕</button></header>'
            f'<dl class="keys">{rows}</dl></section></div>')
