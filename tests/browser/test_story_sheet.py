"""Issue 41, point 1, in the page at phone sizes: when the player's turn comes after the bots' moves,
the strip above the dock tells them (one line a seat's run of moves, a bot's discard named), in
view; 📋 opens every move of the deal in a sheet from the bottom, a modal dialog with the focus on
its ✕, where the same discard reads in the log's words; Escape, the phone's back and a tap beside
the sheet each close it, and the table is as it was. The model: tests/test_story_account.py."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import TABLE, control, open_deal, settled

pytestmark = pytest.mark.browser

MY_TURN = f'{TABLE}[data-my-turn="true"]'
MY_DRAW = f'{TABLE}[data-my-turn="true"][data-phase="draw"]'
SHEET = '#screen [role="dialog"].bottom-sheet'


def to_my_draw(page) -> None:
    """Pass the swap round when it comes to the player; then wait for their first draw (the bots
    have played meanwhile, at ?speed=0)."""
    page.wait_for_selector(MY_TURN, state="attached")
    if page.locator(TABLE).get_attribute("data-phase") == "swap":
        control(page, "pass").click()
    page.wait_for_selector(MY_DRAW, state="attached")
    settled(page)


@pytest.mark.parametrize("width,height", [(360, 740), (390, 800)])
def test_the_bots_moves_read_at_a_glance_and_the_whole_deal_one_tap_away(page, page_log, site_url, boot_timeout_ms,
                                                                         width, height):
    page.set_viewport_size({"width": width, "height": height})
    open_deal(page, site_url, 7, "scout", timeout=boot_timeout_ms)
    to_my_draw(page)

    told = page.locator("#screen .story .told li")
    expect(told.first).to_be_visible()
    newest = told.last
    expect(newest).to_be_in_viewport()
    text = newest.inner_text()
    found = re.search(r"discarded (\S+)$", text)
    assert found, f"the newest line names the discard: {text!r}"
    who = newest.locator("b").inner_text()
    assert who.startswith("Scout"), text
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "no sideways scrolling"

    control(page, "history").click()
    sheet = page.locator(SHEET)
    expect(sheet).to_be_visible()
    expect(sheet).to_have_attribute("aria-modal", "true")
    expect(sheet.locator("li", has_text=re.compile(rf"^{who} discarded {re.escape(found.group(1))}$")).last).to_be_in_viewport()
    expect(page.locator('#screen .bottom-sheet [data-act="history-close"]')).to_be_focused()
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)
    expect(page.locator(MY_DRAW)).to_have_count(1)

    control(page, "history").click()
    expect(sheet).to_be_visible()
    address = page.url
    page.go_back()                                              # a phone's back button
    expect(sheet).to_have_count(0)
    assert page.url == address and page.locator(MY_DRAW).count() == 1, "back closed the sheet, not the game"

    control(page, "history").click()
    expect(sheet).to_be_visible()
    page.mouse.click(width / 2, 20)                             # beside the sheet, over the dimmed table
    expect(sheet).to_have_count(0)
    settled(page)
    control(page, "stock").click()                              # the table plays on as before
    expect(page.locator(f'{TABLE}[data-phase="play"]')).to_have_count(1)
    page_log.assert_clean()


def test_a_laptop_keeps_its_log_down_the_side(page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_deal(page, site_url, 7, "scout", timeout=boot_timeout_ms)
    to_my_draw(page)
    expect(page.locator("#screen .story")).to_be_hidden()
    expect(page.locator("#screen .log li").last).to_be_visible()
    page_log.assert_clean()
