"""The hand as counts, the frames a meld could sit in, and sharing naturals among frames.

These are the solver's building blocks: counting once per hand keeps a search
over many frame combinations cheap, which matters because the bots ask the
solver many questions per decision.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Optional, Sequence

from .cards import ACE, ACE_HIGH, KING, TWO, Card
from .melds import cycle_rank
from .rules import MeldKind, MeldSpec, Rules

CardType = tuple[int, str]  # (rank 1-13, suit): what a natural card is
SUIT_SHIFT = {"C": 0, "D": 16, "H": 32, "S": 48}  # a card type's bit: rank + SUIT_SHIFT[suit]
POOL_BITS = sum(1 << (TWO + shift) for shift in SUIT_SHIFT.values())  # the four twos' type bits
card_type = attrgetter("rank", "suit")  # a natural card's CardType (a joker's is (0, ""))
card_order = attrgetter("rank", "suit", "copy")  # the order of Card's fields, as its __lt__ compares


# ---------------------------------------------------------------- the hand


class lazy:
    """``functools.cached_property`` without the lock CPython 3.11's takes on every first
    access (a solver call builds a HandCounts and reads a few of these once each)."""

    def __init__(self, compute) -> None:
        self.compute, self.name, self.__doc__ = compute, compute.__name__, compute.__doc__

    def __get__(self, hand, owner=None):
        if hand is None:
            return self
        value = hand.__dict__[self.name] = self.compute(hand)
        return value


class HandCounts:
    """The hand as counts: naturals by (rank, suit), jokers and twos as the wild pool.

    Besides the counts it keeps bit masks (bit ``rank + SUIT_SHIFT[suit]`` per card type)
    so that a run window's naturals are one ``&`` and a popcount away: the solver sizes up
    every window of every suit on every turn of a player not yet down. Counts by type and
    the card objects (``cards``, ``jokers``, ``twos``) are sorted out only when asked for.
    """

    def __init__(self, hand: Sequence[Card], rules: Rules) -> None:
        # Only what the shortfall search reads is counted here, in one pass over the cards
        # (this runs for every solver call); the rest is worked out when first asked for.
        self.rules = rules
        self.hand = tuple(hand)
        rank_count = [0] * 15  # naturals held per rank (index 1-13)
        seen = multi = jokers = 0  # type bits: held, held more than once
        plain = True  # every suit one of SUIT_SHIFT's: each card type has a bit of its own
        for card in self.hand:
            rank = card.rank
            if not rank:
                jokers += 1
                continue
            rank_count[rank] += 1
            shift = SUIT_SHIFT.get(card.suit)
            if shift is None:
                plain = False
                continue
            bit = 1 << (rank + shift)
            if seen & bit:
                multi |= bit
            seen |= bit
        self.rank_count = rank_count
        self.seen, self.multi, self.plain = seen, multi, plain
        self.joker_count = jokers
        self.two_count = rank_count[TWO] if rules.twos_wild else 0  # wild twos held
        self.pool = jokers + self.two_count
        self.pool_bits = POOL_BITS if rules.twos_wild else 0  # type bits of the wild twos
        self.anchor = max(1, rules.min_naturals)

    @lazy
    def counts(self) -> dict[CardType, int]:
        """Naturals held per card type, types in order."""
        tally: dict[CardType, int] = {}
        for t in map(card_type, self.hand):
            if t[0]:
                tally[t] = tally.get(t, 0) + 1
        return {t: tally[t] for t in sorted(tally)}

    @lazy
    def by_rank(self) -> dict[int, list[CardType]]:
        """The card types held of each rank, ranks and types in order."""
        found: dict[int, list[CardType]] = {}
        for t in self.counts:
            found.setdefault(t[0], []).append(t)
        return found

    @lazy
    def ranks(self) -> list[int]:
        """The ranks held, in order (what ``by_rank`` iterates), from the counts."""
        return [rank for rank in range(1, 14) if self.rank_count[rank]]

    @lazy
    def suits(self) -> list[str]:
        """Suits a run could start from (those held), in order."""
        return sorted({suit for _, suit in self.counts})

    @lazy
    def suit_masks(self) -> dict[str, int]:
        """Per suit held, bit r set when a natural of rank r of that suit is held."""
        found: dict[str, int] = {}
        for rank, suit in self.counts:
            found[suit] = found.get(suit, 0) | 1 << rank
        return found

    @property
    def non_wild(self) -> int:
        return sum(self.counts.values()) - self.two_count

    @lazy
    def _sorted(self) -> list[Card]:
        return sorted(self.hand, key=card_order)  # Card's own order, without its __lt__

    @lazy
    def cards(self) -> dict[CardType, list[Card]]:
        """The natural cards by type, types and copies in order."""
        found: dict[CardType, list[Card]] = {}
        for card in self._sorted:
            if card.rank:
                found.setdefault((card.rank, card.suit), []).append(card)
        return found

    @lazy
    def jokers(self) -> list[Card]:
        return [card for card in self._sorted if not card.rank]

    @lazy
    def twos(self) -> list[Card]:
        """Twos the rules make wild (they may still play natural)."""
        return [card for card in self._sorted if card.rank == TWO] if self.rules.twos_wild else []

    def pool_type(self, t: CardType) -> bool:
        """Whether a natural of this type is also a wild card of the pool (a wild two)."""
        return t[0] == TWO and self.rules.twos_wild

    def wild_points(self, wilds: int, twos_left: int) -> int:
        """Points of the ``wilds`` highest-scoring wilds of the pool (jokers first on ties)."""
        joker, two = self.rules.points_of_rank(0), self.rules.points_of_rank(TWO)
        jokers = self.joker_count
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
        points = rules.points
        if spec.kind is MeldKind.SET:
            self.avail: tuple[CardType, ...] = tuple(hand.by_rank.get(rank, ()))
            self.nat = min(hand.rank_count[rank], spec.size)
            self.points = self.nat * points[rank]
            self.own = 0 if rank == TWO and rules.twos_wild else self.nat
            self.open = 0
        else:
            if avail is None:
                counts = hand.counts
                avail = tuple(t for t in slots if t in counts)
            self.avail = avail
            self.nat = len(avail)
            self.points = sum(points[t[0]] for t in avail)
            self.own = self.nat - (sum(1 for t in avail if t[0] == TWO) if rules.twos_wild else 0)
            self.open = open_ends(start, spec.size, rules)


def open_ends(start: int, size: int, rules: Rules) -> int:
    if size >= rules.max_run_length:
        return 0
    if rules.ace_wrap:
        return 2
    return (start > ACE) + (start + size - 1 < ACE_HIGH)


def frames_for(spec: MeldSpec, hand: HandCounts) -> list[Frame]:
    """Every frame of ``spec`` holding at least ``hand.anchor`` naturals, in a fixed order
    (sets by rank; runs by suit, then start): the search's ties follow this order."""
    rules = hand.rules
    anchor = hand.anchor
    found = []
    if spec.kind is MeldKind.SET:
        if spec.size >= rules.min_size(MeldKind.SET):
            rank_count = hand.rank_count
            for rank in hand.by_rank:
                if min(rank_count[rank], spec.size) >= anchor:
                    found.append(Frame(spec, rank, None, rank, (), hand))
    elif rules.min_meld_size <= spec.size <= rules.max_run_length:
        counts = hand.counts
        masks = window_masks(spec.size, rules.ace_wrap)
        for suit in hand.suits:
            windows = run_windows(spec.size, suit, rules.ace_wrap)
            held = hand.suit_masks[suit]
            for n, (start, slots) in enumerate(windows):
                # most windows hold too little: one popcount skips building them
                if masks is not None and (held & masks[n]).bit_count() < anchor:
                    continue
                avail = tuple(t for t in slots if t in counts)
                if len(avail) >= anchor:
                    found.append(Frame(spec, 0, suit, start, slots, hand, avail))
    return found


@lru_cache(maxsize=None)
def run_windows(size: int, suit: str, ace_wrap: bool) -> tuple[tuple[int, tuple[CardType, ...]], ...]:
    """Every (start, card types) a run of ``size`` in ``suit`` can cover; the same for every hand."""
    top = KING if ace_wrap else ACE_HIGH - size + 1
    return tuple(
        (start, tuple((card_rank(cycle_rank(p) if ace_wrap else p), suit) for p in range(start, start + size)))
        for start in range(ACE, top + 1)
    )


@lru_cache(maxsize=None)
def window_masks(size: int, ace_wrap: bool) -> Optional[tuple[int, ...]]:
    """Per window of ``run_windows`` (any suit), bit r for each rank it covers; None when a
    window covers a rank twice, where a popcount would undercount its naturals."""
    masks = []
    for _, slots in run_windows(size, "", ace_wrap):
        ranks = {rank for rank, _ in slots}
        if len(ranks) != len(slots):
            return None
        masks.append(sum(1 << rank for rank in ranks))
    return tuple(masks)


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


def assign(frames: Sequence[Frame], hand: HandCounts, own_only: bool = False) -> Optional[Assignment]:
    """The most naturals these frames can hold, each meld keeping its anchor; None if none can.

    With ``own_only`` the answer's ``own`` is still the most, but its other figures are not
    searched for (the shortfall asks only that): a far shorter search for three melds."""
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
        if any(len(indexes) * hand.anchor > hand.rank_count[rank] for rank, indexes in sets.items()):
            return None  # more sets of a rank than its naturals can anchor: no sharing helps
        return assign_exact(frames, hand, own_only)
    return score_assignment(used, hand)


def score_assignment(used: list[list[CardType]], hand: HandCounts) -> Assignment:
    nat = sum(len(u) for u in used)
    twos = sum(1 for u in used for t in u if hand.pool_type(t))
    points = sum(hand.rules.points_of_rank(t[0]) for u in used for t in u)
    return Assignment(used, nat, nat - twos, twos, points)


def assign_exact(frames: Sequence[Frame], hand: HandCounts, own_only: bool = False) -> Optional[Assignment]:
    """Every way to share contested naturals out; only reached when the greedy pass fails."""
    types = sorted({t for f in frames for t in f.avail})
    accepts = {
        t: [i for i, f in enumerate(frames) if t in f.avail] for t in types
    }
    used: list[list[CardType]] = [[] for _ in frames]
    best: list[Optional[Assignment]] = [None]
    # Pruning that never drops a branch able to reach (or tie) the best: a frame short of its
    # anchor that no later type can feed, or naturals that could not catch up with the best's.
    last = [max((k for k, t in enumerate(types) if t in f.avail), default=-1) for f in frames]
    room = {t: sum(1 if frames[i].spec.kind is MeldKind.RUN else frames[i].spec.size for i in accepts[t])
            for t in types}
    still = [0] * (len(types) + 1)  # the most naturals types[k:] could still add
    for k in range(len(types) - 1, -1, -1):
        still[k] = still[k + 1] + min(hand.counts[types[k]], room[types[k]])
    most = min(still[0], sum(f.spec.size for f in frames))  # no assignment holds more

    def hopeless(k: int) -> bool:
        if any(len(u) < hand.anchor and last[i] < k for i, u in enumerate(used)):
            return True
        old = best[0]
        if old is None:
            return False
        if own_only and old.own >= most:
            return True  # the most own naturals there can be: found
        reach = sum(len(u) for u in used) + still[k]
        return reach <= old.own if own_only else reach < old.own

    def place(k: int) -> None:
        if hopeless(k):
            return
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
