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
from game.i18n import Later, Message
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
        # Translators: the guided first deal's last tip; {done} of {lessons} counts the lessons learned
        # (of 9); "New game" is the menu's button, as translated there.
        return Tip("end", Message("🎓 That was a whole deal: {done} of {lessons} lessons done. Play on in this game, "
                                  "or start a new one from New game", done=len(coach.learned), lessons=len(LESSONS)),
                   "onward")
    offer = s.offer()
    if offer is not None and not offer.answer:
        return _steal_tip(s, offer)
    if not s.my_turn():
        return WATCH
    return _my_turn_tip(s, state) or WATCH


# Between the player's moves: the lesson says it is one, and that the next tip comes at their turn.
WATCH = Tip("watch", Message("A guided deal: the bots play their turns, and here you get a tip at each of yours"), "")


def _steal_tip(s, offer) -> Tip:
    """The 🫳 offer: steal it when the solver says the card helps this hand, else let it go."""
    card, who = offer.card, s.names[offer.discarder]
    if advice.helps(s.state, PLAYER, card):
        # Translators: {who} discarded the card {card} (its glyph, 7♥); {drawer} is the next player's name.
        return Tip("steal", Message("🫳 {who} threw away {card}, which brings your contract closer. Steal it before "
                                    "{drawer} draws (you also take a penalty card), or let it go", who=who,
                                    card=card.symbol, drawer=s.names[offer.drawer]),
                   "steal", card, Message("{card} brought your contract closer", card=card.symbol))
    # Translators: {who} discarded the card {card} (its glyph, 7♥).
    return Tip("steal", Message("🫳 {who} threw away {card}. It would not bring your contract closer, and a steal "
                                "costs a penalty card too: let it go", who=who, card=card.symbol), "pass", card,
               Message("{card} did not bring your contract closer, and a steal costs a penalty card", card=card.symbol))


def _my_turn_tip(s, state) -> Optional[Tip]:
    top_card = state.pile[-1] if state.pile else None
    top = top_card.symbol if top_card else ""
    if state.phase is Phase.SWAP:
        return _swap_tip(state, top_card)
    if state.phase is Phase.DRAW:
        if state.top_buried:
            # Translators: {card} is the glyph of the discard pile's top card (7♥).
            return Tip("buried", Message("🔒 {card} is buried: another card was discarded on top of it earlier, and a card "
                                         "once covered may never be taken again this deal, even when it shows again. "
                                         "Draw from the stock", card=top), "draw")
        if top_card and advice.helps(state, PLAYER, top_card):
            down = state.seats[PLAYER].down
            if down:
                # Translators: {card} is the glyph of the discard pile's top card (7♥).
                return Tip("take", Message("{card} fits a meld on the table: take it instead of a blind card from the "
                                           "stock", card=top), "take", top_card,
                           Message("{card} fitted a meld on the table", card=top))
            return Tip("take", Message("{card} brings your contract closer: take it instead of a blind card from the "
                                       "stock", card=top), "take", top_card,
                       Message("{card} brought your contract closer", card=top))
        return Tip("draw", Message("Start your turn with a card: draw from the stock 🂠, or take the top discard when it "
                                   "helps you"), "draw")
    if state.phase is not Phase.PLAY:
        return None
    then = _play_tip(s, state)
    if state.top_buried and top and "buried" not in s.ui.coach.learned:   # the card under a take
        # Translators: {card} is the glyph of the card under the one just taken (7♥); {then} is the next tip.
        return Tip("buried", Message("🔒 {card} is buried now: another card was discarded on top of it earlier, and a "
                                     "card once covered may never be taken again this deal, even when it shows again. "
                                     "{then}", card=top, then=then.text), then.act, then.card)
    return then


def _swap_tip(state, top: Optional[Card]) -> Tip:
    """The swap round: the solver's best swap for the top discard, if one brings the contract closer."""
    give = advice.swap_for(state, PLAYER, top) if top else None
    if give is None:
        if top is None:
            return Tip("swap", Message("🔄 The swap round: before the first draw you may give one card for the top "
                                       "discard. Nothing you could give for it brings your contract closer: Pass"), "pass")
        # Translators: {card} is the glyph of the discard pile's top card (7♥); "Pass" is the table's button.
        return Tip("swap", Message("🔄 The swap round: before the first draw you may give one card for {card}. Nothing "
                                   "you could give for it brings your contract closer: Pass", card=top.symbol), "pass")
    # Translators: {give} is the glyph of a card of the player's hand, {card} the discard pile's top card;
    # "Swap" and "Pass" are the table's buttons.
    return Tip("swap", Message("🔄 The swap round: giving {give} for {card} brings your contract closer. Pick {give}, "
                               "then tap 🔄 Swap (or Pass)", give=give.symbol, card=top.symbol), "swap", give,
               Message("giving {give} for {card} brought your contract closer", give=give.symbol, card=top.symbol))


def _play_tip(s, state) -> Tip:
    me = state.seats[PLAYER]
    if s.ui.frames is not None:
        by_key = {c.key: c for c in me.hand}
        if chosen_melds(s.ui.frames, by_key, state.contract_of(PLAYER).melds, state.rules) is not None:
            # Translators: "Lay it down" is the table's ✅ button, as translated there.
            return Tip("frames", Message("Every frame holds a meld: ✅ Lay it down"), "lay")
        if advice.ready(state, PLAYER):
            # Translators: "Fill for me" and "Lay it down" are the table's buttons, as translated there.
            return Tip("frames", Message("Tap cards into the frames (or ✨ Fill for me), then ✅ Lay it down"), "fill")
        # Translators: {missing} is what the hand still lacks, a sentence of its own ("Needs one more 7").
        return Tip("frames", Message("Your hand cannot make the contract yet. {missing}",
                                     missing=advice.missing(state, PLAYER)), "cancel")
    if not me.down and advice.ready(state, PLAYER):
        # Translators: {contract} is the contract in words ("two sets of 3"); "Go down…" is the table's button.
        return Tip("godown", Message("You hold your contract, {contract}: tap 📥 Go down… to lay it on the table",
                                     contract=Later(state.contract_of(PLAYER).describe)), "godown",
                   why=Message("you held your contract, and cards laid down cost nothing when someone goes out"))
    if me.down and s.lay_offs():
        # Translators: "Lay off all that fits" is the table's 🧲 button, as translated there.
        return Tip("layoff", Message("Once down, cards that fit any meld may go on it: pick a card, then tap the meld "
                                     "(🧲 Lay off all that fits does it for you)"), "layoff-all",
                   why=Message("a card laid off is one fewer to pay for when someone goes out"))
    return _discard_tip(state, me)


def _discard_tip(state, me) -> Tip:
    """The end of the turn. Before going down: what the contract still needs, and a card it can
    spare (the solver's), if there is one."""
    if me.down:
        # Translators: "Discard" is the table's button, as translated there.
        return Tip("discard", Message("End your turn: pick the card you need least (high cards cost the most points if "
                                      "someone goes out), then Discard"), "discard")
    needs = advice.still_needs(state, PLAYER)
    spare = advice.spare_card(state, PLAYER)
    if spare is None:
        # Translators: {needs} is what the contract still lacks ("one more 7 for the set of 3 (or a wild)").
        return Tip("discard", Message("To go down you still need {needs}. End your turn: pick the card you need least, "
                                      "then Discard", needs=needs), "discard")
    # Translators: {needs} is what the contract still lacks ("one more 7 for the set of 3"); {card} the glyph
    # of a card of the hand (K♠).
    return Tip("discard", Message("To go down you still need {needs}. {card} is a card your contract can spare: pick "
                                  "it, then Discard", needs=needs, card=spare.symbol), "discard", spare,
               Message("your contract could spare {card}, and high cards cost the most when someone goes out",
                       card=spare.symbol))



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
