"""The game session behind the page: engine state, its log, bots, and the UI's own state.

Pure Python (no ``js``): the page calls ``intent(act, arg)`` for every tap,
``step()`` when a timer it set fires, and asks ``pending()`` what to schedule
next. Every accepted action is saved at once through the injected ``storage``
(``get/set/remove`` of text, localStorage in the page, a dict in tests).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Optional

from game.actions import (Action, Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard,
                          TakeFromPile)
from game.log import GameLog
from game.layoff import best_lay_off, lay_off_ends
from game.legal import extra_melds
from game.melds import is_wild
from game.rules import DEFAULT_PRESET, PRESETS
from game.state import GameState, IllegalAction, Phase

from . import offer as steal_offer
from . import passing
from .frames import Frames, restore
from .kept import facts_of
from .saves import BROKEN_KEY, PLAYER, SAVE_KEY, Record, SaveError, Saves, load  # noqa: F401 (keys: re-exported)
from .settings import SETTINGS_KEY, Settings, house_rules, seats
from .tabs import OtherTabs
from .words import CANNOT_SAVE, UNREADABLE_SAVE, cards_above, claim_words, sort_hand

HUMAN = PLAYER                             # the player's seat in a solo game; the first person's in pass-and-play
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
    stats: str = ""                        # the statistics screen over this one (statscreen.py)
    past: Optional[Any] = None             # the past-games screen, open over any other (library.Past)
    shared: Optional[dict] = None          # game over: the link to this game's first deal, on show (library.py)
    veiled: bool = False                   # pass-and-play: no hand shows until its owner taps (passing.py)
    claiming: Optional[set] = None         # pass-and-play: the people who tapped to claim the discard
    seen: dict = field(default_factory=dict)  # pass-and-play: seat -> (deal, events) when it last looked


@dataclass
class Session(OtherTabs):
    """One tab's game: start, resume, save, the clock, the player's moves (other tabs: tabs.py)."""

    storage: Any
    settings: Settings = field(default_factory=Settings)
    ui: Ui = field(default_factory=Ui)
    state: Optional[GameState] = None
    log: Optional[GameLog] = None
    level: str = "sprout"
    bots: dict[int, Any] = field(default_factory=dict)
    people: int = 1                                  # seats 0..people-1 are people sharing the device
    seat: int = HUMAN                                # the person whose hand the table shows
    game: str = ""                                   # the game's id, shared by every tab playing it
    tab: str = field(default_factory=new_id)         # this tab's id, written with every save
    saves: Saves = field(init=False, repr=False)
    _framed: Optional[dict] = field(default=None, init=False, repr=False)  # the frames last written
    _ordered: Optional[list] = field(default=None, init=False, repr=False)  # the order last written
    _offs: Optional[tuple] = field(default=None, init=False, repr=False)    # (moment, lay-offs): lay_offs()

    # ------------------------------------------------------------ games

    def __post_init__(self) -> None:
        self.saves = Saves(self.storage)

    def start(self, level: str, seed: Optional[int] = None, house: Optional[tuple[str, ...]] = None,
              preset: Optional[str] = None, people: Optional[int] = None) -> None:
        """A new game under ``preset`` (by default the settings' rulebook). Aggravation's table
        size comes with the level and its house rules are ``house`` or the settings' (saved in
        its log); another rulebook plays by its own book, at the table size the settings hold.
        ``people`` (by default the settings') take the first seats, bots the rest; a table too
        small for them grows, within the rulebook's limit.

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
        players = seats(preset, players, people)
        names = self.settings.people_names(people)
        names += [f"{LEVEL_NAMES[level]} {n}" for n in range(1, players - people + 1)]
        self.log = GameLog(seed, players, preset, house_rules=chosen, names=names)
        self.state = self.log.new_game()
        self.game = new_id()
        self._begin(level, people=people)
        self._write()

    def start_lesson(self) -> None:
        """🎓 The guided first deal: a Sprout game of Aggravation on the lesson's shuffle, coached."""
        from .coach import LESSON_SEED, Coach

        self.start("sprout", LESSON_SEED, house=(), preset=DEFAULT_PRESET, people=1)
        self.ui.coach = Coach()

    def claim_ms(self) -> Optional[int]:
        """How long a 🫳 offer stays up: the settings', but a lesson waits for the player until
        they have met their first steal."""
        coach = self.ui.coach
        if coach is not None and "steal" not in coach.learned:
            return None
        return self.settings.claim_ms()

    def _begin(self, level: str, screen: str = "table", people: int = 1) -> None:
        self.level, self.people, self.seat = level, people, HUMAN
        self.bots = {seat: make_bot(level) for seat in range(people, self.state.players)}
        self.ui = Ui(screen=screen, sort=self.ui.sort, alert=self.ui.alert, veiled=people > 1)

    def person(self, seat: Optional[int]) -> bool:
        """True for a seat played by someone at the screen (not a bot, not "between deals")."""
        return seat is not None and 0 <= seat < self.people

    def resume(self) -> bool:
        """Load the saved game; True if resumed. Never raises: whatever the slot holds that cannot
        be played (bad JSON, wrong types, huge numbers, deep nesting, unknown rules, another
        version) is set aside, with a copy to download, and the player is told in one sentence."""
        text = self.saves.slot()
        if not text:
            return False
        try:
            record, log, state = load(text)
            self._adopt(record, log, state, text)
        except Exception as error:  # noqa: BLE001 (the boundary: any failure means "unreadable")
            self.set_aside(text, error)
            return False
        self._reopen_frames(record)
        self._reopen_order(record)
        return True

    def _reopen_frames(self, record: Record) -> None:
        """The frames the player was filling when the page closed, if they still fit the hand."""
        try:
            if record.frames and self.my_turn() and self.state.phase is Phase.PLAY \
                    and not self.state.seats[self.seat].down:
                self.ui.frames = restore(record.frames, self.state.seats[self.seat].hand,
                                         self.state.contract_of(self.seat).melds)
        except Exception:  # noqa: BLE001 (odd frames cost the frames, never the game)
            self.ui.frames = None
        self._framed = self._frames_data()

    def _reopen_order(self, record: Record) -> None:
        """The hand as the player had arranged it, if the saved keys are all cards of the hand
        (no duplicates: saves.order_field); else the hand shows sorted, the game goes on."""
        held = {card.key for card in self.state.seats[self.seat].hand}
        order = record.order
        self.ui.order = list(order) if order and set(order) <= held and len(set(order)) == len(order) else None
        self._ordered = self._order_data()

    def set_aside(self, text: Optional[str], error: BaseException) -> None:
        """The slot's game cannot be played: move it aside, say so, show the start screen."""
        self.saves.set_aside(text if text is not None else "")
        self.state = self.log = None
        self.bots = {}
        self.ui = Ui(sort=self.ui.sort, alert=self.ui.alert, notice=UNREADABLE_SAVE,
                     reason=f"{type(error).__name__}: {error}"[:300])

    def _adopt(self, record: Record, log: GameLog, state: GameState, text: str, screen: str = "table") -> None:
        self.log, self.state, self.game = log, state, record.game
        self._begin(record.level, screen, people=min(record.people, state.players))
        self.saves.seen = text

    def _record(self) -> Record:
        return Record(self.game, self.level, self.log.to_json(), len(self.log.actions), self.tab,
                      self.state.is_over, self._frames_data(), self._order_data(), self.people)

    def _frames_data(self) -> Optional[dict]:
        return self.ui.frames.to_data() if self.ui.frames is not None and self.state is not None else None

    def _order_data(self) -> Optional[list]:
        """The arrangement as the save holds it: only keys of cards still in the hand (a card
        played since then drops out), None when there is none (sorted)."""
        if self.ui.order is None or self.state is None:
            return None
        held = {card.key for card in self.state.seats[self.seat].hand}
        return [key for key in self.ui.order if key in held] or None

    def keep_frames(self) -> None:
        """After a tap: the frames or the hand's arrangement changed (a card placed or taken
        back, frames opened or closed, a card moved, a sort): write them with the game, so a
        reload keeps them. Nothing is written when neither did."""
        if self.log is not None and (self._frames_data() != self._framed or self._order_data() != self._ordered):
            self.save()

    def save(self, automatic: bool = False) -> None:
        """Write the game to the slot after a move, unless another tab moved it on meanwhile: then
        catch up with that tab, or wait for the player's say (``ui.elsewhere``). ``automatic``:
        the move was the clock's (a bot's, a lapsed steal offer), not this tab's player's."""
        if self.log is None or self.ui.elsewhere:
            return
        stored = self.saves.slot()
        if stored is not None and stored != self.saves.seen and self._reconcile(stored, automatic):
            return
        self._write()

    def _write(self) -> None:
        record = self._record()
        self._framed, self._ordered = record.frames, record.order
        self.saves.write_slot(record.to_json())
        if record.over:
            self.saves.keep(record, "finished", facts=facts_of(self.state, self.log.preset, self.people))
        if self.saves.news_of_refusal():
            self.ui.alert = CANNOT_SAVE

    def store_settings(self) -> None:
        self.saves.put(SETTINGS_KEY, self.settings.to_json())
        if self.saves.news_of_refusal():
            self.ui.alert = CANNOT_SAVE

    def _keep_unfinished(self, end: str) -> None:
        """Keep the slot's game and this tab's, if unfinished, before something replaces them."""
        try:
            stored = Record.from_json(self.saves.slot())
        except SaveError:
            stored = None
        if stored is not None and not stored.over and stored.game != self.game:
            self.saves.keep(stored, end)
        if self.log is not None and not self.state.is_over:
            self.saves.keep(self._record(), end)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.state.seats] if self.state else []

    # ------------------------------------------------------------ the clock

    def pending(self) -> Optional[tuple[str, Optional[int]]]:
        """What the page should schedule: ('bot', ms), ('claim', ms), with None to wait for the
        player; or None. A bot about to draw while the 🫳 offer is open thinks for the offer's
        window (the offer runs in its think time); once the player answers, for its usual time."""
        if self.state is None or self.ui.screen != "table" or self.ui.elsewhere:
            return None
        seat = self.state.current_player
        if seat is None:
            return ("reveal", self.reveal_ms()) if self.ui.ending == "play" else None
        if not self.person(seat):
            return ("bot", self.think_ms())
        if self.state.phase is Phase.CLAIMS and self.people == 1:
            return ("claim", self.claim_ms())
        return None                        # a person's move (pass-and-play claims are theirs to say)

    def think_ms(self) -> Optional[int]:
        """The bot to move thinks this long: the open offer's window (None: until the player
        answers), or the bots' speed."""
        delay = self.settings.bot_delay_ms()
        offer = self.offer()
        if offer is None or offer.answer:
            return delay
        window = self.claim_ms()
        return None if window is None else max(delay, window)

    def offer(self) -> Optional[steal_offer.Offer]:
        """The 🫳 offer open now (the next player is deciding on a discard the player may steal),
        or None; "Off" in the settings never offers."""
        if self.state is None or self.ui.screen != "table" or self.ui.elsewhere or self.claim_ms() == 0 \
                or self.people > 1:       # people at one device claim together (passing.py)
            return None
        return steal_offer.open_offer(self.state, HUMAN, self.token(), self.ui.answer)

    def token(self) -> int:
        """Changes with every action: a timer set for one moment is ignored at another."""
        return len(self.log.actions) if self.log else -1

    def step(self, token: int) -> bool:
        """A timer fired: one bot decision (with the claims it calls for), or the human's claim
        lapsing. True if it acted."""
        if self.state is None or token != self.token() or self.ui.elsewhere:
            return False
        seat = self.state.current_player
        if seat is None:
            return self.reveal(to="hands") if self.ui.ending == "play" else False
        if self.person(seat):
            if self.state.phase is Phase.CLAIMS and self.people == 1:
                return self._play(Pass(), HUMAN, quiet=True, automatic=True)
            return False
        offer = self.offer()
        if offer is not None and not offer.answer and self.claim_ms() is None:
            return False                   # "wait for me": the next player waits for the answer
        return self._bot_move(seat, offer)

    # ------------------------------------------------------------ the end of a deal, step by step

    def reveal_ms(self) -> int:
        """How long the going-out play stays on the table before the hands are shown: long
        enough to see it at the bots' pace (none at the tests' instant speed)."""
        delay = self.settings.bot_delay_ms()
        return 0 if delay == 0 else max(1800, 2 * delay)

    def reveal(self, to: str) -> bool:
        """The next step of a deal's end: 'hands' (everyone's cards), then '' (the scores). Only
        while a deal's end is on show: ``ui.ending`` is set when a deal ends here, and a new deal,
        game or table from another tab starts a fresh Ui."""
        if not self.ui.ending:
            return False
        self.ui.ending = to
        return True

    def _ended(self, before: Phase) -> None:
        """A move just ended the deal here: show its going-out play first (a dead deal has
        none: its hands at once); a resumed or followed game shows the scores."""
        if before not in (Phase.DEAL_OVER, Phase.GAME_OVER) and self.state.current_player is None:
            self.ui.ending = "hands" if self.state.results[-1].went_out is None else "play"

    def _bot_move(self, seat: int, offer: Optional[steal_offer.Offer] = None) -> bool:
        """The bot plays; if it draws past a discard, every claim is gathered at once: the bots'
        (blind, no think time) and the player's answer to the offer (a lapsed one passes)."""
        events, before = len(self.state.events), self.state.phase
        self._bot_plays(seat)
        answer = (offer.answer or steal_offer.PASS) if offer is not None else None
        if self.claim_ms() == 0:
            answer = steal_offer.PASS
        self._gather(None if answer is None else {HUMAN: answer})
        if offer is not None and offer.answer == steal_offer.STEAL:
            self.say(steal_offer.outcome(offer, self.state.events[events:], self.names, HUMAN,
                                         claim_words(self.state.rules)))
        self.ui.answer = None
        self._ended(before)
        self.save(automatic=True)
        return True

    def _bot_plays(self, seat: int) -> None:
        legal = self.state.legal_actions()
        rng = random.Random(f"{self.log.seed}:{len(self.log.actions)}")
        try:
            choice = self.bots[seat].choose(self.state.view(seat), legal, rng)
            self.log.play(self.state, choice, seat)
        except IllegalAction:  # a bot's mistake must never stick the table: the first legal move
            self.log.play(self.state, legal[0], seat)

    def _gather(self, answers: Optional[dict[int, str]]) -> None:
        """Claims on the discard, in the engine's order, with no time between them: each bot's
        (it sees none of the others'), and each person's of ``answers`` (seat: STEAL or PASS);
        a person with no answer given is asked (the table waits at their place in the order)."""
        while self.state.phase is Phase.CLAIMS:
            seat = self.state.current_player
            if not self.person(seat):
                self._bot_plays(seat)
            elif answers is None or seat not in answers:
                return
            else:
                try:
                    self.log.play(self.state, Steal() if answers[seat] == steal_offer.STEAL else Pass(), seat)
                except IllegalAction:   # the engine decides: a claim it refuses is a pass
                    self.log.play(self.state, Pass(), seat)

    # ------------------------------------------------------------ the player's moves

    def say(self, text: str, tone: str = "info") -> None:
        self.ui.message, self.ui.tone = text, tone

    def _play(self, action: Action, seat: Optional[int] = -1, quiet: bool = False,
              automatic: bool = False) -> bool:
        """The person at the screen's move (``seat``: someone else's, or None between deals)."""
        if not automatic and self.sync_before_tap():   # another tab moved on: show it first
            return False
        seat = self.seat if seat == -1 else seat
        before = self.state.phase
        try:
            self.log.play(self.state, action, seat)
        except IllegalAction as refusal:
            self.say(str(refusal), "error")
            return False
        self._gather(None)                    # the bots after the player in the claim order
        self._ended(before)
        if isinstance(action, NextDeal):
            self.ui.ending = ""
            self.ui.order = None              # a new hand: arranged afresh
            self.ui.veiled = self.people > 1  # ...seen by its owner alone
        self.ui.selected = self.ui.end_for = None
        self.ui.frames = None
        self.ui.digging = False
        self.ui.extra = None
        if not quiet:
            self.say("")
        self.save(automatic)
        return True

    def my_turn(self) -> bool:
        """The person whose hand is on show is to move (and may see it)."""
        return self.state is not None and self.state.current_player == self.seat and not self.hand_hidden()

    def hand_hidden(self) -> bool:
        return passing.hidden(self)

    def shown_hand(self) -> list:
        """The hand in the order the page shows it: sorted, unless the player arranged it (a drag
        or Shift+arrow); cards new since then go to the right end, in sorted order."""
        if self.hand_hidden():
            return []
        hand = sort_hand(self.state.seats[self.seat].hand, self.ui.sort, self.state.rules)
        if not self.ui.order:
            return hand
        place = {key: n for n, key in enumerate(self.ui.order)}
        arranged = sorted((c for c in hand if c.key in place), key=lambda c: place[c.key])
        return arranged + [c for c in hand if c.key not in place]

    def hand_card(self, key: Optional[str]):
        """The card of the hand on show with this key (None for no key, or a card not held)."""
        return next((c for c in self.shown_hand() if c.key == key), None)

    def lay_off(self, meld: int, end: Optional[str] = None) -> None:
        card = self.hand_card(self.ui.selected)
        if card is None:
            self.say("Pick a card from your hand first, then the meld to lay it on")
            return
        if not 0 <= meld < len(self.state.table):
            return
        if end is None and len(lay_off_ends(self.state.table[meld].meld, card, self.state.rules)) == 2:
            self.ui.end_for = (card.key, meld)
            self.say(f"{card.symbol} fits either end of that run: pick one")
            return
        self._play(LayOff(card, meld, end))       # no end: the one end it fits (the engine finds it)

    def extra_melds(self) -> list[LayMeld]:
        """Further melds the engine finds in the player's hand now (Gallery, once down)."""
        if not self.my_turn() or self.state.phase is not Phase.PLAY or not self.state.rules.extra_melds \
                or not self.state.seats[self.seat].down:
            return []
        return extra_melds(self.state)

    def lay_meld(self, meld) -> bool:
        return self._play(LayMeld(meld))

    def lay_offs(self) -> list[LayOff]:
        """The lay-offs the engine would take from the player now, naturals first (a wild kept
        back fits more places later)."""
        if not self.my_turn() or self.state.phase is not Phase.PLAY:
            return []
        # One frame asks several times (prompt, buttons, the lesson's tip): the engine's list is
        # taken once per table moment (a move changes the token; another game, the state).
        moment = (id(self.state), self.token())
        if self._offs is None or self._offs[0] != moment:
            found = [a for a in self.state.legal_actions() if isinstance(a, LayOff)]
            self._offs = (moment, sorted(found, key=lambda a: is_wild(a.card, self.state.rules)))
        return self._offs[1]

    def lay_off_all(self) -> None:
        """🧲 Lay off all that fits: each card that fits a meld goes there, one move at a time (each
        saved), until none fits — what a rulebook with compulsory lay-offs asks before a discard."""
        laid = []
        while (offs := self.lay_offs()) and self._play(off := self._best_of(offs)):
            laid.append(off.card.symbol)
            if self.state.current_player != self.seat:
                break
        if laid:
            self.say(f"You laid off {', '.join(laid)}")
        elif not self.ui.message:
            self.say("No card of yours fits a meld on the table")

    def _best_of(self, offs: list[LayOff]) -> LayOff:
        """The lay-off after which the most cards of the hand can still be laid off."""
        state = self.state
        return best_lay_off(state.seats[self.seat].hand, [t.meld for t in state.table], offs, state.rules)

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
        if self._play(SwapWild(card, meld, index)):
            _, wild = self.state.events[-1].cards        # the swap's event: (the natural card, the wild)
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

    def dig(self, key: str) -> None:
        """A card of the fanned pile tapped: it and every card above it, as this turn's draw (the
        top card alone is the usual take)."""
        pile = self.state.pile
        card = next((c for c in pile if c.key == key), None)
        if card is None:
            return
        above = len(pile) - 1 - next(n for n, c in enumerate(pile) if c is card)
        if above == 0:
            self._play(TakeDiscard())
        elif self._play(TakeFromPile(card)):
            self.say(f"You took {card.symbol} and {cards_above(above)}")

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
        """🫳 tapped: while the next player decides, the claim is made at once (said in this very
        frame) and handed to the engine when it gathers claims; else the engine's Steal now."""
        offer = self.offer()
        if offer is None:
            self._play(Steal())
        elif not offer.answer:
            self.ui.answer = (offer.token, steal_offer.STEAL)
            self.say(steal_offer.claimed(offer, self.names, claim_words(self.state.rules)))

    def pass_(self) -> None:
        """The "Let it go" tap (or Pass in the swap round): an open offer closes at once."""
        offer = self.offer()
        if offer is None:
            self._play(Pass())
        elif not offer.answer:
            self.ui.answer = (offer.token, steal_offer.PASS)
            self.say("")

    def next_deal(self) -> None:
        if self._play(NextDeal(), seat=None):
            self.ui.coach = None               # the guided deal is over once the next one starts
