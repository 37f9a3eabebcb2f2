"""Issue 42, points 1–2 in Chromium: the table's cues sound only after the player's first tap, are
made by the page (no audio file is fetched), and the 🔊 chip in the table's bar mutes them."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import TABLE, at_token, control, open_deal, settled
from ui_script import plan_deal

SEED, LEVEL = 2, "sprout"
HEARD = "() => performance.getEntriesByName('aggravation-sound').map(m => m.detail)"
AUDIO = re.compile(r"\.(mp3|ogg|oga|wav|m4a|aac|flac|webm|opus)(\?|$)", re.I)


def test_cues_sound_only_after_a_tap_fetch_nothing_and_the_bar_mutes_them(page, page_log, site_url):
    page.set_viewport_size({"width": 360, "height": 740})
    fetched = []
    page.on("request", lambda request: fetched.append((request.resource_type, request.url)))
    open_deal(page, site_url, SEED, LEVEL)
    plan = plan_deal(SEED, LEVEL)
    at_token(page, plan.steps[0][0])                      # our swap turn: the bots' moves before it, cued
    settled(page)
    assert page.evaluate(HEARD) == []                     # ...and silent: no tap yet
    control(page, "pass").click()                         # the first tap: sound may start
    page.wait_for_function("""() => performance.getEntriesByName('aggravation-sound')
                                      .some(m => m.detail.includes('turn'))""", timeout=60_000)
    heard = [cue for cues in page.evaluate(HEARD) for cue in cues]
    assert set(heard) <= {"turn", "draw", "discard", "offer", "claim", "down", "out", "end"} and "turn" in heard

    mute = page.locator(f'{TABLE} header [aria-label="🔇 Mute sound"]')
    expect(mute).to_have_text("🔊")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    expect(mute).to_have_text("🔇")
    page.evaluate("performance.clearMarks('aggravation-sound')")
    token = int(page.locator(TABLE).get_attribute("data-token"))
    control(page, "draw").click()                         # a draw: cued, but muted
    page.wait_for_function(f"document.querySelector('{TABLE}')?.dataset.token > {token}", timeout=30_000)
    settled(page)
    assert page.evaluate(HEARD) == []
    assert not [url for kind, url in fetched if kind == "media" or AUDIO.search(url)]
    page_log.assert_clean()
