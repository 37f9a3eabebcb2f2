"""The page glue: the only module that touches ``js``/``pyscript``.

One delegated click listener and one keydown listener on the stable
``#screen`` container read ``data-act``/``data-arg``; every change re-renders
from the session. Bot turns run one decision per ``setTimeout`` tick, so the
page's thread is never held for long.

Other tabs: the browser fires ``storage`` on this window when ANOTHER tab of
the site writes localStorage, and nothing when this one does; the session then
reads the slot once and follows or asks (``Session.sync``). A page coming back
from the back/forward cache or from the background missed those events, so it
checks once on ``pageshow`` and ``visibilitychange`` too: one read, one compare.
"""
from __future__ import annotations

from typing import Optional

from pyodide.ffi import create_once_callable, create_proxy, to_js
from pyscript import document, window

from .controller import Session
from .intents import dispatch
from .render import start_screen, table_screen
from .saves import SAVE_KEY
from .viewmodel import start_model, table_model

DOWNLOAD_NAME = "aggravation-unreadable-save.json"


def found(node) -> bool:
    """A DOM lookup's result is an element (Pyodide gives JS null as a JsNull, not None)."""
    return node is not None and type(node).__name__ != "JsNull"


def attr(node, name: str) -> str:
    """An attribute's text, '' when absent (a missing dataset key raises in Pyodide)."""
    value = node.getAttribute(name)
    return str(value) if found(value) else ""


class LocalStore:
    """localStorage as get/set/remove of text; a full or blocked store never crashes the game.

    ``set`` answers whether the text was kept: False when the browser refused it (quota
    exceeded, storage blocked), so the session can tell the player once."""

    def get(self, key: str) -> Optional[str]:
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # storage blocked (private mode, file://)
            return None
        return str(value) if found(value) else None

    def set(self, key: str, text: str) -> bool:
        try:
            window.localStorage.setItem(key, text)
        except Exception:  # QuotaExceededError, SecurityError
            return False
        return True

    def remove(self, key: str) -> None:
        try:
            window.localStorage.removeItem(key)
        except Exception:
            pass


def url_params() -> dict[str, str]:
    """The address's query, last value per key, blank values dropped (as parse_qs does).

    The browser's URLSearchParams, not urllib.parse: importing that compiles urllib.parse and
    ipaddress from source in Pyodide, ~80-150 ms of the boot (bench.load)."""
    query = window.URLSearchParams.new(str(window.location.search))
    params = {}
    for pair in window.Array.from_(query.entries()):  # from_: Pyodide for the keyword `from`
        key, value = str(pair[0]), str(pair[1])
        if value:
            params[key] = value
    return params


def forget_deal_params() -> None:
    """Drop ?seed=, ?level= and ?house= from the address, so a reload resumes instead of restarting."""
    params = url_params()
    kept = "&".join(f"{k}={v}" for k, v in params.items() if k not in ("seed", "level", "house"))
    window.history.replaceState(None, "", str(window.location.pathname) + (f"?{kept}" if kept else ""))


class Page:
    def __init__(self, session: Session, root_id: str = "screen") -> None:
        self.session = session
        self.root = document.getElementById(root_id)
        self.timer = None
        self._tick = create_proxy(self.tick)
        self.root.addEventListener("click", create_proxy(self.on_click))
        document.addEventListener("keydown", create_proxy(self.on_key))
        window.addEventListener("storage", create_proxy(self.on_storage))
        wake = create_proxy(self.on_wake)
        window.addEventListener("pageshow", wake)
        document.addEventListener("visibilitychange", wake)

    def on_storage(self, event) -> None:
        """Another tab wrote localStorage: the save slot, or everything (``clear()``: key null)."""
        key = event.key
        if not found(key) or str(key) == SAVE_KEY:
            self.follow()

    def on_wake(self, _event=None) -> None:
        if str(document.visibilityState) == "visible":
            self.follow()

    def follow(self) -> None:
        if self.session.sync():
            self.render()
            self.schedule()

    def on_click(self, event) -> None:
        target = event.target.closest("[data-act]")
        if not found(target) or target.disabled:
            return
        self.run(attr(target, "data-act"), attr(target, "data-arg"))

    def on_key(self, event) -> None:
        if event.key == "Escape":
            if self.session.ui.confirm:
                self.run("keep")
            elif self.session.ui.settings_open:
                self.run("settings")
            elif self.session.ui.frames is not None or self.session.ui.selected:
                self.run("cancel")

    def run(self, act: str, arg: str = "") -> None:
        if act == "download":
            self.download()
        elif dispatch(self.session, act, arg):
            self.render()
            self.schedule()

    def download(self) -> None:
        """The set-aside save as a file, made here on the page: a Blob and a link clicked once."""
        text = self.session.saves.unreadable()
        if text is None:
            return
        blob = window.Blob.new(to_js([text]), to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries))
        url = window.URL.createObjectURL(blob)
        link = document.createElement("a")
        link.href, link.download = url, DOWNLOAD_NAME
        document.body.appendChild(link)
        link.click()
        link.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 60_000)

    def render(self) -> None:
        s = self.session
        focus = self._focused()
        if s.ui.screen == "table" and s.state is not None:
            html = table_screen(table_model(s))
        else:
            html = start_screen(start_model(s))
        self.root.innerHTML = html
        self._refocus(focus)
        document.body.dataset.screen = s.ui.screen

    def _focused(self) -> Optional[tuple[str, str]]:
        active = document.activeElement
        if not found(active) or not self.root.contains(active) or not attr(active, "data-act"):
            return None
        return attr(active, "data-act"), attr(active, "data-arg")

    def _refocus(self, focus: Optional[tuple[str, str]]) -> None:
        auto = self.root.querySelector("[data-autofocus]")
        target = auto if found(auto) else None
        if target is None and focus is not None:
            act, arg = focus
            target = self.root.querySelector(f'[data-act="{act}"][data-arg="{arg}"]' if arg else f'[data-act="{act}"]')
            if not found(target) or target.disabled:
                target = self.root.querySelector(".actions button:not([disabled]), .hand .card")
        if found(target):
            target.focus()

    def schedule(self) -> None:
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        pending = self.session.pending()
        if pending is None:
            return
        _kind, delay = pending
        if delay is None:  # the steal offer waits for the player
            return
        self.timer = window.setTimeout(self._tick, delay, self.session.token())

    def tick(self, token) -> None:
        self.timer = None
        if self.session.step(int(token)):
            self.render()
        self.schedule()
