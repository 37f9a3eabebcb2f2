"""What a tap on the past-games screen does: open the list, replay a game and step through it,
export one as a file, import one, share a deal; and ``wants``, ``dispatch``, ``take_download``,
through which the page (app.py) sends this screen its taps while it is open.

>>> from game.ui.session.session import Session
>>> from game.ui.screens.library.model import past_model
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
from typing import Callable, Optional

from game.i18n import Later, Message

from ...session.session import Session
from ...store.deal_link import LINK_LIMIT
from ...store.kept import ImportRefused, date_text, export_name, export_text, read_import
from ...store.saves import read_log
from ..replay.intents import move_replay
from ..replay.steps import GameReplay, ReplayError
from .model import ALREADY, CANNOT_OPEN, GONE, NO_ROOM, Past, _entry, finished, title


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
    past.say(Message("Exported: {file}", file=export_name(entry)))


def import_game(s: Session, text: str) -> None:
    """A file chosen to import: kept when it is a finished game that replays; else one sentence,
    and nothing stored or changed."""
    past = s.ui.past
    try:
        got = read_import(text)
    except ImportRefused as error:
        past.say(error.args[0], "error")     # a Message: said in the language the screen is drawn in
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
    game = Later(title, facts, record.level)        # worked out again where shown, in its language (i18n.Later)
    if got.at:
        past.say(Message("Imported: the game ({game}, {date}) is now first among your past games.",
                         game=game, date=Later(date_text, got.at)))
    else:
        past.say(Message("Imported: the game ({game}) is now first among your past games.", game=game))


def share(s: Session, arg: str) -> None:
    """🔗 Share, tapped: the page tried to copy the address (``arg``: 'copied URL' or 'shown URL');
    the address is shown either way, selectable, under the control whose query it ends with."""
    how, _, url = arg.partition(" ")
    if url.startswith(("http://", "https://", "file:")) and len(url) <= LINK_LIMIT:
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
    s.ui.past.say("")       # a message answers the action it was said of (a file refused): not the next one
    PAST[act](s, arg)
    return True


def take_download(s: Session) -> Optional[list[str]]:
    """The file to offer, once (the frame carries it to the page)."""
    past = s.ui.past
    if past is None or past.download is None:
        return None
    download, past.download = past.download, None
    return download
