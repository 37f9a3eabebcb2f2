"""What the page shows besides the game: the screen, the card picked, open frames, the message,
and every screen's own state (the replay, past games, statistics, pass-and-play's veil).

One dataclass the session owns (``Session.ui``) and every screen reads; a new game starts a
fresh one. ``HUMAN`` is the seat the screen belongs to in a solo game.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from ..store.saves import PLAYER
from .frames import Frames

HUMAN = PLAYER                             # the player's seat in a solo game; the first person's in pass-and-play


@dataclass
class Ui:
    """What the page shows besides the game: the screen, selection, frames, a message."""

    screen: str = "start"                 # 'start' | 'table'
    sort: str = "number"
    selected: Optional[str] = None         # a hand card's key
    frames: Optional[Frames] = None        # open while going down
    end_for: Optional[tuple[str, int]] = None  # (card key, meld) waiting for the player's end
    message: str = ""
    tone: str = "info"                     # 'info' | 'error'
    settings_open: bool = False
    notice: str = ""                       # start screen: why there is no game to resume
    reason: str = ""                       # ...and the technical reason, for a report
    alert: str = ""                        # said once, until dismissed: the game cannot be saved
    confirm: str = ""                      # a level tapped while a game is in progress: start it?
    replay: Optional[Any] = None           # game over: the game step by step (replay.GameReplay)
    elsewhere: str = ""                    # 'same' | 'other': another tab moved the slot on; waiting
    ending: str = ""                       # a deal just ended here: 'play' (its going-out play on
                                           # the table), then 'hands' (everyone's cards), then '' (scores)
    answer: Optional[tuple[int, str]] = None  # (token, 'steal' | 'pass'): the player's answer to the 🫳 offer
    order: Optional[list[str]] = None      # the hand as the player arranged it (card keys), over the sort
    digging: bool = False                  # the pile fanned out to draw from deep in it (Gallery)
    extra: Optional[list[str]] = None      # once down: the cards picked for one more meld (Gallery)
    coach: Optional[Any] = None            # the guided first deal's progress (coach.Coach), while it runs
    stats: str = ""                        # the statistics screen over this one (screens/stats.py)
    past: Optional[Any] = None             # the past-games screen, open over any other (library.Past)
    shared: Optional[dict] = None          # game over: the link to this game's first deal, on show (screens/library/)
    veiled: bool = False                   # pass-and-play: no hand shows until its owner taps (passing.py)
    orders: dict = field(default_factory=dict)  # pass-and-play: seat -> its arrangement while another holds the device
    people_setup: bool = False             # start screen: the 👥 pass-and-play setup is open (screens/start/)
    seen: dict = field(default_factory=dict)  # pass-and-play: seat -> (deal, events) when it last looked
