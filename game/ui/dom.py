"""The page glue: the only module that touches ``js``/``pyscript``.

One delegated click listener and one keydown listener on the stable
``#screen`` container read ``data-act``/``data-arg``; every change re-renders
from the session. Bot turns run one decision per ``setTimeout`` tick, so the
page's thread is never held for long.
"""
from __future__ import annotations

from typing import Optional

from pyodide.ffi import create_proxy
from pyscript import document, window

from .controller import Session
from .intents import dispatch
from .render import start_screen, table_screen
from .viewmodel import settings_model, table_model


def found(node) -> bool:
    """A DOM lookup's result is an element (Pyodide gives JS null as a JsNull, not None)."""
    return node is not None and type(node).__name__ != "JsNull"


def attr(node, name: str) -> str:
    """An attribute's text, '' when absent (a missing dataset key raises in Pyodide)."""
    value = node.getAttribute(name)
    return str(value) if found(value) else ""


class LocalStore:
    """localStorage as get/set/remove of text; a full or blocked store never crashes the game."""

    def get(self, key: str) -> Optional[str]:
        try:
            value = window.localStorage.getItem(key)
        except Exception:  # storage blocked (private mode, file://)
            return None
        return str(value) if found(value) else None

    def set(self, key: str, text: str) -> None:
        try:
            window.localStorage.setItem(key, text)
        except Exception:
            pass

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

    def on_click(self, event) -> None:
        target = event.target.closest("[data-act]")
        if not found(target) or target.disabled:
            return
        self.run(attr(target, "data-act"), attr(target, "data-arg"))

    def on_key(self, event) -> None:
        if event.key == "Escape":
            if self.session.ui.settings_open:
                self.run("settings")
            elif self.session.ui.frames is not None or self.session.ui.selected:
                self.run("cancel")

    def run(self, act: str, arg: str = "") -> None:
        if dispatch(self.session, act, arg):
            self.render()
            self.schedule()

    def render(self) -> None:
        s = self.session
        focus = self._focused()
        if s.ui.screen == "table" and s.state is not None:
            html = table_screen(table_model(s))
        else:
            html = start_screen(s.state is not None, s.ui.notice, settings_model(s))
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
