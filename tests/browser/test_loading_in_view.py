"""Issue 41's bug "before any tap the loading line sits below the fold on a phone": while Python
loads, the loading bar and the line under it are in the window without scrolling, before any tap,
on both phones and on a desktop (assets/css/game.css: .loading keeps to the window's bottom edge);
scrolled to the foot of the start screen, nothing is out of reach beneath it. Pyodide's wasm is
held back, so the page is surely still loading."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from test_early_taps import apart, in_view, load_held, not_ready

pytestmark = pytest.mark.browser

SIZES = [{"width": 360, "height": 740}, {"width": 390, "height": 800}, {"width": 1280, "height": 800}]


@pytest.mark.parametrize("size", SIZES, ids=["360x740", "390x800", "1280x800"])
def test_the_loading_line_is_in_view_before_any_tap(size, page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size(size)
    release = load_held(page, site_url)
    not_ready(page)
    assert page.evaluate("scrollY") == 0
    line = page.locator("#loading")
    bar = page.locator("#load-progress")
    expect(line).to_have_attribute("role", "status")
    expect(line).to_have_text(re.compile(r"(Downloading|Starting) the game…"))
    expect(bar).to_have_attribute("aria-label", "Loading the game")
    assert in_view(page, line), (line.bounding_box(), size)
    assert in_view(page, bar), (bar.bounding_box(), size)
    # At the foot of the start screen the last thing on it is clear of the line, so it can be tapped.
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    last = page.locator("#screen [data-act]").last
    assert in_view(page, last) and apart(last, line), (last.bounding_box(), line.bounding_box())
    release()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    page_log.assert_clean()
