"""Another tab holds the game: the dialog that asks whether to play on here or take that tab's
game (session/tabs.py sets ``ui.elsewhere``). Its model, its markup and its two intents.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

from game.i18n import _

from ..session.session import Session
from ..words import ELSEWHERE
from .html import dialog
from .parts import button_model

Model = dict[str, Any]


def elsewhere_model(s: Session) -> Optional[Model]:
    """Another tab moved the saved game on: this tab waits for the player's say."""
    if not s.ui.elsewhere:
        return None
    text, hint, other = ELSEWHERE[s.ui.elsewhere]
    return {
        "text": _(text), "hint": _(hint),
        "buttons": [button_model("play-here", _("▶ Play here"), style="primary"), button_model("load-other", _(other))],
    }


def elsewhere(m: Optional[Model]) -> str:
    return dialog("elsewhere", m["text"], m["hint"], m["buttons"]) if m else ""


def play_here(s: Session, _: str) -> None:
    s.play_here()


def load_other(s: Session, _: str) -> None:
    s.play_theirs()


ALWAYS: dict[str, Callable[[Session, str], None]] = {
    "play-here": play_here,
    "load-other": load_other,
}
