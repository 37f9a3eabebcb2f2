"""Going-down frames and hand sorting: pure UI logic, run under CPython with no `js` module."""

import sys

from game.cards import parse_cards
from game.rules import AGGRAVATION, PRESETS, MeldKind, MeldSpec
from game.ui.session import frames as fr
from game.ui.session.frames import extra_kinds, extra_meld, frame_status, partial_problem
from game.ui.words import event_text, sort_hand
from game.state import Event

SET3 = MeldSpec(MeldKind.SET, 3)
RUN4 = MeldSpec(MeldKind.RUN, 4)


def test_ui_modules_import_without_a_browser():
    """Everything the worker runs must import under plain CPython (worker.py imports PyScript lazily)."""
    import game.ui.app, game.ui.dispatch, game.ui.session.session, game.ui.screens.table.markup, game.ui.screens.table.model, game.ui.worker  # noqa: F401,E401

    assert "js" not in sys.modules and "pyscript" not in sys.modules


def test_a_frame_is_valid_only_with_a_real_meld_of_its_exact_size():
    assert fr.frame_status(parse_cards("KH KS KD"), SET3, AGGRAVATION).ok
    assert not fr.frame_status(parse_cards("KH KS"), SET3, AGGRAVATION).ok
    assert fr.frame_status(parse_cards("KH KS"), SET3, AGGRAVATION).need == "needs 1 more card"
    assert "exactly 3" in fr.frame_status(parse_cards("KH KS KD KC"), SET3, AGGRAVATION).need
    assert fr.frame_status(parse_cards("5H 6H JK 8H"), RUN4, AGGRAVATION).ok
    assert fr.frame_status(parse_cards("5H 6S"), RUN4, AGGRAVATION).need == "a run is all one suit"
    assert "one number" in fr.frame_status(parse_cards("5H 6S 7D"), SET3, AGGRAVATION).need


def test_a_tapped_card_goes_to_the_frame_it_fits_and_back_on_a_second_tap():
    hand = parse_cards("KH KS 5H 6H 7H 9C")
    by_key = {c.key: c for c in hand}
    specs = (SET3, RUN4)
    frames = fr.Frames.open(specs)
    fr.toggle(frames, hand[0], by_key, specs, AGGRAVATION)       # K♥ → the set (active frame)
    frames.active = 1
    fr.toggle(frames, hand[2], by_key, specs, AGGRAVATION)       # 5♥ → the run
    fr.toggle(frames, hand[1], by_key, specs, AGGRAVATION)       # K♠ does not fit the run → the set
    assert frames.keys == [[hand[0].key, hand[1].key], [hand[2].key]]
    fr.toggle(frames, hand[0], by_key, specs, AGGRAVATION)       # tap again: back to the hand
    assert frames.keys == [[hand[1].key], [hand[2].key]]


def test_chosen_melds_only_when_every_frame_is_valid_and_readings_can_be_flipped():
    hand = parse_cards("KH KS KD 2H 3H 4H 5H")
    by_key = {c.key: c for c in hand}
    specs = (SET3, RUN4)
    frames = fr.Frames([[c.key for c in hand[:3]], [c.key for c in hand[3:6]]], 0, [0, 0])
    assert fr.chosen_melds(frames, by_key, specs, AGGRAVATION) is None
    frames.keys[1].append(hand[6].key)
    melds = fr.chosen_melds(frames, by_key, specs, AGGRAVATION)
    assert [m.kind for m in melds] == [MeldKind.SET, MeldKind.RUN]
    first = melds[1].describe()
    frames.readings[1] += 1
    assert fr.chosen_melds(frames, by_key, specs, AGGRAVATION)[1].describe() != first


def test_sorting_keeps_the_cards_and_puts_wilds_left():
    hand = parse_cards("9S KH 2C 5S JK 5H AH 2D")
    for order in ("number", "suit"):
        shown = sort_hand(hand, order, AGGRAVATION)
        assert sorted(shown) == sorted(hand)
        assert [c.code for c in shown[:3]] == ["JK", "2C", "2D"]
    assert [c.code for c in sort_hand(hand, "suit", AGGRAVATION)[3:]] == ["AH", "5H", "KH", "5S", "9S"]


def test_log_lines_use_the_game_words():
    card = parse_cards("7H")[0]
    assert event_text(Event("stole", 2, (card,)), ["You", "Scout 1", "Scout 2"]) == "Scout 2 stole 7♥ 🫳"
    assert event_text(Event("no_steal", 1), ["You", "Scout 1"]) is None


def test_attributes_keep_a_zero_and_drop_only_false_or_none():
    from game.ui.screens.html import attrs

    assert attrs(data_arg=0, disabled=False, hidden=True, title=None) == 'data-arg="0" hidden'


# ------------------------------------------------------------------ edges found by mutation testing
# (bench/mutants.md, game.ui.frames): each rulebook's own wilds, the exact words, a bound one past.


def test_a_frames_status_says_exactly_what_it_needs_under_the_tables_rules():
    contract = PRESETS["contract"]
    three = contract.contracts[0].melds[0]                       # a set of 3
    seven_two = parse_cards("7H 7S 2C")
    status = frame_status(seven_two, three, contract)            # Contract Rummy: a 2 is a 2
    assert (status.ok, status.need, status.readings) == (False, "A set is cards of one number; this has 2, 7", ())
    assert frame_status(seven_two, three, PRESETS["aggravation"]).ok is True     # Aggravation: the 2 is wild
    status = frame_status(parse_cards("7H 7S 7C 7D"), three, contract)
    assert (status.ok, status.need, status.readings) == (False, "too many cards: a set of 3 holds exactly 3", ())
    status = frame_status(parse_cards("7H 7S"), three, contract)
    assert (status.ok, status.need, status.readings) == (False, "needs 1 more card", ())
    status = frame_status(parse_cards("7H 7S 7C"), three, contract)
    assert status.ok is True and status.need == "" and len(status.readings) == 1


def test_why_cards_can_never_grow_into_a_meld():
    aggravation, contract = PRESETS["aggravation"], PRESETS["contract"]
    assert partial_problem(parse_cards("7H 8S"), MeldKind.SET, aggravation) == "a set is cards of one number"
    assert partial_problem(parse_cards("7H 8S 7D"), MeldKind.SET, aggravation) == \
        "A set is cards of one number; this has 7, 8"           # as many cards as a meld: the full reason
    assert partial_problem(parse_cards("7H 2S"), MeldKind.SET, aggravation) == ""
    assert partial_problem(parse_cards("7H 2S"), MeldKind.SET, contract) == "a set is cards of one number"
    assert partial_problem(parse_cards("7H 7H"), MeldKind.RUN, aggravation) == "a run holds each number once"
    assert partial_problem(parse_cards("7H 2S 8H"), MeldKind.RUN, aggravation) == ""
    assert partial_problem(parse_cards("7H 2S 8H"), MeldKind.RUN, contract) == "a run is all one suit"


def test_a_further_meld_is_read_as_the_contracts_kinds_allow():
    gallery = PRESETS["gallery"]
    both, sets = gallery.contracts[1], gallery.contracts[0]     # a set and a run; two sets
    assert extra_kinds(both, gallery) == "a set or a run of 3 or more cards"
    assert extra_kinds(sets, gallery) == "a set of 3 or more cards"
    assert extra_meld(parse_cards("7H 7S"), both, gallery) == \
        (None, "A further meld needs at least 3 cards: a set or a run of 3 or more cards")
    meld, why = extra_meld(parse_cards("7H 8H 2C"), both, gallery)   # the 2 is wild in Gallery
    assert meld.kind is MeldKind.RUN and why == ""
    assert extra_meld(parse_cards("7H 8S 9H"), both, gallery) == (None, "A run is all one suit; this mixes ♥ and ♠")
    # two numbers among the naturals: read as a run attempt, where both kinds are allowed
    assert extra_meld(parse_cards("7H 7S 9C"), both, gallery) == (None, "A set of 7s, but 9♣ is not a 7")  # closest
    assert extra_meld(parse_cards("7H 9H JH"), both, gallery) == \
        (None, "Your run needs 2 more ♥ between 7 and 9 (or 2 wilds)")
    assert extra_meld(parse_cards("7H 8S 2C"), sets, gallery) == (None, "A set is cards of one number; this has 7, 8")


def test_tapping_cards_in_and_out_of_frames_moves_on_when_one_is_full_and_says_when_all_are():
    sets = [MeldSpec(MeldKind.SET, 3), MeldSpec(MeldKind.SET, 3)]
    hand = parse_cards("7H 7S 7C 9H 9S 9C 9D")
    by_key = {card.key: card for card in hand}
    frames = fr.Frames.open(sets)
    assert fr.toggle(frames, hand[0], by_key, sets, AGGRAVATION) == "" and frames.keys[0] == [hand[0].key]
    frames.readings[0] = 1                                   # a reading was picked...
    assert fr.toggle(frames, hand[0], by_key, sets, AGGRAVATION) == ""    # ...and the card taken back: reading 0 again
    assert frames.keys[0] == [] and frames.readings[0] == 0
    for card in hand[:3]:
        frames.readings[0] = 1
        assert fr.toggle(frames, card, by_key, sets, AGGRAVATION) == "" and frames.readings[0] == 0
    assert frames.active == 1                                # the first frame is full: the next is active
    for card in hand[3:6]:
        fr.toggle(frames, card, by_key, sets, AGGRAVATION)
    assert frames.active == 1                                # all full: it stays where it was
    assert fr.toggle(frames, hand[6], by_key, sets, AGGRAVATION) == "Every frame is full: tap a framed card to take it back"


def test_a_tapped_card_goes_where_it_fits_under_the_tables_own_wilds():
    sets = [MeldSpec(MeldKind.SET, 3), MeldSpec(MeldKind.SET, 3)]
    hand = parse_cards("7H 7S 2C")
    by_key = {card.key: card for card in hand}
    for preset, where in (("aggravation", 0), ("contract", 1)):   # a wild 2 joins the 7s; a plain 2 does not
        frames = fr.Frames.open(sets)
        for card in hand[:2]:
            fr.toggle(frames, card, by_key, sets, PRESETS[preset])
        fr.toggle(frames, hand[2], by_key, sets, PRESETS[preset])
        assert frames.frame_of(hand[2].key) == where, preset


def test_a_fill_keeps_the_reading_it_chose_and_starts_at_the_first_frame():
    aggravation = PRESETS["aggravation"]
    readings = fr.read_meld(parse_cards("5H 6H JK"), MeldKind.RUN, aggravation)
    assert len(readings) == 2                                # the joker as the 4 or as the 7
    for chosen in readings:
        frames = fr.Frames.open([MeldSpec(MeldKind.RUN, 3)])
        frames.active, frames.readings[0] = 1, 1
        fr.fill_from(frames, [chosen], aggravation)
        assert frames.keys[0] == [c.key for c in chosen.cards] and frames.active == 0
        again = fr.read_meld([c for c in chosen.cards], MeldKind.RUN, aggravation)
        picked = again[frames.readings[0]]
        assert (picked.rank, picked.suit, picked.cards) == (chosen.rank, chosen.suit, chosen.cards)


def test_frames_open_empty_and_come_back_from_a_save_only_when_they_fit_exactly():
    sets = [MeldSpec(MeldKind.SET, 3), MeldSpec(MeldKind.SET, 3)]
    assert fr.Frames.open(sets).readings == [0, 0] and fr.Frames.open(sets).active == 0
    hand = parse_cards("7H 7S 7C 9H 9S 9C")
    keys = [card.key for card in hand]
    every_card = {"keys": [keys[:3], keys[3:]], "active": 1, "readings": [0, 2]}   # both frames full
    back = fr.restore(every_card, hand, sets)
    assert (back.keys, back.active, back.readings) == ([keys[:3], keys[3:]], 1, [0, 2])
    assert fr.restore(None, hand, sets) is None
    assert fr.restore({"keys": [keys[:3]], "active": 0, "readings": [0]}, hand, sets) is None   # another contract
    assert fr.restore({"keys": [keys[:4], []], "active": 0, "readings": [0, 0]}, hand, sets) is None   # over its size


def test_a_full_frame_that_reads_as_no_meld_says_why_under_the_tables_rules():
    run4 = MeldSpec(MeldKind.RUN, 4)
    status = fr.frame_status(parse_cards("5H 6H 7H 9H"), run4, PRESETS["aggravation"])
    assert (status.ok, status.need) == (False, "Your run needs one more ♥ between 7 and 9 (or a wild)")
    status = fr.frame_status(parse_cards("5H 6H 2H 8H"), run4, PRESETS["contract"])     # a 2 is a 2
    assert (status.ok, status.need) == (False, "Your run needs 3 more ♥ between 2 and 5 (or 3 wilds)")
    assert fr.frame_status(parse_cards("5H 6H 2H 8H"), run4, PRESETS["aggravation"]).ok is True
    set3 = MeldSpec(MeldKind.SET, 3)                              # not full yet: can it still become one?
    assert fr.frame_status(parse_cards("7H 2S"), set3, PRESETS["contract"]).need == "a set is cards of one number"
    assert fr.frame_status(parse_cards("7H 2S"), set3, PRESETS["aggravation"]).need == "needs 1 more card"
