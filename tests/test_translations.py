"""Every translated message keeps its English placeholders: the code fills a message with
``str.format``, so a renamed or dropped ``{name}`` would raise (KeyError) or lose a word at the table.

A plural's forms may leave out its count (``{n}``, or ``{count}`` in the rules pages) only in the
singular (form 0), for a language that says "one" in words ("deiner letzten Partie", "ein Paar");
every other placeholder is in every form."""
from __future__ import annotations

import re

import pytest

from game.i18n import LANGUAGES, SOURCE
from support import load_script

catalogs = load_script("catalogs")
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
PLACEHOLDER = re.compile(r"\{(\w*)\}")
COUNTS = {"n", "count"}  # the names ngettext's count goes by in the code's messages


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def wrong_placeholders(message) -> list[str]:
    """What is wrong with one message's translation ([] when nothing is, or it is not translated)."""
    if isinstance(message.id, str):
        if not message.string or placeholders(message.string) == placeholders(message.id):
            return []
        return [f"{message.id!r} -> {message.string!r}"]
    wanted = placeholders(message.id[0]) | placeholders(message.id[1])
    wrong = []
    for index, form in enumerate(message.string):
        may_omit = COUNTS if index == 0 else set()
        if form and not (wanted - may_omit <= placeholders(form) <= wanted):
            wrong.append(f"{message.id[1]!r} [{index}] -> {form!r}")
    return wrong


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_messages_placeholders(lang):
    catalog = catalogs.read(catalogs.po_path(lang), lang)
    wrong = [line for message in catalog if message.id for line in wrong_placeholders(message)]
    assert not wrong, f"{lang}: placeholders differ from the English: {wrong[:5]}"


def test_a_renamed_or_dropped_placeholder_is_caught():
    """The check itself: a German line that renamed {who} is caught, one that says "one" in words is not."""
    from babel.messages.catalog import Message

    assert wrong_placeholders(Message("{who} took {0}", "{wer}: {0} genommen"))
    assert not wrong_placeholders(Message("{who} took {0}", "{who}: {0} genommen"))
    plural = ("{n} card", "{n} cards")
    assert not wrong_placeholders(Message(plural, ("eine Karte", "{n} Karten")))
    assert wrong_placeholders(Message(plural, ("{n} Karte", "Karten")))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_workers_catalog_is_keyed_and_says_what_the_po_says(lang):
    """game.mo holds each message by its key, not its English (the code has that): every translated
    game message reads the .po's words through it, a plural each of its forms."""
    from game.i18n import GAME_DOMAIN, _, install, mo_path, ngettext, speaking

    data = mo_path(lang, domain=GAME_DOMAIN).read_bytes()
    assert b"Bot speed" not in data
    assert install(lang, data)
    catalog = catalogs.read(catalogs.po_path(lang), lang)
    game = [m for m in catalog if m.id and m.string and any(w.startswith("game/") for w, _line in m.locations)]
    assert len(game) > 500
    with speaking(lang):
        for message in game:
            if isinstance(message.id, str):
                assert _(message.id) == message.string
            elif all(message.string):
                assert ngettext(*message.id, 1) in message.string and ngettext(*message.id, 7) in message.string
        assert _("A message no catalog has") == "A message no catalog has"
        assert ngettext("{n} thing nobody counts", "{n} things nobody counts", 2) == "{n} things nobody counts"


def test_two_messages_with_one_key_are_refused(monkeypatch):
    """Keys are 32 bits: should two of the game's messages ever share one, the build says so."""
    from babel.messages.catalog import Catalog

    monkeypatch.setattr(catalogs, "key", lambda message: "SAME00")
    clash = Catalog(locale="es")
    clash.add("Draw", "Robar")
    clash.add("Discard", "Descartar")
    with pytest.raises(SystemExit, match="share the key"):
        catalogs.keyed(clash)
