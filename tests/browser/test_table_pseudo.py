"""The table in the page speaks the language asked for (issue 43): ``?lang=qps`` opens a deal whose
prompt, moves, seats, bar and ⌨️ keys sheet are all drawn in the pseudo-language, the worker having
fetched that one catalog, and the table still fits a phone."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import TABLE, settled
from test_languages import catalogs_fetched

pytestmark = pytest.mark.browser


def test_a_deal_opened_in_the_pseudo_language_draws_the_table_in_it(page, page_log, site_url):
    page.set_viewport_size({"width": 360, "height": 740})
    fetched = catalogs_fetched(page)
    page.goto(f"{site_url}?seed=2&level=sprout&speed=0&steal=off&lang=qps")
    page.wait_for_selector(TABLE, timeout=60_000)
    settled(page)
    expect(page.locator("#screen .prompt")).to_have_text("⟦🔄 Swap round: pick a card to give for 5♣, or pass⟧")
    expect(page.locator('#screen .actions [data-act="pass"]')).to_have_text("⟦Pass⟧")
    expect(page.locator('#screen [data-act="menu"]')).to_have_text("⟦New game⟧")
    expect(page.locator("#screen .banner").first).to_have_text("⟦🔄 Swap round: swap one card with the discard, or pass⟧")
    expect(page.locator('#screen [data-zone="hand"]')).to_have_attribute("aria-label", "⟦Your hand: 11 cards⟧")
    page.keyboard.press("?")
    sheet = page.get_by_role("dialog", name="⟦⌨️ Keys⟧")
    expect(sheet.locator("dd").first).to_have_text("⟦draw from the stock⟧")
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)
    assert fetched == ["qps/LC_MESSAGES/game.mo"]
    page_log.assert_clean()
