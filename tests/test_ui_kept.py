"""A kept game as a file (game/ui/store/kept.py): the exact sentence each bad file gets, the file's
name and text, and the edges of dates, facts and envelopes.

tests/test_ui_library.py plays export and import through the page's screens and checks each bad
file's sentence by a word or two; these pin the sentences whole and the bounds one past, found by
mutation testing (bench/mutants.md, game.ui.kept)."""

from __future__ import annotations

import json
import time

import pytest

from game.log import GameLog
from game.ui.store import safejson
from game.ui.store.kept import ImportRefused, _sentence, date_text, entry_facts, export_name, export_text, facts_field, level_of, log_table, read_import, share_model, share_query
from test_ui_library import DAY, _exported, _illegal, _unfinished, golden

FINISHED, FACTS = golden("game_101_3p.json")


def refusal(text) -> str:
    with pytest.raises(ImportRefused) as caught:
        read_import(text)
    return str(caught.value)


# ------------------------------------------------------------------ the sentence each bad file gets


def test_each_bad_file_gets_its_whole_sentence():
    assert refusal("  ") == "This file is empty: choose a game file exported from Aggravation."
    assert refusal("x" * (safejson.LIMIT + 1)) == \
        f"This file is too large to be a game: a game file is under {safejson.LIMIT // 1000} KB."
    assert refusal("[" * 100) == "This file is not a game file: it is not JSON, or nested too deeply to be one."
    assert refusal('{"a": 1}}') == "This file is not a game file: it is not JSON, or nested too deeply to be one."
    assert refusal('{"a": 1,}') == "This file is not a game file: it is not readable JSON."
    assert refusal("[1]") == "This file is not an Aggravation game."
    assert refusal(_exported(_unfinished())) == "This game is not finished: only finished games can be replayed."
    assert refusal(json.dumps({"format": "aggravation-game", "version": 1, "game": "", "log": FINISHED})) == \
        "This game file is damaged: its game id or its moves are missing."
    assert refusal(json.dumps({"format": "aggravation-game", "version": "1.0.0-beta-very-long", "game": "x"})) == \
        "This game file was made by another version of the game (version 1.0.0-beta-v; this one reads 1)."


def test_a_file_at_the_length_limit_is_read():
    padded = FINISHED[:-1] + "," + json.dumps("pad") + ":" + json.dumps("x" * 10) + "}"
    assert read_import(padded).record.log == padded
    at_limit = '{"format": "aggravation-game", "pad": "' + "x" * (safejson.LIMIT - 41) + '"}'
    assert len(at_limit) == safejson.LIMIT
    assert refusal(at_limit) == "This game file was made by another version of the game (version None; this one reads 1)."


def test_the_engines_reason_ends_the_sentence_once():
    broken_log = _exported('{"format": "aggravation-log", "version": 1, "seed": "s"}')
    assert refusal(broken_log) == ("The game in this file cannot be read: this saved game cannot start: "
                                   "Aggravation takes 3 to 5 players, not None.")     # one full stop, not two
    illegal = refusal(_exported(_illegal()))
    assert illegal.startswith("The game in this file does not play by the rules: move ") and illegal.endswith(".")
    saved = refusal(json.dumps({"format": "aggravation-save", "version": 2}))
    assert saved == "This saved game cannot be read: its 'game' is not str."


# ------------------------------------------------------------------ what a good file gives


def test_an_exported_games_id_is_up_to_forty_characters():
    for game in ("x", "g" * 40):
        assert read_import(json.dumps({"format": "aggravation-game", "version": 1, "game": game,
                                       "log": FINISHED})).record.game == game
    assert "damaged" in refusal(json.dumps({"format": "aggravation-game", "version": 1, "game": "g" * 41,
                                            "log": FINISHED}))


@pytest.mark.parametrize("level, at, want_level, want_at", [
    ("ace", DAY, "sprout", DAY), (5, 1, "sprout", 1), (None, 0, "sprout", None), ("", -5, "sprout", None),
    ("scout", "yesterday", "sprout", None)])
def test_an_exported_games_level_and_date_are_read_when_sound(level, at, want_level, want_at):
    data = {"format": "aggravation-game", "version": 1, "game": "x", "log": FINISHED, "at": at}
    if level is not None:
        data["level"] = level
    got = read_import(json.dumps(data))
    # a three-seat Aggravation table is a Sprout game, whatever the file says
    assert got.record.level == want_level and got.at == want_at
    assert got.record.over is True and got.record.moves == len(GameLog.from_json(FINISHED).actions)


def test_a_bare_log_is_named_by_its_text_surrogates_included():
    got = read_import(FINISHED)
    assert got.record.game.startswith("log-") and len(got.record.game) == 16
    odd = FINISHED[:-1] + ',"note":"\ud800"}'               # a lone surrogate, as a page's text may hold
    assert read_import(odd).record.game not in ("", got.record.game)


def test_the_engines_reason_is_cut_to_a_sentence_with_one_full_stop():
    assert _sentence(ValueError("  move 5 is not legal. ")) == "move 5 is not legal."
    assert _sentence(ValueError(".5 is not a seat")) == ".5 is not a seat."
    assert _sentence(ValueError("x" * 200 + ".")) == "x" * 160 + "."
    assert _sentence(ValueError("no seat X")) == "no seat X."      # only full stops are taken off


# ------------------------------------------------------------------ the file made


def entry(**fields) -> dict:
    data = {"game": "seed-5/ab:c9", "level": "scout", "end": "finished", "at": DAY, "log": FINISHED}
    data.update(fields)
    return data


def test_an_exported_file_is_the_envelope_with_the_log_verbatim_compact_and_unescaped():
    text = export_text(entry(game="jeu-é"))
    assert text == json.dumps({"format": "aggravation-game", "version": 1, "game": "jeu-é", "level": "scout",
                               "at": DAY, "log": FINISHED}, ensure_ascii=False, separators=(",", ":"))
    assert json.loads(export_text({"game": "g", "log": "{}"}))["level"] == ""


def test_an_exported_files_name_says_the_day_and_the_games_id():
    day = time.strftime("%Y-%m-%d", time.localtime(DAY))
    assert export_name(entry()) == f"aggravation-game-{day}-d5abc9.json"   # "seed-5/ab:c9": its last six letters or digits
    assert export_name(entry(game="abcdefghij")) == f"aggravation-game-{day}-efghij.json"
    assert export_name(entry(game="//")) == f"aggravation-game-{day}-game.json"
    assert export_name({"log": "{}"}) == "aggravation-game-undated-game.json"
    for at in (0, -1, "yesterday", None):
        assert export_name(entry(at=at, game="g1")) == "aggravation-game-undated-g1.json"
    assert export_name(entry(at=1, game="g1")).startswith("aggravation-game-19")


def test_a_date_is_shown_only_for_a_moment_after_1970():
    assert date_text(DAY) == time.strftime("%-d %b %Y", time.localtime(DAY))
    assert date_text(1) != ""
    for at in (0, -1, "1764590400", None, 10 ** 30):
        assert date_text(at) == ""


# ------------------------------------------------------------------ facts


def test_stored_facts_need_a_count_of_people_from_one_up():
    sound = dict(FACTS)
    assert facts_field(sound) == sound and "people" not in facts_field({**sound, "people": 1})
    assert facts_field({**sound, "people": 2})["people"] == 2
    for bad in (0, "2", None):
        assert facts_field({**sound, "people": bad}) is None


def test_an_unfinished_kept_game_has_no_facts():
    assert entry_facts({"log": _unfinished()}) is None
    assert entry_facts({"log": FINISHED}) == FACTS


# ------------------------------------------------------------------ a link to the same shuffle


def test_a_links_level_comes_from_the_table_at_aggravation_and_from_the_game_elsewhere():
    aggravation = GameLog(seed=7, players=4)
    assert level_of(aggravation, "ace") == "scout"                 # four seats: a Scout table
    gallery = GameLog(seed=7, players=4, preset="gallery")
    assert level_of(gallery, "ace") == "ace" and level_of(gallery, "wizard") == "sprout"
    assert share_query(gallery, "ace") == "?seed=7&rules=gallery&level=ace&players=4&house=none"
    two = GameLog(seed=7, players=3, house_rules=("wild_swap", "ace_wrap"))
    assert share_query(two, "sprout") == "?seed=7&rules=aggravation&level=sprout&house=wild_swap,ace_wrap"


def test_the_share_note_says_what_the_link_starts_and_shows_only_this_games_address():
    log = GameLog(seed=7, players=4, preset="gallery")
    query = share_query(log, "ace")
    first = share_model(log, "ace", None)
    assert first["note"].endswith("rulebook, table and house rules.") and first["url"] == ""
    assert share_model(log, "ace", None, deal=1) == first
    later = share_model(log, "ace", None, deal=2)       # a deal this log does not reach: deal 1's link
    assert later["query"] == query and later["note"].startswith("The link starts a new game dealt exactly as deal 1")
    shown = share_model(log, "ace", {"url": "https://example.org/" + query, "copied": True})
    assert shown["url"] == "https://example.org/" + query and shown["copied"] is True
    assert share_model(log, "ace", {"url": "https://example.org/?seed=8", "copied": True})["url"] == ""
    assert share_model(log, "ace", {"copied": True})["url"] == ""


def test_a_links_table_is_read_without_the_moves():
    data = json.loads(FINISHED)
    data["actions"] = [{"not": "a move"}]
    table = log_table(json.dumps(data))
    assert (table.seed, table.players, table.actions) == (data["seed"], data["players"], [])
    with pytest.raises(ValueError, match="^not a game's log$"):
        log_table("[1, 2]")


def test_a_game_of_another_rulebook_keeps_the_level_its_file_names():
    """At Gallery the table's size does not name the level: the file's level is the one kept."""
    gallery, _ = golden("presets/game_606_3p_gallery_bots.json")
    exported = {"format": "aggravation-game", "version": 1, "game": "g", "at": DAY, "log": gallery}
    for level in ("ace", "scout", "sprout"):
        assert read_import(json.dumps(exported | {"level": level})).record.level == level
    for odd in ("", "grandmaster", 7, None, ["ace"], {"ace": 1}):   # not a level: the first one
        assert read_import(json.dumps(exported | {"level": odd})).record.level == "sprout"
    assert read_import(json.dumps(exported)).record.level == "sprout"
