"""Build game states for tests from card codes: exact hands, stock, pile and table.

>>> game = table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S", pile="4D", phase=Phase.DRAW, turn=1)
>>> [str(c) for c in game.seats[0].hand], game.stock[-1].code
(['5H', '6H', '7H', 'QS'], '8S')
"""
from __future__ import annotations

import random
from typing import Optional, Sequence

from game.cards import Card, parse_cards
from game.melds import check_meld
from game.rules import AGGRAVATION, MeldKind, Rules
from game.state import GameState, Phase, Seat, TableMeld


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def card_in(hand: Sequence[Card], code: str) -> Card:
    """The first card of ``hand`` with this code (copies aside)."""
    return next(c for c in hand if c.code == code)


def table(
    hands: Sequence[str],
    stock: str = "",
    pile: str = "",
    phase: Phase = Phase.PLAY,
    turn: int = 0,
    dealer: Optional[int] = None,
    rounds: Optional[Sequence[int]] = None,
    down: Sequence[int] = (),
    melds: Sequence[tuple[int, str, str]] = (),
    rules: Rules = AGGRAVATION,
    seed: int = 0,
    claimable_from: Optional[int] = None,
    top_buried: bool = False,
) -> GameState:
    """A state with exactly these cards (codes get distinct copies across all zones).

    ``stock`` lists cards bottom to top (the last one is drawn first); so does ``pile``.
    ``melds`` are (owner, 'set'|'run', codes) laid on the table.
    """
    texts = list(hands) + [stock, pile] + [codes for _, _, codes in melds]
    everything = parse_cards(" ".join(texts))
    sizes = [len(t.split()) for t in texts]
    parts, at = [], 0
    for size in sizes:
        parts.append(everything[at:at + size])
        at += size
    players = len(hands)
    seats = [Seat(f"Player {n + 1}", parts[n]) for n in range(players)]
    for n, seat in enumerate(seats):
        seat.round = rounds[n] if rounds else 1
        seat.down = n in down
    state = GameState(rules, seed, random.Random(seed), seats, phase=phase, turn=turn)
    state.dealer = dealer if dealer is not None else (turn - 1) % players
    state.deal_number = 1
    state.stock = parts[players]
    state.pile = parts[players + 1]
    state.claimable_from = claimable_from
    state.top_buried = top_buried
    state.swaps_left = players if phase is Phase.SWAP else 0
    for (owner, kind, _), meld_cards in zip(melds, parts[players + 2:]):
        state.table.append(TableMeld(owner, check_meld(meld_cards, MeldKind(kind), rules)))
    return state
