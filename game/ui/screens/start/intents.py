"""What a tap on the start screen does: a level or the guided deal starts a game (or first asks
about the one in progress), 👥 Pass and play opens its setup, whose tables start a game of people
(or ask first too); back to the table, to the menu; and the lesson's way out.
"""
from __future__ import annotations

from typing import Callable

from ...session.coach import LESSON
from ...session.session import LEVEL_NAMES, Session
from .model import PEOPLE, people_count


def pick_level(s: Session, arg: str) -> None:
    """A level tapped: a new game for one player against the bots at once, unless that would
    leave a game in progress: then the player is asked first (the start screen, with the question
    over it)."""
    start_or_ask(s, arg if arg in LEVEL_NAMES else "sprout", people=False)


def start_or_ask(s: Session, level: str, people: bool) -> None:
    """A new game at ``level`` (of the people in the setup, or one player's), or the question first."""
    if s.state is not None and not s.state.is_over:
        s.ui.confirm = PEOPLE + level if people else level
        s.ui.screen = "start"
    else:
        begin(s, PEOPLE + level if people else level)


def begin(s: Session, choice: str) -> None:
    """``choice``: a level ('scout': one player) or a table of the setup's people ('people:scout')."""
    level = choice.removeprefix(PEOPLE)
    if choice.startswith(PEOPLE):                        # the setup's people, and the bots it picked
        people = people_count(s)
        s.start(level, people=people, bots=s.settings.bots_for(s.settings.rulebook, people))
    else:
        s.start(level, people=1)


def confirm_level(s: Session, _: str) -> None:
    if s.ui.confirm == LESSON:
        s.start_lesson()
    elif s.ui.confirm:
        begin(s, s.ui.confirm)


def toggle_people(s: Session, _: str) -> None:
    """👥 Pass and play: its setup opens in the place of the levels (two people at least), and its
    ← Back closes it. One act for both, so the focus moves from one to the other (page/keeping.js)."""
    s.ui.people_setup, s.ui.screen = not s.ui.people_setup, "start"
    if s.settings.change("people", str(people_count(s))):
        s.store_settings()


def start_people(s: Session, arg: str) -> None:
    """A table in the setup tapped: the people's game with that level's bots (or none)."""
    if s.ui.people_setup and arg in LEVEL_NAMES:
        start_or_ask(s, arg, people=True)


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


def dismiss(s: Session, arg: str) -> None:
    """OK on a note: the table's word of a save set aside (``set-aside``), or the cannot-save alert."""
    if arg == "set-aside":
        s.ui.aside = None
    else:
        s.ui.alert = ""


def to_menu(s: Session, _: str) -> None:
    s.ui.screen = "start"
    s.ui.people_setup = False
    s.ui.frames = None
    s.ui.replay = None


def to_table(s: Session, _: str) -> None:
    """Back to the table from the menu: in pass-and-play, behind the pass screen (the device may
    have changed hands meanwhile)."""
    if s.state is not None:
        s.ui.screen = "table"
        s.ui.veiled = s.ui.veiled or (s.people > 1 and not s.online)


ALWAYS: dict[str, Callable[[Session, str], None]] = {
    "level": pick_level,
    "people-setup": toggle_people,
    "people-start": start_people,
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
