"""Steal claims: who may claim a discard, and who gets it.

Claims are gathered from every eligible seat before any is resolved, so
neither tap speed nor seeing another claim matters: the claimant whose turn
comes soonest after the discarder wins, and pays a penalty card from the stock.
"""
from __future__ import annotations

from typing import Optional

from .i18n import Counted, Message
from .tabletop import Event, Tabletop


def steal_refusal(state: Tabletop, seat: int) -> Optional[str]:
    """Why ``seat`` may not steal (or buy) the current discard, or None when it may (a Message:
    each rulebook's claim, a steal or a buy, has its own whole sentences)."""
    rules, player = state.rules, state.seats[seat]
    steal = rules.claim_word == "steal"
    if state.claimable_from is None or state.top_buried or not state.pile:
        return Message("There is no discard to steal") if steal else Message("There is no discard to buy")
    if seat in (state.claimable_from, state.turn):
        return (Message("Only the other players may steal this discard") if steal
                else Message("Only the other players may buy this discard"))
    if player.down and not rules.steal_when_down:
        return Message("You are down: no more steals this deal") if steal else Message("You are down: no more buys this deal")
    if rules.claims_left(state.steals_used(seat)) == 0:
        return _used_all(rules.steal_limit or 0, steal, rules.steal_limit_per_game)
    if not rules.claim_fits(len(player.hand)):
        return (Counted("A steal would take you past {n} card", "A steal would take you past {n} cards", rules.max_hand)
                if steal else
                Counted("A buy would take you past {n} card", "A buy would take you past {n} cards", rules.max_hand))
    if len(state.stock) < rules.steal_penalty:
        return Message("The stock cannot pay the penalty card") if steal else Message("The stock cannot pay the fee card")
    return None


def _used_all(n: int, steal: bool, per_game: bool) -> Counted:
    """'You have used all 4 steals this deal': a claim limit reached (English says 'all 1 steals' too:
    its words are kept as they were; each language writes its own singular)."""
    if steal:
        return (Counted("You have used all {n} steals this game", "You have used all {n} steals this game", n) if per_game
                else Counted("You have used all {n} steals this deal", "You have used all {n} steals this deal", n))
    return (Counted("You have used all {n} buys this game", "You have used all {n} buys this game", n) if per_game
            else Counted("You have used all {n} buys this deal", "You have used all {n} buys this deal", n))


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
