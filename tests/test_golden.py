"""Golden replays: recorded complete games replay to their recorded scores and winners.

If a change to the engine breaks one of these, the game plays differently
from before: either the change is a bug, or it is a deliberate rule change
and the logs are regenerated in the same commit (see bench.playout).
"""
import json
from pathlib import Path

import pytest

from game.log import GameLog

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))
# The other rulebooks' games sit apart: the page's replay (tests/test_ui_replay.py) plays Aggravation only so far.
# Among them, games played by the bots (with "seats"), recorded by bench.golden.
GOLDEN += sorted((Path(__file__).parent / "golden" / "presets").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=[p.stem for p in GOLDEN])
def test_a_recorded_game_replays_to_its_recorded_scores(path):
    text = path.read_text()
    expected = json.loads(text)["expected"]
    state = GameLog.from_json(text).replay()
    assert state.is_over
    assert [s.total for s in state.seats] == expected["totals"]
    assert [s.round for s in state.seats] == expected["rounds"]
    assert list(state.outcome()) == expected["winners"]
    assert state.deal_number == expected["deals"]


def test_there_are_golden_games_for_three_four_and_five_players_and_for_each_rulebook():
    games = [json.loads(p.read_text()) for p in GOLDEN]
    assert {g["players"] for g in games if g["preset"] == "aggravation"} == {3, 4, 5}
    assert {g["preset"] for g in games} == {"aggravation", "gallery", "contract"}


BOT_GAMES = [p for p in GOLDEN if "seats" in json.loads(p.read_text())]


def test_each_other_rulebook_has_a_whole_game_played_by_a_mixed_table_of_bots():
    games = [json.loads(p.read_text()) for p in BOT_GAMES]
    for preset in ("gallery", "contract"):
        tables = [g["seats"] for g in games if g["preset"] == preset]
        assert any(set(seats) == {"ace", "scout", "sprout"} for seats in tables), preset


@pytest.mark.parametrize("path", BOT_GAMES, ids=[p.stem for p in BOT_GAMES])
def test_the_bots_still_play_their_golden_game(path):
    """Same seed, same seats: the bots choose every action again (regenerate: python -m bench.golden)."""
    from bench.golden import file_name, record

    stored = json.loads(path.read_text())
    seats = tuple(stored["seats"])
    assert path.name == file_name(stored["preset"], stored["seed"], seats)
    assert record(stored["preset"], stored["seed"], seats) == stored
