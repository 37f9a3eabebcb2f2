"""SPEC §4.5–§5: the empty stock, dead deals, end-of-deal scoring, rounds, and the winner."""
from dataclasses import replace

import pytest

from game.actions import Discard, Draw, NextDeal, Pass, TakeDiscard
from game.melds import hand_points
from game.rules import AGGRAVATION
from game.state import Phase
from scenario import cards, table


@pytest.mark.parametrize("codes, points", [
    ("3C 4D 9H TS", 20), ("JC QD KH", 30), ("AS", 15), ("2H JK", 40), ("5C AS KD 2S", 50),
])
def test_card_points(codes, points):
    assert hand_points(cards(codes)) == points


def test_an_empty_stock_is_rebuilt_from_every_discard_but_the_top():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile="3C 4C 5C QH", phase=Phase.DRAW, top_buried=True)
    game.apply(Draw())
    assert [c.code for c in game.pile] == ["QH"] and game.top_buried  # the top keeps its mark
    assert len(game.stock) == 2 and game.rebuilds == 1
    assert sorted(c.code for c in game.stock + [game.seats[0].hand[-1]]) == ["3C", "4C", "5C"]


def test_the_stock_is_rebuilt_twice_then_the_deal_is_dead():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile="3C 4C", phase=Phase.DRAW)
    game.rebuilds = 2
    game.apply(Draw())
    assert game.phase is Phase.DEAL_OVER
    result = game.results[-1]
    assert result.dead and result.went_out is None


def test_a_dead_deal_is_scored_and_those_down_still_move_on():
    game = table(["5H 6H", "KC 8C", "9D"], stock="", pile="3C", phase=Phase.DRAW, down=[2], rounds=[4, 4, 4])
    game.apply(Draw())
    assert [s.total for s in game.seats] == [10, 15, 5]
    assert [s.round for s in game.seats] == [4, 4, 5]
    assert game.results[-1].advanced == (False, False, True)


def test_end_of_deal_adds_hand_points_and_moves_on_only_who_went_down():
    game = table(["5H", "KC 8C", "9D 2C"], stock="3S 4S", phase=Phase.PLAY, down=[0, 2], rounds=[3, 3, 7])
    game.seats[1].total = 100
    game.apply(Discard(game.seats[0].hand[0]))
    assert [s.total for s in game.seats] == [0, 115, 25]
    assert [s.round for s in game.seats] == [4, 3, 8]
    assert game.results[-1].points == (0, 15, 25) and game.results[-1].went_out == 0


def test_advance_after_miss_house_rule_moves_everyone_on():
    rules = replace(AGGRAVATION, advance_after_miss=True)
    game = table(["5H", "KC 8C", "9D 2C"], stock="3S", phase=Phase.PLAY, down=[0], rules=rules)
    game.apply(Discard(game.seats[0].hand[0]))
    assert [s.round for s in game.seats] == [2, 2, 2]


def finish(down, went_out=0, totals=(0, 0, 0), rounds=(11, 11, 11), hands=("5H", "KC", "9D")):
    game = table(list(hands), stock="3S 4S", phase=Phase.PLAY, turn=went_out, down=down, rounds=list(rounds))
    for seat, total in zip(game.seats, totals):
        seat.total = total
    game.apply(Discard(game.seats[went_out].hand[0]))
    return game


def test_the_game_ends_after_the_deal_in_which_someone_went_down_on_round_eleven():
    game = finish(down=[0], rounds=(11, 9, 10))
    assert game.is_over and game.outcome() == (0,)
    assert [s.round for s in game.seats] == [11, 9, 10]


def test_the_game_goes_on_when_nobody_finished_round_eleven():
    game = finish(down=[0], rounds=(10, 11, 11))
    assert not game.is_over and game.phase is Phase.DEAL_OVER
    game.apply(NextDeal())
    assert game.phase is Phase.SWAP


def test_lowest_total_among_the_finishers_wins_not_among_everyone():
    game = finish(down=[0, 2], totals=(200, 10, 150), rounds=(11, 5, 11), hands=("5H", "KC", "9D 8D"))
    assert game.outcome() == (2,)  # seat 1 has the lowest total but did not finish


def test_a_tie_goes_to_the_player_who_went_out():
    game = finish(down=[0, 2], totals=(100, 0, 105), hands=("5H", "KC", "9D"))
    assert [s.total for s in game.seats][::2] == [100, 110]
    game = finish(down=[0, 2], totals=(110, 0, 105), hands=("5H", "KC", "9D"))
    assert game.outcome() == (0,)  # 110 each; seat 0 went out


def test_a_tie_without_the_one_who_went_out_is_shared():
    game = finish(down=[0, 1, 2], totals=(500, 100, 100), hands=("5H", "9C", "9D"))
    assert game.outcome() == (1, 2)


PILE = "3C 4C 5C 6C 7C 8C 9C TC JC QC KC 3D 4D 5D 6D 7D 8D 9D TD JD QD"  # twenty buried under the top QD


def rebuilt(seed, rng_used=0):
    """(the buried pile's keys, the rebuilt stock's keys drawn card first) when seat 0 draws from an empty stock."""
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile=PILE, phase=Phase.DRAW, seed=seed)
    for _ in range(rng_used):
        game.rng.random()
    buried = [c.key for c in game.pile[:-1]]
    game.apply(Draw())
    assert game.rebuilds == 1 and len(game.pile) == 1
    return buried, [game.seats[0].hand[-1].key] + [c.key for c in reversed(game.stock)]


def test_the_rebuilt_stock_is_shuffled_by_the_games_seeded_rng():
    buried, order = rebuilt(seed=8)
    assert sorted(order) == sorted(buried) and order not in (buried, buried[::-1])
    assert rebuilt(seed=8)[1] == order   # same seed, same order: a log replays the same stock
    assert rebuilt(seed=9)[1] != order


def test_the_rebuilt_order_comes_from_the_state_rng_where_it_stands():
    """One number drawn earlier in the game moves every shuffle after it: the RNG is the state's own."""
    assert rebuilt(seed=8, rng_used=1)[1] != rebuilt(seed=8)[1]
    assert rebuilt(seed=8, rng_used=1)[1] == rebuilt(seed=8, rng_used=1)[1]


def test_cards_rebuilt_into_the_stock_lose_their_buried_mark():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile="3C 4C 5C QH", phase=Phase.DRAW, top_buried=True)
    game.apply(Draw())
    drawn = game.seats[0].hand[-1]
    assert game.top_buried and game.view(1).top.code == "QH"  # the top keeps its 🔒
    game.apply(Discard(drawn))                                 # a card that was buried, now an ordinary discard
    assert not game.top_buried and game.view(1).top == drawn
    game.apply(TakeDiscard())
    assert game.seats[1].hand[-1] == drawn


def test_each_deal_may_rebuild_its_stock_twice_again():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="", pile="3C 4C", phase=Phase.DEAL_OVER)
    game.rebuilds = 2  # the last deal used both
    game.apply(NextDeal())
    assert game.rebuilds == 0
    for _ in range(game.players):
        game.apply(Pass())
    game.pile, game.stock = game.stock + game.pile, []  # the new deal's stock runs out at once
    game.apply(Draw())
    assert game.phase is Phase.PLAY and game.rebuilds == 1 and not game.results
