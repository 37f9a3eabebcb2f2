"""The page's words for rulebooks, players and house rules: the cases mutation testing found
unchecked (bench/mutants.md, game.ui.words)."""
from __future__ import annotations

import dataclasses

from game.rules import PRESETS
from game.ui.words import house_line, possessive, rulebook_blurb


def test_possessive_of_the_player_and_of_a_bot():
    assert possessive("You") == "Your"
    assert possessive("you") == "you’s"   # only the player's own seat name becomes "Your"
    assert possessive("Ace") == "Ace’s"


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
