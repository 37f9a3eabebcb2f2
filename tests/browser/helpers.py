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
