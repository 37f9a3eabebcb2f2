"""What a tap on the start screen does: a level or the guided deal starts a game (or first asks
about the one in progress), back to the table, to the menu; and the lesson's way out.
"""
from __future__ import annotations

from typing import Callable

from ...session.coach import LESSON
from ...session.session import LEVEL_NAMES, Session


def pick_level(s: Session, arg: str) -> None:
    """A level tapped: a new game at once, unless that would leave a game in progress: then the
    player is asked first (the start screen, with the question over it)."""
    if s.state is not None and not s.state.is_over:
        s.ui.confirm = arg if arg in LEVEL_NAMES else "sprout"
        s.ui.screen = "start"
    else:
        s.start(arg)


def confirm_level(s: Session, _: str) -> None:
    if s.ui.confirm == LESSON:
        s.start_lesson()
    elif s.ui.confirm:
        s.start(s.ui.confirm)


def learn(s: Session, _: str) -> None:
    """🎓 The guided first deal; a game in progress is asked about first, like a level."""
    if s.state is not None and not s.state.is_over and s.ui.coach is None:
        s.ui.confirm, s.ui.screen = LESSON, "start"
    else:
        s.start_lesson()


def skip_lesson(s: Session, _: str) -> None:
    """Skip the lesson at any moment: the coach goes, the game plays on."""
    if s.ui.coach is not None:
        s.ui.coach = None
        s.say("Lesson skipped: this game goes on as a Sprout game")


def keep_game(s: Session, _: str) -> None:
    s.ui.confirm = ""
    to_table(s, "")


def dismiss(s: Session, _: str) -> None:
    s.ui.alert = ""


def to_menu(s: Session, _: str) -> None:
    s.ui.screen = "start"
    s.ui.frames = None
    s.ui.replay = None


def to_table(s: Session, _: str) -> None:
    """Back to the table from the menu: in pass-and-play, behind the pass screen (the device may
    have changed hands meanwhile)."""
    if s.state is not None:
        s.ui.screen = "table"
        s.ui.veiled = s.ui.veiled or s.people > 1


ALWAYS: dict[str, Callable[[Session, str], None]] = {
    "level": pick_level,
    "learn": learn,
    "confirm": confirm_level,
    "keep": keep_game,
    "dismiss": dismiss,
}
NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "coach-skip": skip_lesson,
    "resume": to_table,
    "menu": to_menu,
}
