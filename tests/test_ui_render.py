"""The page's HTML escaping: the same as the standard library's, without its boot cost."""
from html import escape

from hypothesis import given, strategies as st

from game.ui.render import e


@given(st.text())
def test_escaping_matches_html_escape(text):
    assert e(text) == escape(text, quote=True)


def test_escaping_accepts_any_value():
    assert e(3) == "3" and e("<b>") == "&lt;b&gt;"
