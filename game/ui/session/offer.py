"""The 🫳 steal offer as the page runs it: open while the next player decides, never on its own.

The engine gathers claims once the next player has drawn from the stock (game/play.py), in turn
order after the discarder, and gives the card to the soonest claimant (SPEC §4.4). The page
does not make the table wait for that: the offer opens with the discard, in the same window as
the next player's think time, and the player's answer (a claim, or letting it go) is kept until
the engine asks for it. A tap closes the window early; an untouched offer lapses as a pass when
the next player draws. Claims stay blind (bots never see the player's), so the rules are the
engine's, unchanged: only *when* the player answers moves, not what the answer does.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from game.cards import Card
from game.i18n import Message, N_
from game.stealing import steal_refusal
from game.state import Event, GameState, Phase

from ..words import ClaimWords

STEAL, PASS = "steal", "pass"
# A claim that won, by its event (game.rules.CLAIM_EVENTS): what the claimant got for it.
WON = {
    # Translators: {card} is the glyph of the card stolen, such as 7♥; the penalty card is the card
    # from the stock a steal costs.
    "stole": N_("🫳 You stole {card}, and the top card of the stock as the penalty card"),
    # Translators: {card} is the glyph of the card bought, such as 7♥; the fee card is the card from
    # the stock a buy costs.
    "bought": N_("🛒 You bought {card}, and the top card of the stock as the fee card"),
}


@dataclass(frozen=True)
class Offer:
    """The discard the player may claim now, before ``drawer`` draws; ``answer`` once tapped."""

    token: int            # the table's moment: the offer is open only while it stands
    discarder: int
    drawer: int
    card: Card
    answer: str = ""      # '' (open) | 'steal' | 'pass'


def open_offer(state: GameState, seat: int, token: int, answer: Optional[tuple[int, str]]) -> Optional[Offer]:
    """The offer to ``seat`` at this moment: another seat is to draw after a third seat's discard
    that ``seat`` may steal (the engine's own refusal decides), else None."""
    if state.phase is not Phase.DRAW or state.turn == seat or state.claimable_from is None:
        return None
    if not state.pile or steal_refusal(state, seat) is not None:
        return None
    given = answer[1] if answer is not None and answer[0] == token else ""
    return Offer(token, state.claimable_from, state.turn, state.pile[-1], given)


def claimed(offer: Offer, names: list[str], words: ClaimWords) -> str:
    """What the player reads the moment they claim: the claim is made; who may still beat it."""
    # Translators: {icon} is the claim's emoji (🫳 or 🛒), {card} the glyph of the card claimed (7♥),
    # {who} the name of the next player, who may take it as their draw.
    return Message("{icon} You claimed {card}. It is yours unless {who} takes it or a player sooner in turn order "
                   "claims it too", icon=words.icon, card=offer.card.symbol, who=names[offer.drawer])


def outcome(offer: Offer, events: list[Event], names: list[str], seat: int, words: ClaimWords) -> str:
    """After the next player's move: what became of ``seat``'s claim, in one sentence."""
    symbol = offer.card.symbol
    for event in events:
        if event.kind == "took":
            # Translators: {who} is the next player's name, {card} the glyph of the card claimed (7♥).
            return Message("{who} took {card} as their draw: your claim lapsed", who=names[event.seat], card=symbol)
        if event.kind == words.past:
            if event.seat == seat and event.kind in WON:
                return Message(WON[event.kind], card=symbol)
            # Translators: {who} is another player's name, {card} the glyph of the card claimed (7♥).
            return Message("{who} claimed {card} too and comes sooner in turn order: it went to them",
                           who=names[event.seat], card=symbol)
    return ""
