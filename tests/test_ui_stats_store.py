"""The stats store's own rules (game/ui/stats.py): what it reads back, what it refuses, how it
writes, counts once and starts from the games kept. The screen's tests are test_ui_stats.py and
test_ui_statscreen.py."""
from __future__ import annotations

import json

import pytest

from game.ui import stats
from game.ui.saves import KEPT_KEY, Saves
from game.ui.stats import STATS_KEY, Stats, merged
from support import MemoryStore, RefusingStore
from test_ui_stats import GAMES, bot_game, entry

TALLY = {"games": 2, "wins": 1, "total": 300, "round": 20, "tried": 20, "first": 9, "claims": 3, "paid": 1,
         "best": 120, "top": 11}


def stored(earlier: dict) -> Stats:
    return Stats.from_json(json.dumps({"format": "aggravation-stats", "version": 1, "earlier": earlier}))


@pytest.mark.parametrize("change,kept", [
    ({}, True),
    ({"wins": 2}, True),                 # every game won
    ({"wins": 3}, False),                # more wins than games
    ({"games": 0, "wins": 0}, False),    # a table with no game is not a table
    ({"best": None}, True),              # no best known
    ({"best": -5}, False),
    ({"best": "90"}, False),
    ({"top": None}, False),
    ({"paid": 10**12 - 1}, True),        # the largest count kept
    ({"paid": 10**12}, False),
    ({"claims": True}, False),           # a truth value is not a count
])
def test_an_earlier_tally_is_read_back_only_when_every_figure_is_a_count(change, kept):
    assert bool(stored({"aggravation:scout": {**TALLY, **change}}).earlier) is kept


@pytest.mark.parametrize("key", ["aggravation:grandmaster", "poker:scout", "aggravation", "aggravation:scout:x"])
def test_an_earlier_tally_of_a_table_that_is_not_one_is_left_out(key):
    assert stored({key: TALLY, "gallery:ace": TALLY}).earlier == {"gallery:ace": TALLY}


def test_two_tallies_sum_keep_the_lower_best_and_the_higher_round_or_no_best_if_neither_has_one():
    both = merged(TALLY, {**TALLY, "best": 90, "top": 9})
    assert (both["games"], both["best"], both["top"]) == (4, 90, 11)
    assert merged({**TALLY, "best": None}, {**TALLY, "best": None})["best"] is None
    assert merged({**TALLY, "best": None}, TALLY)["best"] == 120


def test_a_tables_chart_draws_from_that_table_only():
    s = Stats()
    for n, (rules, level) in enumerate([("aggravation", "scout"), ("gallery", "scout"), ("aggravation", "ace"),
                                        ("aggravation", "scout")]):
        s.add(entry(f"g{n}", 10 * n, False, rules=rules, level=level))
    assert [e["id"] for e in s.last("aggravation", "scout", 20)] == ["g0", "g3"]
    assert [e["id"] for e in s.last("aggravation", "scout", 1)] == ["g3"]
    assert s.tallies()[("aggravation", "scout")]["games"] == 2


def test_an_earlier_tally_and_the_games_of_its_table_add_up():
    s = stored({"aggravation:scout": TALLY})
    s.add(entry("a", 90, True))
    tally = s.tallies()[("aggravation", "scout")]
    assert (tally["games"], tally["wins"], tally["best"]) == (3, 2, 90)


def test_unreadable_stats_are_moved_aside_once_and_the_copy_is_never_overwritten():
    store = MemoryStore({STATS_KEY: "{not json"})
    saves = Saves(store)
    log, _ = bot_game(*GAMES[0])
    assert stats.count(saves, log, "sprout", "one")
    assert store[STATS_KEY + ".unreadable"] == "{not json"
    assert stats.count(saves, log, "sprout", "two")               # a second write: the copy stays
    assert store[STATS_KEY + ".unreadable"] == "{not json"
    assert [e["id"] for e in Stats.from_json(store[STATS_KEY]).entries] == ["one", "two"]


def test_a_game_counted_already_writes_nothing():
    store = MemoryStore()
    saves = Saves(store)
    log, _ = bot_game(*GAMES[0])
    assert stats.count(saves, log, "sprout", "one")
    before = store[STATS_KEY]
    store[STATS_KEY] = before + " "                               # a write would put the compact text back
    assert stats.count(saves, log, "sprout", "one") is False
    assert store[STATS_KEY] == before + " "


def test_a_refused_statistics_write_is_not_the_games_cannot_save_news():
    """The player is told once when the game cannot be saved; the statistics are not the game."""
    saves = Saves(RefusingStore(STATS_KEY, STATS_KEY + ".unreadable"))
    log, _ = bot_game(*GAMES[0])
    assert stats.count(saves, log, "sprout", "one") is False
    assert saves.refused is False and saves.news_of_refusal() is False
    unreadable = Saves(RefusingStore(STATS_KEY, STATS_KEY + ".unreadable"))
    dict.__setitem__(unreadable.storage, STATS_KEY, "{not json")
    assert stats.count(unreadable, log, "sprout", "one") is False and unreadable.refused is False


def kept(game: str, end: str = "finished", **more) -> dict:
    log, _ = bot_game(*GAMES[0])
    return {"game": game, "level": "sprout", "end": end, "moves": len(log.actions), "at": 5,
            "log": log.to_json(), **more}


def test_the_first_count_goes_past_a_kept_game_it_cannot_use_to_the_ones_after_it():
    store = MemoryStore({KEPT_KEY: json.dumps([kept("left", end="abandoned"), kept("bad", log="{}"),
                                              kept("k1"), kept("k2", at=True), kept("k3", at=None)])})
    stats.opened(Saves(store))
    entries = Stats.from_json(store[STATS_KEY]).entries
    assert [(e["id"], e["at"]) for e in entries] == [("k1", 5), ("k2", 0), ("k3", 0)]


def test_opening_the_screen_counts_the_kept_games_only_the_first_time_of_all():
    store = MemoryStore({KEPT_KEY: json.dumps([kept("k1")])})
    stats.opened(Saves(store))
    assert Stats.from_json(store[STATS_KEY]).games == 1
    stats.reset(Saves(store))
    stats.opened(Saves(store))                                    # there is a key now: no second backfill
    assert Stats.from_json(store[STATS_KEY]).games == 0
