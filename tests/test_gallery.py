"""SPEC §10: the Gallery Aggravation Rummy rulebook, one rule at a time, the allowed move and the refused one."""
import pytest

from game.actions import Discard, Draw, GoDown, LayMeld, LayOff, Steal, TakeDiscard, TakeFromPile
from game.dealing import end_deal
from game.melds import MeldError, check_meld, hand_points
from game.rules import AGGRAVATION, GALLERY, MeldKind
from game.solver import solve
from game.state import Event, IllegalAction, Phase, new_game
from scenario import card_in, cards, table

G = GALLERY


def meld(codes, kind):
    return check_meld(cards(codes), MeldKind(kind), G)


# ------------------------------------------------------------ the table and the deal


@pytest.mark.parametrize("players", [2, 6])
def test_two_to_six_players_eleven_cards_each_from_216_and_no_swap_round(players):
    game = new_game(seed=players, players=players, rules=G)
    held = sum(len(s.hand) for s in game.seats)
    assert held == 11 * players and len(game.stock) + len(game.pile) + held == 216
    assert game.phase is Phase.DRAW


@pytest.mark.parametrize("players", [1, 7])
def test_not_one_nor_seven_players(players):
    with pytest.raises(ValueError, match="2 to 6"):
        new_game(seed=1, players=players, rules=G)


def test_twelve_contracts_with_a_pair_and_a_run_of_eleven():
    assert G.rounds == 12
    assert G.contract(8).describe() == "a set of 5 and a pair"
    assert G.contract(11).describe() == "a run of 11"


def test_twos_are_wild_and_points_are_aggravations():
    assert check_meld(cards("7H 7S 2C"), MeldKind.SET, G).describe(G) == "set 7♥ 7♠ 2♣=7"
    assert hand_points(cards("2C JK AH KS 5D"), G) == hand_points(cards("2C JK AH KS 5D"), AGGRAVATION) == 70


# ------------------------------------------------------------ pairs


def test_a_pair_is_two_of_a_rank_with_a_natural():
    assert check_meld(cards("9C 9D"), MeldKind.SET, G).describe(G) == "pair 9♣ 9♦"
    assert check_meld(cards("9C JK"), MeldKind.SET, G).describe(G) == "pair 9♣ 🃏=9"
    with pytest.raises(MeldError, match="natural"):
        check_meld(cards("JK JK"), MeldKind.SET, G)
    with pytest.raises(MeldError):
        check_meld(cards("9C 9D"), MeldKind.SET, AGGRAVATION)


def test_going_down_with_a_set_of_five_and_a_pair():
    game = table(hands=["7H 7S 7C 7D JK 9C 9D KS", "QS"], rounds=[8, 8], rules=G)
    hand = game.seats[0].hand
    go = GoDown((check_meld(hand[:5], MeldKind.SET, G), check_meld(hand[5:7], MeldKind.SET, G)))
    assert go in game.legal_actions()
    game.apply(go)
    assert game.seats[0].down and [m.meld.size for m in game.table] == [5, 2]


def test_fill_for_me_lays_a_set_of_five_and_a_pair_or_says_what_each_lacks():
    contract = G.contract(8)
    fill = solve(cards("7H 7S 7C 7D JK 9C 9D KS"), contract, G)
    assert [m.describe(G) for m in fill.melds] == ["set 7♣ 7♦ 7♥ 7♠ 🃏=7", "pair 9♣ 9♦"]
    assert solve(cards("7H 7S 7C 7D 9C 9D 4S"), contract, G).missing == (
        "Needs one more 7 for the set of 5 (or a wild)")
    assert solve(cards("7H 7S 7C 7D 9C 4S 5D"), contract, G).missing == (
        "Needs one more 7 for the set of 5 and one more 4 for the pair (or 2 wilds)")


def test_a_pair_where_the_contract_wants_a_set_of_three_is_refused():
    game = table(hands=["7H 7S 9C 9D KS", "QS"], rounds=[1, 1], rules=G)
    hand = game.seats[0].hand
    with pytest.raises(IllegalAction, match="two sets of 3"):
        game.apply(GoDown((check_meld(hand[:2], MeldKind.SET, G), check_meld(hand[2:4], MeldKind.SET, G))))


def test_a_pair_on_the_table_grows_like_a_set():
    game = table(hands=["9H KS QS", "QC"], melds=[(1, "set", "9C 9D")], down=[0], rules=G, dealer=1)
    game.apply(LayOff(card_in(game.seats[0].hand, "9H"), 0))
    assert game.table[0].meld.describe(G) == "set 9♣ 9♦ 9♥"


# ------------------------------------------------------------ drawing deep in the pile


def deep(**kwargs):
    return table(hands=["5H 6H", "KS KD"], stock="3C 4C", pile="8S 9S TS JS", phase=Phase.DRAW, turn=0,
                 rules=kwargs.pop("rules", G), **kwargs)


def test_a_deep_card_comes_with_every_card_above_it():
    game = deep()
    nine = game.pile[1]
    assert TakeFromPile(nine) in game.legal_actions()
    game.apply(TakeFromPile(nine))
    assert [c.code for c in game.seats[0].hand] == ["5H", "6H", "9S", "TS", "JS"]
    assert [c.code for c in game.pile] == ["8S"] and game.phase is Phase.PLAY
    assert [c.code for c in game.view(1).events[-1].cards] == ["9S", "TS", "JS"]  # all were face up


def test_a_deep_pick_ignores_the_nineteen_card_cap():
    game = deep()
    game.seats[0].hand += cards("AC 2C 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD 3S 4S")
    game.apply(TakeFromPile(game.pile[0]))
    assert len(game.seats[0].hand) == 22


def test_no_deep_pick_in_aggravation_nor_of_a_card_not_in_the_pile():
    game = deep(rules=AGGRAVATION)
    with pytest.raises(IllegalAction, match="Only the top discard"):
        game.apply(TakeFromPile(game.pile[1]))
    assert not any(isinstance(a, TakeFromPile) for a in game.legal_actions())
    game = deep()
    with pytest.raises(IllegalAction, match="not in the discard pile"):
        game.apply(TakeFromPile(game.seats[1].hand[0]))


# ------------------------------------------------------------ buys


def discarded_by_seat0(**kwargs):
    return table(hands=["5H 6H 7H", "5C 6C 7C", "5D 6D 7D"], stock="3C 4C 8S 9S", pile="8C QH",
                 phase=Phase.DRAW, turn=1, claimable_from=0, rules=G, **kwargs)


def test_buys_have_no_limit_and_bury_nothing():
    game = discarded_by_seat0()
    game.seats[2].steals_this_deal = 40
    assert game.view(2).players[2].steals_left is None
    game.apply(Draw())
    assert game.current_player == 2
    game.apply(Steal())
    assert card_in(game.seats[2].hand, "QH") and len(game.seats[2].hand) == 5
    assert not game.top_buried and game.current_player == 1


def test_the_next_player_takes_it_as_not_for_sale():
    game = discarded_by_seat0()
    game.apply(TakeDiscard())
    assert game.seats[1].hand[-1].code == "QH"


def test_no_buy_once_down():
    game = discarded_by_seat0(down=[2], melds=[(2, "set", "9H 9C 9D")])
    assert game.view(2).steal_refusal == "You are down: no more buys this deal"
    game.apply(Draw())
    assert game.phase is Phase.PLAY  # nobody left to ask


# ------------------------------------------------------------ once down: more melds, compulsory lay-offs, waiting


def down_player(hand, melds=((0, "set", "7H 7S 7C"), (0, "set", "9C 9D 9H")), **kwargs):
    kwargs.setdefault("rules", G)
    return table(hands=[hand, "KS KD QC"], melds=list(melds), down=[0], dealer=1, stock="3D 4D 5D", **kwargs)


def test_once_down_a_further_set_of_the_contracts_kind_may_be_laid():
    game = down_player("QH QS QD 4C")
    extra = LayMeld(check_meld(game.seats[0].hand[:3], MeldKind.SET, G))
    assert extra in game.legal_actions()
    game.apply(extra)
    assert len(game.table) == 3 and [c.code for c in game.seats[0].hand] == ["4C"]


def test_a_further_meld_must_be_of_the_contracts_kinds_and_full_size():
    game = down_player("3H 4H 5H QD QS 4C")
    with pytest.raises(IllegalAction, match="no runs"):
        game.apply(LayMeld(check_meld(game.seats[0].hand[:3], MeldKind.RUN, G)))
    with pytest.raises(IllegalAction, match="at least 3"):
        game.apply(LayMeld(check_meld(game.seats[0].hand[3:5], MeldKind.SET, G)))


def test_no_further_meld_before_going_down_nor_in_aggravation():
    game = table(hands=["QH QS QD 4C", "KS"], rules=G)
    with pytest.raises(IllegalAction, match="Go down"):
        game.apply(LayMeld(check_meld(game.seats[0].hand[:3], MeldKind.SET, G)))
    game = down_player("QH QS QD 4C", rules=AGGRAVATION)
    with pytest.raises(IllegalAction, match="Only your contract"):
        game.apply(LayMeld(check_meld(game.seats[0].hand[:3], MeldKind.SET)))


def test_every_card_that_fits_must_be_laid_off_before_a_discard():
    game = down_player("7D KH")
    with pytest.raises(IllegalAction, match="Lay off 7♦ first"):
        game.apply(Discard(card_in(game.seats[0].hand, "KH")))
    assert not any(isinstance(a, Discard) for a in game.legal_actions())
    game.apply(LayOff(card_in(game.seats[0].hand, "7D"), 0))
    game.apply(Discard(card_in(game.seats[0].hand, "KH")))
    assert game.results[-1].went_out == 0


def test_in_aggravation_a_card_that_fits_may_still_be_discarded():
    game = down_player("7D KH", rules=AGGRAVATION)
    game.apply(Discard(card_in(game.seats[0].hand, "7D")))
    assert game.phase is Phase.DRAW


def test_a_player_who_lays_off_everything_waits_then_draws_next_turn():
    game = down_player("7D 9S")
    game.apply(LayOff(card_in(game.seats[0].hand, "7D"), 0))
    game.apply(LayOff(card_in(game.seats[0].hand, "9S"), 1))
    assert game.phase is Phase.DRAW and game.current_player == 1 and not game.seats[0].hand
    assert game.events[-1] == Event("waits", 0) and game.claimable_from is None
    game.apply(Draw())
    game.apply(Discard(card_in(game.seats[1].hand, "KS")))
    game.apply(Draw())
    assert [c.code for c in game.seats[0].hand] == ["4D"]
    game.apply(Discard(game.seats[0].hand[0]))
    assert game.results[-1].went_out == 0


# ------------------------------------------------------------ the game's end


def test_after_round_twelve_the_lowest_total_of_everyone_wins_even_over_the_finisher():
    game = new_game(seed=3, players=3, rules=G)
    for seat, total in zip(game.seats, (100, 60, 90)):
        seat.round, seat.total = 12, total
    game.seats[0].down = True
    game.seats[0].hand, game.seats[1].hand, game.seats[2].hand = [], cards("5C"), cards("JK")
    end_deal(game, went_out=0)
    assert game.is_over and game.outcome() == (1,)


def test_a_tie_is_shared_and_no_finisher_no_end():
    game = new_game(seed=3, players=2, rules=G)
    for seat in game.seats:
        seat.round, seat.total = 12, 50
    game.seats[0].hand, game.seats[1].hand = cards("5C"), cards("6C")
    end_deal(game, went_out=None)
    assert not game.is_over  # nobody went down on round 12
    game.apply(next(a for a in game.legal_actions()))
    game.seats[1].down = True
    game.seats[0].hand, game.seats[1].hand = cards("5C"), cards("6C")
    end_deal(game, went_out=None)
    assert game.outcome() == (0, 1)


def test_a_tie_on_total_is_shared_even_when_the_last_deal_differs():
    """Gallery shares a tie: the last deal's points, Contract Rummy's tie-break, decide nothing."""
    game = new_game(seed=3, players=2, rules=G)
    for seat, total in zip(game.seats, (50, 45)):
        seat.round, seat.total = 12, total
    game.seats[0].down = True
    game.seats[0].hand, game.seats[1].hand = cards("5C"), cards("KC")  # 5 and 10 points: both end on 55
    end_deal(game, went_out=None)
    assert [seat.total for seat in game.seats] == [55, 55]
    assert game.is_over and game.outcome() == (0, 1)
