"""SPEC §4.4 stealing, the edges: when no card is open to a steal, how the limits count, the
stock boundary of the penalty card, and what the table's log says about a steal."""
from dataclasses import replace

from game.actions import Draw, Pass, Steal
from game.rules import AGGRAVATION
from game.state import Phase
from game.ui.words import log_lines
from scenario import table

FOUR = ["5H 6H 7H", "5C 6C 7C", "5D 6D 7D", "5S 6S 7S"]
NAMES = ["You", "Sprout", "Scout", "Ace"]


def discarded_by_seat0(stock="3C 4C 8S 9S", **kwargs):
    """Seat 0 has just discarded Q♥; seat 1 is to draw."""
    kwargs.setdefault("hands", FOUR)
    return table(stock=stock, pile="QH", phase=Phase.DRAW, turn=1, claimable_from=0, **kwargs)


def test_nobody_may_steal_during_the_swap_round():
    game = table(hands=FOUR, stock="3C 4C", pile="QH", phase=Phase.SWAP, turn=1)
    for seat in range(4):
        assert game.view(seat).steal_refusal == "There is no discard to steal"


def test_once_the_drawer_has_drawn_the_discard_is_no_longer_open_to_a_steal():
    game = discarded_by_seat0()
    game.apply(Draw())
    while game.phase is Phase.CLAIMS:
        game.apply(Pass())
    assert game.phase is Phase.PLAY and game.pile[-1].code == "QH" and not game.top_buried
    for seat in (0, 2, 3):
        assert game.view(seat).steal_refusal == "There is no discard to steal"


def test_the_discarder_and_the_drawer_are_told_the_card_is_for_the_others():
    game = discarded_by_seat0()
    for seat in (0, 1):
        assert game.view(seat).steal_refusal == "Only the other players may steal this discard"
    assert game.view(2).steal_refusal is None


def test_a_player_who_is_down_is_told_why_in_full():
    game = discarded_by_seat0(down=[2])
    assert game.view(2).steal_refusal == "You are down: no more steals this deal"


def test_the_per_deal_limit_is_worded_per_deal():
    game = discarded_by_seat0()
    game.seats[2].steals_this_deal = 4
    assert game.view(2).steal_refusal == "You have used all 4 steals this deal"


def test_one_card_in_the_stock_still_pays_the_penalty():
    game = discarded_by_seat0(stock="9S")
    assert game.view(2).steal_refusal is None
    game.apply(Draw())
    game.apply(Steal())  # seat 2
    game.apply(Pass())   # seat 3
    assert [c.code for c in game.seats[2].hand[-2:]] == ["QH", "9S"]


def test_each_steal_adds_one_to_the_deals_count_and_to_the_games():
    game = discarded_by_seat0()
    game.seats[2].steals_this_deal = 2
    game.seats[2].steals_this_game = 6
    game.apply(Draw())
    game.apply(Steal())  # seat 2
    game.apply(Pass())   # seat 3
    assert game.seats[2].steals_this_deal == 3
    assert game.seats[2].steals_this_game == 7
    assert game.view(0).players[2].steals_left == 1


def test_with_the_per_game_limit_the_fourth_steal_of_the_game_uses_the_last_one():
    rules = replace(AGGRAVATION, steal_limit_per_game=True)
    game = discarded_by_seat0(rules=rules)
    game.seats[2].steals_this_game = 3
    game.apply(Draw())
    game.apply(Steal())  # seat 2
    game.apply(Pass())   # seat 3
    assert game.view(0).players[2].steals_left == 0


def test_the_log_says_who_stole_which_card():
    game = discarded_by_seat0()
    game.apply(Draw())
    game.apply(Pass())   # seat 2
    game.apply(Steal())  # seat 3
    lines = log_lines(game.view(0).events, NAMES)
    assert "Ace stole Q♥ 🫳" in lines
    assert lines[-1] == "Sprout drew from the stock"


def test_when_nobody_may_claim_the_draw_closes_the_discard_to_everyone():
    game = table(hands=FOUR[:3], stock="3C 4C", pile="QH", phase=Phase.DRAW, turn=1, claimable_from=0,
                 down=[2])
    game.apply(Draw())  # seat 2 is down, so nobody is asked
    assert game.phase is Phase.PLAY
    for seat in range(3):
        assert game.view(seat).steal_refusal == "There is no discard to steal"


def test_an_empty_stock_is_named_as_the_reason_nobody_may_steal():
    game = discarded_by_seat0(stock="")
    assert game.view(2).steal_refusal == "The stock cannot pay the penalty card"
