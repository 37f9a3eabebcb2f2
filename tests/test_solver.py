"""The contract solver (Fill for me, bots, hints): every round, the objective, the hints."""
from dataclasses import replace

import pytest

from game.cards import parse_cards
from game.melds import hand_points, read_meld
from game.rules import AGGRAVATION, Contract, MeldKind, MeldSpec
from game.solver import Fill, shortfall, solve

SET, RUN = MeldKind.SET, MeldKind.RUN


def wilds_used(fill):
    return sum(m.wild_flags().count(True) for m in fill.melds)


def assert_legal(fill, hand, contract):
    """The fill is the contract, laid from distinct cards of the hand, each meld readable."""
    assert fill.ok and fill.missing is None
    assert len(fill.melds) == len(contract.melds)
    laid = [c for m in fill.melds for c in m.cards]
    assert len(laid) == len(set(laid)) and set(laid) <= set(hand)
    for meld, spec in zip(fill.melds, contract.melds):
        assert meld.kind is spec.kind and meld.size == spec.size
        assert read_meld(meld.cards, spec.kind)
        assert meld.wild_flags().count(False) >= 1


# One hand per round that makes the contract with the cards named, and one just short.
ROUNDS = [
    (1, "7H 7S 7C 9D 9C 9S KS 4H", "9C 9D 9S | 7C 7H 7S"),
    (2, "3H 4H 5H 9S TS JS KD", "3H 4H 5H | 9S TS JS"),
    (3, "8C 8D 8S 4D 5D 6D 7D QH", "8C 8D 8S | 4D 5D 6D 7D"),
    (4, "3C 4C 5C 6C 7C 8C 9C KH", "3C 4C 5C 6C 7C 8C 9C"),
    (5, "QC QD QH QS 9H TH JH 8H", "QC QD QH QS | 8H 9H TH JH"),
    (6, "6S 7S 8S 9S TS JS QS KS 4D", "6S 7S 8S 9S TS JS QS KS"),
    (7, "4C 4D 4H 4S 8C 8D 8H 8S", "8C 8D 8H 8S | 4C 4D 4H 4S"),
    (8, "5D 6D 7D 8D 9D TD JD QD KD", "5D 6D 7D 8D 9D TD JD QD KD"),
    (9, "KC KD KH KS KS AH 2H 3H", "KC KD KH KS KS | AH 2H 3H"),
    (10, "JC JD JH JS JC 4S 5S 6S 7S 8S", "JC JC JD JH JS | 4S 5S 6S 7S 8S"),
    (11, "AC AD AH AS AC 9C 9D 9H 9S 9S", "AC AC AD AH AS | 9C 9D 9H 9S 9S"),
]


def codes(fill):
    return " | ".join(" ".join(c.code for c in m.cards) for m in fill.melds)


@pytest.mark.parametrize("round_number, hand, expected", ROUNDS)
def test_each_round_is_filled_with_natural_cards(round_number, hand, expected):
    cards, contract = parse_cards(hand), AGGRAVATION.contract(round_number)
    fill = solve(cards, contract)
    assert_legal(fill, cards, contract)
    assert wilds_used(fill) == 0
    assert sorted(codes(fill).split(" | ")) == sorted(expected.split(" | "))
    assert shortfall(cards, contract) == 0


@pytest.mark.parametrize("round_number, hand, expected", ROUNDS)
def test_each_round_one_card_short_needs_one_wild(round_number, hand, expected):
    used = parse_cards(expected.replace("|", ""))
    cards = [c for c in parse_cards(hand) if c != used[-1]]  # drop one laid card
    cards += parse_cards("6C") if len(cards) < AGGRAVATION.contract(round_number).cards else []
    contract = AGGRAVATION.contract(round_number)
    fill = solve(cards, contract)
    assert not fill.ok and fill.melds == ()
    assert shortfall(cards, contract) == 1
    with_joker = solve(cards + parse_cards("JK"), contract)
    assert_legal(with_joker, cards + parse_cards("JK"), contract)
    assert wilds_used(with_joker) == 1


def test_fewest_wilds_first():
    hand = parse_cards("5H 6H 7H 8H JK 2C 9S 9D")
    fill = solve(hand, Contract((MeldSpec(RUN, 4),)))
    assert wilds_used(fill) == 0
    assert fill.melds[0].describe() == "run 5♥ 6♥ 7♥ 8♥"


def test_then_the_highest_points():
    hand = parse_cards("5H 5S 5D KH KS KD 9C")
    fill = solve(hand, Contract((MeldSpec(SET, 3),)))
    assert fill.melds[0].rank == 13
    run = solve(parse_cards("4H 5H 6H 7H 8H JH QH KH AH"), Contract((MeldSpec(RUN, 4),)))
    assert run.melds[0].describe() == "run J♥ Q♥ K♥ A♥"


def test_fewest_wilds_beats_points():
    hand = parse_cards("5H 5S 5D KH KS JK")
    assert [c.code for c in solve(hand, Contract((MeldSpec(SET, 3),))).melds[0].cards] == [
        "5D", "5H", "5S"]


def test_points_count_the_wilds_laid():
    # Three naturals either way; the wild goes in, so the total includes it.
    hand = parse_cards("9H 9S 9D JK 4C")
    fill = solve(hand, Contract((MeldSpec(SET, 4),)))
    assert hand_points(fill.melds[0].cards) == 5 * 3 + 20


def test_jokers_are_spent_before_twos():
    hand = parse_cards("7H 7S 2C JK 4D")
    fill = solve(hand, Contract((MeldSpec(SET, 3),)))
    assert [c.code for c in fill.melds[0].cards] == ["7H", "7S", "JK"]


def test_the_higher_scoring_wild_is_spent_first_whichever_it_is():
    """Jokers go first only because they score at least as much as a two: where a two scores
    more (a table's own points), the two is laid and the joker kept."""
    points = (15,) + AGGRAVATION.points[1:]  # a joker worth 15, a two 20
    rules = replace(AGGRAVATION, points=points)
    hand = parse_cards("7H 7S JK 2C 9D 9S 9H")
    fill = solve(hand, AGGRAVATION.contract(1), rules)
    assert [[c.code for c in m.cards] for m in fill.melds] == [["9D", "9H", "9S"], ["7H", "7S", "2C"]]


def test_a_two_laid_as_itself_twice_is_not_also_spent_as_a_wild():
    """Three 2♣ (three decks) and a 2♦: the set of twos holds two of the 2♣, and only the third
    may stand in the set of 7s."""
    hand = parse_cards("2C 2C 2C 2D 7H 7S")
    fill = solve(hand, AGGRAVATION.contract(1))
    assert_legal(fill, hand, AGGRAVATION.contract(1))  # six distinct cards of the hand


def test_a_natural_two_is_not_a_wild():
    hand = parse_cards("AH 2H 3H 9S TS 2S")
    fill = solve(hand, AGGRAVATION.contract(2))
    assert_legal(fill, hand, AGGRAVATION.contract(2))
    assert wilds_used(fill) == 1
    assert "run A♥ 2♥ 3♥" in [m.describe() for m in fill.melds]


def test_a_set_of_twos():
    hand = parse_cards("2C 2D 2H 7S 7D 7C")
    fill = solve(hand, AGGRAVATION.contract(1))
    assert wilds_used(fill) == 0 and sorted(m.rank for m in fill.melds) == [2, 7]


def test_two_sets_may_share_a_rank_with_duplicates():
    hand = parse_cards("KC KD KH KS KC KD")
    fill = solve(hand, AGGRAVATION.contract(1))
    assert_legal(fill, hand, AGGRAVATION.contract(1))
    assert [m.rank for m in fill.melds] == [13, 13]


def test_two_runs_may_share_a_suit():
    hand = parse_cards("3H 4H 5H 3H 4H 5H")
    fill = solve(hand, AGGRAVATION.contract(2))
    assert_legal(fill, hand, AGGRAVATION.contract(2))


def test_a_natural_needed_as_an_anchor_is_left_to_the_meld_that_needs_it():
    # 5-6-7♥ would use every natural and leave the set without one: a wild must give way.
    hand = parse_cards("7H 5H 6H JK JK JK")
    contract = Contract((MeldSpec(SET, 3), MeldSpec(RUN, 3)))
    fill = solve(hand, contract)
    assert_legal(fill, hand, contract)
    assert wilds_used(fill) == 3


def test_three_melds_work_too():
    contract = Contract((MeldSpec(SET, 3), MeldSpec(RUN, 3), MeldSpec(SET, 3)))
    hand = parse_cards("9C 9D 9H 4S 5S 6S QC QD JK")
    assert_legal(solve(hand, contract), hand, contract)
    assert shortfall(hand[:-1], contract) == 1


def test_exact_sizes_only():
    hand = parse_cards("3H 4H 5H 6H 7H 8H 9H")  # a run of 7 cannot lay as a run of 8
    assert not solve(hand, AGGRAVATION.contract(6)).ok
    assert solve(hand, AGGRAVATION.contract(4)).ok


def test_ace_wrap_follows_the_rules():
    hand = parse_cards("QH KH AH 2H 3H 4H 5H")
    assert not solve(hand, AGGRAVATION.contract(4)).ok
    wrap = AGGRAVATION.with_house_rules(ace_wrap=True)
    fill = solve(hand, AGGRAVATION.contract(4), wrap)
    assert fill.ok and sum(m.wild_flags(wrap).count(True) for m in fill.melds) == 0
    assert [r for r, _ in fill.melds[0].stands_for(wrap)] == [12, 13, 1, 2, 3, 4, 5]


def test_runs_leave_lay_off_room():
    fill = solve(parse_cards("QH KH JK"), Contract((MeldSpec(RUN, 3),)))
    assert fill.melds[0].describe() == "run 🃏=J♥ Q♥ K♥"


# ---------------------------------------------------------------- what is missing


def test_missing_names_the_rank_a_set_lacks():
    fill = solve(parse_cards("7H 7S 9D 9C 9S 4S"), AGGRAVATION.contract(1))
    assert fill.missing == "Needs one more 7 for the set of 3 (or a wild)"


def test_missing_names_the_run_cards():
    fill = solve(parse_cards("KS KD KH 6H 7H 3C 4D"), AGGRAVATION.contract(3))
    assert fill.missing in (
        "Needs 8♥ and 9♥ for the run of 4 (or 2 wilds)",
        "Needs 4♥ and 5♥ for the run of 4 (or 2 wilds)",
        "Needs 5♥ and 8♥ for the run of 4 (or 2 wilds)",
    )


def test_missing_counts_the_wilds_held():
    fill = solve(parse_cards("7H 7S 9D 9C JK 4S"), AGGRAVATION.contract(1))
    assert fill.missing.endswith("your wild covers one: still 1 short (or another wild)")


@pytest.mark.parametrize("hand, round_number, words", [
    # Several run cards are listed with commas and a last "and"; two wilds cover two.
    ("3H 4H 8H JK 2C KS QD 9C 5S", 8,
     "Needs A♥, 2♥, 5♥, 6♥, 7♥ and 9♥ for the run of 9; your 2 wilds cover 2: still 4 short (or 4 more wilds)"),
    # Ranks are counted in words and made plural.
    ("7H 7S 9D 2C JK 4S", 1,
     "Needs one more 7 for the set of 3 and two more 4s for the set of 3; your 2 wilds cover 2: still 1 short"
     " (or another wild)"),
    # 2♥ plays itself in the run (A-2-3-4), so only the joker is left to cover a gap.
    ("2H 3H 4H 9S 9D KC JK", 3,
     "Needs one more 9 for the set of 3 and A♥ for the run of 4; your wild covers one: still 1 short (or another wild)"),
    # Kings, 7s, 5s and 4s are one card each: the hint builds on the kings, which score most.
    ("7H 9S 9D KC 4S 5D", 1,
     "Needs one more 9 for the set of 3 and two more kings for the set of 3 (or 3 wilds)"),
])
def test_missing_says_what_each_meld_lacks_and_what_the_wilds_cover(hand, round_number, words):
    assert solve(parse_cards(hand), AGGRAVATION.contract(round_number)).missing == words


def test_missing_when_the_hand_is_too_small():
    fill = solve(parse_cards("3H 4H 5H"), AGGRAVATION.contract(8))
    assert fill.missing == "Needs 9 cards for a run of 9; the hand holds 3"
    assert fill.melds == () and not fill.ok


def test_missing_when_no_natural_can_anchor_a_meld():
    fill = solve(parse_cards("JK JK JK JK JK JK JK"), AGGRAVATION.contract(4))
    assert fill.missing == "Needs a natural card to build the run of 7: every meld holds at least one natural card"
    assert shortfall(parse_cards("JK JK JK JK JK JK JK"), AGGRAVATION.contract(4)) == 7
    # One 7 can anchor one of the two sets, not both.
    fill = solve(parse_cards("7H JK JK JK JK JK"), AGGRAVATION.contract(1))
    assert fill.missing == "Needs more natural cards: each of the 2 melds holds at least one natural card of its own"
    # A run spec past the longest run the rules allow is named as such.
    fill = solve(parse_cards(" ".join(r + "H" for r in "A23456789TJQK") + " JK"), Contract((MeldSpec(RUN, 14),)))
    assert fill.missing == "A run can be at most 13 cards long"


def test_shortfall_counts_the_wilds_needed():
    contract = AGGRAVATION.contract(10)  # a set of 5 and a run of 5
    assert shortfall(parse_cards("KC KD KH 4S 5S 7S QD 3C 9H TD"), contract) == 4
    assert shortfall(parse_cards("KC KD KH 4S 5S 7S QD 3C JK 2D"), contract) == 2


def test_fill_is_a_value():
    assert Fill((), None).ok and not Fill((), "x").ok
