"""Applying actions: each handler checks every rule first, then changes the state.

Nothing is changed until all checks pass, so a refused action leaves the
state exactly as it was; the refusal's message is meant for the player.
"""
from __future__ import annotations

from collections import Counter
from typing import Callable

from .actions import (
    Action, Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard,
    TakeFromPile, malformed,
)
from .cards import Card
from .dealing import draw_from_stock, end_deal, next_deal
from .layoff import clears, fitting_card, lay_off, swap_wild
from .melds import Meld, MeldError, verify
from .rules import MeldKind
from .i18n import Counted, Message
from .tabletop import Event, IllegalAction, Phase, TableMeld, Tabletop
from .stealing import eligible_claimants, resolve_claims


def apply_action(state: Tabletop, action: Action) -> None:
    """Play ``action``: first its shape (every field the right type), then the rules."""
    problem = malformed(action)
    if problem:
        raise IllegalAction(Message("That move is malformed: {problem}", problem=problem))
    HANDLERS[type(action)](state, action)


def _require(condition: bool, reason: Message) -> None:
    if not condition:
        raise IllegalAction(reason)


def _phase(state: Tabletop, *phases: Phase, reason: Message) -> None:
    if state.phase not in phases:
        raise IllegalAction(reason if state.phase is not Phase.GAME_OVER else Message("The game is over"))


def _keep(keep: int) -> Counted:
    """Why a hand must hold on to cards: one to discard at the end of the turn."""
    return Counted("Keep at least {n} card to discard", "Keep at least {n} cards to discard", keep)


def _in_hand(hand: list[Card], card: Card) -> None:
    if card not in hand:
        # Translators: {card} is a card's glyph (7♥, 10♦).
        raise IllegalAction(Message("{card} is not in your hand", card=card.symbol))


# ------------------------------------------------------------ swap round


def _swap(state: Tabletop, action: Swap) -> None:
    _phase(state, Phase.SWAP, reason=Message("You can only swap with the pile during the swap round"))
    hand = state.seats[state.turn].hand
    _in_hand(hand, action.card)
    taken = state.pile[-1]
    hand.remove(action.card)
    hand.append(taken)
    state.pile[-1] = action.card
    state.events.append(Event("swapped", state.turn, (action.card, taken)))
    _next_swapper(state)


def _pass(state: Tabletop, action: Pass) -> None:
    if state.phase is Phase.CLAIMS:
        state.claimants.pop(0)
        _maybe_resolve(state)
        return
    _phase(state, Phase.SWAP, reason=Message("There is nothing to pass on now: draw a card"))
    state.events.append(Event("passed", state.turn))
    _next_swapper(state)


def _next_swapper(state: Tabletop) -> None:
    state.swaps_left -= 1
    if state.swaps_left:
        state.turn = state.next_seat(state.turn)
    else:
        state.turn = state.next_seat(state.dealer)
        state.phase = Phase.DRAW


# ------------------------------------------------------------ drawing and stealing


def _take_discard(state: Tabletop, action: TakeDiscard) -> None:
    _phase(state, Phase.DRAW, reason=_not_drawing(state))
    _require(bool(state.pile), Message("The discard pile is empty: draw from the stock"))
    _require(not state.top_buried, Message("That card is buried 🔒: nobody may take it. Draw from the stock"))
    card = state.pile.pop()
    state.seats[state.turn].hand.append(card)
    state.top_buried = bool(state.pile) and state.rules.buried_discards
    state.claimable_from = None
    state.events.append(Event("took", state.turn, (card,)))
    state.phase = Phase.PLAY


def _take_from_pile(state: Tabletop, action: TakeFromPile) -> None:
    """Gallery: a card deep in the pile comes with every card above it, all face up."""
    _phase(state, Phase.DRAW, reason=_not_drawing(state))
    _require(state.rules.pile_dig, Message("Only the top discard may be taken at this table"))
    _require(action.card in state.pile, Message("{card} is not in the discard pile", card=action.card.symbol))
    depth = state.pile.index(action.card)
    taken = state.pile[depth:]
    del state.pile[depth:]
    state.seats[state.turn].hand.extend(taken)
    state.claimable_from = None
    state.events.append(Event("took", state.turn, tuple(taken)))
    state.phase = Phase.PLAY


def _draw(state: Tabletop, action: Draw) -> None:
    _phase(state, Phase.DRAW, reason=_not_drawing(state))
    claimants = eligible_claimants(state)
    if claimants:
        state.claimants, state.claims = claimants, []
        state.phase = Phase.CLAIMS
        return
    state.claimable_from = None
    _draw_for_turn(state)


def _draw_for_turn(state: Tabletop) -> None:
    card = draw_from_stock(state)
    if card is None:
        return
    state.seats[state.turn].hand.append(card)
    state.events.append(Event("drew", state.turn))
    state.phase = Phase.PLAY


def _steal(state: Tabletop, action: Steal) -> None:
    _phase(state, Phase.CLAIMS, reason=Message("There is no discard to steal right now"))
    state.claims.append(state.claimants.pop(0))
    _maybe_resolve(state)


def _maybe_resolve(state: Tabletop) -> None:
    if state.claimants:
        return
    resolve_claims(state)
    state.claimable_from = None
    _draw_for_turn(state)


def _not_drawing(state: Tabletop) -> str:
    if state.phase is Phase.SWAP:
        return Message("It is the swap round: swap a card with the pile or pass")
    if state.phase is Phase.PLAY:
        return Message("You have already drawn this turn")
    return Message("You cannot draw now")


# ------------------------------------------------------------ going down and laying off


def check_go_down(state: Tabletop, action: GoDown) -> None:
    """Every rule a going down must meet; IllegalAction names the first it breaks."""
    _phase(state, Phase.PLAY, reason=Message("Draw a card before going down"))
    seat = state.seats[state.turn]
    _require(not seat.down, Message("You are already down this deal"))
    cards = _laid_cards(seat.hand, action.melds)
    _check_contract(state, action)
    for meld in action.melds:
        _verify(meld, state)
    _check_runs_differ(state, action.melds)
    left = len(seat.hand) - len(cards)
    keep = state.rules.keep_for(seat.round)
    _require(left >= keep, _keep(keep))
    if state.rules.goes_out_by_play(seat.round):
        table = [t.meld for t in state.table] + list(action.melds)
        _check_left_playable(_without(seat.hand, cards), table, state)


def _go_down(state: Tabletop, action: GoDown) -> None:
    check_go_down(state, action)
    seat = state.seats[state.turn]
    cards = [card for meld in action.melds for card in meld.cards]
    for card in cards:
        seat.hand.remove(card)
    seat.down = True
    state.went_down_now = True
    state.table.extend(TableMeld(state.turn, meld) for meld in action.melds)
    state.events.append(Event("went_down", state.turn, tuple(cards)))
    _after_laying(state)


def _laid_cards(hand: list[Card], melds: tuple[Meld, ...]) -> list[Card]:
    cards = [card for meld in melds for card in meld.cards]
    _require(len(set(cards)) == len(cards), Message("A card can only be in one meld"))
    for card in cards:
        _in_hand(hand, card)
    return cards


def _without(hand: list[Card], cards: list[Card]) -> list[Card]:
    gone = set(cards)
    return [card for card in hand if card not in gone]


def _verify(meld: Meld, state: Tabletop) -> None:
    try:
        verify(meld, state.rules)
    except MeldError as error:
        raise IllegalAction(error.args[0]) from None


def _check_runs_differ(state: Tabletop, melds: tuple[Meld, ...]) -> None:
    """Contract Rummy: two runs of one contract may not be the same suit and the same numbers."""
    if not state.rules.distinct_runs:
        return
    spans = [(m.suit, m.rank, m.size) for m in melds if m.kind is MeldKind.RUN]
    _require(len(set(spans)) == len(spans),
             Message("Two runs of your contract may not be the same suit and the same numbers"))


def _check_left_playable(left: list[Card], table: list[Meld], state: Tabletop) -> None:
    """In a round gone out without a discard, never leave one card that can neither be
    discarded (it would be the last) nor laid off: the player could not end the turn."""
    if len(left) == 1:
        _require(clears(left, table, state.rules),
                 Message("This round you go out by playing every card: do not keep just one card that fits nowhere"))


def _after_laying(state: Tabletop) -> None:
    """A hand emptied by laying cards goes out (a round without a discard) or waits (Gallery)."""
    seat = state.seats[state.turn]
    if seat.hand:
        return
    if state.rules.goes_out_by_play(seat.round):
        end_deal(state, went_out=state.turn)
        return
    state.events.append(Event("waits", state.turn))
    _next_turn(state, claimable=False)


def _next_turn(state: Tabletop, claimable: bool) -> None:
    state.claimable_from = state.turn if claimable else None
    state.turn = state.next_seat(state.turn)
    state.went_down_now = False
    state.phase = Phase.DRAW


def check_lay_meld(state: Tabletop, action: LayMeld) -> None:
    """Gallery: once down, more melds of the contract's kinds, each at least a full set or run."""
    rules = state.rules
    _require(rules.extra_melds, Message("Only your contract's melds may be laid down at this table"))
    _phase(state, Phase.PLAY, reason=Message("Draw a card before laying down a meld"))
    seat = state.seats[state.turn]
    _require(seat.down, Message("Go down with your contract before laying more melds"))
    meld = action.extra
    _laid_cards(seat.hand, (meld,))
    kinds = {spec.kind for spec in state.contract_of(state.turn).melds}
    _require(meld.kind in kinds, Message("Your contract has no sets: lay only its kinds") if meld.kind is MeldKind.SET
             else Message("Your contract has no runs: lay only its kinds"))
    _require(meld.size >= rules.min_meld_size,
             Counted("A further meld holds at least {n} card", "A further meld holds at least {n} cards",
                     rules.min_meld_size))
    _verify(meld, state)
    keep = rules.keep_for(seat.round)
    _require(len(seat.hand) - meld.size >= keep, _keep(keep))


def _lay_meld(state: Tabletop, action: LayMeld) -> None:
    check_lay_meld(state, action)
    seat = state.seats[state.turn]
    for card in action.extra.cards:
        seat.hand.remove(card)
    state.table.append(TableMeld(state.turn, action.extra))
    state.events.append(Event("laid_down", state.turn, action.extra.cards))
    _after_laying(state)


def _check_contract(state: Tabletop, action: GoDown) -> None:
    contract = state.contract_of(state.turn)
    wanted = Counter((spec.kind, spec.size) for spec in contract.melds)
    given = Counter((meld.kind, len(meld.cards)) for meld in action.melds)
    if given != wanted:
        # Translators: {contract} is the round's contract, "two sets of 3".
        raise IllegalAction(Message("Your contract is {contract}: lay exactly that, no more, no less",
                                    contract=contract.describe()))


def check_lay_off(state: Tabletop, action: LayOff) -> Meld:
    """Every rule a lay-off must meet; returns the grown meld, or IllegalAction says why not."""
    _phase(state, Phase.PLAY, reason=Message("Draw a card before laying off"))
    seat = state.seats[state.turn]
    rules = state.rules
    _require(seat.down, Message("Go down with your contract before laying off"))
    _in_hand(seat.hand, action.card)
    keep = rules.keep_for(seat.round)
    _require(len(seat.hand) > keep, _keep(keep))
    _require(0 <= action.meld < len(state.table), Message("There is no such meld on the table"))
    placed = state.table[action.meld]
    try:
        grown = lay_off(placed.meld, action.card, action.end, rules)
    except MeldError as error:
        raise IllegalAction(error.args[0]) from None
    by_play = rules.goes_out_by_play(seat.round)
    if by_play or (state.went_down_now and not rules.lay_off_when_going_down):
        table = [t.meld for t in state.table]
        table[action.meld] = grown
        left = _without(seat.hand, [action.card])
        if state.went_down_now and not rules.lay_off_when_going_down:
            _require(by_play, Message("You went down this turn: lay off from your next turn on"))
            _check_goes_out(state, action, left, table)
        if by_play:
            _check_left_playable(left, table, state)
    return grown


def _check_goes_out(state: Tabletop, action: LayOff, left: list[Card], table: list[Meld]) -> None:
    """The turn you go down in a round gone out by play, a lay-off is allowed only on the
    way out: every card still held must then follow it to the table (a search, see ``clears``)."""
    _require(clears(state.seats[state.turn].hand, [t.meld for t in state.table], state.rules),
             Message("You went down this turn: you may lay off now only to go out, and the cards you hold cannot all be "
                     "laid off"))
    _require(clears(left, table, state.rules),
             Message("Not that one first: with {card} there, the rest of your hand cannot all follow it"
                     " (the turn you go down, you may lay off only to go out)", card=action.card.symbol))


def _lay_off(state: Tabletop, action: LayOff) -> None:
    grown = check_lay_off(state, action)
    seat = state.seats[state.turn]
    seat.hand.remove(action.card)
    state.table[action.meld].meld = grown
    state.events.append(Event("laid_off", state.turn, (action.card,)))
    _after_laying(state)


def _swap_wild(state: Tabletop, action: SwapWild) -> None:
    _require(state.rules.wild_swap, Message("Taking a wild back off the table is not a rule at this table"))
    _phase(state, Phase.PLAY, reason=Message("Draw a card before swapping a wild"))
    seat = state.seats[state.turn]
    _require(seat.down or not state.rules.wild_swap_when_down, Message("Go down with your contract before taking a wild"))
    _in_hand(seat.hand, action.card)
    _require(0 <= action.meld < len(state.table), Message("There is no such meld on the table"))
    placed = state.table[action.meld]
    _require(placed.meld.kind is MeldKind.RUN or not state.rules.wild_swap_runs_only,
             Message("Only a wild in a run may be taken back at this table"))
    try:
        grown, wild = swap_wild(placed.meld, action.card, action.index, state.rules)
    except MeldError as error:
        raise IllegalAction(error.args[0]) from None
    seat.hand.remove(action.card)
    seat.hand.append(wild)
    placed.meld = grown
    state.events.append(Event("swapped_wild", state.turn, (action.card, wild)))


# ------------------------------------------------------------ discarding and dealing


def check_discard(state: Tabletop, action: Discard) -> None:
    """Every rule a discard must meet; IllegalAction says why not."""
    _phase(state, Phase.PLAY, reason=Message("Draw a card before discarding"))
    seat = state.seats[state.turn]
    rules = state.rules
    _in_hand(seat.hand, action.card)
    if rules.goes_out_by_play(seat.round):
        _require(len(seat.hand) > 1,
                 Message("This round you go out by playing every card to the table, not by a discard"))
    if rules.must_lay_off and seat.down:
        fits = fitting_card(seat.hand, [t.meld for t in state.table], rules)
        _require(fits is None, Message("Lay off {card} first: every card that fits a meld on the table must go "
                                       "there before you discard", card=fits.symbol if fits else ""))


def _discard(state: Tabletop, action: Discard) -> None:
    check_discard(state, action)
    seat = state.seats[state.turn]
    seat.hand.remove(action.card)
    state.pile.append(action.card)
    state.top_buried = False
    state.events.append(Event("discarded", state.turn, (action.card,)))
    if not seat.hand:
        end_deal(state, went_out=state.turn)
        return
    _next_turn(state, claimable=True)


def _next_deal(state: Tabletop, action: NextDeal) -> None:
    _phase(state, Phase.DEAL_OVER, reason=Message("Finish this deal first"))
    next_deal(state)


HANDLERS: dict[type, Callable[[Tabletop, Action], None]] = {
    Swap: _swap,
    Pass: _pass,
    TakeDiscard: _take_discard,
    TakeFromPile: _take_from_pile,
    LayMeld: _lay_meld,
    Draw: _draw,
    Steal: _steal,
    GoDown: _go_down,
    LayOff: _lay_off,
    SwapWild: _swap_wild,
    Discard: _discard,
    NextDeal: _next_deal,
}
