"""The game's words in the player's language, in the page: ``?lang=qps`` draws the start screen and
⚙️ settings in the pseudo-language, a browser whose first language the game has gets it on a first
visit, and a language picked in ⚙️ is kept; each time the worker fetches only that language's
catalog (English none), and the document's ``lang`` follows."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import control, fresh_context

pytestmark = pytest.mark.browser

READY = "body[data-python=ready]"


def catalogs_fetched(page) -> list[str]:
    """Every message catalog the page's worker asked for, in order (the page's own words and start
    screen, locales/<lang>/page.json and start.html, are test_page_words.py's)."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.split("/locales/")[1])
            if "/LC_MESSAGES/" in request.url else None)
    return fetched


def test_the_pseudo_language_draws_the_start_screen_and_settings_and_fetches_only_its_catalog(
        page, page_log, site_url, boot_timeout_ms):
    fetched = catalogs_fetched(page)
    page.goto(f"{site_url}?lang=qps")
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    expect(page.locator("html")).to_have_attribute("lang", "qps")
    expect(page.locator(".start .lead")).to_have_text("⟦Contract rummy against a few bots. Pick the rules and your table:⟧")
    expect(page.locator('.start [data-act="past"]')).to_have_text("⟦📚 Past games⟧")
    languages = page.locator('.settings [role=group]').filter(has=page.locator('[data-arg="lang=es"]'))
    expect(languages.locator("span")).to_have_text("⟦Language⟧")
    expect(languages.locator('[data-arg="lang=es"]')).to_have_text("Español")   # each in its own name
    expect(page.locator('.settings [aria-label="⟦Bot speed⟧"] [data-arg="speed=fast"]')).to_have_text("⟦Fast⟧")
    assert fetched == ["qps/LC_MESSAGES/game.mo"]
    page_log.assert_clean()


def test_a_first_visit_speaks_the_browsers_language_and_a_language_picked_is_kept(browser, site_url, boot_timeout_ms):
    context = fresh_context(browser, locale="de-DE")
    page = context.new_page()
    fetched = catalogs_fetched(page)
    page.goto(site_url)
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator('[data-arg="lang=de"]')).to_have_attribute("aria-pressed", "true")
    assert fetched == ["de/LC_MESSAGES/game.mo"]
    control(page, "set", "lang=en").click()                        # English: nothing more to fetch
    expect(page.locator("html")).to_have_attribute("lang", "en")
    control(page, "set", "lang=es").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator('[data-arg="lang=es"]')).to_have_attribute("aria-pressed", "true")
    page.reload()
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    expect(page.locator("html")).to_have_attribute("lang", "es")   # kept with the settings
    assert fetched == ["de/LC_MESSAGES/game.mo", "es/LC_MESSAGES/game.mo", "es/LC_MESSAGES/game.mo"]
    context.close()
