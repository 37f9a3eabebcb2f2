"""A guided first deal: a coach that teaches Aggravation by doing, one short tip at a time.

The lesson is an ordinary Sprout game on a chosen shuffle (``LESSON_SEED``), so everything the
player does is real play. The coach does not script the deal: at every moment it reads the table
and says the one thing worth knowing *now* (the swap round, drawing or taking, a buried 🔒 card, a
steal, going down with the frames and ✨ Fill for me, laying off, discarding), pointing at the
control that does it. A lesson is learned when the player uses that control while its tip shows.
The player may skip at any time; the game then simply goes on.

Pure Python: the session asks ``tip(s)`` for the tip of the moment and tells ``heard(s, act)``
each intent; the view model marks the tip's control.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from game.melds import is_wild
from game.solver import solve
from game.state import Phase

from .frames import chosen_melds
from ..store.saves import PLAYER

LESSON = "lesson"  # ui.confirm's value while the guided deal waits for a yes

# The shuffle of the lesson: a Sprout table (3 players) where, following the coach, the player
# meets every lesson in the first deal (tests/test_ui_coach.py plays it through).
LESSON_SEED = 165  # the first of 0-599 whose deal 1 teaches all nine lessons in nine moves (tests/test_ui_coach.py)
LESSONS = ("swap", "draw", "take", "buried", "steal", "godown", "frames", "layoff", "discard")


@dataclass(frozen=True)
class Tip:
    """What the coach says now, and the control (``data-act``) it points at."""

    lesson: str
    text: str
    act: str


@dataclass
class Coach:
    """The lesson's progress: the lessons learned so far. Skipping the lesson or dealing the next
    deal drops the coach (``Session.ui.coach = None``), so a coach that exists is teaching."""

    learned: set[str] = field(default_factory=set)


def tip(s) -> Optional[Tip]:
    """The tip for this moment of the lesson (WATCH while the bots play), or None outside a lesson."""
    coach, state = s.ui.coach, s.state
    if coach is None or state is None:
        return None
    if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
        return Tip("end", f"🎓 That was a whole deal: {len(coach.learned)} of {len(LESSONS)} lessons done. "
                          "Play on in this game, or start a new one from New game", "onward")
    offer = s.offer()
    if offer is not None and not offer.answer:
        return Tip("steal", f"🫳 {s.names[offer.discarder]} threw away {offer.card.symbol}. Want it? Steal it "
                            f"before {s.names[offer.drawer]} draws (you also take a penalty card), or let it go",
                   "steal")
    if not s.my_turn():
        return WATCH
    return _my_turn_tip(s, state) or WATCH


# Between the player's moves: the lesson says it is one, and that the next tip comes at their turn.
WATCH = Tip("watch", "A guided deal: the bots play their turns, and here you get a tip at each of yours", "")


def _my_turn_tip(s, state) -> Optional[Tip]:
    me = state.seats[PLAYER]
    top = state.pile[-1].symbol if state.pile else ""
    if state.phase is Phase.SWAP:
        return Tip("swap", f"🔄 The swap round: before the first draw you may give one card for {top} "
                           f"(pick it, then tap {top}). Nothing worth giving? Pass", "pass")
    if state.phase is Phase.DRAW:
        if state.top_buried:
            return Tip("buried", f"🔒 {top} is buried: it was covered and came back, so nobody may take it. "
                                 "Draw from the stock", "draw")
        if state.pile and _helps(state, me, state.pile[-1]):
            return Tip("take", f"{top} fits your hand: take it instead of a blind card from the stock", "take")
        return Tip("draw", "Start your turn with a card: draw from the stock 🂠, or take the top discard "
                           "when it helps you", "draw")
    if state.phase is not Phase.PLAY:
        return None
    then = _play_tip(s, state, me)
    if state.top_buried and top and "buried" not in s.ui.coach.learned:   # the card under a take
        return Tip("buried", f"🔒 {top} is buried now: it was covered and came back, so nobody may take it. "
                             f"{then.text}", then.act)
    return then


def _play_tip(s, state, me) -> Tip:
    if s.ui.frames is not None:
        by_key = {c.key: c for c in me.hand}
        if chosen_melds(s.ui.frames, by_key, state.contract_of(PLAYER).melds, state.rules) is not None:
            return Tip("frames", "Every frame holds a meld: ✅ Lay it down", "lay")
        return Tip("frames", "Tap cards into the frames (or ✨ Fill for me), then ✅ Lay it down", "fill")
    if not me.down and solve(me.hand, state.contract_of(PLAYER), state.rules).ok:
        return Tip("godown", f"You hold your contract, {state.contract_of(PLAYER).describe()}: "
                             "tap 📥 Go down… to lay it on the table", "godown")
    if me.down and s.lay_offs():
        return Tip("layoff", "Once down, cards that fit any meld may go on it: pick a card, then tap the meld "
                             "(🧲 Lay off all that fits does it for you)", "layoff-all")
    return Tip("discard", "End your turn: pick the card you need least (high cards cost the most points), "
                          "then Discard", "discard")


def _helps(state, me, card) -> bool:
    """Whether the discard brings the player's contract closer: it matches a natural card of the
    hand (same number, or same suit within two) — the beginner's rule of thumb the tip teaches.
    Wilds match anything, so they say nothing about the discard."""
    return any(c.rank == card.rank or (c.suit == card.suit and abs(c.rank - card.rank) <= 2)
               for c in me.hand if not is_wild(c, state.rules))


def heard(s, act: str) -> None:
    """The player used ``act``: the lesson whose tip pointed at it (or an equal control) is learned."""
    current = tip(s)
    if current is None:
        return
    doing = {act} | SAME.get(act, set())
    if current.act in doing and current.lesson in LESSONS:
        s.ui.coach.learned.add(current.lesson)


# Controls that do what a tip points at another way: a tap on the pile takes (or swaps), a lay-off by
# hand is a lay-off, ✅ completes the frames, a tap on the stock draws.
SAME = {"discard-pile": {"take", "discard", "pass"}, "stock": {"draw"}, "meld": {"layoff-all"},
        "lay": {"fill"}, "swap": {"pass"}, "pass": {"steal"}}
