"""Past games (game/ui/screens/library/, store/kept.py; issue 12): the finished games kept, each replayed
move by move across all its deals to its final scores, exported and imported again, a bad
file refused with one sentence and nothing changed, and a deal shared as a link that starts
the same shuffle. Checked on the recorded golden games, replayed by the engine."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from game.log import GameLog
from game.ui.store import kept
from game.ui.screens.library import intents as library
from game.ui.screens.library import markup as library_markup
from game.ui.screens.library import model as library_model
from game.ui.app import App
from game.ui.session.session import Session
from game.ui.store.kept import facts_of, read_import
from game.ui.screens.replay.steps import deal_bounds
from game.ui.store.saves import KEPT_KEY, SAVE_KEY, Record, Saves
from game.ui.store.settings import SETTINGS_KEY, Settings
from html_tree import parse
from support import MemoryStore, cached, hands_after_each_move

GOLDEN = Path(__file__).parent / "golden"
NAMES = ("game_101_3p.json", "game_202_4p.json", "game_303_5p.json")
LEVELS = {3: "sprout", 4: "scout", 5: "ace"}
DAY = 1764590400                                 # 1 Dec 2025, noon UTC


@cached
def golden(name: str) -> tuple[str, dict]:
    """A golden game's log text (as the game writes it) and its facts."""
    log = GameLog.from_json((GOLDEN / name).read_text())
    return log.to_json(), facts_of(log.replay(), log.preset)


def store_with(*names: str, facts: bool = True) -> MemoryStore:
    """A browser store that keeps these finished games (oldest first), as the session keeps them."""
    store = MemoryStore()
    saves = Saves(store)
    for n, name in enumerate(names):
        text, known = golden(name)
        log = GameLog.from_json(text)
        record = Record(f"g{n}", LEVELS[log.players], text, len(log.actions), over=True)
        saves.keep(record, "finished", at=DAY + n * 86400, facts=known if facts else None)
    return store


def session(store: MemoryStore) -> Session:
    return Session(store, Settings(steal="off", speed="instant"))


def screen(s: Session):
    return parse(library_markup.past_screen(s))


# ------------------------------------------------------------ the list


def test_the_list_shows_each_finished_game_newest_first_with_its_result():
    s = session(store_with(*NAMES))
    assert library.dispatch(s, "past")
    rows = screen(s).find_all("li", class_="past-game")
    assert [r.attrs["data-game"] for r in rows] == ["g2", "g1", "g0"]
    for row, name in zip(rows, reversed(NAMES)):
        _, facts = golden(name)
        what = row.find(class_="what").text
        assert LEVELS[facts["players"]].title() in what and f"{facts['players']} players" in what
        assert re.search(r"\d Dec 2025", row.find(class_="when").text)
        how = row.find(class_="how").text
        assert f"Your total {facts['total']}" in how
        assert ("You won" in how) == (facts["you"] in facts["winners"])
        assert what.startswith("Aggravation · ")
        assert all(name in how for name in facts["winners"] if name != facts["you"])
        assert {b.attrs["data-act"] for b in row.find_all("button")} == {"past-open", "export", "share"}


def test_games_kept_before_facts_were_stored_show_the_same_result():
    with_facts = session(store_with(*NAMES))
    without = session(store_with(*NAMES, facts=False))
    for s in (with_facts, without):
        library.dispatch(s, "past")
    assert library_markup.past_screen(without) == library_markup.past_screen(with_facts)


def test_the_session_stores_a_finished_game_with_its_facts():
    text, facts = golden("game_101_3p.json")
    log = GameLog.from_json(text)
    final = log.actions.pop()
    store = MemoryStore()
    s = session(store)
    s.log, s.state, s.level, s.game = log, log.replay(), "sprout", "g"
    s.act(final) if s.state.current_player == 0 else s._play(final, s.state.current_player)
    entries = json.loads(store[KEPT_KEY])
    assert [e["facts"] for e in entries] == [facts]


def test_no_games_yet_says_so_and_only_finished_ones_are_listed():
    store = MemoryStore()
    text, _ = golden("game_101_3p.json")
    Saves(store).keep(Record("left", "sprout", text, 3), "abandoned")
    s = session(store)
    library.dispatch(s, "past")
    root = screen(s)
    assert root.find_all("li", class_="past-game") == []
    assert "No finished games yet" in root.find(class_="empty").text


def test_the_start_screen_opens_past_games_and_back_and_escape_close_it():
    app = App(store_with("game_101_3p.json"), {})
    assert 'data-act="past"' in app.boot()["html"]
    frame = app.intent("past")
    assert frame["screen"] == "past" and 'data-screen="past"' in frame["html"] and frame["writes"] == []
    frame = app.escape()
    assert frame["screen"] == "start" and app.session.ui.past is None
    app.intent("past")
    assert 'data-screen="replay"' in app.intent("past-open", "g0")["html"]
    assert 'data-screen="past"' in app.escape()["html"]        # Escape: the replay, then the list
    assert app.intent("past-close")["screen"] == "start"


# ------------------------------------------------------------ the replay


@pytest.mark.parametrize("name", NAMES)
def test_a_past_game_replays_move_by_move_across_every_deal_to_its_final_scores(name):
    """From the first deal as dealt, ▶ (→) on through every move of every deal: each step shows
    the hands the engine's replay of the log has there; the last step shows the final places."""
    s = session(store_with(name))
    library.dispatch(s, "past")
    library.dispatch(s, "past-open", "g0")
    replay = s.ui.past.replay
    text, facts = golden(name)
    log = GameLog.from_json(text)
    bounds = deal_bounds(log)
    assert (replay.deal, replay.at) == (1, 0)
    root = screen(s)
    assert root.find(class_="counter").text == "as dealt"
    assert root.find(data_act="past-close").text == "✕ Past games"
    assert "disabled" in root.find(data_arg="back").attrs
    hands = hands_after_each_move(log)
    steps = 0
    while not replay.final:
        assert library.dispatch(s, "step", "1")
        steps += 1
        assert steps <= len(log.actions), "▶ never reaches the game's end"
        first, _ = bounds[replay.deal - 1]
        if replay.at in (0, 1, len(replay)) or steps % 53 == 0:
            expected = hands[first + replay.at]
            assert [seat.hand for seat in replay.step.seats] == expected
            shown = screen(s)
            for row, hand in zip(shown.find_all("li", class_="replay-seat"), expected):
                assert sorted(c.attrs["data-card"] for c in row.find_all(class_="card")) == \
                    sorted(c.code for c in hand)                       # every hand face up
    assert steps == len(log.actions) - (len(bounds) - 1) + len(bounds) - 1
    final = screen(s).find(class_="replay-final")
    rows = final.find("tbody").find_all("tr")
    assert len(rows) == facts["players"]
    mine = log.new_game().seats[0].name
    you = next(r for r in rows if r.find("th").text == mine)
    assert you.find_all("td")[-1].text == str(facts["total"])
    assert "disabled" in screen(s).find(data_arg="forward").attrs
    for _ in range(3):                                    # and back again, across a deal
        library.dispatch(s, "replay-go", "start")
        library.dispatch(s, "step", "-1")
    assert replay.deal == len(bounds) - 3 and replay.at == len(replay)


# ------------------------------------------------------------ export and import


def test_export_then_import_gives_the_same_game():
    s = session(store_with("game_202_4p.json"))
    app = App(s.storage, {})
    app.boot()
    app.intent("past")
    frame = app.intent("export", "g0")
    name, text = frame["download"]
    assert name.startswith("aggravation-game-2025-12-0") and name.endswith(".json")
    assert frame["writes"] == [] and "download" not in app.intent("past-close")
    entry = json.loads(s.storage[KEPT_KEY])[0]

    fresh = App({}, {})                                    # another browser: nothing kept
    fresh.boot()
    fresh.intent("past")
    frame = fresh.intent("import", text)
    assert [key for key, _, _ in frame["writes"]] == [KEPT_KEY]
    assert "Imported" in parse(frame["html"]).find(class_="message").text
    imported = json.loads(frame["writes"][0][1])[0]
    assert imported["log"] == entry["log"]                 # byte for byte
    assert (imported["game"], imported["level"], imported["at"], imported["facts"]) == \
        (entry["game"], entry["level"], entry["at"], entry["facts"])
    shown = parse(frame["html"]).find("li", class_="past-game")
    assert shown.attrs["data-game"] == "g0"
    # The same replay: every step of both, the same screen.
    app.intent("past")
    for one in (app, fresh):
        one.intent("past-open", "g0")
    for _ in range(400):
        assert app.intent("step", "1")["html"] == fresh.intent("step", "1")["html"]
    app.intent("replay-deal", "7"), fresh.intent("replay-deal", "7")
    assert app.intent("replay-go", "end")["html"] == fresh.intent("replay-go", "end")["html"]


def test_importing_a_game_already_kept_adds_nothing():
    store = store_with("game_101_3p.json")
    before = dict(store)
    s = session(store)
    library.dispatch(s, "past")
    library.dispatch(s, "export", "g0")
    _, text = library.take_download(s)
    library.dispatch(s, "import", text)
    assert dict(store) == before and s.ui.past.message == library_model.ALREADY


def test_another_game_under_a_kept_game_s_id_is_kept_beside_it_never_over_it():
    store = store_with("game_101_3p.json")
    s = session(store)
    library.dispatch(s, "past")
    other = golden("game_202_4p.json")[0]
    library.dispatch(s, "import", json.dumps({"format": "aggravation-game", "version": 1, "game": "g0",
                                              "level": "scout", "at": DAY, "log": other}))
    entries = json.loads(store[KEPT_KEY])
    assert [e["log"] for e in entries] == [golden("game_101_3p.json")[0], other]
    mark = hashlib.sha256(other.encode("utf-8")).hexdigest()[:6]         # its own moves' mark
    assert entries[0]["game"] == "g0" and entries[1]["game"] == f"g0-{mark}"
    assert (entries[1]["level"], entries[1]["end"]) == ("scout", "finished")
    assert entries[1]["moves"] == len(GameLog.from_json(other).actions)
    library.dispatch(s, "past-open", entries[1]["game"])
    assert s.ui.past.replay is not None


def test_a_bare_log_and_a_saved_game_import_too():
    text, facts = golden("game_303_5p.json")
    record = Record("slot-game", "ace", text, 1, over=True).to_json()
    for file, game in ((text, None), (record, "slot-game")):
        got = read_import(file)
        assert got.record.log == text and got.facts == facts and got.record.level == "ace"
        assert got.record.game == game or (game is None and got.record.game.startswith("log-"))


def _unfinished() -> str:
    log = GameLog.from_json(golden("game_101_3p.json")[0])
    del log.actions[-40:]
    return log.to_json()


def _illegal() -> str:
    data = json.loads(golden("game_101_3p.json")[0])
    data["actions"][5], data["actions"][6] = data["actions"][6], data["actions"][5]
    return json.dumps(data)


def _exported(log: str) -> str:
    return json.dumps({"format": "aggravation-game", "version": 1, "game": "x", "level": "sprout", "at": DAY,
                       "log": log})


BAD_FILES = {
    "empty": ("", "empty"),
    "not JSON": ("this is not json {", "not a game file"),
    "JSON, not a game": ('{"hello": "world"}', "not an Aggravation game"),
    "a list": ("[1, 2, 3]", "not an Aggravation game"),
    "deeply nested": ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    "huge": ('{"format": "aggravation-game", "pad": "' + "x" * 500_000 + '"}', "too large"),
    "another version": ('{"format": "aggravation-game", "version": 9, "game": "x", "log": ""}', "another version"),
    "no log": ('{"format": "aggravation-game", "version": 1, "game": "x"}', "damaged"),
    "a log that is not a log": (_exported('{"format": "aggravation-log", "version": 1, "seed": "s"}'), "cannot be read"),
    "a log nested deep": (_exported("[" * 50 + "]" * 50), "cannot be read"),
    "moves the engine refuses": (_exported(_illegal()), "does not play by the rules"),
    "an unfinished game": (_exported(_unfinished()), "not finished"),
}


@pytest.mark.parametrize("case", BAD_FILES, ids=list(BAD_FILES))
def test_a_bad_file_gets_one_sentence_and_changes_nothing(case):
    text, words = BAD_FILES[case]
    store = store_with("game_101_3p.json")
    store[SAVE_KEY] = "the slot, untouched"
    before = dict(store)
    app = App(store, {})
    app.boot()
    app.intent("past")
    frame = app.intent("import", text)
    assert frame["writes"] == [] and dict(store) == before
    message = parse(frame["html"]).find(class_="message")
    assert message.attrs["role"] == "alert" and words in message.text
    assert message.text.count(". ") == 0 and message.text.endswith(".")       # one sentence
    assert [r.attrs["data-game"] for r in parse(frame["html"]).find_all("li", class_="past-game")] == ["g0"]


def test_a_full_store_refuses_the_import_and_says_so():
    class Full(MemoryStore):
        def set(self, key, text):
            return False

    s = session(Full())
    library.dispatch(s, "past")
    library.dispatch(s, "import", _exported(golden("game_101_3p.json")[0]))
    assert s.ui.past.message == library_model.NO_ROOM and dict(s.storage) == {}
    said = screen(s).find("p", class_="message")
    assert said.text == library_model.NO_ROOM and said.attrs["role"] == "alert"      # said as an alert


# ------------------------------------------------------------ a link to the same shuffle


def _boot(query: str, stored: dict | None = None) -> App:
    app = App(stored or {}, dict(parse_qsl(urlsplit(query).query)))
    app.boot()
    return app


@pytest.mark.parametrize("name", NAMES)
def test_the_share_link_starts_the_same_shuffle(name):
    text, _ = golden(name)
    log = GameLog.from_json(text)
    query = kept.share_query(log, LEVELS[log.players])
    # Someone else's browser, with house rules and another rulebook chosen: the link decides.
    theirs = {SETTINGS_KEY: json.dumps({"house": ["ace_wrap", "wild_swap"], "rulebook": "gallery"})}
    for stored in ({}, theirs):
        app = _boot("https://example.org/aggravation/" + query, stored)
        started = app.session.log
        assert (started.seed, started.preset, started.players, started.house_rules) == \
            (log.seed, log.preset, log.players, log.house_rules)
        dealt, original = app.session.state, log.new_game()
        assert [seat.hand for seat in dealt.seats] == [seat.hand for seat in original.seats]
        assert dealt.stock == original.stock and dealt.pile == original.pile


def test_the_share_link_of_another_rulebook_carries_its_table_and_house_rules():
    from game.ui.session.session import Session as Game

    for preset, players, house in (("gallery", 5, ()), ("contract", 3, ()), ("aggravation", 4, ("ace_wrap",))):
        log = GameLog(seed=42, players=players, preset=preset, house_rules=house)
        app = _boot("http://h/" + kept.share_query(log, "ace"))
        started = app.session.log
        assert (started.seed, started.preset, started.players, started.house_rules) == (42, preset, players, house)
        assert [s.hand for s in app.session.state.seats] == [s.hand for s in log.new_game().seats]
    assert Game


def test_share_on_the_game_over_screen_shows_the_link_and_what_it_starts():
    text, _ = golden("game_101_3p.json")
    log = GameLog.from_json(text)
    record = Record("g", "sprout", text, len(log.actions), over=True)
    app = App({SAVE_KEY: record.to_json()}, {"speed": "0"})
    summary = parse(app.boot()["html"]).find(data_zone="summary")
    control = summary.find(data_act="share")
    last = len(deal_bounds(log))                  # the deal that ended the game: the one on the screen
    assert control.text == "🔗 Share this deal" and control.attrs["data-arg"] == kept.share_query(log, "sprout", last)
    assert summary.find_all(class_="share-url") == []
    url = "http://127.0.0.1:8000/" + control.attrs["data-arg"]
    for how, said in (("copied", "✓ Link copied."), ("shown", "Copy this link:")):
        frame = app.intent("share", f"{how} {url}")
        shown = parse(frame["html"]).find(data_zone="summary")
        assert shown.find(class_="share-url").attrs["value"] == url and frame["writes"] == []
        note = shown.find(class_="share-said").text
        assert note.startswith(said) and f"at deal {last} of this one, dealt exactly as it was" in note
    assert app.intent("share", "copied javascript:alert(1)") is not None
    assert parse(app.frame()["html"]).find(class_="share-url").attrs["value"] == url   # not a web address: ignored


def test_share_in_the_list_shows_the_link_under_its_game():
    s = session(store_with(*NAMES))
    library.dispatch(s, "past")
    rows = screen(s).find_all("li", class_="past-game")
    query = rows[1].find(data_act="share").attrs["data-arg"]
    library.dispatch(s, "share", "shown http://a/" + query)
    shown = [bool(r.find_all(class_="share-url")) for r in screen(s).find_all("li", class_="past-game")]
    assert shown == [False, True, False]


@pytest.mark.parametrize("name", NAMES + ("presets/game_505_5p_contract.json",))
def test_share_in_a_replay_opens_the_deal_on_show_as_it_was_dealt_and_the_link_goes_as_it_moves(name):
    """Issue 41: the link of a past game's deal 3 opens deal 3 (its shuffle follows from the deals
    before it: the link carries their moves), with the rounds and scores it was dealt at."""
    s = session(store_with(name))
    library.dispatch(s, "past")
    library.dispatch(s, "past-open", "g0")
    assert "&deal=" not in screen(s).find(class_="replay-body").find(data_act="share").attrs["data-arg"]
    library.dispatch(s, "replay-deal", "3")
    control = screen(s).find(class_="replay-body").find(data_act="share")
    assert control.text == "🔗 Share this deal"
    library.dispatch(s, "share", "copied http://a/" + control.attrs["data-arg"])
    said = screen(s).find(class_="share-said").text
    assert "at deal 3 of this one, dealt exactly as it was" in said and "rounds and scores as they stood" in said
    assert screen(s).find(class_="share-url").attrs["value"] == "http://a/" + control.attrs["data-arg"]
    dealt = s.ui.past.replay.steps[0]                # deal 3 as dealt, on show
    theirs = {SETTINGS_KEY: json.dumps({"house": ["ace_wrap"], "rulebook": "gallery"})}
    opened = _boot("https://example.org/aggravation/" + control.attrs["data-arg"], theirs).session
    assert opened.state.deal_number == 3 and opened.log.seed == s.ui.past.replay.log.seed
    assert [tuple(seat.hand) for seat in opened.state.seats] == [seat.hand for seat in dealt.seats]
    assert [(seat.round, seat.total) for seat in opened.state.seats] == [(seat.round, seat.total) for seat in dealt.seats]
    assert opened.state.dealer == dealt.dealer and opened.state.pile[-1] == dealt.top
    library.dispatch(s, "step", "1")
    assert screen(s).find_all(class_="share-url") == []


def test_a_later_deals_link_cut_short_starts_the_game_at_deal_1_and_says_so():
    log = GameLog.from_json(golden("game_202_4p.json")[0])
    query = kept.share_query(log, "scout", 2)
    app = _boot("http://h/" + query[:-40])
    assert app.session.state.deal_number == 1 and app.session.log.actions == []
    said = parse(app.frame()["html"]).find(class_="message")
    assert said.text.startswith("This link's deal 2 could not be dealt")
