"""The page boots from our own origin only: static shell first, then Python takes over."""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# assets/page/boot.js marks the body once the worker's Python has drawn the first screen.
PYTHON_READY = "body[data-python=ready]"
ROOT = Path(__file__).resolve().parents[2]


def python_start(page, boot_timeout_ms: int) -> str:
    """Wait for Python's first screen; how it started: "snapshot" or "fresh"."""
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    return page.locator("body").get_attribute("data-python-start")


def pyodide_version() -> str:
    return json.loads((ROOT / "assets/vendor/versions.json").read_text())["pyodide"]


def play_sprout(page) -> None:
    page.get_by_role("button", name="🌱 Sprout").click()
    expect(page.locator('[data-zone="hand"] [data-card]').first).to_be_visible()


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
        "pyodide-lock.json",
    }, "Pyodide fetched other files than scripts/vendor.py ships (or the whole library)"
    # Python's library is the game's own stdlib.zip (the development server answers it with the
    # whole library; scripts/stdlib_zip.py makes the built site's); no memory snapshot is shipped.
    assert {url for url in page_log.requests if url.endswith("/stdlib.zip")} == {f"{site_url}stdlib.zip"}
    assert page.locator("body").get_attribute("data-python-start") == "fresh"


def test_python_runs_in_a_worker_and_the_page_needs_no_isolation(page, page_log, site_url, boot_timeout_ms):
    """No COOP/COEP: the page is not cross-origin isolated, and its own thread never loads Pyodide
    (the worker does: its fetches are not in the page's resource timing). On a first visit the
    page only asks for Python's big files early, for the worker to find them in the HTTP cache."""
    page.goto(site_url + "?seed=4&level=sprout&speed=0")
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    page.wait_for_selector('[data-zone="hand"] [data-card]')
    assert page.evaluate("crossOriginIsolated") is False
    on_page = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    assert not [url for url in on_page if url.endswith(("/pyodide.mjs", "game.zip", "pyscript.toml"))], on_page
    warmed = {url.rsplit("/", 1)[1] for url in on_page if "/pyodide/" in url or url.endswith("stdlib.zip")}
    assert warmed <= {"pyodide.asm.wasm", "pyodide.asm.mjs", "stdlib.zip"}, warmed
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


# Counts, from the page's first moment, every time the specimen table (index.html, scripts/shell.py)
# is put in the page, and every time a script could find it there after a task.
SPECIMEN_WATCH = """
window.__specimen = { put: 0, found: 0 };
addEventListener('DOMContentLoaded', () => new MutationObserver((records) => {
  for (const record of records) {
    window.__specimen.put += [...record.addedNodes].filter((node) => node.classList?.contains('specimen')).length;
  }
  if (document.querySelector('.specimen')) window.__specimen.found += 1;
}).observe(document.body, { childList: true }));
"""


def test_the_specimen_table_is_laid_out_while_python_loads_and_never_stays(page, page_log, site_url, boot_timeout_ms):
    """The specimen is laid out a part at a time before Python's first screen, and taken out in
    the same task each time: no script, screen reader or tap ever finds it."""
    page.add_init_script(SPECIMEN_WATCH)
    page.goto(site_url)
    python_start(page, boot_timeout_ms)
    parts = page.evaluate("""async () => new DOMParser().parseFromString(await (await fetch(location.pathname)).text(), 'text/html')
      .getElementById('table-specimen').content.firstElementChild.children.length""")
    assert page.evaluate("window.__specimen") == {"put": parts, "found": 0}
    assert page.locator("#table-specimen, .specimen, .table-screen").count() == 0
    play_sprout(page)
    assert page.locator(".table-screen").count() == 1
    page_log.assert_clean()


# assets/python-boot.mjs keeps Python's memory right after its first start in this cache.
SNAPSHOT_CACHE = "aggravation-python-snapshot"
SNAPSHOT_ENTRIES = f"""async () => {{
  const cache = await caches.open("{SNAPSHOT_CACHE}");
  return Promise.all((await cache.keys()).map(async (request) => {{
    const response = await cache.match(request);
    return [request.url, (await response.arrayBuffer()).byteLength];
  }}));
}}"""


def until(page, predicate: str, timeout_ms: int = 60_000) -> None:
    """Wait until an async JS predicate holds. (Playwright's wait_for_function takes the Promise an
    async predicate returns for a truthy answer and returns at once, so it cannot wait on caches.)"""
    page.evaluate("""async ([source, ms]) => {
      const holds = new Function(`return (${source})`)();
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
        if (await holds()) return;
      }
      throw new Error(`still false after ${ms} ms: ${source}`);
    }""", [predicate, timeout_ms])


def snapshot_kept(page) -> list:
    """Wait for the snapshot the first start writes (it is written after the boot, not before)."""
    until(page, f"""async () => (await (await caches.open("{SNAPSHOT_CACHE}")).keys()).some((r) => r.url.endsWith(".snapshot"))""")
    return [entry for entry in page.evaluate(SNAPSHOT_ENTRIES) if entry[0].endswith(".snapshot")]


@pytest.mark.snapshots
def test_the_second_visit_starts_python_from_the_snapshot_of_the_first(page, page_log, site_url,
                                                                         boot_timeout_ms):
    """The first visit starts Python the long way and keeps a copy of its start in this browser;
    the next visit starts from that copy."""
    page.goto(site_url)
    assert python_start(page, boot_timeout_ms) == "fresh"
    [(url, size)] = snapshot_kept(page)
    version = page.locator("body").get_attribute("data-python-version")
    assert re.search(r"/memory-\d+\.\d+\.\d+\.snapshot$", url) and size > 10_000_000, (url, size, version)
    page.reload()
    assert python_start(page, boot_timeout_ms) == "snapshot"
    play_sprout(page)
    # A good start clears its "starting" mark and keeps the copy as it was.
    until(page, f"async () => !(await caches.open('{SNAPSHOT_CACHE}').then((c) => c.match('{url}?starting')))")
    assert snapshot_kept(page) == [[url, size]]
    page_log.assert_clean()


@pytest.mark.snapshots
@pytest.mark.parametrize("damage", ["cut short", "garbled", "not a snapshot", "last start never finished"])
def test_a_damaged_snapshot_is_dropped_and_python_starts_afresh(page, page_log, site_url, boot_timeout_ms,
                                                                damage):
    """A copy cut short (storage full while writing), bytes garbled in the middle (the snapshot's
    own header intact), some other file under its name, or a start from it that never reached the
    first screen (a hang or a crash: the mark it leaves is still there): the game boots the long
    way, plays, and writes a good copy again."""
    page.goto(site_url)
    page.wait_for_selector(PYTHON_READY, state="attached", timeout=boot_timeout_ms)
    [(url, size)] = snapshot_kept(page)
    page.evaluate("""async ([name, url, damage]) => {
      const cache = await caches.open(name);
      const bytes = new Uint8Array(await (await cache.match(url)).arrayBuffer());
      let body = bytes, size = bytes.length;
      if (damage === "cut short") body = bytes.slice(0, bytes.length >> 1);
      if (damage === "garbled") for (let i = 4096; i < bytes.length; i += 4093) bytes[i] ^= 0xff;
      if (damage === "not a snapshot") { body = new TextEncoder().encode("{}"); size = body.length; }
      if (damage === "last start never finished") await cache.put(url + "?starting", new Response(""));
      await cache.put(url, new Response(body, { headers: { "x-snapshot-bytes": String(size) } }));
    }""", [SNAPSHOT_CACHE, url, damage])
    page.reload()
    assert python_start(page, boot_timeout_ms) == "fresh"
    play_sprout(page)
    until(page, f"""async () => {{
      const hit = await (await caches.open("{SNAPSHOT_CACHE}")).match("{url}");
      return hit && (await hit.arrayBuffer()).byteLength === {size};
    }}""")
    page.reload()
    assert python_start(page, boot_timeout_ms) == "snapshot"
    if damage == "garbled":  # Pyodide reports, in its own words, the memory it could not run
        page_log.console_errors.clear()
    page_log.assert_clean()
