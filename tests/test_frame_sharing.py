"""Sharing contested naturals among frames: ``assign_exact`` finds the best sharing there is.

The solver's greedy pass hands each run one card of each type it can use and each set its rank's
cards; when that leaves a meld without its anchor natural, ``assign_exact`` searches every way to
share the contested cards instead, with pruning. Here its answer is checked against a plain
enumeration of every sharing, on small hands where frames meet often (a set and a run wanting
the same card, two runs over the same ranks, two sets of one rank), under each rulebook's anchor
and wild twos. Then two figures the solver ranks fills by: a run frame's open ends, and the points
of the wilds a fill spends.
"""
import random
from dataclasses import replace
from itertools import combinations, product

import pytest

from game.cards import Card, parse_cards
from game.contract_frames import HandCounts, assign, assign_exact, frames_for, open_ends
from game.rules import AGGRAVATION, CONTRACT_RUMMY, MeldKind, MeldSpec

SET, RUN = MeldKind.SET, MeldKind.RUN
SPECS = [MeldSpec(SET, 3), MeldSpec(RUN, 3), MeldSpec(RUN, 4), MeldSpec(SET, 4)]
RULES = [AGGRAVATION, CONTRACT_RUMMY]


def every_sharing(frames, hand):
    """Each way to give every frame natural card types (a run at most one of each type in its
    window, a set its rank's cards up to its size, no type given out more than is held),
    with every frame holding at least its anchor. Yields the types per frame."""
    types = sorted({t for f in frames for t in f.avail})
    takers = {t: [i for i, f in enumerate(frames) if t in f.avail] for t in types}
    choices = []
    for t in types:
        caps = [1 if frames[i].spec.kind is RUN else hand.counts[t] for i in takers[t]]
        shares = [split for split in product(*(range(cap + 1) for cap in caps)) if sum(split) <= hand.counts[t]]
        choices.append([(t, dict(zip(takers[t], split))) for split in shares])
    for pick in product(*choices):
        used = [[] for _ in frames]
        for t, split in pick:
            for i, n in split.items():
                used[i] += [t] * n
        if all(hand.anchor <= len(u) <= f.spec.size for u, f in zip(used, frames)):
            yield used


def score(used, hand):
    nat = sum(len(u) for u in used)
    twos = sum(1 for u in used for t in u if hand.pool_type(t))
    return nat - twos, nat, sum(hand.rules.points_of_rank(t[0]) for u in used for t in u)


def cases(count, seed):
    """(frames, hand) pairs from small random hands: few ranks and suits, so frames meet."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        ranks = rng.sample(range(1, 14), 3) + [2]
        suits = rng.sample("CDHS", 2)
        pool = [Card(r, s, c) for r in ranks for s in suits for c in range(4)] + [Card(0, "", 0)]
        rules = rng.choice(RULES)
        hand = HandCounts(rng.sample(pool, rng.randint(4, 12)), rules)
        specs = rng.sample(SPECS, 2) + ([rng.choice(SPECS)] if rng.random() < 0.4 else [])
        lists = [frames_for(spec, hand) for spec in specs]
        if not all(lists):
            continue
        frames = [rng.choice(frame_list) for frame_list in lists]
        if any(set(a.avail) & set(b.avail) for a, b in combinations(frames, 2)):
            found.append((frames, hand))
    return found


CASES = cases(600, seed=11)


def test_the_cases_hold_both_answers():
    """Some cases can anchor every meld and some cannot, so both answers are checked."""
    anchored = [any(True for _ in every_sharing(frames, hand)) for frames, hand in CASES]
    assert 30 <= sum(anchored) <= len(CASES) - 30


@pytest.mark.parametrize("start", range(0, 600, 100))
def test_the_exact_sharing_is_the_best_of_every_sharing(start):
    for frames, hand in CASES[start:start + 100]:
        sharings = list(every_sharing(frames, hand))
        got = assign_exact(frames, hand)
        if not sharings:
            assert got is None
            continue
        assert got is not None
        assert (got.own, got.nat, got.points) == max(score(used, hand) for used in sharings)
        assert [sorted(u) for u in got.used] in [[sorted(u) for u in used] for used in sharings]
        assert got.twos == got.nat - got.own


@pytest.mark.parametrize("start", range(0, 600, 100))
def test_asked_for_own_naturals_only_the_exact_sharing_still_finds_the_most(start):
    for frames, hand in CASES[start:start + 100]:
        sharings = list(every_sharing(frames, hand))
        got = assign_exact(frames, hand, own_only=True)
        assert (got is None) == (not sharings)
        if sharings:
            assert got.own == max(score(used, hand)[0] for used in sharings)
            assert [sorted(u) for u in got.used] in [[sorted(u) for u in used] for used in sharings]


@pytest.mark.parametrize("start", range(0, 600, 100))
def test_assign_greedy_or_exact_gives_the_best_sharing(start):
    """``assign`` (the greedy pass, then the exact search when a meld lacks its natural) answers
    what the plain enumeration does: the most own naturals, then naturals, then points."""
    for frames, hand in CASES[start:start + 100]:
        sharings = list(every_sharing(frames, hand))
        got = assign(frames, hand)
        assert (got is None) == (not sharings)
        if sharings:
            assert (got.own, got.nat, got.points) == max(score(used, hand) for used in sharings)


def test_two_sets_of_one_rank_share_its_naturals_when_a_run_wants_one_too():
    """7♥ 7♠ and a run of hearts through 7♥: the greedy pass gives 7♥ to the run and leaves a set
    of 7s without a natural; the exact search gives each set a 7 and the run the rest."""
    hand = HandCounts(parse_cards("7H 7S 5H 6H 8H JK JK JK"), AGGRAVATION)
    sevens = [f for f in frames_for(MeldSpec(SET, 3), hand) if f.rank == 7][0]
    run = [f for f in frames_for(MeldSpec(RUN, 4), hand) if f.start == 5][0]
    got = assign([run, sevens, sevens], hand)
    assert got is not None and sorted(got.used[1] + got.used[2]) == [(7, "H"), (7, "S")]
    assert sorted(got.used[0]) == [(5, "H"), (6, "H"), (8, "H")]


@pytest.mark.parametrize("start, size, ends", [
    (3, 3, 2),    # 3-4-5: a card may go below and above
    (1, 3, 1),    # A-2-3: nothing below the ace
    (11, 3, 2),   # J-Q-K: the ace may still go above
    (12, 3, 1),   # Q-K-A: nothing above the ace
    (1, 13, 0),   # A to K, thirteen cards: the longest run there is
])
def test_a_run_frame_counts_the_ends_it_can_still_grow_at(start, size, ends):
    """The solver's last tie-break between fills: a run that can still grow on more ends."""
    assert open_ends(start, size, AGGRAVATION) == ends
    wrapping = AGGRAVATION.with_house_rules(ace_wrap=True)
    assert open_ends(start, size, wrapping) == (0 if size == 13 else 2)  # round the ace, every end is open


@pytest.mark.parametrize("joker, two, wilds, twos_left, points", [
    (20, 20, 3, 2, 60),       # Aggravation: a joker and a two score alike
    (25, 20, 3, 2, 25 + 25 + 20),   # jokers first: both of them, then a two
    (25, 20, 1, 2, 25),
    (15, 20, 3, 2, 20 + 20 + 15),   # twos first: the two left to spend, then a joker
    (15, 20, 3, 1, 20 + 15 + 15),
])
def test_the_wilds_a_fill_spends_score_the_highest_first(joker, two, wilds, twos_left, points):
    """A hand of two jokers and two twos; the table's points say which wild scores more."""
    rules = replace(AGGRAVATION, points=(joker, AGGRAVATION.points[1], two) + AGGRAVATION.points[3:])
    hand = HandCounts(parse_cards("JK JK 2C 2D 7H"), rules)
    assert hand.wild_points(wilds, twos_left) == points
