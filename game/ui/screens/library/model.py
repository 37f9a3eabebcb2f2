"""The past-games list as plain data: the finished games kept, newest first, each with what it is,
how it ended and its controls; the screen's own state (``Past``, held in ``ui.past``) and the
one sentence each action may say.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Optional

from game.i18n import Message, _, ngettext
from game.log import GameLog

from ...session.session import LEVEL_NAMES, Session
from ...store.kept import date_text, entry_facts, log_table, share_model
from ...words import RULEBOOK_NAMES, listed, ordinal, people_game
from ..parts import button_model
from ..replay.steps import GameReplay

Model = dict[str, Any]
GONE = Message("That game is no longer kept.")
CANNOT_OPEN = Message("This game cannot be replayed: its saved moves do not play to its end.")
ALREADY = Message("This game is already among your past games: nothing was added.")
NO_ROOM = Message("Your browser's storage is full: the game could not be added.")


@dataclass
class Past:
    """The past-games screen: the games listed, the one replayed, a message, a file to offer."""

    entries: list[dict] = field(default_factory=list)   # the finished games kept, newest first
    replay: Optional[GameReplay] = None
    game: str = ""                                      # the game replayed (its id)
    message: str = ""
    tone: str = "info"                                  # 'info' | 'error'
    download: Optional[list[str]] = None                # [file name, text]: offered once (take_download)
    facts: dict[str, Optional[dict]] = field(default_factory=dict)  # older entries' facts, by log digest
    tables: dict[str, Optional[GameLog]] = field(default_factory=dict)  # each game's table, by id

    def say(self, text: str, tone: str = "info") -> None:
        self.message, self.tone = text, tone


def finished(s: Session) -> list[dict]:
    """The finished games kept, newest first."""
    return [entry for entry in reversed(s.saves.kept()) if entry["end"] == "finished"]


def _entry(s: Session, game: str) -> Optional[dict]:
    return next((entry for entry in s.ui.past.entries if entry["game"] == game), None)


def _facts(past: Past, entry: dict) -> Optional[dict]:
    """An entry's facts, worked out once per screen for entries kept before facts were stored."""
    if "facts" in entry:
        return entry_facts(entry)
    digest = hashlib.sha256(entry["log"].encode("utf-8", "surrogatepass")).hexdigest()
    if digest not in past.facts:
        past.facts[digest] = entry_facts(entry)
    return past.facts[digest]


def past_model(s: Session) -> Model:
    """The list: one row per finished game kept, newest first, with what it is and how it ended."""
    past = s.ui.past
    return {"rows": [row(s, entry) for entry in past.entries], "message": past.message, "tone": past.tone}


def row(s: Session, entry: dict) -> Model:
    facts = _facts(s.ui.past, entry)
    level = entry.get("level", "")
    out = {"game": entry["game"], "date": date_text(entry.get("at")) or _("Date unknown"), "broken": facts is None,
           "buttons": [button_model("past-open", _("▶ Replay"), facts is not None, arg=entry["game"], style="primary"),
                       button_model("export", _("⬇ Export"), arg=entry["game"])]}
    if facts is None:
        return dict(out, title=_("A game that cannot be read"), result=_("Its moves do not play to the end"), total="",
                    share=None)
    out["title"] = title(facts, level)
    out["result"] = result_line(facts)
    out["total"] = _("Your total {total}").format(total=facts["total"]) if facts.get("people", 1) == 1 else ""
    table = _table(s.ui.past, entry)
    out["share"] = share_model(table, level, s.ui.shared) if table is not None else None
    return out


def _table(past: Past, entry: dict) -> Optional[GameLog]:
    """An entry's table (kept.log_table), read once per screen: the list is drawn at every tap."""
    if entry["game"] not in past.tables:
        try:
            past.tables[entry["game"]] = log_table(entry["log"])
        except ValueError:
            past.tables[entry["game"]] = None
    return past.tables[entry["game"]]


def result_line(facts: dict) -> str:
    """'You won', 'You and Ace 2 won (a tie)', '2nd of 4 · Scout 1 won'; a pass-and-play game says
    only who won (no one at the table is "you").

    >>> result_line({"winners": ["Ben"], "you": "Ana", "place": 2, "players": 4, "people": 3})
    'Ben won'
    >>> result_line({"winners": ["Ana", "Cy"], "you": "Ana", "place": 1, "players": 3, "people": 2})
    'Ana and Cy won (a tie)'
    >>> result_line({"winners": ["Scout 1"], "you": "You", "place": 3, "players": 4})
    '3rd of 4 · Scout 1 won'
    >>> result_line({"winners": ["Scout 2", "You", "Scout 1"], "you": "You", "place": 1, "players": 3})
    'You, Scout 2 and Scout 1 won (a tie)'
    """
    winners, you = facts["winners"], facts["you"]
    if facts.get("people", 1) > 1:
        if len(winners) > 1:
            return _("{winners} won (a tie)").format(winners=listed(winners))
        return _("{winners} won").format(winners=listed(winners)) if winners else _("nobody won")
    if you in winners:
        others = [name for name in winners if name != you]
        return _("You won") if not others else _("{winners} won (a tie)").format(winners=listed([_("You"), *others]))
    won = _("{winners} won").format(winners=listed(winners)) if winners else _("nobody won")
    return _("{place} of {players} · {won}").format(place=ordinal(facts["place"]), players=facts["players"], won=won)


def title(facts: dict, level: str) -> str:
    """'Aggravation · Scout · 4 players': the rulebook, the level, the table; a game of people by
    what it is.

    >>> title({"rules": "gallery", "players": 4, "people": 3}, "scout")
    'Gallery · Pass and play · 3 people · 1 Scout bot'
    """
    people = facts.get("people", 1)
    if people > 1:
        return f'{RULEBOOK_NAMES.get(facts["rules"], facts["rules"])} · {people_game(people, facts["players"] - people, level)}'
    players = facts["players"]
    return " · ".join((RULEBOOK_NAMES.get(facts["rules"], facts["rules"]), LEVEL_NAMES.get(level) or _("Bots"),
                       ngettext("{n} player", "{n} players", players).format(n=players)))
