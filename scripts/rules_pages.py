"""Write the 📜 rules pages and 🖨️ printable cards from their two templates (pages/).

    python scripts/rules_pages.py          # rewrite every rulebook's rules page and card, in each language
    python scripts/rules_pages.py --check  # exit 1 if a committed page differs from its template (tests/test_pages.py)

The pages are committed, as index.html's start screen is (scripts/shell.py): `make play` serves the
repository as it is and `make dist` copies them, so neither needs a render step, and a change to
the words shows in review as the HTML a player gets. A language's pages are written once its
catalog translates every message (scripts/catalogs.py); until then it has none, rather than pages
half in English. English keeps today's URLs; another language adds its code (rules.es.html,
print/gallery.es.html).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT / "scripts", ROOT):  # the repository's root first: its pages/ package
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import catalogs  # noqa: E402  (scripts/catalogs.py: compiles the .mo files the pages are drawn from)

from game.i18n import LANGUAGES, SOURCE, Translations, load  # noqa: E402
from pages import print_card, rules_page  # noqa: E402
from pages.parts import BOOKS, CARD, PAGE, Page, localized  # noqa: E402


PAGES = "pages/"  # where the templates' messages are used (the catalogs hold the game's words too)


def languages() -> tuple[str, ...]:
    """English, and every language whose catalog translates every word of the pages."""
    return tuple(lang for lang in LANGUAGES
                 if lang == SOURCE or (catalogs.po_path(lang).exists() and not catalogs.missing(lang, PAGES)))


def rendered(langs: tuple[str, ...], tr_for=load) -> dict[str, str]:
    """Every page's path (from the site's root) and its HTML."""
    catalogs.compile_all()
    out: dict[str, str] = {}
    for lang in langs:
        tr: Translations = tr_for(lang)
        for book in BOOKS:
            page = Page(book, lang, tr, langs)
            out[localized(PAGE[book], lang)] = rules_page.render(page)
            out[localized(CARD[book], lang)] = print_card.render(page)
    return out


def main(argv: list[str], root: Path = ROOT) -> int:
    pages = rendered(languages())
    stale = [path for path, html in pages.items()
             if not (root / path).exists() or (root / path).read_text(encoding="utf-8") != html]
    if "--check" in argv:
        for path in stale:
            print(f"scripts/rules_pages.py: {path} differs from its template (run python scripts/rules_pages.py)",
                  file=sys.stderr)
        return 1 if stale else 0
    for path in stale:
        (root / path).write_text(pages[path], encoding="utf-8")
        print(f"pages: wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
