"""Taps and keys, routed: ``data-act`` + ``data-arg`` from the page → one screen's intent.

Each screen lists its own intents beside its model and markup (screens/*/intents.py, and the
small screens' modules); this module joins those lists into the page's two tables and keeps the
rules that hold whatever the screen: an intent that needs a game waits for one, another tab's
game stops all but a few, and in pass-and-play nothing that reads a hand runs while hands are
hidden. One function per intent, so the page stays one delegated listener and every intent can
be tested without a browser.
"""
from __future__ import annotations

from typing import Callable

from game.i18n import Message

from .screens import elsewhere, settings, stats
from .screens.passplay import intents as passplay
from .screens.replay import intents as replay
from .screens.scores import intents as scores
from .screens.start import intents as start
from .screens.table import hand
from .screens.table import hint as hints
from .screens.table import intents as table
from .screens.table import keys
from .screens.table import story
from .session import coach
from .session.session import Session

Intent = Callable[[Session, str], None]


def online_intent(act: str) -> Intent:
    """An online table's intent (screens/online/intents.py), its code imported at the first tap: a
    game alone never loads it (dist ships it apart, game/ui/later.py)."""
    def run(s: Session, arg: str) -> None:
        try:
            from .screens.online import intents
        except ImportError:       # offline, the first time: say so; the next tap tries again
            s.ui.alert = Message("The online table could not load: check the connection and try again")
            return
        intents.ALWAYS[act](s, arg)
    return run


ONLINE = {act: online_intent(act) for act in ("online", "online-level", "online-start", "online-close", "online-bot", "react",
                                                 "online-again", "online-ask", "online-remove")}


def joined(*tables: dict[str, Intent]) -> dict[str, Intent]:
    """The screens' intents as one table; an act two screens both claim is a mistake, said at once."""
    out: dict[str, Intent] = {}
    for part in tables:
        twice = out.keys() & part.keys()
        if twice:
            raise ValueError(f"intents listed twice: {sorted(twice)}")
        out.update(part)
    return out


NEEDS_GAME = joined(table.NEEDS_GAME, hand.NEEDS_GAME, hints.INTENTS, keys.INTENTS, story.INTENTS, scores.NEEDS_GAME, passplay.NEEDS_GAME, replay.NEEDS_GAME,
                    start.NEEDS_GAME)
# While no hand may show (pass-and-play), only these mean anything besides ALWAYS: none reads a hand.
# "takeback": the person who just played takes it back before the device changes hands.
WHILE_HIDDEN = {"show", "menu", "keys", "keys-close", "resume", "next", "scores", "onward", "takeback",
                "replay", "replay-go", "replay-deal", "replay-close", "sort"}
ALWAYS = joined(start.ALWAYS, settings.ALWAYS, elsewhere.ALWAYS, stats.INTENTS, ONLINE)
# While another tab holds the game (ui.elsewhere), only these mean anything besides ALWAYS.
WHILE_ELSEWHERE = {"menu", "resume", "sort"}


def dispatch(s: Session, act: str, arg: str = "") -> bool:
    """Run one intent; False when it means nothing now (no game, unknown act, another tab's turn)."""
    if act in ALWAYS:
        ALWAYS[act](s, arg)
        return True
    if act in NEEDS_GAME and s.state is not None and (not s.ui.elsewhere or act in WHILE_ELSEWHERE) \
            and (act in WHILE_HIDDEN or not s.hand_hidden()):
        coach.heard(s, act)               # a lesson's tip pointed here: learned (before the table moves)
        NEEDS_GAME[act](s, arg)
        s.keep_frames()                   # frames in progress are saved too: a reload keeps them
        return True
    return False
