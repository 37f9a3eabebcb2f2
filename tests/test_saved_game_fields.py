"""A saved game (game.log) keeps every choice that shapes the game: the rulebook's name, the
house rules and the names, and loading checks each of them."""
import json

import pytest

from game.log import GameLog, LogError


def test_the_rulebook_name_travels_with_the_save_and_an_unknown_one_is_refused():
    text = GameLog(seed=1, players=3, preset="nope").to_json()
    assert json.loads(text)["preset"] == "nope"
    with pytest.raises(LogError, match="unknown rules preset 'nope'"):
        GameLog.from_json(text)


def test_house_rules_and_names_survive_a_round_trip():
    log = GameLog(seed=4, players=3, house_rules=("wild_swap", "ace_wrap"), names=["You", "A", "B"])
    back = GameLog.from_json(log.to_json())
    assert back.house_rules == ("wild_swap", "ace_wrap") and back.names == ["You", "A", "B"]
    state = back.replay()
    assert [seat.name for seat in state.seats] == ["You", "A", "B"]
    rules = state.rules
    assert rules.wild_swap and rules.ace_wrap and not rules.advance_after_miss
