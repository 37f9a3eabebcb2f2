"""SPEC §9 house rule: a natural card takes back a wild on the table — only the very card the
wild stands for, only where a wild really is; and where a card may be laid off on a set."""
from dataclasses import replace

import pytest

from game.cards import parse_cards
from game.layoff import lay_off_ends, swap_wild
from game.melds import MeldError, check_meld
from game.rules import AGGRAVATION, MeldKind

RULES = replace(AGGRAVATION, wild_swap=True)


def meld(codes, kind):
    return check_meld(parse_cards(codes), kind, RULES)


def one(code):
    return parse_cards(code)[0]


def test_the_wild_at_the_low_end_of_a_run_can_be_swapped():
    run = meld("JK 6H 7H", MeldKind.RUN)  # the joker stands for 5♥ (a 4♥ reading has no room)
    assert run.stands_for(RULES)[0] == (5, "H")
    grown, wild = swap_wild(run, one("5H"), 0, RULES)
    assert [c.code for c in grown.cards] == ["5H", "6H", "7H"] and wild.code == "JK"


@pytest.mark.parametrize("index", [3, -1])
def test_a_place_outside_the_meld_is_refused(index):
    run = meld("5H 6H JK", MeldKind.RUN)
    with pytest.raises(MeldError, match="^There is no wild in that place to swap$"):
        swap_wild(run, one("7H"), index, RULES)


def test_a_natural_in_its_place_is_not_a_wild_to_take():
    run = meld("5H 6H JK", MeldKind.RUN)
    with pytest.raises(MeldError, match="^There is no wild in that place to swap$"):
        swap_wild(run, one("6H"), 1, RULES)


def test_the_natural_must_be_of_the_runs_suit():
    run = meld("7H JK 9H", MeldKind.RUN)
    with pytest.raises(MeldError, match="^Only a natural 8♥ can take that wild's place$"):
        swap_wild(run, one("8C"), 1, RULES)


def test_a_wild_in_a_set_is_taken_back_by_any_card_of_the_rank_and_only_that_rank():
    kings = meld("KH KD JK", MeldKind.SET)
    with pytest.raises(MeldError, match="^Only a natural K can take that wild's place$"):
        swap_wild(kings, one("5C"), 2, RULES)
    grown, wild = swap_wild(kings, one("KS"), 2, RULES)
    assert sorted(c.code for c in grown.cards) == ["KD", "KH", "KS"] and wild.code == "JK"


def test_where_twos_are_not_wild_a_natural_two_takes_back_the_wild_standing_for_it():
    rules = replace(RULES, twos_wild=False)
    run = check_meld(parse_cards("AH JK 3H"), MeldKind.RUN, rules)
    grown, wild = swap_wild(run, one("2H"), 1, rules)
    assert [c.code for c in grown.cards] == ["AH", "2H", "3H"]


def test_a_set_takes_its_rank_and_wilds_and_nothing_else():
    kings = meld("KH KD KC", MeldKind.SET)
    assert lay_off_ends(kings, one("KS")) == [None]
    assert lay_off_ends(kings, one("JK")) == [None]
    assert lay_off_ends(kings, one("2C")) == [None]
    assert lay_off_ends(kings, one("QS")) == []
