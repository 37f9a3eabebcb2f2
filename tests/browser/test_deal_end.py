"""The end of a deal and of the game on a phone (360×740, touch), and frames kept over a reload.

A deal played to its end by taps shows everyone's cards with their points, then the summary with
its title in view; a game resumed one move before its end shows, after that move, the places;
a reload while going down keeps the cards placed in the frames."""
from __future__ import annotations

import json
import random
from functools import lru_cache

import pytest
from playwright.sync_api import expect

from game.log import GameLog
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session, make_bot
from game.ui.store.saves import SAVE_KEY, Record
from game.ui.store.settings import Settings
from tests.support import MemoryStore as Store
from helpers import TABLE, at_token, control, open_deal, replay, settled
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL = 2, "sprout"
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "has_touch": True}


def in_view(page, selector: str) -> bool:
    """The element's box lies inside the viewport (the page's and its own scrolling included)."""
    return page.locator(selector).evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }")


def test_a_deal_ends_with_everyones_cards_then_the_summary_in_view(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    state = plan.session.state
    result = state.results[-1]
    open_deal(page, site_url, SEED, LEVEL)
    replay(page, plan.steps)
    at_token(page, plan.session.token())
    left = page.locator('[data-zone="leftovers"]')
    expect(left).to_be_visible()
    rows = left.locator("li.left")
    expect(rows).to_have_count(len(state.seats))
    for n, seat in enumerate(state.seats):
        row = rows.nth(n)
        expect(row.locator(".pts")).to_have_text(f"{result.points[n]} pts")
        codes = row.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
        assert sorted(codes) == sorted(c.code for c in seat.hand)
    assert in_view(page, "#summary-title")
    control(page, "scores").click()
    summary = page.locator('[data-zone="summary"]')
    expect(summary).to_be_visible()
    expect(page.locator("#summary-title")).to_have_text("Deal 1 is over")
    assert in_view(page, "#summary-title"), "the result is in view, not scrolled off the top"
    assert in_view(page, '[data-zone="summary"] [data-act="next"]')
    expect(control(page, "next")).to_be_focused()
    page_log.assert_clean()


@lru_cache(maxsize=None)
def last_move() -> tuple[str, object, int]:
    """A whole Sprout game played under CPython (a Scout bot in the player's seat), saved one move
    before its end: (the save's text, that last move, who makes it)."""
    s = Session(Store(), Settings(steal="off", speed="instant"))
    s.start("sprout", 7)
    me = make_bot("scout")
    while not s.state.is_over:
        if s.pending() is not None:
            s.step(s.token())
        elif s.state.phase is Phase.DEAL_OVER:
            s.next_deal()
        else:
            s.act(me.choose(s.state.view(HUMAN), s.state.legal_actions(), random.Random(len(s.log.actions))))
    log = GameLog.from_json(s.log.to_json())
    final = log.actions.pop()
    seat = log.replay().current_player
    record = Record("endgame", "sprout", log.to_json(), len(log.actions))
    return record.to_json(), final, seat


def test_game_over_lists_the_places_and_the_last_moves(page, page_log, site_url, boot_timeout_ms):
    text, final, seat = last_move()
    page.goto(site_url + "?speed=0&steal=off")
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=boot_timeout_ms)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, text])
    page.reload()
    page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    if seat == HUMAN:                           # the player's own last discard, by taps
        control(page, "card", final.card.key).click()
        control(page, "discard").click()
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()
    control(page, "scores").click()
    summary = page.locator('[data-zone="summary"]')
    expect(summary.locator("#summary-title")).to_contain_text("the game!")
    places = summary.locator("table.places tbody tr")
    expect(places).to_have_count(3)
    expect(places.first.locator("td").first).to_have_text("1st")
    expect(summary).not_to_contain_text("next round")
    expect(summary.locator(".last-moves li").last).to_contain_text("went out")
    expect(control(page, "menu")).to_be_visible()
    assert in_view(page, "#summary-title")
    page_log.assert_clean()


def test_a_reload_while_going_down_keeps_the_frames(page, page_log, site_url, boot_timeout_ms):
    plan = plan_deal(SEED, LEVEL)
    godown = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "godown")
    open_deal(page, site_url, SEED, LEVEL)
    replay(page, plan.steps[:godown + 3])          # go down… and place a card or two
    framed = page.eval_on_selector_all('[data-zone="frames"] [data-key]', "els => els.map(e => e.dataset.key)")
    assert framed
    saved = json.loads(page.evaluate("key => localStorage.getItem(key)", SAVE_KEY))
    assert sorted(k for frame in saved["frames"]["keys"] for k in frame) == sorted(framed)
    page.reload()
    page.wait_for_selector('[data-zone="frames"]', timeout=boot_timeout_ms)
    settled(page)
    assert page.eval_on_selector_all('[data-zone="frames"] [data-key]', "els => els.map(e => e.dataset.key)") == framed
    for key in framed:
        expect(page.locator(f'[data-zone="hand"] [data-key="{key}"]')).to_have_count(0)
    page_log.assert_clean()
