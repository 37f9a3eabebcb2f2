"""The page's own words, said without Python, are in the player's language (assets/page/words.js):
the loading line, the line of a level tapped early and an online guest's join page are wrapped in
the pseudo-language; a Spanish browser's first paint is the Spanish start screen (locales/es/start.html,
scripts/shell.py), never index.html's English one, while Python is still held back; English fetches
nothing for it. Pyodide's wasm is held back as in test_early_taps.py, so all of it is before Python."""
from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import expect

from helpers import fresh_context
from test_early_taps import load_held, not_ready
from test_offline import site, take_the_host_away, wait_offline_ready  # noqa: F401 (site: a built site's host)

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
READY = "body[data-python=ready]"
WRAPPED = re.compile(r"^⟦.*⟧$", re.S)

# Each frame painted before Python is up: the language chip pressed on the screen shown (none: the
# screen is not in view, or shows no start screen).
WATCH_PAINTS = """
window.paints = [];
const look = () => {
  const screen = document.getElementById("screen");
  if (screen && getComputedStyle(screen).visibility !== "hidden") {
    const chip = screen.querySelector('[data-arg^="lang="][aria-pressed=true]');
    window.paints.push(chip ? chip.dataset.arg : "no start screen");
  }
  if (!document.body || !document.body.dataset.python) requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""


def page_files_fetched(page) -> list[str]:
    """The page's words and start screens asked for (locales/<lang>/page.json, start.html)."""
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url.split("/locales/")[1])
            if "/locales/" in request.url and "LC_MESSAGES" not in request.url else None)
    return fetched


def test_the_pseudo_language_wraps_the_loading_line_the_start_screen_and_a_level_tapped_early(
        page, page_log, site_url, boot_timeout_ms):
    fetched = page_files_fetched(page)
    release = load_held(page, site_url + "?lang=qps")
    line = page.locator("#loading")
    expect(line).to_have_text(WRAPPED)                                       # "⟦Downloading the game…⟧"
    expect(page.locator("html")).to_have_attribute("lang", "qps")
    expect(page.locator(".start .lead")).to_have_text("⟦Contract rummy against a few bots. Pick the rules and your table:⟧")
    expect(page.locator("#load-progress")).to_have_attribute("aria-label", "⟦Loading the game⟧")
    page.get_by_role("button", name="🏆 Ace").click()
    not_ready(page)
    expect(line).to_contain_text("Ace table opens as soon as the game has loaded⟧ (⟦")
    expect(line).to_have_text(WRAPPED)
    assert sorted(fetched) == ["qps/page.json", "qps/start.html"]
    release()
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    expect(page.locator(".table-screen")).to_be_visible()
    page_log.assert_clean()


def test_a_spanish_browser_paints_the_spanish_start_screen_before_python_is_up(browser, site_url, boot_timeout_ms):
    context = fresh_context(browser, locale="es-ES")
    page = context.new_page()
    page.add_init_script(WATCH_PAINTS)
    fetched = page_files_fetched(page)
    release = load_held(page, site_url)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator('.start [data-arg="lang=es"]')).to_have_attribute("aria-pressed", "true")
    expected = (ROOT / "locales/es/start.html").read_text(encoding="utf-8")
    lead = re.search(r'<p class="lead">([^<]*)</p>', expected)[1]
    expect(page.locator(".start .lead")).to_have_text(lead)                  # the Spanish catalog's words
    page.wait_for_function("window.paints.length > 2")
    not_ready(page)
    assert set(page.evaluate("window.paints")) == {"lang=es"}, "a frame was painted in English"
    assert fetched == ["es/page.json", "es/start.html"]
    release()
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    expect(page.locator('.start [data-arg="lang=es"]')).to_have_attribute("aria-pressed", "true")
    context.close()


def test_english_fetches_nothing_for_the_pages_words(page, page_log, site_url, boot_timeout_ms):
    page.add_init_script(WATCH_PAINTS)
    fetched = page_files_fetched(page)
    release = load_held(page, site_url)
    expect(page.locator("#loading")).to_have_text(re.compile(r"^(Loading the page|Downloading the game|Starting the game)…$"))
    page.get_by_role("button", name="🏆 Ace").click()
    expect(page.locator("#loading")).to_contain_text("Your Ace table opens as soon as the game has loaded (")
    not_ready(page)
    assert set(page.evaluate("window.paints")) == {"lang=en"}
    release()
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    assert fetched == []
    page_log.assert_clean()


def test_an_online_guests_join_page_speaks_the_pseudo_language(browser, site_url, relay):
    """A link to no table: the join page, its name form, its hint and its line to the table."""
    context = fresh_context(browser, viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{site_url}?join=aggravation-{'0' * 24}&lang=qps&relay={quote(relay, safe='')}")
    expect(page.locator("main[data-screen=join] h1")).to_have_text("⟦🌐 Join the table⟧")
    expect(page.locator("html")).to_have_attribute("lang", "qps")
    form = page.locator(".join-form")
    expect(form.locator("label")).to_have_text("⟦Your name at the table⟧", timeout=20_000)  # no answer: asked all the same
    expect(page.locator("main[data-screen=join] .lead")).to_have_text(WRAPPED)
    expect(form.locator("input")).to_have_attribute("placeholder", "⟦Your name⟧")
    form.locator("button").click()                                            # no name yet
    expect(form.locator("button")).to_have_text("⟦Sit down⟧")
    expect(page.locator(".join-form + .hint")).to_have_text("⟦Type your name first: it is how the others see you.⟧")
    page.fill('input[name="name"]', "Dee")
    form.locator("button").click()
    expect(page.locator("#online-status")).to_have_text(WRAPPED, timeout=20_000)
    expect(page.locator("#online-status")).to_contain_text("No table is open at this link", timeout=20_000)
    context.close()


def test_a_spanish_browser_offline_after_one_visit_speaks_spanish_from_the_first_paint(browser, site, boot_timeout_ms):
    """The service worker precaches the language this browser reads: its catalog, the page's words
    and the start screen (sw.js PAGES); the host gone, the start screen is Spanish before and after
    Python, and no other language was kept."""
    out, host = site
    context = fresh_context(browser, locale="es-ES")
    page = context.new_page()
    page.goto(host.url)
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    wait_offline_ready(page)
    kept = page.evaluate("""async () => {
        const names = (await caches.keys()).filter((name) => name.includes("-app-"));
        const cache = await caches.open(names[0]);
        return (await cache.keys()).map((request) => request.url.split("/locales/")[1]).filter(Boolean);
    }""")
    assert sorted(kept) == ["es/LC_MESSAGES/game.mo", "es/page.json", "es/start.html"]
    take_the_host_away(host)
    page.add_init_script(WATCH_PAINTS)
    page.reload()
    lead = re.search(r'<p class="lead">([^<]*)</p>', (out / "locales/es/start.html").read_text(encoding="utf-8"))[1]
    expect(page.locator(".start .lead")).to_have_text(lead)
    page.wait_for_selector(READY, timeout=boot_timeout_ms)
    expect(page.locator("html")).to_have_attribute("lang", "es")            # Python drew in Spanish offline too
    expect(page.locator(".start .lead")).to_have_text(lead)
    assert set(page.evaluate("window.paints")) == {"lang=es"}
    context.close()
