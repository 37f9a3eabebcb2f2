"""Every translated message keeps its English {placeholders}: a name left out shows a hole on the
screen, a name misspelt raises KeyError when the screen is drawn. For a plural message each form
keeps the plural's names; the singular form alone may leave out the count, {n} or {count} (a
language that says "one" in words: 'la carta de encima'), as may any the English singular leaves out."""
from __future__ import annotations

import re

import pytest

from game.i18n import LANGUAGES, SOURCE
from support import load_script

catalogs = load_script("catalogs")
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
COUNTS = {"n", "count"}   # the count's names: the singular form may say "one" in words instead
FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}")


def fields(text: str) -> set[str]:
    """The names of ``text``'s format fields, '{0}' and '{who}' ('{{' is a brace, not a field)."""
    return set(FIELD.findall(text.replace("{{", "").replace("}}", "")))


def wrong(message) -> list[str]:
    """What a translated message does to its placeholders: [] when each form keeps them."""
    if not message.id or not message.string:
        return []
    if not message.pluralizable:
        got, want = fields(message.string), fields(message.id)
        return [] if got == want else [f"{message.id!r}: {sorted(got)} for {sorted(want)}"]
    want = fields(message.id[1]) | fields(message.id[0])
    out = []
    for n, form in enumerate(message.string):
        if not form:
            continue
        plural = fields(message.id[1])
        need = plural - (COUNTS | (plural - fields(message.id[0])) if n == 0 else set())
        got = fields(form)
        if not need <= got <= want:
            out.append(f"{message.id[1]!r} form {n}: {sorted(got)} for {sorted(want)}")
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_messages_placeholders(lang):
    catalog = catalogs.read(catalogs.po_path(lang), lang)
    bad = [line for message in catalog for line in wrong(message)]
    assert not bad, f"{lang}: {bad[:5]}"


def test_the_check_sees_a_lost_renamed_or_added_placeholder():
    from babel.messages.catalog import Message

    assert not wrong(Message("{who} took {0}", "{who} tomó {0}"))
    assert wrong(Message("{who} took {0}", "{who} tomó"))
    assert wrong(Message("{who} took {0}", "{quien} tomó {0}"))
    assert wrong(Message("Deal {deal}", "Mano {deal} {round}"))
    plural = ("the card above it", "the {n} cards above it")
    assert not wrong(Message(plural, ("la carta de encima", "las {n} cartas de encima", "las {n} cartas de encima")))
    assert wrong(Message(plural, ("la carta de encima", "las cartas de encima", "las {n} cartas de encima")))
    assert wrong(Message(("{n} card", "{n} cards"), ("{n} carta", "{m} cartas", "{n} cartas")))
