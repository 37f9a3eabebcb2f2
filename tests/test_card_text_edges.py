"""SPEC §1 card codes and §3 the high ace: a code with its copy number keeps that copy, and an
ace at the top of a run is written A."""
import re

import pytest

from game.actions import shown
from game.cards import Card, CardError, parse_cards
from game.layoff import lay_off
from game.melds import MeldError, check_meld
from game.rules import MeldKind


def test_a_key_with_a_copy_number_keeps_that_copy():
    assert [c.copy for c in parse_cards("QH/3 QH/3 QH")] == [3, 3, 0]


def test_a_run_ending_at_the_king_asks_for_the_ace_as_a():
    run = check_meld(parse_cards("JH QH KH"), MeldKind.RUN)
    with pytest.raises(MeldError, match="^5♣ does not fit: that run takes 10♥ or A♥ or a wild$"):
        lay_off(run, parse_cards("5C")[0], None)


@pytest.mark.parametrize("value, message", [
    (5, "a card code is text, not an int"),
    (None, "a card code is text, not None"),
    (["QH"], "a card code is text, not a list"),
    ("8H/1000", "'8H/1000' is not a card: the copy after '/' must be a number up to 999"),
])
def test_a_card_code_that_is_not_one_is_refused_by_name(value, message):
    with pytest.raises(CardError, match=f"^{re.escape(message)}$"):
        Card.parse(value)


def test_the_largest_copy_number_is_read():
    assert Card.parse("8H/999").copy == 999


@pytest.mark.parametrize("value, words", [
    (10**15 - 1, "999999999999999"),
    (10**15, "a very large number"),
    (-10**15 + 1, "-999999999999999"),
    (-10**15, "a very large number"),
    ("x" * 24, repr("x" * 24)),
    ("y" * 25, repr("y" * 24) + "…"),
    ({}, "a dict"),
    (object(), "an object"),
])
def test_a_bad_value_is_named_short_in_a_message(value, words):
    """Messages quote what came, but never a 5 MB string or a thousand-digit number."""
    assert shown(value) == words
