"""The built site (scripts/build.py) as a static host serves it, under a sub-path: it boots and
plays, keeps playing offline once the host is gone, and takes a new version on the reloads after
a deploy without downloading the runtime again or losing the game.

Each test builds its own copy into a temporary folder served as /aggravation/, and the server
records every request, service-worker requests included (the page's own events miss those).

Offline means the host is stopped: its listening socket is closed, so every connection is
refused (the test checks that). Playwright's `context.set_offline(True)` is not used: it does
not cover the service worker's own update fetches (sw.js, sw-manifest.js), so it neither takes
the network away for real nor says anything a truly offline browser guarantees.
"""

from __future__ import annotations

import functools
import http.server
import socket
import threading
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.support import load_script

pytestmark = pytest.mark.browser

SUBPATH = "aggravation"
TABLE = "#screen .table-screen"
HAND = '[data-zone="hand"] [data-card]'
READY = "body[data-python]"
NOTICE = "A new version is ready — reload"
SEED = 2                          # a fixed table, on which no bot goes out in the first lap
TURN_MS = 60_000                  # bots' turns until the player's, on a loaded 2-core machine
SNAPSHOT_CACHE = "aggravation-python-snapshot"  # Python's memory snapshot (assets/python-boot.mjs)


ROOT = Path(__file__).resolve().parents[2]


build = load_script("build")
game_zip = load_script("game_zip")
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
        self.address = self.server.server_address[:2]
        self.url = f"http://127.0.0.1:{self.address[1]}/{SUBPATH}/"
        self.running = True

    def stop(self) -> None:
        """Close the listening socket: from now on every connection to the host is refused.

        SiteHandler answers HTTP/1.0 and closes each connection after its response, so no
        kept-alive connection outlives the stop either."""
        if self.running:
            self.running = False
            self.server.shutdown()
            self.server.server_close()

    def refuses_connections(self) -> bool:
        try:
            socket.create_connection(self.address, timeout=10).close()
        except ConnectionRefusedError:
            return True
        return False


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
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=TURN_MS)
    names = [name for name in page.evaluate("caches.keys()") if name != SNAPSHOT_CACHE]
    assert sorted(name.split("-")[1] for name in names) == ["app", "runtime"], names


def start_sprout(page) -> None:
    page.get_by_role("button", name="🌱 Sprout").click()
    expect(page.locator(HAND).first).to_be_visible(timeout=TURN_MS)


def mine(page, phase: str, act: str):
    """The player's own control for ``act``, only while the table is in ``phase`` on their turn."""
    return page.locator(f'{TABLE}[data-phase="{phase}"][data-my-turn="true"] [data-act="{act}"]').first


def play_a_turn(page) -> str:
    """Pass the swap offer if it comes, draw, discard the first card; returns the discarded card's key.

    Waits on the page's own state (phase, whose turn, move number), never on the clock: the bots
    play at ?speed=0, one decision per timer tick, as fast as a busy machine lets them."""
    table, draw, swap_pass = page.locator(TABLE), mine(page, "draw", "draw"), mine(page, "swap", "pass")
    for _ in range(2):  # at most one swap-round pass before the first draw
        expect(draw.or_(swap_pass)).to_be_visible(timeout=TURN_MS)
        if draw.is_visible():
            break
        token = table.get_attribute("data-token")
        swap_pass.click()
        expect(table).not_to_have_attribute("data-token", token)
    draw.click()
    first = page.locator(f'{TABLE}[data-phase="play"] {HAND}').first
    expect(first).to_be_visible()
    key = first.get_attribute("data-key")
    first.click()
    mine(page, "play", "discard").click()
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
    wait_offline_ready(page)  # the last thing the page does after boot: register the worker, fill caches
    page_log.assert_clean()
    assert all(path.startswith(f"/{SUBPATH}/") for path in host.log), "a request left the sub-path"
    assert not (out / "tests").exists() and not (out / "node_modules").exists()


def take_the_host_away(host: Host) -> None:
    host.stop()
    assert host.refuses_connections(), "the stopped host still accepts connections"


def play_offline(page, host: Host, timeout: int) -> None:
    """A new game from a fresh load of the page, then a whole lap of the table: the player passes
    the swap, draws and discards, and the bots play round to the player's next draw."""
    page.goto(host.url + f"?seed={SEED}&level=sprout&speed=0&steal=off")
    page.wait_for_selector(TABLE, timeout=timeout)
    played = play_a_turn(page)
    expect(mine(page, "draw", "draw")).to_be_visible(timeout=TURN_MS)
    assert played not in hand_keys(page)


def test_plays_offline_after_one_visit(page, site, boot_timeout_ms):
    """One online visit; then the host is gone (connections refused) and the game still boots
    from the service worker's caches and plays; the static pages open too, as themselves."""
    _, host = site
    boot(page, host.url + "?speed=0&steal=off", boot_timeout_ms)
    wait_offline_ready(page)
    take_the_host_away(host)
    play_offline(page, host, boot_timeout_ms)
    assert page.locator("body").get_attribute("data-python") == "ready"
    # The static pages stay themselves (not rerouted to the game) and open offline too.
    page.goto(host.url + "print/index.html")
    expect(page).to_have_title("Aggravation — printable rules card")
    page.goto(host.url + "print/")
    expect(page).to_have_title("Aggravation — printable rules card")
    page.goto(host.url + "rules.html")
    expect(page).to_have_title("📜 Rules — Aggravation")
    page.goto(host.url + "rules-contract.html")
    expect(page).to_have_title("📜 Rules — Contract Rummy")
    page.goto(host.url + "print/gallery.html")
    expect(page).to_have_title("Gallery Aggravation Rummy — printable rules card")


# The app cache's pages by name (rules.html, rules.es.html, print/index.fr.html…).
CACHED_PAGES = """async () => {
  const name = (await caches.keys()).find((n) => n.includes('-app-'));
  return (await (await caches.open(name)).keys()).map((r) => r.url.split('/aggravation/')[1]).filter((u) => u.endsWith('.html'));
}"""


def test_a_first_visit_keeps_the_rules_pages_of_the_languages_the_browser_reads(browser, site, boot_timeout_ms):
    """English everywhere; a Spanish browser's also rules.es.html and the Spanish cards, and no
    other language's: a first visit fetches the pages of the languages its person reads."""
    from helpers import fresh_context

    _, host = site
    kept = {}
    for locale in ("en-US", "es-ES"):
        context = fresh_context(browser, locale=locale)
        page = context.new_page()
        boot(page, host.url + "?speed=0", boot_timeout_ms)
        wait_offline_ready(page)
        kept[locale] = set(page.evaluate(CACHED_PAGES))
        context.close()
    assert {"rules.html", "rules-gallery.html", "print/index.html"} <= kept["en-US"] & kept["es-ES"]
    assert not [name for name in kept["en-US"] if ".es." in name or ".de." in name or ".fr." in name]
    assert {"rules.es.html", "rules-contract.es.html", "print/gallery.es.html"} <= kept["es-ES"]
    assert not [name for name in kept["es-ES"] if ".de." in name or ".fr." in name]


def test_without_the_worker_the_offline_game_does_not_load(page, site, boot_timeout_ms):
    """The check above can fail: the same visit with the worker left out (``?nosw``: the page
    never registers it) and the same offline steps fail at the first load, connection refused.
    So the harness really takes the network away, and the worker is what plays offline."""
    _, host = site
    boot(page, host.url + "?nosw&speed=0&steal=off", boot_timeout_ms)
    expect(page.locator(TABLE).or_(page.get_by_role("button", name="🌱 Sprout"))).to_be_visible()
    assert page.evaluate("navigator.serviceWorker.getRegistrations().then(all => all.length)") == 0
    assert page.evaluate("caches.keys()") in ([], [SNAPSHOT_CACHE]), "only Python's own snapshot"
    take_the_host_away(host)
    with pytest.raises(PlaywrightError, match="ERR_CONNECTION_REFUSED"):
        play_offline(page, host, boot_timeout_ms)


IDLE = "#screen:not([aria-busy])"  # the worker has answered every tap (assets/page/link.js)


def play_until_offline_ready(page, host: Host, timeout: int) -> list[str]:
    """A first visit: a Sprout game with one turn played, and the worker ready; the hand's keys.

    The deal is seeded: on a random deal a bot may go out in the first lap, and the deal-end
    summary would then cover the controls the update tests tap (a fresh-clone CI run met it)."""
    boot(page, host.url + f"?seed={SEED}&level=sprout&speed=0&steal=off", timeout)
    expect(page.locator(HAND).first).to_be_visible(timeout=TURN_MS)
    play_a_turn(page)
    wait_offline_ready(page)
    return hand_keys(page)


def test_update_takes_over_on_reload_keeps_runtime_and_game(page, site, boot_timeout_ms):
    out, host = site
    before = play_until_offline_ready(page, host, boot_timeout_ms)
    old_app = page.evaluate("caches.keys()")

    # Deploy a new version: one app file changes, the build's precache list follows.
    archive = out / "game.zip"
    with game_zip.open_archive(archive) as old:
        files = {name: old.read(name) for name in old.namelist()}
    # The new version draws a mark in its pages (the worker cannot reach `window`).
    # The build ships bytecode only: the new version's module ships as source in its place.
    files.pop("game/ui/screens/start/markup.pyc")
    files["game/ui/screens/start/markup.py"] = (ROOT / "game/ui/screens/start/markup.py").read_bytes() + (
        b'\n_links_v1 = start_links\n'  # the start screen calls start_links() by name
        b'start_links = lambda *args: _links_v1(*args) + \'<span data-version="v2"></span>\'\n')
    archive.write_bytes(game_zip.packed(files))  # packed, as the build ships it
    shell = out / "index.html"  # and the page itself, which the reload must take from the new version too
    shell.write_text(shell.read_text(encoding="utf-8").replace("<html ", '<html data-shell="v2" ', 1), encoding="utf-8")
    build.write_sw_manifest(out)
    seen = len(host.log)

    page.reload()  # served by the old version, which finds the new one and installs it
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_text(NOTICE)).to_be_visible(timeout=TURN_MS)
    page.locator('#screen [data-act="menu"]').click()  # the start screen, where the mark would be
    expect(page.locator('#screen [data-act="resume"]')).to_be_visible()
    assert page.locator("[data-version=v2], [data-shell=v2]").count() == 0, "the old page mixed in new files"

    page.reload()  # the new version takes over
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    resume = page.locator('#screen [data-act="resume"]')
    expect(page.locator(HAND).first.or_(resume)).to_be_visible(timeout=TURN_MS)
    page.wait_for_selector(IDLE, state="attached", timeout=TURN_MS)
    if page.locator(HAND).first.is_visible():
        page.locator('#screen [data-act="menu"]').click()
    expect(page.locator("#screen [data-version=v2]")).to_have_count(1)  # the new version's start screen
    assert page.locator("html[data-shell=v2]").count() == 1, "the reload mixed the old page with the new version"
    resume.click()
    expect(page.locator(HAND).first).to_be_visible()
    page.wait_for_selector(IDLE, state="attached", timeout=TURN_MS)
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


def test_an_update_that_never_takes_over_leaves_the_game_playable(page, site, boot_timeout_ms):
    """The hand-over page waits a few seconds for the new worker; if it never takes charge (here
    a deployed sw.js that ignores the request), the reload gets the old version, whole, the game
    resumes and the update is offered again: never a page stuck on "Updating"."""
    out, host = site
    before = play_until_offline_ready(page, host, boot_timeout_ms)

    worker = out / "sw.js"
    code = worker.read_text(encoding="utf-8")
    stubborn = code.replace('if (event.data && event.data.type === "activate-update") self.skipWaiting();', "")
    assert stubborn != code, "the worker's hand-over request moved: update this test"
    worker.write_text(stubborn, encoding="utf-8")

    page.reload()  # the old version, which finds the new worker and installs it
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_text(NOTICE)).to_be_visible(timeout=TURN_MS)

    page.reload()  # asks the new worker to take over, which it never does
    expect(page.get_by_role("status")).to_have_text("Updating Aggravation…")
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    expect(page.get_by_text(NOTICE)).to_be_visible(timeout=TURN_MS)
    resume = page.locator('#screen [data-act="resume"]')
    expect(page.locator(HAND).first.or_(resume)).to_be_visible(timeout=TURN_MS)
    if resume.is_visible():
        resume.click()
    expect(page.locator(HAND).first).to_be_visible()
    page.wait_for_selector(IDLE, state="attached", timeout=TURN_MS)
    assert hand_keys(page) == before, "the saved game did not resume"
    states = page.evaluate("""async () => { const r = await navigator.serviceWorker.getRegistration();
      return [r.active && r.active.state, r.waiting && r.waiting.state]; }""")
    assert states == ["activated", "installed"], states
    play_a_turn(page)
