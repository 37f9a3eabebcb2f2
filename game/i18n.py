"""The game's languages and their message catalogs, read with Python's own ``gettext``.

English is the source language: a message's English words are its key (msgid), so English needs
no catalog and an untranslated message falls back to its English. Each other language has a
catalog, locales/<lang>/LC_MESSAGES/aggravation.po, compiled to a .mo file at set-up or build time
(scripts/catalogs.py; the .mo files are never committed). The plural rule of a language comes from
its catalog's header (``Plural-Forms``), so ``ngettext`` picks "1 card" / "2 cards" the way that
language counts, with no rule written here.

``PSEUDO`` is a made-up language whose catalog wraps every message in ⟦…⟧, generated from the
template by scripts/catalogs.py: a screen drawn in it shows at a glance any text that did not go
through a catalog.

This module is pure standard library, so the worker can load a catalog from the bytes it fetched
(``from_mo``) exactly as the build reads one from disk (``load``).
"""
from __future__ import annotations

import gettext
import io
from pathlib import Path
from typing import Callable, Union

DOMAIN = "aggravation"
SOURCE = "en"
# The languages players can pick, in the order a menu lists them: English first, the source.
LANGUAGES = ("en", "es", "de", "fr")
PSEUDO = "qps"  # pseudo-language (a private-use code): every message wrapped in ⟦…⟧
LOCALES = Path(__file__).resolve().parent.parent / "locales"

Translations = Union[gettext.GNUTranslations, gettext.NullTranslations]
Gettext = Callable[[str], str]


def mo_path(lang: str, root: Path = LOCALES) -> Path:
    """Where a language's compiled catalog sits (written by scripts/catalogs.py)."""
    return root / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def from_mo(data: bytes) -> gettext.GNUTranslations:
    """A catalog from a compiled .mo file's bytes: how the worker will load what it fetched."""
    return gettext.GNUTranslations(io.BytesIO(data))


def load(lang: str, root: Path = LOCALES) -> Translations:
    """The translations for ``lang``: the source language reads its own words.

    A language without a compiled catalog is an error, not a silent fall back to English: a
    build that forgot to compile would otherwise ship English pages under another language's name.
    """
    if lang == SOURCE:
        return gettext.NullTranslations()
    path = mo_path(lang, root)
    if not path.exists():
        raise FileNotFoundError(f"{path}: no compiled catalog for {lang!r} (run python scripts/catalogs.py)")
    return from_mo(path.read_bytes())


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is shown."""
    return message
