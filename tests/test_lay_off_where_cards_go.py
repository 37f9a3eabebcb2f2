"""SPEC §3–§4: where a card may be laid off — either end of a run when no end is named, only
the run's suit, and twos wild only in a rulebook that makes them wild."""
from dataclasses import replace

import pytest

from game.cards import parse_cards
from game.layoff import lay_off, lay_off_ends
from game.melds import HIGH, MeldError, check_meld
from game.rules import AGGRAVATION, MeldKind

NATURAL_TWOS = replace(AGGRAVATION, twos_wild=False)


def one(code):
    return parse_cards(code)[0]


def run(codes, rules=AGGRAVATION):
    return check_meld(parse_cards(codes), MeldKind.RUN, rules)


def codes(meld):
    return [c.code for c in meld.cards]


def test_with_no_end_named_a_card_goes_to_the_end_it_fits():
    assert codes(lay_off(run("5H 6H 7H"), one("4H"), None)) == ["4H", "5H", "6H", "7H"]
    assert codes(lay_off(run("5H 6H 7H"), one("8H"), None)) == ["5H", "6H", "7H", "8H"]


def test_a_run_from_the_ace_still_grows_at_its_high_end():
    assert codes(lay_off(run("AH 2H 3H"), one("4H"), None)) == ["AH", "2H", "3H", "4H"]


def test_a_run_takes_only_its_own_suit():
    with pytest.raises(MeldError):
        lay_off(run("5H 6H 7H"), one("8C"), HIGH)
    assert lay_off_ends(run("5H 6H 7H"), one("8C")) == []


def test_where_twos_are_natural_a_two_fits_only_as_itself():
    kings = check_meld(parse_cards("KH KD KC"), MeldKind.SET, NATURAL_TWOS)
    assert lay_off_ends(kings, one("2C"), NATURAL_TWOS) == []
    with pytest.raises(MeldError):
        lay_off(kings, one("2C"), None, NATURAL_TWOS)
    with pytest.raises(MeldError):
        lay_off(run("5H 6H 7H", NATURAL_TWOS), one("2C"), HIGH, NATURAL_TWOS)
    assert codes(lay_off(run("3H 4H 5H", NATURAL_TWOS), one("2H"), None, NATURAL_TWOS)) == ["2H", "3H", "4H", "5H"]


def test_with_ace_wrap_a_run_from_the_ace_grows_down_through_the_king_and_queen():
    rules = replace(AGGRAVATION, ace_wrap=True)
    meld = run("AH 2H 3H", rules)
    for code in ("KH", "QH"):
        meld = lay_off(meld, one(code), "low", rules)
    assert meld.describe(rules) == "run Q♥ K♥ A♥ 2♥ 3♥"
    assert not any(meld.wild_flags(rules))
