"""Every translated message keeps its English's {placeholders}: a name dropped or misspelt in a
catalog would raise (KeyError) or show a hole where the game fills in a name, a card or a count.

A plural message's every form keeps the plural's placeholders; only the singular form (the first)
may leave the count out ({n}, or what the English singular leaves out: 'a pair' for '{count}
pairs'), where the language says "one" in words ("votre dernière partie")."""
from __future__ import annotations

import re

import pytest

from game.i18n import LANGUAGES, SOURCE
from support import load_script

catalogs = load_script("catalogs")
TRANSLATED = [lang for lang in LANGUAGES if lang != SOURCE]
FIELD = re.compile(r"\{([^{}]*)\}")


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def wrong(lang: str) -> list[str]:
    """The messages of ``lang``'s catalog whose translation's placeholders are not the English's."""
    out = []
    for m in catalogs.read(catalogs.po_path(lang), lang):
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            wanted = fields(m.id[1]) | fields(m.id[0])
            for i, form in enumerate(m.string):
                have = fields(form) if form else wanted
                may_lack = ({"n"} | (wanted - fields(m.id[0]))) if i == 0 else set()   # the count, said in words
                if not have <= wanted or wanted - have - may_lack:
                    out.append(f"{m.id[0]!r} [{i}]: {sorted(have)} for {sorted(wanted)}")
        elif m.string and fields(m.string) != fields(m.id):
            out.append(f"{m.id!r}: {sorted(fields(m.string))} for {sorted(fields(m.id))}")
    return out


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_translation_keeps_the_placeholders_of_its_english(lang):
    bad = wrong(lang)
    assert not bad, f"{lang}: {len(bad)} messages change their placeholders: {bad[:5]}"


def test_placeholders_are_read_by_name():
    assert fields("{who} took {0} and the {n} cards above it") == {"who", "0", "n"}
    assert fields("Sur la défausse\u00a0: {card}") == {"card"}
