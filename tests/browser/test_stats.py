"""The statistics screen in the page: a finished game's figures show after it, from the game-over
screen and the start screen; Reset asks first (keeping them is the first choice) and a reload
does not count the game again. axe-core finds nothing serious, on a phone and a laptop."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from helpers import TABLE, control, settled
from test_end_screens import SIZES, resume_and_end
from test_screens import serious_violations

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_a_finished_games_figures_show_on_the_statistics_screen_until_the_player_resets_them(
        page, page_log, site_url, boot_timeout_ms, size):
    page.set_viewport_size(size)
    resume_and_end(page, site_url, boot_timeout_ms, whole_game=True)
    control(page, "scores").click()
    expect(page.locator('[data-zone="summary"] #summary-title')).to_contain_text("the game!")
    control(page, "stats").click()
    group = page.locator('.stats-group[data-rules="aggravation"][data-level="sprout"]')
    expect(group.locator("h2")).to_have_text("Aggravation · 🌱 Sprout")
    games = group.locator("tr").filter(has=page.locator("th", has_text=re.compile(r"^Games$")))
    expect(games.locator("td")).to_have_text("1")
    hinted = group.locator("tr").filter(has=page.locator("th", has_text="💡 hint"))
    expect(hinted.locator("td")).to_have_text("0 of 1")                    # no 💡 asked in that game
    taken = group.locator("tr").filter(has=page.locator("th", has_text="↶ take-back"))
    expect(taken.locator("td")).to_have_text("0 of 1")                     # nothing taken back in it
    expect(group.locator("svg rect")).to_have_count(1)
    expect(page.locator(".stats .hint", has_text="paid off")).to_be_visible()
    settled(page)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "no sideways scrolling"
    assert serious_violations(page) == [], "the statistics screen"

    control(page, "stats-reset").click()
    dialog = page.locator('[data-dialog="stats-reset"]')
    expect(dialog.locator("button").first).to_have_text("Keep my statistics")
    expect(dialog.locator("button").first).to_be_focused()
    assert serious_violations(page) == [], "the reset question"
    control(page, "stats-reset-yes").click()
    expect(page.locator(".stats [role=status]")).to_have_text("Your statistics are reset.")
    expect(page.locator(".stats-group")).to_have_count(0)
    control(page, "stats-close").click()
    expect(page.locator('[data-zone="summary"]')).to_be_visible()      # back where it was opened

    page.reload()                                                       # the finished game again
    page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    page.locator('[data-zone="summary"] [data-act="menu"]').click()   # New game: the start screen
    control(page, "stats").click()
    expect(page.locator(".stats .empty")).to_contain_text("No finished games yet")
    page.keyboard.press("Escape")
    expect(page.locator(".start")).to_be_visible()
    page_log.assert_clean()


def test_the_statistics_tapped_while_python_loads_open_once_it_has(page, page_log, site_url, boot_timeout_ms):
    page.goto(site_url, wait_until="domcontentloaded")
    page.locator('[data-act="stats"]').click()          # the static start screen's button
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator(".stats .empty")).to_contain_text("No finished games yet")
    page_log.assert_clean()
