"""A tap on the static start screen while Python loads is never lost (assets/page/boot.js): a level
opens its table whatever the stored data turns out to be, a save set aside on the way is said on
that table with its copy to download, and the line that says the table is coming is in sight where
the player tapped, on a phone and on a desktop. Pyodide's wasm is held back until the tap is made,
so each tap is surely an early one."""

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from helpers import TABLE
from test_screens import serious_violations

pytestmark = pytest.mark.browser

SAVE, ASIDE = "aggravation.save", "aggravation.save.unreadable"
PHONE, DESKTOP = {"width": 360, "height": 740}, {"width": 1280, "height": 800}
SET_ASIDE = ("Your saved game could not be loaded, so it has been set aside and a new one started: "
             "you can still download a copy.")
STORED = {
    "unreadable": '{"level": "scout", "log": "garbage',
    "from another version": json.dumps({"format": "aggravation-save", "version": 3, "game": "g", "level": "ace",
                                        "moves": 4, "tab": "t", "over": False, "log": "{}"}),
}


def load_held(page, site_url: str, stored: dict = None):
    """Open the start screen with Pyodide's wasm held back (``stored`` put in localStorage first);
    the function that lets Python load."""
    if stored:
        page.goto(site_url + "rules.html")                  # same origin, no Python: set the store
        page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", stored)
    held, released = [], []
    page.route("**/assets/vendor/pyodide/pyodide.asm.wasm",
               lambda route: route.continue_() if released else held.append(route))
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(site_url, wait_until="domcontentloaded")

    def release() -> None:
        released.append(True)
        for route in held:
            route.continue_()
    return release


def not_ready(page) -> None:
    assert page.locator("body[data-python]").count() == 0, "Python was ready already: nothing early to test"


IN_WINDOW = """el => { const r = el.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""


def in_view(page, locator, timeout: float = 10_000) -> bool:
    """The element lies inside the window once the page has settled (a font or the table's first
    flights still coming in on a loaded machine): waited for, up to ``timeout``."""
    try:
        page.wait_for_function(IN_WINDOW, arg=locator.element_handle(), timeout=timeout)
    except PlaywrightTimeoutError:
        return False
    return True


def apart(one, other) -> bool:
    a, b = one.bounding_box(), other.bounding_box()
    return a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"] \
        or a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]


@pytest.mark.parametrize("name", STORED)
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_level_tapped_while_python_loads_opens_its_table_over_a_save_set_aside_and_says_so(
        name, size, page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size(size)
    release = load_held(page, site_url, {SAVE: STORED[name]})
    page.get_by_role("button", name="🌱 Sprout").click()
    not_ready(page)
    release()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator(f'{TABLE} [data-zone="hand"] [data-card]')).to_have_count(11)
    said = page.locator(".set-aside")
    expect(said).to_have_attribute("role", "alert")
    expect(said.locator("p")).to_have_text(SET_ASIDE)
    assert in_view(page, said)
    assert serious_violations(page) == []
    assert page.evaluate("key => localStorage.getItem(key)", ASIDE) == STORED[name]
    with page.expect_download() as download:
        said.get_by_role("button", name="⬇ Download the saved game").click()
    with open(download.value.path(), encoding="utf-8") as handle:
        assert handle.read() == STORED[name], "the player gets exactly what was stored"
    said.get_by_role("button", name="OK").click()
    expect(page.locator(".set-aside")).to_have_count(0)
    expect(page.locator(f'{TABLE} [data-zone="hand"] [data-card]')).to_have_count(11)
    page_log.assert_clean()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_line_that_says_the_tapped_table_is_coming_is_in_sight(size, page, page_log, site_url,
                                                                    boot_timeout_ms):
    """The loading line sits below the levels, under the fold of a phone: once a level is tapped it
    stays in the window (its role, status, kept), clear of the level tapped, which shows chosen."""
    page.set_viewport_size(size)
    release = load_held(page, site_url)
    level = page.get_by_role("button", name="🏆 Ace")
    level.click()
    not_ready(page)
    line = page.get_by_role("status").filter(has_text="Your Ace table opens as soon as the game has loaded")
    expect(line).to_be_visible()
    assert in_view(page, line), (line.bounding_box(), page.viewport_size)
    assert apart(line, level)
    expect(level).to_have_attribute("aria-pressed", "true")
    assert serious_violations(page) == []
    release()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator(f'{TABLE} [data-zone="hand"] [data-card]')).to_have_count(11)
    page_log.assert_clean()


def test_on_a_phone_the_line_follows_a_tap_at_the_foot_of_the_start_screen(page, page_log, site_url,
                                                                           boot_timeout_ms):
    page.set_viewport_size(PHONE)
    release = load_held(page, site_url)
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    stats = page.locator('[data-act="stats"]')
    stats.click()
    not_ready(page)
    line = page.get_by_role("status").filter(has_text="Your statistics open as soon as the game has loaded")
    assert in_view(page, line) and apart(line, stats)
    release()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator("main.stats")).to_be_visible()
    page_log.assert_clean()


def test_the_guided_deal_tapped_while_python_loads_opens_over_a_save_set_aside_and_says_so(
        page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size(PHONE)
    release = load_held(page, site_url, {SAVE: STORED["unreadable"]})
    page.locator('[data-act="learn"]').first.click()
    not_ready(page)
    assert in_view(page, page.get_by_role("status"))
    release()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator(f"{TABLE} .coach")).to_be_visible()
    expect(page.locator(".set-aside p")).to_have_text(SET_ASIDE)
    page_log.assert_clean()


def test_an_address_that_names_a_deal_sets_an_unreadable_save_aside_and_says_so(page, page_log, site_url,
                                                                                 boot_timeout_ms):
    page.goto(site_url + "rules.html")
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE, STORED["unreadable"]])
    page.goto(site_url + "?seed=4&level=scout&speed=0")
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator(f'{TABLE} [data-zone="hand"] [data-card]')).to_have_count(11)
    expect(page.locator(".set-aside p")).to_have_text(SET_ASIDE)
    assert page.evaluate("key => localStorage.getItem(key)", ASIDE) == STORED["unreadable"]
    page_log.assert_clean()
