"""What one seat may see: its own hand and the public table, nothing more.

A ``PlayerView`` is built from the state and holds no reference back to it:
other hands and the stock's order are simply not in it, so a bot handed a
view cannot cheat even by accident.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .cards import Card
from .melds import Meld
from .rules import Rules
from .tabletop import DealResult, Event, Phase, Tabletop
from .stealing import steal_refusal


@dataclass(frozen=True)
class PublicSeat:
    """A player as the table sees them."""

    seat: int
    name: str
    round: int
    contract: str
    cards: int
    steals_left: Optional[int]  # None: no limit (Gallery's buys)
    down: bool
    total: int


@dataclass(frozen=True)
class PlacedMeld:
    """A table meld, frozen for the view (the state's TableMeld is mutable)."""

    index: int
    owner: int
    meld: Meld


@dataclass(frozen=True)
class PlayerView:
    seat: int
    hand: tuple[Card, ...]
    players: tuple[PublicSeat, ...]
    table: tuple[PlacedMeld, ...]
    stock: int
    pile: tuple[Card, ...]          # every discard still in the pile, all seen face up
    top_buried: bool
    phase: Phase
    current: Optional[int]
    turn: int
    dealer: int
    deal_number: int
    rebuilds_left: int
    claimable_from: Optional[int]   # who discarded the card that may still be stolen
    steal_refusal: Optional[str]    # why this seat may not steal now (None: it may)
    events: tuple[Event, ...]
    results: tuple[DealResult, ...]
    winners: tuple[int, ...]
    rules: Rules

    @property
    def me(self) -> PublicSeat:
        return self.players[self.seat]

    @property
    def top(self) -> Optional[Card]:
        return self.pile[-1] if self.pile else None

    @property
    def contract(self):
        return self.rules.contract(self.me.round)


def player_view(state: Tabletop, seat: int) -> PlayerView:
    rules = state.rules
    players = tuple(
        public_seat(
            n, s.name, s.round, contract_text(rules, s.round), len(s.hand),
            rules.claims_left(state.steals_used(n)), s.down, s.total,
        )
        for n, s in enumerate(state.seats)
    )
    return PlayerView(
        seat=seat,
        hand=tuple(state.seats[seat].hand),
        players=players,
        table=tuple(placed_meld(i, t.owner, t.meld) for i, t in enumerate(state.table)),
        stock=len(state.stock),
        pile=tuple(state.pile),
        top_buried=state.top_buried,
        phase=state.phase,
        current=state.current_player,
        turn=state.turn,
        dealer=state.dealer,
        deal_number=state.deal_number,
        rebuilds_left=rules.stock_rebuilds - state.rebuilds,
        claimable_from=state.claimable_from,
        steal_refusal=_claim_refusal(state, seat),
        events=tuple(state.events),
        results=tuple(state.results),
        winners=state.winners,
        rules=rules,
    )


# A view is built for every bot decision, and a frozen dataclass is slow to build: the
# seats and table melds it shows are values, so equal ones are built once and shared.
KEPT = 512  # entries of each cache below kept before it starts again (old ones keep old games alive)
_SEATS: dict[tuple, PublicSeat] = {}
_PLACED: dict[tuple[int, int, int], PlacedMeld] = {}


def public_seat(*fields) -> PublicSeat:
    """``PublicSeat(*fields)``, the same value shared while it recurs."""
    found = _SEATS.get(fields)
    if found is None:
        if len(_SEATS) >= KEPT:
            _SEATS.clear()
        found = _SEATS[fields] = PublicSeat(*fields)
    return found


def placed_meld(index: int, owner: int, meld: Meld) -> PlacedMeld:
    """``PlacedMeld(index, owner, meld)``, the same value shared while that meld is on the table
    (a table meld is replaced, never changed; the entry holds the meld, so its id stays its own)."""
    key = (index, owner, id(meld))
    found = _PLACED.get(key)
    if found is None or found.meld is not meld:
        if len(_PLACED) >= KEPT:
            _PLACED.clear()
        found = _PLACED[key] = PlacedMeld(index, owner, meld)
    return found


_TEXTS: dict[tuple[int, int], tuple[Rules, str]] = {}


def contract_text(rules: Rules, round_number: int) -> str:
    """``rules.contract(round_number).describe()``, worded once per rules and round: a view
    is built for every bot decision and words every seat's contract."""
    key = (id(rules), round_number)
    hit = _TEXTS.get(key)
    if hit is None or hit[0] is not rules:  # the entry holds the rules: its id stays its own
        if len(_TEXTS) > 1000:
            _TEXTS.clear()
        hit = _TEXTS[key] = (rules, rules.contract(round_number).describe())
    return hit[1]


def _claim_refusal(state: Tabletop, seat: int) -> Optional[str]:
    if state.phase is Phase.CLAIMS and (seat in state.claimants or seat in state.claims):
        return None
    return steal_refusal(state, seat)
