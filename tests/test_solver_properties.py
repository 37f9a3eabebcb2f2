"""Property tests of the solver and meld reading (hypothesis), checked against brute force."""
import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cards import Card
from game.melds import hand_points, read_meld
from game.rules import AGGRAVATION, Contract, MeldKind, MeldSpec
from game.solver import shortfall, solve

SET, RUN = MeldKind.SET, MeldKind.RUN
WRAP = AGGRAVATION.with_house_rules(ace_wrap=True)
FAST = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SMALL_CONTRACTS = [
    Contract((MeldSpec(SET, 3),)),
    Contract((MeldSpec(RUN, 3),)),
    Contract((MeldSpec(RUN, 4),)),
    Contract((MeldSpec(SET, 3), MeldSpec(SET, 3))),
    Contract((MeldSpec(RUN, 3), MeldSpec(RUN, 3))),
    Contract((MeldSpec(SET, 3), MeldSpec(RUN, 4))),
    Contract((MeldSpec(SET, 4), MeldSpec(RUN, 3))),
]


@st.composite
def cards_from(draw, ranks, suits, size):
    """Distinct physical cards drawn from a narrow slice of the shoe (so melds happen)."""
    pool = [Card(r, s, c) for r in ranks for s in suits for c in range(2)]
    pool += [Card(0, "", c) for c in range(3)]
    return draw(st.lists(st.sampled_from(pool), min_size=size[0], max_size=size[1], unique=True))


@st.composite
def small_hands(draw, max_size=8):
    ranks = draw(st.lists(st.integers(1, 13), min_size=2, max_size=4, unique=True))
    suits = draw(st.lists(st.sampled_from("CDHS"), min_size=1, max_size=2, unique=True))
    return draw(cards_from(ranks + [2], suits, (4, max_size)))


def brute_force(hand, contract, rules):
    """Best (wilds, -points) over every split of the hand into the contract's melds, or None."""
    best = None

    def place(level, left, wilds, points):
        nonlocal best
        if level == len(contract.melds):
            if best is None or (wilds, -points) < best:
                best = (wilds, -points)
            return
        spec = contract.melds[level]
        for combo in itertools.combinations(range(len(left)), spec.size):
            chosen = [left[i] for i in combo]
            readings = read_meld(chosen, spec.kind, rules)
            if not readings:
                continue
            fewest = min(m.wild_flags(rules).count(True) for m in readings)
            rest = [c for i, c in enumerate(left) if i not in combo]
            place(level + 1, rest, wilds + fewest, points + hand_points(chosen, rules))

    place(0, list(hand), 0, 0)
    return best


def assert_legal(fill, hand, contract, rules):
    laid = [c for m in fill.melds for c in m.cards]
    assert len(laid) == len(set(laid)), "a card laid twice"
    assert set(laid) <= set(hand), "a card not from the hand"
    assert len(fill.melds) == len(contract.melds)
    for meld, spec in zip(fill.melds, contract.melds):
        assert meld.kind is spec.kind and meld.size == spec.size
        readings = read_meld(meld.cards, spec.kind, rules)
        assert readings, f"not a meld: {meld.describe(rules)}"
        assert meld.wild_flags(rules).count(False) >= max(1, rules.min_naturals)


@FAST
@given(hand=small_hands(), contract=st.sampled_from(SMALL_CONTRACTS), wrap=st.booleans())
def test_solver_agrees_with_brute_force(hand, contract, wrap):
    """Possible iff brute force finds a split; the fill is legal and optimal (wilds, points)."""
    rules = WRAP if wrap else AGGRAVATION
    fill = solve(hand, contract, rules)
    best = brute_force(hand, contract, rules)
    assert fill.ok == (best is not None), fill.missing
    if fill.ok:
        assert_legal(fill, hand, contract, rules)
        wilds = sum(m.wild_flags(rules).count(True) for m in fill.melds)
        points = sum(hand_points(m.cards, rules) for m in fill.melds)
        assert (wilds, -points) == best
    else:
        assert fill.melds == () and fill.missing


@settings(max_examples=100, deadline=None)
@given(
    hand=st.lists(st.sampled_from([Card(r, s, c) for r in range(1, 14) for s in "CDHS" for c in range(4)]
                                  + [Card(0, "", c) for c in range(8)]),
                  min_size=6, max_size=19, unique=True),
    round_number=st.integers(1, 11),
)
def test_any_fill_is_a_legal_contract_from_the_hand(hand, round_number):
    contract = AGGRAVATION.contract(round_number)
    fill = solve(hand, contract)
    if fill.ok:
        assert_legal(fill, hand, contract, AGGRAVATION)
    else:
        assert fill.missing


@settings(max_examples=100, deadline=None)
@given(hand=small_hands(max_size=12), round_number=st.integers(1, 11))
def test_shortfall_is_zero_exactly_when_solvable(hand, round_number):
    contract = AGGRAVATION.contract(round_number)
    short = shortfall(hand, contract)
    assert (short == 0) == solve(hand, contract).ok
    if 0 < short < contract.cards:
        jokers = [Card(0, "", 100 + n) for n in range(short)]
        assert solve(hand + jokers, contract).ok, "that many more wilds should do it"
        if short > 1:
            assert not solve(hand + jokers[1:], contract).ok, "one fewer should not"


@settings(max_examples=200, deadline=None)
@given(cards=cards_from(list(range(1, 14)), ["H", "S"], (3, 6)), wrap=st.booleans())
def test_every_run_reading_is_consecutive_in_one_suit(cards, wrap):
    rules = WRAP if wrap else AGGRAVATION
    for meld in read_meld(cards, RUN, rules):
        stands = meld.stands_for(rules)
        assert len({suit for _, suit in stands}) == 1
        ranks = [r for r, _ in stands]
        for a, b in zip(ranks, ranks[1:]):
            assert b == a + 1 or (wrap and (a, b) == (13, 1))
        assert sorted(meld.cards) == sorted(cards)
        assert meld.wild_flags(rules).count(False) >= 1
        for card, wild, (rank, suit) in zip(meld.cards, meld.wild_flags(rules), stands):
            if not wild:
                assert card.suit == suit and card.rank == (1 if rank == 14 else rank)


@settings(max_examples=200, deadline=None)
@given(cards=cards_from([2, 7, 8], ["H", "S", "C"], (3, 6)))
def test_every_set_reading_is_one_rank(cards):
    for meld in read_meld(cards, SET):
        stands = meld.stands_for()
        assert {rank for rank, _ in stands} == {meld.rank}
        assert meld.wild_flags().count(False) >= 1
        for card, wild in zip(meld.cards, meld.wild_flags()):
            assert wild or card.rank == meld.rank
