"""The ⌨️ keys sheet ("?"): opened and closed by its intents, closed by Escape first of all sheets,
and every key the page binds is listed (assets/page/input.js KEYS)."""
from __future__ import annotations

import re
from pathlib import Path

from game.ui.app import App
from game.ui.screens.table.keys import KEYS
from html_tree import parse

INPUT = Path(__file__).resolve().parents[1] / "assets" / "page" / "input.js"


def test_question_mark_opens_the_keys_and_escape_closes_them_before_the_moves_sheet():
    app = App({}, {"seed": "3", "level": "scout", "speed": "0"})
    app.boot()
    app.intent("history")
    frame = app.intent("keys")
    sheet = parse(frame["html"]).find(data_dialog="keys")
    assert sheet.find(role="dialog").attrs["aria-labelledby"] == "keys-title"
    assert len(sheet.find_all("dt")) == len(KEYS)
    assert "data-dialog=\"history\"" in frame["html"]
    assert 'data-dialog="keys"' not in app.escape()["html"]        # Escape: the keys first...
    assert 'data-dialog="history"' not in app.escape()["html"]     # ...then the moves


def test_every_letter_the_page_binds_is_in_the_list():
    bound = re.search(r"const KEYS = \{(.*?)\};", INPUT.read_text(), re.S).group(1)
    letters = {k.upper() for k in re.findall(r"\b([a-z]): \[", bound)}
    listed = {part.strip() for keys, _ in KEYS for part in re.split(r"[·,]| or ", keys)}
    assert letters <= listed, letters - listed
