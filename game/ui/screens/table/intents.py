"""What a tap on the table does: a card, the piles, the frames, a meld, the buttons of the turn.
Each intent is given the session and the tap's ``data-arg``; ``NEEDS_GAME`` lists them by
``data-act`` for dispatch.py. Arranging and picking the hand's cards: hand.py.

What a tap says back is kept in the session until shown, so it is a Message (game/i18n.py): its
English now, said in the language the table is drawn in.
"""
from __future__ import annotations

from typing import Callable

from game.i18n import Later, Message, N_
from game.layoff import lay_off_ends
from game.state import Phase
from game.solver import solve

from ...session import advice, frames as fr
from ...session.screen_state import INSTANT, TURN
from ...session.session import Session
from ...words import ordinal


def _specs(s: Session):
    return s.state.contract_of(s.seat).melds


def _by_key(s: Session) -> dict:
    return {c.key: c for c in s.state.seats[s.seat].hand}


def _top(s: Session) -> str:
    """The discard on offer (asked only while there is one: a claim, an offer, the swap round)."""
    return s.state.pile[-1].symbol


# What a tap would have done, as "Wait for your turn to …" says it: one whole sentence each.
WAIT_TO = {"draw": N_("Wait for your turn to draw: {name} is playing"),
           "lay a meld": N_("Wait for your turn to lay a meld: {name} is playing"),
           "lay off": N_("Wait for your turn to lay off: {name} is playing"),
           "take the discard": N_("Wait for your turn to take the discard: {name} is playing")}


def _not_now(s: Session, doing: str) -> str:
    """Why the player cannot ``doing`` (a key of WAIT_TO) at this moment ('' when it is their turn
    to play), so that a tap that cannot act says why instead of nothing."""
    state, steal = s.state, s.state.rules.claim_word == "steal"
    if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
        return Message("The deal is over: ▶ on to the scores")
    offer = s.offer()
    if offer is not None:
        name = s.names[offer.drawer]
        if offer.answer:
            return Message("Wait for your turn: {name} is playing", name=name)
        # Translators: S and P are the keys of the two answers; {name} draws next unless the card is claimed.
        if steal:
            return Message("🫳 Steal {card} (S) or let it go (P): {name} draws next", card=_top(s), name=name)
        return Message("🛒 Buy {card} (S) or let it go (P): {name} draws next", card=_top(s), name=name)
    if not s.my_turn():
        return Message(WAIT_TO[doing], name=s.names[state.current_player])
    if state.phase is Phase.CLAIMS:
        if steal:
            return Message("First 🫳 steal {card} (S) or let it go (P)", card=_top(s))
        return Message("First 🛒 buy {card} (S) or let it go (P)", card=_top(s))
    return ""


def _why_not(s: Session, why: str, tone: str = "info") -> None:
    """Say why a tap cannot act, for as long as that is so: while an offer is open, until the
    table moves; otherwise until another seat is to move (the turn then came, or went on)."""
    s.say(why, tone, INSTANT if s.offer() is not None else TURN)


def tap_card(s: Session, key: str) -> None:
    card = s.hand_card(key)
    if card is None:  # a table card, or a card already played by an earlier tap
        return
    if s.ui.frames is not None:
        note = fr.toggle(s.ui.frames, card, _by_key(s), _specs(s), s.state.rules)
        s.say(note, "error" if note else "info")
        return
    if s.ui.extra is not None:
        s.ui.extra = [k for k in s.ui.extra if k != key] if key in s.ui.extra else s.ui.extra + [key]
        s.say("")
        return
    s.ui.selected = None if s.ui.selected == key else key
    s.ui.end_for = None
    s.say("")


def open_frames(s: Session, _: str) -> None:
    me = s.state.seats[s.seat]
    if me.down:
        s.say(Message("You are already down this deal: lay off instead"), "error")
    elif not s.my_turn():
        _why_not(s, Message("Wait for your turn to go down"), "error")
    elif s.state.phase is not Phase.PLAY:
        s.say(Message("Draw a card first, then go down"), "error")
    elif not advice.ready(s.state, s.seat):
        s.say(Message("Not yet: to go down you still need {needs}", needs=advice.still_needs(s.state, s.seat)), "error")
    else:
        s.ui.frames = fr.Frames.open(_specs(s))
        s.ui.selected = None
        s.say("")                           # the prompt says it: 📥 Tap cards to fill the frames


def fill(s: Session, _: str) -> None:
    if s.ui.frames is None:                 # F with no frames open: open them first, then fill
        open_frames(s, "")
        if s.ui.frames is None:
            return
    found = solve(s.state.seats[s.seat].hand, s.state.contract_of(s.seat), s.state.rules)
    if not found.ok:
        # Translators: {missing} is the solver's sentence on what the hand lacks ("Needs one more 7 …").
        s.say(Message("Your hand cannot make the contract yet. {missing}", missing=found.missing), "error")
        return
    s.ui.frames = fr.Frames.open(_specs(s))
    fr.fill_from(s.ui.frames, found.melds, s.state.rules)
    s.say(Message("Filled in. Move any card you like, then ✅ Lay it down"))


def lay(s: Session, _: str) -> None:
    if s.ui.frames is None:
        s.say(Message("Open 📥 Go down… (G) and fill the frames first, then ✅ Lay it down"))
        return
    melds = fr.chosen_melds(s.ui.frames, _by_key(s), _specs(s), s.state.rules)
    if melds is None:
        s.say(Message("Every frame must hold a real meld before you lay them down"), "error")
        return
    if s.go_down(melds) and s.my_turn():
        rules = s.state.rules
        s.say((Message("You went down. Lay off the rest to go out") if s.lay_offs()
               else Message("You went down. Discard to end your turn"))
              if not rules.lay_off_when_going_down else
              Message("You went down. Lay off every card that fits, then discard") if rules.must_lay_off else
              Message("You went down. Lay off what you can, then discard"))


def open_extra(s: Session, _: str) -> None:
    """📥 Lay another meld… (Gallery, once down): the cards tapped next make one more meld."""
    why = _not_now(s, "lay a meld")
    if not why and s.state.phase is not Phase.PLAY:
        why = Message("Draw a card first, then lay another meld")
    if not why and not s.state.rules.extra_melds:
        why = Message("Only your contract's melds may be laid down at this table")
    if not why and not s.state.seats[s.seat].down:
        why = Message("Go down with your contract first (📥 Go down…), then lay more melds")
    if why:
        _why_not(s, why, "error")
        return
    s.ui.extra, s.ui.selected = [], None
    # Translators: {kinds} are the kinds of meld the contract allows: "a set or a run".
    s.say(Message("Tap the cards of your new meld: {kinds}", kinds=fr.extra_kinds(s.state.contract_of(s.seat), s.state.rules)))


def lay_extra(s: Session, _: str) -> None:
    """✅ Lay this meld: the picked cards as a meld of one of the contract's kinds, or why not."""
    if s.ui.extra is None:
        return
    by_key = _by_key(s)
    meld, why = fr.extra_meld([by_key[k] for k in s.ui.extra if k in by_key], s.state.contract_of(s.seat),
                              s.state.rules)
    if meld is None:
        s.say(why, "error")
    elif s.lay_meld(meld):
        s.say(Message("You laid down another set") if meld.kind.value == "set" else Message("You laid down another run"))


def find_extra(s: Session, _: str) -> None:
    """✨ Find one for me: the engine's own pick of a meld the hand can lay now."""
    found = s.extra_melds()
    if not found:
        s.say(Message("Your hand holds no further meld of your contract's kinds"), "error")
        return
    s.ui.extra = [c.key for c in found[0].extra.cards]
    s.say(Message("Found one. Change it if you like, then ✅ Lay this meld"))


def cancel(s: Session, _: str) -> None:
    s.ui.extra, s.ui.digging = None, False
    s.ui.frames = None
    s.ui.selected = s.ui.end_for = None
    s.say("")


def pick_frame(s: Session, arg: str) -> None:
    """A frame tapped: the cards tapped next go there first."""
    if s.ui.frames is not None and arg.isdecimal() and int(arg) < len(s.ui.frames.keys):
        s.ui.frames.active = int(arg)
        # Translators: {place} is a place, "1st", "2nd"; {meld} the frame's meld: "a set of 3".
        s.say(Message("The cards you tap now go to the {place} frame: {meld}", place=Later(ordinal, int(arg) + 1),
                      meld=_specs(s)[int(arg)].describe()))


def place(s: Session, arg: str) -> None:
    """'key:frame': a card dropped on a frame goes into exactly that frame (from the hand or from
    another frame), fitting or not: the frame then says what is wrong, as for a tap."""
    key, _, index = arg.partition(":")
    frames, card = s.ui.frames, s.hand_card(key)
    if frames is None or card is None or not index.isdecimal() or int(index) >= len(frames.keys):
        return
    n, spec = int(index), _specs(s)[int(index)]
    where = frames.frame_of(key)
    if where == n:
        return
    if len(frames.keys[n]) >= spec.size:
        # Translators: {meld} is the frame's meld ("a set of 3"), {n} how many cards it holds.
        s.say(Message("That frame is full: {meld} holds {n}. Tap a card in it to take it back", meld=spec.describe(),
                      n=spec.size), "error")
        return
    if where is not None:
        frames.keys[where].remove(key)
        frames.readings[where] = 0
    frames.keys[n].append(key)
    frames.readings[n] = 0
    frames.active = n
    s.say("")


def next_reading(s: Session, arg: str) -> None:
    if s.ui.frames is not None and arg.isdecimal() and int(arg) < len(s.ui.frames.keys):
        s.ui.frames.readings[int(arg)] += 1


def _lay_off_problem(s: Session) -> str:
    """Why the player cannot lay off now ('' when they can)."""
    if s.ui.frames is not None:
        return Message("You can lay off once you are down: ✅ Lay it down first (or Cancel)")
    if s.state.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER) and not s.state.seats[s.seat].down:
        return Message("You can lay off once you are down: go down first (📥 Go down…), then lay off on any meld")
    why = _not_now(s, "lay off")
    if not why and s.state.phase is not Phase.PLAY:
        why = Message("Draw a card first (D), then lay off")
    return why


def tap_meld(s: Session, arg: str) -> None:
    """A meld tapped ('3'), or the picked card's ghost at one end of a run ('3:low'): the card is
    laid off there, or the player hears why not."""
    meld, _, end = arg.partition(":")
    if not meld.isdecimal() or end not in ("", "low", "high"):
        return
    why = _lay_off_problem(s)
    if why:
        _why_not(s, why, "error")
    else:
        s.lay_off(int(meld), end or None)


def lay_off_anywhere(s: Session, _: str) -> None:
    """M: the picked card laid off on the first meld it fits (a run open at both ends asks which)."""
    why = _lay_off_problem(s)
    card = s.hand_card(s.ui.selected)
    if not why and card is None:
        why, tone = Message("Pick a card first (← → or 1–9), then M lays it off"), "info"
    else:
        tone = "error"
    if why:
        _why_not(s, why, tone)
        return
    rules = s.state.rules
    meld = next((n for n, m in enumerate(s.state.table) if lay_off_ends(m.meld, card, rules)), None)
    if meld is None:
        s.say(Message("{card} fits no meld on the table", card=card.symbol), "error")
    else:
        s.lay_off(meld)


def lay_off_all(s: Session, _: str) -> None:
    """🧲 Every card that fits, laid off (the session's lay_off_all), or why not now."""
    why = _lay_off_problem(s)
    if why:
        _why_not(s, why, "error")
    else:
        s.lay_off_all()


def tap_wild(s: Session, arg: str) -> None:
    """A wild on a table meld (house rule wild swap): ``arg`` is 'meld:index'."""
    meld, _, index = arg.partition(":")
    if s.ui.frames is not None:
        s.say(Message("Lay your frames down or Cancel them first"), "error")
    elif meld.isdecimal() and index.isdecimal():
        s.swap_wild(int(meld), int(index))


def pick_end(s: Session, arg: str) -> None:
    if s.ui.end_for and arg in ("low", "high"):
        key, meld = s.ui.end_for
        s.ui.selected = key
        s.lay_off(meld, arg)


def tap_stock(s: Session, _: str) -> None:
    """The stock tapped: draw, or why not."""
    why = _not_now(s, "draw")
    phase = s.state.phase
    if not why and phase is Phase.SWAP:
        why = Message("In the swap round you swap with the discard or pass: pick a card, then tap {card}", card=_top(s))
    elif not why and phase is Phase.PLAY:
        why = (Message("You have drawn this turn: fill the frames, then discard") if s.ui.frames is not None else
               Message("You have drawn this turn: lay off, then discard") if s.state.seats[s.seat].down else
               Message("You have drawn this turn: go down if you can, then discard"))
    if why:
        _why_not(s, why)
    else:
        s.draw()


def tap_discard(s: Session, _: str) -> None:
    """The discard pile tapped: take it (the swap round: swap the picked card for it); with a card
    picked after drawing, discard that card; else why not."""
    why = _not_now(s, "take the discard")
    phase = s.state.phase
    if why:
        _why_not(s, why)
    elif phase in (Phase.DRAW, Phase.SWAP):
        s.take()
    elif s.ui.frames is not None:
        s.say(Message("Lay your frames down (✅) or Cancel them before you discard"))
    elif s.hand_card(s.ui.selected) is None:
        s.say(Message("You have drawn this turn: pick a card, then tap the pile to discard it"))
    else:
        s.discard()


def open_pile(s: Session, _: str) -> None:
    """⤵ Dig into the pile (Gallery): fan the discard pile out, or fold it back."""
    why = _not_now(s, "draw")
    if not why and s.state.phase is not Phase.DRAW:
        why = Message("You dig into the pile as your draw: at the start of your turn")
    if not why and not s.state.rules.pile_dig:
        why = Message("Only the top discard may be taken at this table")
    if why:
        _why_not(s, why)
        return
    s.ui.digging = not s.ui.digging               # the fanned pile says what a tap takes
    s.say("")


def dig(s: Session, arg: str) -> None:
    """A card of the fanned pile tapped: taken with every card above it."""
    why = _not_now(s, "draw")
    if why:
        _why_not(s, why)
    elif s.state.phase is Phase.DRAW:
        s.dig(arg)


def drop_on_stock(s: Session, _: str) -> None:
    s.say(Message("Cards go on the discard pile, not on the stock"))


NEEDS_GAME: dict[str, Callable[[Session, str], None]] = {
    "card": tap_card,
    "godown": open_frames,
    "fill": fill,
    "lay": lay,
    "cancel": cancel,
    "frame": pick_frame,
    "place": place,
    "reading": next_reading,
    "meld": tap_meld,
    "layoff": lay_off_anywhere,
    "wild": tap_wild,
    "end": pick_end,
    "stock": tap_stock,
    "discard-pile": tap_discard,
    "drop-stock": drop_on_stock,
    "pile": open_pile,
    "another": open_extra,
    "lay-extra": lay_extra,
    "find-extra": find_extra,
    "layoff-all": lay_off_all,
    "dig": dig,
    "draw": lambda s, _: s.draw(),
    "take": lambda s, _: s.take(),
    "swap": lambda s, _: s.swap(),
    "pass": lambda s, _: s.pass_(),
    "steal": lambda s, _: s.steal(),
    "discard": lambda s, _: s.discard(),
    "takeback": lambda s, _: s.take_back(),
}
