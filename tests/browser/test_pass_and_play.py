"""Pass-and-play in the page (issue 12): three people share one device at a Scout table.

The deal is planned under CPython with the page's own session (tests/browser/ui_script.py), then
played in the page by the same taps: each person shows their hand after the pass screen, goes
down, lays off and discards; on the claims screens every other discard is claimed by everyone.
At every pass and claims screen, no card of any hand may be anywhere in the page."""

import json
import re

import pytest
from playwright.sync_api import expect

from helpers import TABLE, at_token, control, open_deal, settled
from test_screens import serious_violations
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL, PEOPLE = 7, "scout", 3
SAVE = "aggravation.save"


def cards_in_page(page) -> set[str]:
    return set(page.eval_on_selector_all("[data-key]", "els => els.map(e => e.dataset.key)"))


TABLES = [  # (rulebook, players, people, seed, viewport): a claim made in each deal
    ("aggravation", 0, 3, 7, {"width": 1280, "height": 800}),
    ("contract", 4, 2, 8, {"width": 360, "height": 740}),
    ("gallery", 4, 2, 7, {"width": 360, "height": 740}),
]


@pytest.mark.parametrize("rules,players,people,seed,viewport", TABLES, ids=[t[0] for t in TABLES])
def test_people_play_a_deal_by_taps_and_no_hand_shows_between_turns(page, page_log, site_url, rules, players,
                                                                     people, seed, viewport):
    page.set_viewport_size(viewport)
    plan = plan_deal(seed, LEVEL, rules=rules, players=players, people=people)
    names = plan.session.names
    assert names[:people] == [f"Player {n + 1}" for n in range(people)] and plan.hidden and plan.claimed
    open_deal(page, site_url, seed, LEVEL, rules=rules, players=players, people=people)
    checked = {"pass": 0, "claims": 0}
    for index, (token, act, arg) in enumerate(plan.steps):
        at_token(page, token)
        if index in plan.hidden:
            screen = "claims" if act.startswith("claim") else "pass"
            expect(page.locator(f'[data-dialog="{screen}"]')).to_have_count(1)
            assert page.locator('[data-zone="hand"] [data-card]').count() == 0
            leaked = cards_in_page(page) & plan.hidden[index]
            assert not leaked, f"step {index}: cards of a hand in the page at the {screen} screen: {leaked}"
            if checked[screen] == 0:
                assert serious_violations(page) == []
            checked[screen] += 1
        if act == "show":
            seat = int(page.locator('[data-dialog="pass"]').get_attribute("data-seat"))
            expect(page.locator("#pass-title")).to_contain_text(names[seat])
        control(page, act, arg).click()
        settled(page)
        if act == "show":                               # then the hand shows, named for its owner
            expect(page.locator(".prompt")).to_contain_text(f"{names[seat]}, ")
            assert page.locator('[data-zone="hand"] [data-card]').count() > 0
    assert checked["pass"] >= 5 and checked["claims"] >= 1
    at_token(page, plan.session.token())
    expect(page.locator('[data-zone="summary"], [data-zone="leftovers"]')).to_be_visible()
    saved = json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))
    assert saved["people"] == people and saved["log"] == plan.session.log.to_json()
    page_log.assert_clean()


def test_the_start_screen_seats_people_by_name_and_the_first_pass_screen_says_whose_turn(page, page_log, site_url,
                                                                                       boot_timeout_ms):
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "?speed=0&steal=off")
    page.wait_for_selector(".start", timeout=boot_timeout_ms)
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    control(page, "set", "people=3").click()
    names = page.locator("input[data-name]")
    expect(names).to_have_count(3)
    for n, name in enumerate(["Ana", "Ben", "Cy"]):   # typed one after another, as fast as a thumb
        names.nth(n).click()
        page.keyboard.type(name)
    page.locator(".people-hint").click()                 # the last field is left too
    settled(page)
    stored = json.loads(page.evaluate("localStorage.getItem('aggravation.settings')"))
    assert stored["names"] == ["Ana", "Ben", "Cy"] and stored["people"] == 3
    expect(page.locator(".people-hint")).to_contain_text("3 people pass this device")
    assert serious_violations(page) == []
    control(page, "level", "scout").click()
    pass_card = page.locator('[data-dialog="pass"]')
    expect(pass_card).to_have_count(1)
    expect(page.locator("#pass-title")).to_have_text(re.compile(r"Pass to (Ana|Ben|Cy)"))
    assert page.locator('[data-zone="hand"] [data-card]').count() == 0
    expect(page.locator(".opponents .opp")).to_have_count(3)     # the other two people and a Scout bot
    expect(control(page, "show")).to_be_focused()
    for _ in range(3):                                            # Tab stays on the pass screen
        page.keyboard.press("Tab")
        assert page.evaluate("!!document.activeElement.closest('[data-dialog=pass]')")
    page.reload()                                                # names are kept for the next game
    page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    page.locator('[data-dialog="pass"] [data-act="menu"]').click()   # the pass screen's way to the menu
    expect(page.locator("input[data-name]").first).to_have_value("Ana")
    page_log.assert_clean()


def test_a_reload_in_the_middle_of_a_persons_turn_shows_the_pass_screen_first(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL, people=PEOPLE)
    open_deal(page, site_url, SEED, LEVEL, people=PEOPLE)
    shows = [n for n, (_, act, _) in enumerate(plan.steps) if act == "show"]
    upto = shows[2] + 1                                   # the third person shows their hand
    for token, act, arg in plan.steps[:upto]:
        at_token(page, token)
        control(page, act, arg).click()
        settled(page)
    assert page.locator('[data-zone="hand"] [data-card]').count() > 0
    page.reload()
    page.wait_for_selector(TABLE)
    expect(page.locator('[data-dialog="pass"]')).to_have_count(1)
    assert page.locator('[data-zone="hand"] [data-card]').count() == 0
    control(page, "show").click()
    settled(page)
    assert page.locator('[data-zone="hand"] [data-card]').count() > 0
    page_log.assert_clean()
