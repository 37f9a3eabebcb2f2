"""The table's prompt: what the player does now, in one line, and the notes beside it (the
claim's timer, why no claim is on offer). Apart from the model, as the rules they follow are many.
"""
from __future__ import annotations

from typing import Optional

from game.dealing import finishers
from game.legal import wild_swaps
from game.state import Phase

from ...session import advice, passing
from ...session.clock import TURN_WARNING_MS
from ...session.session import Session
from ...words import claim_words, listed


def prompt(s: Session, v) -> str:
    """What the player does now, in one line; in pass-and-play, addressed to them by name; at an
    online table, in a turn's last seconds, how long is left."""
    text = table_prompt(s, v)
    if s.people > 1 and not s.online and s.my_turn():
        return f"{v.players[s.seat].name}, {text[:1].lower()}{text[1:]}"
    if turn_ending(s) is not None:
        who = "you" if v.current == s.seat else v.players[v.current].name
        return f"⏱ Under {TURN_WARNING_MS // 1000} s left, then a bot plays this turn for {who} · {text}"
    return text


def turn_ending(s: Session) -> Optional[int]:
    """At an online table, a person's turn in its last TURN_WARNING_MS: what is left (else None)."""
    left = s.turn_left_ms()
    return left if left is not None and left <= TURN_WARNING_MS else None


def waiting_on(s: Session):
    from ...session import online   # an online table's code: loaded only at one

    return online.waiting_on(s)


def waiting_prompt(v, name: str, away: bool, top: str, words) -> str:
    """At an online table, the turn of a person on another device: who the table waits for."""
    if away:
        return f"⏳ Waiting for {name}: they are away, the table waits for them"
    if v.phase is Phase.CLAIMS:
        return f"⏳ Waiting for the others: {name} may {words.verb} {top}"
    if v.phase is Phase.SWAP:
        return f"⏳ Waiting for {name}: 🔄 swap or pass"
    return f"⏳ Waiting for {name}…"


def table_prompt(s: Session, v) -> str:
    names = [p.name for p in v.players]
    top = v.top.symbol if v.top else ""
    if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER) and s.ui.ending == "play" and v.results[-1].went_out is not None:
        return f"🎉 {names[v.results[-1].went_out]} went out"
    if v.phase is Phase.DEAL_OVER:
        return "The deal is over"
    if v.phase is Phase.GAME_OVER:
        return "The game is over"
    offer = s.offer()
    words = claim_words(v.rules)
    if offer is not None:
        return offer_prompt(offer, names, top, words)
    if not s.my_turn() and s.online and (waiting := waiting_on(s)) is not None:
        return waiting_prompt(v, waiting[1], waiting[2] is not None, top, words)
    if not s.my_turn():
        waiting = names[v.current]
        return f"🔄 Swap round: {waiting} is deciding…" if v.phase is Phase.SWAP else f"{waiting} is playing…"
    if v.phase is Phase.SWAP:
        return swap_prompt(s, v, names, top)
    if v.phase is Phase.DRAW:
        if v.top_buried or not v.top:
            return "Your turn: draw from the stock (🔒 buried: once covered by another discard, a card may not be taken)" if v.top else "Your turn: draw"
        return f"Your turn: draw from the stock or take {top}"
    if v.phase is Phase.CLAIMS:
        if passing.asked(s) is not None:   # pass-and-play: asked in turn, with no clock on them
            return (f"{words.icon} {names[v.turn]} passed over {top} ({names[v.claimable_from]}'s discard): "
                    f"{words.verb} it? You also take a {words.price}")
        if not s.asks(v.top):              # not asked about this card: it passes at once
            return f"{names[v.turn]} is playing…"
        return f"{words.icon} {names[v.claimable_from]} discarded {top}: {words.verb} it? You also take a {words.price}"
    if s.ui.frames is not None:
        return f"📥 Tap cards to fill the frames: {v.me.contract}"
    swap = " (or pick a natural card, then the wild it stands in for, to take that wild)" if can_swap_wild(s) else ""
    if v.me.down:
        return down_prompt(s, v, swap)
    return up_prompt(s, v, swap)


def up_prompt(s: Session, v, swap: str) -> str:
    """Before going down: 📥 when the solver finds the contract in the hand, else what it lacks."""
    if advice.ready(s.state, s.seat):
        text = f"📥 You can go down: {v.me.contract}{swap}. Then pick a card to discard"
    else:
        text = f"To go down you still need {advice.still_needs(s.state, s.seat)}{swap}. Pick a card to discard"
    if v.rules.goes_out_by_play(v.me.round):
        return f"{text}. This round you go out by laying down every card, with no discard"
    return text


def down_prompt(s: Session, v, swap: str) -> str:
    """What a player who is down does now, under the rulebook's lay-off rules."""
    if not v.rules.lay_off_when_going_down and went_down_this_turn(v):
        if s.lay_offs():                   # only lay-offs that empty the hand: going out by play
            return "Lay off every card you have left to go out, with no discard, or discard as usual"
        return "You went down this turn: discard now. You may lay off from your next turn"
    if v.rules.must_lay_off and s.lay_offs():
        return "Lay off every card that fits a meld (🧲 lays them all), then pick a card to discard"
    if v.rules.goes_out_by_play(v.me.round):
        return f"Lay off: pick a card, then a meld{swap}. You go out by laying off your last card"
    return f"Lay off: pick a card, then a meld{swap}. Then pick a card to discard"


def went_down_this_turn(v) -> bool:
    """Whether the player's own moves since another seat's last one include going down."""
    for event in reversed(v.events):
        if event.seat != v.seat:
            return False
        if event.kind == "went_down":
            return True
    return False


def offer_prompt(offer, names: list[str], top: str, words) -> str:
    if offer.answer == "steal":
        return f"{words.icon} You claimed {top}: {names[offer.drawer]} is deciding…"
    if offer.answer == "pass":
        return f"{names[offer.drawer]} is playing…"
    return (f"{words.icon} {names[offer.discarder]} discarded {top}: {words.verb} it before {names[offer.drawer]} "
            f"draws? You also take a {words.price}")


def claim_ms(s: Session, v) -> Optional[int]:
    """How long the bar under 🫳 runs: the open offer's window, or the player's turn to claim. At
    an online table, on every screen while a person is asked: what is left of their window."""
    offer = s.offer()
    if offer is not None:
        return s.think_ms() if not offer.answer else None
    if s.online and passing.asked(s) is not None:
        return s.claim_left_ms()
    if (ending := turn_ending(s)) is not None:   # an online turn's last seconds: the bar runs on every screen
        return ending
    if passing.asked(s) is not None:       # pass-and-play: a person's claim waits for them
        return None
    if v.current != s.seat or v.phase is not Phase.CLAIMS or not s.asks(v.top):
        return None
    return s.claim_ms()


def claim_whole_ms(s: Session) -> Optional[int]:
    """At an online table, the whole offer window of which ``claim_ms`` is what is left: the bar
    is drawn where it stands in it, so a redraw never fills it up again."""
    if s.online and passing.asked(s) is not None:
        return s.settings.table_claim_ms()
    return TURN_WARNING_MS if turn_ending(s) is not None else None


def can_swap_wild(s: Session) -> bool:
    """House rule wild swap: whether the player holds a natural some table wild stands for."""
    state = s.state
    return state.rules.wild_swap and bool(wild_swaps(state, state.seats[s.seat].hand))


def steal_note(v) -> Optional[str]:
    """Why 🫳 is not on offer right now, when a discard is up for stealing."""
    if v.claimable_from is None or v.claimable_from == v.seat or v.current == v.seat:
        return None
    if v.phase not in (Phase.DRAW, Phase.CLAIMS) or v.turn == v.seat:
        return None
    return v.steal_refusal


def swap_prompt(s: Session, v, names: list[str], top: str) -> str:
    """The swap round: once a card is picked, where it goes (face up, for the next seat to swap for
    or take as its first draw), so a player does not feed the next one unawares."""
    picked = s.hand_card(s.ui.selected)
    if picked is None:
        return f"🔄 Swap round: pick a card to give for {top}, or pass"
    after = names[(v.current + 1) % len(names)]
    return f"🔄 Swap {picked.symbol} for {top}? {picked.symbol} goes face up, for {after} to take next"


def last_deal(s: Session, v) -> str:
    """🏁 on the felt once this deal is sure to be the game's last, and why: a player who knows it
    plays to go out or to keep their points down, not for the next deal."""
    if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
        return ""
    ending = finishers(v.rules, v.players)
    if not ending:
        return ""
    if len(ending) == len(v.players) and v.rules.end_after_last_round:
        return "🏁 Last deal: everyone plays the last contract, and the game ends with this deal"
    names = ["you" if n == s.seat else v.players[n].name for n in ending]
    who = listed(names)
    return f"🏁 Last deal: {who[:1].upper()}{who[1:]} went down on round {v.rules.rounds}, so the game ends with this deal"
