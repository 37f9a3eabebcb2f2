"""Where the game keeps things in the browser: the save slot, the copy set aside, the games kept.

Pure Python over a narrow adapter with ``get``, ``set`` and ``remove`` of text
(localStorage on the page, a dict in tests). A later version runs Python in a
web worker while localStorage stays on the page, so nothing here touches it
directly. The adapter's ``set`` may refuse (return False, or raise: a full or
blocked store); ``Saves`` turns both into ``False`` and remembers it, so the
session can tell the player once and play on.

The slot holds a ``Record``: the game's log plus who wrote it (a tab id), its
game id and move count, so a tab can tell that another tab moved the stored
game on without it. A record this version cannot read goes aside, never away.

>>> store = {}
>>> class Dict:
...     get, set, remove = store.get, store.__setitem__, lambda key: store.pop(key, None)
>>> saves = Saves(Dict())
>>> record = Record("g1", "sprout", '{"actions": []}', moves=0, tab="t1")
>>> saves.write_slot(record.to_json())
True
>>> Record.from_json(saves.slot()).game
'g1'
>>> saves.keep(record, "abandoned")
True
>>> [entry["end"] for entry in saves.kept()]
['abandoned']
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Optional

from game.actions import action_to_json
from game.log import GameLog
from game.rules import DEFAULT_PRESET
from game.state import GameState

from . import safejson
from .settings import seats

SAVE_KEY = "aggravation.save"
ROOM_KEY = "aggravation.room"           # the online table this device hosts (store/room.py)
BROKEN_KEY = "aggravation.save.unreadable"
KEPT_KEY = "aggravation.games"          # finished (and left or replaced) games' logs, newest last
FORMAT = "aggravation-save"
VERSION = 2

KEEP_FINISHED = 20                      # finished games kept at least
KEEP_OTHERS = 10                        # games left unfinished (abandoned, replaced by another tab)
KEEP_CHARS = 2_000_000                  # all kept games together; the oldest go first
ENDS = ("finished", "abandoned", "replaced")
PLAYER = 0                              # the player's seat


class SaveError(ValueError):
    """The slot's text is not a save this version can read; the message says why."""


@dataclass(frozen=True)
class Record:
    """One saved game as the slot holds it. ``log`` is the GameLog's own JSON text."""

    game: str                 # this game's id: two tabs on one game share it
    level: str
    log: str
    moves: int
    tab: str = ""             # the tab that wrote it
    over: bool = False        # the game is finished
    frames: Optional[dict] = None  # going-down frames in progress (optional; see frames_field)
    order: Optional[list] = None   # the hand as the player arranged it (optional; see order_field)
    people: int = 1                # pass-and-play: the first seats are people's (optional; 1 alone)
    hints: int = 0                 # 💡 hints asked in the game (optional; 0 none): statistics mark it
    takebacks: int = 0             # ↶ take-backs in the game (optional; 0 none): statistics mark it

    def to_json(self) -> str:
        data = {"format": FORMAT, "version": VERSION, "game": self.game, "level": self.level,
                "moves": self.moves, "tab": self.tab, "over": self.over, "log": self.log}
        if self.frames is not None:
            data["frames"] = self.frames
        if self.order is not None:
            data["order"] = self.order
        if self.people != 1:
            data["people"] = self.people
        if self.hints:
            data["hints"] = self.hints
        if self.takebacks:
            data["takebacks"] = self.takebacks
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: Any) -> Record:
        """The envelope only (the log is read by the engine); SaveError for anything else.

        Version 1 saves (``{"level", "log"}`` only) are read too: their game id comes
        from the log's seed, their move count is unknown (-1)."""
        try:
            data = safejson.loads(text)
        except Exception as error:  # noqa: BLE001 (whatever the text holds, it is only unreadable)
            raise SaveError(f"not readable: {error}") from None
        if not isinstance(data, dict):
            raise SaveError("not a saved game")
        if "format" not in data and "version" not in data:
            return cls._legacy(data)
        if data.get("format") != FORMAT:
            raise SaveError("not an Aggravation saved game")
        version = data.get("version")
        if version != VERSION:
            raise SaveError(f"saved by another version of the game ({version!r}; this one reads {VERSION})")
        fields = {"game": str, "level": str, "log": str, "moves": int, "tab": str, "over": bool}
        for name, kind in fields.items():
            value = data.get(name)
            if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
                raise SaveError(f"its {name!r} is not {kind.__name__}")
        if data["moves"] < 0 or not data["game"]:
            raise SaveError("its game id or move count is wrong")
        return cls(**{name: data[name] for name in fields}, frames=frames_field(data.get("frames")),
                   order=order_field(data.get("order")), people=people_field(data.get("people", 1)),
                   hints=hints_field(data.get("hints")), takebacks=hints_field(data.get("takebacks")))

    @classmethod
    def _legacy(cls, data: dict) -> Record:
        level, log = data.get("level"), data.get("log")
        if not isinstance(level, str) or not isinstance(log, str):
            raise SaveError("this is not an Aggravation saved game")
        seed = _seed_of(log)
        return cls(f"seed-{seed}", level, log, -1)


def people_field(value: Any) -> int:
    """How many people share the game (pass-and-play); a save that says something else is
    unreadable rather than played with its hands on show."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 8:
        raise SaveError("its 'people' is not a count of people")
    return value


def hints_field(value: Any) -> int:
    """A save's optional ``hints`` (how many 💡 hints were asked in the game), or ``takebacks``
    (how many ↶ take-backs): a count, or 0 for anything else (a save that does not say is a game
    without them; oddness costs the mark only).

    >>> hints_field(3), hints_field(-1), hints_field("2"), hints_field(True)
    (3, 0, 0, 0)
    """
    return value if _small_int(value) else 0


MAX_FRAMES = 8                          # more melds than any contract has
MAX_FRAMED = 19                         # more cards than a hand holds


def frames_field(value: Any) -> Optional[dict]:
    """A save's optional ``frames`` (the going-down frames the player was filling), cleaned:
    ``{"keys": [[card key, ...], ...], "active": int, "readings": [int, ...]}`` or None.

    Added within version 2 (older saves have none, older pages ignore it). Anything odd in it
    drops the frames, never the game: the session checks the keys against the hand on resume.

    >>> frames_field({"keys": [["QH/1"], []], "active": 1, "readings": [0, 0]})["active"]
    1
    >>> frames_field({"keys": [[5]], "active": 0, "readings": [0]}) is None
    True
    """
    if not isinstance(value, dict):
        return None
    keys, active, readings = value.get("keys"), value.get("active"), value.get("readings")
    if not (isinstance(keys, list) and 0 < len(keys) <= MAX_FRAMES and isinstance(readings, list)
            and len(readings) == len(keys) and _small_int(active) and active < len(keys)):
        return None
    if not all(isinstance(frame, list) and len(frame) <= MAX_FRAMED
               and all(isinstance(key, str) and len(key) <= 12 for key in frame) for frame in keys):
        return None
    if not all(_small_int(n) for n in readings):
        return None
    return {"keys": [list(frame) for frame in keys], "active": active, "readings": list(readings)}


MAX_ORDER = 250                         # more cards than the whole shoe (4 decks and jokers)


def order_field(value: Any) -> Optional[list]:
    """A save's optional ``order`` (the hand as the player arranged it: card keys, left to
    right), cleaned: a list of distinct short strings, or None.

    Added within version 2, as ``frames``. Anything odd drops the arrangement (the hand shows
    sorted), never the game: the session checks the keys against the hand on resume.

    >>> order_field(["QH/1", "JK/0"])
    ['QH/1', 'JK/0']
    >>> [order_field(bad) for bad in (["QH/1", "QH/1"], ["QH/1", 5], [], "QH/1")]
    [None, None, None, None]
    """
    if not (isinstance(value, list) and 0 < len(value) <= MAX_ORDER):
        return None
    if not all(isinstance(key, str) and 0 < len(key) <= 12 for key in value):
        return None
    if len(set(value)) != len(value):
        return None
    return list(value)


def _small_int(value: Any) -> bool:
    return type(value) is int and 0 <= value < 1000


def _seed_of(log: str) -> str:
    """A version-1 save's game id: its log's seed, when it can be read (else the log's length)."""
    try:
        seed = safejson.loads(log).get("seed")
    except Exception:  # noqa: BLE001 (any garbage: the engine says what is wrong later)
        seed = None
    return str(seed) if isinstance(seed, int) and not isinstance(seed, bool) else f"len{len(log)}"


class Saves:
    """The store seen through the game's keys; every write says whether it was kept."""

    def __init__(self, storage: Any) -> None:
        self.storage = storage
        self.seen: Optional[str] = None       # the slot's text as this tab last wrote or read it
        self.refused = False                  # some write was refused this session
        self.aside: Optional[str] = None      # the text set aside this session (for download)
        self.why = ""                         # ...and why it could not be played, for a report
        self._told = False

    # ------------------------------------------------------------ the adapter, made safe

    def get(self, key: str) -> Optional[str]:
        try:
            value = self.storage.get(key)
        except Exception:  # noqa: BLE001 (a blocked store reads as empty)
            return None
        return value if isinstance(value, str) else None

    def put(self, key: str, text: str, report: bool = True) -> bool:
        """Write; False when the store refuses (full, blocked, an error), remembered if ``report``."""
        try:
            kept = self.storage.set(key, text) is not False
        except Exception:  # noqa: BLE001 (QuotaExceededError, SecurityError, ...)
            kept = False
        if not kept and report:
            self.refused = True
        return kept

    def drop(self, key: str) -> None:
        try:
            self.storage.remove(key)
        except Exception:  # noqa: BLE001
            pass

    def news_of_refusal(self) -> bool:
        """True once: the first time a write has been refused (tell the player, then never again)."""
        if self.refused and not self._told:
            self._told = True
            return True
        return False

    # ------------------------------------------------------------ the slot

    def slot(self) -> Optional[str]:
        return self.get(SAVE_KEY)

    def write_slot(self, text: str) -> bool:
        kept = self.put(SAVE_KEY, text)
        if kept:
            self.seen = text
        return kept

    def set_aside(self, text: str, why: str = "") -> None:
        """Move an unreadable slot aside: out of the slot (so the next boot is clean), into
        BROKEN_KEY when it fits, and kept in memory for this session's download either way."""
        self.aside, self.why = text, why
        self.drop(SAVE_KEY)
        self.seen = None
        if len(text) <= safejson.LIMIT:       # a bigger one would crowd out the games: download only
            self.put(BROKEN_KEY, text, report=False)

    def unreadable(self) -> Optional[str]:
        """The copy set aside: this session's, else the one stored earlier."""
        return self.aside if self.aside is not None else self.get(BROKEN_KEY)

    # ------------------------------------------------------------ the games kept

    def kept(self) -> list[dict]:
        """The games kept, oldest first ([] if none can be read)."""
        return self._kept()[0]

    def _kept(self) -> tuple[list[dict], bool]:
        """The readable entries, and whether the list itself could be read."""
        text = self.get(KEPT_KEY)
        if not text:
            return [], True
        try:
            entries = safejson.loads(text, limit=KEEP_CHARS * 2)
        except Exception:  # noqa: BLE001
            return [], False
        if not isinstance(entries, list):
            return [], False
        return [e for e in entries if _entry_ok(e)], True

    def keep(self, record: Record, end: str, at: Optional[int] = None, facts: Optional[dict] = None) -> bool:
        """Add a game to the kept ones (replacing an older copy of the same game ending the same
        way), then drop the oldest beyond the bounds. False if the store refused even one game.
        ``at``: when it was played (now by default); ``facts``: its result in brief (kept.facts_of)."""
        entry = {"game": record.game, "level": record.level, "end": end, "moves": record.moves,
                 "at": int(time.time()) if at is None else at, "log": record.log}
        if facts is not None:
            entry["facts"] = facts
        entries, readable = self._kept()
        if not readable:                      # never overwrite what cannot be read: move it aside
            self.put(KEPT_KEY + ".unreadable", self.get(KEPT_KEY) or "", report=False)
        entries = [e for e in entries if not (e["game"] == record.game and e["end"] == end)]
        entries = bounded(entries + [entry])
        while entries:
            if self.put(KEPT_KEY, json.dumps(entries, separators=(",", ":")), report=False):
                return True
            entries = entries[1:]             # no room: the oldest go first, the new one last
        self.refused = True                   # not even this one game fits
        return False


def _entry_ok(entry: Any) -> bool:
    return (isinstance(entry, dict) and isinstance(entry.get("game"), str) and entry.get("end") in ENDS
            and isinstance(entry.get("log"), str))


def bounded(entries: list[dict]) -> list[dict]:
    """The newest KEEP_FINISHED finished games and KEEP_OTHERS others, within KEEP_CHARS, in order."""
    finished = [n for n, e in enumerate(entries) if e["end"] == "finished"][-KEEP_FINISHED:]
    others = [n for n, e in enumerate(entries) if e["end"] != "finished"][-KEEP_OTHERS:]
    chosen = sorted(finished + others)
    while len(chosen) > 1 and sum(len(entries[n]["log"]) for n in chosen) > KEEP_CHARS:
        chosen.pop(0)
    return [entries[n] for n in chosen]


# ------------------------------------------------------------ a save as a game


def read_log(text: str) -> GameLog:
    """A record's log, parsed by the engine once it is safe to (safejson: deep nesting kills Pyodide)."""
    safejson.check(text)
    return GameLog.from_json(text)


def load(text: Optional[str]) -> tuple[Record, GameLog, GameState]:
    """A saved game, read, replayed and checked playable; any exception means it cannot be."""
    from game.bots import LEVELS  # imported when needed, as the session does

    record = Record.from_json(text)
    log = read_log(record.log)
    if record.level not in LEVELS:
        raise SaveError(f"its level is not one of ours: {str(record.level)[:40]!r}")
    # Aggravation's table comes with the level, grown to seat pass-and-play's people; another
    # rulebook's size is the player's pick.
    if log.preset == DEFAULT_PRESET and log.players != seats(DEFAULT_PRESET, LEVELS[record.level] + 1, record.people):
        raise SaveError("its level does not match its table")
    if record.people > log.players:
        raise SaveError("it seats more people than its table has")
    state = log.replay()
    if not (state.is_over or state.legal_actions()):
        raise SaveError("nobody can move in it")
    state.view(PLAYER)
    return record, log, state


def moves_of(log: GameLog) -> list[dict]:
    """A log's moves as JSON values: two tabs' logs compare move by move."""
    return [action_to_json(action) for action in log.actions]


def shared(ours: list, theirs: list) -> int:
    """How many moves two logs of one game share from the start."""
    count = 0
    for mine, other in zip(ours, theirs):
        if mine != other:
            break
        count += 1
    return count
