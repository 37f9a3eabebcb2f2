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
