"""SPEC §7: the table's log names each public move (the other rulebooks' moves too, §10–§11);
and the wild-swap house rule works on a run that wraps past the king when the ace-wrap house rule
is on too (SPEC §9)."""
from dataclasses import replace

from game.actions import GoDown, LayMeld, LayOff, Pass, Swap, SwapWild, TakeDiscard, TakeFromPile
from game.melds import check_meld
from game.rules import AGGRAVATION, CONTRACT_RUMMY, GALLERY, MeldKind
from game.state import Event, Phase
from game.ui.words import log_lines
from scenario import table

NAMES = ["You", "Scout 1", "Scout 2"]


def card(game, seat, code):
    return next(c for c in game.seats[seat].hand if c.code == code)


def test_the_swap_round_is_logged_swap_by_swap():
    game = table(["5H 9C", "KC 8C", "9D 5C"], stock="3S", pile="QH", phase=Phase.SWAP, turn=1, dealer=0)
    game.apply(Pass())
    game.apply(Swap(card(game, 2, "5C")))
    assert log_lines(game.view(0).events, NAMES) == ["Scout 1 passed on the swap", "Scout 2 swapped 5♣ for Q♥"]


def test_taking_the_discard_is_logged_and_leaves_nothing_to_steal():
    game = table(["5H", "KC 8C", "9D 2C"], stock="3S 4S", pile="4D QH", phase=Phase.DRAW,
                 turn=1, claimable_from=0)
    game.apply(TakeDiscard())
    assert log_lines(game.view(0).events, NAMES) == ["Scout 1 took Q♥"]
    for seat in range(3):
        assert game.view(seat).steal_refusal == "There is no discard to steal"


def test_going_down_and_laying_off_are_logged():
    game = table(["5H 5C 5D 9S 9C 9D 9H QS", "KC 8C", "9D 2C"], stock="3S", phase=Phase.PLAY)
    hand = game.seats[0].hand
    melds = (check_meld(hand[0:3], MeldKind.SET), check_meld(hand[3:6], MeldKind.SET))
    game.apply(GoDown(melds))
    game.apply(LayOff(card(game, 0, "9H"), 1, None))
    assert log_lines(game.view(1).events, NAMES) == ["You went down 📥", "You laid off 9♥"]
    laid = tuple(c for meld in melds for c in meld.cards)
    assert game.events[-2] == Event("went_down", 0, laid)  # the page makes these cards glow
    assert [placed.owner for placed in game.table] == [0, 0]


def test_after_a_take_nothing_is_buried_where_discards_are_never_buried():
    game = table(["5H 6H", "KS KD", "QC"], stock="3C 4C", pile="8S 9S", phase=Phase.DRAW, rules=GALLERY)
    game.apply(TakeDiscard())
    assert not game.top_buried and not game.view(1).top_buried  # 8♠ under it is live, no 🔒
    game = table(["5H 6H", "KS KD", "QC"], stock="3C 4C", pile="9S", phase=Phase.DRAW)
    game.apply(TakeDiscard())
    assert not game.pile and not game.top_buried  # Aggravation: an empty pile has no buried top


def test_a_deep_pick_is_logged_with_every_card_it_brought():
    game = table(["5H 6H", "KS KD", "QC"], stock="3C 4C", pile="8S 9S TS JS", phase=Phase.DRAW, rules=GALLERY)
    game.apply(TakeFromPile(game.pile[1]))
    assert game.events[-1] == Event("took", 0, tuple(game.seats[0].hand[2:]))
    assert log_lines(game.view(1).events, NAMES) == ["You took 9♠ and the 2 cards above it"]


def test_a_further_meld_is_logged_as_the_layers_own():
    game = table(["QH QS QD 4C", "KS KD", "QC"], melds=[(0, "set", "7H 7S 7C"), (0, "set", "9C 9D 9H")],
                 down=[0], rules=GALLERY)
    extra = check_meld(game.seats[0].hand[:3], MeldKind.SET, GALLERY)
    game.apply(LayMeld(extra))
    assert game.table[-1].owner == 0 and game.table[-1].meld == extra
    assert game.events[-1] == Event("laid_down", 0, extra.cards)
    assert log_lines(game.view(2).events, NAMES) == ["You laid down another meld"]


def test_a_joker_swap_is_logged_with_both_cards():
    game = table(["3C 8H", "KS KD", "QC"], melds=[(1, "run", "5H 6H 7H JK")], down=[1], turn=1,
                 rules=CONTRACT_RUMMY)
    game.seats[1].hand.append(game.seats[0].hand.pop())  # the 8♥ to seat 1, whose turn it is
    eight = card(game, 1, "8H")
    game.apply(SwapWild(eight, 0, 3))
    joker = game.seats[1].hand[-1]
    assert joker.code == "JK" and game.events[-1] == Event("swapped_wild", 1, (eight, joker))
    assert log_lines(game.view(0).events, NAMES) == ["Scout 1 swapped 8♥ for 🃏 on the table"]


def test_a_natural_takes_a_wilds_place_past_the_king_when_runs_wrap():
    rules = replace(AGGRAVATION, wild_swap=True, ace_wrap=True)
    game = table(["3H 9C", "KC 8C", "9D 5C"], stock="3S", phase=Phase.PLAY, rules=rules,
                 melds=[(1, "run", "KH AH 2H JK 4H")])  # the joker stands for 3♥
    three = card(game, 0, "3H")
    assert SwapWild(three, 0, 3) in game.legal_actions()
    game.apply(SwapWild(three, 0, 3))
    assert [c.code for c in game.table[0].meld.cards] == ["KH", "AH", "2H", "3H", "4H"]
    assert "JK" in [c.code for c in game.seats[0].hand]
