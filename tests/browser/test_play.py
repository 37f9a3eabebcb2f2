"""A whole deal through the page alone, by taps: the player's clicks are planned under CPython
with the page's own session (same seed, same bots), then clicked in Chromium one by one."""

import pytest
from playwright.sync_api import expect

from helpers import TABLE, control, hand_codes, hand_keys, open_deal, replay, settled
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL = 2, "sprout"   # the player can go down on the first or second draw, then lays off


def test_start_each_level_from_the_picker(page, page_log, site_url, boot_timeout_ms):
    page.goto(site_url)
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=boot_timeout_ms)
    for name, opponents in (("🌱 Sprout", 2), ("🧭 Scout", 3), ("🏆 Ace", 4)):
        page.get_by_role("button", name=name).click()
        if name != "🌱 Sprout":                           # leaving the game in progress: asked first
            page.locator('[data-act="confirm"]').click()
        expect(page.locator(".opponents .opp")).to_have_count(opponents)
        expect(page.locator('[data-zone="hand"] [data-card]')).to_have_count(11)
        page.locator('[data-act="menu"]').click()
    page_log.assert_clean()


@pytest.mark.smoke    # make check: the one browser test of the inner loop
def test_a_whole_deal_by_hand_framing_laying_off_and_discarding(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)

    def check(index, act, arg):
        if index == plan.went_down_at:      # just before ✅: every frame is green and the button flashes
            expect(page.locator('[data-zone="frames"] .frame.ok')).to_have_count(
                page.locator('[data-zone="frames"] .frame').count())
            expect(control(page, "lay")).to_be_enabled()
            expect(control(page, "lay")).to_have_class("btn primary flash")
        if act == "meld":
            expect(control(page, "meld", arg)).to_be_enabled()

    replay(page, plan.steps, check)
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()    # everyone's cards first
    control(page, "scores").click()
    summary = page.locator('[data-zone="summary"]')
    expect(summary).to_be_visible()
    expect(summary).to_contain_text("Deal 1 is over")
    expect(summary.locator(".results tbody tr")).to_have_count(3)
    expect(summary).to_contain_text("✓ next round")
    page_log.assert_clean()


def test_frames_say_what_they_need_and_fill_for_me_only_fills(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL, fill=True)
    open_deal(page, site_url, SEED, LEVEL)
    godown = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "godown")
    replay(page, plan.steps[:godown + 1])
    frames = page.locator('[data-zone="frames"] .frame')
    expect(frames.first).to_contain_text("needs 3 more cards")
    expect(control(page, "lay")).to_be_disabled()
    before = sorted(hand_keys(page))
    first = hand_keys(page)[0]
    control(page, "card", first).click()                 # tap in…
    expect(page.locator(f'[data-zone="frames"] [data-key="{first}"]')).to_have_count(1)
    control(page, "card", first).click()                 # …tap out
    expect(page.locator(f'[data-zone="hand"] [data-key="{first}"]')).to_have_count(1)
    control(page, "fill").click()
    expect(page.locator('[data-zone="frames"] .frame.ok')).to_have_count(frames.count())
    expect(page.locator(TABLE)).to_have_attribute("data-token", str(plan.steps[godown][0]))  # nothing laid
    framed = page.eval_on_selector_all('[data-zone="frames"] [data-key]', "els => els.map(e => e.dataset.key)")
    assert sorted(framed + hand_keys(page)) == before
    control(page, "cancel").click()                      # Cancel returns every card
    settled(page)
    assert sorted(hand_keys(page)) == before
    control(page, "godown").click()
    control(page, "fill").click()
    control(page, "lay").click()
    expect(page.locator('[data-zone="table"] .meld')).to_have_count(2)
    expect(page.locator(".opponents")).to_be_visible()
    assert page.locator(".bar").inner_text().count("📥 down") == 1
    page_log.assert_clean()


def test_sort_changes_the_order_never_the_hand_nor_framed_cards(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    godown = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "godown")
    replay(page, plan.steps[:godown + 3])               # go down… and frame a card or two
    framed = page.eval_on_selector_all('[data-zone="frames"] [data-key]', "els => els.map(e => e.dataset.key)")
    assert framed
    by_number = hand_keys(page)
    control(page, "sort").click()
    expect(control(page, "sort")).to_contain_text("Sort by number")   # names what the next tap does
    by_suit = hand_keys(page)
    assert sorted(by_suit) == sorted(by_number)
    assert page.eval_on_selector_all('[data-zone="frames"] [data-key]', "els => els.map(e => e.dataset.key)") == framed
    codes = hand_codes(page)
    wilds = [c for c in codes if c in ("JK",) or c.startswith("2")]
    assert codes[:len(wilds)] == wilds, "wilds sit at the left end"
    suits = [c[1] for c in codes[len(wilds):]]
    assert suits == sorted(suits, key="CDHS".index)
    page_log.assert_clean()
