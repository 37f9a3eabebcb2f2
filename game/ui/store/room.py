"""An online table's room, as the host's device keeps it: its code, who sits where, how to know
each guest again.

The host's browser is the table: its worker runs the game, and each guest's device only shows
the screens the host sends it. The room is kept in localStorage beside the save slot
(``ROOM_KEY``), so a host who reloads, or closes the tab and comes back, reopens the same room
under the same code, and every guest who comes back with its token gets its own seat again.
The game itself is in the save slot, as any game of people is.

Who is connected right now is not kept (``Room.here``, ``Room.away``): a room read back starts
with every guest away until they say hello again.

>>> room = Room.new("scout")
>>> len(room.code), room.code.startswith("aggravation-")
(36, True)
>>> room.join("a" * 32, "  Ben  ", players=6)
1
>>> room.join("a" * 32, "Benjamin", players=6), room.guests[0].name   # the same token: the same seat
(1, 'Ben')
>>> Room.from_json(room.to_json()).guests == room.guests
True
"""
from __future__ import annotations

import json
import re
import random
from dataclasses import asdict, dataclass, field
from typing import Any, Optional

from game.i18n import N_

from .safejson import loads
from .settings import NAME_LENGTH

CODE_PREFIX = "aggravation-"
CODE = re.compile(r"aggravation-[0-9a-f]{24}\Z")   # 96 random bits: no one finds a room by guessing
TOKEN = re.compile(r"[0-9a-f]{32}\Z")               # a guest's own secret, made on its device
NAME_CHARS = NAME_LENGTH        # as a pass-and-play name
LEVELS = ("sprout", "scout", "ace")
MOST_PLAYERS = 8                                    # the largest table of any rulebook (Contract Rummy's)


class Refused(ValueError):
    """A guest cannot sit at this table; the message says why, in the game's words (English: the host
    words it in the guest's language, online/notes.py)."""


def clean_name(text: Any, fallback: str) -> str:
    """A name as the table shows it: printable, one space between words, at most NAME_CHARS."""
    words = "".join(c if c.isprintable() else " " for c in str(text)).split()   # "Ben\nJones": two words
    name = " ".join(words)[:NAME_CHARS].strip()
    return name or fallback


@dataclass
class Guest:
    token: str
    name: str
    seat: int                    # the host sits at 0; guests at 1, 2, … in the order they came
    stand_in: bool = False       # a bot plays this seat while its person is away (the host's say)
    left: bool = False           # they left the game: a bot plays the seat for good (online.leave)


@dataclass
class Ask:
    """What the host is asked to decide: a new device asks for a seat ("seat"), or a seat moved to
    another device ("moved"). ``verdict`` is the host's answer, acted on by the host's worker."""
    id: int
    kind: str
    seat: int
    name: str
    conn: str = ""               # the line that asked (a "seat" ask)
    token: str = ""              # the token it would sit with
    verdict: str = ""            # "give", "keep"; "back", "ok"


@dataclass
class Room:
    code: str
    level: str = "scout"         # the bots' level in the seats no one took
    game: str = ""               # the id of the game played here; "" while the room waits to start
    guests: list[Guest] = field(default_factory=list)
    here: set = field(default_factory=set, compare=False)     # seats whose person is connected now
    away: dict = field(default_factory=dict, compare=False)   # seat -> when its person left (seconds)
    reactions: dict = field(default_factory=dict, compare=False)   # seat -> (emoji, when sent): shown briefly
    removed: list = field(default_factory=list)   # tokens the host took off the table: refused from then on
    asks: list = field(default_factory=list, compare=False)   # what the host is asked to decide (Ask)
    asked: int = field(default=0, compare=False)              # the last Ask's id

    @classmethod
    def new(cls, level: str = "scout") -> Room:
        # The system's own randomness (os.urandom; crypto.getRandomValues in the page), as ``secrets``
        # gives, without the modules ``secrets`` would add to the page's library.
        code = f"{random.SystemRandom().getrandbits(96):024x}"
        return cls(CODE_PREFIX + code, level if level in LEVELS else "scout")

    @property
    def started(self) -> bool:
        return bool(self.game)

    def guest_at(self, seat: int) -> Optional[Guest]:
        return next((g for g in self.guests if g.seat == seat), None)

    def join(self, token: str, name: str, players: int, host: str = "") -> int:
        """The seat of the guest with ``token``: its own again if it sat here before, else the next
        free one while the room waits to start. ``players``: the most the rulebook seats; ``host``:
        the host's name (a name already at the table gets a number: "Ben 2")."""
        if token in self.removed:
            raise Refused(N_("The host took you off this table."))   # (online/notes.py REMOVED)
        for guest in self.guests:
            if guest.token == token:
                if guest.left:
                    raise Refused(N_("You left this game: a bot plays your seat."))
                return guest.seat
        if self.started:
            raise Refused(N_("This game has already started. Ask the host for a new table."))
        if len(self.guests) + 1 >= players:
            raise Refused(N_("This table is full."))
        seat = len(self.guests) + 1
        self.guests.append(Guest(token, self.unique(clean_name(name, f"Player {seat + 1}"), host), seat))
        return seat

    def unique(self, name: str, host: str) -> str:
        """``name``, or with a number if someone at the table has it already ("Player 1 2" reads
        badly, so a number goes after a space only if the name does not end in one)."""
        taken = {host.casefold()} | {g.name.casefold() for g in self.guests}
        stem = name[:NAME_CHARS - 3]
        for n in range(2, 20):
            if name.casefold() not in taken:
                return name
            name = f"{stem} {n}" if not stem[-1:].isdigit() else f"{stem} ({n})"
        return name

    def ask(self, kind: str, seat: int, name: str, conn: str = "", token: str = "") -> Ask:
        """A question for the host (a "moved" notice replaces the seat's last one)."""
        self.asked += 1
        ask = Ask(self.asked, kind, seat, name, conn, token)
        self.asks = [a for a in self.asks if not (kind == a.kind == "moved" and a.seat == seat)] + [ask]
        return ask

    def answer(self, arg: str) -> bool:
        """The host's answer, "<id>:<verdict>" from a notice's button; False if it asks nothing."""
        number, _, verdict = arg.partition(":")
        ask = next((a for a in self.asks if str(a.id) == number and not a.verdict), None)
        allowed = {"seat": ("give", "keep"), "moved": ("back", "ok")}
        if ask is None or verdict not in allowed[ask.kind]:
            return False
        if verdict == "ok":
            self.asks.remove(ask)
        else:
            ask.verdict = verdict
        return True

    def remove(self, seat: int) -> Optional[Guest]:
        """The host takes a guest off a table that waits to start: their token is refused from now
        on (the host's worker then closes their line, and the seat is free: ``leave``)."""
        guest = self.guest_at(seat)
        if guest is None or self.started:
            return None
        self.removed = [*self.removed, guest.token][-MOST_PLAYERS * 4:]
        return guest

    def leave(self, seat: int) -> None:
        """A guest left a room that waits to start: the seat is free again (a game in progress keeps
        it: its person may come back)."""
        if not self.started:
            self.guests = [g for g in self.guests if g.seat != seat]
            for n, guest in enumerate(self.guests, start=1):
                guest.seat = n
            self.here = {n - 1 if n > seat else n for n in self.here if n != seat}   # those after it moved up

    def to_json(self) -> str:
        return json.dumps({"code": self.code, "level": self.level, "game": self.game,
                           "guests": [asdict(g) for g in self.guests], "removed": self.removed})

    @classmethod
    def from_json(cls, text: Optional[str]) -> Optional[Room]:
        """The kept room, or None when there is none or it is not one this version reads (a room
        that cannot be read is gone: its guests are told the table closed when they come back)."""
        if not text:
            return None
        try:
            data = loads(text, limit=20_000)
            guests = [Guest(str(g["token"]), clean_name(g["name"], "Player"), int(g["seat"]),
                            bool(g.get("stand_in", False)), bool(g.get("left", False))) for g in data["guests"]]
            removed = [str(token) for token in data.get("removed", [])]
            room = cls(str(data["code"]), str(data["level"]), str(data["game"]), guests, removed=removed)
        except (ValueError, KeyError, TypeError, AttributeError):
            return None
        ok = (CODE.match(room.code) and room.level in LEVELS and len(guests) < MOST_PLAYERS
              and all(TOKEN.match(g.token) for g in guests) and all(TOKEN.match(token) for token in removed)
              and [g.seat for g in guests] == list(range(1, len(guests) + 1)))
        return room if ok else None
