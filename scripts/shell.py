"""Write the start screen into index.html, so the page answers taps before Python is up.

The page's first screen is static HTML that assets/app.js brings to life at once (levels,
settings and house-rule switches respond while Python loads in its worker). It is the very
screen game/ui/render.py draws for a first visit, plus the loading progress, so the page does
not jump when Python takes over. Run after changing the start screen:

    python scripts/shell.py          # rewrite index.html
    python scripts/shell.py --check  # exit 1 if index.html is out of date (tests/test_shell.py)
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BEGIN = "<!-- start screen: written by scripts/shell.py from game/ui/render.py -->"
END = "<!-- end of start screen -->"
LOADING = ('<div class="loading"><progress id="load-progress" max="4" value="1" aria-label="Loading the game">'
           '</progress><p id="loading" role="status">Loading the page…</p></div>')


def start_screen_html() -> str:
    """The first visit's start screen (no game, default settings) with the loading line in it."""
    sys.path.insert(0, str(ROOT))
    from game.ui.app import App

    html = App({}, {}).frame()["html"]
    anchor = '<section class="house"'  # right under the levels: in view on a phone while it loads
    if anchor not in html:
        raise SystemExit("scripts/shell.py: the start screen has no house-rules section to put the loading line before")
    return html.replace(anchor, LOADING + anchor, 1)


def with_shell(page: str) -> str:
    head, begin, rest = page.partition(BEGIN)
    _, end, tail = rest.partition(END)
    if not begin or not end:
        raise SystemExit(f"index.html lacks the markers {BEGIN!r} … {END!r}")
    return f"{head}{BEGIN}\n    {start_screen_html()}\n    {END}{tail}"


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
