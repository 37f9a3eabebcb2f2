"""Issue 42, point 4, by keyboard: "?" shows every key in a sheet (Escape closes it), and a player
at the keyboard finds the focus on their hand when their turn comes."""
from __future__ import annotations

from playwright.sync_api import expect

from helpers import TABLE, at_token, open_deal, settled
from ui_script import plan_deal

SEED, LEVEL = 2, "sprout"


def test_question_mark_lists_the_keys_and_the_turn_puts_focus_on_the_hand(page, page_log, site_url):
    page.set_viewport_size({"width": 390, "height": 800})
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan.steps[0][0])                            # our swap turn
    settled(page)
    page.keyboard.press("?")
    sheet = page.get_by_role("dialog", name="⌨️ Keys")
    expect(sheet).to_be_visible()
    expect(sheet.locator("dt", has_text="Ctrl + Z")).to_have_count(1)
    expect(page.get_by_role("button", name="Close the keys")).to_be_focused()
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)
    page.keyboard.press("p")                                    # Pass, by key: the bots' turns, then ours
    page.wait_for_function(f"document.querySelector('{TABLE}')?.dataset.phase === 'draw' && "
                           f"document.querySelector('{TABLE}')?.dataset.myTurn === 'true'", timeout=60_000)
    settled(page)
    focused = page.evaluate("() => document.activeElement?.closest('[data-zone=hand]') !== null "
                            "&& document.activeElement.hasAttribute('data-card')")
    assert focused, page.evaluate("document.activeElement?.outerHTML")
    page_log.assert_clean()
