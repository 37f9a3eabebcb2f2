"""DEVELOPERS.md: every refused move says why, in the player's words, and changes nothing.

Each case is a move at the wrong moment; the test pins how the reason opens (what the player
reads first), not every word after it."""
import copy
import re
from dataclasses import fields, replace

import pytest

from game.actions import Discard, Draw, GoDown, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard
from game.melds import check_meld
from game.rules import AGGRAVATION, MeldKind
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
