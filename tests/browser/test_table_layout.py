"""A card table, not a form (issue 10): at 🏆 Ace with eight melds on the table and 19 cards in hand,
the hand, the piles and the buttons are all in view on a phone and on a desktop; the page never
scrolls by itself while the bots play; a desktop's cards are at least 70 px wide.

The crowded table is planned under CPython (busy_table.py) and loaded through the save slot.
"""
from __future__ import annotations

import pytest

from busy_table import busy_save, load_save
from helpers import TABLE, fresh_context, settled
from test_screens import serious_violations
from game.state import Phase
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from scenario import table
from test_ui_table_spec import session_at

pytestmark = pytest.mark.browser

PHONE = dict(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
LANDSCAPE = dict(viewport={"width": 740, "height": 360}, has_touch=True, is_mobile=True)  # short: the page scrolls
DOCKED = {"hand cards": '[data-zone="hand"] [data-card]', "stock": '[data-zone="stock"]',
          "discard pile": '[data-zone="discard"] [data-card]', "action buttons": ".actions button",
          "prompt": ".prompt"}
MY_DRAW = f'{TABLE}[data-my-turn="true"][data-phase="draw"]'


@pytest.fixture(scope="module")
def busy():
    """The slot's text at Ace, the player to draw with 19 cards and 8 melds on the table, and the
    key of the card to discard after drawing (the deal goes on for a lap after it)."""
    text, session = busy_save()
    assert len(session.state.table) >= 8 and len(session.state.seats[0].hand) == 19
    dispatch(session, "draw", "")
    return text, session.state.seats[0].hand[3].key


@pytest.fixture
def open_page(browser, site_url, boot_timeout_ms):
    contexts = []

    def open_(size: dict, text: str):
        context = fresh_context(browser, **size)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        load_save(page, site_url, text, timeout=boot_timeout_ms)
        settled(page)
        return page

    yield open_
    for context in contexts:
        context.close()


def boxes(page, selector: str) -> list[dict]:
    return page.eval_on_selector_all(selector, """els => els.map(e => {
        const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, right: r.right, bottom: r.bottom, w: r.width};
    })""")


def assert_docked(page) -> None:
    width, height = page.evaluate("[innerWidth, innerHeight]")
    for name, selector in DOCKED.items():
        found = boxes(page, selector)
        assert found, f"no {name} on the table"
        for box in found:
            assert 0 <= box["x"] and box["right"] <= width + 0.5 and 0 <= box["y"] and box["bottom"] <= height + 0.5, \
                f"{name} out of the {width}×{height} viewport: {box}"
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight"), "the page itself scrolls"


def visible_widths(page) -> list[float]:
    """How wide each hand card shows (to the next card's left edge in its row): its tap target."""
    cards = boxes(page, '[data-zone="hand"] [data-card]')
    widths = []
    for card, after in zip(cards, cards[1:] + [None]):
        same_row = after is not None and abs(after["y"] - card["y"]) < 2
        widths.append(after["x"] - card["x"] if same_row else card["w"])
    return widths


# Each wild's label in a meld in view whose text (its last glyph included) lies under another card:
# none. Cards let taps through to their meld's button (pointer-events), so for the look the test
# asks the other way round: the meld's button aside, which card or label is painted on top there.
WILDS_HIDDEN = """() => {
  const look = document.head.appendChild(document.createElement('style'));
  look.textContent = '.meld .card, .meld .card * { pointer-events: auto !important } .meld-pick { pointer-events: none !important }';
  const felt = document.querySelector('.felt').getBoundingClientRect();
  const hidden = [...document.querySelectorAll('.meld .as')].filter((label) => {
    const range = document.createRange(); range.selectNodeContents(label);
    const text = range.getBoundingClientRect();
    const x = text.right - 2, y = text.top + text.height / 2;
    if (y < felt.top || y > felt.bottom || x < felt.left || x > felt.right) return false;   // scrolled away
    const hit = document.elementFromPoint(x, y);
    return !(hit && label.contains(hit));
  }).map((label) => label.textContent);
  look.remove();
  return hidden;
}"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-360x740", "desktop-1280x800"])
def test_at_ace_with_eight_melds_and_19_cards_hand_piles_and_buttons_are_in_view(open_page, busy, size):
    page = open_page(size, busy[0])
    assert page.locator(".meld").count() >= 8
    assert page.locator('[data-zone="hand"] [data-card]').count() == 19
    assert_docked(page)
    assert serious_violations(page) == []              # axe-core on the busiest table, at each size
    assert min(visible_widths(page)) >= 32, visible_widths(page)
    labels = page.eval_on_selector_all(".meld .as", "els => els.map(e => parseFloat(getComputedStyle(e).fontSize))")
    assert labels and min(labels) >= 12, labels
    if size is DESKTOP:
        widths = [box["w"] for box in boxes(page, '[data-zone="hand"] [data-card]')]
        assert min(widths) >= 70, widths
        felt, hand = (page.locator(sel).bounding_box() for sel in (".felt", ".hand"))
        log = page.locator(".side").bounding_box()
        assert log["x"] >= felt["x"] + felt["width"], "the log is a side panel beside the table"
        assert felt["y"] + felt["height"] <= hand["y"], "the hand lies below the table"

    page.locator('[data-act="draw"]').click()
    settled(page)
    assert_docked(page)                                 # 20 cards, Discard among the buttons
    assert page.locator(".actions [data-act=discard]").count() == 1


def watch_scroll(page) -> None:
    """Record window.scrollY and the felt's scrollTop after every redraw of #screen."""
    page.evaluate("""() => {
        window.scrolls = [];
        new MutationObserver(() => {
            const felt = document.querySelector('.felt');
            window.scrolls.push([scrollY, felt ? felt.scrollTop : null]);
        }).observe(document.getElementById('screen'), {childList: true});
    }""")


def play_a_lap(page, key: str) -> None:
    """Draw, discard ``key``: the four bots play until it is the player's turn to draw again."""
    page.locator('[data-act="draw"]').click()
    settled(page)
    page.locator(f'[data-zone="hand"] [data-key="{key}"]').click()
    settled(page)
    watch_scroll(page)
    page.locator('[data-act="discard"]').click()
    page.wait_for_selector(MY_DRAW, state="attached")
    settled(page)


@pytest.mark.parametrize("size", [PHONE, LANDSCAPE], ids=["phone-360x740", "phone-740x360"])
def test_the_page_does_not_scroll_by_itself_while_the_bots_play(open_page, busy, size):
    text, key = busy
    page = open_page(size, text)
    page.locator(".felt").evaluate("el => el.scrollTop = 60")  # the player scrolled the melds...
    page.mouse.wheel(0, 120)                                     # ...and the page, where it can
    play_a_lap(page, key)
    scrolls = page.evaluate("window.scrolls")
    assert len(scrolls) >= 5, scrolls                            # the discard, then the bots' moves
    assert len({tuple(s) for s in scrolls}) == 1, f"the page moved while the bots played: {scrolls}"
    after = page.evaluate("[scrollY, document.querySelector('.felt').scrollTop]")
    assert after == list(scrolls[0])


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-360x740", "desktop-1280x800"])
def test_a_wilds_label_in_a_run_is_read_whole_over_the_next_card(browser, site_url, size):
    """'=10♥', '=Q♦', '=3♠' under the fanned cards of a run: each label's last glyph in sight (the
    table's own markup for these melds, laid out by the game's stylesheet)."""
    s = session_at(table(["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S", pile="4D", phase=Phase.DRAW, down=[1, 2],
                         melds=[(1, "run", "8H 9H 2C JH QH"), (1, "run", "2D 2S KD"), (1, "set", "TC TD 2H"),
                                (2, "run", "JK 2S 4S 5S")]))
    context = fresh_context(browser, **size)
    page = context.new_page()
    page.goto(site_url + "rules.html")                      # the site's origin, for its stylesheet
    page.set_content(f'<link rel="stylesheet" href="{site_url}assets/css/game.css"><div id="screen">'
                     f"{table_screen(table_model(s))}</div>", wait_until="load")
    labels = page.eval_on_selector_all(".meld .as", "els => els.map(e => e.textContent)")
    assert {"=10♥", "=J♦", "=Q♦", "=3♠"} <= set(labels), labels
    assert page.evaluate(WILDS_HIDDEN) == []
    context.close()
