"""DEVELOPERS.md: every refused move says why, in the player's words, and changes nothing.

Each case is a move at the wrong moment; the test pins how the reason opens (what the player
reads first), not every word after it."""
import copy
import re
from dataclasses import fields, replace

import pytest

from game.actions import (
    Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard, TakeFromPile,
)
from game.melds import check_meld
from game.rules import AGGRAVATION, CONTRACT_RUMMY, GALLERY, MeldKind
from game.state import IllegalAction, Phase
from scenario import table

HANDS = ["5H 6H 7H 8H 5C 5D 5S 9C", "5C 6C 7C", "5D 6D 7D"]
WILD_SWAP = replace(AGGRAVATION, wild_swap=True)


def snapshot(game):
    """Everything in the state, the RNG by its position (Random objects never compare equal)."""
    parts = {f.name: getattr(game, f.name) for f in fields(game) if f.name != "rng"}
    return copy.deepcopy(parts), game.rng.getstate()


def first(game, code):
    return next(c for c in game.seats[game.turn].hand if c.code == code)


def drawing(**kwargs):
    return table(hands=HANDS, stock="3C 4C", pile="9D QH", phase=Phase.DRAW, **kwargs)


def playing(**kwargs):
    kwargs.setdefault("melds", [(1, "run", "9S TS JS")])
    return table(hands=HANDS, stock="3C 4C", pile="9D QH", phase=Phase.PLAY, **kwargs)


def gallery_down(hand="QH QS QD 4C", **kwargs):
    """Seat 0 down in Gallery with two sets, holding ``hand``: a further set may come next."""
    kwargs.setdefault("rules", GALLERY)
    kwargs.setdefault("down", [0])
    return table(hands=[hand, "KS KD QC"], melds=[(0, "set", "7H 7S 7C"), (0, "set", "9C 9D 9H")],
                 stock="3D 4D 5D", dealer=1, **kwargs)


def further_set(game):
    return LayMeld(check_meld(game.seats[0].hand[:3], MeldKind.SET, game.rules))


def joker_run(down=(0,)):
    """Contract Rummy: a run and a set each holding a joker, and seat 0 holding 8♥ and 9♠."""
    return table(hands=["8H 9S 4C", "KS KD"], melds=[(1, "run", "5H 6H 7H JK"), (1, "set", "9C 9D JK")],
                 down=list(down), rules=CONTRACT_RUMMY, dealer=1)


def round_seven(hand, went_down_now=False):
    """Contract Rummy's round seven, seat 0 down beside its own run of hearts 4–7."""
    game = table(hands=[hand, "KS KD QC"], melds=[(0, "run", "4H 5H 6H 7H")], down=[0], rounds=[7, 7],
                 stock="3D 4D", rules=CONTRACT_RUMMY, dealer=1)
    game.went_down_now = went_down_now
    return game


def two_runs(game):
    hand = game.seats[0].hand
    return GoDown((check_meld(hand[0:3], MeldKind.RUN), check_meld(hand[0:3], MeldKind.RUN)))


CASES = [
    ("swap after the swap round", drawing, lambda g: Swap(first(g, "9C")),
     "You can only swap with the pile during the swap round"),
    ("take from an empty pile", lambda: table(hands=HANDS, stock="3C", pile="", phase=Phase.DRAW),
     lambda g: TakeDiscard(), "The discard pile is empty: draw from the stock"),
    ("take a buried card", lambda: drawing(top_buried=True), lambda g: TakeDiscard(),
     "That card is buried 🔒: nobody may take it"),
    ("take after drawing", playing, lambda g: TakeDiscard(), "You have already drawn this turn"),
    ("steal outside the claims", playing, lambda g: Steal(), "There is no discard to steal right now"),
    ("go down before drawing", drawing, lambda g: GoDown(()), "Draw a card before going down"),
    ("go down twice", lambda: playing(down=[0]), lambda g: GoDown(()), "You are already down this deal"),
    ("one card in two melds", lambda: playing(rounds=[2, 1, 1]), two_runs, "A card can only be in one meld"),
    ("lay off before drawing", drawing, lambda g: LayOff(first(g, "8H"), 0, "low"),
     "Draw a card before laying off"),
    ("lay off on a meld past the last", lambda: playing(down=[0]), lambda g: LayOff(first(g, "9C"), 1, None),
     "There is no such meld on the table"),
    ("swap a wild without the house rule", playing, lambda g: SwapWild(first(g, "9C"), 0, 0),
     "Taking a wild back off the table is not a rule at this table"),
    ("swap a wild before drawing", lambda: drawing(rules=WILD_SWAP), lambda g: SwapWild(first(g, "9C"), 0, 0),
     "Draw a card before swapping a wild"),
    ("swap a wild on a meld past the last", lambda: playing(rules=WILD_SWAP),
     lambda g: SwapWild(first(g, "9C"), 1, 0), "There is no such meld on the table"),
    ("next deal mid-deal", playing, lambda g: NextDeal(), "Finish this deal first"),
    ("draw in the swap round", lambda: table(hands=HANDS, stock="3C", pile="QH", phase=Phase.SWAP),
     lambda g: Draw(), "It is the swap round: swap a card with the pile or pass"),
    ("draw twice", playing, lambda g: Draw(), "You have already drawn this turn"),
    ("draw between deals", lambda: table(hands=HANDS, stock="3C", pile="QH", phase=Phase.DEAL_OVER),
     lambda g: Draw(), "You cannot draw now"),
    ("draw after the game", lambda: table(hands=HANDS, stock="3C", pile="QH", phase=Phase.GAME_OVER),
     lambda g: Draw(), "The game is over"),
    ("pass instead of drawing", drawing, lambda g: Pass(), "There is nothing to pass on now: draw a card"),
    ("discard before drawing", drawing, lambda g: Discard(first(g, "9C")), "Draw a card before discarding"),
    # The moves the other rulebooks add: Gallery's deep pick and further melds, Contract Rummy's joker swap.
    ("a deep pick at a table that takes only the top", drawing, lambda g: TakeFromPile(g.pile[0]),
     "Only the top discard may be taken at this table"),
    ("a deep pick after drawing", lambda: playing(rules=GALLERY), lambda g: TakeFromPile(g.pile[0]),
     "You have already drawn this turn"),
    ("a further meld at a table of contract melds only", lambda: gallery_down(rules=AGGRAVATION), further_set,
     "Only your contract's melds may be laid down at this table"),
    ("a further meld before drawing", lambda: gallery_down(phase=Phase.DRAW), further_set,
     "Draw a card before laying down a meld"),
    ("a further meld before going down", lambda: gallery_down(down=[]), further_set,
     "Go down with your contract before laying more melds"),
    ("a further meld that leaves nothing to discard",
     lambda: gallery_down("QH QS QD", rules=replace(GALLERY, keep_card_to_discard=1)), further_set,
     "Keep at least 1 card to discard"),
    ("a joker swap before going down", lambda: joker_run(down=()), lambda g: SwapWild(first(g, "8H"), 0, 3),
     "Go down with your contract before taking a wild"),
    ("a joker swapped for a joker", lambda: table(hands=["JK 9S", "KS KD"], melds=[(1, "run", "5H 6H 7H JK")],
                                                  down=[0], rules=CONTRACT_RUMMY, dealer=1),
     lambda g: SwapWild(first(g, "JK"), 0, 3), "🃏 is a wild itself: only a natural card can take a wild's place"),
    ("a joker swap from a set", joker_run, lambda g: SwapWild(first(g, "9S"), 1, 2),
     "Only a wild in a run may be taken back at this table"),
    ("lay off before going down", playing, lambda g: LayOff(first(g, "9C"), 0, "low"),
     "Go down with your contract before laying off"),
    ("a plain two laid off on a run of hearts", lambda: round_seven("2C 9S 4C"),
     lambda g: LayOff(first(g, "2C"), 0, "high"), "2♣ does not fit: that run takes 8♥ or a wild"),
    ("a round-seven lay-off the turn of going down, with a card that fits nowhere",
     lambda: round_seven("8H 2C", went_down_now=True), lambda g: LayOff(first(g, "8H"), 0, "high"),
     "You went down this turn: you may lay off now only to go out, and the cards you hold cannot all be laid off"),
    ("a round-seven lay-off the turn of going down, in an order that strands a card",
     lambda: round_seven("JK 8H", went_down_now=True), lambda g: LayOff(first(g, "JK"), 0, "high"),
     "Not that one first: with 🃏 there, the rest of your hand cannot all follow it"
     " (the turn you go down, you may lay off only to go out)"),
    ("the last card discarded in round seven", lambda: round_seven("8H"), lambda g: Discard(first(g, "8H")),
     "This round you go out by playing every card to the table, not by a discard"),
    ("a discard while a card fits the table (Gallery)", lambda: gallery_down("7D KH"),
     lambda g: Discard(first(g, "KH")),
     "Lay off 7♦ first: every card that fits a meld on the table must go there before you discard"),
    ("a going down with something that is no meld", playing, lambda g: GoDown(("x",)),
     "That move is malformed: a meld is needed, not 'x'"),
    ("a round-seven lay-off that strands a two that fits nowhere", lambda: round_seven("8H 2C"),
     lambda g: LayOff(first(g, "8H"), 0, "high"),
     "This round you go out by playing every card: do not keep just one card that fits nowhere"),
]


@pytest.mark.parametrize("build, move, reason", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_move_at_the_wrong_moment_is_refused_with_its_reason(build, move, reason):
    game = build()
    action = move(game)
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="^" + re.escape(reason)):
        game.apply(action)
    assert snapshot(game) == before


def test_something_that_is_not_a_move_is_refused_by_name():
    game = playing()
    with pytest.raises(IllegalAction, match="^That move is malformed: 'draw' is not a move in this game$"):
        game.apply("draw")


def test_a_further_meld_keeps_a_card_to_discard_only_in_a_round_that_ends_with_a_discard():
    """The rule is the seat's round's: in a round gone out by playing every card, the last
    cards may go down as a further meld and the player is out."""
    rules = replace(GALLERY, keep_card_to_discard=1, no_discard_rounds=(2,))
    game = gallery_down("QH QS QD", rules=rules, rounds=[2, 2])
    game.apply(further_set(game))
    assert game.results[-1].went_out == 0
    game = gallery_down("QH QS QD", rules=rules, rounds=[1, 1])
    with pytest.raises(IllegalAction, match="^Keep at least 1 card to discard$"):
        game.apply(further_set(game))
