"""Issue 41's bug "card flights are clipped by the bottom panel": on a phone a card on its way
between the hand (in the bottom panel) and the pile or the melds (in the felt, which scrolls and
so clips what it holds) is drawn above everything, the bottom panel included, for its whole
flight (assets/page/motion.js flies it in a layer of its own over the page).

The page is watched from inside: right after each redraw of #screen (the microtask after
assets/page/drawing.js's apply), every flight is stopped at each tenth of its way and the page is asked
what lies on top at the flying card's centre (document.elementFromPoint). A test never races a 220 ms
flight: the flights are looked at before they can end, then let go on."""
from __future__ import annotations

import pytest

from helpers import TABLE, at_token, control, replay, settled
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL = 2, "sprout"
PHONE = {"width": 360, "height": 740}

MIDFLIGHT = """
(() => {
  window.__midflights = [];
  addEventListener('DOMContentLoaded', () => {
    const screen = document.getElementById('screen');
    new MutationObserver(() => {
      for (const flight of document.getAnimations()) {
        const card = flight.effect && flight.effect.target;
        if (!card || flight.constructor.name !== 'Animation') continue;
        const timing = flight.effect.getTiming();
        const start = flight.currentTime;
        flight.pause();
        for (let tenth = 1; tenth < 10; tenth++) {
          flight.currentTime = timing.delay + timing.duration * tenth / 10;
          const box = card.getBoundingClientRect();
          const x = box.left + box.width / 2, y = box.top + box.height / 2;
          const inView = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
          const taps = card.style.pointerEvents;
          card.style.pointerEvents = 'auto';   // a card in flight takes no taps: elementFromPoint would pass it by
          const top = inView ? document.elementFromPoint(x, y) : null;
          card.style.pointerEvents = taps;
          const bottom = document.querySelector('#screen .you');
          const under = bottom && bottom.getBoundingClientRect();
          window.__midflights.push({
            card: card.dataset.key || card.dataset.flightOf || card.className, tenth, inView,
            overBottomPanel: !!under && y >= under.top && y <= under.bottom && x >= under.left && x <= under.right,
            onTop: !!top && (top === card || card.contains(top)),
            top: top ? (top.closest('[class]') || top).className : null,
          });
        }
        flight.currentTime = start;
        flight.play();
      }
    }).observe(screen, { childList: true });
  });
})();
"""


def test_on_a_phone_a_flying_card_is_drawn_above_the_bottom_panel_all_the_way(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    page.set_viewport_size(PHONE)
    page.add_init_script(MIDFLIGHT)
    page.goto(f"{site_url}?seed={SEED}&level={LEVEL}&speed=fast&steal=off")
    page.wait_for_selector(TABLE)
    discard = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "discard")
    replay(page, plan.steps[:discard])
    control(page, "discard").click()                      # hand → pile, then the bots' lap
    at_token(page, plan.steps[discard + 1][0])
    settled(page)
    seen = [flight for flight in page.evaluate("window.__midflights") if flight["inView"]]
    assert any(flight["overBottomPanel"] for flight in seen), "no flight crossed the bottom panel: nothing was checked"
    hidden = [flight for flight in seen if not flight["onTop"]]
    assert not hidden, f"{len(hidden)} of {len(seen)} flights were drawn under something mid-way: {hidden[:4]}"
    page_log.assert_clean()
