"""SPEC §11: the Contract Rummy rulebook, one rule at a time, the allowed move and the refused one."""

import pytest

from game.actions import Discard, Draw, GoDown, LayOff, NextDeal, Pass, Steal, SwapWild, TakeDiscard
from game.dealing import end_deal, start_deal
from game.melds import MeldError, check_meld, hand_points
from game.rules import CONTRACT_RUMMY, MeldKind
from game.solver import solve
from game.state import IllegalAction, Phase, new_game
from scenario import card_in, cards, table

CR = CONTRACT_RUMMY


def meld(codes, kind):
    return check_meld(cards(codes), MeldKind(kind), CR)


# ------------------------------------------------------------ the table and the deal


@pytest.mark.parametrize("players, shoe", [(3, 108), (4, 108), (5, 162), (6, 162), (7, 216), (8, 216)])
def test_the_shoe_grows_with_the_table(players, shoe):
    game = new_game(seed=players, players=players, rules=CR)
    held = sum(len(s.hand) for s in game.seats)
    assert held == 10 * players
    assert len(game.stock) + len(game.pile) + held == shoe


@pytest.mark.parametrize("players", [2, 9])
def test_three_to_eight_players(players):
    with pytest.raises(ValueError, match="3 to 8"):
        new_game(seed=1, players=players, rules=CR)


def test_rounds_five_to_seven_deal_twelve_and_there_is_no_swap_round():
    game = new_game(seed=4, players=4, rules=CR)
    assert game.phase is Phase.DRAW and game.current_player == 1
    for seat in game.seats:
        seat.round = 5
    start_deal(game, dealer=1)
    assert [len(s.hand) for s in game.seats] == [12] * 4 and game.phase is Phase.DRAW


def test_only_jokers_are_wild_and_a_two_is_a_plain_card():
    assert check_meld(cards("7H 7S JK"), MeldKind.SET, CR).describe(CR) == "set 7♥ 7♠ 🃏=7"
    assert check_meld(cards("AH 2H 3H"), MeldKind.RUN, CR).describe(CR) == "run A♥ 2♥ 3♥"
    with pytest.raises(MeldError):
        check_meld(cards("7H 7S 2C"), MeldKind.SET, CR)


def test_card_points():
    assert hand_points(cards("2C 9D TD JH QS KC AH JK"), CR) == 5 + 5 + 10 * 4 + 15 + 15


# ------------------------------------------------------------ buys


def discarded_by_seat0(**kwargs):
    """Seat 0 has just discarded QH; seat 1 is to draw."""
    kwargs.setdefault("hands", ["5H 6H 7H", "5C 6C 7C", "5D 6D 7D", "5S 6S 7S"])
    return table(stock=kwargs.pop("stock", "3C 4C 8S 9S"), pile=kwargs.pop("pile", "QH"), phase=Phase.DRAW,
                 turn=1, claimable_from=0, rules=CR, **kwargs)


def test_a_buy_takes_the_discard_and_the_top_stock_card_and_the_turn_stays():
    game = discarded_by_seat0()
    game.apply(Draw())
    assert game.phase is Phase.CLAIMS and game.current_player == 2
    game.apply(Steal())
    game.apply(Pass())
    buyer = [c.code for c in game.seats[2].hand]
    assert buyer[-2:] == ["QH", "9S"]
    assert game.current_player == 1 and game.phase is Phase.PLAY
    assert game.seats[2].steals_this_deal == 1


def test_a_buy_is_public_but_the_fee_card_is_not():
    game = discarded_by_seat0()
    game.apply(Draw())
    game.apply(Steal())
    game.apply(Pass())
    seen = game.view(3)
    bought = [e for e in seen.events if e.kind == "bought"]
    assert [(e.seat, [c.code for c in e.cards]) for e in bought] == [(2, ["QH"])]
    assert seen.players[2].cards == 5 and seen.players[2].steals_left == 2


def test_the_closest_buyer_to_the_discarders_left_wins():
    game = discarded_by_seat0()
    game.apply(Draw())
    game.apply(Steal())  # seat 2
    game.apply(Steal())  # seat 3
    assert card_in(game.seats[2].hand, "QH") and len(game.seats[3].hand) == 3


def test_the_player_to_move_beats_every_buyer_by_taking_the_discard():
    game = discarded_by_seat0()
    game.apply(TakeDiscard())
    assert game.seats[1].hand[-1].code == "QH" and game.phase is Phase.PLAY


def test_three_buys_a_round_then_no_more():
    game = discarded_by_seat0()
    game.seats[2].steals_this_deal = 3
    game.apply(Draw())
    assert game.current_player == 3  # seat 2 is not even asked
    assert game.view(2).steal_refusal == "You have used all 3 buys this deal"


def test_no_buy_once_down():
    game = discarded_by_seat0(down=[2], melds=[(2, "set", "9H 9C 9D")])
    game.apply(Draw())
    assert game.current_player == 3
    assert game.view(2).steal_refusal == "You are down: no more buys this deal"


def test_nothing_is_buried_after_a_buy():
    game = discarded_by_seat0(pile="8C QH")
    game.apply(Draw())
    game.apply(Steal())
    game.apply(Pass())
    assert not game.top_buried and game.pile[-1].code == "8C"


# ------------------------------------------------------------ going down, laying off, the joker swap


def test_two_runs_of_one_contract_may_not_be_the_same_cards():
    game = table(hands=["5H 6H 7H 8H 5H 6H 7H 8H 9C", "KS"], rounds=[3, 3], rules=CR)
    hand = game.seats[0].hand
    same = GoDown((check_meld(hand[:4], MeldKind.RUN, CR), check_meld(hand[4:8], MeldKind.RUN, CR)))
    refusal = "^Two runs of your contract may not be the same suit and the same numbers$"
    with pytest.raises(IllegalAction, match=refusal):
        game.apply(same)
    assert game.legal_actions()[0] != same and not game.seats[0].down


def test_the_solver_never_fills_two_runs_with_the_same_cards():
    from game.solver import shortfall, solve

    hand = cards("5H 6H 7H 8H 5H 6H 7H 8H 9H 9C KS 4S")
    assert [m.describe(CR) for m in solve(hand, CR.contract(3), CR).melds] == ["run 5♥ 6♥ 7♥ 8♥", "run 6♥ 7♥ 8♥ 9♥"]
    twins = cards("5H 6H 7H 8H 5H 6H 7H 8H 2C 9C KS 4S")
    assert not solve(twins, CR.contract(3), CR).ok and shortfall(twins, CR.contract(3), CR) == 1


def test_what_two_runs_of_one_suit_lack_counts_each_run_on_other_numbers():
    """5♥–8♥ and 6♥–8♥ with 9♥ missing: one more card, not the same run twice short of 4♥ and 5♥."""
    fill = solve(cards("5H 6H 7H 8H 6H 7H 8H 9C"), CR.contract(3), CR)
    assert not fill.ok and fill.missing == "Needs 9♥ for the run of 4 (or a wild)"


def test_two_runs_of_one_suit_on_other_numbers_are_fine():
    game = table(hands=["5H 6H 7H 8H 9H TH JH QH 9C", "KS"], rounds=[3, 3], rules=CR)
    hand = game.seats[0].hand
    game.apply(GoDown((check_meld(hand[:4], MeldKind.RUN, CR), check_meld(hand[4:8], MeldKind.RUN, CR))))
    assert game.seats[0].down


def test_no_lay_off_on_the_turn_you_go_down_but_on_the_next():
    game = table(hands=["7H 7S 7C 9D 9C 9S 7D KS", "5C 6C 4D 8D"], stock="3D 4H 8S",
                 rules=CR, dealer=1)
    hand = game.seats[0].hand
    game.apply(GoDown((check_meld(hand[:3], MeldKind.SET, CR), check_meld(hand[3:6], MeldKind.SET, CR))))
    seven = card_in(game.seats[0].hand, "7D")
    with pytest.raises(IllegalAction, match="next turn"):
        game.apply(LayOff(seven, 0))
    assert not any(isinstance(a, LayOff) for a in game.legal_actions())
    game.apply(Discard(card_in(game.seats[0].hand, "KS")))
    game.apply(Draw())
    game.apply(Discard(card_in(game.seats[1].hand, "5C")))
    game.apply(Draw())
    game.apply(LayOff(seven, 0))
    assert game.table[0].meld.size == 4


def swap_table(down=(0,)):
    return table(hands=["8H 3C 4C", "KS KD"], melds=[(1, "run", "5H 6H 7H JK"), (1, "set", "9C 9D JK")],
                 down=down, rules=CR, dealer=1)


def test_a_player_who_is_down_swaps_a_joker_out_of_a_run():
    game = swap_table()
    eight = card_in(game.seats[0].hand, "8H")
    assert SwapWild(eight, 0, 3) in game.legal_actions()
    game.apply(SwapWild(eight, 0, 3))
    assert [c.code for c in game.table[0].meld.cards] == ["5H", "6H", "7H", "8H"]
    assert card_in(game.seats[0].hand, "JK")


def test_no_joker_swap_from_a_set_or_before_going_down():
    game = swap_table()
    game.seats[0].hand += cards("9S")
    with pytest.raises(IllegalAction, match="in a run"):
        game.apply(SwapWild(game.seats[0].hand[-1], 1, 2))
    game = swap_table(down=())
    with pytest.raises(IllegalAction, match="Go down"):
        game.apply(SwapWild(card_in(game.seats[0].hand, "8H"), 0, 3))
    assert not any(isinstance(a, SwapWild) for a in game.legal_actions())


# ------------------------------------------------------------ round 7: out with no discard


def round7(hand, melds=(), down=()):
    return table(hands=[hand, "KS KD QC"], melds=melds, down=down, rounds=[7, 7], stock="3D 4D 5D",
                 rules=CR, dealer=1)


def test_in_round_seven_a_discard_may_leave_one_card_that_lays_off_next_turn():
    game = round7("8H KH", melds=[(0, "run", "4H 5H 6H 7H")], down=[0])
    game.apply(Discard(card_in(game.seats[0].hand, "KH")))
    assert game.phase is Phase.DRAW and [c.code for c in game.seats[0].hand] == ["8H"]


def test_in_round_seven_a_lay_off_may_not_strand_one_card_that_fits_nowhere():
    game = round7("8H KC", melds=[(0, "run", "4H 5H 6H 7H")], down=[0])
    with pytest.raises(IllegalAction, match="fits nowhere"):
        game.apply(LayOff(card_in(game.seats[0].hand, "8H"), 0, "high"))
    assert not any(isinstance(a, LayOff) for a in game.legal_actions())
    game.apply(Discard(card_in(game.seats[0].hand, "KC")))
    assert [c.code for c in game.seats[0].hand] == ["8H"]


def test_in_round_seven_only_the_lay_offs_that_leave_a_card_able_to_follow_are_listed():
    """🃏 and 8♥ beside 4♥–7♥: the joker low (8♥ follows high) and 8♥ high (the joker follows)
    are moves; the joker high would take 8♥'s place and strand it."""
    game = round7("JK 8H", melds=[(0, "run", "4H 5H 6H 7H")], down=[0])
    lay_offs = {(a.card.code, a.end) for a in game.legal_actions() if isinstance(a, LayOff)}
    assert lay_offs == {("JK", "low"), ("8H", "high")}


def test_in_round_seven_a_contract_that_takes_the_whole_hand_is_offered():
    """Going down with every card goes out: no card needs keeping for a discard."""
    game = round7("3H 4H 5H 6H 3C 4C 5C 6C 9S TS JS QS")
    go_down = [a for a in game.legal_actions() if isinstance(a, GoDown)]
    assert len(go_down) == 1
    game.apply(go_down[0])
    assert game.results[-1].went_out == 0


def test_in_round_seven_laying_off_the_last_card_goes_out():
    game = round7("8H 9H", melds=[(0, "run", "4H 5H 6H 7H")], down=[0])
    game.apply(LayOff(card_in(game.seats[0].hand, "8H"), 0, "high"))
    game.apply(LayOff(card_in(game.seats[0].hand, "9H"), 0, "high"))
    assert game.phase is Phase.DEAL_OVER or game.is_over
    assert game.results[-1].went_out == 0


def test_in_round_seven_discarding_the_last_card_is_refused():
    game = round7("8H", melds=[(1, "run", "4C 5C 6C 7C")], down=[0])
    with pytest.raises(IllegalAction, match="not by a discard"):
        game.apply(Discard(card_in(game.seats[0].hand, "8H")))
    assert all(not isinstance(a, Discard) for a in game.legal_actions())


def test_in_round_seven_going_down_and_laying_off_together_goes_out():
    hand = "3H 4H 5H 6H 3C 4C 5C 6C 9S TS JS QS KS"
    game = round7(hand)
    mine = game.seats[0].hand
    runs = tuple(check_meld(mine[n:n + 4], MeldKind.RUN, CR) for n in (0, 4, 8))
    game.apply(GoDown(runs))
    game.apply(LayOff(card_in(game.seats[0].hand, "KS"), 2, "high"))
    assert game.results[-1].went_out == 0 and not game.seats[0].hand


def test_in_round_seven_going_down_may_not_strand_one_card_that_fits_nowhere():
    hand = "3H 4H 5H 6H 3C 4C 5C 6C 9S TS JS QS KD"
    game = round7(hand)
    mine = game.seats[0].hand
    runs = tuple(check_meld(mine[n:n + 4], MeldKind.RUN, CR) for n in (0, 4, 8))
    with pytest.raises(IllegalAction, match="fits nowhere"):
        game.apply(GoDown(runs))
    assert not any(isinstance(a, GoDown) for a in game.legal_actions())


def test_before_round_seven_a_lay_off_keeps_a_card_to_discard():
    game = table(hands=["8H 9C", "KS"], melds=[(0, "run", "4H 5H 6H 7H")], down=[0], rounds=[6, 6],
                 rules=CR, dealer=1)
    game.apply(LayOff(card_in(game.seats[0].hand, "8H"), 0, "high"))
    game.apply(Discard(game.seats[0].hand[0]))
    assert game.results[-1].went_out == 0


# ------------------------------------------------------------ rounds, the stock, the game's end


def test_everyone_moves_on_together_down_or_not():
    game = new_game(seed=3, players=3, rules=CR)
    game.seats[0].down = True
    end_deal(game, went_out=0)
    assert [s.round for s in game.seats] == [2, 2, 2] and game.phase is Phase.DEAL_OVER
    game.apply(NextDeal())
    assert [len(s.hand) for s in game.seats] == [10] * 3


def test_the_stock_is_rebuilt_once_then_the_round_ends():
    game = table(hands=["5H 6H", "KS KD", "QC QD"], stock="", pile="2C 3C 4C", phase=Phase.DRAW, turn=0,
                 rules=CR)
    game.apply(Draw())
    assert game.rebuilds == 1 and game.phase is Phase.PLAY
    game.stock.clear()
    game.apply(Discard(game.seats[0].hand[0]))
    game.apply(Draw())
    assert game.results[-1].dead


def test_after_round_seven_the_lowest_total_of_all_wins_and_ties_go_to_the_lower_round_seven_score():
    game = new_game(seed=3, players=3, rules=CR)
    for seat, total in zip(game.seats, (100, 60, 90)):
        seat.round, seat.total = 7, total
    game.seats[0].down = True
    game.seats[0].hand = cards("KS")            # 10: 110
    game.seats[1].hand = cards("AH JK")         # 30: 90
    game.seats[2].hand = []                     # 0: 90
    end_deal(game, went_out=2)
    assert game.is_over and game.outcome() == (2,)


def test_a_tie_on_total_and_round_seven_score_is_shared():
    game = new_game(seed=3, players=3, rules=CR)
    for seat in game.seats:
        seat.round, seat.total = 7, 50
    game.seats[0].hand, game.seats[1].hand, game.seats[2].hand = cards("KS"), cards("QS"), cards("AH")
    end_deal(game, went_out=None)
    assert game.outcome() == (0, 1)


def test_before_round_seven_the_game_goes_on():
    game = new_game(seed=3, players=3, rules=CR)
    for seat in game.seats:
        seat.round = 6
    end_deal(game, went_out=None)
    assert not game.is_over and [s.round for s in game.seats] == [7, 7, 7]
