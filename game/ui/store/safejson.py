"""JSON from storage, read only when it is safe to read: bounded in size and in nesting.

Whatever sits in localStorage may be hostile or broken. CPython's ``json.loads``
answers deep nesting with a RecursionError, but in the page (Pyodide) the same
recursion can overflow the WebAssembly stack first, and that is a fatal error
no ``except`` catches: the whole interpreter dies and the page never boots. So
the nesting is measured before parsing, with regular expressions (C speed, no
recursion): strings are cut out, everything but brackets dropped, then the
innermost pairs removed, one level or more per pass, ``depth`` passes at most
(``bytes.replace``: a megabyte of brackets in ~0.1 s). Valid JSON
always comes out empty; brackets left over are nesting too deep, or not JSON.
Up to its first error ``json.loads`` reads strings just as this does, so it can
never nest deeper than the passes allow, valid JSON or not. All of it is C-speed
bytes methods (replace, split, join, translate): ~1 ms for a 50 KB save.

>>> loads('{"a": [1, {"b": "]]]"}]}')
{'a': [1, {'b': ']]]'}]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
...
game.ui.store.safejson.UnsafeJson: nested more than 32 deep, or not JSON
>>> loads("x" * 50, limit=10)
Traceback (most recent call last):
...
game.ui.store.safejson.UnsafeJson: 50 characters, more than 10
"""
from __future__ import annotations

import json
from typing import Any

LIMIT = 400_000     # characters: a whole finished game's save is ~50,000
DEPTH = 32          # a saved game nests 5 deep

# Brackets only, as "(" and ")": their kind does not change the depth. UTF-8 never hides these bytes.
PARENS = bytes.maketrans(b"[{]}", b"(())")
NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


class UnsafeJson(ValueError):
    """Text not parsed: too long, too deep, or unbalanced (so not JSON either)."""


def check(text: str, limit: int = LIMIT, depth: int = DEPTH) -> None:
    """Raise UnsafeJson unless ``json.loads(text)`` is bounded by ``limit`` and ``depth``."""
    if not isinstance(text, str):
        raise UnsafeJson(f"not text but {type(text).__name__}")
    if len(text) > limit:
        raise UnsafeJson(f"{len(text)} characters, more than {limit}")
    data = text.encode("utf-8", "surrogatepass")          # lone surrogates may come from storage
    # Escapes pair from the left, as bytes.replace does: without them every quote opens or closes
    # a string, so the pieces between quotes alternate outside, inside, outside...
    bare = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    brackets = b"".join(bare.split(b'"')[::2]).translate(PARENS, NOT_BRACKETS)
    for _ in range(depth):
        if not brackets:
            return
        brackets = brackets.replace(b"()", b"")
    if brackets:
        raise UnsafeJson(f"nested more than {depth} deep, or not JSON")


def loads(text: str, limit: int = LIMIT, depth: int = DEPTH) -> Any:
    """``json.loads`` after ``check``; ValueError (UnsafeJson or JSONDecodeError) when unreadable."""
    check(text, limit, depth)
    return json.loads(text)
