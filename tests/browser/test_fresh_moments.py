"""Nothing stale, nothing cut, nothing covered (issue 31), at 360×740 (touch) and 1280×800:

- "Wait for your turn…" and a card picked while the bots play end when the turn comes to the player,
  and a picked card never hides its neighbour's index;
- back from 📜 Rules to a game in progress, the table shows at once (never the newcomer's start
  screen), and in pass-and-play never a hand;
- the score sheet between deals leads to a new game; a replay opens at the start of its deal;
- a first Ace game says what kind of table it is;
- flying cards and the went-out note pass under the prompt and the lesson's tip;
- five players with 12-letter names: no text cut on the score sheet or the replay.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from game.log import GameLog
from game.ui.screens.replay.steps import deal_bounds
from game.ui.store.saves import SAVE_KEY, Record
from helpers import TABLE, control, fresh_context, settled
from test_screens import serious_violations

pytestmark = pytest.mark.browser

SIZES = {
    "phone": dict(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True),
    "desktop": dict(viewport={"width": 1280, "height": 800}),
}
LONG = ["Bartholomewz", "Christabella", "Maximiliannn", "Evangelinaaa", "Wolfgangusss"]
GOLDEN_5P = Path(__file__).resolve().parents[1] / "golden" / "game_303_5p.json"
READY = "window.aggravationReady === true"


@pytest.fixture(params=list(SIZES))
def open_page(request, browser, site_url, boot_timeout_ms):
    """A page in a fresh context of the size under test; ``open_(query, init=None)`` boots it."""
    context = fresh_context(browser, **SIZES[request.param])

    def open_(query: str = "", init: str = ""):
        if init:
            context.add_init_script(init)
        page = context.new_page()
        page.set_default_timeout(60_000)
        page.goto(site_url + query)
        page.wait_for_function(READY, timeout=boot_timeout_ms)
        return page

    open_.size = request.param
    yield open_
    context.close()


def tap(page, locator) -> None:
    """A finger on the phone, the mouse on the desktop."""
    if page.viewport_size["width"] < 600:
        locator.tap()
    else:
        locator.click()


def five_long_names(upto_deal: int = 0) -> str:
    """The golden five-player game, its players renamed to 12 letters, saved whole (game over) or
    at the end of deal ``upto_deal`` (its score sheet)."""
    log = GameLog.from_json(GOLDEN_5P.read_text())
    log.names = list(LONG)
    if upto_deal:
        log.actions = log.actions[:deal_bounds(log)[upto_deal - 1][1]]
    return Record("0123456789ab", "ace", log.to_json(), len(log.actions), "", not upto_deal).to_json()


def load(open_page, text: str):
    page = open_page("?speed=0&steal=off")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, text])
    page.goto(page.url.split("?")[0])
    page.wait_for_function(READY)
    page.wait_for_selector(TABLE)
    settled(page)
    return page


CUT = """root => [...root.querySelectorAll('h2, h3, th, td, p, b, button, small, span.line')]
  .filter(el => el.offsetParent !== null && getComputedStyle(el).position !== 'absolute')
  .filter(el => !el.closest('.replay-deals'))   /* a row of deal chips that scrolls by design */
  .filter(el => { const r = el.getBoundingClientRect();
                  const box = el.closest('.sheet-wrap'), w = box ? box.getBoundingClientRect() : {left: 0, right: innerWidth};
                  return el.scrollWidth > el.clientWidth + 1 || r.right > Math.min(innerWidth, w.right) + 0.5
                         || r.left < w.left - 0.5; })
  .map(el => el.tagName + ': ' + el.textContent.trim().slice(0, 40))"""


# ------------------------------------------------------------ nothing stale


def test_wait_and_a_picked_card_end_when_the_turn_comes_to_the_player(open_page):
    page = open_page("?seed=5&level=sprout&speed=slow&steal=off")   # the bots open the swap round
    expect(page.locator(TABLE)).to_have_attribute("data-my-turn", "false")
    tap(page, control(page, "stock"))
    settled(page)
    expect(page.locator(".message")).to_contain_text("Wait for your turn to draw: Sprout 1 is playing")
    card = page.locator('[data-zone="hand"] [data-card]').nth(4)
    key = card.get_attribute("data-key")
    tap(page, card)
    settled(page)
    picked = page.locator(f'[data-zone="hand"] [data-key="{key}"]')
    expect(picked).to_have_class(re.compile(r"\bselected\b"))
    # The picked card rises in its place: its right neighbour's corner index stays on top.
    covered = page.evaluate("""key => {
        const cards = [...document.querySelectorAll('[data-zone="hand"] [data-card]')];
        const at = cards.findIndex(c => c.dataset.key === key), next = cards[at + 1];
        const r = next.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + 3, r.top + 10);
        return !(hit && next.contains(hit));
    }""", key)
    assert not covered, "the picked card hides its neighbour's index"
    page.wait_for_selector(f'{TABLE}[data-my-turn="true"]', timeout=60_000)
    settled(page)
    expect(page.locator('[data-zone="hand"] .selected')).to_have_count(0)
    expect(page.locator(".message")).to_have_count(0)
    expect(page.locator(".prompt")).to_contain_text("Swap round: pick a card")


KEEP_WATCH = """
window.__first = {};
new MutationObserver(() => {
  const screen = document.getElementById('screen');
  if (!screen) return;
  for (const [what, selector] of [['table', '.table-screen'], ['card', '[data-zone="hand"] [data-card]'],
                                  ['waking', '.waking']]) {
    if (!(what in window.__first) && screen.querySelector(selector)) window.__first[what] = performance.now();
  }
}).observe(document, {subtree: true, childList: true});
"""


def paint_ms(page) -> float:
    return page.evaluate("performance.getEntriesByName('first-contentful-paint')[0].startTime")


def test_back_from_the_rules_the_table_shows_at_once(open_page):
    page = open_page("?seed=5&level=sprout&speed=0&steal=off", init=KEEP_WATCH)
    page.locator('.topbar a[href="rules.html"]').click()
    page.wait_for_selector("a.back")
    page.locator("a.back").first.click()
    page.wait_for_function("window.__first.table !== undefined")
    first = page.evaluate("window.__first")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    assert first["table"] <= paint_ms(page), f"the start screen was painted first: {first}, paint {paint_ms(page)}"
    assert "waking" in first                                  # "One moment…" until Python draws it
    page.wait_for_function(READY)
    expect(page.locator(".waking")).to_have_count(0)
    expect(page.locator(".table-screen[data-kept]")).to_have_count(0)
    expect(page.locator(".prompt")).to_be_visible()
    assert page.locator("main.start").count() == 0


def test_back_from_the_rules_in_pass_and_play_never_shows_a_hand_before_python(open_page):
    page = open_page("?seed=5&level=sprout&speed=0&steal=off&people=2", init=KEEP_WATCH)
    expect(page.locator('[data-dialog="pass"]')).to_have_count(1)
    control(page, "show").click()                             # Player 1's hand on show
    settled(page)
    assert page.locator('[data-zone="hand"] [data-card]').count() > 0
    page.locator('.topbar a[href="rules.html"]').click()
    page.wait_for_selector("a.back")
    page.locator("a.back").first.click()
    page.wait_for_function(READY)
    first = page.evaluate("window.__first")
    assert "card" not in first, f"a hand was drawn on the way back: {first}"   # Python shows the pass screen
    assert "waking" not in first                              # a hand was on show: nothing was kept
    # Hidden hands are safe to keep: back again from the pass screen, the table at once.
    expect(page.locator('[data-zone="hand"] [data-card]')).to_have_count(0)
    page.evaluate("location.href = 'rules.html'")           # the pass screen lies over the table's 📜
    page.wait_for_selector("a.back")
    page.locator("a.back").first.click()
    page.wait_for_function("window.__first.table !== undefined")
    first = page.evaluate("window.__first")
    assert "waking" in first and "card" not in first
    page.wait_for_function(READY)


# ------------------------------------------------------------ the small things


def test_the_score_sheet_between_deals_leads_to_a_new_game(open_page):
    page = load(open_page, five_long_names(upto_deal=3))
    sheet = page.locator('[data-zone="summary"]')
    expect(sheet.locator("#summary-title")).to_have_text("Deal 3 is over")
    new_game = sheet.locator('[data-act="menu"]')
    expect(new_game).to_be_visible()
    assert serious_violations(page) == []
    assert page.evaluate(CUT, page.locator('[data-zone="summary"]').element_handle()) == []
    tap(page, new_game)
    settled(page)
    expect(page.locator('main.start [data-act="resume"]')).to_be_visible()   # this game waits there


def test_the_replay_opens_at_the_start_of_its_deal_with_nothing_cut(open_page):
    page = load(open_page, five_long_names())
    expect(page.locator('[data-zone="summary"] #summary-title')).to_contain_text("wins the game")
    tap(page, control(page, "replay"))
    settled(page)
    screen = page.locator(".replay-screen")
    expect(screen).to_have_attribute("data-step", "0")
    expect(screen.locator(".counter")).to_have_text("as dealt")
    expect(page.locator("#replay-title")).to_contain_text("deal 12 of 12")
    assert page.evaluate(CUT, screen.element_handle()) == []
    assert page.evaluate("() => { const h = document.querySelector('#replay-title'); return h.scrollWidth <= h.clientWidth; }")
    assert serious_violations(page) == []


def test_a_first_ace_game_says_what_kind_of_table_it_is(open_page):
    page = open_page("?seed=3&level=ace&speed=0&steal=off")
    line = page.locator(".message")
    expect(line).to_contain_text("An Ace table: 4 sharp opponents")
    expect(line).to_contain_text("A deal here can end before you have had many turns")
    assert line.evaluate("el => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= innerWidth")
    assert serious_violations(page) == []
    page.goto(page.url.split("?")[0] + "?seed=4&level=ace&speed=0&steal=off")   # the second Ace game: no more
    page.wait_for_function(READY)
    page.wait_for_selector(TABLE)
    expect(page.locator(".message")).to_have_count(0)


# Which is drawn on top, read by hit testing: the things in motion take no taps (pointer-events:
# none), so here they are made hittable, or elementFromPoint would look through them.
ON_TOP = """([selector, over]) => {
  const text = document.querySelector(selector), r = text.getBoundingClientRect();
  const x = r.left + Math.min(40, r.width / 2), y = r.top + r.height / 2;
  let thing;
  if (over === 'card') {          // a card on its way, as motion.js flies it (z-index 5, transformed)
    thing = document.querySelector('[data-zone="discard"] [data-card], [data-zone="hand"] [data-card]');
    const c = thing.getBoundingClientRect();
    thing.animate([{transform: `translate(${x - c.left - c.width / 2}px, ${y - c.top - c.height / 2}px)`, zIndex: 5},
                   {transform: `translate(${x - c.left - c.width / 2}px, ${y - c.top - c.height / 2}px)`, zIndex: 5}],
                  {duration: 60000});
  } else {                        // the went-out note, as tall as a long going-out play makes it
    thing = document.createElement('section');
    thing.className = 'went-out';
    thing.innerHTML = '<h2>🎉 Ace 1 went out</h2>';
    thing.style.top = '0px'; thing.style.height = (y + 20) + 'px'; thing.style.pointerEvents = 'auto';
    document.querySelector('.table-screen').append(thing);
  }
  const hit = document.elementFromPoint(x, y);
  const ok = !!hit && text.contains(hit) || hit === text;
  if (over === 'card') thing.getAnimations().forEach(a => a.cancel()); else thing.remove();
  return ok ? '' : 'covered by ' + (hit ? hit.outerHTML.slice(0, 80) : 'nothing');
}"""


def test_motion_passes_under_the_prompt_and_the_lessons_tip(open_page):
    page = open_page("?learn=1&speed=0&steal=off")
    expect(page.locator(".you .coach")).to_be_visible()
    for selector in (".prompt", ".you .coach p"):
        for over in ("card", "note"):
            assert page.evaluate(ON_TOP, [selector, over]) == "", f"{over} over {selector}"
    assert serious_violations(page) == []
