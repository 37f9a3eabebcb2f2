"""SPEC §4.2–4.3: what the player to draw is offered — the stock always, the discard only when
it is there and not buried 🔒."""
from game.actions import Draw, TakeDiscard
from game.state import Phase
from scenario import table

HANDS = ["5H 6H 7H", "5C 6C 7C", "5D 6D 7D"]


def choices(**kwargs):
    game = table(hands=HANDS, stock="3C 4C 8S", phase=Phase.DRAW, turn=1, **kwargs)
    return game.legal_actions()


def test_a_live_discard_may_be_taken_or_the_stock_drawn():
    assert choices(pile="9D QH", claimable_from=0) == [Draw(), TakeDiscard()]


def test_a_buried_top_offers_only_the_stock():
    assert choices(pile="9D QH", top_buried=True) == [Draw()]


def test_an_empty_pile_offers_only_the_stock():
    assert choices(pile="") == [Draw()]
