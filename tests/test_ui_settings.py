"""Settings read from taps and from storage: every value is checked, and each change says whether
it changed anything (the caller saves only then). The edges here are the ones mutation testing
found unchecked (bench/mutants.md, game.ui.settings)."""
from __future__ import annotations

import json

from game.ui.store.settings import MAX_PEOPLE, Settings


def test_a_change_reports_whether_it_changed_anything():
    s = Settings()
    assert s.change("speed", "fast") is True and s.speed == "fast"
    assert s.change("speed", "fast") is False
    assert s.change("speed", "warp") is False and s.speed == "fast"
    assert s.change("colour", "blue") is False       # not a setting at all
    assert s.change("steal", None) is False and s.steal == "long"
    assert s.change("ask", "every") is True and s.ask == "every"
    assert s.change("ask", "every") is False
    assert s.change("ask", "sometimes") is False and s.ask == "every"
    assert s.change("ask", None) is False and s.ask == "every"


def test_people_within_one_to_max_written_as_one_digit():
    s = Settings()
    assert s.change("people", str(MAX_PEOPLE)) is True and s.people == MAX_PEOPLE
    assert s.change("people", "1") is True and s.people == 1
    for bad in (str(MAX_PEOPLE + 1), "0", "06", "x", "", "-1"):
        assert s.change("people", bad) is False, bad
    assert s.people == 1


def test_rename_keeps_a_bar_in_the_name_and_refuses_seats_out_of_range():
    s = Settings()
    assert s.rename("0|a|b") is True and s.names == ["a|b"]
    assert s.rename("0|a|b") is False
    for bad in (f"{MAX_PEOPLE}|X", "05|X", "x|X", "|X"):
        assert s.rename(bad) is False, bad
    assert s.names == ["a|b"]


def test_table_sizes_up_to_the_rulebooks_maximum_and_a_stored_one_out_of_range_falls_back():
    s = Settings()
    for bad in ("contract:9", "contract:008", "gallery:1", "aggravation:4", "nonsense:4", "contract:x"):
        assert s.change("players", bad) is False, bad
    assert s.players == {}
    assert s.change("players", "contract:8") is True and s.players_for("contract") == 8
    assert s.change("players", "contract:8") is False
    assert s.change("players", "gallery:06") is True and s.players_for("gallery") == 6
    s.players = {"gallery": 99, "contract": 0}        # as if storage had been edited by hand
    assert s.players_for("gallery") == 4 and s.players_for("contract") == 4


def test_unknown_timer_or_speed_reads_as_the_default():
    s = Settings()
    s.steal, s.speed = "bogus", "bogus"
    assert s.claim_ms() == 9000 and s.bot_delay_ms() == 500
    assert Settings.from_json('{"ask": "bogus"}').ask == "helps"
    assert Settings.from_json('{"ask": "every"}').ask == "every"


def test_unknown_house_rule_is_not_toggled():
    s = Settings()
    assert s.toggle_house("no_such_rule") is False and s.house == ()
    assert s.toggle_house("wild_swap") is True and s.house == ("wild_swap",)


def test_settings_text_over_ten_thousand_characters_is_set_aside():
    def text(length: int) -> str:
        head = json.dumps({"speed": "fast", "pad": ""})
        return head[:-2] + "x" * (length - len(head)) + '"}'

    assert len(text(10_000)) == 10_000 and len(text(10_001)) == 10_001
    assert Settings.from_json(text(10_000)).speed == "fast"
    assert Settings.from_json(text(10_001)).speed == "normal"
