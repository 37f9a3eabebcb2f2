"""🔗 Share this deal, for a deal after the first: the link carries the game's moves before it.

Why moves: every shuffle comes from the one seeded RNG the game owns (game/dealing.py), so deal N
is dealt as it was only after deals 1..N-1 were played as they were (a rebuilt stock draws from
the RNG too), and the rounds, totals and dealer it was dealt at come from them as well. The moves
up to the NextDeal that deals N, as compact JSON, deflated and in base64url (no padding), go in the
link's ``moves=``: about 400 characters a deal. The opener's page replays them onto the game the
link's seed starts (``app.App.boot``), so the new game is at deal N as it was dealt, and saves and
resumes as any game does (its log is the seed and its moves).

>>> from game.actions import NextDeal, Pass
>>> unpack(pack([Pass(), NextDeal()])) == [Pass(), NextDeal()]
True
>>> unpack("not a link")
Traceback (most recent call last):
...
ValueError: this link's moves cannot be read
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Optional

from game.actions import Action, NextDeal, action_from_json, action_to_json
from game.log import GameLog

from . import safejson

LINK_LIMIT = 32_000   # characters a shared address may have: ~70 deals' moves; longer shares deal 1
MOVES_LIMIT = 400_000  # characters of JSON the moves may inflate to (a whole game's are ~30,000)


def moves_before(log: GameLog, deal: int) -> Optional[list[Action]]:
    """The moves up to and including the NextDeal that deals ``deal``; None for deal 1 or a deal
    the log does not reach."""
    if deal <= 1:
        return None
    starts = [n + 1 for n, action in enumerate(log.actions) if isinstance(action, NextDeal)]
    return log.actions[:starts[deal - 2]] if deal - 2 < len(starts) else None


def pack(actions: list[Action]) -> str:
    """The moves as the link's ``moves=`` value (URL-safe as it is)."""
    text = json.dumps([action_to_json(a) for a in actions], separators=(",", ":"))
    return base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def unpack(text: str) -> list[Action]:
    """A link's ``moves=`` read back; ValueError for anything that is not one (a link cut short,
    typed over, or built to inflate without end)."""
    try:
        if len(text) > LINK_LIMIT:
            raise ValueError("too long")
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MOVES_LIMIT + 1)
        if len(raw) > MOVES_LIMIT or not inflate.eof:
            raise ValueError("not whole")
        data = safejson.loads(raw.decode("utf-8"), limit=MOVES_LIMIT)
        if not isinstance(data, list):
            raise ValueError("not a list")
        return [action_from_json(item) for item in data]
    except (ValueError, binascii.Error, zlib.error, UnicodeDecodeError, RecursionError):
        raise ValueError("this link's moves cannot be read") from None
