"""The rest of Python's standard library, fetched only if the page imports a module its cut-down
copy lacks. Shipped inside stdlib.zip as ``_aggravation_rest`` (scripts/stdlib_zip.py); the game's
interpreter (assets/python-boot.mjs) installs it right after Python starts.

Why: the page starts Python with only the modules the game imports (stdlib.zip), a fifth of the
bytes of Pyodide's whole library. Should the game ever import one that was left out (a lazy
import inside the library, a new import the build did not see), the import must still work: this
finder, last on ``sys.meta_path``, is asked only after every other finder failed. If the module
is one the whole library holds (``NAMES``, listed in the cut-down zip), it fetches the whole
library once, writes it over the cut-down one at the same path (so every package's ``__path__``
keeps working), clears the import caches, and finds the module again. A module the whole library
lacks too (``import nt``, an optional accelerator) fails as it always did, at no cost.

The fetch is a synchronous request, which a worker may make (the game's Python runs in one). Each
module fetched this way is reported on the "aggravation-stdlib" BroadcastChannel and the console,
so tests and developers see what the cut-down copy should hold.
"""
from __future__ import annotations

import importlib
import importlib.machinery
import sys
import zipimport

NAMES = "_aggravation_rest.txt"  # beside this module: every module name the whole library holds
CHANNEL = "aggravation-stdlib"


class RestOfTheLibrary:
    """A meta-path finder of last resort: see the module's docstring."""

    def __init__(self, archive: str, url: str, fetch=None, report=None) -> None:
        self.archive, self.url = archive, url
        self.names = set(zipimport.zipimporter(archive).get_data(NAMES).decode().split())
        self.fetch = fetch or fetch_bytes
        self.report = report or report_missed
        self.whole = False  # True once the whole library is in place

    def find_spec(self, name, path=None, target=None):
        if self.whole or name not in self.names:
            return None
        with open(self.archive, "wb") as handle:
            handle.write(self.fetch(self.url))
        self.whole = True
        zipimport._zip_directory_cache.pop(self.archive, None)
        importlib.invalidate_caches()
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        self.report(name)
        return spec

    def invalidate_caches(self) -> None:
        """Nothing of its own to forget (importlib.invalidate_caches asks every finder)."""


def fetch_bytes(url: str) -> bytes:
    """The file at ``url``, synchronously (allowed in a worker, where the game's Python runs)."""
    import js

    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise ImportError(f"the rest of Python's library could not be fetched ({request.status})")
    return request.response.to_bytes()


def report_missed(name: str) -> None:
    import js

    js.console.warn(f"{name} was not in the cut-down standard library (stdlib.zip): fetched the whole library")
    channel = js.BroadcastChannel.new(CHANNEL)
    channel.postMessage(name)
    channel.close()


def install(url: str) -> None:
    """Put the finder last on sys.meta_path, for the library's zip on sys.path."""
    archive = next(entry for entry in sys.path if entry.endswith(".zip"))
    sys.meta_path.append(RestOfTheLibrary(archive, url))
