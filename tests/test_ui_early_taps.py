"""Taps made on the static start screen while Python loaded (assets/page/boot.js hands them over
once the worker is up): a new game tapped then opens its table whatever the store turned out to
hold. A save that had to be set aside meanwhile is said on that table, in one sentence, with its
copy to download, since the player never saw the start screen that says it; a readable game in
progress is asked about first. An address that names a deal (?seed=, ?level=, ?learn) is the same:
its table opens, and an unreadable save goes aside, never under the new game."""
from __future__ import annotations

import json

import pytest

from game.ui.app import App
from game.ui.store.saves import BROKEN_KEY, KEPT_KEY, SAVE_KEY
from game.ui.store.settings import SETTINGS_KEY
from game.ui.store.stats import STATS_KEY
from game.ui.words import CANNOT_SAVE, SET_ASIDE_FOR_NEW_GAME, UNREADABLE_SAVE
from html_tree import parse


def boot(stored=None, **params):
    app = App(stored or {}, {k: str(v) for k, v in params.items()})
    return app, app.boot()


def saved_game(**changes) -> str:
    """A real save of a game in progress, with ``changes`` made to its fields."""
    app, _ = boot(seed=5, level="sprout", speed=0)
    record = json.loads(app.store.get(SAVE_KEY))
    record.update(changes)
    return json.dumps(record)


# What the store may hold that cannot be played: each is set aside at boot.
SET_ASIDE = {
    "unreadable": "{broken",
    "from another version": saved_game(version=3),
    "from an older version's format": saved_game(version=1),
    "not a game": "[1, 2, 3]",
    "a log that does not replay": saved_game(log='{"actions": 7}'),
}


def hand_cards(frame) -> int:
    """The cards the table shows in the player's hand."""
    hand = frame["html"].split('data-zone="hand"', 1)[1].split("</div>", 1)[0]
    return hand.count('data-card="')


def note(frame):
    """The set-aside sentence on the table, or None."""
    found = parse(frame["html"]).find_all(class_="set-aside")
    assert len(found) <= 1
    return found[0] if found else None


@pytest.mark.parametrize("text", SET_ASIDE.values(), ids=SET_ASIDE.keys())
def test_a_level_tapped_early_opens_its_table_over_a_save_set_aside_and_the_table_says_so(text):
    app, first = boot({SAVE_KEY: text})
    assert first["screen"] == "start" and app.session.ui.notice == UNREADABLE_SAVE   # set aside at boot
    frame = app.early("level", "scout")
    assert frame["screen"] == "table" and app.session.level == "scout" and hand_cards(frame) == 11
    said = note(frame)
    assert said is not None and said.attrs["role"] == "alert"
    assert said.find("p").text == SET_ASIDE_FOR_NEW_GAME
    download = said.find(data_act="download")
    assert download.text == "⬇ Download the saved game" and download.attrs["title"]   # the reason, for a report
    assert said.find(data_act="dismiss", data_arg="set-aside").text == "OK"
    assert app.unreadable() == text and app.store.get(BROKEN_KEY) == text          # the copy: still there
    assert UNREADABLE_SAVE not in frame["html"]               # not the start screen's "pick a level"


def test_the_sentence_stays_through_the_game_until_dismissed_and_leaves_the_alert_alone():
    app, _ = boot({SAVE_KEY: "{broken"}, speed=0)
    app.early("level", "sprout")
    app.session.ui.alert = CANNOT_SAVE
    while app.session.state.current_player != 0:
        frame = app.tick(app.session.token())
    assert note(frame) is not None
    frame = app.intent("dismiss", "set-aside")
    assert note(frame) is None and app.session.ui.alert == CANNOT_SAVE
    frame = app.intent("dismiss")                             # the alert's own OK
    assert app.session.ui.alert == "" and note(frame) is None
    assert app.unreadable() == "{broken"                      # the copy outlives the sentence


def test_the_next_new_game_starts_without_the_sentence():
    app, _ = boot({SAVE_KEY: "{broken"})
    app.early("level", "sprout")
    app.intent("menu")
    frame = app.intent("level", "ace")
    assert app.session.ui.confirm == "ace"                    # a game in progress: asked first
    frame = app.intent("confirm")
    assert frame["screen"] == "table" and note(frame) is None


def test_a_level_tapped_after_the_start_screen_said_why_opens_without_saying_it_again():
    app, first = boot({SAVE_KEY: "{broken"})
    assert UNREADABLE_SAVE in first["html"]
    frame = app.intent("level", "sprout")
    assert frame["screen"] == "table" and note(frame) is None


def test_a_level_tapped_early_with_nothing_saved_or_unreadable_settings_and_stats_opens_its_table():
    for stored in ({}, {SETTINGS_KEY: "{not json", STATS_KEY: "[" * 100_000, KEPT_KEY: "{"}):
        app, first = boot(stored)
        assert first["screen"] == "start"
        frame = app.early("level", "ace")
        assert frame["screen"] == "table" and app.session.level == "ace" and hand_cards(frame) == 11
        assert note(frame) is None


def test_a_level_tapped_early_over_a_readable_game_in_progress_asks_first():
    text = saved_game()
    app, first = boot({SAVE_KEY: text})
    assert first["screen"] == "table"
    frame = app.early("level", "scout")
    assert frame["screen"] == "start" and app.session.ui.confirm == "scout" and 'data-dialog="confirm"' in frame["html"]
    assert app.session.level == "sprout" and note(frame) is None
    frame = app.intent("confirm")
    assert frame["screen"] == "table" and app.session.level == "scout"


def test_the_guided_deal_tapped_early_over_a_save_set_aside_opens_coached_and_says_so():
    app, _ = boot({SAVE_KEY: saved_game(version=3)})
    frame = app.early("learn", "")
    assert frame["screen"] == "table" and app.session.ui.coach is not None
    assert note(frame).find("p").text == SET_ASIDE_FOR_NEW_GAME


def test_the_guided_deal_tapped_early_over_a_game_in_progress_asks_first():
    app, _ = boot({SAVE_KEY: saved_game()})
    frame = app.early("learn", "")
    assert frame["screen"] == "start" and app.session.ui.confirm and app.session.ui.coach is None


@pytest.mark.parametrize("act, close", [("people-setup", "people-setup"), ("stats", "stats-close"),
                                        ("past", "past-close")])
def test_the_start_screens_other_early_taps_keep_the_notice_in_sight_after(act, close):
    """👥 Pass and play's setup, 📊 and 📚 open on (or over) the start screen, which says why
    there is no game to resume, with the download, as it always does."""
    app, _ = boot({SAVE_KEY: "{broken"})
    frame = app.intent(act, "")
    assert frame is not None and frame["screen"] != "table"
    if act == "people-setup":
        assert UNREADABLE_SAVE in frame["html"] and 'id="people-title"' in frame["html"]
    frame = app.intent(close, "")
    assert UNREADABLE_SAVE in frame["html"] and 'data-act="download"' in frame["html"]


@pytest.mark.parametrize("params", [{"seed": 7, "level": "scout"}, {"level": "ace"}, {"seed": 9},
                                    {"learn": "1"}], ids=["seed and level", "level", "seed", "learn"])
def test_an_address_naming_a_deal_sets_an_unreadable_save_aside_and_its_table_says_so(params):
    app, frame = boot({SAVE_KEY: "{broken"}, **params)
    assert frame["screen"] == "table" and hand_cards(frame) > 0
    assert app.store.get(BROKEN_KEY) == "{broken" and app.unreadable() == "{broken"   # never written over
    assert note(frame).find("p").text == SET_ASIDE_FOR_NEW_GAME
    assert json.loads(app.store.get(SAVE_KEY))["game"] == app.session.game


def test_an_address_naming_a_deal_over_a_readable_game_keeps_that_game_and_says_nothing():
    text = saved_game()
    app, frame = boot({SAVE_KEY: text}, seed=7, level="scout")
    assert frame["screen"] == "table" and note(frame) is None and app.store.get(BROKEN_KEY) is None
    kept = json.loads(app.store.get(KEPT_KEY))
    assert [entry["end"] for entry in kept] == ["abandoned"]
