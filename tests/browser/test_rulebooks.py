"""The two other rulebooks in the page: chosen on the start screen, played by taps, resumed.

Planned deals run the page's own session under CPython first (tests/browser/ui_script.py), then
the same clicks in Chromium; the numbers checked are SPEC §10 (Gallery) and §11 (Contract Rummy)."""

import pytest
from playwright.sync_api import expect

from helpers import TABLE, at_token, control, open_deal, replay, settled
from test_screens import serious_violations
from ui_script import plan_deal

pytestmark = pytest.mark.browser


def test_contract_rummy_from_the_start_screen_at_a_chosen_size_and_back_after_a_reload(
        page, page_log, site_url, boot_timeout_ms):
    page.goto(site_url)
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=boot_timeout_ms)
    expect(page.locator('[data-for="gallery"].table-size')).to_be_hidden()
    page.get_by_role("button", name="Contract Rummy", exact=True).click()
    settled(page)
    sizes = page.get_by_role("group", name="Players at a Contract Rummy table")
    expect(sizes).to_be_visible()
    expect(page.get_by_role("heading", name="House rules")).to_be_hidden()   # Aggravation's own
    sizes.get_by_role("button", name="5").click()
    settled(page)
    assert serious_violations(page) == []                   # axe-core: the start screen, a preset chosen
    page.get_by_role("button", name="🧭 Scout").click()
    expect(page.locator(TABLE)).to_be_visible()
    expect(page.locator(".topbar h1")).to_contain_text("Contract Rummy")
    expect(page.locator(".opponents .opp")).to_have_count(4)
    expect(page.locator('[data-zone="hand"] [data-card]')).to_have_count(10)    # rounds 1-4 deal 10
    expect(page.locator(".bar")).to_contain_text("🛒 3 left")
    page.reload()
    expect(page.locator(".topbar h1")).to_contain_text("Contract Rummy", timeout=boot_timeout_ms)
    expect(page.locator(".opponents .opp")).to_have_count(4)
    control(page, "menu").click()
    expect(page.locator(".resume")).to_contain_text("Contract Rummy · Scout game")
    expect(page.get_by_role("button", name="Contract Rummy", exact=True)).to_have_attribute("aria-pressed", "true")
    page_log.assert_clean()


def test_a_gallery_deal_by_taps_digging_the_pile_and_laying_off_all_that_fits(page, page_log, site_url):
    seed, level = 2, "sprout"
    plan = plan_deal(seed, level, rules="gallery", players=3, dig=True)
    dig = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "dig")
    open_deal(page, site_url, seed, level, rules="gallery", players=3)
    expect(page.locator(".topbar h1")).to_contain_text("Gallery")

    def check(index, act, arg):
        if index == dig:                  # the fanned pile: every card a button saying what it takes
            fan = page.locator('[data-zone="pile-fan"] [data-act="dig"]')
            expect(fan.first).to_be_visible()
            expect(fan.last).to_contain_text("Take")
            assert serious_violations(page) == []             # axe-core: the fanned pile over the table

    replay(page, plan.steps, check)
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()
    control(page, "scores").click()
    expect(page.locator('[data-zone="summary"] .results tbody tr')).to_have_count(3)
    page_log.assert_clean()


def test_a_contract_rummy_deal_by_taps(page, page_log, site_url):
    seed, level = 1, "sprout"
    plan = plan_deal(seed, level, rules="contract", players=4)
    assert plan.went_down_at is not None and plan.laid_off
    open_deal(page, site_url, seed, level, rules="contract", players=4)
    replay(page, plan.steps[:plan.went_down_at + 1])
    at_token(page, plan.steps[plan.went_down_at][0] + 1)                   # ✅ went down: one move on
    expect(page.locator(".prompt")).to_contain_text("discard now")        # no lay-off the turn you go down
    replay(page, plan.steps[plan.went_down_at + 1:])
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()
    page_log.assert_clean()
