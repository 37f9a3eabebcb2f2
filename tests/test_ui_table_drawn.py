"""Checks of the table screen as drawn (game/ui/screens/table/markup.py: table_screen, topbar, share_link),
found by mutation testing: each test pins a part of the drawn page that no other test read, so
a change to it that a player or the page's script would notice now fails a test.

Tables are built exactly (tests/scenario.py) and read as HTML trees (tests/html_tree.py), the zone
and not the whole page; expected words are literals, not read back from the code under test.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from game.log import GameLog
from game.rules import PRESETS
from game.state import Phase
from game.ui.app import App
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.store.saves import SAVE_KEY, Record
from html_tree import parse
from scenario import table
from test_ui_table_spec import session_at, shown

GOLDEN = Path(__file__).parent / "golden"


# ------------------------------------------------------------ 🔗 Share


def test_once_share_is_tapped_the_button_stays_and_the_link_shows_under_it_in_the_same_block():
    text = GameLog.from_json((GOLDEN / "game_101_3p.json").read_text()).to_json()
    log = GameLog.from_json(text)
    app = App({SAVE_KEY: Record("g", "sprout", text, len(log.actions), over=True).to_json()}, {"speed": "0"})
    query = parse(app.boot()["html"]).find(data_zone="summary").find(data_act="share").attrs["data-arg"]
    frame = app.intent("share", f"shown http://127.0.0.1:8000/{query}")
    block = parse(frame["html"]).find(data_zone="summary").find("div", class_="share")
    button, said, url = block.items()
    assert (button.tag, button.attrs["data-act"], button.text) == ("button", "share", "🔗 Share this deal")
    assert said.attrs["class"] == "share-said" and said.text.startswith("Copy this link: ")
    assert url.tag == "input" and url.attrs["value"] == f"http://127.0.0.1:8000/{query}"


# ------------------------------------------------------------ the table


def test_the_swap_round_says_so_in_a_banner_over_the_melds_and_only_then():
    s = session_at(table(["5H 9C", "KC 8C", "9D 5C"], stock="3S", pile="QH", phase=Phase.SWAP, turn=0, dealer=2))
    felt = shown(s).find(data_scroll="felt")
    banner = felt.find(class_="banner")
    assert banner.tag == "p" and banner.attrs["class"] == "banner"
    assert banner.text == "🔄 Swap round: swap one card with the discard, or pass"
    assert felt.items()[0] is banner                                   # first on the felt, above the melds
    s = session_at(table(["5H 9C", "KC 8C", "9D 5C"], stock="3S", pile="QH", phase=Phase.DRAW, turn=0))
    assert shown(s).find_all(class_="banner") == []


def test_the_felt_says_the_deal_is_the_last_once_someone_is_down_on_the_last_round_and_not_before():
    last = PRESETS["aggravation"].rounds
    hands = ["5H 6H 7H QS", "KC KD", "2C 3C"]
    s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rounds=[last, last, 3]))
    assert shown(s).find_all(class_="last-deal") == []          # on the last round, not yet down: no
    s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rounds=[last, last, 3], down=[1]))
    banner = shown(s).find(data_scroll="felt").find(class_="last-deal")
    assert banner.text == f"🏁 Last deal: Scout 1 went down on round {last}, so the game ends with this deal"
    s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rounds=[last, last, 3], down=[0, 1]))
    assert shown(s).find(class_="last-deal").text.startswith("🏁 Last deal: You and Scout 1 went down")
    s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rounds=[last - 1, 3, 3], down=[0]))
    assert shown(s).find_all(class_="last-deal") == []          # down, but on an earlier round


def test_contract_rummy_says_its_last_contract_is_the_last_deal():
    rules = PRESETS["contract"]
    hands = ["5H 6H 7H QS", "KC KD", "2C 3C"]
    s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rules=rules, rounds=[rules.rounds] * 3),
                   preset="contract")
    assert "everyone plays the last contract" in shown(s).find(class_="last-deal").text
    s = session_at(table(hands, stock="9S 8S", pile="4D", phase=Phase.DRAW, rules=rules, rounds=[rules.rounds - 1] * 3),
                   preset="contract")
    assert shown(s).find_all(class_="last-deal") == []


def test_no_message_draws_none_and_a_message_draws_one_in_its_tone_said_once_by_the_live_region():
    s = session_at(table(["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S", pile="4D", phase=Phase.DRAW))
    status = shown(s).find(class_="status")
    assert s.ui.message == "" and status.find_all(class_="message") == []
    s.ui.message, s.ui.tone = "Draw first <now>", "error"
    status = shown(s).find(class_="status")
    said = status.find(class_="message")
    assert (said.tag, said.attrs["class"], said.text) == ("p", "message error", "Draw first <now>")
    # the page's one live region (#narration) says it: none here, or a screen reader hears it twice
    assert [n for n in status.find_all() if n.attrs.get("role") in ("alert", "status") or "aria-live" in n.attrs] == []


def drawn_table(preset: str = "aggravation") -> Session:
    state = table(["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S", pile="4D", phase=Phase.DRAW, rules=PRESETS[preset])
    return session_at(state, preset=preset)


# ------------------------------------------------------------ the top bar


@pytest.mark.parametrize("preset, title, rulebook, page, card", [
    ("aggravation", "Aggravation", "Aggravation", "rules.html", "print/index.html"),
    ("gallery", "Gallery", "Gallery Aggravation Rummy", "rules-gallery.html", "print/gallery.html"),
    ("contract", "Contract Rummy", "Contract Rummy", "rules-contract.html", "print/contract.html"),
])
def test_the_top_bar_names_the_rulebook_and_links_its_own_rules_page_and_card(preset, title, rulebook, page, card):
    bar = shown(drawn_table(preset)).find("header", class_="topbar")
    h1 = bar.find("h1")
    assert h1.text == f"🃏 {title}" and h1.attrs["title"] == rulebook
    links = bar.find("nav").find_all("a")
    assert [a.attrs["href"] for a in links] == [page, card]
    assert [a.attrs["aria-label"] for a in links] == ["📜 Rules", "🖨️ Open the printable rules card"]


def test_the_settings_button_says_whether_its_panel_is_open():
    s = drawn_table()
    gear = shown(s).find("header", class_="topbar").find("button", data_act="settings")
    assert gear.attrs["aria-expanded"] == "false"
    dispatch(s, "settings")
    gear = shown(s).find("header", class_="topbar").find("button", data_act="settings")
    assert gear.attrs["aria-expanded"] == "true"
