"""SPEC §1 and §4.1–§4.3: dealing, the swap round, a turn, going down, laying off, buried discards."""
from dataclasses import replace

import pytest

from game.actions import Discard, Draw, GoDown, LayOff, NextDeal, Pass, Steal, Swap, TakeDiscard
from game.cards import Card
from game.melds import check_meld
from game.rules import MeldKind
from game.state import IllegalAction, Phase, new_game
from scenario import card_in, table


def test_a_new_game_deals_eleven_each_from_a_216_card_shoe_and_turns_one_up():
    game = new_game(seed=11, players=4)
    assert [len(s.hand) for s in game.seats] == [11] * 4
    assert len(game.pile) == 1
    assert len(game.stock) + 1 + 44 == 216


def test_the_swap_round_starts_left_of_the_dealer_and_makes_one_lap():
    game = new_game(seed=2, players=3)
    assert game.phase is Phase.SWAP and game.dealer == 0
    order = []
    for _ in range(3):
        order.append(game.current_player)
        game.apply(Pass())
    assert order == [1, 2, 0]
    assert game.phase is Phase.DRAW and game.current_player == 1


def test_a_swap_trades_a_hand_card_for_the_up_card_which_the_next_player_sees():
    game = new_game(seed=3, players=3)
    up = game.pile[-1]
    given = game.seats[1].hand[0]
    game.apply(Swap(given))
    assert up in game.seats[1].hand and given not in game.seats[1].hand
    assert game.pile[-1] == given and len(game.pile) == 1
    assert game.view(2).top == given


@pytest.mark.parametrize("action", [Draw(), TakeDiscard(), Steal()])
def test_no_drawing_or_stealing_during_the_swap_round(action):
    game = new_game(seed=4, players=3)
    with pytest.raises(IllegalAction):
        game.apply(action)


def test_the_card_left_by_the_swap_lap_may_be_taken_but_not_stolen():
    game = new_game(seed=5, players=3)
    for _ in range(3):
        game.apply(Pass())
    game.apply(Draw())
    assert game.phase is Phase.PLAY  # nobody was asked to claim the swap-round card


def test_draw_from_the_stock_takes_its_top_card():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="KS QS", pile="3C", phase=Phase.DRAW)
    game.apply(Draw())
    assert game.seats[0].hand[-1].code == "QS" and game.phase is Phase.PLAY


def test_taking_the_discard_uncovers_a_buried_card_nobody_may_take():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="KS QS", pile="3C 4C", phase=Phase.DRAW)
    game.apply(TakeDiscard())
    assert game.seats[0].hand[-1].code == "4C"
    assert game.top_buried and game.view(1).top_buried


def test_a_buried_top_cannot_be_taken_and_the_next_discard_makes_the_pile_live():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="KS QS", pile="3C", phase=Phase.DRAW, top_buried=True)
    with pytest.raises(IllegalAction, match="buried"):
        game.apply(TakeDiscard())
    game.apply(Draw())
    game.apply(Discard(game.seats[0].hand[0]))
    assert not game.top_buried
    game.apply(TakeDiscard())
    assert game.seats[1].hand[-1].code == "5H"


def test_every_turn_ends_with_a_discard_and_play_passes_left():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="KS QS", phase=Phase.PLAY)
    with pytest.raises(IllegalAction):
        game.apply(Draw())
    game.apply(Discard(game.seats[0].hand[0]))
    assert game.current_player == 1 and game.phase is Phase.DRAW


def test_discarding_the_last_card_goes_out_and_ends_the_deal():
    game = table(["5H", "7C 8C", "9D TD"], stock="KS QS", phase=Phase.PLAY, down=[0])
    game.apply(Discard(game.seats[0].hand[0]))
    assert game.phase is Phase.DEAL_OVER and game.results[-1].went_out == 0


def go_down(game, *groups):
    hand = game.seats[game.turn].hand
    melds = []
    for kind, codes in groups:
        picked = []
        for code in codes.split():
            picked.append(next(c for c in hand if c.code == code and c not in picked))
        melds.append(check_meld(picked, MeldKind(kind), game.rules))
    return GoDown(tuple(melds))


ROUND1 = "KC KD KH 7C 7D JK 9S 4H"


def test_going_down_lays_exactly_the_contract():
    game = table([ROUND1, "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY)
    game.apply(go_down(game, ("set", "KC KD KH"), ("set", "7C 7D JK")))
    assert game.seats[0].down and len(game.table) == 2
    assert sorted(c.code for c in game.seats[0].hand) == ["4H", "9S"]


@pytest.mark.parametrize("groups", [
    [("set", "KC KD KH")],                                         # too few melds
    [("set", "KC KD KH JK"), ("set", "7C 7D 7H")],                 # a meld bigger than its spec
    [("set", "KC KD KH"), ("set", "7C 7D JK"), ("set", "9S 9H 2C")],  # an extra meld
    [("set", "KC KD KH"), ("run", "8H 9H 7H")],                    # a run where a set is asked
])
def test_going_down_refuses_anything_but_the_contract(groups):
    game = table([ROUND1 + " 9H 7H 8H 2C 4S", "3C", "9D TD"], stock="KS", phase=Phase.PLAY)
    before = list(game.seats[0].hand)
    with pytest.raises(IllegalAction, match="contract is two sets of 3"):
        game.apply(go_down(game, *groups))
    assert game.seats[0].hand == before and not game.table and not game.seats[0].down


def test_going_down_refuses_a_false_reading_with_its_reason():
    game = table([ROUND1, "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY)
    honest = go_down(game, ("set", "KC KD KH"), ("set", "7C 7D JK"))
    forged = GoDown((honest.melds[0], replace(honest.melds[1], rank=9)))
    with pytest.raises(IllegalAction, match="7♣ cannot stand in the place of 9"):
        game.apply(forged)
    assert not game.table


def test_going_down_needs_a_card_left_to_discard():
    game = table(["KC KD KH 7C 7D JK", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY)
    with pytest.raises(IllegalAction, match="discard"):
        game.apply(go_down(game, ("set", "KC KD KH"), ("set", "7C 7D JK")))


def test_going_down_happens_once_per_deal():
    game = table(["KC KD KH 7C 7D JK 9S 4H", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY, down=[0])
    with pytest.raises(IllegalAction, match="already down"):
        game.apply(go_down(game, ("set", "KC KD KH"), ("set", "7C 7D JK")))


def test_laying_off_needs_to_be_down_and_works_the_same_turn():
    game = table([ROUND1 + " KS 8D", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY)
    king = card_in(game.seats[0].hand, "KS")
    with pytest.raises(IllegalAction, match="Go down"):
        game.apply(LayOff(king, 0))
    game.apply(go_down(game, ("set", "KC KD KH"), ("set", "7C 7D JK")))
    game.apply(LayOff(king, 0))
    assert len(game.table[0].meld.cards) == 4


def test_laying_off_onto_anybodys_meld_at_either_end_of_a_run():
    game = table(["6H 9H 2D 5C", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY, down=[0],
                 melds=[(1, "run", "7H 8H JK")])
    assert game.table[0].meld.rank == 7
    game.apply(LayOff(card_in(game.seats[0].hand, "6H"), 0, "low"))
    game.apply(LayOff(card_in(game.seats[0].hand, "2D"), 0, "high"))
    meld = game.table[0].meld
    assert meld.rank == 6 and meld.size == 5


def test_laying_off_must_keep_one_card_to_discard():
    game = table(["KS", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY, down=[0],
                 melds=[(0, "set", "KC KD KH")])
    with pytest.raises(IllegalAction, match="discard"):
        game.apply(LayOff(game.seats[0].hand[0], 0))


def test_a_card_that_does_not_fit_is_refused_with_a_reason():
    game = table(["5C 9S", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY, down=[0],
                 melds=[(1, "run", "7H 8H 9H")])
    with pytest.raises(IllegalAction, match="6♥ or 10♥"):
        game.apply(LayOff(game.seats[0].hand[0], 0))


def test_acting_out_of_turn_is_refused_and_changes_nothing():
    game = new_game(seed=9, players=3)
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(Pass(), seat=2)
    assert game.current_player == 1


def test_a_card_not_in_hand_is_refused():
    game = table(["5H 6H", "7C 8C", "9D TD"], stock="KS QS", phase=Phase.PLAY)
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply(Discard(Card.parse("7C")))


def test_next_deal_moves_the_dealer_one_seat_clockwise():
    game = table(["5H", "7C 8C", "9D TD"], stock="KS QS", phase=Phase.PLAY, down=[0], turn=0, dealer=2)
    game.apply(Discard(game.seats[0].hand[0]))
    game.apply(NextDeal())
    assert game.dealer == 0 and game.current_player == 1 and game.phase is Phase.SWAP


def test_the_wild_swap_house_rule_trades_a_natural_for_the_wild_it_stands_for():
    from game.actions import SwapWild
    from game.rules import AGGRAVATION
    rules = replace(AGGRAVATION, wild_swap=True)
    game = table(["8H 5C", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY, rules=rules,
                 melds=[(1, "run", "7H JK 9H")])
    eight = card_in(game.seats[0].hand, "8H")
    assert SwapWild(eight, 0, 1) in game.legal_actions()
    with pytest.raises(IllegalAction, match="natural 8♥"):
        game.apply(SwapWild(card_in(game.seats[0].hand, "5C"), 0, 1))
    game.apply(SwapWild(eight, 0, 1))
    assert [c.code for c in game.table[0].meld.cards] == ["7H", "8H", "9H"]
    assert "JK" in [c.code for c in game.seats[0].hand]


def test_without_the_house_rule_wilds_stay_on_the_table():
    from game.actions import SwapWild
    game = table(["8H 5C", "2C 3C", "9D TD"], stock="KS", phase=Phase.PLAY, melds=[(1, "run", "7H JK 9H")])
    with pytest.raises(IllegalAction, match="not a rule"):
        game.apply(SwapWild(card_in(game.seats[0].hand, "8H"), 0, 1))
