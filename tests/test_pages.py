"""The rules pages and printable cards are drawn from two templates and the message catalogs
(pages/, scripts/rules_pages.py, scripts/catalogs.py): the committed pages are the templates' output, no
message the templates use is missing from a catalog, and the pseudo-language shows every word of
them came through one."""
from __future__ import annotations

import re

import pytest

from game.i18n import LANGUAGES, PSEUDO, SOURCE, load
from support import load_script

pages = load_script("rules_pages")
catalogs = load_script("catalogs")
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]


def test_the_committed_pages_are_the_templates_output():
    assert pages.main(["--check"]) == 0, "run: python scripts/rules_pages.py"


def test_the_template_holds_every_message_the_templates_use():
    """locales/aggravation.pot is what Babel reads from pages/ today: a new message is extracted."""
    fresh = {m.id for m in catalogs.extract() if m.id}
    kept = {m.id for m in catalogs.read(catalogs.TEMPLATE) if m.id}
    assert fresh == kept, f"run: python scripts/catalogs.py --extract (new: {sorted(map(str, fresh - kept))[:5]})"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_has_every_message_of_the_template(lang):
    """A message can be untranslated for now (the page is not written in that language), never absent."""
    catalog = catalogs.read(catalogs.po_path(lang), lang)
    absent = [m.id for m in catalogs.read(catalogs.TEMPLATE) if m.id and catalog.get(m.id) is None]
    assert not absent, f"{lang}: messages missing from the catalog: {absent[:5]}"


@pytest.mark.parametrize("lang", [lang for lang in pages.languages() if lang != SOURCE])
def test_a_written_language_translates_every_message_of_the_pages(lang):
    assert not catalogs.missing(lang, pages.PAGES)


def test_missing_finds_an_untranslated_message(tmp_path, monkeypatch):
    """The completeness check itself: a catalog with one message left empty is incomplete."""
    template = catalogs.read(catalogs.TEMPLATE)
    po = tmp_path / "xx" / "LC_MESSAGES" / "aggravation.po"
    full = catalogs.pseudo(template)
    first = next(m for m in full if m.id and isinstance(m.id, str))
    first.string = ""
    catalogs.write_catalog(full, po)
    monkeypatch.setattr(catalogs, "po_path", lambda lang: po)
    assert catalogs.missing("xx") == [first.id]


TAG = re.compile(r"<[^>]+>|&[a-z]+;|&#x?[0-9a-f]+;")
# What may stand outside a message: card glyphs and ranks, numbers, emoji labels, the rulebooks' names
# and the language names, punctuation and the ⟦ ⟧ themselves.
ALLOWED = re.compile(r"^(?:[\s\d♣♦♥♠🔒JQKA+–·,.:;()\-—%’]|[\U0001F000-\U0001FAFF\u2190-\u27BF\u2460-\u24FF\uFE0F\u20E3]"
                     r"|Aggravation|Gallery|Rummy|Contract|Sprout|Scout|Ace|English|Español|Deutsch|Français"
                     r"|Pseudo|<br>)*$")


def unwrapped(html: str) -> list[str]:
    """Text of a page that is outside every ⟦…⟧ and not a glyph, a number or a name."""
    body = html.split("<body>", 1)[1]
    body = re.sub(r"<svg.*?</svg>", " ", body, flags=re.S)
    body = re.sub(r"<!--.*?-->|<kbd>[^<]*</kbd>", " ", body, flags=re.S)  # key names are the keyboard's
    outside, previous = body, ""
    while outside != previous:  # innermost message first: a message may hold another ({count} words)
        previous, outside = outside, re.sub(r"⟦[^⟦⟧]*⟧", "\x00", outside)
    outside = outside.replace("\x00", " ")
    return [text.strip() for text in TAG.sub("\n", outside).splitlines() if not ALLOWED.match(text.strip())]


def test_in_the_pseudo_language_every_word_of_every_page_is_a_message():
    drawn = pages.rendered((SOURCE, PSEUDO), tr_for=load)
    pseudo_pages = {path: html for path, html in drawn.items() if f".{PSEUDO}." in path}
    assert len(pseudo_pages) == 6
    for path, html in pseudo_pages.items():
        assert not unwrapped(html), f"{path}: words outside the catalogs: {unwrapped(html)[:8]}"


def test_the_unwrapped_finder_sees_a_bare_word():
    assert unwrapped("<body><p>⟦Draw⟧ 7♥ 🫳</p><p>Discard</p></body>") == ["Discard"]


def test_plural_forms_come_from_each_catalogs_header():
    """ngettext chooses by the language's own rule: the header each catalog carries (Babel's CLDR data)."""
    for lang in TRANSLATED:
        info = load(lang).info()
        assert "nplurals" in info.get("plural-forms", ""), lang
