"""The page's HTML escaping: the same as the standard library's, without its boot cost."""
from html import escape

from hypothesis import given, strategies as st

from game.ui.screens.html import e


@given(st.text())
def test_escaping_matches_html_escape(text):
    assert e(text) == escape(text, quote=True)


def test_escaping_accepts_any_value():
    assert e(3) == "3" and e("<b>") == "&lt;b&gt;"


def test_every_public_event_has_a_log_line_or_is_skipped_on_purpose():
    import re
    from pathlib import Path

    from game.ui.words import EVENT_LINES

    engine = Path(__file__).resolve().parent.parent / "game"
    kinds = set()
    for path in engine.glob("*.py"):
        kinds |= set(re.findall(r'Event\(\s*"([a-z_]+)"', path.read_text()))
    kinds |= {"went_out", "dead_deal"}  # dealing.end_deal names these through a conditional
    assert kinds - set(EVENT_LINES) == {"no_steal"}  # "nobody stole" is not worth a line


def test_a_log_line_names_the_seat_and_its_cards():
    from game.cards import Card
    from game.state import Event
    from game.ui.words import event_text

    assert event_text(Event("stole", 1, (Card.parse("7H"),)), ["You", "Scout 1"]) == "Scout 1 stole 7♥ 🫳"
    assert event_text(Event("no_steal", 1), ["You", "Scout 1"]) is None
