"""The moves offered to the player to move (what bots choose from and the page enables): going
down only when a card is left to discard, lay-offs at each end that takes the card, wild swaps
only for the very card a wild stands for — and every listed move is accepted."""
from dataclasses import replace

from game.actions import Discard, GoDown, LayOff, SwapWild
from game.rules import AGGRAVATION
from game.state import Phase
from scenario import table

OTHERS = ["KC 8C", "9D TD"]


def listed(game, kind):
    return [a for a in game.legal_actions() if isinstance(a, kind)]


def card(game, code):
    return next(c for c in game.seats[0].hand if c.code == code)


def test_going_down_is_offered_only_with_a_card_left_to_discard():
    exact = table(["5C 5D 5H 9S 9C 9D"] + OTHERS, stock="3S", phase=Phase.PLAY)
    assert listed(exact, GoDown) == []
    one_over = table(["5C 5D 5H 9S 9C 9D QH"] + OTHERS, stock="3S", phase=Phase.PLAY)
    [go_down] = listed(one_over, GoDown)
    one_over.apply(go_down)
    assert one_over.seats[0].down and [c.code for c in one_over.seats[0].hand] == ["QH"]


def test_no_go_down_is_offered_when_the_hand_cannot_make_the_contract():
    game = table(["5C 5D 6H 9S 9C 8D QH"] + OTHERS, stock="3S", phase=Phase.PLAY)
    assert listed(game, GoDown) == [] and None not in game.legal_actions()
    assert len(listed(game, Discard)) == 7


def test_a_wild_is_offered_at_both_ends_of_a_run_and_not_with_the_last_card():
    game = table(["JK QS"] + OTHERS, stock="3S", phase=Phase.PLAY, down=[0], melds=[(1, "run", "5H 6H 7H")])
    joker = card(game, "JK")
    assert LayOff(joker, 0, "low") in listed(game, LayOff) and LayOff(joker, 0, "high") in listed(game, LayOff)
    last = table(["JK"] + OTHERS, stock="3S", phase=Phase.PLAY, down=[0], melds=[(1, "run", "5H 6H 7H")])
    assert listed(last, LayOff) == [] and listed(last, Discard) == [Discard(card(last, "JK"))]


def test_with_the_wild_swap_rule_lay_offs_and_swaps_are_both_offered():
    rules = replace(AGGRAVATION, wild_swap=True)
    game = table(["8H 4H QS"] + OTHERS, stock="3S", phase=Phase.PLAY, down=[0], rules=rules,
                 melds=[(1, "run", "5H 6H 7H JK 9H")])  # the joker stands for 8♥
    assert listed(game, SwapWild) == [SwapWild(card(game, "8H"), 0, 3)]
    assert LayOff(card(game, "4H"), 0, "low") in listed(game, LayOff)


def test_a_wild_swap_is_offered_only_for_the_suit_the_wild_stands_for():
    rules = replace(AGGRAVATION, wild_swap=True)
    game = table(["8C QS"] + OTHERS, stock="3S", phase=Phase.PLAY, rules=rules,
                 melds=[(1, "run", "7H JK 9H")])
    assert listed(game, SwapWild) == []


def test_where_twos_are_natural_a_two_is_offered_only_where_it_fits_as_itself():
    rules = replace(AGGRAVATION, wild_swap=True, twos_wild=False)
    game = table(["2C 2H QS"] + OTHERS, stock="3S", phase=Phase.PLAY, down=[0], rules=rules,
                 melds=[(1, "set", "KH KD KS"), (1, "run", "AH JK 3H")])  # the joker stands for 2♥
    assert listed(game, LayOff) == []
    assert listed(game, SwapWild) == [SwapWild(card(game, "2H"), 1, 1)]


def test_between_deals_only_the_next_deal_and_after_the_game_nothing():
    from game.actions import NextDeal
    game = table(["5H", "KC 8C", "9D TD"], stock="3S 4S", phase=Phase.PLAY, down=[0])
    game.apply(Discard(game.seats[0].hand[0]))
    assert game.legal_actions() == [NextDeal()]
    over = table(["5H", "KC 8C", "9D TD"], stock="3S 4S", phase=Phase.PLAY, down=[0], rounds=[11, 1, 1])
    over.apply(Discard(over.seats[0].hand[0]))
    assert over.is_over and over.legal_actions() == []
