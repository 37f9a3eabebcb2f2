"""SPEC §1 card codes and §3 the high ace: a code with its copy number keeps that copy, and an
ace at the top of a run is written A."""
import pytest

from game.cards import parse_cards
from game.layoff import lay_off
from game.melds import MeldError, check_meld
from game.rules import MeldKind


def test_a_key_with_a_copy_number_keeps_that_copy():
    assert [c.copy for c in parse_cards("QH/3 QH/3 QH")] == [3, 3, 0]


def test_a_run_ending_at_the_king_asks_for_the_ace_as_a():
    run = check_meld(parse_cards("JH QH KH"), MeldKind.RUN)
    with pytest.raises(MeldError, match="^5♣ does not fit: that run takes 10♥ or A♥ or a wild$"):
        lay_off(run, parse_cards("5C")[0], None)
