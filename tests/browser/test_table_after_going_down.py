"""The table on a phone after going down (issue 31): the player's own melds are the felt's first row,
in view without scrolling; small melds share a row; a picked card lights exactly the melds that
take it (the engine's legal lay-offs, planned here under CPython) and a tap on its ghost lays it
off; at five players with 12-letter names no text on the table is cut, on a phone and a desktop.

The table is a real Ace game (5 players) played under CPython to the turn the player goes down,
its players renamed, and loaded through the save slot (busy_table.py).
"""
from __future__ import annotations


import pytest

from busy_table import busy_save, load_save, renamed
from helpers import fresh_context, settled
from test_screens import serious_violations
from game.ui.dispatch import dispatch
from game.ui.screens.table.melds import lay_off_targets
from game.ui.store.saves import SAVE_KEY

pytestmark = pytest.mark.browser

PHONE = dict(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
DESKTOP = dict(viewport={"width": 1280, "height": 800})
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-360x740", "desktop-1280x800"])
LONG_NAMES = ["Christabelle", "Bartholomew1", "Maximilianus", "Anastasia Jo", "Wilhelminaaa"]  # 12 letters each
SEED = 5           # at Ace the player can go down on move ~40 with ten melds on the table, theirs the last two



@pytest.fixture(scope="module")
def gone_down():
    """(the slot's text, the CPython session) right after the player went down, still to discard:
    ten melds on the table, the player's two last in the engine's order."""
    _, s = busy_save(seed=SEED, level="ace", go_down=True)
    dispatch(s, "fill", "")
    dispatch(s, "lay", "")
    assert s.state.seats[0].down and len(s.state.table) == 10 and s.state.table[-1].owner == 0
    return renamed(s.saves.get(SAVE_KEY), LONG_NAMES), s


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


# Every visible piece of text on the table whose glyphs are cut: an ellipsis that is in use, or a
# text box reaching past the window or past an ancestor that clips it (hidden/clip, not a scroller:
# the felt's melds scroll, they are not cut). Screen-reader text (.sr) is clipped on purpose.
CLIPPED = """() => {
  const cut = [];
  const walker = document.createTreeWalker(document.querySelector('.table-screen'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || el.closest('.sr') || !el.checkVisibility()) continue;
    const range = document.createRange(); range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (!box.width) continue;
    const say = why => cut.push(`${JSON.stringify(node.textContent.trim())} in .${el.className || el.tagName}: ${why}`);
    if (box.left < -0.5 || box.right > innerWidth + 0.5) say('past the window');
    for (let a = el; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (a.scrollWidth > a.clientWidth + 1 && style.textOverflow === 'ellipsis') say('ellipsis');
      if (['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY)) {
        const r = a.getBoundingClientRect();
        if (box.left < r.left - 0.5 || box.right > r.right + 0.5 || box.top < r.top - 0.5 || box.bottom > r.bottom + 0.5)
          say(`clipped by .${a.className}`);
      }
    }
  }
  return [...new Set(cut)];
}"""


def rect(page, selector: str) -> dict:
    return page.locator(selector).first.evaluate(
        "e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, right: r.right, bottom: r.bottom}; }")


def rows_of_melds(page) -> list[int]:
    """How many melds lie in each row of the felt, top to bottom."""
    tops = page.eval_on_selector_all(".meld", "els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    rows: dict[int, int] = {}
    for top in tops:
        row = next((t for t in rows if abs(t - top) < 6), top)
        rows[row] = rows.get(row, 0) + 1
    return [rows[t] for t in sorted(rows)]


@SIZES
def test_after_going_down_your_melds_are_first_and_in_view_and_small_melds_share_a_row(open_page, gone_down, size):
    text, s = gone_down
    yours = [str(n) for n, placed in enumerate(s.state.table) if placed.owner == 0]   # the engine's last two
    page = open_page(size, text)
    shown = page.eval_on_selector_all(".meld", "els => els.map(e => e.dataset.meld)")
    assert len(shown) == 10 and shown[:2] == yours, shown                              # yours first
    assert page.evaluate("document.documentElement.scrollHeight <= innerHeight"), "the page itself scrolls"
    felt = rect(page, ".felt")
    width, height = page.evaluate("[innerWidth, innerHeight]")
    for meld in yours:
        box = rect(page, f'.meld[data-meld="{meld}"]')
        assert felt["y"] <= box["y"] and box["bottom"] <= felt["bottom"] and box["bottom"] <= height, (felt, box)
        assert felt["x"] <= box["x"] and box["right"] <= min(felt["right"], width), (felt, box)
    assert page.locator(".table > :first-child").get_attribute("aria-label") == "Your melds"
    rows = rows_of_melds(page)
    assert max(rows) >= 3, f"melds per row: {rows}"      # ten small melds: three or more abreast
    assert len(rows) <= 4, f"melds per row: {rows}"


@SIZES
def test_no_text_on_the_table_is_cut_at_five_players_with_12_letter_names(open_page, gone_down, size):
    page = open_page(size, gone_down[0])
    assert page.locator(".opp").count() == 4 and page.locator(".dealer").count() == 1
    for name in LONG_NAMES[1:]:
        assert page.locator(".opp summary b", has_text=name).count() == 1
    assert page.locator(".log li").count() >= 2
    assert page.evaluate(CLIPPED) == []
    page.locator('[data-zone="hand"] [data-card]').first.click()    # a card picked: the ghosts and labels
    settled(page)
    assert page.evaluate(CLIPPED) == []


@SIZES
def test_a_picked_card_lights_exactly_the_melds_that_take_it_and_its_ghost_lays_it_off(open_page, gone_down, size):
    text, s = gone_down
    v = s.state.view(0)
    choices = []
    for c in s.shown_hand():
        s.ui.selected = c.key
        targets = lay_off_targets(s, v)
        if targets and len(targets) < len(s.state.table):
            choices.append((c, targets))
    s.ui.selected = None
    card, targets = max(choices, key=lambda ct: len(ct[1]))          # 4♣: two of the ten melds take it
    assert 0 < len(targets) < 10
    page = open_page(size, text)
    assert page.locator(".meld.fits, .meld.no-fit").count() == 0     # nothing picked: no meld is lit
    page.locator(f'[data-zone="hand"] [data-key="{card.key}"]').click()
    settled(page)
    lit = sorted(int(x) for x in page.eval_on_selector_all(".meld.fits", "els => els.map(e => e.dataset.meld)"))
    dim = sorted(int(x) for x in page.eval_on_selector_all(".meld.no-fit", "els => els.map(e => e.dataset.meld)"))
    assert lit == sorted(targets) and dim == sorted(set(range(10)) - set(targets))
    assert page.locator(".meld.no-fit .meld-pick[aria-disabled=true]").count() == len(dim)
    slots = page.locator(".slot")
    assert slots.count() == sum(len(ends) for ends in targets.values())
    first = min(targets)
    label = page.locator(f'.meld[data-meld="{first}"] .slot .sr').inner_text()
    assert label.startswith(f"Lay {card.symbol} off on ") and LONG_NAMES[s.state.table[first].owner] in label
    assert serious_violations(page) == []
    before = page.locator(f'.meld[data-meld="{first}"] [data-card]').count()
    page.locator(f'.meld[data-meld="{first}"] .slot').click()
    settled(page)
    assert page.locator(f'.meld[data-meld="{first}"] [data-card]').count() == before + 1
    assert page.locator(f'[data-zone="hand"] [data-key="{card.key}"]').count() == 0
    assert page.locator(".slot, .meld.fits, .meld.no-fit").count() == 0
