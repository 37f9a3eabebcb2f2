"""Issue 8: ``apply()`` given a malformed action refuses it with a reason and changes nothing.

A string where a card belongs, ``None``, a bool or out-of-range meld number,
``end="middle"``, an end for a set, melds that are not melds: each is an
IllegalAction (never AttributeError, TypeError or IndexError), and a snapshot
of the whole state — hidden parts and the RNG included — is the same after.
"""
import copy
from dataclasses import replace
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.actions import (
    Discard, Draw, GoDown, LayMeld, LayOff, NextDeal, Pass, Steal, Swap, SwapWild, TakeDiscard, describe, malformed,
)
from game.cards import Card, parse_cards
from game.melds import Meld, check_meld
from game.rules import AGGRAVATION, GALLERY, HOUSE_RULES, MeldKind
from game.state import IllegalAction, Phase
from scenario import table

WILD_SWAP = replace(AGGRAVATION, wild_swap=True)


def snapshot(state):
    """Everything in the state, copied; the RNG by its internal state (Random objects compare by identity)."""
    fields = {name: value for name, value in vars(state).items() if name != "rng"}
    return copy.deepcopy(fields), state.rng.getstate()


def position(down=True):
    """Seat 0 to play, with a set of 9s (index 0) and a run 5♥ 6♥ 🃏 (index 1) on the table."""
    return table(["7H 9S 4H QS 2C KD", "3C 4C", "TD JD"], stock="KS QC", pile="8D", phase=Phase.PLAY,
                 down=[0] if down else [], rules=WILD_SWAP,
                 melds=[(1, "set", "9C 9D JK"), (2, "run", "5H 6H JK")])


def hand(game, code):
    return next(c for c in game.seats[0].hand if c.code == code)


SEVEN = parse_cards("7H")[0]
NINES = tuple(parse_cards("9C/1 9D/1 9H/1"))


@pytest.mark.parametrize("action, words", [
    (None, "None is not a move"),
    ("Draw", "'Draw' is not a move"),
    (Draw, "a type is not a move"),
    (object(), "an object is not a move"),
    (Discard("QS"), "Discard needs a card, not 'QS'"),
    (Discard(None), "Discard needs a card, not None"),
    (Discard(Card(99, "Z")), "needs a card, not a Card"),
    (Discard(Card(True, "H")), "needs a card"),
    (Discard(Card(0, "H")), "needs a card"),       # a joker has no suit
    (Discard(Card(7, "HH")), "needs a card"),
    (Discard(Card(7, "", 0)), "needs a card"),
    (Discard(Card(7, "H", -1)), "needs a card"),
    (Discard(Card(7, "H", 1.5)), "needs a card"),
    (Swap(7), "Swap needs a card, not 7"),
    (LayOff("7H", 1, "high"), "LayOff needs a card"),
    (LayOff(SEVEN, True, "high"), "LayOff needs a meld number, not True"),
    (LayOff(SEVEN, "1", "high"), "LayOff needs a meld number, not '1'"),
    (LayOff(SEVEN, 1.0, "high"), "LayOff needs a meld number, not 1.0"),
    (LayOff(SEVEN, None, "high"), "LayOff needs a meld number, not None"),
    (LayOff(SEVEN, 1, "middle"), "'low' or 'high', not 'middle'"),
    (LayOff(SEVEN, 1, "HIGH"), "'low' or 'high'"),
    (LayOff(SEVEN, 1, 1), "'low' or 'high', not 1"),
    (SwapWild(SEVEN, 1, True), "SwapWild needs a place in the meld, not True"),
    (SwapWild(SEVEN, 1, "2"), "SwapWild needs a place in the meld"),
    (SwapWild(SEVEN, False, 2), "SwapWild needs a meld number, not False"),
    (SwapWild(None, 1, 2), "SwapWild needs a card"),
    (GoDown([Meld(MeldKind.SET, NINES, 9)]), "GoDown needs a tuple of melds, not a list"),
    (GoDown(None), "GoDown needs a tuple of melds, not None"),
    (GoDown((None,)), "a meld is needed, not None"),
    (GoDown(("9C 9D 9H",)), "a meld is needed"),
    (GoDown((Meld("set", NINES, 9),)), "a meld is a set or a run, not 'set'"),
    (GoDown((Meld(MeldKind.SET, list(NINES), 9),)), "a meld's cards must be a tuple of cards"),
    (GoDown((Meld(MeldKind.SET, ("9C", "9D", "9H"), 9),)), "a meld's cards must be a tuple of cards"),
    (GoDown((Meld(MeldKind.SET, NINES, True),)), "rank is a whole number from 1 \\(ace\\) to 13 \\(king\\), not True"),
    (GoDown((Meld(MeldKind.SET, NINES, "9"),)), "rank .* not '9'"),
    (GoDown((Meld(MeldKind.SET, NINES, 0),)), "rank .* not 0"),
    (GoDown((Meld(MeldKind.SET, NINES, 9, "H"),)), "a set names no suit, but this one names 'H'"),
    (GoDown((Meld(MeldKind.RUN, NINES, 9),)), "a run names its suit \\(C, D, H or S\\), not None"),
    (GoDown((Meld(MeldKind.RUN, NINES, 9, "ZZ"),)), "a run names its suit .* not 'ZZ'"),
])
def test_a_malformed_action_is_refused_with_its_reason_and_changes_nothing(action, words):
    game = position()
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=f"^That move is malformed: (.* )?{words}"):
        game.apply(action)
    assert snapshot(game) == before


@pytest.mark.parametrize("make, words", [
    (lambda g: LayOff(hand(g, "7H"), -1, "high"), "no such meld"),
    (lambda g: LayOff(hand(g, "7H"), 2, "high"), "no such meld"),
    (lambda g: LayOff(hand(g, "7H"), 2**100), "no such meld"),
    (lambda g: LayOff(hand(g, "9S"), 0, "low"), "A set has no low or high end"),
    (lambda g: LayOff(hand(g, "9S"), 0, "high"), "A set has no low or high end"),
    (lambda g: SwapWild(hand(g, "7H"), 1, -1), "no wild in that place"),
    (lambda g: SwapWild(hand(g, "7H"), 1, 3), "no wild in that place"),
    (lambda g: SwapWild(hand(g, "7H"), 1, 10**30), "no wild in that place"),
    (lambda g: SwapWild(hand(g, "7H"), 1, 0), "no wild in that place"),
    (lambda g: SwapWild(hand(g, "7H"), 7, 2), "no such meld"),
    (lambda g: SwapWild(hand(g, "7H"), -1, 2), "no such meld"),
])
def test_a_well_formed_action_out_of_range_is_refused_by_the_rules_and_changes_nothing(make, words):
    game = position()
    action = make(game)
    assert malformed(action) is None
    before = snapshot(game)
    with pytest.raises(IllegalAction, match=words):
        game.apply(action)
    assert snapshot(game) == before


def test_the_same_cards_lay_off_on_the_set_without_an_end_and_swap_at_the_right_place():
    game = position()
    game.apply(LayOff(hand(game, "9S"), 0))
    game.apply(SwapWild(hand(game, "7H"), 1, 2))
    assert [c.code for c in game.table[1].meld.cards] == ["5H", "6H", "7H"]


@pytest.mark.parametrize("seat", [True, "0", 0.0, None])
def test_a_seat_that_is_not_a_whole_number_is_not_the_player_to_move(seat):
    game = position()
    if seat is None:
        game.apply(Discard(hand(game, "QS")), seat)  # None: no seat check
        return
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="not your turn"):
        game.apply(Discard(hand(game, "QS")), seat)
    assert snapshot(game) == before


# ------------------------------------------------------------ anything at all

GARBAGE = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(), st.floats(), st.text(max_size=4),
    st.sampled_from(["low", "high", "middle", "QS", "set", "run", "H", MeldKind.SET, MeldKind.RUN]),
    st.builds(Card, st.integers(-1, 15) | st.booleans(), st.sampled_from(["", "C", "D", "H", "S", "Z", "HH"]),
              st.integers(-1, 3)),
    st.lists(st.integers(0, 3), max_size=2),
)


def actions_for(game):
    """Actions of every type whose fields are drawn from hand cards, near misses and garbage."""
    cards = st.sampled_from(game.seats[0].hand + game.seats[1].hand) | GARBAGE
    values = st.integers(-1, 3) | GARBAGE
    melds = st.builds(Meld, st.sampled_from(list(MeldKind)) | GARBAGE,
                      st.lists(cards, max_size=4).map(tuple) | GARBAGE, st.integers(0, 14) | GARBAGE,
                      st.sampled_from([None, "H", "S"]) | GARBAGE)
    return st.one_of(
        st.builds(Discard, cards), st.builds(Swap, cards),
        st.builds(LayOff, cards, values, st.sampled_from([None, "low", "high"]) | GARBAGE),
        st.builds(SwapWild, cards, values, values),
        st.builds(GoDown, st.lists(melds, max_size=3).map(tuple) | st.lists(melds, max_size=2) | GARBAGE),
        st.sampled_from([Draw(), Pass(), Steal(), TakeDiscard(), NextDeal()]), GARBAGE,
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), down=st.booleans())
def test_any_action_is_played_or_refused_with_a_reason_and_no_change(data, down):
    game = position(down)
    action = data.draw(actions_for(game))
    before = snapshot(game)
    try:
        game.apply(action)
    except IllegalAction as error:
        assert str(error) and snapshot(game) == before
    describe(action, game.rules)  # words for any action, played, refused or malformed


# ------------------------------------------------------------ describe() under every house rule

SWITCHES = sorted(HOUSE_RULES)


@pytest.mark.parametrize("on", list(product([False, True], repeat=len(SWITCHES))))
def test_describe_names_every_meld_under_every_house_rule_combination(on):
    rules = replace(AGGRAVATION, **dict(zip(SWITCHES, on)))
    game = position()
    game.rules = rules
    for codes, kind in [("QH KH AH 2H JK", "run"), ("KH AH 2H", "run"), ("AS 2S 3S", "run"), ("2C 2D JK", "set")]:
        for meld in _readings(codes, MeldKind(kind), rules):
            text = describe(GoDown((meld,)), rules)
            assert text.startswith(f"GoDown {kind} ") and describe(GoDown((meld,))).startswith("GoDown ")
    for action in game.legal_actions():
        assert describe(action, rules)


def _readings(codes, kind, rules):
    try:
        return [check_meld(parse_cards(codes), kind, rules)]
    except ValueError:
        return []  # K-A-2 is no run without ace wrap


def test_a_wrapped_run_is_described_by_the_cards_its_wilds_stand_for():
    rules = replace(AGGRAVATION, ace_wrap=True)
    meld = check_meld(parse_cards("QH KH AH 2H JK"), MeldKind.RUN, rules)
    assert describe(GoDown((meld,)), rules) == "GoDown run Q♥ K♥ A♥ 2♥ 🃏=3♥"
    assert describe(GoDown((meld,))) == "GoDown run Q♥ K♥ A♥ 2♥ 🃏=3♥"  # default rules: no IndexError
    assert describe(Discard(None)) == "malformed move: Discard needs a card, not None"


def test_a_further_meld_is_described_with_what_its_wilds_stand_for():
    meld = check_meld(parse_cards("QH QS 2C"), MeldKind.SET, GALLERY)
    assert describe(LayMeld(meld), GALLERY) == "LayMeld set Q♥ Q♠ 2♣=Q"
