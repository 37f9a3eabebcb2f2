"""The one contract solver: Fill for me, the bots and the "what's missing" hint.

A contract is a tuple of meld specs. The search works in two steps, for any
number of specs:

1. **Frames.** A frame is where one meld would sit: a set's rank, or a run's
   suit and first position. Each spec has a short list of frames that hold at
   least ``rules.min_naturals`` (and at least one) natural card of the hand.
2. **Assignment.** For one frame per spec, natural cards go to the frames that
   accept them (a run takes one card per position, a set pools its rank) and
   wilds fill every gap. Ranks are independent, so a run-first greedy pass is
   optimal; a small exact search settles the rare case where that leaves a meld
   without its natural anchor.

Backtracking over frames keeps the best tuple, pruning with per-frame upper
bounds: fewest wilds first, then the highest points laid, then the most open
run ends (lay-off room). Twos are naturals where they fit a frame (a natural 2
of the run's suit, or a set of twos) and wilds everywhere else; jokers are
spent as wilds before twos.

>>> from game.cards import parse_cards
>>> from game.rules import AGGRAVATION
>>> fill = solve(parse_cards("7H 7S 7C 9D 9C JK 4S"), AGGRAVATION.contract(1))
>>> [m.describe() for m in fill.melds]
['set 7♣ 7♥ 7♠', 'set 9♣ 9♦ 🃏=9']
>>> solve(parse_cards("7H 7S 9D 9C KS 4S"), AGGRAVATION.contract(1)).missing
'Needs one more 7 for the set of 3 and one more 9 for the set of 3 (or 2 wilds)'
>>> shortfall(parse_cards("7H 7S 9D 9C KS 4S"), AGGRAVATION.contract(1))
2
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from .card_names import ACE, ACE_HIGH, count_word, rank_word, ranks_word
from .cards import SUIT_SYMBOLS, TWO, Card, and_list, rank_text
from .i18n import Counted, Message, N_
from .melds import Meld, read_meld
from .rules import AGGRAVATION, Contract, MeldKind, MeldSpec, Rules
from .contract_frames import Assignment, CardType, Frame, HandCounts, assign, frames_for
from .frame_search import NoLight, best_fill, most_own


@dataclass(frozen=True)
class Fill:
    """The solver's answer: melds in the contract's order, or what is missing."""

    melds: tuple[Meld, ...]
    missing: Optional[str]

    @property
    def ok(self) -> bool:
        return self.missing is None


# ---------------------------------------------------------------- the search


Vector = tuple[int, ...]
Leaf = Callable[[list[Frame]], Optional[tuple[Vector, Assignment]]]


def _search(
    specs: Sequence[MeldSpec],
    hand: HandCounts,
    vector: Callable[[Frame], Vector],
    bound: Callable[[Vector], Vector],
    leaf: Leaf,
    viable: Callable[[Vector], bool] = lambda v: True,
    target: Optional[Vector] = None,
) -> Optional[tuple[Vector, list[Frame], Assignment]]:
    """The best frames (one per spec) by ``leaf``'s key, first found on ties.

    ``bound`` turns the summed vectors of frames into an upper bound of the key;
    frames of each spec are tried best-first, so the first frame whose bound
    cannot beat the best so far ends its level. ``viable`` drops partial choices
    that cannot be feasible; reaching ``target`` ends the search.
    """
    lists = []
    for spec in specs:
        frames = frames_for(spec, hand)
        if not frames:
            return None
        frames.sort(key=vector, reverse=True)
        for n, frame in enumerate(frames):
            frame.index = n
        lists.append(frames)
    width = len(vector(lists[0][0]))
    rest: list[Vector] = [(0,) * width] * (len(specs) + 1)
    for level in range(len(specs) - 1, -1, -1):
        top = tuple(max(vector(f)[c] for f in lists[level]) for c in range(width))
        rest[level] = tuple(a + b for a, b in zip(top, rest[level + 1]))
    best: list = [None]
    chosen: list[Frame] = []

    def walk(level: int, partial: Vector) -> bool:
        if level == len(specs):
            found = leaf(chosen)
            if found is not None and (best[0] is None or found[0] > best[0][0]):
                best[0] = (found[0], list(chosen), found[1])
                return target is not None and found[0] >= target
            return False
        first = 0
        if level and specs[level] == specs[level - 1]:
            first = chosen[-1].index + hand.rules.same_frame_twice(specs[level])  # unordered choices only
        for frame in lists[level][first:]:
            mine = vector(frame)
            total = tuple(a + b + c for a, b, c in zip(partial, mine, rest[level + 1]))
            if best[0] is not None and bound(total) <= best[0][0]:
                break
            if not viable(total):
                continue
            chosen.append(frame)
            done = walk(level + 1, tuple(a + b for a, b in zip(partial, mine)))
            chosen.pop()
            if done:
                return True
        return False

    walk(0, (0,) * width)
    return best[0]


def _best_fill_frames(contract: Contract, hand: HandCounts):
    """Frames and assignment of the best feasible fill, or None (on Frame objects)."""
    total = contract.cards
    need_own = total - hand.pool  # naturals of its own (not wild twos) the contract needs

    def bound(v: Vector) -> Vector:
        wilds = max(0, total - v[0])
        return (v[0], v[1] + hand.wild_points(wilds, hand.two_count), v[2])

    def leaf(frames: list[Frame]):
        got = assign(frames, hand)
        if got is None or got.own < need_own:
            return None
        wilds = total - got.nat
        points = got.points + hand.wild_points(wilds, hand.two_count - got.twos)
        return (got.nat, points, sum(f.open for f in frames)), got

    return _search(
        contract.melds, hand, lambda f: (f.nat, f.points, f.open, f.own), bound, leaf,
        viable=lambda v: v[3] >= need_own,
    )


def _nearest(contract: Contract, hand: HandCounts, target: Optional[int] = None, ties: bool = True):
    """The frames that come closest: most naturals of the hand's own, then most naturals
    and points (``ties``); the search stops early once ``target`` own naturals fit."""

    def leaf(frames: list[Frame]):
        got = assign(frames, hand)
        if got is None:
            return None
        return ((got.own, got.nat, got.points) if ties else (got.own,)), got

    if ties:
        big = 1 << 40
        return _search(contract.melds, hand, lambda f: (f.own,), lambda v: (v[0], big, big), leaf)
    goal = None if target is None else (target,)
    return _search(contract.melds, hand, lambda f: (f.own,), lambda v: v, leaf, target=goal)


# ---------------------------------------------------------------- public API


def solve(hand: Sequence[Card], contract: Contract, rules: Rules = AGGRAVATION) -> Fill:
    """Lay ``contract`` from ``hand`` with the fewest wilds, then the most points laid.

    Each meld is exactly its spec's size, built from distinct cards of the hand,
    and read the way :func:`game.melds.read_meld` reads it (most lay-off room
    among the readings with fewest wilds). When it cannot be done, ``missing``
    says what the nearest miss lacks.
    """
    counted = HandCounts(hand, rules)
    if len(hand) < contract.cards:
        return Fill((), _too_few(len(hand), contract))
    try:
        best = best_fill(contract, counted)
    except NoLight:
        best = _best_fill_frames(contract, counted)
    if best is None:
        return Fill((), _missing(contract, counted))
    _, frames, got = best
    return Fill(_build(frames, got, counted), None)


def can_lay(hand: Sequence[Card], contract: Contract, rules: Rules = AGGRAVATION) -> bool:
    """``shortfall(...) == 0``, searched only as far as a yes or a no needs: three-meld
    contracts (Contract Rummy) make the full search of a hand that misses slow."""
    counted = HandCounts(hand, rules)
    need_own = contract.cards - counted.pool
    try:
        most = most_own(contract, counted, need_own, floor=need_own)
    except NoLight:
        return shortfall(hand, contract, rules) == 0
    return most is not None and most >= need_own


def shortfall(hand: Sequence[Card], contract: Contract, rules: Rules = AGGRAVATION) -> int:
    """How many extra wild cards would make ``contract`` possible (0 iff :func:`solve` is ok).

    When wilds alone can never do it (the hand lacks a natural card to anchor
    each meld), the answer is ``contract.cards``: as far away as it gets.
    """
    counted = HandCounts(hand, rules)
    need_own = contract.cards - counted.pool
    try:
        most = most_own(contract, counted, need_own)
    except NoLight:
        found = _nearest(contract, counted, target=need_own, ties=False)
        most = None if found is None else found[0][0]
    if most is None:
        return contract.cards
    return max(0, need_own - most)


# ---------------------------------------------------------------- building melds


def _build(frames: list[Frame], got: Assignment, hand: HandCounts) -> tuple[Meld, ...]:
    cards = hand.cards
    taken: dict[CardType, int] = {}  # naturals of each type used: the first ones, in order
    for used in got.used:
        for t in used:
            taken[t] = taken.get(t, 0) + 1
    spare_twos = [c for t, held in cards.items() if hand.pool_type(t) for c in held[taken.get(t, 0):]]
    joker, two = hand.rules.points_of_rank(0), hand.rules.points_of_rank(TWO)
    wilds = list(hand.jokers) + spare_twos if joker >= two else spare_twos + list(hand.jokers)
    taken.clear()
    melds = []
    for frame, used in zip(frames, got.used):
        naturals = []
        for t in used:
            n = taken.get(t, 0)
            naturals.append(cards[t][n])
            taken[t] = n + 1
        gaps = frame.spec.size - len(naturals)
        fill, wilds = wilds[:gaps], wilds[gaps:]
        melds.append(_read(frame, naturals, fill, hand.rules))
    return tuple(melds)


def _read(frame: Frame, naturals: list[Card], wilds: list[Card], rules: Rules) -> Meld:
    """The meld in table order, read by melds.read_meld: fewest wilds, then most room."""
    if frame.spec.kind is MeldKind.SET:
        cards = naturals + wilds
    else:
        spare = list(wilds)
        placed = {(c.rank, c.suit): c for c in naturals}
        cards = [placed.pop(t) if t in placed else spare.pop(0) for t in frame.slots]
    readings = read_meld(cards, frame.spec.kind, rules)
    if not readings:
        raise AssertionError(f"solver built a non-meld: {cards}")
    if len(readings) == 1:
        return readings[0]
    wilds = [m.wild_flags(rules).count(True) for m in readings]
    return readings[wilds.index(min(wilds))]


# ---------------------------------------------------------------- what is missing


def _too_few(held: int, contract: Contract) -> str:
    # Translators: {contract} is a round's contract ("two sets of 3"); {n} the cards it needs, {held} those held.
    return Counted("Needs {n} card for {contract}; the hand holds {held}",
                   "Needs {n} cards for {contract}; the hand holds {held}", contract.cards,
                   contract=contract.describe(), held=held)


def _missing(contract: Contract, hand: HandCounts) -> str:
    best = _nearest(contract, hand)
    if best is None:
        return _no_anchor(contract, hand)
    _, frames, got = best
    parts, gaps = [], 0
    for frame, used in zip(frames, got.used):
        gap = frame.spec.size - len(used)
        gaps += gap
        if not gap:
            continue
        if frame.spec.kind is MeldKind.SET:
            what = _more_of(gap, frame.rank)
        else:
            have = list(used)
            lacking = []
            for t in frame.slots:
                if t in have:
                    have.remove(t)
                else:
                    lacking.append(rank_text(t[0]) + SUIT_SYMBOLS[t[1]])
            what = and_list(lacking)
        # Translators: {cards} are the cards a meld lacks ("two more 7s", "5♥ and 6♥"); {meld} the meld ("the run of 4").
        parts.append(Message("{cards} for {meld}", cards=what, meld=frame.spec.describe("the")))
    wild_count = hand.pool - got.twos
    short = gaps - wild_count
    # Translators: {needs} lists what a hand lacks for its contract: "two more 7s for the set of 3 and 8♥ for the run of 4".
    needs = Message("Needs {needs}", needs=and_list(parts))
    if wild_count <= 0:
        return Counted("{needs} (or a wild)", "{needs} (or {n} wilds)", short, needs=needs)
    if wild_count == 1:
        return Counted("{needs}; your wild covers one: still {n} short (or another wild)",
                       "{needs}; your wild covers one: still {n} short (or {n} more wilds)", short, needs=needs)
    return Counted("{needs}; your {wilds} wilds cover {wilds}: still {n} short (or another wild)",
                   "{needs}; your {wilds} wilds cover {wilds}: still {n} short (or {n} more wilds)", short,
                   needs=needs, wilds=wild_count)


# Translators: the one card a set lacks, when it is a face or an ace ("una reina más", "un rey más").
ONE_MORE = {ACE: N_("one more ace"), 11: N_("one more jack"), 12: N_("one more queen"), 13: N_("one more king")}


def _more_of(gap: int, rank: int) -> Message:
    """'one more king', 'two more 7s': the cards a set lacks, rank names rather than letters."""
    if gap == 1:
        rank = ACE if rank == ACE_HIGH else rank
        if rank in ONE_MORE:           # each face its own words: a language's article follows the card
            return Message(ONE_MORE[rank])
        # Translators: the one card a set lacks: {rank} is a number card's number ("7").
        return Message("one more {rank}", rank=rank_word(rank))
    # Translators: the cards a set lacks: {count} is how many, in words ("two"); {ranks} the number in the
    # plural ("kings", "7s").
    return Counted("{count} more {ranks}", "{count} more {ranks}", gap, count=count_word(gap), ranks=ranks_word(rank))


def _no_anchor(contract: Contract, hand: HandCounts) -> str:
    count = count_word(hand.anchor)
    for spec in contract.melds:
        if not frames_for(spec, hand):
            if spec.kind is MeldKind.RUN and spec.size > hand.rules.max_run_length:
                return Counted("A run can be at most {n} card long", "A run can be at most {n} cards long",
                               hand.rules.max_run_length)
            # Translators: {meld} is one meld of the contract ("the run of 4"); {count} is how many, in words ("one").
            return Counted("Needs a natural card to build {meld}: every meld holds at least {count} natural card",
                           "Needs a natural card to build {meld}: every meld holds at least {count} natural cards",
                           hand.anchor, meld=spec.describe("the"), count=count)
    # Translators: {melds} is how many melds the contract has (2, 3); {count} how many, in words ("one").
    return Counted("Needs more natural cards: each of the {melds} melds holds at least {count} natural card of its own",
                   "Needs more natural cards: each of the {melds} melds holds at least {count} natural cards of its own",
                   hand.anchor, melds=len(contract.melds), count=count)
