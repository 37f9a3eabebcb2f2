"""Every rule lives in the rules object, so any combination of them plays: each check reads the
table's own rules, never the default rulebook's. The cases mix Contract Rummy's natural twos with
rules of the other books (ace wrap, Gallery's compulsory lay-off and further melds) and with its
own round seven, where a two or a joker decides whether the turn can end."""
from dataclasses import replace

from game.actions import Discard, LayMeld, LayOff
from game.rules import CONTRACT_RUMMY, Contract, MeldKind, MeldSpec
from game.solver import solve
from game.state import Phase
from scenario import card_in, table

CR = CONTRACT_RUMMY


def codes(cards):
    return [c.code for c in cards]


def test_going_out_by_play_a_natural_two_goes_before_the_joker_that_would_take_its_place():
    """Round seven, down this very turn: a lay-off is allowed only if every card left can follow
    it. Left with 🃏 and 2♥ beside 3♥–6♥, the two goes low first and the joker after it; the
    joker first would take the two's place and strand it."""
    game = table(["9C JK 2H", "KS KD QC"], melds=[(0, "run", "3H 4H 5H 6H"), (0, "run", "5C 6C 7C 8C")],
                 down=[0], rounds=[7, 7], stock="3D 4D", rules=CR, dealer=1)
    game.went_down_now = True
    game.apply(LayOff(card_in(game.seats[0].hand, "9C"), 1, "high"))
    assert codes(game.seats[0].hand) == ["JK", "2H"] and game.phase is Phase.PLAY


def test_going_out_by_play_with_ace_wrap_a_card_past_the_ace_counts_as_fitting():
    """Contract Rummy with ace wrap-around: after Q♥ K♥ A♥ 2♥ comes 3♥, so laying off J♥ and
    keeping 3♥ leaves a card that fits."""
    rules = replace(CR, ace_wrap=True)
    game = table(["JH 3H", "KS KD QC"], melds=[(0, "run", "QH KH AH 2H")], down=[0], rounds=[7, 7],
                 stock="3D 4D", rules=rules, dealer=1)
    game.apply(LayOff(card_in(game.seats[0].hand, "JH"), 0, "low"))
    assert codes(game.seats[0].hand) == ["3H"]
    assert codes(game.table[0].meld.cards) == ["JH", "QH", "KH", "AH", "2H"]


def test_laying_off_on_the_turn_of_going_down_still_lists_only_lay_offs_that_leave_a_card_able_to_follow():
    """Round seven goes out by play whether or not a lay-off may follow a going down the same turn."""
    rules = replace(CR, lay_off_when_going_down=True)
    game = table(["JK 8H", "KS KD QC"], melds=[(0, "run", "4H 5H 6H 7H")], down=[0], rounds=[7, 7],
                 stock="3D 4D", rules=rules, dealer=1)
    lay_offs = {(a.card.code, a.end) for a in game.legal_actions() if isinstance(a, LayOff)}
    assert lay_offs == {("JK", "low"), ("8H", "high")}


def test_a_compulsory_lay_off_asks_only_for_cards_that_fit_under_the_tables_rules():
    """Where twos are plain cards, a 2♣ does not fit a run of hearts, so it does not stop a discard."""
    rules = replace(CR, must_lay_off=True)
    game = table(["2C KS", "KD QC"], melds=[(0, "run", "5H 6H 7H 8H")], down=[0], stock="3D 4D",
                 rules=rules, dealer=1)
    assert Discard(card_in(game.seats[0].hand, "KS")) in game.legal_actions()
    game.apply(Discard(card_in(game.seats[0].hand, "KS")))
    assert codes(game.seats[1].hand) == ["KD", "QC"] and game.pile[-1].code == "KS"


def test_a_further_set_of_natural_twos_is_offered_where_twos_are_plain_cards():
    rules = replace(CR, extra_melds=True)
    game = table(["2H 2S 2D 9C", "KD QC"], melds=[(0, "set", "5H 5S 5D"), (0, "set", "8H 8S 8D")],
                 down=[0], stock="3D 4D", rules=rules, dealer=1)
    further = [a for a in game.legal_actions() if isinstance(a, LayMeld)]
    assert [sorted(codes(a.extra.cards)) for a in further] == [["2D", "2H", "2S"]]
    game.apply(further[0])
    assert codes(game.seats[0].hand) == ["9C"]


def test_the_further_meld_offered_is_the_tables_own_best_fill():
    """Twos plain, jokers wild: the offer is what the table's solver lays (here K♦ and two jokers),
    not what it would lay where twos are wild (2♦ and two jokers)."""
    rules = replace(CR, extra_melds=True)
    game = table(["JK 8C KD JK 2D", "KD QC"], melds=[(0, "set", "5H 5S 5D"), (0, "set", "8H 8S 8D")],
                 down=[0], stock="3D 4D", rules=rules, dealer=1)
    best = solve(game.seats[0].hand, Contract((MeldSpec(MeldKind.SET, 3),)), rules).melds[0]
    further = [a.extra for a in game.legal_actions() if isinstance(a, LayMeld)]
    assert further == [best] and sorted(codes(best.cards)) == ["JK", "JK", "KD"]
