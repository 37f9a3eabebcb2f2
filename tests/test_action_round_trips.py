"""A game is its seed plus its actions (game.log): every field of every action survives a save,
a malformed meld is refused by name, and each action has a short readable description."""
import pytest

from game.actions import (ActionFormatError, Discard, Draw, GoDown, LayOff, SwapWild, action_from_json,
                          action_to_json, describe, meld_from_json)
from game.cards import parse_cards
from game.melds import check_meld
from game.rules import MeldKind


def one(code):
    return parse_cards(code)[0]


RUN = check_meld(parse_cards("5H 6H JK"), MeldKind.RUN)
SET = check_meld(parse_cards("KH KD KS"), MeldKind.SET)


@pytest.mark.parametrize("action", [
    LayOff(one("8H"), 2, "low"), LayOff(one("8H"), 2, "high"), LayOff(one("KC"), 0, None),
    SwapWild(one("7H"), 1, 2), GoDown((RUN, SET)), Discard(one("QH")), Draw(),
])
def test_every_field_of_an_action_survives_a_save(action):
    assert action_from_json(action_to_json(action)) == action


def test_a_run_keeps_its_suit_through_a_save():
    back = action_from_json(action_to_json(GoDown((RUN,))))
    assert back.melds[0].suit == "H" and back.melds[0].describe() == "run 5♥ 6♥ 🃏=7♥"


def test_a_meld_suit_that_is_not_text_is_refused_by_name():
    data = {"kind": "run", "rank": 5, "suit": 7, "cards": ["5H", "6H", "JK"]}
    with pytest.raises(ActionFormatError, match=r"^a run names its suit \(C, D, H or S\), not 7$"):
        meld_from_json(data)


def test_a_meld_missing_its_cards_is_refused_as_malformed():
    with pytest.raises(ActionFormatError, match="^a meld's cards are a list, not None$"):
        meld_from_json({"kind": "run", "rank": 5, "suit": "H"})
    with pytest.raises(ActionFormatError, match="^a meld's cards are a list, not '5H 6H JK'$"):
        meld_from_json({"kind": "run", "rank": 5, "suit": "H", "cards": "5H 6H JK"})


def test_a_meld_that_is_not_an_object_is_refused_quoting_what_came():
    with pytest.raises(ActionFormatError, match="^a meld is an object, not a list$"):
        meld_from_json(["5H", "6H", "JK"])
    with pytest.raises(ActionFormatError, match="^a meld is an object, not 'run 5♥ 6♥ 🃏'$"):
        meld_from_json("run 5♥ 6♥ 🃏")


@pytest.mark.parametrize("action, text", [
    (Discard(one("QH")), "Discard Q♥"),
    (LayOff(one("7H"), 2, "high"), "LayOff 7♥ on meld 2 (high)"),
    (LayOff(one("KC"), 0, None), "LayOff K♣ on meld 0"),
    (SwapWild(one("8H"), 1, 2), "SwapWild 8♥ into meld 1 at 2"),
    (GoDown((RUN, SET)), "GoDown run 5♥ 6♥ 🃏=7♥ | " + SET.describe()),
    (Draw(), "Draw"),
])
def test_each_action_reads_as_a_short_line(action, text):
    assert describe(action) == text


@pytest.mark.parametrize("data, message", [
    ([1, 2], "not an action: a list"),
    ({"type": "LayOff", "card": "8H", "meld": 0, "end": "middle"}, "a run's end is 'low' or 'high', not 'middle'"),
    ({"type": "LayOff", "card": "8H", "meld": "0", "end": "low"}, "LayOff needs a meld number, not '0'"),
    ({"type": "SwapWild", "card": "8H", "meld": "1", "index": 2}, "SwapWild needs a meld number, not '1'"),
    ({"type": "SwapWild", "card": "8H", "meld": 1, "index": "2"}, "SwapWild needs a place in the meld, not '2'"),
    ({"type": "GoDown", "melds": "5H 6H 7H"}, "GoDown needs a list of melds, not '5H 6H 7H'"),
    ({"type": "Discard"}, "Discard is missing its card"),
])
def test_a_malformed_action_is_refused_by_what_is_wrong(data, message):
    with pytest.raises(ActionFormatError) as refused:
        action_from_json(data)
    assert str(refused.value) == message
