"""Issue 42, point 5: in a high-contrast mode (forced-colors) the card faces keep their paper and
ink, and the picked card and the frames stay marked, by outlines in the system's colours."""
from __future__ import annotations

from playwright.sync_api import expect

from helpers import at_token, control, open_deal, replay
from ui_script import plan_deal

SEED, LEVEL = 2, "sprout"


def test_cards_picked_cards_and_frames_stay_visible_in_forced_colors(page, page_log, site_url):
    page.set_viewport_size({"width": 390, "height": 800})
    page.emulate_media(forced_colors="active")
    plan = plan_deal(SEED, LEVEL, fill=True)
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan.steps[0][0])
    card = page.locator('[data-zone="hand"] [data-card]').first
    assert card.evaluate("el => getComputedStyle(el).backgroundColor") == "rgb(255, 253, 247)"   # the face kept
    card.click()
    expect(page.locator('[data-zone="hand"] [aria-pressed="true"]')).to_have_count(1)
    picked = page.locator('[data-zone="hand"] [aria-pressed="true"]')
    assert picked.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    assert picked.evaluate("el => parseFloat(getComputedStyle(el).outlineWidth)") >= 2
    godown = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "godown")
    replay(page, plan.steps[:godown])
    at_token(page, plan.steps[godown][0])
    control(page, "godown").click()
    frame = page.locator('[data-zone="frames"] .frame').first
    expect(frame).to_be_visible()
    assert frame.evaluate("el => getComputedStyle(el).borderStyle") in ("dashed", "solid")
    assert frame.evaluate("el => parseFloat(getComputedStyle(el).borderWidth)") >= 2
    page_log.assert_clean()
