"""Steal claims: who may claim a discard, and who gets it.

Claims are gathered from every eligible seat before any is resolved, so
neither tap speed nor seeing another claim matters: the claimant whose turn
comes soonest after the discarder wins, and pays a penalty card from the stock.
"""
from __future__ import annotations

from typing import Optional

from .tabletop import Event, Tabletop


PRICE_WORDS = {"steal": "penalty", "buy": "fee"}  # what the card from the stock is called


def steal_refusal(state: Tabletop, seat: int) -> Optional[str]:
    """Why ``seat`` may not steal (or buy) the current discard, or None when it may."""
    rules, player = state.rules, state.seats[seat]
    word = rules.claim_word
    if state.claimable_from is None or state.top_buried or not state.pile:
        return f"There is no discard to {word}"
    if seat in (state.claimable_from, state.turn):
        return f"Only the other players may {word} this discard"
    if player.down and not rules.steal_when_down:
        return f"You are down: no more {word}s this deal"
    if rules.claims_left(state.steals_used(seat)) == 0:
        scope = "game" if rules.steal_limit_per_game else "deal"
        return f"You have used all {rules.steal_limit} {word}s this {scope}"
    if not rules.claim_fits(len(player.hand)):
        return f"A {word} would take you past {rules.max_hand} cards"
    if len(state.stock) < rules.steal_penalty:
        return f"The stock cannot pay the {PRICE_WORDS[word]} card"
    return None


def eligible_claimants(state: Tabletop) -> list[int]:
    """Seats that may claim the discard, in priority order: soonest turn after the discarder."""
    if state.claimable_from is None:
        return []
    order = []
    seat = state.next_seat(state.claimable_from)
    for _ in range(state.players - 1):
        if steal_refusal(state, seat) is None:
            order.append(seat)
        seat = state.next_seat(seat)
    return order


def resolve_claims(state: Tabletop) -> Optional[int]:
    """Give the discard and the penalty card to the first claimant in priority order."""
    claims, state.claims = state.claims, []
    if not claims:
        state.events.append(Event("no_steal", state.turn))
        return None
    # claims were gathered in priority order, so the first one wins
    thief = claims[0]
    player = state.seats[thief]
    card = state.pile.pop()
    player.hand.append(card)
    for _ in range(state.rules.steal_penalty):
        player.hand.append(state.stock.pop())
    player.steals_this_deal += 1
    player.steals_this_game += 1
    state.top_buried = bool(state.pile) and state.rules.buried_discards
    state.events.append(Event(state.rules.claim_event, thief, (card,)))
    return thief
