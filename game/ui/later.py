"""The online table's code, fetched the first time it is imported: a game alone never downloads it.

The built site (scripts/build.py) ships these modules (``LATER``) apart from game.zip, as
online.zip beside it; nothing of the page imports them until an online table is opened (the
imports are inside the functions that need them: app.py, dispatch.py, the table's prompts and
buttons). This finder, last on ``sys.meta_path``, is asked only after every other finder failed:
for a module of ``LATER`` it fetches online.zip once, unpacks it where game.zip was unpacked (the
working directory, on sys.path), makes the folders' finders list them afresh and finds the module. The development
server puts everything in game.zip, where the ordinary finders find it first.

The fetch is a synchronous request, which a worker may make (the game's Python runs in one).
"""
from __future__ import annotations

import importlib
import importlib.machinery
import io
import os
import sys
import zipfile
from typing import Callable, Optional

LATER = ("game.ui.online", "game.ui.screens.online", "game.ui.session.online", "game.ui.store.room")
ARCHIVE = "online.zip"


def later(name: str) -> bool:
    """Whether the module ``name`` ships in online.zip."""
    return any(name == part or name.startswith(part + ".") for part in LATER)


class OnlineCode:
    """A meta-path finder of last resort: see the module's docstring."""

    def __init__(self, url: str, root: str = ".", fetch: Optional[Callable[[str], bytes]] = None) -> None:
        self.url, self.root = url, os.path.abspath(root)
        self.fetch = fetch or fetch_bytes
        self.unpacked = False

    def find_spec(self, name, path=None, target=None):
        if self.unpacked or not later(name):
            return None
        with zipfile.ZipFile(io.BytesIO(self.fetch(self.url))) as archive:
            archive.extractall(self.root)
        self.unpacked = True
        forget_listings()
        return importlib.machinery.PathFinder.find_spec(name, path)

    def invalidate_caches(self) -> None:
        """Nothing of its own to forget (importlib.invalidate_caches asks every finder)."""


def forget_listings() -> None:
    """Each folder's finder lists it afresh (the new files are seen). Not importlib.invalidate_caches,
    which also imports importlib.metadata, a module the page's cut of the library leaves out."""
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, importlib.machinery.FileFinder):
            finder.invalidate_caches()


def install(url: Optional[str]) -> None:
    """Put the finder last on sys.meta_path (once), fetching from ``url`` (None: nothing to do)."""
    if url and not any(isinstance(finder, OnlineCode) for finder in sys.meta_path):
        sys.meta_path.append(OnlineCode(url))


def fetch_bytes(url: str) -> bytes:
    """The file at ``url``, synchronously (allowed in a worker)."""
    import js

    request = js.XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise ImportError(f"the online table's code could not be fetched ({request.status})")
    return request.response.to_bytes()
