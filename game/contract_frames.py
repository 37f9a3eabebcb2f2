"""The hand as counts, the frames a meld could sit in, and sharing naturals among frames.

These are the solver's building blocks: counting once per hand keeps a search
over many frame combinations cheap, which matters because the bots ask the
solver many questions per decision.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Sequence

from .cards import ACE, ACE_HIGH, KING, TWO, Card
from .melds import cycle_rank, is_wild
from .rules import MeldKind, MeldSpec, Rules

CardType = tuple[int, str]  # (rank 1-13, suit): what a natural card is


# ---------------------------------------------------------------- the hand


class HandCounts:
    """The hand as counts: naturals by (rank, suit), jokers and twos as the wild pool."""

    def __init__(self, hand: Sequence[Card], rules: Rules) -> None:
        self.rules = rules
        self.cards: dict[CardType, list[Card]] = {}
        self.jokers: list[Card] = []
        self.twos: list[Card] = []  # twos the rules make wild (they may still play natural)
        for card in sorted(hand):
            if card.is_joker:
                self.jokers.append(card)
                continue
            if is_wild(card, rules):
                self.twos.append(card)
            self.cards.setdefault((card.rank, card.suit), []).append(card)
        self.counts = {t: len(c) for t, c in self.cards.items()}
        self.by_rank: dict[int, list[CardType]] = {}
        for t in sorted(self.counts):
            self.by_rank.setdefault(t[0], []).append(t)
        self.rank_count = {r: sum(self.counts[t] for t in ts) for r, ts in self.by_rank.items()}
        self.pool = len(self.jokers) + len(self.twos)
        self.suits = sorted({suit for _, suit in self.counts})  # suits a run could start from
        self.non_wild = sum(self.counts.values()) - len(self.twos)
        self.anchor = max(1, rules.min_naturals)

    def pool_type(self, t: CardType) -> bool:
        """Whether a natural of this type is also a wild card of the pool (a wild two)."""
        return t[0] == TWO and self.rules.twos_wild

    def wild_points(self, wilds: int, twos_left: int) -> int:
        """Points of the ``wilds`` highest-scoring wilds of the pool (jokers first on ties)."""
        joker, two = self.rules.points_of_rank(0), self.rules.points_of_rank(TWO)
        jokers = len(self.jokers)
        if joker >= two:
            first = min(wilds, jokers)
            return first * joker + (wilds - first) * two
        first = min(wilds, twos_left)
        return first * two + (wilds - first) * joker


class Frame:
    """Where one meld of a spec would sit, with its standalone best (upper bounds)."""

    __slots__ = ("index", "spec", "rank", "suit", "start", "slots", "avail", "nat",
                 "own", "points", "open")

    def __init__(self, spec: MeldSpec, rank: int, suit: Optional[str], start: int,
                 slots: tuple[CardType, ...], hand: HandCounts,
                 avail: Optional[tuple[CardType, ...]] = None) -> None:
        self.spec, self.rank, self.suit, self.start, self.slots = spec, rank, suit, start, slots
        self.index = 0
        rules = hand.rules
        if spec.kind is MeldKind.SET:
            self.avail: tuple[CardType, ...] = tuple(hand.by_rank.get(rank, ()))
            self.nat = min(hand.rank_count.get(rank, 0), spec.size)
            self.points = self.nat * rules.points_of_rank(rank)
            pool_cards = 0 if not (rank == TWO and rules.twos_wild) else self.nat
            self.own = self.nat - pool_cards
            self.open = 0
        else:
            self.avail = avail if avail is not None else tuple(t for t in slots if t in hand.counts)
            self.nat = len(self.avail)
            self.points = sum(rules.points_of_rank(t[0]) for t in self.avail)
            self.own = sum(1 for t in self.avail if not hand.pool_type(t))
            self.open = open_ends(start, spec.size, rules)


def open_ends(start: int, size: int, rules: Rules) -> int:
    if size >= rules.max_run_length:
        return 0
    if rules.ace_wrap:
        return 2
    return (start > ACE) + (start + size - 1 < ACE_HIGH)


def frames_for(spec: MeldSpec, hand: HandCounts) -> list[Frame]:
    rules = hand.rules
    found = []
    if spec.kind is MeldKind.SET:
        if spec.size >= rules.min_meld_size:
            for rank in hand.by_rank:
                found.append(Frame(spec, rank, None, rank, (), hand))
    elif rules.min_meld_size <= spec.size <= rules.max_run_length:
        counts = hand.counts
        for suit in hand.suits:
            for start, slots in run_windows(spec.size, suit, rules.ace_wrap):
                avail = tuple(t for t in slots if t in counts)
                if len(avail) >= hand.anchor:  # most windows hold nothing: skip building them
                    found.append(Frame(spec, 0, suit, start, slots, hand, avail))
    return [f for f in found if f.nat >= hand.anchor]


@lru_cache(maxsize=None)
def run_windows(size: int, suit: str, ace_wrap: bool) -> tuple[tuple[int, tuple[CardType, ...]], ...]:
    """Every (start, card types) a run of ``size`` in ``suit`` can cover; the same for every hand."""
    top = KING if ace_wrap else ACE_HIGH - size + 1
    return tuple(
        (start, tuple((card_rank(cycle_rank(p) if ace_wrap else p), suit) for p in range(start, start + size)))
        for start in range(ACE, top + 1)
    )


def card_rank(position_rank: int) -> int:
    return ACE if position_rank == ACE_HIGH else position_rank


# ---------------------------------------------------------------- assignment


@dataclass
class Assignment:
    used: list[list[CardType]]  # natural card types per frame
    nat: int
    own: int  # naturals that are not wild twos
    twos: int  # wild twos playing natural
    points: int


def assign(frames: Sequence[Frame], hand: HandCounts) -> Optional[Assignment]:
    """The most naturals these frames can hold, each meld keeping its anchor; None if none can."""
    left = dict(hand.counts)
    used: list[list[CardType]] = [[] for _ in frames]
    sets: dict[int, list[int]] = {}
    for i, frame in enumerate(frames):
        if frame.spec.kind is MeldKind.RUN:
            for t in frame.avail:
                if left[t]:
                    left[t] -= 1
                    used[i].append(t)
        else:
            sets.setdefault(frame.rank, []).append(i)
    for rank, indexes in sets.items():
        pool = [t for t in hand.by_rank.get(rank, ()) for _ in range(left[t])]
        for level in (hand.anchor, None):
            for i in indexes:
                cap = frames[i].spec.size if level is None else level
                while pool and len(used[i]) < cap:
                    used[i].append(pool.pop())
    if any(len(u) < hand.anchor for u in used):
        return assign_exact(frames, hand)
    return score_assignment(used, hand)


def score_assignment(used: list[list[CardType]], hand: HandCounts) -> Assignment:
    nat = sum(len(u) for u in used)
    twos = sum(1 for u in used for t in u if hand.pool_type(t))
    points = sum(hand.rules.points_of_rank(t[0]) for u in used for t in u)
    return Assignment(used, nat, nat - twos, twos, points)


def assign_exact(frames: Sequence[Frame], hand: HandCounts) -> Optional[Assignment]:
    """Every way to share contested naturals out; only reached when the greedy pass fails."""
    types = sorted({t for f in frames for t in f.avail})
    accepts = {
        t: [i for i, f in enumerate(frames) if t in f.avail] for t in types
    }
    used: list[list[CardType]] = [[] for _ in frames]
    best: list[Optional[Assignment]] = [None]

    def place(k: int) -> None:
        if k == len(types):
            if all(len(u) >= hand.anchor for u in used):
                found = score_assignment([list(u) for u in used], hand)
                old = best[0]
                if old is None or (found.own, found.nat, found.points) > (old.own, old.nat, old.points):
                    best[0] = found
            return
        t = types[k]
        share(t, accepts[t], 0, hand.counts[t], k)

    def share(t: CardType, who: list[int], j: int, count: int, k: int) -> None:
        if j == len(who) or count == 0:
            place(k + 1)
            return
        i = who[j]
        frame = frames[i]
        room = frame.spec.size - len(used[i])
        top = min(count, room, 1 if frame.spec.kind is MeldKind.RUN else count)
        for n in range(top, -1, -1):
            used[i].extend([t] * n)
            share(t, who, j + 1, count - n, k)
            del used[i][len(used[i]) - n:]

    place(0)
    return best[0]
