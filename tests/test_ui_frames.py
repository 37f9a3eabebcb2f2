"""Going-down frames and hand sorting: pure UI logic, run under CPython with no `js` module."""

import sys

from game.cards import parse_cards
from game.rules import MeldKind, MeldSpec
from game.ui import frames as fr
from game.ui.words import event_text, sort_hand
from game.state import Event

SET3 = MeldSpec(MeldKind.SET, 3)
RUN4 = MeldSpec(MeldKind.RUN, 4)


def test_ui_modules_import_without_a_browser():
    """Everything the worker runs must import under plain CPython (worker.py imports PyScript lazily)."""
    import game.ui.app, game.ui.controller, game.ui.intents, game.ui.render, game.ui.viewmodel, game.ui.worker  # noqa: F401,E401

    assert "js" not in sys.modules and "pyscript" not in sys.modules


def test_a_frame_is_valid_only_with_a_real_meld_of_its_exact_size():
    assert fr.frame_status(parse_cards("KH KS KD"), SET3).ok
    assert not fr.frame_status(parse_cards("KH KS"), SET3).ok
    assert fr.frame_status(parse_cards("KH KS"), SET3).need == "needs 1 more card"
    assert "exactly 3" in fr.frame_status(parse_cards("KH KS KD KC"), SET3).need
    assert fr.frame_status(parse_cards("5H 6H JK 8H"), RUN4).ok
    assert fr.frame_status(parse_cards("5H 6S"), RUN4).need == "a run is all one suit"
    assert "one number" in fr.frame_status(parse_cards("5H 6S 7D"), SET3).need


def test_a_tapped_card_goes_to_the_frame_it_fits_and_back_on_a_second_tap():
    hand = parse_cards("KH KS 5H 6H 7H 9C")
    by_key = {c.key: c for c in hand}
    specs = (SET3, RUN4)
    frames = fr.Frames.open(specs)
    fr.toggle(frames, hand[0], by_key, specs)       # K♥ → the set (active frame)
    frames.active = 1
    fr.toggle(frames, hand[2], by_key, specs)       # 5♥ → the run
    fr.toggle(frames, hand[1], by_key, specs)       # K♠ does not fit the run → the set
    assert frames.keys == [[hand[0].key, hand[1].key], [hand[2].key]]
    fr.toggle(frames, hand[0], by_key, specs)       # tap again: back to the hand
    assert frames.keys == [[hand[1].key], [hand[2].key]]


def test_chosen_melds_only_when_every_frame_is_valid_and_readings_can_be_flipped():
    hand = parse_cards("KH KS KD 2H 3H 4H 5H")
    by_key = {c.key: c for c in hand}
    specs = (SET3, RUN4)
    frames = fr.Frames([[c.key for c in hand[:3]], [c.key for c in hand[3:6]]], 0, [0, 0])
    assert fr.chosen_melds(frames, by_key, specs) is None
    frames.keys[1].append(hand[6].key)
    melds = fr.chosen_melds(frames, by_key, specs)
    assert [m.kind for m in melds] == [MeldKind.SET, MeldKind.RUN]
    first = melds[1].describe()
    frames.readings[1] += 1
    assert fr.chosen_melds(frames, by_key, specs)[1].describe() != first


def test_sorting_keeps_the_cards_and_puts_wilds_left():
    hand = parse_cards("9S KH 2C 5S JK 5H AH 2D")
    for order in ("number", "suit"):
        shown = sort_hand(hand, order)
        assert sorted(shown) == sorted(hand)
        assert [c.code for c in shown[:3]] == ["JK", "2C", "2D"]
    assert [c.code for c in sort_hand(hand, "suit")[3:]] == ["AH", "5H", "KH", "5S", "9S"]


def test_log_lines_use_the_game_words():
    card = parse_cards("7H")[0]
    assert event_text(Event("stole", 2, (card,)), ["You", "Scout 1", "Scout 2"]) == "Scout 2 stole 7♥ 🫳"
    assert event_text(Event("no_steal", 1), ["You", "Scout 1"]) is None


def test_attributes_keep_a_zero_and_drop_only_false_or_none():
    from game.ui.render import attrs

    assert attrs(data_arg=0, disabled=False, hidden=True, title=None) == 'data-arg="0" hidden'
