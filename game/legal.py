"""The moves open to the player to move.

Going down has too many ways to list, so the list holds one: the solver's
fill. Any other valid ``GoDown`` is accepted by ``apply`` all the same.
"""
from __future__ import annotations

from typing import Optional

from .actions import (
    Action, Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard, TakeFromPile,
)
from .cards import Card
from .contract_frames import card_order
from .layoff import fitting_card, lay_off_ends
from .melds import Meld, is_natural, is_wild
from .play import check_go_down, check_lay_meld, check_lay_off
from .rules import Contract, MeldKind, MeldSpec, Rules
from .solver import can_lay, solve
from .tabletop import IllegalAction, Phase, Tabletop

MELDS_KEPT = 1000  # table melds whose wild places, or lay-off ends, are remembered before starting again
# (a deal lays a few hundred meld values at most; a bigger cache only keeps old games alive)


def distinct(cards: list[Card]) -> list[Card]:
    """One card per code: identical copies are the same move."""
    seen: dict[tuple[int, str], Card] = {}
    for card in sorted(cards, key=card_order):  # Card's own order, without its __lt__
        seen.setdefault((card.rank, card.suit), card)  # a code is its (rank, suit)
    return list(seen.values())


def legal_actions(state: Tabletop) -> list[Action]:
    phase = state.phase
    if phase is Phase.SWAP:
        hand = state.seats[state.turn].hand
        return [Pass()] + [Swap(card) for card in distinct(hand)]
    if phase is Phase.DRAW:
        draws: list[Action] = [Draw(), TakeDiscard()] if state.discard_takeable() else [Draw()]
        if state.rules.pile_dig:
            draws += [TakeFromPile(card) for card in state.pile[:-1]]  # each depth is its own move
        return draws
    if phase is Phase.CLAIMS:
        return [Steal(), Pass()]
    if phase is Phase.PLAY:
        return _play_actions(state)
    if phase is Phase.DEAL_OVER:
        return [NextDeal()]
    return []


def _play_actions(state: Tabletop) -> list[Action]:
    seat = state.seats[state.turn]
    rules = state.rules
    cards = distinct(seat.hand)
    actions: list[Action] = []
    if not seat.down:
        go_down = suggested_go_down(state)
        if go_down is not None:
            actions.append(go_down)
    else:
        if len(seat.hand) > rules.keep_for(seat.round):
            actions += _checked(state, lay_off_actions(state, cards), check_lay_off, lay_offs_need_checks(rules))
        if rules.extra_melds:
            actions += extra_melds(state)
    if rules.wild_swap:
        actions += allowed_swaps(state, wild_swaps(state, cards))
    if may_discard(state):
        actions += [discard_of(card) for card in cards]
    return actions


def lay_offs_need_checks(rules: Rules) -> bool:
    """Whether a listed lay-off needs the engine's full check: only where a rule beyond
    the meld's fit (no lay-off on the going-down turn, no last discard) can refuse it."""
    return not rules.lay_off_when_going_down or bool(rules.no_discard_rounds)


def _checked(state: Tabletop, actions: list, check, needed: bool = True) -> list:
    """The actions ``check`` lets through (it raises IllegalAction for the others)."""
    if not needed:
        return actions
    kept = []
    for action in actions:
        try:
            check(state, action)
        except IllegalAction:
            continue
        kept.append(action)
    return kept


def allowed_swaps(state: Tabletop, swaps: list[SwapWild]) -> list[SwapWild]:
    """Contract Rummy swaps only a joker in a run, and only once down."""
    rules = state.rules
    if rules.wild_swap_when_down and not state.seats[state.turn].down:
        return []
    if rules.wild_swap_runs_only:
        return [s for s in swaps if state.table[s.meld].meld.kind is MeldKind.RUN]
    return swaps


def may_discard(state: Tabletop) -> bool:
    """No discard while a card must still be laid off (Gallery), nor of the last card in a
    round gone out without one (Contract Rummy's round 7)."""
    seat, rules = state.seats[state.turn], state.rules
    if rules.goes_out_by_play(seat.round) and len(seat.hand) < 2:
        return False
    if rules.must_lay_off and seat.down:
        return fitting_card(seat.hand, [t.meld for t in state.table], rules) is None
    return True


def extra_melds(state: Tabletop) -> list[LayMeld]:
    """Gallery, once down: one further meld of each kind the contract names, if the hand holds one
    (the solver's fill of a smallest meld of that kind)."""
    seat, rules = state.seats[state.turn], state.rules
    found = []
    for kind in dict.fromkeys(spec.kind for spec in state.contract_of(state.turn).melds):
        fill = solve(seat.hand, Contract((MeldSpec(kind, rules.min_meld_size),)), rules)
        if fill.ok:
            found.append(LayMeld(fill.melds[0]))
    return _checked(state, found, check_lay_meld)


_DISCARDS: dict[int, Discard] = {}


def discard_of(card: Card) -> Discard:
    """``Discard(card)``, built once per card object: every play decision lists every card's
    discard, and an action is a frozen value (the entry holds the card: its id stays its own)."""
    found = _DISCARDS.get(id(card))
    if found is None or found.card is not card:
        if len(_DISCARDS) >= MELDS_KEPT:
            _DISCARDS.clear()
        found = _DISCARDS[id(card)] = Discard(card)
    return found


def wild_swaps(state: Tabletop, cards: list[Card]) -> list[SwapWild]:
    """House rule: every natural in hand that could take a wild's place on the table.

    A wild card never swaps (not even a two for a wild standing for that two):
    ``layoff.swap_wild`` refuses it, so it is not listed either."""
    rules = state.rules
    naturals = [c for c in cards if not is_wild(c, rules)]
    found: list[SwapWild] = []
    if not naturals:
        return found
    for index, placed in enumerate(state.table):
        for spot, rank, suit in wild_spots(placed.meld, rules):
            found += [SwapWild(c, index, spot) for c in naturals if is_natural(c, rank, suit)]
    return found


_SPOTS: dict[tuple[int, int], tuple[Meld, Rules, list[tuple[int, int, Optional[str]]]]] = {}


def wild_spots(meld: Meld, rules: Rules) -> list[tuple[int, int, Optional[str]]]:
    """(place, rank, suit) of each wild on ``meld``: what a natural must be to take its place.

    Remembered per meld value: a table meld is replaced, never changed, so the same melds
    are asked about turn after turn. The entry holds the meld and the rules, so their ids
    stay theirs while cached."""
    key = (id(meld), id(rules))
    hit = _SPOTS.get(key)
    if hit is None or hit[0] is not meld or hit[1] is not rules:
        if len(_SPOTS) > MELDS_KEPT:
            _SPOTS.clear()
        spots = zip(meld.wild_flags(rules), meld.stands_for(rules))
        hit = _SPOTS[key] = (meld, rules, [(n, rank, suit) for n, (wild, (rank, suit)) in enumerate(spots) if wild])
    return hit[2]


def lay_off_actions(state: Tabletop, cards: list[Card]) -> list[LayOff]:
    rules = state.rules
    found = []
    for index, placed in enumerate(state.table):
        known = meld_ends(placed.meld, rules)
        for card in cards:
            for end in ends_for(placed.meld, card, rules, known):
                found.append(LayOff(card, index, end))
    return found


Ends = tuple[Optional[str], ...]
_ENDS: dict[tuple[int, int], tuple[Meld, Rules, dict[tuple[int, str], Ends]]] = {}


def meld_ends(meld: Meld, rules: Rules) -> dict[tuple[int, str], Ends]:
    """Where each card face (rank, suit) may be laid off on ``meld``, as far as asked so far
    (``ends_for`` fills it in).

    A table meld is replaced, never changed, so the same hand cards meet the same melds
    turn after turn, and ``lay_off_ends`` depends on a card's face only. The entry holds
    the meld and the rules, so their ids stay theirs while cached."""
    key = (id(meld), id(rules))
    hit = _ENDS.get(key)
    if hit is None or hit[0] is not meld or hit[1] is not rules:
        if len(_ENDS) > MELDS_KEPT:
            _ENDS.clear()
        hit = _ENDS[key] = (meld, rules, {})
    return hit[2]


def ends_for(meld: Meld, card: Card, rules: Rules, known: Optional[dict[tuple[int, str], Ends]] = None) -> Ends:
    """``lay_off_ends(meld, card, rules)`` as a tuple, remembered per meld and card face
    (``meld_ends``, passed as ``known`` when asking about several cards)."""
    if known is None:
        known = meld_ends(meld, rules)
    face = (card.rank, card.suit)
    ends = known.get(face)
    if ends is None:
        ends = known[face] = tuple(lay_off_ends(meld, card, rules))
    return ends


def suggested_go_down(state: Tabletop) -> GoDown | None:
    """The solver's fill of the current player's contract, if it leaves a card to discard."""
    seat = state.seats[state.turn]
    contract = state.contract_of(state.turn)
    if len(seat.hand) - contract.cards < state.rules.keep_for(seat.round):
        return None
    melds = _fill(seat.hand, contract, state.rules)
    if melds is None:
        return None
    found = _checked(state, [GoDown(melds)], check_go_down)  # the solver knows the melds, not every rule
    return found[0] if found else None


_FILLS: dict[tuple, tuple[Rules, tuple[Card, ...], Optional[tuple[Meld, ...]]]] = {}


def _fill(hand: list[Card], contract: Contract, rules: Rules) -> Optional[tuple[Meld, ...]]:
    """The solver's melds for ``contract`` from ``hand``, or None; remembered per hand (these
    very cards), since the same hand is asked about again within a turn (the moves listed,
    then the move chosen). The entry holds the rules and the cards: their ids stay theirs."""
    cards = tuple(hand)
    key = (id(rules), contract, tuple(map(id, cards)))
    hit = _FILLS.get(key)
    if hit is None or hit[0] is not rules or any(a is not b for a, b in zip(hit[1], cards)):
        if len(_FILLS) > MELDS_KEPT:
            _FILLS.clear()
        melds = None
        if can_lay(hand, contract, rules):  # cheaper than a failed solve, which also words what is missing
            fill = solve(hand, contract, rules)
            melds = fill.melds if fill.ok else None
        hit = _FILLS[key] = (rules, cards, melds)
    return hit[2]
