"""The page boots from our own origin only: static shell first, then Python takes over."""

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# game/ui/main.py marks the body once Python has rendered the page.
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
    expect(page.get_by_text("Shuffling the decks…")).to_be_visible()
    expect(page).to_have_title("Aggravation")
    assert page.locator("body[data-python]").count() == 0
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_text("Shuffling the decks…")).to_be_hidden()
    page_log.assert_clean()


def test_python_boots_locally_without_errors(page, page_log, site_url, boot_timeout_ms):
    page.goto(site_url)
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_text("Shuffling the decks…")).to_be_hidden()
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
