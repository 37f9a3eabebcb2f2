"""The worker's side of the page: exposes ``App`` to the page's thread (assets/app.js).

This is the only module of the game that imports PyScript's worker API. It
never touches ``window`` or ``document`` and every exposed function takes and
returns JSON text, which is what lets PyScript run it in a worker with no
cross-origin isolation (no COOP/COEP headers, any static host).
"""
from __future__ import annotations

import json
import sys
from typing import Optional

from polyscript import xworker

from .app import App

APP: Optional[App] = None


def boot(request: str) -> str:
    """``request``: {stored: {key: text}, params: {name: value}, early: level or null}."""
    global APP
    data = json.loads(request)
    APP = App(data.get("stored") or {}, data.get("params") or {}, data.get("early"))
    frame = APP.boot()
    frame["python"] = ".".join(str(part) for part in sys.version_info[:3])
    return json.dumps(frame)


def _answer(frame) -> str:
    return json.dumps(frame)


def intent(act: str, arg: str = "") -> str:
    return _answer(APP.intent(str(act), str(arg or "")))


def tick(token: int) -> str:
    return _answer(APP.tick(int(token)))


def escape() -> str:
    return _answer(APP.escape())


for _name, _fn in {"boot": boot, "intent": intent, "tick": tick, "escape": escape}.items():
    setattr(xworker.sync, _name, _fn)
