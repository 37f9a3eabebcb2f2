"""The page's words for rulebooks, players and house rules: the cases mutation testing found
unchecked (bench/mutants.md, game.ui.words)."""
from __future__ import annotations

import dataclasses

from game.rules import PRESETS
from game.cards import parse_cards
from game.state import Event
from game.ui.words import event_text, house_line, ordinal, rulebook_blurb, sort_hand


def test_a_house_rule_without_a_display_name_is_shown_by_its_own_name():
    assert house_line(["wild_swap", "something_new"]) == "House rules: wild swap, something_new"
    assert house_line([]) == ""


def test_blurb_says_whether_the_steal_limit_is_per_deal_or_per_game():
    aggravation = PRESETS["aggravation"]
    assert rulebook_blurb(aggravation).endswith("4 steals a deal")
    per_game = dataclasses.replace(aggravation, steal_limit_per_game=True)
    assert rulebook_blurb(per_game).endswith("4 steals a game")


def test_blurb_takes_the_deck_counts_from_the_table_sizes_when_the_rulebook_has_them():
    contract = PRESETS["contract"]
    assert "2–4 decks" in rulebook_blurb(contract)
    unused = dataclasses.replace(contract, decks=9)   # a fixed count the table sizes override
    assert "2–4 decks" in rulebook_blurb(unused)


def test_places_past_a_hundred_take_their_last_digits_suffix():
    assert [ordinal(n) for n in (101, 102, 111, 112, 113, 121, 122, 123)] == [
        "101st", "102nd", "111th", "112th", "113th", "121st", "122nd", "123rd"]


def test_wild_cards_lead_the_hand_whatever_their_suit_and_only_the_rulebooks_wilds():
    cards = parse_cards("AC 2S 5H JK 2D")
    assert [c.code for c in sort_hand(cards, "number", PRESETS["aggravation"])] == ["JK", "2D", "2S", "AC", "5H"]
    # Contract Rummy: only jokers are wild, so a 2 sorts by its number like any card
    assert [c.code for c in sort_hand(cards, "number", PRESETS["contract"])] == ["JK", "AC", "2D", "2S", "5H"]
    assert [c.code for c in sort_hand(cards, "suit", PRESETS["contract"])] == ["JK", "AC", "2D", "5H", "2S"]


def test_a_deep_pick_of_two_cards_names_the_one_above():
    event = Event("took", 1, tuple(parse_cards("4D QH")))
    assert event_text(event, ["You", "Scout 1"]) == "Scout 1 took 4♦ and the card above it"
    assert event_text(Event("took", 1, tuple(parse_cards("4D"))), ["You", "Scout 1"]) == "Scout 1 took 4♦"
