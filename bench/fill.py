"""Worst-case timings of the contract solver: ``python -m bench.fill``.

Targets: ``solve`` under 20 ms on the hardest hands we can build (19 cards, 6+
wilds, the long contracts); ``shortfall`` well under 1 ms on a 12-card hand.
Prints the median and the max over repetitions for each hand.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable

from game.cards import new_shoe, parse_cards
from game.rules import AGGRAVATION
from game.solver import shortfall, solve

HARD = [
    # (label, round, hand)
    ("r10 set5+run5, 19 cards, 6 wilds", 10,
     "JK JK 2C 2D 2H 2S 5H 6H 8H 9H 5S 6S 8S 9S 7C 7D KC KD QS"),
    ("r11 two sets of 5, 19 cards, 7 wilds", 11,
     "JK JK JK 2C 2D 2H 2S 4H 5H 6H 7H 8H 9H TH JH QH KH AH 3D"),
    ("r8 run of 9, 19 cards, 6 wilds", 8,
     "JK JK 2C 2D 2H 2S 3H 5H 7H 9H JH KH 4S 6S 8S TS QS AS AC"),
    ("r8 run of 9, 19 cards, no way", 8,
     "JK 3H 5H 7H 9H JH KH 4S 6S 8S TS QS AS AC 3C 5C 7C 9C JC"),
    ("r5 set4+run4, 19 cards, 6 wilds", 5,
     "JK JK 2C 2D 2H 2S 3H 4H 6H 7H 8S 9S TS QS KD KC KH 5D 5C"),
    ("r2 two runs of 3, 19 cards, 6 wilds", 2,
     "JK JK 2C 2D 2H 2S 3H 5H 7H 9H JH KH 4S 6S 8S TS QS AS AC"),
    ("r11 no way, 19 cards, 2 wilds", 11,
     "JK 2S 3H 4D 5C 6S 7H 8D 9C TS JH QD KC AS 3C 4H 5D 6C 7S"),
]


def _time(call: Callable[[], object], reps: int) -> tuple[float, float]:
    times = []
    for _ in range(reps):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000, max(times) * 1000


def _random_worst(rounds: range, size: int, wilds: int, hands: int, seed: int) -> tuple[str, float, float]:
    """The slowest of ``hands`` random hands of ``size`` cards with at least ``wilds`` wilds."""
    rng = random.Random(seed)
    shoe = new_shoe(AGGRAVATION.decks, AGGRAVATION.jokers_per_deck)
    wild = [c for c in shoe if c.is_joker or c.rank == 2]
    plain = [c for c in shoe if c not in wild]
    worst = ("", 0.0, 0.0)
    for _ in range(hands):
        hand = rng.sample(wild, wilds) + rng.sample(plain, size - wilds)
        for round_number in rounds:
            contract = AGGRAVATION.contract(round_number)
            median, top = _time(lambda: solve(hand, contract), 3)
            if top > worst[2]:
                worst = (f"round {round_number}: {' '.join(c.code for c in hand)}", median, top)
    return worst


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=50)
    parser.add_argument("--random", type=int, default=200, help="random hands to scan")
    args = parser.parse_args(argv)

    print(f"solve() on hand-built hard hands, {args.reps} reps (ms, median / max)")
    for label, round_number, codes in HARD:
        hand, contract = parse_cards(codes), AGGRAVATION.contract(round_number)
        median, top = _time(lambda: solve(hand, contract), args.reps)
        ok = "ok " if solve(hand, contract).ok else "no "
        print(f"  {median:7.2f} / {top:7.2f}  {ok} {label}")

    print(f"solve() worst of {args.random} random 19-card hands with 6 wilds, rounds 8-11")
    label, median, top = _random_worst(range(8, 12), 19, 6, args.random, seed=7)
    print(f"  {median:7.2f} / {top:7.2f}  {label}")

    print(f"shortfall() on 12-card hands, {args.reps * 10} reps (ms, median / max)")
    rng = random.Random(11)
    shoe = new_shoe(AGGRAVATION.decks, AGGRAVATION.jokers_per_deck)
    samples = [rng.sample(shoe, 12) for _ in range(20)]
    for round_number in range(1, AGGRAVATION.rounds + 1):
        contract = AGGRAVATION.contract(round_number)
        stats = [_time(lambda h=h: shortfall(h, contract), args.reps // 2 or 1) for h in samples]
        median = statistics.median(s[0] for s in stats)
        top = max(s[1] for s in stats)
        print(f"  {median:7.3f} / {top:7.3f}  round {round_number:2d} ({contract.describe()})")


if __name__ == "__main__":
    main()
