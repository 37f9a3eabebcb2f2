"""The stats store's own rules (game/ui/store/stats.py): what it reads back, what it refuses, how it
writes, counts once and starts from the games kept. The screen's tests are test_ui_stats.py and
test_ui_statscreen.py."""
from __future__ import annotations

import json

import pytest

from game.cards import parse_cards
from game.rules import CLAIM_EVENTS
from game.state import Event
from game.ui.store import stats
from game.ui.store.saves import KEPT_KEY, Saves
from game.ui.store.stats import STATS_KEY, Stats, merged
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


def test_the_first_count_leaves_out_a_kept_pass_and_play_game():
    """The record is one player's against the bots: a shared game kept on this device is not theirs."""
    shared = kept("shared", facts={"rules": "aggravation", "players": 3, "winners": ["Ana"], "you": "Ana",
                                   "place": 1, "total": 40, "deals": 11, "people": 2})
    solo_facts = {"rules": "aggravation", "players": 3, "winners": ["You"], "you": "You", "place": 1,
                  "total": 40, "deals": 11}                       # a solo game's facts name no people
    store = MemoryStore({KEPT_KEY: json.dumps([shared, kept("solo"), kept("solo-facts", facts=solo_facts)])})
    stats.opened(Saves(store))
    assert [e["id"] for e in Stats.from_json(store[STATS_KEY]).entries] == ["solo", "solo-facts"]


@pytest.mark.parametrize("change,kept_it", [
    ({}, True),
    ({"round": 1}, True), ({"round": 0}, False),               # a round is 1 or more
    ({"id": "x" * 64}, True), ({"id": "x" * 65}, False), ({"id": ""}, False),
    ({"total": 10**12 - 1}, True), ({"total": 10**12}, False),
])
def test_an_entry_is_read_back_only_within_its_bounds(change, kept_it):
    text = json.dumps({"format": "aggravation-stats", "version": 1, "games": [entry("a", 120, True) | change]})
    assert bool(Stats.from_json(text).entries) is kept_it


def test_a_table_of_one_game_is_a_table():
    assert stored({"aggravation:scout": {**TALLY, "games": 1, "wins": 1}}).earlier


def test_text_that_is_not_this_versions_stats_is_unreadable_and_so_is_text_past_the_limit():
    good = {"format": "aggravation-stats", "version": 1, "games": [entry("a", 120, True)]}
    assert Stats.from_json(json.dumps(good)).readable is True
    for other in ({**good, "version": 2}, {**good, "format": "aggravation-save"}):
        assert Stats.from_json(json.dumps(other)).readable is False
    assert Stats.from_json("{not json").readable is False
    padded = json.dumps({**good, "pad": "x" * stats.LIMIT})
    assert len(padded) > stats.LIMIT and Stats.from_json(padded).readable is False


def test_counted_ids_are_read_back_up_to_their_bound():
    text = json.dumps({"format": "aggravation-stats", "version": 1, "counted": ["x" * 64, "y" * 65, "z"]})
    assert Stats.from_json(text).counted == ["x" * 64, "z"]


def test_past_the_games_kept_one_by_one_the_oldest_folds_into_its_tables_sums():
    s = Stats()
    for n in range(stats.KEEP_GAMES + 1):
        s.add(entry(f"g{n}", 5 * n, n == 0, level="ace" if n == 0 else "scout"))
    assert len(s.entries) == stats.KEEP_GAMES and s.entries[0]["id"] == "g1"
    assert s.earlier == {"aggravation:ace": stats.tally_of(entry("g0", 0, True, level="ace"))}
    assert s.games == stats.KEEP_GAMES + 1


def test_a_claimed_card_pays_off_when_it_goes_into_a_wild_swap_but_not_the_wild_it_frees():
    natural, wild = parse_cards("7H JK")
    stole = CLAIM_EVENTS["steal"]
    assert stats.deal_figures([Event(stole, 0, (natural,)), Event("swapped_wild", 0, (natural, wild))]) == (False, 1, 1)
    assert stats.deal_figures([Event(stole, 0, (wild,)), Event("swapped_wild", 0, (natural, wild))]) == (False, 1, 0)


def test_an_unfinished_game_has_no_figures_and_says_why():
    log, _ = bot_game(*GAMES[0])
    unfinished = type(log)(log.seed, log.players, log.preset, log.house_rules, None, log.actions[:-1])
    with pytest.raises(ValueError, match="^this game is not over$"):
        stats.summarize(unfinished, "sprout", "g")


def test_once_counting_has_begun_a_game_kept_later_without_being_played_here_is_not_counted():
    """An imported game is kept for its replay; the record counts the games finished here."""
    store = MemoryStore({STATS_KEY: Stats().to_json(), KEPT_KEY: json.dumps([kept("imported")])})
    log, _ = bot_game(*GAMES[0])
    assert stats.count(Saves(store), log, "sprout", "played")
    assert [e["id"] for e in Stats.from_json(store[STATS_KEY]).entries] == ["played"]


def test_opening_the_screen_again_writes_nothing_and_a_game_that_does_not_replay_is_not_counted():
    store = MemoryStore({KEPT_KEY: json.dumps([kept("k1")])})
    stats.opened(Saves(store))
    store[STATS_KEY] += " "                                      # any write would put the compact text back
    stats.opened(Saves(store))
    assert store[STATS_KEY].endswith(" ")
    log, _ = bot_game(*GAMES[0])
    unfinished = type(log)(log.seed, log.players, log.preset, log.house_rules, None, log.actions[:-1])
    assert stats.count(Saves(store), unfinished, "sprout", "short") is False
    assert Stats.from_json(store[STATS_KEY]).games == 1
