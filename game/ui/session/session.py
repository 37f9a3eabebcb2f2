"""The game session behind the page: engine state, its log, its bots, and the UI's own state.

Pure Python (no ``js``): the page calls intents for every tap (screens/*/intents.py through
dispatch.py), ``step()`` when a timer it set fires, and asks ``pending()`` what to schedule
next. Every accepted action is saved at once through the injected ``storage`` (``get/set/remove``
of text: localStorage on the page, a dict in tests).

The session's jobs are parts, each a mixin in a module of its own:
``saving.py`` (the save slot), ``tabs.py`` (another tab's writes), ``clock.py`` (bots and timers),
``moves.py`` (the player's moves). This module starts games and holds the fields they share.
It knows no screen: the screens read it and drive it.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Optional

from game.log import GameLog
from game.rules import DEFAULT_PRESET, PRESETS
from game.state import GameState

from ..store.saves import Saves
from ..store.settings import Settings, house_rules, seats
from .clock import Clock
from .coach import LESSON_SEED, Coach
from .moves import Moves
from .saving import Saving
from .screen_state import HUMAN, Ui
from .tabs import OtherTabs

LEVEL_NAMES = {"sprout": "Sprout", "scout": "Scout", "ace": "Ace"}


def new_id() -> str:
    """A game's or a tab's id: random, short, and never the same twice in practice."""
    return f"{random.SystemRandom().getrandbits(48):012x}"


def bot_levels() -> dict[str, int]:
    from game.bots import LEVELS

    return dict(LEVELS)


def make_bot(level: str):
    from game.bots import make_bot as build

    return build(level)


@dataclass
class Session(Saving, OtherTabs, Clock, Moves):
    """One tab's game: start, resume, save, the clock, the player's moves (other tabs: tabs.py)."""

    new_bot = staticmethod(make_bot)                 # for the mixins, which cannot import this module

    storage: Any
    settings: Settings = field(default_factory=Settings)
    ui: Ui = field(default_factory=Ui)
    state: Optional[GameState] = None
    log: Optional[GameLog] = None
    level: str = "sprout"
    bots: dict[int, Any] = field(default_factory=dict)
    people: int = 1                                  # seats 0..people-1 are people sharing the device
    seat: int = HUMAN                                # the person whose hand the table shows
    online: str = ""                                 # the room's code when people play on their own devices
    room: Optional[Any] = None                       # that room (store/room.py), kept while it is open
    asked_since: Optional[tuple[int, float]] = None  # (token, when): an online person was asked to claim (clock.py)
    turn_since: Optional[tuple[tuple, float]] = None  # (turn, when): an online person's turn began (clock.py)
    still_since: Optional[tuple[int, float]] = None  # (token, when): the table last moved on a person's turn (clock.py)
    told: dict[int, str] = field(default_factory=dict)  # seat -> news for that person's screen (a bot took their turn)
    game: str = ""                                   # the game's id, shared by every tab playing it
    hints: int = 0                                   # 💡 hints asked in this game (saved with it; statistics)
    reminded: bool = False                           # a tip acted against had its reason said (once a game)
    tab: str = field(default_factory=new_id)         # this tab's id, written with every save
    saves: Saves = field(init=False, repr=False)
    _framed: Optional[dict] = field(default=None, init=False, repr=False)  # the frames last written
    _ordered: Optional[list] = field(default=None, init=False, repr=False)  # the order last written
    _offs: Optional[tuple] = field(default=None, init=False, repr=False)    # (moment, lay-offs): lay_offs()

    # ------------------------------------------------------------ games

    def __post_init__(self) -> None:
        self.saves = Saves(self.storage)
        self.ui.now = self.moment

    def start(self, level: str, seed: Optional[int] = None, house: Optional[tuple[str, ...]] = None,
              preset: Optional[str] = None, people: Optional[int] = None,
              names: Optional[list[str]] = None, online: str = "", bots: Optional[int] = None) -> None:
        """A new game under ``preset`` (by default the settings' rulebook). Aggravation's table
        size comes with the level and its house rules are ``house`` or the settings' (saved in
        its log); another rulebook plays by its own book, at the table size the settings hold.
        ``people`` (by default the settings') take the first seats, bots the rest; a table too
        small for them grows, within the rulebook's limit. ``names``: theirs (by default the
        settings'); ``online``: the room's code when each plays on their own device; ``bots``:
        how many bots join the people, whatever the level (pass-and-play's setup picks both).

        The game it replaces, if unfinished, is kept among the games kept first: nothing is lost."""
        levels = bot_levels()
        if level not in levels:
            level = "sprout"
        preset = preset if preset in PRESETS else self.settings.rulebook
        if seed is None:
            seed = random.Random().randrange(1, 10**9)
        self._keep_unfinished("abandoned")
        if preset == DEFAULT_PRESET:
            players, chosen = levels[level] + 1, house_rules(self.settings.house if house is None else house)
        else:
            players, chosen = self.settings.players_for(preset), ()
        people = min(self.settings.people if people is None else people, PRESETS[preset].max_players)
        players = seats(preset, players if bots is None else people + bots, people)
        names = list(names or self.settings.people_names(people))[:people]
        names += [f"{LEVEL_NAMES[level]} {n}" for n in range(1, players - people + 1)]
        self.log = GameLog(seed, players, preset, house_rules=chosen, names=names)
        self.state = self.log.new_game()
        self.game = new_id()
        self.hints = 0
        self.reminded = False
        self.online = online
        self._begin(level, people=people)
        self.greet()
        self._write()

    def deal_on(self, moves: list) -> bool:
        """A shared later deal (store/deal_link.py): the game just started plays ``moves`` (the
        shared game's, up to the NextDeal of that deal), so it stands at that deal as it was dealt.
        False, and the game left at its first deal, when they do not play to a new deal's start."""
        from game.actions import NextDeal

        log = GameLog(self.log.seed, self.log.players, self.log.preset, self.log.house_rules,
                      self.log.names, list(moves))
        try:
            state = log.replay()
        except ValueError:
            return False
        if not moves or not isinstance(moves[-1], NextDeal) or state.is_over:
            return False
        self.log, self.state = log, state
        self._begin(self.level, people=self.people)
        self._write()
        return True

    def start_lesson(self) -> None:
        """🎓 The guided first deal: a Sprout game of Aggravation on the lesson's shuffle, coached."""
        self.start("sprout", LESSON_SEED, house=(), preset=DEFAULT_PRESET, people=1)
        self.ui.coach = Coach()

    def _begin(self, level: str, screen: str = "table", people: int = 1) -> None:
        self.level, self.people, self.seat = level, people, HUMAN
        self.bots = {seat: make_bot(level) for seat in range(people, self.state.players)}
        self.ui = Ui(screen=screen, sort=self.ui.sort, alert=self.ui.alert, veiled=people > 1 and not self.online,
                     now=self.moment)

    def person(self, seat: Optional[int]) -> bool:
        """True for a seat played by someone at the screen or at the online table (not a bot, not
        "between deals", not a seat a bot plays while its person is away)."""
        return seat is not None and 0 <= seat < self.people and seat not in self.bots

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.state.seats] if self.state else []
