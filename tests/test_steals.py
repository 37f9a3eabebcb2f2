"""SPEC §4.4: stealing — who may, who wins, what it costs, and that the turn does not move."""
from dataclasses import replace

import pytest

from game.actions import Draw, NextDeal, Pass, Steal, TakeDiscard
from game.rules import AGGRAVATION
from game.state import IllegalAction, Phase
from game.stealing import steal_refusal
from scenario import table

FOUR = ["5H 6H 7H", "5C 6C 7C", "5D 6D 7D", "5S 6S 7S"]


def discarded_by_seat0(**kwargs):
    """Seat 0 has just discarded QH; seat 1 is to draw."""
    kwargs.setdefault("hands", FOUR)
    game = table(stock=kwargs.pop("stock", "3C 4C 8S 9S"), pile="QH", phase=Phase.DRAW, turn=1,
                 claimable_from=0, **kwargs)
    return game


def test_the_next_player_may_simply_take_the_discard():
    game = discarded_by_seat0()
    game.apply(TakeDiscard())
    assert game.seats[1].hand[-1].code == "QH" and game.phase is Phase.PLAY


def test_when_the_next_player_draws_the_others_are_asked_in_seat_order():
    game = discarded_by_seat0()
    game.apply(Draw())
    assert game.phase is Phase.CLAIMS
    asked = []
    while game.phase is Phase.CLAIMS:
        asked.append(game.current_player)
        game.apply(Pass())
    assert asked == [2, 3]  # never the discarder, never the drawer
    assert game.phase is Phase.PLAY and game.current_player == 1 and len(game.seats[1].hand) == 4


def test_a_steal_takes_the_discard_and_the_top_stock_card_and_the_turn_stays():
    game = discarded_by_seat0()
    game.apply(Draw())
    game.apply(Pass())   # seat 2
    game.apply(Steal())  # seat 3
    thief = game.seats[3]
    assert [c.code for c in thief.hand[-2:]] == ["QH", "9S"]
    assert thief.steals_this_deal == 1
    assert game.current_player == 1 and game.phase is Phase.PLAY
    assert game.seats[1].hand[-1].code == "8S"  # the drawer draws after the penalty


def test_the_claimant_whose_turn_comes_soonest_after_the_discarder_wins():
    game = discarded_by_seat0()
    game.apply(Draw())
    game.apply(Steal())  # seat 2
    game.apply(Steal())  # seat 3
    assert "QH" in [c.code for c in game.seats[2].hand]
    assert "QH" not in [c.code for c in game.seats[3].hand]
    assert game.seats[3].steals_this_deal == 0


def test_priority_wraps_around_the_table():
    game = table(hands=FOUR, stock="3C 4C 8S 9S", pile="QH", phase=Phase.DRAW, turn=3, claimable_from=2)
    game.apply(Draw())
    asked = []
    while game.phase is Phase.CLAIMS:
        asked.append(game.current_player)
        game.apply(Steal())
    assert asked == [0, 1]
    assert "QH" in [c.code for c in game.seats[0].hand]


def test_the_uncovered_card_after_a_steal_is_buried():
    game = table(hands=FOUR, stock="3C 4C 8S 9S", pile="2D QH", phase=Phase.DRAW, turn=1, claimable_from=0)
    game.apply(Draw())
    game.apply(Steal())
    game.apply(Pass())
    view = game.view(1)
    assert view.top.code == "2D" and view.top_buried


def test_no_steals_once_down():
    game = discarded_by_seat0(down=[2])
    game.apply(Draw())
    assert game.current_player == 3
    assert "down" in game.view(2).steal_refusal


def test_four_steals_a_deal_then_no_more():
    game = discarded_by_seat0()
    game.seats[2].steals_this_deal = 4
    game.apply(Draw())
    assert game.claimants == [3]
    assert "4 steals" in game.view(2).steal_refusal


def test_never_past_nineteen_cards():
    hands = list(FOUR)
    hands[2] = " ".join(["KD"] * 17)  # 17 + discard + penalty = 19: allowed
    hands[3] = " ".join(["KS"] * 18)  # 18 + 2 = 20: not allowed
    game = discarded_by_seat0(hands=hands)
    game.apply(Draw())
    assert game.claimants == [2]
    assert "19" in game.view(3).steal_refusal


def test_only_while_the_stock_can_pay_the_penalty():
    game = discarded_by_seat0(stock="")
    assert "penalty" in game.view(2).steal_refusal
    game.apply(Draw())  # nobody is asked; with one card in the pile there is nothing to rebuild
    assert game.phase is Phase.DEAL_OVER and game.results[-1].dead


def test_claims_are_hidden_from_other_players_views():
    game = discarded_by_seat0()
    game.apply(Draw())
    before = game.view(3)
    game.apply(Steal())  # seat 2 claims
    after = game.view(3)
    assert replace(before, current=None) == replace(after, current=None)


def test_steal_is_refused_outside_the_claims_window():
    game = discarded_by_seat0()
    with pytest.raises(IllegalAction):
        game.apply(Steal())


def test_the_steal_limit_can_count_per_game():
    game = discarded_by_seat0(rules=replace(AGGRAVATION, steal_limit_per_game=True))
    game.seats[2].steals_this_game = 4
    game.seats[2].steals_this_deal = 0
    assert "this game" in game.view(2).steal_refusal


def steal_by_seat2(game):
    """From a claimable discard by seat 0: seat 1 draws, seat 2 steals, seat 3 passes."""
    game.apply(Draw())
    game.apply(Steal())
    game.apply(Pass())


def next_deal_with_a_claimable_discard(game):
    """End this deal and deal the next; then pretend seat 0 has just discarded, seat 1 to draw."""
    game.phase = Phase.DEAL_OVER
    game.apply(NextDeal())
    game.phase, game.turn, game.claimable_from = Phase.DRAW, 1, 0


def test_a_steal_counts_for_the_deal_and_for_the_game():
    game = discarded_by_seat0()
    steal_by_seat2(game)
    assert (game.seats[2].steals_this_deal, game.seats[2].steals_this_game) == (1, 1)
    assert [s.steals_this_game for s in game.seats] == [0, 0, 1, 0]


def test_steals_this_deal_start_again_at_zero_each_deal_but_the_game_count_carries_on():
    game = discarded_by_seat0()
    steal_by_seat2(game)
    game.seats[2].steals_this_deal = 4  # at the limit for this deal
    next_deal_with_a_claimable_discard(game)
    assert [s.steals_this_deal for s in game.seats] == [0, 0, 0, 0]
    assert game.seats[2].steals_this_game == 1
    assert steal_refusal(game, 2) is None


def test_with_the_limit_per_game_a_steal_in_one_deal_still_counts_in_the_next():
    game = discarded_by_seat0(rules=replace(AGGRAVATION, steal_limit_per_game=True, steal_limit=1))
    steal_by_seat2(game)
    next_deal_with_a_claimable_discard(game)
    assert steal_refusal(game, 2) == "You have used all 1 steals this game"
    assert steal_refusal(game, 3) is None
    game.apply(Draw())
    assert game.claimants == [3]
