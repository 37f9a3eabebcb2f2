"""Write the start screen into index.html, so the page answers taps before Python is up.

The page's first screen is static HTML that assets/page/boot.js brings to life at once (levels,
settings and house-rule switches respond while Python loads in its worker). It is the very
screen game/ui/screens/start/ draws for a first visit, plus the loading progress, so the page does
not jump when Python takes over.

It also writes a specimen table (a first deal's, in a <template>) that assets/page/boot.js lays out
once, unseen, while Python loads: see table_specimen_html. Run after changing either screen:

    python scripts/shell.py          # rewrite index.html
    python scripts/shell.py --check  # exit 1 if index.html is out of date (tests/test_shell.py)
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- start screen: written by scripts/shell.py from game/ui/screens/start/ -->"
END = "<!-- end of start screen -->"
SPECIMEN_BEGIN = "<!-- table specimen: written by scripts/shell.py from game/ui/screens/table/ -->"
SPECIMEN_END = "<!-- end of table specimen -->"
SPECIMEN_DEAL = {"seed": "5", "level": "sprout", "speed": "0"}  # a first deal with a joker in the hand
# The bar follows the loading's stages and, while Python downloads, its bytes (assets/page/boot.js);
# the share downloaded is shown beside it, not in the status line, which screen readers announce.
LOADING = ('<div class="loading"><div class="load-bar"><progress id="load-progress" max="100" value="2" '
           'aria-label="Loading the game"></progress><span id="load-amount" aria-hidden="true"></span></div>'
           '<p id="loading" role="status">Loading the page…</p></div>')


def first_screen(params: dict[str, str]) -> str:
    """The screen game/ui/screens/start/ draws first for a visit with nothing stored and these URL params."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.ui.app import App

    return App({}, params).boot()["html"]


def start_screen_html() -> str:
    """The first visit's start screen (no game, default settings) with the loading line in it."""
    html = first_screen({})
    anchor = '<section class="house"'  # right under the levels: in view on a phone while it loads
    if anchor not in html:
        raise SystemExit("scripts/shell.py: the start screen has no house-rules section to put the loading line before")
    return html.replace(anchor, LOADING + anchor, 1)


def table_specimen_html() -> str:
    """A first deal's table, for the page to lay out once while Python loads.

    A browser's first layout of a table costs about three times a later one: it opens the
    cards' fonts, shapes their glyphs at new sizes and builds their styles. The real first table
    arrives while the worker's wasm compiler keeps both processors busy, and all that work would
    stretch its redraw past 50 ms; laid out early from this specimen, in the loading's quiet
    time, it is done by then (bench/page.py counts the page's long tasks).
    """
    return f'<template id="table-specimen">{first_screen(SPECIMEN_DEAL)}</template>'


def replaced(page: str, begin: str, end: str, html: str, indent: str) -> str:
    """``page`` with what lies between the markers ``begin`` and ``end`` replaced by ``html``."""
    head, found_begin, rest = page.partition(begin)
    _, found_end, tail = rest.partition(end)
    if not found_begin or not found_end:
        raise SystemExit(f"index.html lacks the markers {begin!r} … {end!r}")
    return f"{head}{begin}\n{indent}{html}\n{indent}{end}{tail}"


def with_shell(page: str) -> str:
    page = replaced(page, BEGIN, END, start_screen_html(), "    ")
    return replaced(page, SPECIMEN_BEGIN, SPECIMEN_END, table_specimen_html(), "  ")


def main(argv: list[str]) -> int:
    page_file = ROOT / "index.html"
    page = page_file.read_text(encoding="utf-8")
    wanted = with_shell(page)
    if "--check" in argv:
        if wanted != page:
            print("index.html's start screen is out of date: run python scripts/shell.py", file=sys.stderr)
            return 1
        return 0
    page_file.write_text(wanted, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
