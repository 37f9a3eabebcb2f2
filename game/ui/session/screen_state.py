"""What the page shows besides the game: the screen, the card picked, open frames, the message,
and every screen's own state (the replay, past games, statistics, pass-and-play's veil).

One dataclass the session owns (``Session.ui``) and every screen reads; a new game starts a
fresh one. ``HUMAN`` is the seat the screen belongs to in a solo game.

A message and a picked card belong to the moment they were made in, and are read as nothing once
it has passed, whoever moved the table on (a bot's move happens far from any screen): "Wait for
your turn: Scout 1 is playing" ends when the turn moves on, and a card picked while others played
is put down when the turn comes to the player. The session says what "now" is (``Ui.now``,
``Moves.moment``); news of what happened (a claim's outcome, "You laid off…") lasts until the
player's next move.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple, Optional

from game.i18n import shown

from ..store.saves import PLAYER
from .frames import Frames

HUMAN = PLAYER                             # the player's seat in a solo game; the first person's in pass-and-play

# How long a message lasts: until the table moves at all; while the same seat is to move; until the
# player's own next move.
INSTANT, TURN, MOVE = "instant", "turn", "move"


def sentences(*parts: str) -> str:
    """Sentences said one after another (each a Message, translated where shown): kept as
    ``Later(sentences, ...)``, so the whole says its parts in the language being drawn.

    >>> sentences("You claimed 7♥", "", "Why")
    'You claimed 7♥. Why'
    """
    return ". ".join(str(shown(part)) for part in parts if part)


class Moment(NamedTuple):
    """Where the table stands, as far as a message or a picked card cares."""

    game: str = ""
    deal: int = -1
    seat: int = -1                         # whose hand is on show
    mover: Optional[int] = None            # who is to move (None between deals)
    token: int = -1                        # the moves made so far: any move changes it

    def turn(self) -> tuple:
        """What a "wait"/"why not" message lives in: the same seat to move, in the same deal."""
        return self.game, self.deal, self.seat, self.mover

    def instant(self) -> tuple:
        """What a message about an open 🫳 offer lives in: this very moment."""
        return self.turn() + (self.token,)

    def waiting(self) -> tuple:
        """What a picked card lives in: the player's own turn, or the time others play."""
        return self.game, self.deal, self.seat, self.mover == self.seat


def nowhere() -> Moment:
    return Moment()


@dataclass
class Ui:
    """What the page shows besides the game: the screen, selection, frames, a message."""

    screen: str = "start"                 # 'start' | 'table'
    sort: str = "number"
    now: Callable[[], Moment] = field(default=nowhere, repr=False, compare=False)  # set by the session
    picked: Optional[tuple[str, tuple]] = None  # (a hand card's key, the Moment.waiting() it was picked in)
    frames: Optional[Frames] = None        # open while going down
    end_for: Optional[tuple[str, int]] = None  # (card key, meld) waiting for the player's end
    said: Optional[tuple[str, Optional[tuple]]] = None  # (text, the Moment.turn()/.instant() it lasts for; None: news)
    tone: str = "info"                     # 'info' | 'error'
    settings_open: bool = False
    notice: str = ""                       # start screen: why there is no game to resume
    reason: str = ""                       # ...and the technical reason, for a report
    alert: str = ""                        # said once, until dismissed: the game cannot be saved
    aside: Optional[str] = None            # table: the save set aside as this game started, said until
                                           # dismissed (Saving.say_set_aside); the reason, for a report
    confirm: str = ""                      # a level tapped while a game is in progress: start it?
    replay: Optional[Any] = None           # game over: the game step by step (replay.GameReplay)
    elsewhere: str = ""                    # 'same' | 'other': another tab moved the slot on; waiting
    ending: str = ""                       # a deal just ended here: 'play' (its going-out play on
                                           # the table), then 'hands' (everyone's cards), then '' (scores)
    answer: Optional[tuple] = None         # (token, 'steal' | 'pass'[, a tip's reason]): the answer to the 🫳 offer
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
    hint: Optional[tuple[Any, tuple]] = None  # (the 💡 hint asked, the Moment.instant() it was asked in)
    history: Optional[tuple] = None        # the 📜 sheet of the deal's moves: (game, deal) it was opened in
    keys: bool = False                     # the ⌨️ keys sheet is open ("?": screens/table/keys.py)

    @property
    def selected(self) -> Optional[str]:
        """The picked card's key, while the moment it was picked in lasts."""
        if self.picked is None or self.picked[1] != self.now().waiting():
            return None
        return self.picked[0]

    @selected.setter
    def selected(self, key: Optional[str]) -> None:
        self.picked = None if key is None else (key, self.now().waiting())

    @property
    def message(self) -> str:
        """What the table says besides its prompt, while it is still true."""
        if self.said is None:
            return ""
        lasts, now = self.said[1], self.now()
        if lasts is not None and lasts not in (now.turn(), now.instant()):
            return ""
        return self.said[0]

    @message.setter
    def message(self, text: str) -> None:
        self.say(text, self.tone, MOVE)

    def say(self, text: str, tone: str, lasts: str) -> None:
        now = self.now()
        self.said = (text, {TURN: now.turn(), INSTANT: now.instant()}.get(lasts)) if text else None
        self.tone = tone
