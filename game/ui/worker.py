"""The worker's side of the page: exposes ``App`` to the page's thread (assets/app.js).

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
    for name, function in {"boot": boot, "intent": intent, "tick": tick, "escape": escape}.items():
        setattr(xworker.sync, name, function)


def boot(request: str) -> str:
    """``request``: {stored: {key: text}, params: {name: value}, early: level or null}."""
    from .app import App

    global APP
    data = json.loads(request)
    APP = App(data.get("stored") or {}, data.get("params") or {}, data.get("early"))
    frame = APP.boot()
    frame["python"] = ".".join(str(part) for part in sys.version_info[:3])
    return json.dumps(frame)


def intent(act: str, arg: str = "") -> str:
    return json.dumps(APP.intent(str(act), str(arg or "")))


def tick(token: int) -> str:
    return json.dumps(APP.tick(int(token)))


def escape() -> str:
    return json.dumps(APP.escape())
