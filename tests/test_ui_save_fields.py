"""A save's fields, one by one (game/ui/store/saves.py): exactly what is refused and with which words,
where each bound lies, and how the games kept are read, bounded and written.

tests/test_ui_saves.py throws thousands of mutated saves at the boot and checks that none
raises; these pin the edges that a property test passes either way, found by mutation testing
(bench/mutants.md): the reason a player's report carries, a bound one past or one short, the
order of two conditions."""

from __future__ import annotations

import json
import time

import pytest

from game.ui.store import safejson
from game.ui.store.saves import BROKEN_KEY, FORMAT, KEEP_CHARS, KEPT_KEY, MAX_FRAMED, MAX_FRAMES, MAX_ORDER, VERSION, Record, SaveError, Saves, bounded, frames_field, load, order_field
from support import MemoryStore as Store
from support import RefusingStore as Refusing
from test_ui_saves import new_game

LOG = new_game("sprout", 5, 10).log.to_json()    # a real game's log (seed 5, three seats)


def envelope(**fields) -> str:
    """A version-2 save of the real game above, with ``fields`` changed (None: left out)."""
    data = {"format": FORMAT, "version": VERSION, "game": "g1", "level": "sprout", "log": LOG,
            "moves": 10, "tab": "t1", "over": False}
    data.update(fields)
    return json.dumps({key: value for key, value in data.items() if value is not None})


def refused(text, reason: str) -> None:
    with pytest.raises(SaveError) as caught:
        Record.from_json(text)
    assert str(caught.value) == reason


# ------------------------------------------------------------------ the envelope


def test_what_is_not_a_save_at_all_is_refused_in_plain_words():
    with pytest.raises(SaveError, match=r"^not readable: "):
        Record.from_json("{not json")
    refused("[1, 2]", "not a saved game")
    refused(json.dumps({"format": "chess-save", "version": 2}), "not an Aggravation saved game")
    # a version without a format is not an old (version 1) save: it is someone else's
    refused(json.dumps({"version": 2, "level": "sprout", "log": LOG}), "not an Aggravation saved game")
    refused(envelope(version=None), "saved by another version of the game (None; this one reads 2)")


@pytest.mark.parametrize("name, value, kind", [
    ("game", 5, "str"), ("level", None, "str"), ("log", ["x"], "str"), ("moves", "10", "int"),
    ("moves", True, "int"), ("tab", 0, "str"), ("over", 0, "bool")])
def test_each_field_of_the_wrong_type_is_named(name, value, kind):
    refused(envelope(**{name: value}), f"its {name!r} is not {kind}")


def test_a_negative_move_count_or_an_empty_game_id_is_refused():
    refused(envelope(moves=-1), "its game id or move count is wrong")
    refused(envelope(game=""), "its game id or move count is wrong")
    assert Record.from_json(envelope(moves=0)).moves == 0


def test_a_save_is_written_compactly():
    text = Record("g1", "sprout", LOG, 10).to_json()
    assert text == json.dumps(json.loads(text), separators=(",", ":"))


# ------------------------------------------------------------------ version-1 saves


def test_a_version_one_save_takes_its_game_id_from_its_logs_seed():
    record = Record.from_json(json.dumps({"level": "sprout", "log": LOG}))
    assert (record.game, record.level, record.log, record.moves) == ("seed-5", "sprout", LOG, -1)


@pytest.mark.parametrize("log", ["garbage", '{"seed": true}', '{"seed": "5"}', "[5]"])
def test_a_version_one_save_without_a_number_for_a_seed_is_named_by_its_length(log):
    assert Record.from_json(json.dumps({"level": "sprout", "log": log})).game == f"seed-len{len(log)}"


@pytest.mark.parametrize("data", [{"level": 5, "log": LOG}, {"level": "sprout", "log": 5}, {"level": "sprout"}])
def test_a_version_one_save_needs_a_level_and_a_log_as_text(data):
    refused(json.dumps(data), "this is not an Aggravation saved game")


# ------------------------------------------------------------------ the optional fields' bounds


def test_people_count_from_one_to_eight():
    assert Record.from_json(envelope(people=8)).people == 8
    assert Record.from_json(envelope(people=1)).people == 1
    for bad in (9, 0, True, "2"):
        refused(envelope(people=bad), "its 'people' is not a count of people")


def frames(count: int, active: int = 0, framed: int = 1, key: str = "QH/1", reading: int = 0):
    return {"keys": [[key] * framed for _ in range(count)], "active": active, "readings": [reading] * count}


def test_frames_are_kept_up_to_their_bounds_and_dropped_past_them():
    assert frames_field(frames(1)) is not None
    assert frames_field(frames(MAX_FRAMES)) is not None
    assert frames_field(frames(0)) is None and frames_field(frames(MAX_FRAMES + 1)) is None
    assert frames_field(frames(2, active=1)) is not None and frames_field(frames(2, active=2)) is None
    assert frames_field(frames(1, framed=MAX_FRAMED)) is not None
    assert frames_field(frames(1, framed=MAX_FRAMED + 1)) is None
    assert frames_field(frames(1, key="Q" * 12)) is not None and frames_field(frames(1, key="Q" * 13)) is None
    assert frames_field(frames(1, reading=999)) is not None and frames_field(frames(1, reading=1000)) is None


def test_an_arrangement_is_kept_up_to_its_bounds_and_dropped_past_them():
    assert order_field(["QH/1"]) == ["QH/1"]
    keys = [f"{n}H/1" for n in range(MAX_ORDER)]
    assert order_field(keys) == keys and order_field(keys + ["JK/9"]) is None
    assert order_field(["Q"]) == ["Q"] and order_field([""]) is None
    assert order_field(["Q" * 12]) == ["Q" * 12] and order_field(["Q" * 13]) is None


# ------------------------------------------------------------------ a save as a game


@pytest.mark.parametrize("level, reason", [
    ("wizard", "its level is not one of ours: 'wizard'"),
    ("w" * 60, f"its level is not one of ours: {'w' * 40!r}"),
    ("ace", "its level does not match its table")])       # an Ace table seats five, this log three
def test_a_save_whose_level_does_not_fit_is_refused_with_the_reason(level, reason):
    with pytest.raises(SaveError) as caught:
        load(envelope(level=level))
    assert str(caught.value) == reason


def test_a_save_seating_more_people_than_its_table_is_refused():
    log = new_game("sprout", 5, 0).log
    log.preset = "contract"                               # another rulebook: the table is the player's pick
    text = Record("g1", "sprout", log.to_json(), 0, people=log.players + 1).to_json()
    with pytest.raises(SaveError) as caught:
        load(text)
    assert str(caught.value) == "it seats more people than its table has"


# ------------------------------------------------------------------ the store, made safe


def test_a_stored_value_that_is_not_text_reads_as_nothing():
    assert Saves(Store({"aggravation.save": 5})).slot() is None
    assert Saves(Store({"aggravation.save": "text"})).slot() == "text"


def test_a_save_set_aside_is_kept_for_a_later_download_up_to_the_length_limit():
    store = Store()
    at_limit = "x" * safejson.LIMIT
    Saves(store).set_aside(at_limit)
    assert store[BROKEN_KEY] == at_limit
    assert Saves(store).unreadable() == at_limit        # a later session offers the earlier copy
    assert Saves(Store()).unreadable() is None


def test_a_refused_copy_of_a_bad_save_is_no_news_for_the_player():
    saves = Saves(Refusing(BROKEN_KEY))
    saves.set_aside("{bad")
    assert saves.unreadable() == "{bad" and not saves.news_of_refusal()


# ------------------------------------------------------------------ the games kept


def entry(game: str, end: str = "finished", size: int = 10) -> dict:
    return {"game": game, "level": "sprout", "end": end, "moves": 3, "at": 1, "log": "x" * size}


def test_kept_games_are_read_up_to_twice_their_bound_and_no_further():
    within = json.dumps([entry("a", size=900_000), entry("b", size=900_000)])   # past safejson's own limit
    assert [k["game"] for k in Saves(Store({KEPT_KEY: within})).kept()] == ["a", "b"]
    beyond = json.dumps([entry("a", size=KEEP_CHARS), entry("b", size=KEEP_CHARS + 10)])
    saves = Saves(Store({KEPT_KEY: beyond}))
    assert saves.kept() == []
    saves.keep(Record("c", "sprout", "{}", 0), "abandoned")
    assert saves.storage[KEPT_KEY + ".unreadable"] == beyond   # moved aside, not overwritten


def test_kept_games_stored_as_something_other_than_a_list_are_moved_aside():
    store = Store({KEPT_KEY: '{"a": 1}'})
    assert Saves(store).kept() == []
    Saves(store).keep(Record("b", "sprout", "{}", 0), "abandoned")
    assert store[KEPT_KEY + ".unreadable"] == '{"a": 1}' and len(Saves(store).kept()) == 1


def test_a_readable_list_is_not_moved_aside():
    store = Store({KEPT_KEY: json.dumps([entry("a")])})
    Saves(store).keep(Record("b", "sprout", "{}", 0), "abandoned")
    assert KEPT_KEY + ".unreadable" not in store and len(Saves(store).kept()) == 2


def test_moving_an_unreadable_list_aside_is_no_news_when_refused():
    saves = Saves(Refusing(KEPT_KEY + ".unreadable", **{KEPT_KEY: "[" * 50}))
    assert saves.keep(Record("b", "sprout", "{}", 0), "abandoned")
    assert not saves.news_of_refusal()


def test_entries_missing_a_field_are_skipped():
    good = entry("good")
    bad = [{**good, "game": 5}, {**good, "end": "won"}, {**good, "log": 5}, {"game": "g"}, "text", [good]]
    assert Saves(Store({KEPT_KEY: json.dumps(bad + [good])})).kept() == [good]


def test_the_newest_games_are_kept_within_the_bound_but_always_one():
    huge = entry("huge", size=KEEP_CHARS + 1)
    assert bounded([huge]) == [huge]                     # one game alone is kept whatever its size
    older, newer = entry("older", size=KEEP_CHARS // 2 + 1), entry("newer", size=KEEP_CHARS // 2 + 1)
    assert bounded([older, newer]) == [newer]


def test_a_game_kept_records_when_and_replaces_only_its_own_copy_with_the_same_ending():
    store = Store()
    saves = Saves(store)
    before = int(time.time())
    saves.keep(Record("g", "sprout", "{}", 3), "abandoned")
    saves.keep(Record("g", "sprout", "{}", 9), "finished")
    saves.keep(Record("g", "sprout", '{"a":1}', 9), "finished")
    kept = saves.kept()
    assert [(k["end"], k["log"]) for k in kept] == [("abandoned", "{}"), ("finished", '{"a":1}')]
    assert all(before <= k["at"] <= time.time() + 1 for k in kept)
    assert store[KEPT_KEY] == json.dumps(kept, separators=(",", ":"))   # written compactly


class Small(Store):
    """A store with room for ``room`` characters under the kept games' key."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def set(self, key, text):
        if key == KEPT_KEY and len(text) > self.room:
            raise RuntimeError("QuotaExceededError")
        super().set(key, text)


def test_with_no_room_the_oldest_games_go_one_at_a_time():
    one = len(json.dumps([entry("g0", size=1000)]))
    saves = Saves(Small(room=2 * one + 10))
    for n in range(3):
        assert saves.keep(Record(f"g{n}", "sprout", "x" * 1000, 3), "finished", at=1)
    assert [k["game"] for k in saves.kept()] == ["g1", "g2"]
    assert not saves.news_of_refusal()


def test_a_game_that_does_not_fit_at_all_is_news_for_the_player():
    saves = Saves(Small(room=10))
    assert not saves.keep(Record("g", "sprout", "x" * 1000, 3), "finished")
    assert saves.news_of_refusal()
