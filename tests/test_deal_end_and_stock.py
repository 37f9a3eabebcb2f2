"""SPEC §4.5–§4.6: the stock rebuilt down to the last spare discard, what a finished deal
records and shows, and that a finished deal leaves nothing to steal."""
from dataclasses import replace

from game.actions import Discard, Draw
from game.rules import AGGRAVATION
from game.state import Phase
from game.ui.words import log_lines
from scenario import table

NAMES = ["You", "Scout 1", "Scout 2"]


def test_two_discards_are_enough_to_rebuild_the_stock_with_one_card():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile="3C QH", phase=Phase.DRAW)
    game.apply(Draw())
    assert game.phase is Phase.PLAY and game.rebuilds == 1
    assert game.seats[0].hand[-1].code == "3C"
    assert [c.code for c in game.pile] == ["QH"] and game.stock == []


def test_the_log_tells_the_table_the_discards_became_the_stock():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile="3C 4C QH", phase=Phase.DRAW)
    game.apply(Draw())
    assert log_lines(game.view(1).events, NAMES) == [
        "The discards were shuffled into a new stock", "You drew from the stock",
    ]


def test_going_out_is_logged_and_the_result_names_the_deal_and_the_rounds_played():
    game = table(["5H", "KC 8C", "9D 2C"], stock="3S 4S", phase=Phase.PLAY, down=[0], rounds=[3, 3, 7])
    game.deal_number = 4
    game.apply(Discard(game.seats[0].hand[0]))
    assert log_lines(game.view(1).events, NAMES)[-2:] == ["You discarded 5♥", "You went out 🎉"]
    result = game.results[-1]
    assert result.number == 4
    assert result.rounds_played == (3, 3, 7)  # the rounds this deal was played on, before moving on


def test_a_dead_deal_is_logged_as_one():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile="3C", phase=Phase.DRAW)
    game.apply(Draw())
    assert log_lines(game.view(0).events, NAMES)[-1] == "The stock ran out: a dead deal"


def test_a_finished_deal_leaves_no_discard_to_steal():
    game = table(["5H", "KC 8C", "9D 2C"], stock="3S 4S", phase=Phase.PLAY, down=[0])
    game.apply(Discard(game.seats[0].hand[0]))
    assert game.phase is Phase.DEAL_OVER
    for seat in range(3):
        assert game.view(seat).steal_refusal == "There is no discard to steal"


def test_hands_are_scored_with_the_tables_own_card_points():
    flat = replace(AGGRAVATION, points=(1,) * 14)  # a rulebook where every card counts 1
    game = table(["5H", "KC 8C", "9D 2C JK"], stock="3S 4S", phase=Phase.PLAY, down=[0], rules=flat)
    game.apply(Discard(game.seats[0].hand[0]))
    assert game.results[-1].points == (0, 2, 3)
    assert [s.total for s in game.seats] == [0, 2, 3]
