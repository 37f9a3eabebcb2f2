"""The session's clock: what the page should schedule next (a bot's move, the 🫳 offer's window,
the end of a deal shown step by step), and what happens when a timer fires.

A mixin of ``Session`` (session.py). The page owns the timers; it asks ``pending()`` and calls
``step(token)``. Bots play here, seeded per move, and claims are gathered in the engine's order.
"""
from __future__ import annotations

import math
import random
import time
from typing import Callable, Optional

from game.actions import Pass, Steal
from game.i18n import Later, Message
from game.state import IllegalAction, Phase

from . import advice, offer as steal_offer, takeback
from ..words import claim_words
from .screen_state import HUMAN, sentences

now: Callable[[], float] = time.monotonic      # seconds, for an online table's windows (tests set it)
TURN_WARNING_MS = 20_000                       # an online turn's countdown shows for its last 20 s
TURN_ENDS = ("discarded", "swapped", "passed")  # events that end a turn (or a swap-round decision)
# A bot's move the eye must be able to read before the next one (settings.BOT_PACES "read"), and the
# events that are no move of a seat's own.
TO_READ = ("discarded", "swapped", "went_down", "stole", "bought")
NO_MOVE = ("no_steal", "rebuilt", "dead_deal")


def shown_move(events, mine: int = -1) -> str:
    """What the table's latest move is, for the time it stays in view (settings.BOT_PACES):
    'read' (a discard, a swap, going down, or a draw that came with a steal or buy of the discard
    before it: both show in one frame), 'glance' (a plain draw from the stock) or 'move'. The
    player's own move at a solo table (``mine``) is no news to them: 'move'.

    >>> from game.state import Event
    >>> [shown_move([Event(k, 1) for k in kinds]) for kinds in (["discarded"], ["drew"], ["stole", "drew"], ["laid_off"])]
    ['read', 'glance', 'read', 'move']
    >>> shown_move([Event("discarded", 0), Event("no_steal", 0)], mine=0)
    'move'
    """
    moves = [e for e in events[-4:] if e.kind not in NO_MOVE]
    if not moves or moves[-1].seat == mine:
        return "move"
    last = moves[-1].kind
    if last in TO_READ or (last == "drew" and len(moves) > 1 and moves[-2].kind in ("stole", "bought")):
        return "read"
    return "glance" if last == "drew" else "move"


class Clock:
    """Session methods for time: bots, the steal offer's window, a deal's end."""

    def claim_ms(self) -> Optional[int]:
        """How long a 🫳 offer stays up: the settings', but the guided deal waits for every answer."""
        if self.ui.coach is not None:
            return None
        return self.settings.claim_ms()

    def asks(self, card) -> bool:
        """Whether the player at the screen is asked about ``card``: by default only when the
        solver says it would help their hand (advice.helps), so an offer is rare enough to stay
        open long; always in the guided deal, or with "every card" in the settings. Their own
        hand: an online guest's screen is drawn with ``seat`` theirs, and must tell nothing of
        the host's."""
        if self.ui.coach is not None or self.settings.ask == "every":
            return True
        return advice.helps(self.state, self.seat, card)

    def claim_left_ms(self) -> Optional[int]:
        """At an online table, while a person is asked whether they claim the discard: what is
        left of the table's offer window (``Settings.table_claim_ms``), counted from when they
        were asked. Every wait there has an end: one person's silence must not hold the table.
        None elsewhere (solo offers run in the next player's think time; pass-and-play waits)."""
        state = self.state
        if not self.online or state is None or state.phase is not Phase.CLAIMS or not self.person(state.current_player):
            return None
        if self.asked_since is None or self.asked_since[0] != self.token():
            self.asked_since = (self.token(), now())       # the first look at this moment starts its window
        gone = (now() - self.asked_since[1]) * 1000
        return max(0, math.ceil(self.settings.table_claim_ms() - gone))   # up: a timer set for it finds 0

    def turn_left_ms(self) -> Optional[int]:
        """At an online table with a turn limit, on a person's turn (a claim has its own window):
        what is left of it, counted from the turn's first look; None elsewhere."""
        state, limit = self.state, self.settings.turn_limit_ms()
        if not self.online or limit is None or state is None or state.phase is Phase.CLAIMS:
            return None
        seat = state.current_player
        if seat is None or seat != state.turn or not self.person(seat):
            return None
        turn = (state.deal_number, seat, sum(event.kind in TURN_ENDS for event in state.events))
        if self.turn_since is None or self.turn_since[0] != turn:
            self.turn_since = (turn, now())                # the first look at this turn starts its clock
        return max(0, math.ceil(limit - (now() - self.turn_since[1]) * 1000))

    def idle_s(self) -> Optional[float]:
        """At an online table, on a person's turn: seconds since the table last moved (they have
        not moved since); None elsewhere, and during a claim (its own short window ends it)."""
        state = self.state
        if not self.online or state is None or state.phase is Phase.CLAIMS or not self.person(state.current_player):
            return None
        if self.still_since is None or self.still_since[0] != self.token():
            self.still_since = (self.token(), now())       # the first look at this moment
        return max(0.0, now() - self.still_since[1])

    def turn_timer_ms(self) -> Optional[int]:
        """When the table must look again on a person's limited turn: when its countdown is to
        show (TURN_WARNING_MS before the end), then at the end."""
        left = self.turn_left_ms()
        if left is None:
            return None
        return left - TURN_WARNING_MS if left > TURN_WARNING_MS else left

    def pending(self) -> Optional[tuple[str, Optional[int]]]:
        """What the page should schedule: ('bot', ms), ('claim', ms), with None to wait for the
        player; or None. A bot about to draw while the 🫳 offer is open thinks for the offer's
        window (the offer runs in its think time); once the player answers, for its usual time."""
        if self.state is None or (self.ui.screen != "table" and not self.online) or self.ui.elsewhere:
            return None                    # (an online table plays on while its host looks at the menu)
        seat = self.state.current_player
        if seat is None:
            return ("reveal", self.reveal_ms()) if self.ui.ending == "play" else None
        if not self.person(seat):
            return ("bot", self.think_ms())
        if self.state.phase is Phase.CLAIMS and self.people == 1:
            return ("claim", self.claim_ms() if self.asks(self.state.pile[-1]) else 0)
        if self.state.phase is Phase.CLAIMS and self.online:
            return ("claim", self.claim_left_ms())
        turn = self.turn_timer_ms()
        if turn is not None:
            return ("turn", turn)
        return None                        # a person's move (in pass-and-play, a claim too: passing.py)

    def think_ms(self) -> Optional[int]:
        """The bot to move thinks this long: the open offer's window (None: until the player
        answers), or the bots' speed, as long as the latest move needs to be read (shown_move)."""
        mine = self.seat if self.people == 1 and not self.online else -1
        delay = self.settings.bot_delay_ms(shown_move(self.state.events, mine))
        if self.take_back_waits():         # a person's discard may still be taken back: a moment for it
            delay = max(delay, takeback.window_ms(self.settings.bot_delay_ms()))
        offer = self.offer()
        if offer is None or offer.answer:
            return delay
        window = self.claim_ms()
        return None if window is None else max(delay, window)

    def offer(self) -> Optional[steal_offer.Offer]:
        """The 🫳 offer open now (the next player is deciding on a discard the player may steal),
        or None; "Off" in the settings never offers."""
        if self.state is None or self.ui.screen != "table" or self.ui.elsewhere or self.claim_ms() == 0 \
                or self.people > 1:       # people at one device are asked in turn (passing.py)
            return None
        found = steal_offer.open_offer(self.state, HUMAN, self.token(), self.ui.answer)
        return found if found is not None and self.asks(found.card) else None

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
            if self.state.phase is Phase.CLAIMS and self.online and self.claim_left_ms() == 0:
                return self._lapse(seat)
            left = self.turn_left_ms()
            if left == 0:
                return self.play_turn_for(seat)
            return left is not None and left <= TURN_WARNING_MS     # its countdown shows from now
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
        if self.claim_ms() == 0 or (offer is None and self.people == 1):   # not asked: a pass
            answer = steal_offer.PASS
        self._gather(None if answer is None else {HUMAN: answer})
        if offer is not None and offer.answer == steal_offer.STEAL:
            news = steal_offer.outcome(offer, self.state.events[events:], self.names, HUMAN,
                                       claim_words(self.state.rules))
            reason = self.ui.answer[2] if self.ui.answer is not None and len(self.ui.answer) > 2 else ""
            self.say(Later(sentences, news, reason) if news and reason else news or reason)
        self.ui.answer = None
        self._ended(before)
        self.save(automatic=True)
        return True

    def _lapse(self, seat: int) -> bool:
        """An online person's offer window ran out: a pass for them, and the claims go on. Played
        aside from the screen's own state (it is the host's, not the person's)."""
        before = self.state.phase
        self.log.play(self.state, Pass(), seat)
        self._gather(None)
        self._ended(before)
        self.save(automatic=True)
        return True

    def play_turn_for(self, seat: int, news: str = "") -> bool:
        """An online person's turn limit ran out (or the host let a bot play for someone idle): a
        bot of the table's level plays the rest of this one turn (up to a claim someone else is
        asked about, then on from there), and the person is told; their next turn is theirs."""
        bot = self.new_bot(self.level)
        name = self.names[seat]
        while self.state.current_player == seat and self.state.turn == seat:
            before = self.state.phase
            self._bot_plays(seat, bot)
            self._gather(None)
            self._ended(before)
        # Translators: said to an online player whose turn limit ran out; {name} is their name.
        news = news or Message("⏱ Your time ran out: a bot played that turn for you, {name}. The next one is yours",
                               name=name)
        if seat == self.seat:                # the host's own turn: its screen is this one
            self.ui.selected = self.ui.frames = self.ui.extra = None
            self.say(news)
        else:
            self.told[seat] = news           # drawn on that person's screen (online/host.py)
        self.save(automatic=True)
        return True

    def _bot_plays(self, seat: int, bot=None) -> None:
        """One decision of ``seat``'s bot (or of ``bot``, standing in for a person's turn)."""
        legal = self.state.legal_actions()
        rng = random.Random(f"{self.log.seed}:{len(self.log.actions)}")
        try:
            choice = (bot or self.bots[seat]).choose(self.state.view(seat), legal, rng)
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
                if self.people > 1 and self.state.claims:   # pass-and-play: a claim sooner in the order
                    self.log.play(self.state, Pass(), seat)  # wins whatever this person says: not asked
                    continue
                return
            else:
                try:
                    self.log.play(self.state, Steal() if answers[seat] == steal_offer.STEAL else Pass(), seat)
                except IllegalAction:   # the engine decides: a claim it refuses is a pass
                    self.log.play(self.state, Pass(), seat)
