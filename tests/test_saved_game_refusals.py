"""DEVELOPERS.md: a corrupt saved game gets a clear error and loses nothing — each malformed part
of a save is refused with a reason that opens by naming that part."""
import json

import pytest

from game.log import LogError, load

GOOD = {"format": "aggravation-log", "version": 1, "seed": 1, "players": 3, "preset": "aggravation",
        "house_rules": [], "names": None, "actions": []}


def save(**changes):
    return json.dumps({**GOOD, **changes})


@pytest.mark.parametrize("text, opening", [
    ("{not json", "this saved game is not readable JSON"),
    (json.dumps({**GOOD, "format": "chess"}), "this is not an Aggravation saved game"),
    (save(house_rules=["bogus"]), "unknown house rule 'bogus'"),
    (save(house_rules=["ace_wrap", "bogus"]), "unknown house rule 'bogus'"),
    (save(seed="x"), "a saved game's seed is a whole number from 0 to 2**63 - 1, not 'x'"),
    (save(players=None), "this saved game cannot start: Aggravation takes 3 to 5 players, not None"),
    (save(names="You"), "a saved game names each of its 3 players once"),
    (save(names=[1, 2, 3]), "a player's name is text of 1 to 40 characters, not 1"),
    (save(actions={}), "a saved game needs a list of actions"),
    (save(actions=[{"type": "Discard", "card": "QH"}]), "move 1 (Discard) is not legal here: "),
])
def test_a_bad_part_of_a_save_is_named(text, opening):
    with pytest.raises(LogError) as refused:
        load(text)
    assert str(refused.value).startswith(opening)


def test_house_rules_that_are_not_a_list_are_refused():
    with pytest.raises(LogError):
        load(save(house_rules="ace_wrap"))


def test_the_good_save_used_above_loads():
    log, state = load(save())
    assert state.players == 3 and log.actions == []
