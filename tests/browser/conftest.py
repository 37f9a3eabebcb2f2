"""Browser-test harness: serve the repo root locally and drive Debian's Chromium.

- `site_url` (session): the repo root served by scripts/serve.py's handler on a free port, with
  stdlib.zip answered by the build's cut of Python's library as bytecode (as a built site's is):
  the page then compiles none of Python's modules at each boot, about 1.5 s of a processor that
  hundreds of boots would spend. pytest-playwright's `base_url` points there too, so
  `page.goto("/")` works.
- `browser_type_launch_args` (session): Playwright cannot download browsers on these machines;
  launch /usr/bin/chromium (installed by `make setup`) with the flags from DEVELOPERS.md.
- `relay` (session): a local PeerJS signalling server (tests/relay.py), its URL
  "http://127.0.0.1:<port>/", for online tables' tests; started only by a test that asks for it.
- `page_log` + `PageLog`: what a page did that a test should care about: console errors,
  uncaught exceptions, requests to any host but 127.0.0.1, failed requests and HTTP errors.
- Timeouts are sized for a loaded 2-core machine (the suite must pass with both cores busy):
  `expect(...)` waits up to EXPECT_TIMEOUT_MS (Playwright's default is 5 s), every page action and
  wait up to ACTION_TIMEOUT_MS. They bound how long a broken test takes to fail; a passing test
  waits only as long as the page needs. Tests wait on conditions, never on the clock.

Every test under tests/browser/ is marked `browser`: `pytest -m "not browser"` skips them.
"""

from __future__ import annotations

import http.server
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from helpers import NO_SNAPSHOTS
from tests.relay import local_relay
from tests.support import load_script

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
LOCAL_HOSTS = {"127.0.0.1"}
# Schemes that never touch the network.
LOCAL_SCHEMES = {"data", "blob", "about", "chrome-error"}
BOOT_TIMEOUT_MS = 60_000  # cold Pyodide boot is ~2 s here; leave room for a loaded CI machine
EXPECT_TIMEOUT_MS = 30_000  # a bot turn or a re-render, with both cores busy elsewhere
ACTION_TIMEOUT_MS = 60_000  # clicks, waits for selectors and functions, navigations

expect.set_options(timeout=EXPECT_TIMEOUT_MS)


def _load_serve_module():
    return load_script("serve")


@pytest.hookimpl(tryfirst=True)  # before -m selection runs
def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def site_url():
    """Serve the repo root (with the vendored runtime) on 127.0.0.1:<free port>."""
    vendor = ROOT / "assets" / "vendor" / "pyodide" / "pyodide.mjs"
    if not vendor.is_file():
        pytest.fail("assets/vendor/ is missing: run `make setup` (npm ci + scripts/vendor.py)")
    serve = _load_serve_module()
    stdlib = load_script("stdlib_zip").archive_bytes(ROOT)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), serve.make_handler(ROOT, quiet=True, stdlib=stdlib))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def relay():
    """A PeerJS signalling server on 127.0.0.1:<free port>, as `make relay` runs: its URL."""
    with local_relay() as url:
        yield url


@pytest.fixture(scope="session")
def base_url(site_url):
    """pytest-base-url's fixture, so `page.goto("/")` and relative URLs hit the local site."""
    return site_url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"{CHROMIUM} is missing: run `make setup` (apt-get install -y chromium)")
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
    }


@dataclass
class PageLog:
    """Everything worth failing a test for, collected from one page's events."""

    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    failed_requests: list[str] = field(default_factory=list)
    http_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    # Requests cut short (net::ERR_ABORTED), with the page's navigation they began under: one that a
    # later navigation (a reload, a goto) cancelled is the browser leaving the page, not a fault.
    aborted: list[tuple[int, str]] = field(default_factory=list)
    navigations: int = 0
    began: dict = field(default_factory=dict)   # request -> navigations when it began

    def attach(self, page) -> PageLog:
        page.on("console", self._on_console)
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("request", self._on_request)
        page.on("requestfailed", self._on_request_failed)
        page.on("response", self._on_response)
        page.on("framenavigated", lambda frame: self._on_navigated(frame is page.main_frame))
        return self

    def _on_navigated(self, main: bool) -> None:
        self.navigations += main

    def _on_console(self, message) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_request(self, request) -> None:
        self.requests.append(request.url)
        self.began[request] = self.navigations
        if not is_local(request.url):
            self.foreign_requests.append(request.url)

    def _on_request_failed(self, request) -> None:
        if request.failure == "net::ERR_ABORTED":
            self.aborted.append((self.began.get(request, self.navigations), f"{request.url} ({request.failure})"))
        else:
            self.failed_requests.append(f"{request.url} ({request.failure})")

    def _on_response(self, response) -> None:
        if response.status >= 400:
            self.http_errors.append(f"{response.status} {response.url}")

    def problems(self) -> dict[str, list[str]]:
        found = {
            "console errors": self.console_errors,
            "uncaught page errors": self.page_errors,
            "requests to other hosts": self.foreign_requests,
            "failed requests": self.failed_requests + [text for began, text in self.aborted if began >= self.navigations],
            "HTTP errors": self.http_errors,
        }
        return {kind: items for kind, items in found.items() if items}

    def assert_clean(self) -> None:
        problems = self.problems()
        assert not problems, "page misbehaved:\n" + "\n".join(
            f"  {kind}:\n" + "\n".join(f"    {item}" for item in items)
            for kind, items in problems.items()
        )


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in LOCAL_SCHEMES or parts.hostname in LOCAL_HOSTS


@pytest.fixture(scope="session")
def boot_timeout_ms() -> int:
    """How long a test may wait for Python to take over the page."""
    return BOOT_TIMEOUT_MS


@pytest.fixture
def context(context, request):
    """pytest-playwright's context, whose pages make no snapshot of Python (helpers.NO_SNAPSHOTS)
    unless the test is marked ``snapshots``."""
    if not request.node.get_closest_marker("snapshots"):
        context.add_init_script(NO_SNAPSHOTS)
    return context


@pytest.fixture
def page(page):
    """pytest-playwright's page, with action and navigation timeouts for a loaded machine."""
    page.set_default_timeout(ACTION_TIMEOUT_MS)
    page.set_default_navigation_timeout(ACTION_TIMEOUT_MS)
    return page


@pytest.fixture
def page_log(page) -> PageLog:
    """A PageLog attached to pytest-playwright's `page` before the test navigates."""
    return PageLog().attach(page)
