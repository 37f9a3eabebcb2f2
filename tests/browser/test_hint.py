"""Issue 41: 💡 Hint in the page. On a phone the player taps 💡 on their own turn and reads one
sentence naming the move; on a laptop H asks the same. The table fits the width either way."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import TABLE, control, open_deal, settled

pytestmark = pytest.mark.browser

MY_TURN = f'{TABLE}[data-my-turn="true"]'
# Seed 7's swap round: the joker on the pile sits with the player's two jacks (🃏 reads "joker").
SAID = "💡 Swap Q♦ for joker: it goes with your J♣ and J♠ for the set of 3"


def test_a_tap_on_the_hint_chip_shows_one_sentence_naming_the_move_on_a_phone(page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size({"width": 390, "height": 800})
    open_deal(page, site_url, 7, "sprout", timeout=boot_timeout_ms)
    page.wait_for_selector(MY_TURN, state="attached")         # the swap round comes to the player
    expect(page.locator(".hint-said")).to_have_count(0)
    control(page, "hint").click()
    said = page.locator(".hint-said")
    expect(said).to_have_text(SAID)
    expect(said).to_be_in_viewport()
    settled(page)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "no sideways scrolling"
    control(page, "pass").click()                               # a move: the hint is of its moment only
    expect(said).to_have_count(0)


def test_h_asks_for_the_hint_on_a_laptop(page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size({"width": 1280, "height": 800})
    open_deal(page, site_url, 7, "sprout", timeout=boot_timeout_ms)
    page.wait_for_selector(MY_TURN, state="attached")
    settled(page)
    page.keyboard.press("h")
    expect(page.locator(".hint-said")).to_have_text(SAID)
