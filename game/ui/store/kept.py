"""A finished game kept, as data: its result in brief, a file to export, a file to import, a link.

Pure Python and no session: the past-games screen (game/ui/screens/library/) shows and acts on
these, and the session stores a finished game's facts with it (session/saving.py _write), so the list
of past games never replays a whole game per row (a game is ~0.1 s under CPython, more in the page).

An exported game is the kept entry's log *as text* inside a small envelope, so importing the
file gives back the very same log, byte for byte::

    {"format": "aggravation-game", "version": 1, "game": id, "level": "scout", "at": 1764628800,
     "log": "<the GameLog's own JSON text>"}

A bare GameLog file and a saved game (the slot's Record, as the set-aside download) are read too.
Whatever the file holds, reading it is bounded (size, nesting: safejson) and the engine replays
its log before anything is kept; a file that fails gets one plain sentence (``ImportRefused``).

>>> from game.log import GameLog
>>> log = GameLog(seed=7, players=4)
>>> share_query(log, "sprout")
'?seed=7&rules=aggravation&level=scout&house=none'
"""
from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from typing import Any, Optional

from game.i18n import Message, N_, _
from game.log import FORMAT as LOG_FORMAT
from game.log import GameLog
from game.rules import DEFAULT_PRESET
from game.state import GameState

from . import deal_link, safejson
from .saves import FORMAT as SAVE_FORMAT
from .saves import PLAYER, Record, SaveError, read_log
from ..standings import places              # the game-over screen's own ranking (ties share a place)

FORMAT = "aggravation-game"
VERSION = 1
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"), N_("Jul"), N_("Aug"), N_("Sep"),
          N_("Oct"), N_("Nov"), N_("Dec"))


class ImportRefused(ValueError):
    """A file that is not a finished game this version can replay; the message is the sentence to show."""


# ------------------------------------------------------------ a finished game's result in brief


def facts_of(state: GameState, preset: str, people: int = 1) -> dict:
    """What the past-games list shows of a finished game: its rulebook, table size, the winners,
    the player's place and total, and how many deals it had; for a pass-and-play game, how many
    people shared it (its first seat is then not "the player")."""
    names = [seat.name for seat in state.seats]
    ranked = places(state.view(PLAYER), names)
    mine = next(p for p in ranked if p["name"] == names[PLAYER])
    facts = {"rules": preset, "players": len(names), "winners": [p["name"] for p in ranked if p["winner"]],
             "you": names[PLAYER], "place": mine["place"], "total": mine["total"], "deals": len(state.results)}
    return {**facts, "people": people} if people > 1 else facts


def facts_field(value: Any) -> Optional[dict]:
    """An entry's stored facts if they are sound, else None (they are worked out again).

    >>> facts_field({"rules": "gallery", "players": 3, "winners": ["You"], "you": "You", "place": 1, "total": 5,
    ...              "deals": 7})["place"]
    1
    >>> facts_field({"rules": "gallery", "players": "3"}) is None
    True
    """
    if not isinstance(value, dict):
        return None
    kinds = {"rules": str, "players": int, "winners": list, "you": str, "place": int, "total": int, "deals": int}
    # a name may be a Message (a str: "You", "Player 2" said in each language); a count never a bool
    if not all(isinstance(value.get(name), str) if kind is str else type(value.get(name)) is kind
               for name, kind in kinds.items()):
        return None
    if not all(isinstance(name, str) for name in value["winners"]):
        return None
    people = value.get("people", 1)
    if type(people) is not int or people < 1:
        return None
    facts = {name: value[name] for name in kinds}
    return {**facts, "people": people} if people > 1 else facts


def entry_facts(entry: dict) -> Optional[dict]:
    """A kept entry's facts: stored with it, else from its log replayed (older entries); None if
    the log does not replay to a finished game."""
    facts = facts_field(entry.get("facts"))
    if facts is not None:
        return facts
    try:
        log = read_log(entry["log"])
        state = log.replay()
    except Exception:  # noqa: BLE001 (a damaged entry is listed as such, never a crash)
        return None
    return facts_of(state, log.preset) if state.is_over else None


def date_text(at: Any) -> str:
    """'1 Dec 2026' (the page's local date), or '' when unknown."""
    if type(at) is not int or at <= 0:
        return ""
    try:
        t = time.localtime(at)
    except (OverflowError, OSError, ValueError):
        return ""
    return _("{day} {month} {year}").format(day=t.tm_mday, month=_(MONTHS[t.tm_mon - 1]), year=t.tm_year)


# ------------------------------------------------------------ export


def export_text(entry: dict) -> str:
    """A kept game as the text of a file: the envelope above, its log verbatim."""
    data = {"format": FORMAT, "version": VERSION, "game": entry["game"], "level": entry.get("level", ""),
            "at": entry.get("at"), "log": entry["log"]}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def export_name(entry: dict) -> str:
    """The file's name: 'aggravation-game-2026-12-01-3f2a9c.json'."""
    at = entry.get("at")
    day = time.strftime("%Y-%m-%d", time.localtime(at)) if type(at) is int and at > 0 else "undated"
    tail = "".join(ch for ch in str(entry.get("game", "")) if ch.isalnum())[-6:] or "game"
    return f"aggravation-game-{day}-{tail}.json"


# ------------------------------------------------------------ import


@dataclass(frozen=True)
class Imported:
    """A file's game, read and replayed to its end: what to keep, and when it was played."""

    record: Record
    at: Optional[int]
    facts: dict


def read_import(text: Any) -> Imported:
    """The game in a file's text, or ImportRefused with the sentence to show. Nothing is stored here."""
    if not isinstance(text, str) or not text.strip():
        raise ImportRefused(Message("This file is empty: choose a game file exported from Aggravation."))
    if len(text) > safejson.LIMIT:
        raise ImportRefused(Message("This file is too large to be a game: a game file is under {size} KB.", size=safejson.LIMIT // 1000))
    try:
        data = safejson.loads(text)
    except safejson.UnsafeJson:
        raise ImportRefused(Message("This file is not a game file: it is not JSON, or nested too deeply to be one.")) from None
    except ValueError:
        raise ImportRefused(Message("This file is not a game file: it is not readable JSON.")) from None
    if not isinstance(data, dict):
        raise ImportRefused(Message("This file is not an Aggravation game."))
    game, level, at, log_text = _envelope(data, text)
    try:
        log = read_log(log_text)
    except ValueError as error:
        raise ImportRefused(Message("The game in this file cannot be read: {reason}", reason=_sentence(error))) from None
    try:
        state = log.replay()
    except ValueError as error:
        raise ImportRefused(Message("The game in this file does not play by the rules: {reason}", reason=_sentence(error))) from None
    if not state.is_over:
        raise ImportRefused(Message("This game is not finished: only finished games can be replayed."))
    level = level_of(log, level)
    return Imported(Record(game, level, log_text, len(log.actions), over=True), at, facts_of(state, log.preset))


def _envelope(data: dict, text: str) -> tuple[str, str, Optional[int], str]:
    """(game id, level, when, the log's text) of an exported game, a saved game or a bare log."""
    kind = data.get("format")
    if kind == FORMAT:
        if data.get("version") != VERSION:
            raise ImportRefused(Message("This game file was made by another version of the game (version "
                                        "{theirs}; this one reads {ours}).", theirs=str(data.get("version"))[:12], ours=VERSION))
        game, level, at, log_text = data.get("game"), data.get("level"), data.get("at"), data.get("log")
        if not (isinstance(game, str) and 0 < len(game) <= 40 and isinstance(log_text, str)):
            raise ImportRefused(Message("This game file is damaged: its game id or its moves are missing."))
        return game, level if isinstance(level, str) else "", at if type(at) is int and at > 0 else None, log_text
    if kind == SAVE_FORMAT:
        try:
            record = Record.from_json(text)
        except SaveError as error:
            raise ImportRefused(Message("This saved game cannot be read: {reason}", reason=_sentence(error))) from None
        return record.game, record.level, None, record.log
    if kind == LOG_FORMAT:
        return "log-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12], "", None, text
    raise ImportRefused(Message("This file is not an Aggravation game."))


def _sentence(error: BaseException) -> str:
    """An engine's reason as the end of a sentence: short, with a full stop."""
    reason = str(error).strip().rstrip(".")[:160]
    return f"{reason}."


# ------------------------------------------------------------ a link to the same shuffle


def level_of(log: GameLog, fallback: str) -> str:
    """The level that seats this log's table: at Aggravation the level sets the table's size; at
    another rulebook's, ``fallback`` (the level it was played at) when it is one of ours."""
    from game.bots import LEVELS              # imported when needed, as the session does

    if log.preset == DEFAULT_PRESET:
        for level, bots in LEVELS.items():
            if bots + 1 == log.players:
                return level
    return fallback if fallback in LEVELS else "sprout"


def log_table(text: str) -> GameLog:
    """A kept log's table only (seed, rulebook, players, house rules, names), without reading its
    thousands of moves: what a link needs, ~10× faster than the whole log. ValueError if unreadable."""
    data = safejson.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a game's log")
    return GameLog.from_json(json.dumps(dict(data, actions=[])))


def share_query(log: GameLog, level: str, deal: int = 1) -> str:
    """The address's query that starts a new game dealt as this log's deal ``deal`` (app.App.boot
    reads it): the seed, the rulebook, the level (and table size), the house rules ('none' for
    none, so the opener's own house rules do not change the game); for a later deal, the moves
    before it (deal_link.py), unless they would make the address too long (deal 1's, then)."""
    parts = [f"seed={log.seed}", f"rules={log.preset}", f"level={level_of(log, level)}"]
    if log.preset != DEFAULT_PRESET:
        parts.append(f"players={log.players}")
    parts.append("house=" + (",".join(log.house_rules) or "none"))
    moves = deal_link.moves_before(log, deal)
    if moves is not None:
        later = parts + [f"deal={deal}", f"moves={deal_link.pack(moves)}"]
        if len("&".join(later)) < deal_link.LINK_LIMIT - 500:       # room for the page's own address
            parts = later
    return "?" + "&".join(parts)


def share_model(log: GameLog, level: str, shared: Optional[dict], deal: int = 1) -> dict:
    """🔗 Share this deal: the query its control carries (the page makes the address of it), and
    the address once shown (``shared``: the session's ``ui.shared``, when it ends with this query),
    with what it starts said plainly. ``deal``: the deal the player is looking at."""
    query = share_query(log, level, deal)
    url = shared["url"] if shared and shared.get("url", "").endswith(query) else ""
    if "&deal=" in query:
        note = _("The link starts a new game at deal {deal} of this one, dealt exactly as it was: the same "
                 "shuffle, rulebook, table and house rules, with the rounds and scores as they stood.").format(deal=deal)
    else:
        note = _("The link starts a new game dealt exactly as deal 1 of this one: the same shuffle, "
                 "rulebook, table and house rules.")
        if deal > 1:
            note += " " + _("Deal {deal}'s link would be too long to share.").format(deal=deal)
    return {"query": query, "url": url, "copied": bool(url and shared.get("copied")), "note": note}
