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

from game.cards import Card
from game.state import Phase

from . import advice
from .frames import chosen_melds
from ..store.saves import PLAYER

LESSON = "lesson"  # ui.confirm's value while the guided deal waits for a yes

# The shuffle of the lesson: a Sprout table (3 players) where, following the coach, the player
# meets every lesson in the first deal (tests/test_ui_coach.py plays it through).
LESSON_SEED = 456  # of 0-1999, the first whose deal 1 teaches all nine lessons, a real steal among them, in 11 moves
LESSONS = ("swap", "draw", "take", "buried", "steal", "godown", "frames", "layoff", "discard")


@dataclass(frozen=True)
class Tip:
    """What the coach says now, and the control (``data-act``) it points at."""

    lesson: str
    text: str
    act: str
    card: Optional[Card] = None   # the card the tip names as helping or spare (the checks read it)
    why: str = field(default="", compare=False)   # its reason in brief, said once a game if the player does otherwise


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
        return _steal_tip(s, offer)
    if not s.my_turn():
        return WATCH
    return _my_turn_tip(s, state) or WATCH


# Between the player's moves: the lesson says it is one, and that the next tip comes at their turn.
WATCH = Tip("watch", "A guided deal: the bots play their turns, and here you get a tip at each of yours", "")


def _steal_tip(s, offer) -> Tip:
    """The 🫳 offer: steal it when the solver says the card helps this hand, else let it go."""
    card, who = offer.card, s.names[offer.discarder]
    if advice.helps(s.state, PLAYER, card):
        return Tip("steal", f"🫳 {who} threw away {card.symbol}, which brings your contract closer. Steal it "
                            f"before {s.names[offer.drawer]} draws (you also take a penalty card), or let it go",
                   "steal", card, f"{card.symbol} brought your contract closer")
    return Tip("steal", f"🫳 {who} threw away {card.symbol}. It would not bring your contract closer, and a steal "
                        "costs a penalty card too: let it go", "pass", card,
               f"{card.symbol} did not bring your contract closer, and a steal costs a penalty card")


def _my_turn_tip(s, state) -> Optional[Tip]:
    top_card = state.pile[-1] if state.pile else None
    top = top_card.symbol if top_card else ""
    if state.phase is Phase.SWAP:
        return _swap_tip(state, top_card)
    if state.phase is Phase.DRAW:
        if state.top_buried:
            return Tip("buried", f"🔒 {top} is buried: another card was discarded on top of it earlier, and a card once covered "
                                 "may never be taken again this deal, even when it shows again. "
                                 "Draw from the stock", "draw")
        if top_card and advice.helps(state, PLAYER, top_card):
            down = state.seats[PLAYER].down
            why = "fits a meld on the table" if down else "brings your contract closer"
            was = "fitted a meld on the table" if down else "brought your contract closer"
            return Tip("take", f"{top} {why}: take it instead of a blind card from the stock", "take", top_card,
                       f"{top} {was}")
        return Tip("draw", "Start your turn with a card: draw from the stock 🂠, or take the top discard "
                           "when it helps you", "draw")
    if state.phase is not Phase.PLAY:
        return None
    then = _play_tip(s, state)
    if state.top_buried and top and "buried" not in s.ui.coach.learned:   # the card under a take
        return Tip("buried", f"🔒 {top} is buried now: another card was discarded on top of it earlier, and a card once "
                             "covered may never be taken again this deal, even when it shows again. "
                             f"{then.text}", then.act, then.card)
    return then


def _swap_tip(state, top: Optional[Card]) -> Tip:
    """The swap round: the solver's best swap for the top discard, if one brings the contract closer."""
    give = advice.swap_for(state, PLAYER, top) if top else None
    if give is None:
        wanted = top.symbol if top else "the top discard"
        return Tip("swap", f"🔄 The swap round: before the first draw you may give one card for {wanted}. "
                           "Nothing you could give for it brings your contract closer: Pass", "pass")
    return Tip("swap", f"🔄 The swap round: giving {give.symbol} for {top.symbol} brings your contract closer. "
                       f"Pick {give.symbol}, then tap 🔄 Swap (or Pass)", "swap", give,
               f"giving {give.symbol} for {top.symbol} brought your contract closer")


def _play_tip(s, state) -> Tip:
    me = state.seats[PLAYER]
    if s.ui.frames is not None:
        by_key = {c.key: c for c in me.hand}
        if chosen_melds(s.ui.frames, by_key, state.contract_of(PLAYER).melds, state.rules) is not None:
            return Tip("frames", "Every frame holds a meld: ✅ Lay it down", "lay")
        if advice.ready(state, PLAYER):
            return Tip("frames", "Tap cards into the frames (or ✨ Fill for me), then ✅ Lay it down", "fill")
        return Tip("frames", f"Your hand cannot make the contract yet. {advice.missing(state, PLAYER)}", "cancel")
    if not me.down and advice.ready(state, PLAYER):
        return Tip("godown", f"You hold your contract, {state.contract_of(PLAYER).describe()}: "
                             "tap 📥 Go down… to lay it on the table", "godown",
                   why="you held your contract, and cards laid down cost nothing when someone goes out")
    if me.down and s.lay_offs():
        return Tip("layoff", "Once down, cards that fit any meld may go on it: pick a card, then tap the meld "
                             "(🧲 Lay off all that fits does it for you)", "layoff-all",
                   why="a card laid off is one fewer to pay for when someone goes out")
    return _discard_tip(state, me)


def _discard_tip(state, me) -> Tip:
    """The end of the turn. Before going down: what the contract still needs, and a card it can
    spare (the solver's), if there is one."""
    if me.down:
        return Tip("discard", "End your turn: pick the card you need least (high cards cost the most points "
                              "if someone goes out), then Discard", "discard")
    needs = advice.still_needs(state, PLAYER)
    spare = advice.spare_card(state, PLAYER)
    if spare is None:
        return Tip("discard", f"To go down you still need {needs}. End your turn: pick the card you need least, "
                              "then Discard", "discard")
    return Tip("discard", f"To go down you still need {needs}. {spare.symbol} is a card your contract can spare: "
                          "pick it, then Discard", "discard", spare,
               f"your contract could spare {spare.symbol}, and high cards cost the most when someone goes out")



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
