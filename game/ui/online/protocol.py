"""What crosses the wire at an online table, and the check every guest message passes first.

The page's online wire (assets/page/hosting.js and guest.js) carries text both ways over PeerJS data channels and
hands the host's worker each guest message as it came, with the id it gave that connection. A
message is trusted for nothing: it is bounded in size, parsed with the safe reader, and must be
one of these, with exactly these fields:

guest → host
- ``{"t": "look"}``: a device with no seat here asks what the table is, before it asks a name;
  answered by ``table``, and nothing else happens.
- ``{"t": "hello", "token": "<32 hex>", "name": "Ben", "device": "<32 hex>", "lang": "de,en-GB"}``: sit down
  (again); ``lang`` (optional, as ``ask``'s) the languages its person reads: its screens come in the first the game has.
  The token is the guest's own secret, made on its device and kept there; it is the only way back
  to a seat. ``device`` (optional) names the browser, the same for all its tabs: a seat taken up
  from another device is told to the host.
- ``{"t": "ask", "seat": "2", "token": "<32 hex>", "name": "Ben", "device": "<32 hex>"}``: a new
  device asks for a seat of a game in progress ("I'm Ben, on a new device"); the host decides.
- ``{"t": "tap", "act": "draw", "arg": ""}``: a tap or key on the guest's screen, the same intents
  the page sends its own worker; only the table's are heard (``GUEST_ACTS``).
- ``{"t": "escape"}``: the Escape key.
- ``{"t": "leave"}``: the guest leaves the table (their page asked them first); a bot plays on.

host → guest
- ``{"t": "frame", "seat": 2, "screen": "table" | "lobby", "html": "…"}``: the guest's screen,
  drawn by the host from that seat's own view of the game, and nothing else. A table's frame
  also has, once anything was heard, ``"cues": ["discard", "turn"], "narrate": "…", "at": 7``:
  the last moment's sounds and words (game/ui/cues.py), numbered so a page sounds each once.
- ``{"t": "table", "host": "Ann", "rulebook": "Aggravation", "bots": "🧭 Scout bots", "taken": 2,
  "seats": 4, "started": false, "people": [{"seat": 1, "name": "Ben"}]}``: the answer to ``look``.
- ``{"t": "refused", "why": "…"}``: this device cannot sit here (the game started without it,
  the table is full, the host said no); it stops trying.
- ``{"t": "left", "why": "…"}``: the guest left; its page forgets the seat.
- ``{"t": "closed", "why": "…"}``: the host closed the table.
- ``{"t": "moved", "why": "…"}``: the seat was taken up on another page (a second tab, another
  device with the token): this page stops trying, and offers to take the seat back.

>>> read('{"t": "tap", "act": "draw", "arg": ""}')
{'t': 'tap', 'act': 'draw', 'arg': ''}
>>> read('{"t": "tap", "act": "settings", "arg": ""}')
Traceback (most recent call last):
...
game.ui.online.protocol.BadMessage: not a move at the table: 'settings'
"""
from __future__ import annotations

import json
import re
from typing import Any

from game.i18n import N_

from ..screens.scores import intents as scores
from ..screens.table import hand, intents as table, story
from ..store.room import TOKEN
from ..store.safejson import UnsafeJson, loads

MAX_CHARS = 2048        # the longest message a guest has reason to send is ~150 characters
LANGS = re.compile(r"[A-Za-z0-9,\-]{0,100}\Z")   # hello's "lang": the guest's languages, 'de,en-GB' (game/i18n.py chosen)
ARG = re.compile(r"[\w ,:;.\-/|]{0,120}\Z", re.ASCII)   # a card's key is "7H/2"; a drop's arg "7H/2|meld|3:low"

# The intents a guest's taps may run: the table's and the hand's, and the end of a deal's steps.
# Nothing that opens the host's own screens (settings, statistics, past games, a new game); and a
# reaction (an emoji by its name: online.REACTIONS).
GUEST_ACTS = frozenset(table.NEEDS_GAME) | frozenset(hand.NEEDS_GAME) | frozenset(scores.NEEDS_GAME) | {"react"} \
    | frozenset(story.INTENTS)   # 📜 the deal's moves: the guest's own screen

FIELDS = {"hello": ({"t", "token", "name"}, {"t", "token", "name", "device"}), "tap": ({"t", "act", "arg"},),
          "escape": ({"t"},), "look": ({"t"},), "leave": ({"t"},),
          "ask": ({"t", "seat", "token", "name"}, {"t", "seat", "token", "name", "device"})}


class BadMessage(ValueError):
    """A guest message refused before use: the reason, for the console of the host."""


def read(text: Any) -> dict:
    """The message, checked; BadMessage if it is not one a guest may send."""
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise BadMessage(f"not text of at most {MAX_CHARS} characters")
    try:
        data = loads(text, limit=MAX_CHARS, depth=2)
    except (UnsafeJson, ValueError) as error:
        raise BadMessage(f"not JSON: {error}") from None
    kind = data.get("t") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in FIELDS or \
            set(data) - ({"lang"} if kind in ("hello", "ask", "look") else set()) not in FIELDS[kind]:   # "t": [] is no key
        raise BadMessage("not a message of the table")
    if not all(isinstance(value, str) for value in data.values()):
        raise BadMessage("a field that is not text")
    if kind in ("hello", "ask") and (not TOKEN.match(data["token"]) or len(data["name"]) > 100
                                     or not TOKEN.match(data.get("device", "0" * 32))):
        raise BadMessage(f"a {kind} without a proper token")
    if not LANGS.match(data.get("lang", "")):
        raise BadMessage("a language list no browser makes")
    if kind == "ask" and not (data["seat"].isdecimal() and len(data["seat"]) == 1):
        raise BadMessage("an ask for no seat")
    if data["t"] == "tap":
        if data["act"] not in GUEST_ACTS:
            raise BadMessage(f"not a move at the table: {data['act']!r}")
        if not ARG.match(data["arg"]):
            raise BadMessage("an argument no tap makes")
    return data


# What a page is told when its seat opens on another page (the host words it in the page's language).
MOVED = N_("Your seat is open on another page now.")


def frame(seat: int, screen: str, html: str, **heard) -> str:
    return json.dumps({"t": "frame", "seat": seat, "screen": screen, "html": html, **heard})


def table(info: dict) -> str:
    return json.dumps({"t": "table", **info})


def left(why: str) -> str:
    return json.dumps({"t": "left", "why": why})


def refused(why: str) -> str:
    return json.dumps({"t": "refused", "why": why})


def moved(why: str = MOVED) -> str:
    return json.dumps({"t": "moved", "why": why})


def closed(why: str) -> str:
    return json.dumps({"t": "closed", "why": why})
