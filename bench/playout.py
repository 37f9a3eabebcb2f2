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

from game.actions import Discard, Draw, GoDown, LayOff, Pass, Steal, Swap, TakeDiscard
from game.cards import Card
from game.log import GameLog
from game.melds import is_wild
from game.state import GameState, Phase, new_game

Check = Callable[[GameState], None]


def keep_score(card: Card, hand: list[Card], state: GameState) -> int:
    """How much a beginner wants to keep a card: wilds, pairs and near neighbours."""
    if is_wild(card, state.rules):
        return 10
    score = 0
    for other in hand:
        if other is card or other.is_joker:
            continue
        if other.rank == card.rank:
            score += 2
        elif other.suit == card.suit and abs(other.rank - card.rank) <= 2:
            score += 1
    return score


def choose(state: GameState, rng: random.Random) -> object:
    legal = state.legal_actions()
    phase = state.phase
    if phase is Phase.PLAY:
        for kind in (GoDown, LayOff):
            options = [a for a in legal if isinstance(a, kind)]
            if options and rng.random() < 0.95:
                return rng.choice(options)
        hand = state.seats[state.turn].hand
        discards = [a for a in legal if isinstance(a, Discard)]
        discards.sort(key=lambda a: (keep_score(a.card, hand, state), rng.random()))
        return discards[0] if rng.random() < 0.8 else rng.choice(discards)
    if phase is Phase.CLAIMS:
        return Steal() if rng.random() < 0.25 else Pass()
    if phase is Phase.DRAW:
        return TakeDiscard() if TakeDiscard() in legal and rng.random() < 0.3 else Draw()
    if phase is Phase.SWAP and rng.random() < 0.3:
        return rng.choice([a for a in legal if isinstance(a, Swap)])
    return legal[0]


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
    max_deals: int = 200, log: Optional[GameLog] = None,
) -> GameState:
    """A complete random game; pass a GameLog to record every action."""
    state = new_game(seed, players)
    rng = random.Random(seed * 7919 + 1)
    while not state.is_over:
        if state.deal_number > max_deals:
            raise AssertionError(f"game {seed} did not end in {max_deals} deals")
        if state.phase is Phase.DEAL_OVER:
            action = state.legal_actions()[0]
            log.play(state, action) if log is not None else state.apply(action)
        play_deal(state, rng, check, log=log)
    return state


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
