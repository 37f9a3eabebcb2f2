"""Issue 42, point 6: axe-core on the table's moments the other browser tests do not stop at: the
swap round, the ⚙️ panel open over the table, the bots' turns (waiting), a 🫳 offer open, and the deal's history
sheet. (The start screen, your turn, the frames, the score sheet, the game over, a
replay, statistics, past games, pass-and-play's hand-over and the online lobby and join page are
checked where those screens are tested: grep serious_violations; test_text_size.py runs it at 200 %
text on the swap round, the frames and the score sheet.)"""
from __future__ import annotations

from playwright.sync_api import expect

from helpers import TABLE, control
from test_screens import serious_violations


def test_axe_finds_nothing_serious_in_the_settings_the_bots_turns_an_offer_and_the_history(page, page_log, site_url):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}?seed=4&level=scout&speed=fast&steal=wait&ask=every")
    page.wait_for_selector(f'{TABLE} [data-act="pass"]:not([disabled])', timeout=60_000)
    assert serious_violations(page) == [], "the swap round"
    control(page, "settings").click()
    expect(page.locator(".settings")).to_be_visible()
    assert serious_violations(page) == [], "the ⚙️ panel over the table"
    control(page, "settings").click()
    control(page, "pass").click()                          # the swap passed: the bots' turns
    page.wait_for_selector(f'{TABLE}[data-phase="swap"], {TABLE}[data-phase="draw"]', timeout=30_000)
    assert serious_violations(page) == [], "waiting while the bots play"
    offer = page.locator('#screen [data-act="steal"]:not([disabled])')
    offer.wait_for(timeout=90_000)                          # "Wait for me": it stays until answered
    assert serious_violations(page) == [], "a 🫳 offer open"
    control(page, "history").click()
    expect(page.locator('[role="dialog"]').filter(has_text="every move")).to_be_visible()
    assert serious_violations(page) == [], "the deal's history sheet"
    page_log.assert_clean()
