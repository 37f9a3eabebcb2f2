"""The player's record over time: each finished game's figures, counted once, kept for good.

A finished game is replayed from its log by the engine (``summarize``): its events, deal by
deal, say when the player went down, what they claimed (🫳 steal, 🛒 buy) and where each
claimed card went. The figures of one game (an ``entry``: a few numbers) go into the stats
store, its own localStorage key, apart from the games kept (saves.KEPT_KEY keeps the last 20
logs only): so the record outlives them and every app update that reads this version.

Counted once: the store remembers the ids of the games it counted (``counted``), so the
game-over screen shown again, a reload, or a second tab finishing the same game adds nothing;
a reset clears the figures but keeps those ids (the game still on the table is not counted
again after it). The newest ``KEEP_GAMES`` entries are kept one by one (the chart draws from
them); older ones fold into per-table sums (``earlier``), so the figures never shrink.

The first time of all (no key yet: the update that brought statistics, or a first game), the
finished games kept are counted too (``backfill``), so the record starts with what the page has.

Anything in the key this version cannot read is empty stats, never a crash; it is moved
aside (``STATS_KEY + ".unreadable"``) before the next count writes over it.

A claim *paid off* when the claimed card went from the player's hand onto the table in that
same deal: in a meld they laid (going down or a further meld), laid off on any meld, or put in
a meld for a wild it freed.

>>> stats = Stats.from_json(None)
>>> stats.add({"id": "g1", "rules": "aggravation", "level": "sprout", "at": 0, "total": 45, "won": True,
...            "round": 11, "of": 11, "tried": 11, "first": 9, "claims": 3, "paid": 2})
True
>>> stats.add({"id": "g1", "rules": "aggravation", "level": "sprout", "at": 0, "total": 45, "won": True,
...            "round": 11, "of": 11, "tried": 11, "first": 9, "claims": 3, "paid": 2})
False
>>> tally = stats.tallies()[("aggravation", "sprout")]
>>> tally["games"], tally["wins"], tally["best"]
(1, 1, 45)
>>> Stats.from_json("{not json").readable, Stats.from_json("[" * 100_000).entries
(False, [])
"""
from __future__ import annotations

import json
import time
from typing import Any, Optional

from game.actions import NextDeal
from game.log import GameLog
from game.rules import CLAIM_EVENTS, PRESETS
from game.state import Event, Phase

from . import safejson
from .kept import facts_field
from .saves import PLAYER, read_log

STATS_KEY = "aggravation.stats"
FORMAT = "aggravation-stats"
VERSION = 1
KEEP_GAMES = 200          # entries kept one by one; older ones fold into ``earlier``
KEEP_COUNTED = 400        # ids of games counted, newest last: a game finishes in one slot at a time
LIMIT = 200_000           # characters: 200 entries are ~30,000
LEVELS = ("sprout", "scout", "ace")

# The figures of one game, and the sums of many (a tally), by name and kind.
ENTRY = {"id": str, "rules": str, "level": str, "at": int, "total": int, "won": bool, "round": int,
         "of": int, "tried": int, "first": int, "claims": int, "paid": int}
SUMS = ("games", "wins", "total", "round", "tried", "first", "claims", "paid")
# Figures added since: an entry or a tally written before them lacks them, and reads as 0.
# ``hints``: 💡 hints asked in the game; ``hinted``: the games of a tally in which any was.
# ``takebacks``: ↶ take-backs in the game; ``takenback``: the games of a tally with any.
LATER_ENTRY = {"hints": int, "takebacks": int}
LATER_SUMS = ("hinted", "takenback")
# What a meld takes from the hand, by the event that says so (swapped_wild: its first card).
PLAYED = ("went_down", "laid_down", "laid_off", "swapped_wild")


# ------------------------------------------------------------ one game's figures


def summarize(log: GameLog, level: str, game: str, at: Optional[int] = None, hints: int = 0,
              takebacks: int = 0) -> dict[str, Any]:
    """The player's figures in a finished game, from its log replayed by the engine. The round
    reached is the one the player stands at when the game ends, as the game-over screen says
    (a round gone down in counts as passed); a contract tried is a round played at all.

    ValueError when the log does not replay to a finished game (game.log.LogError)."""
    state = log.new_game()
    deals: list[tuple[int, bool, int, int]] = []   # (round played, went down, claims, paid) a deal
    for action in log.actions:
        state.apply(action)
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER) and not isinstance(action, NextDeal):
            went_down, claims, paid = deal_figures(state.events)
            deals.append((state.results[-1].rounds_played[PLAYER], went_down, claims, paid))
    if not state.is_over:
        raise ValueError("this game is not over")
    firsts: dict[int, bool] = {}
    for played, went_down, _, _ in deals:
        firsts.setdefault(played, went_down)          # the first deal of each round played
    return {"id": game, "rules": log.preset, "level": level, "at": int(time.time()) if at is None else at,
            "total": state.seats[PLAYER].total, "won": PLAYER in state.winners,
            "round": state.seats[PLAYER].round, "of": state.rules.rounds,
            "tried": len(firsts), "first": sum(firsts.values()),
            "claims": sum(d[2] for d in deals), "paid": sum(d[3] for d in deals), "hints": hints,
            "takebacks": takebacks}


def deal_figures(events: list[Event]) -> tuple[bool, int, int]:
    """One deal's events: whether the player went down, how many discards they claimed, and
    how many of those cards they then played to the table that deal (``PLAYED``)."""
    claimed: list[str] = []
    played: set[str] = set()
    went_down = False
    for event in events:
        if event.seat != PLAYER:
            continue
        if event.kind in CLAIM_EVENTS.values() and event.cards:
            claimed.append(event.cards[0].key)
        elif event.kind in PLAYED:
            went_down = went_down or event.kind == "went_down"
            cards = event.cards[:1] if event.kind == "swapped_wild" else event.cards
            played.update(card.key for card in cards if card.key in claimed)
    return went_down, len(claimed), len(played)


# ------------------------------------------------------------ the store


def _entry_ok(entry: Any) -> bool:
    if not isinstance(entry, dict):
        return False
    for name, kind in ENTRY.items():
        value = entry.get(name)
        if not isinstance(value, kind) or (kind is int and (isinstance(value, bool) or not 0 <= value < 10**12)):
            return False
    if not all(_count(entry.get(name, 0)) for name in LATER_ENTRY):
        return False
    return (entry["rules"] in PRESETS and entry["level"] in LEVELS and 0 < len(entry["id"]) <= 64
            and 1 <= entry["round"] <= entry["of"] and entry["first"] <= entry["tried"]
            and entry["paid"] <= entry["claims"])


def _tally_ok(tally: Any) -> bool:
    return (isinstance(tally, dict) and all(_count(tally.get(name)) for name in SUMS)
            and all(_count(tally.get(name, 0)) for name in LATER_SUMS)
            and _count(tally.get("top")) and (tally.get("best") is None or _count(tally.get("best")))
            and 0 < tally["games"] and tally["wins"] <= tally["games"])


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 10**12


def tally_of(entry: dict) -> dict[str, Any]:
    """One game as a tally (the sums of one)."""
    return {"games": 1, "wins": int(entry["won"]), "total": entry["total"], "round": entry["round"],
            "tried": entry["tried"], "first": entry["first"], "claims": entry["claims"], "paid": entry["paid"],
            "best": entry["total"], "top": entry["round"], "hinted": int(entry.get("hints", 0) > 0),
            "takenback": int(entry.get("takebacks", 0) > 0)}


def merged(a: Optional[dict], b: dict) -> dict[str, Any]:
    """Two tallies as one: sums add, the best total is the lower, the top round the higher."""
    if a is None:
        return dict(b)
    both = {name: a[name] + b[name] for name in SUMS}
    both.update({name: a.get(name, 0) + b.get(name, 0) for name in LATER_SUMS})
    bests = [t["best"] for t in (a, b) if t.get("best") is not None]
    return {**both, "best": min(bests) if bests else None, "top": max(a["top"], b["top"])}


def group_key(rules: str, level: str) -> str:
    return f"{rules}:{level}"


class Stats:
    """The stats store's contents: entries (oldest first), earlier sums, the ids counted."""

    def __init__(self, entries: Optional[list] = None, earlier: Optional[dict] = None,
                 counted: Optional[list] = None, readable: bool = True) -> None:
        self.entries: list[dict] = entries or []
        self.earlier: dict[str, dict] = earlier or {}
        self.counted: list[str] = counted or []
        self.readable = readable           # False: the text was there but not ours (moved aside on write)

    @classmethod
    def from_json(cls, text: Optional[str]) -> Stats:
        """Whatever the key holds: no text is empty stats; text this version cannot read is empty
        stats too (``readable`` False); odd entries are left out one by one."""
        if text is None:
            return cls()
        try:
            data = safejson.loads(text, limit=LIMIT)
        except Exception:  # noqa: BLE001 (whatever it holds, it is only unreadable)
            return cls(readable=False)
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            return cls(readable=False)
        entries, earlier, counted = data.get("games"), data.get("earlier"), data.get("counted")
        entries = [e for e in entries if _entry_ok(e)] if isinstance(entries, list) else []
        earlier = {k: v for k, v in earlier.items() if _group_ok(k) and _tally_ok(v)} \
            if isinstance(earlier, dict) else {}
        counted = [c for c in counted if isinstance(c, str) and len(c) <= 64] if isinstance(counted, list) else []
        return cls(entries[-KEEP_GAMES:], earlier, counted[-KEEP_COUNTED:])

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "games": self.entries,
                           "earlier": self.earlier, "counted": self.counted}, separators=(",", ":"))

    def has(self, game: str) -> bool:
        return game in self.counted or any(e["id"] == game for e in self.entries)

    def add(self, entry: dict) -> bool:
        """Count one game's figures; False (nothing changed) if it was counted already or is not
        an entry. The oldest entries beyond KEEP_GAMES fold into ``earlier``."""
        if not _entry_ok(entry) or self.has(entry["id"]):
            return False
        self.entries.append(entry)
        self.counted = (self.counted + [entry["id"]])[-KEEP_COUNTED:]
        while len(self.entries) > KEEP_GAMES:
            old = self.entries.pop(0)
            key = group_key(old["rules"], old["level"])
            self.earlier[key] = merged(self.earlier.get(key), tally_of(old))
        return True

    def reset(self) -> None:
        """The player's reset: no figures left; the ids counted stay (see the module's doc)."""
        self.entries, self.earlier = [], {}

    @property
    def games(self) -> int:
        return len(self.entries) + sum(t["games"] for t in self.earlier.values())

    def tallies(self) -> dict[tuple[str, str], dict]:
        """(rulebook, level) -> the sums of its games, earlier ones included."""
        out: dict[tuple[str, str], dict] = {}
        for key, tally in self.earlier.items():
            rules, _, level = key.partition(":")
            out[(rules, level)] = merged(out.get((rules, level)), tally)
        for entry in self.entries:
            group = (entry["rules"], entry["level"])
            out[group] = merged(out.get(group), tally_of(entry))
        return out

    def last(self, rules: str, level: str, count: int) -> list[dict]:
        """The newest ``count`` entries of one table, oldest first."""
        return [e for e in self.entries if e["rules"] == rules and e["level"] == level][-count:]


def _group_ok(key: Any) -> bool:
    rules, _, level = str(key).partition(":")
    return rules in PRESETS and level in LEVELS


# ------------------------------------------------------------ the session's store


def read(saves) -> Stats:
    """The stats in the session's store (saves.Saves)."""
    return Stats.from_json(saves.get(STATS_KEY))


def write(saves, stats: Stats) -> bool:
    """Write the stats; text there that was unreadable is moved aside first, never lost."""
    if not stats.readable:
        saves.put(STATS_KEY + ".unreadable", saves.get(STATS_KEY) or "", report=False)
        stats.readable = True
    return saves.put(STATS_KEY, stats.to_json(), report=False)


def count(saves, log: GameLog, level: str, game: str, hints: int = 0, takebacks: int = 0) -> bool:
    """Count a finished game once: True if it was counted now. Never raises (a log that does not
    replay is not counted: the game still plays, and its figures are left out).

    The first count of all (no stats key yet: a first game, or the first since an update that
    brought statistics) counts the finished games kept (saves.kept) first, oldest first."""
    try:
        stats = read(saves)
        if saves.get(STATS_KEY) is not None and stats.has(game):
            return False
        if saves.get(STATS_KEY) is None:
            backfill(stats, saves.kept())          # this game among them, if kept already
        if not stats.has(game):
            stats.add(summarize(log, level, game, hints=hints, takebacks=takebacks))
        return write(saves, stats)
    except Exception:  # noqa: BLE001 (the boundary: statistics never stop the game)
        return False


def backfill(stats: Stats, kept: list[dict]) -> None:
    """Count the finished games among ``kept`` (saves.kept's entries) that were the player's own
    against the bots; one that cannot be read or replayed is left out, never the rest."""
    for kept_game in kept:
        if kept_game.get("end") != "finished" or stats.has(kept_game["game"]) or _shared(kept_game):
            continue
        try:
            at = kept_game.get("at")
            stats.add(summarize(read_log(kept_game["log"]), str(kept_game.get("level")), kept_game["game"],
                                at if isinstance(at, int) and not isinstance(at, bool) else 0))
        except Exception:  # noqa: BLE001 (a damaged kept game costs its own figures only)
            continue


def _shared(kept_game: dict) -> bool:
    """A pass-and-play game (its facts say how many people shared it): not the player's record,
    as ``screens/stats.py count_finished`` leaves it out when it finishes."""
    facts = facts_field(kept_game.get("facts"))
    return facts is not None and facts.get("people", 1) > 1


def opened(saves) -> Stats:
    """The stats for the screen; the first time of all, with the finished games kept counted (and
    written, so this happens once). Never raises."""
    try:
        stats = read(saves)
        if saves.get(STATS_KEY) is None and saves.kept():
            backfill(stats, saves.kept())
            write(saves, stats)
        return stats
    except Exception:  # noqa: BLE001 (the boundary: statistics never stop the game)
        return Stats()


def reset(saves) -> bool:
    stats = read(saves)
    stats.reset()
    return write(saves, stats)


def new_at(saves, level: str) -> bool:
    """Whether the player has never sat at a ``level`` table: no game of it counted here, none
    kept (finished, or left for another). Never raises; when the record cannot be read, False
    (better a word unsaid than one said again to someone who knows it)."""
    try:
        stats = read(saves)
        if not stats.readable or any(group[1] == level for group in stats.tallies()):
            return False
        return not any(kept.get("level") == level for kept in saves.kept())
    except Exception:  # noqa: BLE001 (the boundary: statistics never stop the game)
        return False
