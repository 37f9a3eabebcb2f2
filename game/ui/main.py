"""Page entry point: index.html's <script type="py"> imports it from game.zip (pyscript.toml [files]).

The static shell already shows the title and the level picker; this hands the
page over to Python: it starts the game named in the URL (``?seed=123&level=scout``),
or resumes the saved one, or honours a level tapped while Python was loading.
URL extras for tests and demos: ``speed=instant|fast|normal|slow``, ``speed=0``,
``steal=off|short|long|wait``, ``house=ace_wrap,wild_swap`` (the house rules of
games started in this session; unknown names are ignored). None of them is saved
as a setting; a game's house rules are saved in its log.

Whatever localStorage holds, the page boots: ``Session.resume`` sets an
unreadable save aside, and the first render of a resumed game is guarded too
(a save that loads but cannot be shown goes aside the same way).
"""
from __future__ import annotations

import sys

from pyscript import document, window

window.performance.mark("aggravation-start")  # with aggravation-ready: the game's own boot time
import game.legal  # noqa: F401  (imported lazily by the engine: compile it at boot, not in a bot turn)
import game.solver  # noqa: F401
from game.ui.controller import Session
from game.ui.dom import LocalStore, Page, forget_deal_params, url_params
from game.ui.intents import dispatch
from game.ui.settings import SETTINGS_KEY, Settings, parse_house


def first_render(page: Page) -> None:
    """Show the first screen; if the resumed game cannot be shown, set it aside and start over."""
    session = page.session
    try:
        page.render()
    except Exception as error:  # noqa: BLE001 (the boundary: a save must never stop the page)
        if session.state is None:
            raise                              # the start screen itself: a bug, not a save
        session.set_aside(session.saves.slot(), error)
        page.render()


def boot() -> Page:
    store = LocalStore()
    session = Session(store, Settings.from_json(store.get(SETTINGS_KEY)))
    params = url_params()
    speed = "instant" if params.get("speed") == "0" else params.get("speed")
    session.settings.change("speed", speed)
    session.settings.change("steal", params.get("steal"))
    house = parse_house(params.get("house"))
    if house is not None:
        session.settings.house = house
    if "seed" in params or "level" in params:
        seed = params.get("seed", "")
        session.start(params.get("level", "sprout"), int(seed) if seed.isdigit() else None)
        forget_deal_params()
    else:
        session.resume()
    early = getattr(window, "aggravationPendingLevel", None)
    if early and not session.ui.notice:  # a level tapped while loading: started, or asked about if
        dispatch(session, "level", str(early))  # a game is in progress (a notice is read first)
    window.aggravationReady = True
    page = Page(session)
    first_render(page)
    page.schedule()
    document.body.dataset.pythonVersion = ".".join(str(part) for part in sys.version_info[:3])
    document.body.dataset.python = "ready"
    window.performance.mark("aggravation-ready")  # bench/page.py reads it
    return page


PAGE = boot()
