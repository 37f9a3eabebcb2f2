"""The table's prompt: what the player does now, in one line, and the notes beside it (the
claim's timer, why no claim is on offer). Apart from the model, as the rules they follow are many.

Made at drawing time, in the language drawn in (game/i18n.py); a claim's sentences are written
once per rulebook word (🫳 steal, 🛒 buy), whole, so each language words each its own way.
"""
from __future__ import annotations

from typing import Optional

from game.dealing import finishers
from game.i18n import _, ngettext
from game.legal import wild_swaps
from game.state import Phase

from ...session import advice, passing
from ...session.clock import TURN_WARNING_MS
from ...session.session import Session
from ...words import listed


def prompt(s: Session, v) -> str:
    """What the player does now, in one line; in pass-and-play, addressed to them by name; at an
    online table, in a turn's last seconds, how long is left."""
    text = table_prompt(s, v)
    if s.people > 1 and not s.online and s.my_turn():
        # Translators: pass-and-play's prompt addressed to the person holding the device: {prompt} is
        # the prompt ("Your turn: draw") with its first letter made lower case.
        return _("{name}, {prompt}").format(name=v.players[s.seat].name, prompt=f"{text[:1].lower()}{text[1:]}")
    if turn_ending(s) is not None:
        n = TURN_WARNING_MS // 1000
        if v.current == s.seat:
            # Translators: an online turn's last seconds ({n} s); {prompt} is what to do now.
            return _("⏱ Under {n} s left, then a bot plays this turn for you · {prompt}").format(n=n, prompt=text)
        return _("⏱ Under {n} s left, then a bot plays this turn for {name} · {prompt}").format(
            n=n, name=v.players[v.current].name, prompt=text)
    return text


def turn_ending(s: Session) -> Optional[int]:
    """At an online table, a person's turn in its last TURN_WARNING_MS: what is left (else None)."""
    left = s.turn_left_ms()
    return left if left is not None and left <= TURN_WARNING_MS else None


def waiting_on(s: Session):
    from ...session import online   # an online table's code: loaded only at one

    return online.waiting_on(s)


def waiting_prompt(v, name: str, away: bool, top: str) -> str:
    """At an online table, the turn of a person on another device: who the table waits for."""
    if away:
        return _("⏳ Waiting for {name}: they are away, the table waits for them").format(name=name)
    if v.phase is Phase.CLAIMS:
        if v.rules.claim_word == "steal":
            return _("⏳ Waiting for the others: {name} may steal {card}").format(name=name, card=top)
        return _("⏳ Waiting for the others: {name} may buy {card}").format(name=name, card=top)
    if v.phase is Phase.SWAP:
        return _("⏳ Waiting for {name}: 🔄 swap or pass").format(name=name)
    return _("⏳ Waiting for {name}…").format(name=name)


def playing(name: str) -> str:
    return _("{name} is playing…").format(name=name)


def claim_question(steal: bool, name: str, card: str) -> str:
    """'🫳 Ben discarded 7♥: steal it? You also take a penalty card' (🛒 buy it, a fee card)."""
    if steal:
        return _("🫳 {name} discarded {card}: steal it? You also take a penalty card").format(name=name, card=card)
    return _("🛒 {name} discarded {card}: buy it? You also take a fee card").format(name=name, card=card)


def table_prompt(s: Session, v) -> str:
    names = [p.name for p in v.players]
    top = v.top.symbol if v.top else ""
    if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER) and s.ui.ending == "play" and v.results[-1].went_out is not None:
        return _("🎉 {name} went out").format(name=names[v.results[-1].went_out])
    if v.phase is Phase.DEAL_OVER:
        return _("The deal is over")
    if v.phase is Phase.GAME_OVER:
        return _("The game is over")
    offer = s.offer()
    if offer is not None:
        return offer_prompt(offer, names, top, v.rules.claim_word == "steal")
    if not s.my_turn() and s.online and (waiting := waiting_on(s)) is not None:
        return waiting_prompt(v, waiting[1], waiting[2] is not None, top)
    if not s.my_turn():
        waiting = names[v.current]
        return _("🔄 Swap round: {name} is deciding…").format(name=waiting) if v.phase is Phase.SWAP else playing(waiting)
    if v.phase is Phase.SWAP:
        return swap_prompt(s, v, names, top)
    if v.phase is Phase.DRAW:
        if v.top_buried or not v.top:
            return (_("Your turn: draw from the stock (🔒 buried: once covered by another discard, a card may not be taken)")
                    if v.top else _("Your turn: draw"))
        # Translators: {card} is the discard pile's top card, a glyph (7♥).
        return _("Your turn: draw from the stock or take {card}").format(card=top)
    if v.phase is Phase.CLAIMS:
        steal = v.rules.claim_word == "steal"
        if passing.asked(s) is not None:   # pass-and-play: asked in turn, with no clock on them
            return passed_over(steal, names[v.turn], top, names[v.claimable_from])
        if not s.asks(v.top):              # not asked about this card: it passes at once
            return playing(names[v.turn])
        return claim_question(steal, names[v.claimable_from], top)
    if s.ui.frames is not None:
        # Translators: {contract} is the contract in words: "two sets of 3".
        return _("📥 Tap cards to fill the frames: {contract}").format(contract=v.me.contract)
    swap = " " + _("(or pick a natural card, then the wild it stands in for, to take that wild)") if can_swap_wild(s) else ""
    if v.me.down:
        return down_prompt(s, v, swap)
    return up_prompt(s, v, swap)


def passed_over(steal: bool, name: str, card: str, owner: str) -> str:
    """Pass-and-play: the discard the player to draw passed over, asked of the next in turn."""
    # Translators: {name} passed over the discard {card}, which {owner} discarded.
    if steal:
        return _("🫳 {name} passed over {card} ({owner}'s discard): steal it? You also take a penalty card").format(
            name=name, card=card, owner=owner)
    return _("🛒 {name} passed over {card} ({owner}'s discard): buy it? You also take a fee card").format(
        name=name, card=card, owner=owner)


def up_prompt(s: Session, v, swap: str) -> str:
    """Before going down: 📥 when the solver finds the contract in the hand, else what it lacks.
    ``swap``: '' or, with the wild-swap house rule, the way to take a wild, said after the first part."""
    if advice.ready(s.state, s.seat):
        # Translators: {contract} "two sets of 3"; {swap} is empty or " (or pick a natural card, …)".
        text = _("📥 You can go down: {contract}{swap}. Then pick a card to discard").format(contract=v.me.contract, swap=swap)
    else:
        # Translators: {needs} what the contract still lacks: "one more 7 for the set of 3 (or a wild)".
        text = _("To go down you still need {needs}{swap}. Pick a card to discard").format(
            needs=advice.still_needs(s.state, s.seat), swap=swap)
    if v.rules.goes_out_by_play(v.me.round):
        # Translators: {prompt} is the sentence before, what to do this turn.
        return _("{prompt}. This round you go out by laying down every card, with no discard").format(prompt=text)
    return text


def down_prompt(s: Session, v, swap: str) -> str:
    """What a player who is down does now, under the rulebook's lay-off rules."""
    if not v.rules.lay_off_when_going_down and went_down_this_turn(v):
        if s.lay_offs():                   # only lay-offs that empty the hand: going out by play
            return _("Lay off every card you have left to go out, with no discard, or discard as usual")
        return _("You went down this turn: discard now. You may lay off from your next turn")
    if v.rules.must_lay_off and s.lay_offs():
        return _("Lay off every card that fits a meld (🧲 lays them all), then pick a card to discard")
    if v.rules.goes_out_by_play(v.me.round):
        return _("Lay off: pick a card, then a meld{swap}. You go out by laying off your last card").format(swap=swap)
    return _("Lay off: pick a card, then a meld{swap}. Then pick a card to discard").format(swap=swap)


def went_down_this_turn(v) -> bool:
    """Whether the player's own moves since another seat's last one include going down."""
    for event in reversed(v.events):
        if event.seat != v.seat:
            return False
        if event.kind == "went_down":
            return True
    return False


def offer_prompt(offer, names: list[str], top: str, steal: bool) -> str:
    drawer = names[offer.drawer]
    if offer.answer == "steal":
        if steal:
            return _("🫳 You claimed {card}: {name} is deciding…").format(card=top, name=drawer)
        return _("🛒 You claimed {card}: {name} is deciding…").format(card=top, name=drawer)
    if offer.answer == "pass":
        return playing(drawer)
    if steal:
        # Translators: {name} discarded {card}; {drawer} is the next to draw, who may take it first.
        return _("🫳 {name} discarded {card}: steal it before {drawer} draws? You also take a penalty card").format(
            name=names[offer.discarder], card=top, drawer=drawer)
    return _("🛒 {name} discarded {card}: buy it before {drawer} draws? You also take a fee card").format(
        name=names[offer.discarder], card=top, drawer=drawer)


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
        return _("🔄 Swap round: pick a card to give for {card}, or pass").format(card=top)
    after = names[(v.current + 1) % len(names)]
    # Translators: {card} the picked card, {top} the discard, {name} the next player.
    return _("🔄 Swap {card} for {top}? {card} goes face up, for {name} to take next").format(
        card=picked.symbol, top=top, name=after)


def last_deal(s: Session, v) -> str:
    """🏁 on the felt once this deal is sure to be the game's last, and why: a player who knows it
    plays to go out or to keep their points down, not for the next deal."""
    if v.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
        return ""
    ending = finishers(v.rules, v.players)
    if not ending:
        return ""
    if len(ending) == len(v.players) and v.rules.end_after_last_round:
        return _("🏁 Last deal: everyone plays the last contract, and the game ends with this deal")
    rounds = v.rules.rounds
    if list(ending) == [s.seat]:
        return _("🏁 Last deal: You went down on round {round}, so the game ends with this deal").format(round=rounds)
    # Translators: "you" among the players listed in "🏁 Last deal: Ana and you went down on round 11".
    names = [_("you") if n == s.seat else v.players[n].name for n in ending]
    who = listed(names)
    # Translators: {who} lists the players who went down on the last round ({round}): "Ana and Ben".
    return ngettext("🏁 Last deal: {who} went down on round {round}, so the game ends with this deal",
                    "🏁 Last deal: {who} went down on round {round}, so the game ends with this deal",
                    len(names)).format(who=f"{who[:1].upper()}{who[1:]}", round=rounds)
