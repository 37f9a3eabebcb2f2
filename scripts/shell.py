"""Write the start screen into index.html, so the page answers taps before Python is up.

The page's first screen is static HTML that assets/page/boot.js brings to life at once (levels,
settings and house-rule switches respond while Python loads in its worker). It is the very
screen game/ui/screens/start/ draws for a first visit, plus the loading progress, so the page does
not jump when Python takes over.

It also writes a specimen table (a first deal's, in a <template>) that assets/page/boot.js lays out
once, unseen, while Python loads: see table_specimen_html. Run after changing either screen:

    python scripts/shell.py          # rewrite index.html (and each language's start screen)
    python scripts/shell.py --check  # exit 1 if index.html is out of date (tests/test_shell.py)

index.html's start screen is English. Each other language's, drawn the same way from its compiled
catalog, is written to locales/<lang>/start.html (not committed: scripts/catalogs.py writes it with
the catalogs, as their translations change), and assets/app.js swaps it in before the first paint
when the page speaks that language: a Spanish player never reads English while Python loads.
"""
from __future__ import annotations

import html
import json
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
           'aria-label="{label}"></progress><span id="load-amount" aria-hidden="true"></span></div>'
           '<p id="loading" role="status">{line}</p></div>')
LOADING_WORDS = {"label": "Loading the game", "line": "Loading the page…"}  # messages of assets/page/boot.js
START_FILE = "start.html"  # locales/<lang>/start.html: that language's start screen


def first_screen(params: dict[str, str]) -> str:
    """The screen game/ui/screens/start/ draws first for a visit with nothing stored and these URL params."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.ui.app import App

    return App({}, params).boot()["html"]


def start_screen_html(lang: str = "", words: dict[str, str] | None = None) -> str:
    """The first visit's start screen (no game, default settings) with the loading line in it: in
    English, or in ``lang`` with ``words``, the page's words in it (scripts/catalogs.py page_words)."""
    words = words or {}
    screen = first_screen({"lang": lang} if lang else {})
    anchor = '<section class="house"'  # right under the levels: in view on a phone while it loads
    if anchor not in screen:
        raise SystemExit("scripts/shell.py: the start screen has no house-rules section to put the loading line before")
    loading = LOADING.format(**{key: html.escape(words.get(english) or english) for key, english in LOADING_WORDS.items()})
    return screen.replace(anchor, loading + anchor, 1)


def write_starts(langs) -> list[Path]:
    """Each language's start screen, drawn in it from its compiled catalog, into locales/<lang>/start.html
    (those that changed: their paths). A language not compiled yet is skipped."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game import i18n

    written = []
    held = dict(i18n._catalogs)  # the languages this process could draw in before: kept as they were
    try:
        for lang in langs:
            catalog, words = i18n.mo_path(lang, domain=i18n.GAME_DOMAIN), i18n.LOCALES / lang / "page.json"
            if not catalog.is_file() or not words.is_file() or not i18n.install(lang, catalog.read_bytes()):
                continue
            text = start_screen_html(lang, json.loads(words.read_text(encoding="utf-8"))["messages"]).encode("utf-8")
            path = i18n.LOCALES / lang / START_FILE
            if not path.is_file() or path.read_bytes() != text:
                path.write_bytes(text)
                written.append(path)
    finally:
        i18n._catalogs.clear()
        i18n._catalogs.update(held)
    return written


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
    from game.i18n import LANGUAGES, PSEUDO, SOURCE
    write_starts([lang for lang in (*LANGUAGES, PSEUDO) if lang != SOURCE])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
