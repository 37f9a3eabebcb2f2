"""How a bot values its hand: one way to do each thing, shared by every level.

Levels differ in *what they do* with these answers, never in how a hand is
valued, so a stronger level is stronger because it decides better, not
because it sees more. Everything here reads only cards the bot holds and the
public table.

* ``shortfall`` — the solver's distance to the contract (extra wilds needed),
  cached per hand: a bot asks about the same hand several times a turn and the
  solver is the only costly call.
* ``affinity`` — a cheap structural score (same-rank mates for sets, same-suit
  cards in the best run-sized window for runs) that orders candidates so only
  the few most likely discards are checked with the solver.
* ``least_useful`` — the card whose loss costs the contract least, then the
  lowest affinity (plus any danger a level adds), then the most points.
* ``table_ends`` / ``fits_table`` — the lay-off finder over the public melds.

>>> from game.cards import parse_cards
>>> from game.rules import AGGRAVATION
>>> ev = Evaluator(AGGRAVATION)
>>> hand = parse_cards("7H 7S 7C 9D 9C KS 4S")
>>> ev.least_useful(hand, 1, hand).code in ("KS", "4S")
True
"""
from __future__ import annotations

from typing import Callable, Optional, Sequence

from ..cards import ACE, Card
from ..layoff import lay_off_ends
from ..melds import is_wild
from ..rules import Contract, MeldKind, Rules
from ..solver import shortfall as solver_shortfall

Danger = Callable[[Card], float]
CACHE_LIMIT = 4096     # entries kept before a cache is dropped: bounded memory, still warm
CHECKED = 4            # candidates verified with the solver before scanning them all
WILD_AFFINITY = 100.0  # a wild outranks any natural's structure


def hand_key(hand: Sequence[Card]) -> tuple[str, ...]:
    """Hands with the same codes play the same: copies of a card are interchangeable."""
    return tuple(sorted(card.code for card in hand))


def without(hand: Sequence[Card], card: Card) -> list[Card]:
    """The hand minus one copy of ``card`` (by identity)."""
    out = list(hand)
    out.remove(card)
    return out


class Evaluator:
    """The shared valuation with its caches; one per bot, so seats never share state."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._short: dict[tuple, int] = {}

    # ------------------------------------------------------------ the solver

    def contract(self, round_number: int) -> Contract:
        return self.rules.contract(round_number)

    def shortfall(self, hand: Sequence[Card], round_number: int) -> int:
        """Extra wilds the hand needs for its contract: 0 means it can go down."""
        key = (round_number, hand_key(hand))
        found = self._short.get(key)
        if found is None:
            if len(self._short) > CACHE_LIMIT:
                self._short.clear()
            found = solver_shortfall(list(hand), self.contract(round_number), self.rules)
            self._short[key] = found
        return found

    def gain(self, hand: Sequence[Card], card: Card, round_number: int) -> int:
        """How much closer ``card`` brings the hand to its contract (0: no help).

        A natural with no mate or neighbour in the hand can only start a meld
        the hand could already start as well, so it is answered without the solver.
        """
        grown = list(hand) + [card]
        if self.dead(card, grown, round_number):
            return 0
        return self.shortfall(hand, round_number) - self.shortfall(grown, round_number)

    def dead(self, card: Card, hand: Sequence[Card], round_number: int) -> bool:
        """A natural that nothing in ``hand`` (which holds it) builds on: free to lose."""
        return not is_wild(card, self.rules) and self.affinity(card, hand, round_number) == 0

    # ------------------------------------------------------------ structure

    def affinity(self, card: Card, hand: Sequence[Card], round_number: int) -> float:
        """How much ``card`` is part of a forming meld in ``hand`` (card included in hand).

        Sets count same-rank mates; runs count the other same-suit cards in the
        best run-sized window around it. A second copy of a card adds nothing to
        a run, so duplicates score only their set value: they are the first to go.
        Zero means nothing builds on the card (see ``dead``).
        """
        if is_wild(card, self.rules):
            return WILD_AFFINITY
        contract = self.contract(round_number)
        kinds = {spec.kind for spec in contract.melds}
        best = 0.0
        if MeldKind.SET in kinds:
            size = max(s.size for s in contract.melds if s.kind is MeldKind.SET)
            mates = sum(1 for c in hand if c.rank == card.rank and c != card
                        and not is_wild(c, self.rules))
            best = float(min(mates, size - 1))
        if MeldKind.RUN in kinds:
            size = max(s.size for s in contract.melds if s.kind is MeldKind.RUN)
            best = max(best, self._run_affinity(card, hand, size))
        return best

    def _run_affinity(self, card: Card, hand: Sequence[Card], size: int) -> float:
        """Same-suit cards sharing the card's best run-sized window, the card not counted.

        That is how much of a run of ``size`` the hand already holds around this
        card: the gaps left are what wilds or draws must fill.
        """
        same = [c for c in hand if c.suit == card.suit and not is_wild(c, self.rules)]
        if sum(1 for c in same if c.rank == card.rank) > 1 and card != _first(same, card.rank):
            return 0.0
        held = {p for c in same if c.rank != card.rank for p in _positions(c.rank)}
        best = 0
        for mine in _positions(card.rank):
            for start in range(max(1, mine - size + 1), min(mine, 15 - size) + 1):
                best = max(best, sum(1 for p in range(start, start + size) if p in held))
        return float(best)

    # ------------------------------------------------------------ discards

    def least_useful(
        self,
        hand: Sequence[Card],
        round_number: int,
        candidates: Sequence[Card],
        danger: Optional[Danger] = None,
        shape: bool = True,
    ) -> Card:
        """The candidate to give up: least shortfall cost, then least structure, then most points.

        With ``shape`` off a card either goes with something or not: a plainer
        player, who throws a lone card first but then breaks a run's fullest
        window as readily as a stray pair, highest points first.

        Candidates are ordered by the cheap score and the solver confirms the
        first few; only when all of those would cost the contract does it scan
        every candidate.
        """
        rules = self.rules

        def cheap(card: Card) -> tuple:
            risk = danger(card) if danger else 0.0
            structure = self.affinity(card, hand, round_number)
            if not shape:  # a plain player sees only "goes with something" or not
                structure = min(structure, 1.0)
            return (is_wild(card, rules), structure + risk, -rules.points_of_rank(card.rank), card.code)

        order = sorted(candidates, key=cheap)
        base: Optional[int] = None
        for card in order[:CHECKED]:
            if self.dead(card, hand, round_number):
                return card
            if base is None:
                base = self.shortfall(hand, round_number)
            if self.shortfall(without(hand, card), round_number) <= base:
                return card
        return min(order, key=lambda c: (self.shortfall(without(hand, c), round_number), cheap(c)))

    def wilds(self, hand: Sequence[Card]) -> int:
        return sum(1 for card in hand if is_wild(card, self.rules))


# ---------------------------------------------------------------- lay-offs


def table_ends(card: Card, table, rules: Rules) -> list[tuple[int, Optional[str]]]:
    """Every (meld index, end) of the public table where ``card`` may be laid off."""
    return [(placed.index, end) for placed in table for end in lay_off_ends(placed.meld, card, rules)]


def fits_table(card: Card, table, rules: Rules) -> bool:
    return any(lay_off_ends(placed.meld, card, rules) for placed in table)


# ---------------------------------------------------------------- helpers


def _positions(rank: int) -> tuple[int, ...]:
    """Run positions a rank can take: the ace is low (1) or high (14)."""
    return (1, 14) if rank == ACE else (rank,)


def _first(cards: Sequence[Card], rank: int) -> Optional[Card]:
    return next((c for c in cards if c.rank == rank), None)
