"""⌨️ The keys, on "?": every shortcut of the table in a sheet, for whoever plays by keyboard.

The same sheet as 📋's (game.css .bottom-sheet): a modal dialog, its close button focused; ✕, Escape, "?"
again or the phone's back closes it. The keys themselves are assets/page/input.js's; the rules page
lists them too (rules.html #keyboard).
"""
from __future__ import annotations

from game.i18n import N_, _

from ...session.session import Session
from ..html import e

# (keys, what they do), in the order a turn meets them. Keys named in words ("or", "Enter") are
# messages too; a lone letter is the key itself, the same in every language.
KEYS = (
    # Translators: the keys sheet (⌨️ Keys): what a key does, as a short instruction. Key names
    # ("Shift", "Enter", "Esc", "Ctrl") as the keyboards of your language print them.
    ("D", N_("draw from the stock")),
    ("T", N_("take the discard (in the swap round: swap the picked card for it)")),
    (N_("← → or 1–9"), N_("pick a card in your hand (while going down: put it in a frame)")),
    (N_("Shift + ← →"), N_("move the picked card along your hand")),
    (N_("X or Enter"), N_("discard the picked card")),
    ("M", N_("lay the picked card off on a meld it fits")),
    ("A", N_("🧲 lay off all that fits")),
    ("G · F · L", N_("📥 Go down… · ✨ Fill for me · ✅ Lay it down")),
    ("S · P", N_("🫳 Steal · Let it go (in the swap round: Pass)")),
    ("O", N_("⇅ sort the hand the other way")),
    ("H", N_("💡 a hint for your turn")),
    (N_("Ctrl + Z"), N_("↶ take back your last step")),
    ("N", N_("at the end of a deal: on to the scores, then the next deal")),
    (N_("Esc"), N_("cancel: put the card back, close the frames, a sheet or the settings")),
    ("?", N_("this list")),
)


def toggle_keys(s: Session, _: str = "") -> None:
    s.ui.keys = not s.ui.keys


def close_keys(s: Session, _: str = "") -> None:
    s.ui.keys = False


INTENTS = {"keys": toggle_keys, "keys-close": close_keys}


def key_names(keys: str) -> str:
    """Keys named in words ("Esc", "X or Enter") in the language drawn in; a key's own letter ("D",
    "G · F · L") as it is: it is the key pressed, and a catalog's "D" may be another word's (the dealer's badge).

    >>> key_names("D"), key_names("Ctrl + Z")
    ('D', 'Ctrl + Z')
    """
    return _(keys) if any(c.islower() for c in keys) else keys


def keys_sheet(open_: bool) -> str:
    if not open_:
        return ""
    rows = "".join(f"<dt>{e(key_names(keys))}</dt><dd>{e(_(does))}</dd>" for keys, does in KEYS)
    return (f'<div class="backdrop history-back" data-dialog="keys">'
            f'<button type="button" class="scrim" data-act="keys-close" tabindex="-1" aria-label="{e(_("Close"))}"></button>'
            f'<section class="bottom-sheet" role="dialog" aria-modal="true" aria-labelledby="keys-title">'
            f'<header><h2 id="keys-title">{e(_("⌨️ Keys"))}</h2>'
            f'<button type="button" class="chip" data-act="keys-close" data-autofocus aria-label="{e(_("Close the keys"))}">✕</button></header>'
            f'<dl class="keys">{rows}</dl></section></div>')
