"""The game's own words go through the catalogs (game/i18n.py): each screen drawn in the
pseudo-language shows no word outside a ⟦…⟧ (card glyphs, numbers, names and emoji aside), the
language is the one picked, then the browser's, then English, per drawn screen; a catalog that
cannot be had leaves English, never a broken screen.
"""
from __future__ import annotations

import json
import re

import pytest

from game.i18n import GAME_DOMAIN, PSEUDO, Message, _, install, mo_path, speaking
from game.ui.app import App

TAG = re.compile(r"<[^>]+>|&[a-z]+;|&#x?[0-9a-f]+;")
# What may stand outside a message: card glyphs and ranks, numbers, emoji, punctuation, the
# rulebooks', levels' and bots' names, the people's names the tests give, the language names.
NAMES = ("Aggravation", "Gallery", "Contract Rummy", "Rummy", "Contract", "Sprout", "Scout", "Ace",
         "English", "Español", "Deutsch", "Français", "Ana", "Ben", "Cy", "You")
ALLOWED = re.compile(r"^(?:[\s\d♣♦♥♠🔒JQKA+\-–—·,.:;()/×%’'#?!=✓↻▶←→⬇∞]|[\U0001F000-\U0001FAFF\u2190-\u27BF\u2460-\u24FF\u2300-\u23FF\uFE0F\u20E3\u200d]"
                     r"|" + "|".join(NAMES) + r")*$")


def unwrapped(html: str) -> list[str]:
    """Visible text (and the words of aria-label, title, placeholder) outside every ⟦…⟧ that is
    not a glyph, a number or a name."""
    html = re.sub(r"<svg.*?</svg>|<!--.*?-->|<kbd>[^<]*</kbd>", " ", html, flags=re.S)
    said = re.findall(r'(?:aria-label|title|placeholder|alt)="([^"]*)"', html)
    outside = TAG.sub("\n", html) + "\n" + "\n".join(said)
    previous = ""
    while outside != previous:  # innermost message first: a message may hold another
        previous, outside = outside, re.sub(r"⟦[^⟦⟧]*⟧", " ", outside)
    return [text.strip() for text in outside.splitlines() if not ALLOWED.match(text.strip())]


def pseudo_app(params: dict | None = None, stored: dict | None = None) -> App:
    return App(stored or {}, {"lang": PSEUDO, **(params or {})}, catalog=lambda lang: mo_path(lang, domain=GAME_DOMAIN).read_bytes())


def test_the_unwrapped_finder_sees_a_bare_word_and_a_bare_label():
    assert unwrapped('<p>⟦Draw⟧ 7♥ 🫳 <b>Scout 1</b></p><p>Discard</p>') == ["Discard"]
    assert unwrapped('<button aria-label="Close">⟦✕⟧</button>') == ["Close"]


def test_the_start_screen_and_settings_in_the_pseudo_language():
    app = pseudo_app()
    frame = app.boot()
    assert frame["lang"] == PSEUDO
    assert "⟦" in frame["html"]
    assert not unwrapped(frame["html"]), unwrapped(frame["html"])[:10]
