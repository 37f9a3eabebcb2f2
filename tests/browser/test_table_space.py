"""The phone's table uses its space (issue 41, point 2), measured by geometry at 360×740 and 390×800:

- at a deal's start the felt is as tall as what it holds, not the rest of the screen;
- one paragraph of guidance: the answer to a tap runs on the prompt's own line, and in the
  guided deal the coach's tip stands in for the prompt (one `.prompt`, inside the tip's box);
- each opponent's tile shows its total and down-or-not without a tap, the name and the dealer's D
  on one line; a tile opened never covers the swap banner;
- one glow means "to act": the seat that just played is marked without one;
- five players with long names: nothing wraps, nothing runs out of its tile or the window;
- melds cut by the felt's edge say so ("more below"), and stop saying it once scrolled to the end.
"""
from __future__ import annotations


import pytest

from busy_table import busy_save, load_save, renamed
from helpers import TABLE, fresh_context, open_deal, settled

pytestmark = pytest.mark.browser

PHONES = {"360x740": (360, 740), "390x800": (390, 800)}
SIZES = pytest.mark.parametrize("size", list(PHONES))
NAMES = ["You", "Bartholomew", "Scout 4", "Christabelle", "Maximilianus"]
MY_SWAP = f'{TABLE}[data-my-turn="true"][data-phase="swap"]'

BOX = """e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, right: r.right, bottom: r.bottom,
                                                          w: r.width, h: r.height}; }"""



def at_my_swap(page, site_url: str):
    """A first Scout deal (seed 3) at the player's swap turn, the page settled."""
    open_deal(page, site_url, seed=3, level="scout")
    page.wait_for_selector(MY_SWAP)
    settled(page)
    return page


@pytest.fixture(scope="module")
def crowded():
    """Ace, five players with long names: (just gone down-able, four opponents down; 8 melds, 19 cards)."""
    _, s = busy_save(seed=5, level="ace", go_down=True)
    busy, _ = busy_save()
    return renamed(s.saves.get("aggravation.save"), NAMES), renamed(busy, NAMES)


@pytest.fixture
def phone(browser, request):
    contexts = []

    def open_(size: str):
        width, height = PHONES[size]
        context = fresh_context(browser, viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(60_000)
        return page

    yield open_
    for context in contexts:
        context.close()


def box(page, selector: str) -> dict:
    return page.eval_on_selector(selector, BOX)


def inside(inner: dict, outer: dict, slack: float = 0.5) -> bool:
    return (inner["x"] >= outer["x"] - slack and inner["right"] <= outer["right"] + slack
            and inner["y"] >= outer["y"] - slack and inner["bottom"] <= outer["bottom"] + slack)


def assert_nothing_overflows(page) -> None:
    """Every tile's parts inside the tile, the name whole and on one line with its D, each tile and
    the player's line inside the window, which never scrolls sideways."""
    width = page.evaluate("innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    tiles = page.eval_on_selector_all(".opponents .opp", """tiles => tiles.map(t => {
        const box = e => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, right: r.right, bottom: r.bottom}; };
        const who = t.querySelector('.who'), name = t.querySelector('summary b');
        const line = parseFloat(getComputedStyle(who).lineHeight) || 16;
        return {tile: box(t), parts: [...t.querySelectorAll('.who > *, .brief > *')].filter(e => e.getClientRects().length)
                  .map(e => ({text: e.textContent, box: box(e), lines: e.getClientRects().length})),
                whoHigh: who.getBoundingClientRect().height, line, name: name.textContent,
                cut: name.scrollWidth > name.clientWidth + 0.5};
    })""")
    assert tiles
    for t in tiles:
        assert t["tile"]["x"] >= 0 and t["tile"]["right"] <= width + 0.5, t
        assert not t["cut"], f"{t['name']} is cut"
        assert t["whoHigh"] < 2 * max(t["line"], 20), f"{t['name']}'s line wraps: {t['whoHigh']} px"
        for part in t["parts"]:
            assert inside(part["box"], t["tile"]), (t["name"], part)
            assert part["lines"] == 1, (t["name"], part)
    bar = page.eval_on_selector(".bar .round", "e => [e.getClientRects().length, e.scrollWidth <= e.clientWidth + 0.5]")
    assert bar == [1, True], "the player's round line wraps or is cut"


def assert_tiles_say_down_and_total(page) -> None:
    for tile in page.locator(".opponents .opp").all():
        pts, state = tile.locator(".brief .pts"), tile.locator(".brief .is-down, .brief .not-down")
        assert pts.is_visible() and state.is_visible()
        assert pts.inner_text().endswith(" pts") and pts.inner_text().split()[0].isdigit()
        assert state.inner_text() in ("📥 down", "not down")


@SIZES
def test_a_deals_start_felt_is_as_tall_as_it_holds_and_the_tiles_say_it_all(phone, site_url, size):
    page = at_my_swap(phone(size), site_url)
    felt = page.eval_on_selector(".felt", "f => [f.clientHeight, f.scrollHeight, f.getBoundingClientRect().height]")
    content = page.eval_on_selector(".felt", """f => { const p = parseFloat(getComputedStyle(f).paddingTop)
        + parseFloat(getComputedStyle(f).paddingBottom); const kids = [...f.children];
        return kids.reduce((sum, k) => sum + k.getBoundingClientRect().height
          + parseFloat(getComputedStyle(k).marginTop) + parseFloat(getComputedStyle(k).marginBottom), 0) + p; }""")
    height = page.evaluate("innerHeight")
    # Today's 55 % of empty felt: now the banner, "No melds yet" and the felt's padding, nothing more.
    assert felt[2] <= content + 2, (felt, content)
    assert felt[2] < 0.25 * height, f"the felt takes {felt[2]} px of {height}"
    assert felt[1] <= felt[0] + 1                                  # and it does not scroll
    dock = box(page, ".you")
    assert dock["bottom"] <= height + 0.5 and dock["bottom"] >= height - 20   # the dock stays at the bottom
    assert_tiles_say_down_and_total(page)
    assert_nothing_overflows(page)


@SIZES
def test_one_paragraph_guides_the_answer_runs_on_the_prompts_line(phone, site_url, size):
    """A first Scout game says what kind of table it is: that word and the prompt share a line box
    (the prompt starts on the line the message ends on), under one `.status`."""
    page = at_my_swap(phone(size), site_url)
    assert page.locator(".you .prompt").count() == 1 and page.locator(".you .coach").count() == 0
    said = page.eval_on_selector(".status .say", """say => {
        const m = say.querySelector('.message'), p = say.querySelector('.prompt');
        const last = m && [...m.getClientRects()].pop(), first = [...p.getClientRects()][0];
        return {message: m ? m.textContent : null, sameLine: !!m && Math.abs(last.top - first.top) < 6,
                blocks: [...say.children].filter(c => getComputedStyle(c).display !== 'inline').length};
    }""")
    assert said["message"] and said["message"].startswith("🧭 A Scout table")
    assert said["sameLine"], "the table's word and the prompt stand apart"
    assert said["blocks"] == 0
    # The swap banner stays in view when a tile opens: the tile's words open in the strip's flow.
    page.locator(".opponents .opp summary").first.tap()
    page.wait_for_selector(".opponents .opp details[open] .more")
    more, banner = box(page, ".opp details[open] .more"), box(page, ".felt .banner")
    assert more["bottom"] <= banner["y"] + 0.5, (more, banner)


@SIZES
def test_in_the_guided_deal_the_tip_stands_in_for_the_prompt(phone, site_url, boot_timeout_ms, size):
    page = phone(size)
    page.goto(f"{site_url}?learn=1&speed=0")
    page.wait_for_selector(f"{MY_SWAP} .coach", timeout=boot_timeout_ms)
    settled(page)
    prompts = page.eval_on_selector_all(".you .prompt", "ps => ps.map(p => [p.textContent, !!p.closest('.coach')])")
    assert len(prompts) == 1 and prompts[0][1] and prompts[0][0].startswith("🎓 🔄 The swap round")
    assert page.locator(".you .message").count() == 0
    assert page.locator(".you > .coach").count() == 0            # no second box of its own


@SIZES
def test_one_glow_means_to_act_and_the_seat_that_just_played_has_none(phone, site_url, size):
    page = at_my_swap(phone(size), site_url)
    just = page.locator(".opp.just")
    assert just.count() == 1 and "just played" in just.get_attribute("title")
    assert page.locator(".opp.current").count() == 0                   # the player's own turn: no seat glows
    assert just.evaluate("e => getComputedStyle(e).boxShadow") == "none"
    mark = just.evaluate("e => { const s = getComputedStyle(e, '::after'); return [s.content, s.height]; }")
    assert mark == ['""', "2px"]


@SIZES
def test_five_long_names_nothing_wraps_and_a_cut_felt_says_it_scrolls(phone, site_url, boot_timeout_ms, crowded, size):
    down, busy = crowded
    page = phone(size)
    load_save(page, site_url, down, timeout=boot_timeout_ms)
    settled(page)
    assert page.locator(".opponents .opp").count() == 4
    assert_tiles_say_down_and_total(page)
    assert page.locator(".opp .is-down").count() == 4
    assert_nothing_overflows(page)

    load_save(page, site_url, busy, timeout=boot_timeout_ms)
    settled(page)
    assert_nothing_overflows(page)
    felt = page.locator(".felt")
    scrolls = felt.evaluate("f => f.scrollHeight > f.clientHeight + 1")
    more = "f => parseFloat(getComputedStyle(f, '::after').opacity)"
    if scrolls:
        assert felt.evaluate(more) > 0.9, "melds cut by the felt's edge with no sign of more"
        felt.evaluate("f => { f.scrollTop = f.scrollHeight; }")
        page.wait_for_function("() => parseFloat(getComputedStyle(document.querySelector('.felt'), '::after').opacity) < 0.1")
    else:                                        # the felt grew to hold them all: nothing to say
        assert felt.evaluate(more) < 0.1
    dock = box(page, ".you")
    assert dock["bottom"] <= page.evaluate("innerHeight") + 0.5
