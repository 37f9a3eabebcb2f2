"""Issue 42, point 5: any text size. A player whose browser asks for 200 % text, on a 390×800 phone:
the swap round with its 11 cards, a steal offer while the bots play, the player's turn before and
after drawing, the going-down frames over a busy Ace table (16 cards in hand), the deal's score
sheet, the start screen, the game over, a replay and pass-and-play's hand-over, each measured for
what that player could not reach or read.

200 % text is the browser's own default font size doubled (Chromium's "Font size" setting, Firefox's
default size): CDP's Page.setFontSizes, standard 32 px and fixed 26 px where the defaults are 16 and
13. That is what a reader's setting changes; browser zoom would instead shrink the CSS pixels of the
whole page, which is another thing. (The setting is reset by a change of the viewport's size, so
the size is fixed with the context and never changed afterwards.)"""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from busy_table import busy_save, load_save
from helpers import TABLE, control, fresh_context, settled, still
from test_fresh_moments import five_long_names
from test_screens import serious_violations

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 800}
MY_SWAP = f'{TABLE}[data-my-turn="true"][data-phase="swap"]'

# What a player at large text cannot reach or read, as a list of sentences. The dock (prompt, piles,
# buttons, hand) lies in the window with the page at its top; every control can be brought into
# view where the design scrolls (the page's middle, between the top and the dock; the dock's own
# scroll, a sheet) and is then the element under its middle: nothing covers it. A card in a fan
# shows its whole index (rank and suit) clear of the next card. No text is cut: an element that
# clips (overflow hidden or clip, an ellipsis) holds no more than it shows.
TROUBLE = """(width) => {
  const out = [], W = innerWidth, H = innerHeight;
  const name = el => (el.getAttribute('aria-label') || el.textContent || el.className || el.tagName).trim().replace(/\\s+/g, ' ').slice(0, 40);
  const shown = el => el.getClientRects().length > 0 && !(el.offsetWidth <= 1 && el.offsetHeight <= 1)
    && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.sr, [aria-hidden="true"], .in-flight');
  const box = r => `${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  if (W !== width) out.push(`the page is laid out ${W} px wide on a ${width} px screen`);
  if (document.documentElement.scrollWidth > W + 0.5) out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px`);
  const screen = document.getElementById('screen');
  const sheet = [...screen.querySelectorAll('[data-dialog], .summary, .bottom-sheet')].filter(shown)[0];
  const dock = sheet ? null : screen.querySelector('.you');
  scrollTo(0, 0);
  if (dock) {
    const r = dock.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > H + 0.5) out.push(`the dock is out of the window: ${box(r)}`);
  }
  const controls = [...(sheet || screen).querySelectorAll('button, a[href], input, select, [data-card]')].filter(shown);
  for (const el of controls) {
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    let r = el.getBoundingClientRect(), bottom = H;
    if (dock && !dock.contains(el)) {               /* the page's middle: shown above the dock */
      bottom = dock.getBoundingClientRect().top;
      if (r.bottom > bottom) scrollBy(0, Math.min(r.bottom - bottom + 4, r.top - 4));
      r = el.getBoundingClientRect();
    }
    const top = Math.max(r.top, 0), seen = Math.min(r.bottom, bottom) - top;
    if (r.left < -0.5 || r.right > W + 0.5 || seen < Math.min(r.height, 40) - 0.5) {
      out.push(`out of reach: ${name(el)} at ${box(r)}`);
      continue;
    }
    if (getComputedStyle(el).pointerEvents === 'none') continue;   /* a meld's card: a tap there is the meld's */
    const fanned = el.matches('.hand [data-card], .frame-cards [data-card], .fan [data-card]');
    const x = fanned ? r.left + Math.min(10, r.width / 3) : r.left + r.width / 2;
    const y = fanned ? r.top + Math.min(14, r.height / 3) : top + seen / 2;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit)))
      out.push(`covered: ${name(el)} under ${hit ? hit.tagName.toLowerCase() + '.' + hit.className + ' ' + name(hit) : 'nothing'}`);
  }
  scrollTo(0, 0);
  for (const fan of screen.querySelectorAll('.hand, .frame-cards, .fan')) {
    const cards = [...fan.querySelectorAll(':scope > [data-card]')].filter(shown);
    cards.forEach((card, i) => {
      const next = cards[i + 1];
      if (!next || Math.abs(next.getBoundingClientRect().top - card.getBoundingClientRect().top) > 2) return;
      for (const part of card.querySelectorAll('.rank, .suit'))
        if (part.getBoundingClientRect().right > next.getBoundingClientRect().left + 0.5)
          out.push(`index under the next card: ${name(card)} (${Math.round(part.getBoundingClientRect().right)} > ${Math.round(next.getBoundingClientRect().left)})`);
    });
  }
  for (const el of (sheet || screen).querySelectorAll('*')) {
    if (!shown(el) || !el.textContent.trim()) continue;
    const s = getComputedStyle(el);
    if ((s.textOverflow === 'ellipsis' || /(hidden|clip)/.test(s.overflowX)) && el.scrollWidth > el.clientWidth + 1)
      out.push(`cut: ${el.tagName.toLowerCase()}.${el.className} "${name(el)}" (${el.scrollWidth} > ${el.clientWidth} px)`);
    else if (/(hidden|clip)/.test(s.overflowY) && el.scrollHeight > el.clientHeight + 1)
      out.push(`cut below: ${el.tagName.toLowerCase()}.${el.className} "${name(el)}" (${el.scrollHeight} > ${el.clientHeight} px)`);
  }
  return out;
}"""


@pytest.fixture
def large_text(browser):
    """A phone page whose reader asked for 200 % text."""
    context = fresh_context(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(60_000)
    context.new_cdp_session(page).send("Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
    yield page
    context.close()


def resume(page, site_url: str, text: str) -> None:
    load_save(page, site_url, text)
    page.wait_for_function("window.aggravationReady === true")


def trouble(page) -> list[str]:
    settled(page)
    still(page)
    assert page.evaluate("getComputedStyle(document.documentElement).fontSize") == "32px", "200 % text is not on"
    found = page.evaluate(TROUBLE, PHONE["width"])
    return found


def assert_a_tap_keeps_the_scroll(page) -> None:
    """Going down at Ace the dock holds more than it shows: scrolled to its last card, a tap on it
    (it goes to a frame; a redraw of the whole screen) leaves the dock and the page where the player
    had them (the dock only as far as it still scrolls)."""
    dock = page.locator(".you")
    dock.evaluate("d => { d.scrollTop = d.scrollHeight; scrollTo(0, 40); }")
    where = page.evaluate("[document.querySelector('.you').scrollTop, scrollY]")
    assert where[0] > 0 and where[1] > 0, where
    card = page.locator('[data-zone="hand"] [data-card]').last
    framed = page.locator('[data-zone="frames"] [data-card]').count()
    card.click()
    settled(page)
    expect(page.locator('[data-zone="frames"] [data-card]')).to_have_count(framed + 1)
    now = page.evaluate("(d => [d.scrollTop, d.scrollHeight - d.clientHeight, scrollY])(document.querySelector('.you'))")
    assert now[0] == min(where[0], now[1]) > 0 and now[2] == where[1], (where, now)


def answer_offers_until_my_turn(page) -> None:
    """Let every 🫳 offer go until the turn comes to the player."""
    while not page.locator(f'{TABLE}[data-my-turn="true"][data-phase="draw"]').count():
        offer = page.locator(f'{TABLE} [data-act="pass"]:not([disabled])')
        page.wait_for_selector(f'{TABLE}[data-my-turn="true"][data-phase="draw"], {TABLE} [data-act="pass"]:not([disabled])')
        if offer.count() and not page.locator(f'{TABLE}[data-my-turn="true"][data-phase="draw"]').count():
            offer.first.click()
            settled(page)


def test_at_200_percent_text_a_phone_reaches_and_reads_every_moment_of_a_deal(large_text, site_url, boot_timeout_ms):
    page = large_text
    page.goto(f"{site_url}?seed=3&level=scout&speed=0&steal=wait&ask=every")
    page.wait_for_selector(MY_SWAP, timeout=boot_timeout_ms)
    assert page.locator('[data-zone="hand"] [data-card]').count() == 11
    assert trouble(page) == [], "the swap round"
    assert serious_violations(page) == [], "axe-core at 200 %: the swap round"

    control(page, "pass").click()                                    # the bots play; the first offer waits
    page.wait_for_selector(f'{TABLE} [data-act="steal"]:not([disabled])')
    assert trouble(page) == [], "a steal offer while the bots play"
    answer_offers_until_my_turn(page)
    assert trouble(page) == [], "the player's turn: draw"
    control(page, "stock").click()
    expect(page.locator('[data-zone="hand"] [data-card]')).to_have_count(12)
    assert trouble(page) == [], "the player's turn: 12 cards, after drawing"

    _, s = busy_save(seed=5, level="ace", go_down=True)                # Ace, 5 players, 16 cards: going down
    resume(page, site_url, s.saves.get("aggravation.save"))
    control(page, "godown").click()
    expect(page.locator('[data-zone="frames"]')).to_be_visible()
    assert trouble(page) == [], "the going-down frames"
    assert serious_violations(page) == [], "axe-core at 200 %: the going-down frames"
    assert_a_tap_keeps_the_scroll(page)

    resume(page, site_url, five_long_names(upto_deal=3))          # five players with 12-letter names
    expect(page.locator('[data-zone="summary"] #summary-title')).to_have_text("Deal 3 is over")
    assert trouble(page) == [], "the deal's score sheet"
    assert serious_violations(page) == [], "axe-core at 200 %: the score sheet"
    page.locator('[data-zone="summary"] [data-act="menu"]').click()  # New game: the start screen
    expect(page.locator('main.start [data-act="resume"]')).to_be_visible()
    assert trouble(page) == [], "the start screen"

    resume(page, site_url, five_long_names())
    expect(page.locator('[data-zone="summary"] #summary-title')).to_contain_text("wins the game")
    assert trouble(page) == [], "the game over"
    page.locator('[data-zone="summary"] [data-act="replay"]').click()
    expect(page.locator(".replay-screen")).to_have_attribute("data-step", "0")
    assert trouble(page) == [], "a replay"

    page.goto(f"{site_url}?seed=5&level=sprout&speed=0&steal=off&people=2")
    expect(page.locator('[data-dialog="pass"]')).to_be_visible(timeout=boot_timeout_ms)
    assert trouble(page) == [], "pass-and-play's hand-over"
