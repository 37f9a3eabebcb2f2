"""Past games (issue 12): the finished games kept, replayed, exported, imported and shared.

From the start screen, 📚 Past games lists the finished games the browser keeps (saves.KEPT_KEY,
newest first): when, which rulebook and level, who won, the player's place and total. Opening one
replays the whole game (replay.GameReplay: every deal, every hand face up) to its final scores,
on the game-over replay's own screen (viewmodel.replay_view, render.replay_screen). Each game
can be exported as a file (the frame's ``download``: the page offers it, a worker cannot), and a
file chosen on this screen is imported (kept.read_import: a bad file gets one sentence and changes
nothing). 🔗 Share this deal, here and on the game-over screen, shows the address that starts a new
game dealt as the game's first deal (kept.share_query), copied where the browser allows.

The screen is open while ``ui.past`` is set, over whatever else is (a game in progress stays as
it was): app.App sends every tap here then (``wants``), and only the acts below mean anything.

>>> from game.ui.controller import Session
>>> s = Session({})
>>> dispatch(s, "past"), s.ui.past is not None, past_model(s)["rows"]
(True, True, [])
>>> dispatch(s, "past-open", "nope"), s.ui.past.message
(True, 'That game is no longer kept.')
>>> dispatch(s, "past-close"), s.ui.past
(True, None)
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from game.cards import and_list
from game.log import GameLog

from . import safejson
from .controller import LEVEL_NAMES, Session
from .intents import move_replay
from .kept import (ImportRefused, date_text, entry_facts, export_name, export_text, log_table, read_import,
                   share_model)
from .render import button, e, replay_screen, share_link
from .replay import GameReplay, ReplayError
from .saves import read_log
from .viewmodel import _button, replay_view
from .words import RULEBOOK_NAMES, ordinal, plural

Model = dict[str, Any]
GONE = "That game is no longer kept."
CANNOT_OPEN = "This game cannot be replayed: its saved moves do not play to its end."
ALREADY = "This game is already among your past games: nothing was added."
NO_ROOM = "Your browser's storage is full: the game could not be added."


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


# ------------------------------------------------------------ intents


def open_list(s: Session, _: str) -> None:
    """📚 Past games: the list, read from the store now (another tab may have finished a game)."""
    s.ui.past = Past(entries=finished(s))


def open_game(s: Session, game: str) -> None:
    """A past game tapped: its replay from the first deal as dealt."""
    past, entry = s.ui.past, _entry(s, game)
    if entry is None:
        past.say(GONE, "error")
        return
    try:
        replay = GameReplay(read_log(entry["log"]), deal=1)
        replay.go(0)
    except (ReplayError, ValueError):
        past.say(CANNOT_OPEN, "error")
        return
    past.replay, past.game = replay, game
    past.say("")


def step(s: Session, act: str, arg: str) -> None:
    """⏮ ◀ ▶ ⏭, ←/→ and the deal chips, on the replay on show."""
    past = s.ui.past
    if past.replay is None:
        return
    s.ui.shared = None                     # a link shown goes as the replay moves
    try:
        move_replay(past.replay, act, arg)
    except ReplayError:
        past.replay = None
        past.say(CANNOT_OPEN, "error")


def close(s: Session, _: str) -> None:
    """✕: from a replay back to the list; from the list back to where the player was."""
    if s.ui.past.replay is not None:
        s.ui.past.replay = None
        s.ui.shared = None
    else:
        s.ui.past = None
        s.ui.shared = None


def export(s: Session, game: str) -> None:
    """⬇ Export: the game as a file for the page to offer (its log verbatim: kept.export_text)."""
    past, entry = s.ui.past, _entry(s, game)
    if entry is None:
        past.say(GONE, "error")
        return
    past.download = [export_name(entry), export_text(entry)]
    past.say(f"Exported: {export_name(entry)}")


def import_game(s: Session, text: str) -> None:
    """A file chosen to import: kept when it is a finished game that replays; else one sentence,
    and nothing stored or changed."""
    past = s.ui.past
    try:
        got = read_import(text)
    except ImportRefused as error:
        past.say(str(error), "error")
        return
    kept = finished(s)
    if any(entry["log"] == got.record.log for entry in kept):
        past.say(ALREADY)
        return
    record = got.record
    if any(entry["game"] == record.game for entry in kept):   # the same id, other moves: never over it
        digest = hashlib.sha256(record.log.encode("utf-8", "surrogatepass")).hexdigest()[:6]
        record = type(record)(f"{record.game[:32]}-{digest}", record.level, record.log, record.moves, over=True)
    if not s.saves.keep(record, "finished", at=got.at, facts=got.facts):
        past.say(NO_ROOM, "error")
        return
    past.entries = finished(s)
    past.replay = None
    facts = got.facts
    past.say(f"Imported: the game ({title(facts, record.level)}"
             f"{', ' + date_text(got.at) if got.at else ''}) is now first among your past games.")


def share(s: Session, arg: str) -> None:
    """🔗 Share, tapped: the page tried to copy the address (``arg``: 'copied URL' or 'shown URL');
    the address is shown either way, selectable, under the control whose query it ends with."""
    how, _, url = arg.partition(" ")
    if url.startswith(("http://", "https://", "file:")) and len(url) <= 600:
        s.ui.shared = {"url": url, "copied": how == "copied"}


PAST: dict[str, Callable[[Session, str], None]] = {
    "past-open": open_game,
    "past-close": close,
    "menu": close,
    "export": export,
    "import": import_game,
    "share": share,
    "replay-go": lambda s, arg: step(s, "replay-go", arg),
    "replay-deal": lambda s, arg: step(s, "replay-deal", arg),
    "step": lambda s, arg: step(s, "step", arg),
}


def wants(s: Session, act: str) -> bool:
    """This screen answers the tap: it is open, or the tap opens it (or shares a finished game)."""
    return s.ui.past is not None or act in ("past", "share")


def dispatch(s: Session, act: str, arg: str = "") -> bool:
    """Run one of this screen's intents; False when it means nothing here."""
    if act == "past":
        open_list(s, "")
        return True
    if act == "share" and s.ui.past is None:
        if s.state is None or not s.state.is_over:
            return False
        share(s, arg)
        return True
    if s.ui.past is None or act not in PAST:
        return False
    PAST[act](s, arg)
    return True


def take_download(s: Session) -> Optional[list[str]]:
    """The file to offer, once (the frame carries it to the page)."""
    past = s.ui.past
    if past is None or past.download is None:
        return None
    download, past.download = past.download, None
    return download


# ------------------------------------------------------------ the list, as a model


def past_model(s: Session) -> Model:
    """The list: one row per finished game kept, newest first, with what it is and how it ended."""
    past = s.ui.past
    return {"rows": [row(s, entry) for entry in past.entries], "message": past.message, "tone": past.tone}


def row(s: Session, entry: dict) -> Model:
    facts = _facts(s.ui.past, entry)
    level = entry.get("level", "")
    out = {"game": entry["game"], "date": date_text(entry.get("at")) or "Date unknown", "broken": facts is None,
           "buttons": [_button("past-open", "▶ Replay", facts is not None, arg=entry["game"], style="primary"),
                       _button("export", "⬇ Export", arg=entry["game"])]}
    if facts is None:
        return dict(out, title="A game that cannot be read", result="Its moves do not play to the end", total="",
                    share=None)
    out["title"] = title(facts, level)
    out["result"] = result_line(facts)
    out["total"] = f"Your total {facts['total']}" if facts.get("people", 1) == 1 else ""
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
        return f"{and_list(winners) or 'nobody'} won" + (" (a tie)" if len(winners) > 1 else "")
    if you in winners:
        others = [name for name in winners if name != you]
        return "You won" if not others else f"{and_list(['You', *others])} won (a tie)"
    won = and_list(winners) or "nobody"
    return f"{ordinal(facts['place'])} of {facts['players']} · {won} won"


def title(facts: dict, level: str) -> str:
    """'Aggravation · Scout · 4 players': the rulebook, the level, the table."""
    return " · ".join((RULEBOOK_NAMES.get(facts["rules"], facts["rules"]), LEVEL_NAMES.get(level, "Bots"),
                       plural(facts["players"], "player")))


# ------------------------------------------------------------ the screen


def past_screen(s: Session) -> str:
    """The list, or the replay of the game opened in it (the game-over replay's own screen)."""
    past = s.ui.past
    if past.replay is not None:
        replay, entry = past.replay, _entry(s, past.game)
        level = entry.get("level", "") if entry else ""
        share = share_model(replay.log, level, s.ui.shared, replay.deal)
        return replay_screen(replay_view(replay, _button("past-close", "✕ Past games"), share))
    return past_list(past_model(s))


def past_list(m: Model) -> str:
    tone = m["tone"]
    message = (f'<p class="message {tone}" role="{"alert" if tone == "error" else "status"}">{e(m["message"])}</p>'
               if m["message"] else '<p class="message" role="status"></p>')
    rows = "".join(past_row(r) for r in m["rows"])
    rows = (f'<ol class="past-list" aria-label="Finished games, newest first">{rows}</ol>' if rows else
            '<p class="empty">No finished games yet. Every game you finish is kept here (the last 20 at least).</p>')
    return (f'<main class="start past" data-screen="past"><header class="past-head"><h1>📚 Past games</h1>'
            f'<button type="button" class="chip" data-act="past-close">✕ Back</button></header>{message}'
            f'<div class="past-import"><input type="file" id="import-file" class="file" accept=".json,application/json,text/plain" '
            f'data-import data-limit="{safejson.LIMIT}">'
            f'<label for="import-file" class="btn">📂 Import a game…</label>'
            f'<small>A game file exported from Aggravation, on this device or another.</small></div>'
            f'{rows}</main>')


def past_row(r: Model) -> str:
    buttons = "".join(button(b) for b in r["buttons"])
    share = share_link(r["share"]) if r["share"] else ""
    total = f'<span class="total">{e(r["total"])}</span>' if r["total"] else ""
    return (f'<li class="past-game{" broken" if r["broken"] else ""}" data-game="{e(r["game"])}">'
            f'<p class="what"><b>{e(r["title"])}</b><span class="when">{e(r["date"])}</span></p>'
            f'<p class="how">{e(r["result"])}{total}</p>'
            f'<div class="past-actions">{buttons}{share}</div></li>')
