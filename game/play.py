"""Applying actions: each handler checks every rule first, then changes the state.

Nothing is changed until all checks pass, so a refused action leaves the
state exactly as it was; the refusal's message is meant for the player.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable

from .actions import (
    Action, Discard, Draw, GoDown, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard, malformed,
)
from .cards import Card
from .dealing import draw_from_stock, end_deal, next_deal
from .layoff import lay_off, swap_wild
from .melds import MeldError, verify
from .state import Event, GameState, IllegalAction, Phase, TableMeld
from .stealing import eligible_claimants, resolve_claims


def apply_action(state: GameState, action: Action) -> None:
    """Play ``action``: first its shape (every field the right type), then the rules."""
    problem = malformed(action)
    if problem:
        raise IllegalAction(f"That move is malformed: {problem}")
    HANDLERS[type(action)](state, action)


def _require(condition: bool, reason: str) -> None:
    if not condition:
        raise IllegalAction(reason)


def _phase(state: GameState, *phases: Phase, reason: str) -> None:
    if state.phase not in phases:
        raise IllegalAction(reason if state.phase is not Phase.GAME_OVER else "The game is over")


def _in_hand(hand: list[Card], card: Card) -> None:
    if card not in hand:
        raise IllegalAction(f"{card.symbol} is not in your hand")


# ------------------------------------------------------------ swap round


def _swap(state: GameState, action: Swap) -> None:
    _phase(state, Phase.SWAP, reason="You can only swap with the pile during the swap round")
    hand = state.seats[state.turn].hand
    _in_hand(hand, action.card)
    taken = state.pile[-1]
    hand.remove(action.card)
    hand.append(taken)
    state.pile[-1] = action.card
    state.events.append(Event("swapped", state.turn, (action.card, taken)))
    _next_swapper(state)


def _pass(state: GameState, action: Pass) -> None:
    if state.phase is Phase.CLAIMS:
        state.claimants.pop(0)
        _maybe_resolve(state)
        return
    _phase(state, Phase.SWAP, reason="There is nothing to pass on now: draw a card")
    state.events.append(Event("passed", state.turn))
    _next_swapper(state)


def _next_swapper(state: GameState) -> None:
    state.swaps_left -= 1
    if state.swaps_left:
        state.turn = state.next_seat(state.turn)
    else:
        state.turn = state.next_seat(state.dealer)
        state.phase = Phase.DRAW


# ------------------------------------------------------------ drawing and stealing


def _take_discard(state: GameState, action: TakeDiscard) -> None:
    _phase(state, Phase.DRAW, reason=_not_drawing(state))
    _require(bool(state.pile), "The discard pile is empty: draw from the stock")
    _require(not state.top_buried, "That card is buried 🔒: nobody may take it. Draw from the stock")
    card = state.pile.pop()
    state.seats[state.turn].hand.append(card)
    state.top_buried = bool(state.pile)
    state.claimable_from = None
    state.events.append(Event("took", state.turn, (card,)))
    state.phase = Phase.PLAY


def _draw(state: GameState, action: Draw) -> None:
    _phase(state, Phase.DRAW, reason=_not_drawing(state))
    claimants = eligible_claimants(state)
    if claimants:
        state.claimants, state.claims = claimants, []
        state.phase = Phase.CLAIMS
        return
    state.claimable_from = None
    _draw_for_turn(state)


def _draw_for_turn(state: GameState) -> None:
    card = draw_from_stock(state)
    if card is None:
        return
    state.seats[state.turn].hand.append(card)
    state.events.append(Event("drew", state.turn))
    state.phase = Phase.PLAY


def _steal(state: GameState, action: Steal) -> None:
    _phase(state, Phase.CLAIMS, reason="There is no discard to steal right now")
    state.claims.append(state.claimants.pop(0))
    _maybe_resolve(state)


def _maybe_resolve(state: GameState) -> None:
    if state.claimants:
        return
    resolve_claims(state)
    state.claimable_from = None
    _draw_for_turn(state)


def _not_drawing(state: GameState) -> str:
    if state.phase is Phase.SWAP:
        return "It is the swap round: swap a card with the pile or pass"
    if state.phase is Phase.PLAY:
        return "You have already drawn this turn"
    return "You cannot draw now"


# ------------------------------------------------------------ going down and laying off


def _go_down(state: GameState, action: GoDown) -> None:
    _phase(state, Phase.PLAY, reason="Draw a card before going down")
    seat = state.seats[state.turn]
    _require(not seat.down, "You are already down this deal")
    cards = [card for meld in action.melds for card in meld.cards]
    _require(len(set(cards)) == len(cards), "A card can only be in one meld")
    for card in cards:
        _in_hand(seat.hand, card)
    _check_contract(state, action)
    for meld in action.melds:
        try:
            verify(meld, state.rules)
        except MeldError as error:
            raise IllegalAction(str(error)) from None
    left = len(seat.hand) - len(cards)
    keep = state.rules.keep_card_to_discard
    _require(left >= keep, f"Keep at least {keep} card to discard")
    for card in cards:
        seat.hand.remove(card)
    seat.down = True
    state.table.extend(TableMeld(state.turn, meld) for meld in action.melds)
    state.events.append(Event("went_down", state.turn, tuple(cards)))


def _check_contract(state: GameState, action: GoDown) -> None:
    contract = state.contract_of(state.turn)
    wanted = Counter((spec.kind, spec.size) for spec in contract.melds)
    given = Counter((meld.kind, len(meld.cards)) for meld in action.melds)
    if given != wanted:
        raise IllegalAction(f"Your contract is {contract.describe()}: lay exactly that, no more, no less")


def _lay_off(state: GameState, action: LayOff) -> None:
    _phase(state, Phase.PLAY, reason="Draw a card before laying off")
    seat = state.seats[state.turn]
    _require(seat.down, "Go down with your contract before laying off")
    _in_hand(seat.hand, action.card)
    keep = state.rules.keep_card_to_discard
    _require(len(seat.hand) > keep, f"Keep at least {keep} card to discard")
    _require(0 <= action.meld < len(state.table), "There is no such meld on the table")
    placed = state.table[action.meld]
    try:
        grown = lay_off(placed.meld, action.card, action.end, state.rules)
    except MeldError as error:
        raise IllegalAction(str(error)) from None
    seat.hand.remove(action.card)
    placed.meld = grown
    state.events.append(Event("laid_off", state.turn, (action.card,)))


def _swap_wild(state: GameState, action: SwapWild) -> None:
    _require(state.rules.wild_swap, "Taking a wild back off the table is not a rule at this table")
    _phase(state, Phase.PLAY, reason="Draw a card before swapping a wild")
    seat = state.seats[state.turn]
    _in_hand(seat.hand, action.card)
    _require(0 <= action.meld < len(state.table), "There is no such meld on the table")
    placed = state.table[action.meld]
    try:
        grown, wild = swap_wild(placed.meld, action.card, action.index, state.rules)
    except MeldError as error:
        raise IllegalAction(str(error)) from None
    seat.hand.remove(action.card)
    seat.hand.append(wild)
    placed.meld = grown
    state.events.append(Event("swapped_wild", state.turn, (action.card, wild)))


# ------------------------------------------------------------ discarding and dealing


def _discard(state: GameState, action: Discard) -> None:
    _phase(state, Phase.PLAY, reason="Draw a card before discarding")
    seat = state.seats[state.turn]
    _in_hand(seat.hand, action.card)
    seat.hand.remove(action.card)
    state.pile.append(action.card)
    state.top_buried = False
    state.events.append(Event("discarded", state.turn, (action.card,)))
    if not seat.hand:
        end_deal(state, went_out=state.turn)
        return
    state.claimable_from = state.turn
    state.turn = state.next_seat(state.turn)
    state.phase = Phase.DRAW


def _next_deal(state: GameState, action: NextDeal) -> None:
    _phase(state, Phase.DEAL_OVER, reason="Finish this deal first")
    next_deal(state)


HANDLERS: dict[type, Callable[[GameState, Action], None]] = {
    Swap: _swap,
    Pass: _pass,
    TakeDiscard: _take_discard,
    Draw: _draw,
    Steal: _steal,
    GoDown: _go_down,
    LayOff: _lay_off,
    SwapWild: _swap_wild,
    Discard: _discard,
    NextDeal: _next_deal,
}
