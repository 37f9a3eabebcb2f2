"""Cards travel (issue 10): after each redraw the cards that changed place fly there in at most
250 ms, by a transform alone; under prefers-reduced-motion a card fades in where it lands, nothing travels; the bots' turns
never shift the table's layout.

The page is watched from inside (an init script, RECORDER): right after each redraw of #screen,
in the microtask that follows assets/page/drawing.js's apply(), it notes every animation
``document.getAnimations()`` lists (the page's own flights and any CSS animation), so a test
never races a 220 ms flight; it also notes where the table's fixed parts lie and every
'layout-shift' entry Chromium reports."""
from __future__ import annotations

import pytest

from helpers import TABLE, at_token, control, hand_keys, open_deal, replay, settled
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL = 2, "sprout"
MOST_MS = 250
TRAVEL_PROPS = {"transform", "zIndex", "opacity", "offset", "computedOffset", "easing", "composite"}
FADE_PROPS = {"opacity", "offset", "computedOffset", "easing", "composite"}

RECORDER = """
(() => {
  window.__animateCalls = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) { window.__animateCalls += 1; return animate.apply(this, args); };
  window.__redraws = [];
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__shifts.push({ value: entry.value, at: entry.startTime,
      sources: (entry.sources || []).map((s) => s.node ? (s.node.className || s.node.nodeName) : '') });
  }).observe({ type: 'layout-shift', buffered: true });
  const box = (element) => { if (!element) return null; const r = element.getBoundingClientRect();
    return [r.left, r.top, r.width, r.height].map(Math.round); };
  addEventListener('DOMContentLoaded', () => {
    const screen = document.getElementById('screen');
    new MutationObserver(() => {
      const table = screen.querySelector('.table-screen');
      const pile = screen.querySelector('[data-zone="discard"] [data-key]');
      window.__redraws.push({
        token: table ? Number(table.dataset.token) : null,
        mine: table ? table.dataset.myTurn === 'true' : null,
        just: table ? [table.dataset.justSeat ?? null, table.dataset.justKind ?? null] : null,
        pile: pile ? pile.dataset.key : null,
        places: table ? {
          stock: box(screen.querySelector('[data-zone="stock"]')),
          discard: box(screen.querySelector('[data-zone="discard"]')),
          hand: box(screen.querySelector('[data-zone="hand"]')),
          felt: box(screen.querySelector('.felt')),
          seats: [...screen.querySelectorAll('.opponents [data-seat]')].map(box),
          you: box(screen.querySelector('.you')),
          side: box(screen.querySelector('.side')),
          status: box(screen.querySelector('.status')),
        } : null,
        animations: document.getAnimations().map((a) => {
          const target = a.effect && a.effect.target;
          const zone = target && target.closest('[data-zone]');
          const timing = a.effect.getTiming();
          // A card flies as a stand-in beside it (assets/page/motion.js), which names it in data-flight-of.
          return { type: a.constructor.name, name: a.animationName || '', key: target && (target.dataset.key || target.dataset.flightOf) || null,
                   flight: !!(target && target.classList.contains('flight')), zone: zone ? zone.dataset.zone : null,
                   duration: timing.duration, delay: timing.delay,
                   inert: !!target && getComputedStyle(target).pointerEvents === 'none',
                   props: [...new Set(a.effect.getKeyframes().flatMap((k) => Object.keys(k)))] };
        }),
      });
    }).observe(screen, { childList: true });
  });
})();
"""


def redraws(page) -> list[dict]:
    return page.evaluate("window.__redraws")


def travels(redraw: dict, key: str) -> list[dict]:
    """The page's own flights of the card ``key`` in one redraw."""
    return [a for a in redraw["animations"] if a["type"] == "Animation" and a["key"] == key]


def assert_travel(flights: list[dict], zone: str) -> None:
    assert flights, "the card did not travel"
    for a in flights:
        assert a["zone"] == zone
        assert 0 < a["duration"] <= MOST_MS
        assert set(a["props"]) <= TRAVEL_PROPS, a["props"]      # a transform, never a layout property
        assert a["inert"], "a card in flight over its neighbours must not take their taps"


def steps_to(plan, act: str) -> int:
    return next(i for i, (_, a, _) in enumerate(plan.steps) if a == act)


def test_a_draw_and_a_discard_travel_in_at_most_250_ms(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    page.add_init_script(RECORDER)
    open_deal(page, site_url, SEED, LEVEL)
    settled(page)
    dealt = next(r for r in redraws(page) if r["token"] is not None)
    for key in hand_keys(page):                          # the deal: every card leaves the stock
        assert_travel(travels(dealt, key), "hand")
    assert max(a["delay"] + a["duration"] for a in dealt["animations"] if a["type"] == "Animation") <= 2 * MOST_MS + 50

    draw = steps_to(plan, "draw")
    replay(page, plan.steps[:draw])
    at_token(page, plan.steps[draw][0])
    settled(page)
    held, mark = set(hand_keys(page)), len(redraws(page))
    control(page, "draw").click()
    settled(page)
    (drawn,) = set(hand_keys(page)) - held
    assert_travel(travels(redraws(page)[mark], drawn), "hand")

    discard = steps_to(plan, "discard")
    replay(page, plan.steps[draw + 1:discard])
    thrown = plan.steps[discard - 1][2]                  # the card picked just before Discard
    mark = len(redraws(page))
    control(page, "discard").click()
    settled(page)
    assert_travel(travels(redraws(page)[mark], thrown), "discard")

    at_token(page, plan.steps[discard + 1][0])           # the bots' lap: each discard flies from its seat
    bot_discards = [r for r in redraws(page)[mark + 1:] if r["just"] and r["just"][1] == "discarded"]
    assert bot_discards
    for r in bot_discards:
        assert_travel(travels(r, r["pile"]), "discard")
    bot_draws = [r for r in redraws(page)[mark + 1:] if r["just"] and r["just"][1] == "drew"]
    assert bot_draws and all(any(a["flight"] and a["duration"] <= MOST_MS for a in r["animations"]) for r in bot_draws)
    page_log.assert_clean()


def test_reduced_motion_turns_every_flight_into_a_fade_for_a_whole_lap(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORDER)
    open_deal(page, site_url, SEED, LEVEL)
    discard = steps_to(plan, "discard")
    replay(page, plan.steps[:discard + 1])
    at_token(page, plan.steps[discard + 1][0])           # back to the player: a whole lap played
    settled(page)
    drawn = redraws(page)
    assert len(drawn) >= 8
    animations = [a for r in drawn for a in r["animations"]]
    assert animations and all(a["type"] == "Animation" and not a["flight"] for a in animations)   # no stand-in travels
    assert all(set(a["props"]) <= FADE_PROPS and "opacity" in a["props"] for a in animations), animations
    assert all(a["duration"] <= MOST_MS and a["key"] for a in animations)                  # the card itself, briefly
    assert any(a["zone"] == "discard" for a in animations)                                  # a bot's discard fades in
    page_log.assert_clean()


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)], ids=["phone", "desktop"])
def test_the_bots_turns_shift_no_layout(page, page_log, site_url, size):
    plan = plan_deal(SEED, LEVEL)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(RECORDER)
    page.goto(f"{site_url}?seed={SEED}&level={LEVEL}&speed=fast&steal=off")   # a frame painted per bot move
    page.wait_for_selector(TABLE)
    discard = steps_to(plan, "discard")
    replay(page, plan.steps[:discard])
    mark = len(redraws(page))
    shifts = len(page.evaluate("window.__shifts"))
    control(page, "discard").click()
    at_token(page, plan.steps[discard + 1][0])
    settled(page)
    lap = [r for r in redraws(page)[mark:] if r["places"]]
    assert sum(1 for r in lap if r["just"][1] in ("drew", "discarded")) >= 4      # two bots drew and discarded
    assert page.evaluate("window.__shifts").__getitem__(slice(shifts, None)) == []   # Chromium saw no shift
    # The table's parts stay put while the bots play, the 🫳 note coming and going included, and
    # when the turn comes back (the buttons fill a row kept for them).
    # Checked here as well: each redraw's elements are new ones, and Chromium's layout-shift
    # tracking counts only elements that were there the frame before (#screen, the page).
    for r in lap:
        assert r["places"] == lap[0]["places"], (r["token"], r["just"])
    page_log.assert_clean()
