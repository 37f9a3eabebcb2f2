"""The browser tests of this folder run on the site as built for a host (scripts/build.py), not on
the development checkout: the game's cut of Python's library (stdlib.zip), the game as bytecode
only (game.zip), the service worker. ``site_url`` here is the built site's address, so a test
written for the checkout runs unchanged on the build when this folder imports it.

Its pages keep Python's memory snapshot, as a player's browser does (the ``snapshots`` mark: the
other browser tests spare themselves the second start of Python it costs).

After every test here, no module the page imported was missing from stdlib.zip: the host (which
logs every request) was never asked for Pyodide's whole library, python_stdlib.zip, and the page
heard of no missed module on the channel scripts/stdlib_rest.py reports on.
"""
from __future__ import annotations

import functools
import http.server
import tempfile
import threading
from pathlib import Path

import pytest

from support import load_script

SUBPATH = "aggravation"


class BuiltSite:
    """A build of the site in a temporary folder, served under /aggravation/, requests logged."""

    def __init__(self) -> None:
        self.folder = tempfile.TemporaryDirectory(prefix="aggravation-built-")
        load_script("build").build(Path(self.folder.name) / SUBPATH)
        requests = self.requests = []
        serve = load_script("serve")

        class Handler(serve.SiteHandler):
            quiet = True

            def log_request(self, code="-", size="-"):
                requests.append(self.path)

        self.server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Handler, directory=self.folder.name))
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, name="built-site", daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/{SUBPATH}/"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.folder.cleanup()


WHOLE_LIBRARY = "python_stdlib.zip"
# Every page of the test hears the channel stdlib_rest.py reports a missed module on.
LISTEN = """new BroadcastChannel("aggravation-stdlib").onmessage = ({ data }) => window.__aggravationMissed(data);"""


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(pytest.mark.built)
            item.add_marker(pytest.mark.snapshots)


@pytest.fixture(autouse=True)
def no_module_missed(built_site, context):
    """After the test: no module was missing from stdlib.zip (see the module's docstring)."""
    missed = []
    context.expose_function("__aggravationMissed", lambda name: missed.append(name))
    context.add_init_script(LISTEN)
    asked_before = len(built_site.requests)
    yield
    whole = [path for path in built_site.requests[asked_before:] if WHOLE_LIBRARY in path]
    assert not missed and not whole, (
        f"stdlib.zip lacks {missed or 'a module'} (the page fetched {whole}): "
        "add it to EXTRA in scripts/stdlib_zip.py")


@pytest.fixture(scope="session")
def built_site():
    site = BuiltSite()
    yield site
    site.close()


@pytest.fixture(scope="session")
def site_url(built_site):
    return built_site.url
