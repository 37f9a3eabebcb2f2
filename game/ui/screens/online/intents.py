"""What a tap in the lobby does (and on the table, 🤖 for a person away and a reaction). ``ALWAYS`` lists them by
``data-act`` for dispatch.py; the room's work is the session's (session/online.py).
"""
from __future__ import annotations

from typing import Callable

from game.i18n import Message
from game.rules import PRESETS

from ...session import online
from ...session.session import Session
from ...store.room import LEVELS
from ...words import RULEBOOK_NAMES


def open_lobby(s: Session, _: str) -> None:
    online.open_room(s)


def pick_level(s: Session, arg: str) -> None:
    if s.room is not None and not s.room.started and arg in LEVELS:
        s.room.level = arg
        online.keep_room(s)


def start_game(s: Session, _: str) -> None:
    if s.room is None or s.room.started:
        return
    most = PRESETS[s.settings.rulebook].max_players
    if len(s.room.guests) + 1 > most:
        # Translators: {rules} is a rulebook's name (Aggravation, Gallery, Contract Rummy), {n} a number of players.
        s.say(Message("{rules} seats {n} at most: pick other rules", rules=RULEBOOK_NAMES[s.settings.rulebook], n=most),
              "error")
        return
    online.start(s)


def close(s: Session, _: str) -> None:
    if s.room is not None:
        online.close_room(s)
    if s.ui.screen == "online":
        s.ui.screen = "start"


def let_a_bot_play(s: Session, arg: str) -> None:
    if s.room is not None and arg.isdecimal() and not online.stand_in(s, int(arg)):
        s.say(Message("Wait a little longer: they may be on their way back"))


def play_again(s: Session, _: str) -> None:
    online.play_again(s)


def answer(s: Session, arg: str) -> None:
    """The host answers a question of the table: a seat asked for from a new device, a seat moved."""
    if s.room is not None:
        s.room.answer(arg)


def remove(s: Session, arg: str) -> None:
    """The host takes a guest off the lobby (their page is told; their token is refused from then)."""
    if s.room is not None and arg.isdecimal():
        guest = s.room.remove(int(arg))
        if guest is not None:
            online.keep_room(s)
            s.say(Message("{name} is off the table", name=guest.name))


def react(s: Session, arg: str) -> None:
    online.react(s, s.seat, arg)


ALWAYS: dict[str, Callable[[Session, str], None]] = {
    "online": open_lobby,
    "online-level": pick_level,
    "online-start": start_game,
    "online-close": close,
    "online-bot": let_a_bot_play,
    "react": react,
    "online-again": play_again,
    "online-ask": answer,
    "online-remove": remove,
}
