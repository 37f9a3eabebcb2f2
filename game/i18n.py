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

**Where a message is translated: where it is shown.** The game's own words are drawn in the worker,
and one worker may draw screens in several languages: an online host draws each guest's screen, in
that guest's language (issue 43). So no language is installed for the whole process; drawing a screen
happens inside ``speaking(lang)``, a context manager that makes ``lang`` the language of ``_()`` and
``ngettext()`` until it ends (a ``ContextVar``: English outside any). Models and markup are made at
drawing time, so they call ``_("Bot speed")`` and ``ngettext("{n} card", "{n} cards", n).format(n=n)``
directly (a msgid is never an f-string: its words are its key; values go in by ``format``).

Words made *before* drawing and kept in session state (a refusal, "This game moved on in another
tab", a note for the start screen) must not be translated when made: the person who sees them may
read another language. They are kept as a ``Message``: a ``str`` whose value is the English text
(so English output, comparisons, logs and tests are what they were), which also keeps its msgid and
its values, so ``shown()`` — and the markup's ``e()``, which every text passes through — translates
it in the language being drawn. Words a function makes from game values (a log line, a game's
title) are kept as ``Later(function, *args)``: the function's English as text, run again where shown.
The engine's refusal reasons may be Messages too without the engine knowing any language: English
is their value. Intents run outside ``speaking``, so anything they word reads English: keep it as a
Message, never as ``_()``'s output.

Who speaks what: game/ui/app.py draws the page's own screen in the address's ``?lang=``, else the
one picked in ⚙️ (Settings.lang), else the first of the browser's languages the game has; the
online host's worker (game/ui/online/host.py) draws each guest's screen in the languages that
guest's hello said.

A kept message that counts is a ``Counted(singular, plural, n, **values)`` ("Keep at least {n}
card to discard"): ``ngettext`` where shown. A Message (or Later) put into other words — a value of
``_("{who} discarded {card}").format(card=card.name)``, an f-string — reads in the language being
drawn (``__format__``), so the engine's words (a card's name, a contract, a refusal) go into any
sentence as they are; only ``+`` and ``join`` read their English text: use ``shown()`` there.

Babel extracts the messages of ``_()``, ``ngettext()``, ``N_()`` (words defined in one place, e.g.
a table of labels, and translated where shown with ``_(label)``), ``Message()`` and ``Counted()``: scripts/catalogs.py.

**Which catalogs a process holds**: the worker fetches only the chosen language's .mo (English needs
none) and hands its bytes to ``install``; a catalog that is missing or unreadable is not installed,
and that language reads English (``speaking`` never fails).
"""
from __future__ import annotations

import binascii
import gettext
import io
import zlib
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Optional, Union

DOMAIN = "aggravation"
SOURCE = "en"
# The languages players can pick, in the order a menu lists them: English first, the source.
LANGUAGES = ("en", "es", "de", "fr")
PSEUDO = "qps"  # pseudo-language (a private-use code): every message wrapped in ⟦…⟧
# Each language in its own name, as a language menu lists it (never translated).
LANGUAGE_NAMES = {"en": "English", "es": "Español", "de": "Deutsch", "fr": "Français", PSEUDO: "⟦Pseudo⟧"}
LOCALES = Path(__file__).resolve().parent.parent / "locales"

Translations = Union[gettext.GNUTranslations, gettext.NullTranslations, "Keyed"]
Gettext = Callable[[str], str]


# The game's own words, compiled apart from the rules pages' long prose: the one file the worker
# fetches for a language (scripts/catalogs.py writes it from the same .po, with only the messages of game/).
GAME_DOMAIN = "game"


def mo_path(lang: str, root: Path = LOCALES, domain: str = DOMAIN) -> Path:
    """Where a language's compiled catalog sits (written by scripts/catalogs.py)."""
    return root / lang / "LC_MESSAGES" / f"{domain}.mo"


GZIP_MAGIC = b"\x1f\x8b"  # how a gzip stream starts (a .mo file starts with its own magic number)


def from_mo(data: bytes) -> gettext.GNUTranslations:
    """A catalog from a compiled .mo file's bytes: how the worker will load what it fetched. The built
    site ships the worker's catalogs gzipped (scripts/build.py: hosts send a .mo file as it is, and
    gzipped it is a third of the bytes), so bytes that start as gzip does are unwrapped first."""
    if data[:2] == GZIP_MAGIC:
        data = zlib.decompress(data, wbits=31)  # zlib is built into Pyodide: no module to fetch
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


# The worker's catalog (game.mo) is keyed: each message's msgid is its key(), six characters, not its
# English, which the game's code already holds. Half a language's download was its English msgids; keyed,
# a language adds some 40 % fewer bytes to a first visit (bench.network --lang). scripts/catalogs.py writes
# it so, with KEYED as one more message, and refuses two messages with one key.
KEYED = "aggravation:keyed"


def key(message: str) -> str:
    """A message's key in the worker's catalog: its CRC-32 (zlib: built into Pyodide), base64.

    >>> key("Bot speed"), len(key("a much longer message, its key as short"))
    ('ySl13Q', 6)
    """
    return binascii.b2a_base64(zlib.crc32(message.encode("utf-8")).to_bytes(4, "big"), newline=False)[:6].decode()


class Keyed:
    """A keyed catalog (see KEYED) read by the English words the code says: a message it lacks reads English."""

    def __init__(self, translations: gettext.GNUTranslations) -> None:
        self.translations = translations

    def gettext(self, message: str) -> str:
        short = key(message)
        found = self.translations.gettext(short)
        return message if found == short else found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        short = key(singular)
        found = self.translations.ngettext(short, short, n)
        return (singular if n == 1 else plural) if found == short else found


def keyed_or_not(translations: gettext.GNUTranslations) -> Union[Keyed, gettext.GNUTranslations]:
    return Keyed(translations) if translations.gettext(KEYED) != KEYED else translations


def N_(message: str) -> str:
    """Marks a message for extraction where it is defined; it is translated where it is shown."""
    return message


# ---------------------------------------------------------------- the game's words, at drawing time

ENGLISH = gettext.NullTranslations()
_catalogs: dict[str, Translations] = {SOURCE: ENGLISH}      # the languages this process can draw in
_drawing: ContextVar[str] = ContextVar("aggravation_language", default=SOURCE)  # the language drawn in


def install(lang: str, data: Optional[bytes]) -> bool:
    """Keep ``lang``'s catalog from its compiled bytes; False (and English for it) when there are
    none or they are not a catalog: a broken download never stops the game."""
    if lang == SOURCE or not data:
        return lang == SOURCE
    try:
        _catalogs[lang] = keyed_or_not(from_mo(data))
    except Exception:  # noqa: BLE001 (gettext raises OSError, struct.error, UnicodeError... on a bad file)
        return False
    return True


def installed(lang: str) -> bool:
    return lang in _catalogs


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw in ``lang`` until the block ends (English for a language not installed)."""
    token = _drawing.set(lang if lang in _catalogs else SOURCE)
    try:
        yield
    finally:
        _drawing.reset(token)


def drawing() -> str:
    """The language being drawn in (English outside ``speaking``)."""
    return _drawing.get()


def _(message: str) -> str:
    """``message`` in the language being drawn."""
    return _catalogs[_drawing.get()].gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message that the language being drawn uses for ``n``."""
    return _catalogs[_drawing.get()].ngettext(singular, plural, n)


class Message(str):
    """Words kept to be shown later (see the module's docstring): the English text, formatted with
    ``values``, which ``shown()`` translates in the language being drawn. A value may itself be a
    Message or Later (translated too) or anything else (a name, a card: shown as it is).

    >>> m = Message("{who} went out", who="Ben")
    >>> m, m == "Ben went out", shown(m)
    ('Ben went out', True, 'Ben went out')
    """

    msgid: str
    values: dict[str, Any]

    def __new__(cls, msgid: str, **values: Any) -> "Message":
        self = super().__new__(cls, msgid.format(**{k: shown(v) for k, v in values.items()}) if values else msgid)
        self.msgid, self.values = msgid, values
        return self

    def __reduce__(self):  # a copy (copy.deepcopy, pickle) keeps the message, not only its English
        return _remade, (self.msgid, self.values)

    def shown(self) -> str:
        text = _(self.msgid)
        return text.format(**{k: shown(v) for k, v in self.values.items()}) if self.values else text

    def __format__(self, spec: str) -> str:
        """Put into other words (``_("{who} discarded {card}").format(card=card.name)``, an
        f-string), a message reads in the language being drawn, as ``shown()``."""
        return format(self.shown(), spec)


class Counted(Message):
    """A kept message that counts (``ngettext``'s kept form): English's singular or plural for
    ``n`` now, the drawn language's form where shown.

    >>> Counted("Keep at least {n} card", "Keep at least {n} cards", 2)
    'Keep at least 2 cards'
    """

    plural: str
    n: int

    def __new__(cls, singular: str, plural: str, n: int, **values: Any) -> "Counted":
        values = {"n": n, **values}
        self = Message.__new__(cls, singular if n == 1 else plural, **values)
        self.msgid, self.plural, self.n = singular, plural, n
        return self

    def __reduce__(self):
        return _counted, (self.msgid, self.plural, self.n, self.values)

    def shown(self) -> str:
        return ngettext(self.msgid, self.plural, self.n).format(**{k: shown(v) for k, v in self.values.items()})


def _counted(singular: str, plural: str, n: int, values: dict[str, Any]) -> Counted:
    return Counted(singular, plural, **values)


def _remade(msgid: str, values: dict[str, Any]) -> Message:
    return Message(msgid, **values)


def shown(text: Any) -> Any:
    """A Message (or Later) in the language being drawn; anything else as it is."""
    return text.shown() if isinstance(text, (Message, Later)) else text


class Later(str):
    """Words made by a function of the game's (a log line, a game's title), kept to be shown later:
    the function's English now, and its words again, in the language being drawn, where shown.

    >>> Later(str.upper, "ben")
    'BEN'
    """

    def __new__(cls, function: Callable[..., str], *args: Any) -> "Later":
        self = super().__new__(cls, function(*args))
        self.function, self.args = function, args
        return self

    def __reduce__(self):
        return Later, (self.function, *self.args)

    def shown(self) -> str:
        return self.function(*self.args)

    def __format__(self, spec: str) -> str:
        return format(self.shown(), spec)


def chosen(wanted: Iterable[str], offered: Iterable[str] = LANGUAGES) -> str:
    """The first of a browser's languages (``navigator.languages``: 'de-AT', 'fr') the game has,
    English when none; a region's language is its language's.

    >>> chosen(["pt-BR", "de-AT", "fr"]), chosen(["ES"]), chosen([]), chosen([7, "en-GB", "es"])
    ('de', 'es', 'en', 'en')
    """
    offered = tuple(offered)
    for tag in wanted:
        lang = str(tag).split("-")[0].split("_")[0].lower()
        if lang in offered:
            return lang
    return SOURCE
