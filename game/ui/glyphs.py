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

from game.card_names import JOKER as JOKER_WORD
from game.i18n import _

JOKER = "🃏"
# A jester's cap: three floppy points with bells (asymmetric, so it never reads as a crown), in the text's colour (currentColor), sized by CSS (.jm: 1em).
JOKER_SVG = ('<svg class="jm" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
             '<path d="M6.4 17.6C6.4 13.6 4.8 10.4 1.4 10 4 7.4 8.2 8.4 9.8 11.6 9.2 7.4 10.6 3.6 14 2.6 12.6 5.6 '
             '13.4 8.8 14.2 11.6 15.8 8.4 20 7.4 22.6 10 19.2 10.4 17.6 13.6 17.6 17.6z"/>'
             '<rect x="5" y="18.6" width="14" height="3.2" rx="1"/><circle cx="2" cy="12" r="1.9"/>'
             '<circle cx="15.6" cy="2.2" r="1.9"/><circle cx="22" cy="12" r="1.9"/>'
             '</svg>')
# In running text the mark carries meaning ("Bot 1 discarded 🃏"): screen readers hear "joker"
# (the card's name, in the language drawn in: ``marked`` runs where a screen is drawn).
JOKER_MARK = JOKER_SVG + '<span class="sr">joker</span>'
# A tag (attribute values are escaped, so hold no '>'), or the text between two tags.
TAG = re.compile(r"(<[^>]*>)")


def marked(html: str) -> str:
    """``html`` with every 🃏 replaced: by the mark in text, by the word in attributes."""
    if JOKER not in html:
        return html
    parts, word = TAG.split(html), _(JOKER_WORD)
    mark = JOKER_SVG + f'<span class="sr">{word}</span>'
    for n, part in enumerate(parts):
        if JOKER in part:
            parts[n] = part.replace(JOKER, word if n % 2 else mark)
    return "".join(parts)
