"""Seeded random playouts: the fuzz driver for tests and a throughput benchmark.

The players choose at random among the legal actions, biased the way a
beginner plays (keep cards that pair up, go down and lay off when possible),
so that deals end by going out as well as by a dead stock.

    python -m bench.playout --games 20 --seed 1
"""
from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from typing import Callable, Optional

from game.actions import Discard, Draw, LayOff, NextDeal, Pass, Steal, Swap, TakeDiscard, TakeFromPile
from game.cards import Card
from game.legal import (
    allowed_swaps, lay_offs_need_checks, may_discard, distinct, ends_for, extra_melds, meld_ends, suggested_go_down,
    wild_swaps,
)
from game.log import GameLog
from game.melds import is_wild
from game.play import check_lay_off
from game.rules import AGGRAVATION, Rules
from game.state import GameState, IllegalAction, Phase, new_game

Check = Callable[[GameState], None]


def keep_scores(hand: list[Card], rules: Rules) -> list[int]:
    """How much a beginner wants to keep each card of ``hand`` (in its order): wilds, pairs
    and near neighbours.

    Counted once per hand (rank and suit-rank tallies), not card against card:
    the discard is the playout's most frequent decision.
    """
    ranks = [0] * 14
    places: dict[str, list[int]] = {}  # per suit, the cards held of each rank (index rank + 2)
    for c in hand:
        if c.rank:
            ranks[c.rank] += 1
            row = places.get(c.suit)
            if row is None:
                row = places[c.suit] = [0] * 18
            row[c.rank + 2] += 1
    scores = []
    for card in hand:
        if is_wild(card, rules):
            scores.append(10)
            continue
        row, at = places[card.suit], card.rank + 2
        scores.append(2 * (ranks[card.rank] - 1) + row[at - 2] + row[at - 1] + row[at + 1] + row[at + 2])
    return scores


def choose(state: GameState, rng: random.Random) -> object:
    """One legal action, without listing them all: ``legal_actions`` in the play phase
    lays every card against every table meld and runs the solver, the bulk of a
    playout's time. The engine still validates whatever this picks."""
    phase = state.phase
    if phase is Phase.PLAY:
        return _play(state, rng)
    if phase is Phase.CLAIMS:
        return Steal() if rng.random() < 0.25 else Pass()
    if phase is Phase.DRAW:
        if state.rules.pile_dig and len(state.pile) > 1 and rng.random() < 0.1:
            return TakeFromPile(rng.choice(state.pile[:-1]))
        return TakeDiscard() if state.discard_takeable() and rng.random() < 0.3 else Draw()
    if phase is Phase.SWAP:
        return Swap(rng.choice(state.seats[state.turn].hand)) if rng.random() < 0.3 else Pass()
    if phase is Phase.DEAL_OVER:
        return NextDeal()
    raise ValueError(f"nobody acts in {phase}")


def _play(state: GameState, rng: random.Random) -> object:
    """Go down or lay off when possible (95%), sometimes take a table wild, else discard."""
    seat, rules = state.seats[state.turn], state.rules
    if not seat.down:
        if rng.random() < 0.95:
            go_down = suggested_go_down(state)
            if go_down is not None:
                return go_down
    else:
        if len(seat.hand) > rules.keep_for(seat.round) and rng.random() < 0.95:
            lay = some_lay_off(state, rng)
            if lay is not None:
                return lay
        if rules.extra_melds and rng.random() < 0.5:
            extra = extra_melds(state)
            if extra:
                return rng.choice(extra)
    if rules.wild_swap and state.table and rng.random() < 0.3:
        swaps = allowed_swaps(state, wild_swaps(state, distinct(seat.hand)))
        if swaps:
            return rng.choice(swaps)
    if not may_discard(state):  # a card must be laid off first, or the last card may not go
        return rng.choice(state.legal_actions())
    if rng.random() < 0.8:
        scores = keep_scores(seat.hand, rules)
        return Discard(seat.hand[min(range(len(scores)), key=lambda n: (scores[n], rng.random()))])
    return Discard(rng.choice(seat.hand))


def some_lay_off(state: GameState, rng: random.Random) -> Optional[LayOff]:
    """A lay-off found in random order (the first that fits), or None when none does."""
    cards = list({(c.rank, c.suit): c for c in state.seats[state.turn].hand}.values())
    melds = list(enumerate(state.table))
    rng.shuffle(cards)
    rng.shuffle(melds)
    rules = state.rules
    known = [(index, placed.meld, meld_ends(placed.meld, rules)) for index, placed in melds]
    for card in cards:
        face = (card.rank, card.suit)
        for index, meld, ends_of in known:
            ends = ends_of.get(face)  # ends_for, inlined: most pairs are already known
            if ends is None:
                ends = ends_for(meld, card, rules, ends_of)
            if ends:
                lay = LayOff(card, index, rng.choice(ends))
                if lay_offs_need_checks(rules) and _refused(state, lay):
                    continue
                return lay
    return None


def _refused(state: GameState, lay: LayOff) -> bool:
    try:
        check_lay_off(state, lay)
    except IllegalAction:
        return True
    return False


def play_deal(
    state: GameState, rng: random.Random, check: Optional[Check] = None,
    limit: int = 5000, log: Optional[GameLog] = None,
) -> int:
    """Play until the deal ends; returns the number of actions. Raises if it will not end."""
    number = state.deal_number
    for steps in range(1, limit + 1):
        action = choose(state, rng)
        if log is not None:
            log.play(state, action)
        else:
            state.apply(action)
        if check:
            check(state)
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER) or state.deal_number != number:
            return steps
    raise AssertionError(f"deal {number} did not end in {limit} actions")


def play_game(
    seed: int, players: int, check: Optional[Check] = None,
    max_deals: int = 200, log: Optional[GameLog] = None, rules: Rules = AGGRAVATION,
) -> GameState:
    """A complete random game; pass a GameLog to record every action."""
    state = new_game(seed, players, rules)
    rng = random.Random(seed * 7919 + 1)
    while not state.is_over:
        if state.deal_number > max_deals:
            raise AssertionError(f"game {seed} did not end in {max_deals} deals")
        if state.phase is Phase.DEAL_OVER:
            action = state.legal_actions()[0]
            log.play(state, action) if log is not None else state.apply(action)
        play_deal(state, rng, check, log=log)
    return state


def fingerprint(state: GameState) -> tuple:
    """Everything that makes two states the same game at the same moment (for replay checks)."""
    return (
        state.phase, state.turn, tuple(tuple(s.hand) for s in state.seats), tuple(state.stock),
        tuple(state.pile), tuple((t.owner, t.meld) for t in state.table), state.top_buried,
        tuple(state.claimants), tuple(state.claims), state.claimable_from,
        tuple((s.round, s.total, s.down, s.steals_this_deal, s.steals_this_game) for s in state.seats),
        tuple(state.results), state.winners,
    )


def every_card(state: GameState) -> Counter:
    keys = [c.key for c in state.stock] + [c.key for c in state.pile]
    keys += [c.key for seat in state.seats for c in seat.hand]
    keys += [c.key for placed in state.table for c in placed.meld.cards]
    return Counter(keys)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    deals = actions = 0
    for n in range(args.games):
        state = play_game(args.seed + n, 3 + n % 3)
        deals += state.deal_number
    seconds = time.perf_counter() - start
    print(f"{args.games} games, {deals} deals in {seconds:.1f} s: "
          f"{args.games / seconds:.2f} games/s, {deals / seconds:.1f} deals/s")


if __name__ == "__main__":
    main()
