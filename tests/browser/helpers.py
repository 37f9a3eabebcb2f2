"""Shared steps for the game's browser tests: open a fixed deal, replay planned clicks."""
from __future__ import annotations

from typing import Callable, Optional

TABLE = ".table-screen"


def open_deal(page, site_url: str, seed: int, level: str, steal: str = "off", timeout: int = 60_000,
              house: str = "") -> None:
    """Start the exact deal ``?seed=&level=`` with instant bots (and ``?house=`` rules, if any)."""
    page.goto(f"{site_url}?seed={seed}&level={level}&speed=0&steal={steal}" + (f"&house={house}" if house else ""))
    page.wait_for_selector(TABLE, timeout=timeout)


def at_token(page, token: int, timeout: int = 60_000) -> None:
    """Wait until the page has played exactly ``token`` moves (bots at ?speed=0, a loaded machine)."""
    page.wait_for_selector(f'{TABLE}[data-token="{token}"]', state="attached", timeout=timeout)


def control(page, act: str, arg: str = ""):
    selector = f'#screen [data-act="{act}"]' + (f'[data-arg="{arg}"]' if arg else "")
    return page.locator(selector).first


def settled(page, timeout: int = 20_000) -> None:
    """Wait until the worker has answered every tap so far (assets/app.js: #screen[aria-busy])."""
    page.wait_for_selector("#screen:not([aria-busy])", state="attached", timeout=timeout)


def replay(page, steps, before: Optional[Callable[[int, str, str], None]] = None) -> None:
    """Click each planned step once the page has reached its move number and drawn the last tap."""
    for index, (token, act, arg) in enumerate(steps):
        at_token(page, token)
        if before:
            before(index, act, arg)
        control(page, act, arg).click()
        settled(page)


def hand_codes(page) -> list[str]:
    return page.eval_on_selector_all('[data-zone="hand"] [data-card]', "els => els.map(e => e.dataset.card)")


def hand_keys(page) -> list[str]:
    return page.eval_on_selector_all('[data-zone="hand"] [data-card]', "els => els.map(e => e.dataset.key)")


STILL = "el => Promise.all(el.getAnimations().map(a => a.finished.catch(() => null)))"


def centre(locator) -> tuple[float, float]:
    """Where a player would put a finger: the element's middle once it has stopped travelling
    (a card in flight is drawn at its new place only when its flight lands, assets/app.js)."""
    locator.scroll_into_view_if_needed()
    locator.evaluate(STILL)
    box = locator.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def mouse_drag(page, source, target) -> None:
    """A mouse drag from the middle of one element to the middle of another, past the 8 px that
    tell a drag from a tap; then wait for the worker's answer."""
    x, y = centre(source)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 12, y - 12, steps=2)
    tx, ty = centre(target)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    settled(page)
