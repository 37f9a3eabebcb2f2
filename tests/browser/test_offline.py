"""The built site (scripts/build.py) as a static host serves it, under a sub-path: it boots and
plays, keeps playing offline (network emulated away, or the server stopped), and takes a new
version on the reloads after a deploy without downloading the runtime again or losing the game.

Each test builds its own copy into a temporary folder served as /aggravation/, and the server
records every request, service-worker requests included (the page's own events miss those).
"""

from __future__ import annotations

import functools
import http.server
import threading
import zipfile
from pathlib import Path

import pytest

from tests.support import load_script
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

SUBPATH = "aggravation"
HAND = '[data-zone="hand"] [data-card]'
READY = "body[data-python]"
NOTICE = "A new version is ready — reload"


ROOT = Path(__file__).resolve().parents[2]


build = load_script("build")
serve = load_script("serve")


class Host:
    """A static host for a folder, recording request paths; can be stopped mid-test."""

    def __init__(self, root: Path) -> None:
        log = self.log = []

        class Handler(serve.SiteHandler):
            quiet = True

            def log_request(self, code="-", size="-"):
                log.append(self.path)

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=str(root))
        )
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/{SUBPATH}/"
        self.running = True

    def stop(self) -> None:
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def site(tmp_path):
    """A fresh build in <tmp>/aggravation/; yields (the build folder, a running host)."""
    out = tmp_path / SUBPATH
    build.build(out)
    host = Host(tmp_path)
    yield out, host
    host.stop()


def boot(page, url: str, timeout: int) -> None:
    page.goto(url)
    page.wait_for_selector(READY, state="attached", timeout=timeout)


def wait_offline_ready(page) -> None:
    """The worker controls the page and has filled both caches."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    names = page.evaluate("caches.keys()")
    assert sorted(name.split("-")[1] for name in names) == ["app", "runtime"], names


def start_sprout(page) -> None:
    page.get_by_role("button", name="🌱 Sprout").click()
    expect(page.locator(HAND).first).to_be_visible(timeout=30_000)


def control(page, act: str):
    return page.locator(f'#screen [data-act="{act}"]').first


# Taps the player's enabled Draw (→ "draw") or Pass (→ "pass") once the page is idle, in one step
# of the page's own thread, so the button cannot be redrawn between finding and tapping it.
TAP_DRAW_OR_PASS = """() => {
  const idle = '#screen:not([aria-busy])';
  const button = document.querySelector(`${idle} [data-act=draw]:not([disabled]), ${idle} [data-act=pass]:not([disabled])`);
  if (!button) return null;
  button.click();
  return button.dataset.act;
}"""


def play_a_turn(page) -> str:
    """Pass any swap offer, draw, discard the first card; returns the discarded card's key."""
    for _ in range(20):  # a few swap-round passes at most before the player's draw
        if page.wait_for_function(TAP_DRAW_OR_PASS, timeout=60_000).json_value() == "draw":
            break
    else:
        status = page.locator("#screen").inner_text()[:400]
        pytest.fail(f"the player's draw was never offered; the table says: {status}")
    first = page.locator(HAND).first
    expect(first).to_be_visible()
    key = first.get_attribute("data-key")
    first.click()
    control(page, "discard").click()
    expect(page.locator(f'[data-zone="hand"] [data-key="{key}"]')).to_have_count(0)
    return key


def hand_keys(page) -> list[str]:
    return page.eval_on_selector_all(HAND, "els => els.map(e => e.dataset.key)")


def test_built_site_boots_and_plays_from_a_subpath(page, page_log, site, boot_timeout_ms):
    out, host = site
    boot(page, host.url + "?speed=0&steal=off", boot_timeout_ms)
    start_sprout(page)
    play_a_turn(page)
    # Installable: the manifest and every icon it names come from the build.
    icons = page.evaluate(
        """async () => {
            const link = document.querySelector('link[rel="manifest"]');
            const manifest = await (await fetch(link.href)).json();
            return Promise.all(manifest.icons.map(async (icon) => {
              const response = await fetch(new URL(icon.src, link.href));
              return [icon.src, response.status, response.headers.get('content-type')];
            }));
        }"""
    )
    assert icons and all(status == 200 and kind.startswith("image/") for _, status, kind in icons), icons
    page.wait_for_timeout(200)
    page_log.assert_clean()
    assert all(path.startswith(f"/{SUBPATH}/") for path in host.log), "a request left the sub-path"
    assert not (out / "tests").exists() and not (out / "node_modules").exists()


@pytest.mark.parametrize("how", ["set_offline", "server_stopped"])
def test_plays_offline_after_one_visit(page, context, site, boot_timeout_ms, how):
    _, host = site
    boot(page, host.url + "?speed=0&steal=off", boot_timeout_ms)
    wait_offline_ready(page)
    if how == "set_offline":
        context.set_offline(True)
    else:
        host.stop()
    seen = len(host.log)
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    start_sprout(page)
    play_a_turn(page)
    # The static pages stay themselves (not rerouted to the game) and open offline too.
    page.goto(host.url + "print/index.html")
    expect(page).to_have_title("Aggravation — printable rules card")
    page.goto(host.url + "print/")
    expect(page).to_have_title("Aggravation — printable rules card")
    page.goto(host.url + "rules.html")
    expect(page).to_have_title("📜 Rules — Aggravation")
    assert host.log[seen:] == [], "offline pages reached the server"


def test_update_takes_over_on_reload_keeps_runtime_and_game(page, site, boot_timeout_ms):
    out, host = site
    boot(page, host.url + "?speed=0&steal=off", boot_timeout_ms)
    start_sprout(page)
    play_a_turn(page)
    wait_offline_ready(page)
    before = hand_keys(page)
    old_app = page.evaluate("caches.keys()")

    # Deploy a new version: one app file changes, the build's precache list follows.
    archive = out / "game.zip"
    with zipfile.ZipFile(archive) as old:
        files = {name: old.read(name) for name in old.namelist()}
    # The new version draws a mark in its pages (the worker cannot reach `window`).
    files["game/ui/render.py"] += b'\nLINKS += \'<span data-version="v2"></span>\'\n'
    files.pop("game/ui/__pycache__/render.cpython-314.pyc", None)  # its bytecode is of the old source
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in files.items():
            new.writestr(name, data)
    build.write_sw_manifest(out)
    seen = len(host.log)

    page.reload()  # served by the old version, which finds the new one and installs it
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_text(NOTICE)).to_be_visible(timeout=30_000)
    page.locator('#screen [data-act="menu"]').click()  # the start screen, where the mark would be
    expect(page.locator('#screen [data-act="resume"]')).to_be_visible()
    assert page.locator("[data-version=v2]").count() == 0, "the old page mixed in new files"

    page.reload()  # the new version takes over
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    resume = page.locator('#screen [data-act="resume"]')
    expect(page.locator(HAND).first.or_(resume)).to_be_visible(timeout=10_000)
    if page.locator(HAND).first.is_visible():
        page.locator('#screen [data-act="menu"]').click()
    expect(page.locator("[data-version=v2]")).to_have_count(1)  # the new version's start screen
    resume.click()
    assert hand_keys(page) == before, "the saved game did not resume"
    expect(page.get_by_text(NOTICE)).to_have_count(0)

    fetched = host.log[seen:]
    assert not [p for p in fetched if "/assets/vendor/" in p], f"runtime fetched again: {fetched}"
    assert f"/{SUBPATH}/game.zip" in fetched
    new_caches = page.evaluate("caches.keys()")
    assert [n for n in new_caches if "runtime" in n] == [n for n in old_app if "runtime" in n]
    assert [n for n in new_caches if "-app-" in n] != [n for n in old_app if "-app-" in n]
    assert len([n for n in new_caches if "-app-" in n]) == 1, "the old app cache was not cleared"
    play_a_turn(page)
