"""The joker is drawn as the game's own mark (game/ui/glyphs.py), never as the 🃏 code point,
which text fonts on Linux show as a boxed outline: on the start screen, the table (hand, pile,
log, buttons, melds), the frames, and the static pages."""

import re
from pathlib import Path

from game.actions import Discard
from game.log import GameLog
from game.state import Phase
from game.ui.app import App
from game.ui.session.screen_state import HUMAN
from game.ui.glyphs import JOKER_SVG, marked
from game.ui.dispatch import dispatch
from scenario import table

ROOT = Path(__file__).resolve().parent.parent
NAMES = ["You", "Sprout 1", "Sprout 2"]
ARIA_LABEL = re.compile(r'aria-label="[^"]*"')


def outside_labels(html: str) -> str:
    """The HTML without its aria-label values: words there may say anything."""
    return ARIA_LABEL.sub("", html)


def app_at(state) -> App:
    """The page's App on a built table (its frames are what the page shows)."""
    app = App({}, {})
    s = app.session
    s.state, s.log, s.ui.screen = state, GameLog(0, len(state.seats), names=NAMES), "table"
    for seat, name in zip(state.seats, NAMES):
        seat.name = name
    return app


def joker_table(hand: str = "JK 5H 6H 9C 9D 9S KD") -> App:
    """Sprout 2 just discarded a joker; you hold one; a run with a joker lies on the table."""
    state = table([hand, "KC KS 4C", "QC QD 5S JK"], stock="9S 8S 7S 3D", pile="4D",
                  phase=Phase.PLAY, turn=2, melds=[(1, "run", "7C JK 9C")], down=(1,))
    joker = next(c for c in state.seats[2].hand if c.is_joker)
    state.apply(Discard(joker))
    return app_at(state)


def test_the_mark_replaces_the_code_point_in_text_and_the_word_in_attributes():
    html = marked('<button aria-label="Take 🃏">Take 🃏</button><li>Bot discarded 🃏</li>')
    assert "🃏" not in html
    assert 'aria-label="Take joker"' in html
    assert html.count(JOKER_SVG) == 2 and html.count('<span class="sr">joker</span>') == 2
    assert marked("<p>no joker here</p>") == "<p>no joker here</p>"


def test_the_start_screen_has_no_joker_code_point_and_shows_the_mark():
    html = App({}, {}).frame()["html"]
    assert "🃏" not in outside_labels(html)
    assert '<h1><svg class="jm"' in html


def test_a_table_with_jokers_in_hand_pile_log_and_melds_has_no_code_point():
    app = joker_table()
    s = app.session
    s.settings.change("steal", "off")
    while s.state.current_player != HUMAN:                  # Sprout 1 plays; then your turn to draw
        assert s.step(s.token())
    frame = app.frame()["html"]
    assert "🃏" not in outside_labels(frame)
    assert "discarded" in frame and 'class="jm"' in frame
    faces = re.findall(r'<(?:button|span) [^>]*class="card black joker[^"]*"', frame)
    assert len(faces) >= 2                                  # the hand's joker, the meld's joker
    take = re.search(r'data-act="take"[^>]*>(.*?)</button>', frame)
    if take:                                                 # the joker still on the pile
        assert JOKER_SVG in take.group(1) and '<span class="sr">joker</span>' in take.group(1)


def test_frames_holding_a_joker_show_the_mark():
    app = joker_table(hand="JK 5H 6H 9C 9D 9S KD KH")       # with K♥ the hand makes two sets of 3: 📥 opens
    s = app.session
    s.settings.change("steal", "off")
    while s.state.current_player != HUMAN:
        assert s.step(s.token())
    dispatch(s, "draw")
    dispatch(s, "godown")
    assert s.ui.frames is not None
    for code in ("9C", "9D", "JK"):                          # frame 0: set 9♣ 9♦ 🃏=9
        key = next(c.key for c in s.state.seats[HUMAN].hand if c.code == code)
        dispatch(s, "card", key)
    html = app.frame()["html"]
    assert 'data-frame="0"' in html and "🃏" not in outside_labels(html)
    assert "=9" in html and JOKER_SVG in html


def test_the_rules_page_and_the_print_card_draw_the_mark():
    for page in ("rules.html", "print/index.html", "rules-gallery.html", "print/gallery.html",
                 "rules-contract.html", "print/contract.html"):
        text = (ROOT / page).read_text(encoding="utf-8")
        assert "🃏" not in outside_labels(text), page
        assert 'class="jm"' in text, page
