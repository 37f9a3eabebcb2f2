"""The worker's side of the page: exposes ``App`` to the page's thread (assets/page/link.js, started by assets/page/boot.js).

This is the only module of the game that imports PyScript's worker API. It
never touches ``window`` or ``document`` and every exposed function takes and
returns JSON text, which is what lets PyScript run it in a worker with no
cross-origin isolation (no COOP/COEP headers, any static host).

It is imported first and cheaply, so the page can show "Python is running"
before the engine's modules load (``start``).
"""
from __future__ import annotations

import json
import sys
from typing import Any, Optional

APP: Optional[Any] = None  # the game.ui.app.App of this page, once booted


def start(channel: str) -> None:
    """Import the game, telling the page's loading line (stages 2 and 3), and expose the API."""
    import js
    from polyscript import xworker

    stages = js.BroadcastChannel.new(channel)
    stages.postMessage(2)
    from . import app  # noqa: F401  the engine, the bots and the renderer: the slow import
    import game.legal  # noqa: F401  (imported lazily by the engine: compile it now, not in a bot turn)
    import game.solver  # noqa: F401

    stages.postMessage(3)
    stages.close()
    for name, function in EXPOSED.items():
        setattr(xworker.sync, name, function)


def boot(request: str) -> str:
    """``request``: {stored: {key: text}, params: {name: value}, later: online.zip's URL,
    languages: the browser's (navigator.languages), catalogs: the locales/ folder's URL}."""
    from .app import App

    from .later import install

    global APP
    data = json.loads(request)
    install(data.get("later"))             # the online table's code, fetched only if it is ever imported
    catalogs = data.get("catalogs")
    APP = App(data.get("stored") or {}, data.get("params") or {}, data.get("languages") or (),
              (lambda lang: catalog_bytes(catalogs, lang)) if catalogs else None)
    frame = APP.boot()
    frame["python"] = ".".join(str(part) for part in sys.version_info[:3])
    frame["start"] = _how_python_started()
    return json.dumps(frame)


def catalog_bytes(folder: str, lang: str) -> Optional[bytes]:
    """A language's compiled catalog (game/i18n.py), fetched synchronously (a worker may): only the
    language drawn in is ever fetched, and the service worker keeps it for offline visits (sw.js)."""
    from game.i18n import GAME_DOMAIN
    from .later import fetch_bytes

    try:
        return fetch_bytes(f"{folder}{lang}/LC_MESSAGES/{GAME_DOMAIN}.mo")
    except ImportError:                    # fetch_bytes's word for a refused request: English, then
        return None


def _how_python_started() -> str:
    """"snapshot" or "fresh", as assets/python-boot.mjs recorded it (the page shows it for tests).

    The first frame is drawn, so a start from the snapshot is known good: say so, or the boot
    module would not trust that snapshot again."""
    import js

    booted = getattr(js, "aggravationPythonBooted", None)
    if booted is not None:
        booted()
    return str(getattr(js, "aggravationPythonStart", "fresh"))


def _news(text: str) -> Optional[dict]:
    """What the page read from localStorage since its last question, as JSON text ('' for none)."""
    return json.loads(text) if text else None


def intent(act: str, arg: str = "", news: str = "") -> str:
    return json.dumps(APP.intent(str(act), str(arg or ""), _news(news)))


def tick(token: int, news: str = "") -> str:
    return json.dumps(APP.tick(int(token), _news(news)))


def early(act: str, arg: str = "") -> str:
    return json.dumps(APP.early(str(act), str(arg or "")))


def stored(news: str) -> str:
    return json.dumps(APP.stored(_news(news) or {}))


def guest(conn: str, text: str, news: str = "") -> str:
    return json.dumps(APP.guest(str(conn), str(text), _news(news)))


def left(conn: str, news: str = "") -> str:
    return json.dumps(APP.left(str(conn), _news(news)))


def recheck() -> str:
    return json.dumps(APP.recheck())


def refused(keys: str) -> str:
    return json.dumps(APP.refused(json.loads(keys)))


def unreadable() -> str:
    return json.dumps(APP.unreadable())


def escape() -> str:
    return json.dumps(APP.escape())


EXPOSED = {"boot": boot, "intent": intent, "tick": tick, "early": early, "stored": stored,
           "refused": refused, "unreadable": unreadable, "escape": escape, "guest": guest, "left": left,
           "recheck": recheck}
