"""The page boots from our own origin only: static shell first, then Python takes over."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# assets/app.js marks the body once the worker's Python has drawn the first screen.
PYTHON_READY = "body[data-python=ready]"


def test_level_picker_shows_before_python(page, page_log, site_url, boot_timeout_ms):
    """The static shell is the page until Python takes over. Pyodide's wasm is held back while
    the shell is checked, so the check cannot race the boot (on a busy machine Python could
    otherwise win, and on an idle one the check would prove nothing about "before")."""
    held, released = [], []

    def hold(route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/assets/vendor/pyodide/pyodide.asm.wasm", hold)
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(site_url, wait_until="domcontentloaded")
    # Static HTML: visible at once, while Pyodide cannot load.
    for level in ("🌱 Sprout", "🧭 Scout", "🏆 Ace"):
        expect(page.get_by_role("button", name=level)).to_be_visible()
    expect(page.get_by_role("progressbar", name="Loading the game")).to_be_visible()
    expect(page).to_have_title("Aggravation")
    assert page.locator("body[data-python]").count() == 0
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_role("progressbar")).to_have_count(0)
    page_log.assert_clean()


def test_python_boots_locally_without_errors(page, page_log, site_url, boot_timeout_ms):
    page.goto(site_url)
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_role("progressbar")).to_have_count(0)
    # Pyodide 314.x runs Python 3.14 (the engine must run there as well as on CPython 3.11).
    assert re.fullmatch(r"3\.14\.\d+", page.locator("body").get_attribute("data-python-version"))
    # Late requests and their console messages: wait until the network has been quiet for 500 ms.
    page.wait_for_load_state("networkidle")
    page_log.assert_clean()
    runtime = [url for url in page_log.requests if "/assets/vendor/pyodide/" in url]
    assert {url.rsplit("/", 1)[1] for url in runtime} == {
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    }, "Pyodide fetched other files than scripts/vendor.py ships"


def test_python_runs_in_a_worker_and_the_page_needs_no_isolation(page, page_log, site_url, boot_timeout_ms):
    """No COOP/COEP: the page is not cross-origin isolated, and its own thread never loads Pyodide
    (the worker does: its fetches are not in the page's resource timing)."""
    page.goto(site_url + "?seed=4&level=sprout&speed=0")
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    page.wait_for_selector('[data-zone="hand"] [data-card]')
    assert page.evaluate("crossOriginIsolated") is False
    on_page = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [url for url in on_page if "/pyodide/" in url or url.endswith("game.zip")], on_page
    assert page.evaluate("typeof window.pyodide") == "undefined"
    assert any(url.endswith("pyodide.asm.wasm") for url in page_log.requests), "the worker loaded no Pyodide"


def test_the_start_screen_answers_while_python_loads(page, page_log, site_url, boot_timeout_ms):
    """A setting and a house rule switch respond at once, and the worker keeps them when it is up."""
    page.goto(site_url, wait_until="domcontentloaded")
    fast = page.locator('[data-act="set"][data-arg="speed=fast"]')
    wrap = page.locator('[data-act="house"][data-arg="ace_wrap"]')
    fast.click()
    wrap.click()
    assert page.evaluate("document.body.dataset.python") is None, "Python was ready already: nothing early to test"
    expect(fast).to_have_attribute("aria-pressed", "true")
    expect(wrap).to_have_attribute("aria-pressed", "true")
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    expect(page.locator('[data-act="set"][data-arg="speed=fast"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('[data-act="house"][data-arg="ace_wrap"]')).to_have_attribute("aria-pressed", "true")
    saved = page.evaluate("JSON.parse(localStorage.getItem('aggravation.settings'))")
    assert saved["speed"] == "fast" and saved["house"] == ["ace_wrap"]
    page_log.assert_clean()
