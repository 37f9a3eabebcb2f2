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

from operator import attrgetter
from typing import Callable, Optional, Sequence

from ..cards import ACE, TWO, Card
from ..legal import ends_for
from ..melds import is_wild
from ..rules import Contract, MeldKind, Rules
from ..solver import shortfall as solver_shortfall

Danger = Callable[[Card], float]
CACHE_LIMIT = 4096     # entries kept before a cache is dropped: bounded memory, still warm
CHECKED = 4            # candidates verified with the solver before scanning them all
WILD_AFFINITY = 100.0  # a wild outranks any natural's structure


def hand_key(hand: Sequence[Card]) -> tuple[tuple[int, str], ...]:
    """Hands with the same codes play the same: copies of a card are interchangeable.

    (rank, suit) pairs name a code exactly (a joker is (0, '')) and are read in C."""
    return tuple(sorted(map(_face, hand)))


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
        self._contract_sizes: dict[int, tuple[int, int]] = {}

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

    def affinity(self, card: Card, hand: Sequence[Card], round_number: int,
                 shape: Optional[HandShape] = None) -> float:
        """How much ``card`` is part of a forming meld in ``hand`` (card included in hand).

        Sets count same-rank mates; runs count the other same-suit cards in the
        best run-sized window around it. A second copy of a card adds nothing to
        a run, so duplicates score only their set value: they are the first to go.
        Zero means nothing builds on the card (see ``dead``). Pass the hand's
        ``HandShape`` when asking about several cards of one hand.
        """
        if is_wild(card, self.rules):
            return WILD_AFFINITY
        set_size, run_size = self._sizes(round_number)
        best = 0.0
        if set_size:
            # same-rank mates (none of them wild: the card is a natural of that rank)
            if shape is None:
                rank = card.rank
                mates = sum(1 for c in hand if c.rank == rank and c != card)
            else:
                mates = shape.ranks[card.rank] - shape.copies.get((card.rank, card.suit, card.copy), 0)
            best = float(min(mates, set_size - 1))
        if run_size:
            best = max(best, self._run_affinity(card, shape or HandShape(hand, self.rules, card.suit), run_size))
        return best

    def _sizes(self, round_number: int) -> tuple[int, int]:
        """The contract's largest set and largest run (0: none of that kind), per round."""
        found = self._contract_sizes.get(round_number)
        if found is None:
            melds = self.contract(round_number).melds
            found = self._contract_sizes[round_number] = (
                max((s.size for s in melds if s.kind is MeldKind.SET), default=0),
                max((s.size for s in melds if s.kind is MeldKind.RUN), default=0),
            )
        return found

    def _run_affinity(self, card: Card, shape: HandShape, size: int) -> float:
        """Same-suit cards sharing the card's best run-sized window, the card not counted.

        That is how much of a run of ``size`` the hand already holds around this
        card: the gaps left are what wilds or draws must fill.
        """
        place = (card.suit, card.rank)
        if shape.twins.get(place, 0) > 1 and card != shape.firsts[place]:
            return 0.0
        held = shape.suits.get(card.suit, 0) & ~_POSITION_BITS[card.rank]
        return float(_best_window(held, card.rank, size))

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
        structures: dict[int, float] = {}  # by id(card): each candidate's affinity, once
        scores: dict[int, tuple] = {}
        hand_shape = HandShape(hand, rules)

        def structure_of(card: Card) -> float:
            found = structures.get(id(card))
            if found is None:
                found = structures[id(card)] = self.affinity(card, hand, round_number, hand_shape)
            return found

        def cheap(card: Card) -> tuple:
            found = scores.get(id(card))
            if found is not None:
                return found
            risk = danger(card) if danger else 0.0
            structure = structure_of(card)
            if not shape:  # a plain player sees only "goes with something" or not
                structure = min(structure, 1.0)
            found = scores[id(card)] = (
                is_wild(card, rules), structure + risk, -rules.points_of_rank(card.rank), card.code)
            return found

        order = sorted(candidates, key=cheap)
        base: Optional[int] = None
        for card in order[:CHECKED]:
            if not is_wild(card, rules) and structure_of(card) == 0:  # self.dead(card, hand, …)
                return card
            if base is None:
                base = self.shortfall(hand, round_number)
            if self.shortfall(without(hand, card), round_number) <= base:
                return card
        return min(order, key=lambda c: (self.shortfall(without(hand, c), round_number), cheap(c)))

    def wilds(self, hand: Sequence[Card]) -> int:
        return sum(1 for card in hand if is_wild(card, self.rules))


class HandShape:
    """One pass over a hand: what ``affinity`` asks of it, for every card of the hand."""

    __slots__ = ("ranks", "copies", "suits", "twins", "firsts")

    def __init__(self, hand: Sequence[Card], rules: Rules, suit: Optional[str] = None) -> None:
        """With ``suit``, only that suit's run positions (all one card's run affinity needs)."""
        self.ranks = [0] * 15  # cards of each rank (0: jokers)
        self.copies: dict[tuple[int, str, int], int] = {}  # cards equal to each card
        self.suits: dict[str, int] = {}  # per suit, bit p per run position its naturals hold
        self.twins: dict[tuple[str, int], int] = {}  # naturals per (suit, rank) …
        self.firsts: dict[tuple[str, int], Card] = {}  # … and the first of them in the hand
        wild_twos = rules.twos_wild
        for c in hand:
            rank = c.rank
            if suit is not None:
                if c.suit != suit:
                    continue
            else:
                self.ranks[rank] += 1
                key = (rank, c.suit, c.copy)
                self.copies[key] = self.copies.get(key, 0) + 1
            if not rank or (wild_twos and rank == TWO):  # wilds: no place in a run
                continue
            place = (c.suit, rank)
            if place in self.twins:
                self.twins[place] += 1
            else:
                self.twins[place] = 1
                self.firsts[place] = c
            self.suits[c.suit] = self.suits.get(c.suit, 0) | _POSITION_BITS[rank]


_WINDOWS: dict[tuple[int, int, int], int] = {}


def _best_window(held: int, rank: int, size: int) -> int:
    """The most positions of ``held`` in one run window of ``size`` around ``rank`` (remembered)."""
    key = (held, rank, size)
    best = _WINDOWS.get(key)
    if best is None:
        if len(_WINDOWS) >= CACHE_LIMIT:
            _WINDOWS.clear()
        best = 0
        window = (1 << size) - 1
        for mine in _positions(rank):
            for start in range(max(1, mine - size + 1), min(mine, 15 - size) + 1):
                best = max(best, (held >> start & window).bit_count())
        _WINDOWS[key] = best
    return best


# ---------------------------------------------------------------- lay-offs


def table_ends(card: Card, table, rules: Rules) -> list[tuple[int, Optional[str]]]:
    """Every (meld index, end) of the public table where ``card`` may be laid off."""
    return [(placed.index, end) for placed in table for end in ends_for(placed.meld, card, rules)]


def fits_table(card: Card, table, rules: Rules) -> bool:
    return any(ends_for(placed.meld, card, rules) for placed in table)


# ---------------------------------------------------------------- helpers


def _positions(rank: int) -> tuple[int, ...]:
    """Run positions a rank can take: the ace is low (1) or high (14)."""
    return (1, 14) if rank == ACE else (rank,)


_POSITION_BITS = [sum(1 << p for p in _positions(rank)) for rank in range(14)]  # by rank
_face = attrgetter("rank", "suit")
