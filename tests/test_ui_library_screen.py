"""The past-games screen's words and marks (game/ui/screens/library/): the one message each action
leaves (and whether it is an alert), each row's parts, and the guards on a shared address.
The flows themselves (list, replay, export, import, share) are test_ui_library.py's."""
from __future__ import annotations

import hashlib
import json
from urllib.parse import parse_qsl

import pytest

from game.ui.screens.library import intents as library


from game.ui.screens.library import model as library_model
from game.ui.store.deal_link import LINK_LIMIT
from game.ui.store.kept import date_text, export_name
from game.ui.store.saves import KEPT_KEY, Record, Saves
from support import MemoryStore
from test_ui_library import DAY, NAMES, _exported, golden, screen, session, store_with

GALLERY = "presets/game_606_3p_gallery_bots.json"


def strays(root) -> list[str]:
    """Text sitting loose in the list's containers (between rows, buttons, parts of the screen)."""
    boxes = root.find_all("main") + root.find_all("ol") + root.find_all("li") + root.find_all(class_="past-actions")
    return [child for box in boxes for child in box.children if isinstance(child, str) and child.strip()]


def said(s) -> tuple[str, str, str]:
    """The message line: its words, its role (alert or status) and its class."""
    p = screen(s).find("p", class_="message")
    return p.text, p.attrs["role"], p.attrs["class"]


def listed(*names: str) -> object:
    s = session(store_with(*names))
    library.dispatch(s, "past")
    return s


def keep(store: MemoryStore, game: str, log: str, facts=None, level: str = "sprout", at: int = DAY) -> None:
    Saves(store).keep(Record(game, level, log, 1, over=True), "finished", at=at, facts=facts)


def test_a_game_no_longer_kept_is_said_as_an_alert_whether_opened_or_exported():
    for act in ("past-open", "export"):
        s = listed("game_101_3p.json")
        library.dispatch(s, act, "gone")
        assert said(s) == (library_model.GONE, "alert", "message error") and s.ui.past.download is None


def test_export_says_the_files_name_and_opening_a_game_clears_the_message():
    s = listed("game_101_3p.json")
    library.dispatch(s, "export", "g0")
    name = export_name(s.ui.past.entries[0])
    assert said(s) == (f"Exported: {name}", "status", "message info") and library.take_download(s)[0] == name
    library.dispatch(s, "past-open", "g0")
    assert s.ui.past.message == "" and s.ui.past.tone == "info"
    library.dispatch(s, "past-close")
    assert said(s) == ("", "status", "message")


def test_a_kept_game_whose_moves_cannot_be_read_says_so_and_offers_no_link():
    store = MemoryStore()
    _, facts = golden("game_101_3p.json")
    keep(store, "bad", "{}", facts=facts)                  # its facts were kept; its moves are damaged
    s = session(store)
    library.dispatch(s, "past")
    row = screen(s).find("li", class_="past-game")
    assert row.find_all(data_act="share") == [] and "broken" not in row.attrs["class"]
    library.dispatch(s, "past-open", "bad")
    assert said(s) == (library_model.CANNOT_OPEN, "alert", "message error") and s.ui.past.replay is None


def test_a_replay_that_breaks_in_a_later_deal_goes_back_to_the_list_and_says_why():
    text, facts = golden("game_101_3p.json")
    data = json.loads(text)
    data["actions"][-1] = {"type": "Discard", "card": "JK/9"}
    store = MemoryStore()
    keep(store, "late", json.dumps(data), facts=facts)
    s = session(store)
    library.dispatch(s, "past")
    library.dispatch(s, "past-open", "late")
    assert s.ui.past.replay is not None
    s.ui.shared = {"url": "http://a/?seed=1", "copied": False}
    library.dispatch(s, "replay-go", "end")                  # on to the game's end: its last deal breaks
    if s.ui.past.replay is not None:
        library.dispatch(s, "replay-deal", str(s.ui.past.replay.count))
    assert s.ui.past.replay is None and s.ui.shared is None
    assert said(s) == (library_model.CANNOT_OPEN, "alert", "message error")


def test_a_broken_row_is_marked_offers_export_only_and_says_what_is_wrong():
    store = MemoryStore()
    keep(store, "bad", "{}")
    s = session(store)
    library.dispatch(s, "past")
    row = screen(s).find("li", class_="past-game")
    assert row.attrs["class"] == "past-game broken" and row.attrs["data-game"] == "bad"
    assert row.find("b").text == "A game that cannot be read"
    assert row.find(class_="how").text == "Its moves do not play to the end"
    assert row.find_all(class_="total") == [] and row.find_all(data_act="share") == []
    replay, export = row.find_all("button")
    assert (replay.text, "disabled" in replay.attrs) == ("▶ Replay", True)
    assert (export.text, "disabled" in export.attrs, export.attrs["data-arg"]) == ("⬇ Export", False, "bad")


def test_a_row_names_its_table_date_result_and_total():
    s = listed("game_101_3p.json")
    row = screen(s).find("li", class_="past-game")
    _, facts = golden("game_101_3p.json")
    assert row.attrs["class"] == "past-game"
    assert row.find("b").text == "Aggravation · Sprout · 3 players"
    assert row.find(class_="when").text == date_text(DAY)
    assert row.find(class_="total").text == f"Your total {facts['total']}"
    replay = row.find(data_act="past-open")
    assert replay.text == "▶ Replay" and "disabled" not in replay.attrs and "primary" in replay.attrs["class"].split()
    assert replay.attrs["data-arg"] == "g0"
    assert [b.attrs["data-act"] for b in row.find_all("button")] == ["past-open", "export", "share"]
    assert strays(screen(s)) == []


def test_a_game_without_a_date_says_so_and_an_unknown_level_or_rulebook_is_said_plainly():
    store = MemoryStore()
    text, facts = golden("game_101_3p.json")
    keep(store, "old", text, facts=facts, at=0)
    s = session(store)
    library.dispatch(s, "past")
    assert screen(s).find(class_="when").text == "Date unknown"
    assert library_model.title(facts, "grandmaster") == "Aggravation · Bots · 3 players"
    assert library_model.title({**facts, "rules": "canasta"}, "ace") == "canasta · Ace · 3 players"


def test_the_results_of_a_win_and_of_a_game_nobody_won():
    assert library_model.result_line({"winners": ["You"], "you": "You", "place": 1, "players": 3}) == "You won"
    assert library_model.result_line({"winners": [], "you": "You", "place": 2, "players": 3}) == "2nd of 3 · nobody won"
    assert library_model.result_line({"winners": [], "you": "Ana", "place": 2, "players": 3, "people": 2}) == "nobody won"


def test_an_import_says_what_came_in_and_when_or_why_not():
    s = session(MemoryStore())
    library.dispatch(s, "past")
    library.dispatch(s, "import", "not json {")
    text, message, tone = said(s)
    assert message == "alert" and tone == "message error" and text.startswith("This file is not a game file")
    library.dispatch(s, "import", _exported(golden("game_101_3p.json")[0]))
    assert said(s) == (f"Imported: the game (Aggravation · Sprout · 3 players, {date_text(DAY)}) is now first "
                       "among your past games.", "status", "message info")
    library.dispatch(s, "import", golden("game_202_4p.json")[0])        # a bare log: no date
    assert said(s)[0] == "Imported: the game (Aggravation · Scout · 4 players) is now first among your past games."
    library.dispatch(s, "import", golden("game_202_4p.json")[0])
    assert said(s) == (library_model.ALREADY, "status", "message info")


def test_a_replay_opened_from_the_list_shares_the_level_it_was_played_at():
    text, facts = golden(GALLERY)
    store = MemoryStore()
    keep(store, "gal", text, facts=facts, level="ace")      # at Gallery the table's size does not say it
    s = session(store)
    library.dispatch(s, "past")
    library.dispatch(s, "past-open", "gal")
    link = screen(s).find(data_act="share").attrs["data-arg"]
    assert dict(parse_qsl(link.lstrip("?")))["level"] == "ace"


@pytest.mark.parametrize("arg,shown", [
    ("copied https://example.org/aggravation/?seed=1", True),
    ("shown http://localhost:8000/?seed=1", True),
    ("shown file:///home/me/aggravation/index.html?seed=1", True),
    ("shown ftp://example.org/?seed=1", False),
    ("shown javascript:alert(1)", False),
    ("shown https://e.org/?" + "x" * (LINK_LIMIT - len("https://e.org/?")), True),   # a later deal's moves
    ("shown https://e.org/?" + "x" * (LINK_LIMIT + 1 - len("https://e.org/?")), False),
])
def test_only_a_web_or_file_address_of_sane_length_is_shown(arg, shown):
    s = listed("game_101_3p.json")
    library.dispatch(s, "share", arg)
    assert (s.ui.shared is not None) is shown
    if shown:
        assert s.ui.shared == {"url": arg.split(" ", 1)[1], "copied": arg.startswith("copied")}


def test_an_empty_list_a_long_one_and_a_broken_row_leave_nothing_loose_on_the_screen():
    assert strays(screen(listed(*NAMES))) == []
    s = session(MemoryStore())
    library.dispatch(s, "past")
    assert strays(screen(s)) == [] and said(s) == ("", "status", "message")
    store = MemoryStore()
    keep(store, "bad", "{}")
    s = session(store)
    library.dispatch(s, "past")
    assert strays(screen(s)) == []


def test_a_long_id_is_cut_before_its_moves_mark_is_added():
    store = MemoryStore()
    text, facts = golden("game_101_3p.json")
    long_id = "x" * 40
    keep(store, long_id, text, facts=facts)
    s = session(store)
    library.dispatch(s, "past")
    other = golden("game_202_4p.json")[0]
    library.dispatch(s, "import", json.dumps({"format": "aggravation-game", "version": 1, "game": long_id,
                                              "level": "scout", "at": DAY, "log": other}))
    added = json.loads(store[KEPT_KEY])[-1]
    assert added["game"] == "x" * 32 + "-" + hashlib.sha256(other.encode("utf-8")).hexdigest()[:6]


def test_a_name_with_a_lone_surrogate_lists_and_imports_without_a_crash():
    """A name typed on one device can reach a log as half a UTF-16 pair: it must not stop the list."""
    data = json.loads(golden("game_101_3p.json")[0])
    data["names"] = ["Ana\ud800", "Ben", "Cy"]
    text = json.dumps(data, ensure_ascii=False)            # the lone half itself is in the text
    store = MemoryStore()
    keep(store, "odd", text)                               # no facts kept: worked out from the log
    s = session(store)
    library.dispatch(s, "past")
    assert screen(s).find("li", class_="past-game").attrs["data-game"] == "odd"
    library.dispatch(s, "import", json.dumps({"format": "aggravation-game", "version": 1, "game": "odd",
                                              "level": "sprout", "at": DAY, "log": text.replace("Ben", "Bo")}))
    assert json.loads(store[KEPT_KEY])[-1]["game"].startswith("odd-")


def test_a_shared_games_row_shows_no_total_of_yours():
    store = MemoryStore()
    text, facts = golden("game_101_3p.json")
    keep(store, "shared", text, facts={**facts, "people": 2})
    s = session(store)
    library.dispatch(s, "past")
    row = screen(s).find("li", class_="past-game")
    assert row.find_all(class_="total") == [] and row.find(class_="how").text == library_model.result_line({**facts, "people": 2})


def test_a_rows_link_carries_the_level_the_game_was_played_at():
    text, facts = golden(GALLERY)
    store = MemoryStore()
    keep(store, "gal", text, facts=facts, level="ace")
    s = session(store)
    library.dispatch(s, "past")
    link = screen(s).find("li", class_="past-game").find(data_act="share").attrs["data-arg"]
    assert dict(parse_qsl(link.lstrip("?")))["level"] == "ace"


def test_the_screens_taps_mean_nothing_when_it_is_closed_and_share_needs_a_finished_game():
    s = session(store_with("game_101_3p.json"))
    for act in ("export", "past-open", "import", "replay-go", "past-close"):
        assert library.dispatch(s, act, "g0") is False and s.ui.past is None
    assert library.dispatch(s, "share", "shown http://a/?seed=1") is False          # no game at all
    s.start("sprout", 3)
    assert library.dispatch(s, "share", "shown http://a/?seed=1") is False          # a game still going
    assert s.ui.shared is None


def test_a_refused_files_words_go_at_the_next_action_and_the_next_visit():
    """Issue 41: 'This file is not an Aggravation game.' answers the import it was said of, and no
    later action: it goes at the next tap on the screen (a share, a replay and back) and when the
    list is opened again."""
    not_ours = json.dumps({"format": "something else"})
    for then in (("share", "copied https://example.org/?seed=1"), ("past-open", "g0"), ("past-close", ""),
                 ("past", "")):
        s = listed("game_101_3p.json")
        library.dispatch(s, "import", not_ours)
        assert said(s) == ("This file is not an Aggravation game.", "alert", "message error")
        library.dispatch(s, *then)
        if s.ui.past is None:                       # ✕ Back: the list closed; the next visit
            library.dispatch(s, "past")
        elif s.ui.past.replay is not None:          # a replay opened, and back to the list
            library.dispatch(s, "past-close")
        assert said(s) == ("", "status", "message"), then
