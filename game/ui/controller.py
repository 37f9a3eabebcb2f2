"""The game session behind the page: engine state, its log, bots, and the UI's own state.

Pure Python (no ``js``): the page calls ``intent(act, arg)`` for every tap,
``step()`` when a timer it set fires, and asks ``pending()`` what to schedule
next. Every accepted action is saved at once through the injected ``storage``
(``get/set/remove`` of text, localStorage in the page, a dict in tests).
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any, Optional

from game.actions import Action, Discard, Draw, GoDown, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard
from game.log import GameLog, LogError
from game.layoff import lay_off_ends
from game.melds import is_wild
from game.state import GameState, IllegalAction, Phase

from .frames import Frames
from .settings import Settings, house_rules

HUMAN = 0
SAVE_KEY = "aggravation.save"
BROKEN_KEY = "aggravation.save.unreadable"
LEVEL_NAMES = {"sprout": "Sprout", "scout": "Scout", "ace": "Ace"}


def bot_levels() -> dict[str, int]:
    from game.bots import LEVELS

    return dict(LEVELS)


def make_bot(level: str):
    from game.bots import make_bot as build

    return build(level)


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


@dataclass
class Session:
    storage: Any
    settings: Settings = field(default_factory=Settings)
    ui: Ui = field(default_factory=Ui)
    state: Optional[GameState] = None
    log: Optional[GameLog] = None
    level: str = "sprout"
    bots: dict[int, Any] = field(default_factory=dict)

    # ------------------------------------------------------------ games

    def start(self, level: str, seed: Optional[int] = None, house: Optional[tuple[str, ...]] = None) -> None:
        """A new game; its house rules are ``house`` or, by default, the settings' (saved in its log)."""
        levels = bot_levels()
        if level not in levels:
            level = "sprout"
        if seed is None:
            seed = random.Random().randrange(1, 10**9)
        players = levels[level] + 1
        names = ["You"] + [f"{LEVEL_NAMES[level]} {n}" for n in range(1, players)]
        chosen = house_rules(self.settings.house if house is None else house)
        self.log = GameLog(seed, players, house_rules=chosen, names=names)
        self.state = self.log.new_game()
        self._begin(level)
        self.save()

    def _begin(self, level: str) -> None:
        self.level = level
        self.bots = {seat: make_bot(level) for seat in range(1, self.state.players)}
        self.ui = Ui(screen="table", sort=self.ui.sort)

    def resume(self) -> bool:
        """Load the saved game; on a bad save keep a copy aside and say why. True if resumed."""
        text = self.storage.get(SAVE_KEY)
        if not text:
            return False
        try:
            data = json.loads(text)
            if not isinstance(data, dict) or not isinstance(data.get("log"), str):
                raise LogError("this is not an Aggravation saved game")
            log = GameLog.from_json(data["log"])
            level = data.get("level")
            if level not in bot_levels() or log.players != bot_levels()[level] + 1:
                raise LogError("its level does not match its table")
            state = log.replay()
        except (LogError, ValueError, TypeError) as error:
            self.storage.set(BROKEN_KEY, text)
            self.storage.remove(SAVE_KEY)
            self.ui.notice = f"Your saved game could not be loaded ({error}). Pick a level to start a new game."
            return False
        self.log, self.state = log, state
        self._begin(level)
        return True

    def save(self) -> None:
        if self.log is not None:
            self.storage.set(SAVE_KEY, json.dumps({"level": self.level, "log": self.log.to_json()}))

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.state.seats] if self.state else []

    # ------------------------------------------------------------ the clock

    def pending(self) -> Optional[tuple[str, Optional[int]]]:
        """What the page should schedule: ('bot', ms), ('claim', ms or None to wait), or None."""
        if self.state is None or self.ui.screen != "table":
            return None
        seat = self.state.current_player
        if seat is None:
            return None
        if seat != HUMAN:
            return ("bot", self.settings.bot_delay_ms())
        if self.state.phase is Phase.CLAIMS:
            return ("claim", self.settings.claim_ms())
        return None

    def token(self) -> int:
        """Changes with every action: a timer set for one moment is ignored at another."""
        return len(self.log.actions) if self.log else -1

    def step(self, token: int) -> bool:
        """A timer fired: one bot decision, or the human's claim lapsing. True if it acted."""
        if self.state is None or token != self.token():
            return False
        seat = self.state.current_player
        if seat is None:
            return False
        if seat == HUMAN:
            if self.state.phase is Phase.CLAIMS:
                return self._play(Pass(), HUMAN, quiet=True)
            return False
        return self._bot_move(seat)

    def _bot_move(self, seat: int) -> bool:
        legal = self.state.legal_actions()
        rng = random.Random(f"{self.log.seed}:{len(self.log.actions)}")
        try:
            choice = self.bots[seat].choose(self.state.view(seat), legal, rng)
            self.log.play(self.state, choice, seat)
        except IllegalAction:  # a bot's mistake must never stick the table
            for action in legal:
                try:
                    self.log.play(self.state, action, seat)
                    break
                except IllegalAction:
                    continue
        self.save()
        return True

    # ------------------------------------------------------------ the player's moves

    def say(self, text: str, tone: str = "info") -> None:
        self.ui.message, self.ui.tone = text, tone

    def _play(self, action: Action, seat: int = HUMAN, quiet: bool = False) -> bool:
        try:
            self.log.play(self.state, action, seat)
        except IllegalAction as refusal:
            self.say(str(refusal), "error")
            return False
        self.ui.selected = self.ui.end_for = None
        self.ui.frames = None
        if not quiet:
            self.say("")
        self.save()
        return True

    def my_turn(self) -> bool:
        return self.state is not None and self.state.current_player == HUMAN

    def hand_card(self, key: Optional[str]):
        if not key or self.state is None:
            return None
        return next((c for c in self.state.seats[HUMAN].hand if c.key == key), None)

    def lay_off(self, meld: int, end: Optional[str] = None) -> None:
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say("Pick a card from your hand first, then the meld to lay it on")
            return
        if not 0 <= meld < len(self.state.table):
            return
        ends = lay_off_ends(self.state.table[meld].meld, card, self.state.rules)
        if end is None and len(ends) == 2:
            self.ui.end_for = (card.key, meld)
            self.say(f"{card.symbol} fits either end of that run: pick one")
            return
        self._play(LayOff(card, meld, end or (ends[0] if ends else None)))

    def swap_wild(self, meld: int, index: int) -> None:
        """House rule: the picked natural card takes the place of the wild at ``index`` of ``meld``.

        The engine decides whether it may (and says why not); a picked *wild* cannot
        swap, so tapping a wild with one picked means laying it off on that meld.
        """
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say("Pick the natural card from your hand first, then tap the wild it stands in for")
            return
        if is_wild(card, self.state.rules) and self.state.rules.wild_swap:
            self.lay_off(meld)
            return
        table = self.state.table
        wild = table[meld].meld.cards[index] if 0 <= meld < len(table) and 0 <= index < table[meld].meld.size else None
        if self._play(SwapWild(card, meld, index)) and wild is not None:
            self.say(f"You put {card.symbol} in its place and took {wild.symbol} into your hand")

    def act(self, action: Action) -> None:
        self._play(action)

    def draw(self) -> None:
        self._play(Draw())

    def take(self) -> None:
        if self.state.phase is Phase.SWAP:
            self.swap()
        else:
            self._play(TakeDiscard())

    def swap(self) -> None:
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say("Pick the card from your hand you would give for the discard")
            return
        self._play(Swap(card))

    def discard(self) -> None:
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say("Pick the card to discard first")
            return
        self._play(Discard(card))

    def go_down(self, melds) -> bool:
        return self._play(GoDown(tuple(melds)))

    def steal(self) -> None:
        self._play(Steal())

    def pass_(self) -> None:
        self._play(Pass())

    def next_deal(self) -> None:
        self._play(NextDeal(), seat=None)
