"""The game's joker mark: one small inline SVG instead of the 🃏 code point.

🃏 (U+1F0CF) is drawn only by colour emoji fonts; text fonts on Linux show a boxed
outline, so a joker in a button, the log or a frame looked like a missing glyph.
The engine keeps 🃏 in its words (``Card.symbol``, ``Meld.describe``: the CLI and the
tests read them); the page's HTML swaps it for this mark at the end, in ``marked``.

>>> "🃏" in marked('<p title="🃏">Bot 1 discarded 🃏</p>')
False
>>> marked('<p title="🃏">x</p>')
'<p title="joker">x</p>'
"""
from __future__ import annotations

import re

JOKER = "🃏"
# A jester's cap with three bells, in the text's colour (currentColor), sized by CSS (.jm: 1em).
JOKER_SVG = ('<svg class="jm" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
             '<path d="M5.2 17 2.8 7.6l6 4.3L12 4.4l3.2 7.5 6-4.3-2.4 9.4zM4.6 18.2h14.8v3.2H4.6z"/>'
             '<circle cx="2.6" cy="6" r="1.9"/><circle cx="12" cy="2.6" r="1.9"/><circle cx="21.4" cy="6" r="1.9"/>'
             '</svg>')
# In running text the mark carries meaning ("Bot 1 discarded 🃏"): screen readers hear "joker".
JOKER_MARK = JOKER_SVG + '<span class="sr">joker</span>'
# A tag (attribute values are escaped, so hold no '>'), or the text between two tags.
TAG = re.compile(r"(<[^>]*>)")


def marked(html: str) -> str:
    """``html`` with every 🃏 replaced: by the mark in text, by the word in attributes."""
    if JOKER not in html:
        return html
    parts = TAG.split(html)
    for n, part in enumerate(parts):
        if JOKER in part:
            parts[n] = part.replace(JOKER, "joker" if n % 2 else JOKER_MARK)
    return "".join(parts)
