"""↶ Take back: the person at the screen takes back, one step at a time, what revealed no card.

A mixin of ``Session`` (session.py). Each move of theirs that the engine says may be taken back
(game/takeback.py: a lay-off, going down, a dig, a swap-round answer, a discard…) and each
arrangement of their hand after their draw is one step; a step stands while nobody else has
acted since (the log is exactly as long as it left it), so a discard may be taken back until the
next seat moves, and in pass-and-play until the next person takes the device (passing.show). A
draw from the stock, a claim, a move that ends the deal or anyone else's move is never a step,
and it ends the steps before it.

Taking a move back cuts the log back to just before it and puts back the state the move was
played in, kept as a snapshot (game/takeback.py) before it: to the stock's order and the
shuffle's RNG, the state that log replays to (the engine is pure); the save is that shorter
log. The bots wait a little longer before the move after a person's step (``window_ms``), so
there is a moment to take a discard back in. A game with a take-back is marked
(``Session.takebacks``) and the statistics count it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from game.actions import Action, Discard, GoDown, LayMeld, LayOff, Pass, Swap, SwapWild, TakeDiscard, TakeFromPile
from game.i18n import Message, N_
from game.state import Phase
from game.takeback import may_take_back, snapshot, undoable

# A reload looks this far back for the person's last moves (a turn is rarely more than a dozen).
REOPENED = 40
NOTHING = Message("There is nothing to take back: a draw from the stock, a claim and other players' moves stay")
# The steps taken back, in a few words each, for "↶ Taken back: …" (a card's glyph as {card}).
STEP_WORDS = {GoDown: N_("going down"), LayMeld: N_("the meld you laid"), Swap: N_("your swap"), Pass: N_("your pass")}


@dataclass(frozen=True, eq=False)
class Step:
    """One step the person at ``seat`` may take back."""

    seat: int
    upto: int                            # the log's length before it (an arrangement: at it)
    after: int                           # the log's length it left: it stands while the log is so long
    order: Optional[tuple[str, ...]]     # the hand's arrangement before it (None: sorted)
    sort: str                            # ...and its sort
    action: Optional[Action] = None      # the move (None: an arrangement)
    state: Any = None                    # the state before the move (a snapshot no move changes)


def window_ms(delay: int) -> int:
    """How long a bot waits before the move after a person's step, at the bots' speed ``delay``:
    time to see the discard and think better of it (none at the tests' instant speed)."""
    return 0 if delay == 0 else max(1000, round(2.5 * delay))


def what(step: Step) -> str:
    """The step in a few words, for "↶ Taken back: …"."""
    action = step.action
    if action is None:
        # Translators: a step taken back: the hand's cards arranged anew ("↶ Taken back: the cards' new order").
        return Message("the cards' new order")
    if isinstance(action, Discard):
        # Translators: a step taken back; {card} is the glyph of the card discarded (7♥).
        return Message("your discard of {card}", card=action.card.symbol)
    if isinstance(action, LayOff):
        return Message("laying off {card}", card=action.card.symbol)
    if isinstance(action, SwapWild):
        # Translators: a step taken back: the natural card {card} (a glyph) put in a meld for its wild.
        return Message("{card} put in the wild's place", card=action.card.symbol)
    if isinstance(action, (TakeDiscard, TakeFromPile)):
        return Message("the cards taken from the pile")
    return Message(STEP_WORDS.get(type(action), N_("that move")))


class TakeBacks:
    """Session methods for ↶ Take back (the steps live in ``Session.steps``)."""

    def _standing(self) -> list[Step]:
        """The steps still standing: none once the log is not where the last one left it."""
        if self.steps and (self.log is None or self.steps[-1].after != len(self.log.actions)):
            self.steps = []
        return self.steps

    def _arranged(self) -> tuple[Optional[tuple[str, ...]], str]:
        return (tuple(self.ui.order) if self.ui.order else None), self.ui.sort

    def _push(self, step: Step) -> None:
        """A new step: on top of the steps before it, if the log is where they left it."""
        if self.steps and self.steps[-1].after != step.upto:
            self.steps = []
        self.steps.append(step)

    def keeping(self, action: Action) -> Optional[tuple]:
        """Before a move of the person at the screen: what taking it back would need (the log's
        length, the arrangement, the state), or None for a move that is never taken back."""
        if not undoable(action, self.state.phase, self.state.rules):
            return None
        return len(self.log.actions), self._arranged(), snapshot(self.state)

    def noted(self, action: Action, seat: Optional[int], before: Phase, kept: Optional[tuple]) -> None:
        """A move of the person at ``seat`` was played: a step, or the end of the steps before."""
        if seat is None or kept is None or not may_take_back(action, before, self.state):
            self.steps = []
            return
        upto, arranged, state = kept
        self._push(Step(seat, upto, len(self.log.actions), *arranged, action, state))

    def arranging(self) -> None:
        """The hand is about to be arranged (moved, sorted): after the draw, that is a step."""
        if self.my_turn() and self.state.phase is Phase.PLAY and self.state.rules.take_backs:
            at = len(self.log.actions)
            self._push(Step(self.seat, at, at, *self._arranged()))

    def reopen_take_backs(self) -> None:
        """After a reload (a phone that dropped the tab mid-turn, a page reopened): the person's own
        moves at the log's end that may be taken back are steps again, each with the state it was
        played in, replayed from the log. The hand's arrangements, which the log does not keep,
        are not."""
        log = self.log
        if log is None or not self.state.rules.take_backs or self.state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            return
        if not self.state.events or not self.person(self.state.events[-1].seat):
            return                     # a bot moved last (most reloads): nothing to replay at start-up
        start = max(0, len(log.actions) - REOPENED)
        state, played = log.replay(start), []
        for action in log.actions[start:]:
            before, seat = state.phase, state.current_player
            kept = snapshot(state) if undoable(action, before, state.rules) else None
            state.apply(action)
            played.append((seat, kept, may_take_back(action, before, state) and kept is not None))
        steps = []
        for n in range(len(played) - 1, -1, -1):
            seat, kept, ok = played[n]
            if not ok or seat is None or not self.person(seat) or (steps and steps[0].seat != seat):
                break
            steps.insert(0, Step(seat, start + n, start + n + 1, None, self.ui.sort, log.actions[start + n], kept))
        self.steps = steps

    def forget_take_backs(self) -> None:
        self.steps = []

    def take_back_step(self) -> Optional[Step]:
        """The step the person whose hand is on show may take back now, or None."""
        mine = [step for step in self._standing() if step.seat == self.seat]
        return mine[-1] if mine and self.ui.replay is None else None

    def take_back_waits(self) -> bool:
        """A person may still take back their last move: the bot to move gives them a moment."""
        standing = self._standing()
        return bool(standing) and standing[-1].action is not None

    def take_back(self) -> bool:
        """↶ (or Ctrl+Z): the last step taken back; the game is marked. False, and why, if none."""
        if self.sync_before_tap():         # another tab moved on: show where it stands first
            return False
        step = self.take_back_step()
        if step is None:
            self.say(NOTHING)
            return False
        self.steps = [other for other in self.steps if other is not step and other.after <= step.upto]
        if step.action is not None:
            del self.log.actions[step.upto:]
            self.state = step.state
            self.put_down()
            self.ui.answer = None
        self.ui.order = list(step.order) if step.order else None
        self.ui.sort = step.sort
        self.takebacks += 1
        # Translators: {step} is the step taken back, in a few words ("your discard of 7♥", "going down").
        self.say(Message("↶ Taken back: {step}", step=what(step)))
        self.save()
        return True
