"""SPEC §3 and §7: a refused lay-off names the cards the run would take, in the run's own suit."""
import pytest

from game.cards import parse_cards
from game.layoff import lay_off
from game.melds import HIGH, MeldError, check_meld
from game.rules import MeldKind


def test_a_spade_run_asks_for_spades():
    run = check_meld(parse_cards("5S 6S 7S"), MeldKind.RUN)
    with pytest.raises(MeldError, match="^9♥ does not fit: that run takes 8♠ or a wild$"):
        lay_off(run, parse_cards("9H")[0], HIGH)
