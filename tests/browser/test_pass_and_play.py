"""Pass-and-play in the page (issues 12 and 31): people share one device.

The deal is planned under CPython with the page's own session (tests/browser/ui_script.py), then
played in the page by the same taps: each person shows their hand after the pass screen, goes
down, lays off and discards; a person asked to claim a discard does so with their own hand in
view (every other one claims it). At every pass screen, no card of any hand may be anywhere in the
page; while a person is asked, their own hand is, and no card of anyone else's. A game of people
is started from 👥 Pass and play on the start screen, and a claim answered there, reloaded midway."""

import json
import os

import pytest
from playwright.sync_api import expect

from game.ui.store.saves import load
from helpers import TABLE, at_token, control, fresh_context, open_deal, settled
from conftest import PageLog
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
            expect(page.locator('[data-dialog="pass"]')).to_have_count(1)
            assert page.locator('[data-zone="hand"] [data-card]').count() == 0
            leaked = cards_in_page(page) & plan.hidden[index]
            assert not leaked, f"step {index}: cards of a hand in the page at the pass screen: {leaked}"
            if checked["pass"] == 0:
                assert serious_violations(page) == []
            checked["pass"] += 1
        if index in plan.asked:                          # a person asked, their own hand in view
            seat, others = plan.asked[index]
            expect(page.locator(".prompt")).to_contain_text(f"{names[seat]}, ")
            assert page.locator('[data-zone="hand"] [data-card]').count() > 0
            assert not cards_in_page(page) & others, f"step {index}: another person's card in the page"
            checked["claims"] += 1
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


VIEWS = {"phone": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
         "desktop": {"viewport": {"width": 1280, "height": 800}}}


@pytest.fixture(params=list(VIEWS))
def held(request, browser):
    """A fresh page at a phone's size with touch, or at a desktop's: (page, its log, tap)."""
    context = fresh_context(browser, **VIEWS[request.param])
    page = context.new_page()
    page.set_default_timeout(60_000)
    log = PageLog().attach(page)
    touch = request.param == "phone"
    yield page, log, (lambda locator: locator.tap()) if touch else (lambda locator: locator.click())
    context.close()


def saved_state(page):
    """The game as the page saved it, replayed here: every hand, for what the page must not show."""
    return load(page.evaluate(f"localStorage.getItem('{SAVE}')"))[2]


def test_pass_and_play_starts_from_its_own_choice_and_a_claim_is_answered_with_the_hand_in_view(
        held, site_url, boot_timeout_ms):
    page, page_log, tap = held
    page.goto(site_url + "?speed=0")
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator('[data-act="set"][data-arg^="people="]')).to_have_count(0)   # not among the levels
    tap(control(page, "people-setup"))
    expect(page.locator("#people-title")).to_have_text("👥 Pass and play · Aggravation")
    tap(control(page, "set", "people=3"))
    names = page.locator("input[data-name]")
    expect(names).to_have_count(3)
    for n, name in enumerate(["Ana", "Ben", "Cy"]):   # typed one after another, as fast as a thumb
        tap(names.nth(n))
        page.keyboard.type(name)
    tap(page.locator(".people-hint"))                   # the last field is left too
    settled(page)
    stored = json.loads(page.evaluate("localStorage.getItem('aggravation.settings')"))
    assert stored["names"] == ["Ana", "Ben", "Cy"] and stored["people"] == 3
    expect(control(page, "people-start", "sprout")).to_contain_text("Just the 3 of you")
    assert serious_violations(page) == []
    tap(control(page, "people-start", "sprout"))
    expect(page.locator(".topbar .mode")).to_have_text("👥 Pass and play")
    expect(page.locator(".opponents .opp")).to_have_count(2)          # the other two people, no bot

    asked = answered = None
    for _ in range(40):                                 # each person draws from the stock and discards
        settled(page)
        if page.locator('[data-dialog="pass"]').count():
            assert page.locator('[data-zone="hand"] [data-card]').count() == 0
            assert not cards_in_page(page) & {c.key for seat in saved_state(page).seats for c in seat.hand}
            if page.locator(".pass-claim").count():     # the device goes to a person who may claim
                expect(page.locator(".pass-claim")).to_contain_text("may steal it, with a penalty card")
                if asked is None:
                    asked = int(page.locator('[data-dialog="pass"]').get_attribute("data-seat"))
                    assert serious_violations(page) == []
                    page.reload()                       # a reload midway: the same person is asked
                    page.wait_for_selector('[data-dialog="pass"]', timeout=boot_timeout_ms)
                    assert int(page.locator('[data-dialog="pass"]').get_attribute("data-seat")) == asked
                    expect(page.locator(".pass-claim")).to_have_count(1)
            tap(control(page, "show"))
        elif control(page, "steal").count():
            state = saved_state(page)
            seat = state.current_player
            assert seat == asked
            own = {c.key for c in state.seats[seat].hand}
            assert set(page.eval_on_selector_all('[data-zone="hand"] [data-card]', "els => els.map(e => e.dataset.key)")) == own
            assert not cards_in_page(page) & {c.key for n, s in enumerate(state.seats) if n != seat for c in s.hand}
            expect(page.locator(".prompt")).to_contain_text(f"{['Ana', 'Ben', 'Cy'][seat]}, 🫳 ")
            expect(control(page, "pass")).to_have_text("Let it go")
            assert serious_violations(page) == []
            card = state.pile[-1]
            tap(control(page, "steal"))
            settled(page)
            assert card in saved_state(page).seats[seat].hand
            answered = seat
            break
        elif control(page, "draw").count():
            tap(control(page, "draw"))
        elif control(page, "pass").count():            # the swap round
            tap(control(page, "pass"))
        else:
            tap(page.locator('[data-zone="hand"] [data-card]').first)
            settled(page)
            tap(control(page, "discard"))
    assert answered is not None and answered == asked
    expect(page.locator('[data-dialog="pass"]')).to_have_count(1)     # back to the one drawing, hand hidden
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


def test_pass_and_play_tapped_while_python_loads_opens_its_setup_once_it_is_up(page, page_log, site_url,
                                                                              boot_timeout_ms):
    """The static start screen (index.html) answers 👥 Pass and play at once (assets/page/boot.js):
    Pyodide's wasm is held back while it is tapped, so the tap is surely an early one."""
    held, released = [], []

    def hold(route) -> None:
        if released:
            route.continue_()
        else:
            held.append(route)

    page.route("**/assets/vendor/pyodide/pyodide.asm.wasm", hold)
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(site_url, wait_until="domcontentloaded")
    card = page.locator('[data-act="people-setup"]')
    card.click()
    assert page.locator("body[data-python]").count() == 0, "Python was ready already: nothing early to test"
    expect(card).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#loading")).to_contain_text("Pass and play opens as soon as the game has loaded")
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator("#people-title")).to_have_text("👥 Pass and play · Aggravation")
    expect(page.locator('[data-act="set"][data-arg="people=2"]')).to_have_attribute("aria-pressed", "true")
    page_log.assert_clean()


def test_a_name_still_being_typed_counts_when_a_finger_taps_start(browser, site_url, boot_timeout_ms):
    """Issue 41: the last name typed, its field still focused (no Enter, no tap elsewhere), counts
    when a finger taps a table: a touch tap acts at its pointerup, before the field says it changed."""
    context = fresh_context(browser, viewport={"width": 390, "height": 800}, has_touch=True, is_mobile=True)
    page = context.new_page()
    log = PageLog().attach(page)
    page.goto(site_url + "?speed=0")
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    control(page, "people-setup").tap()
    control(page, "set", "people=3").tap()
    names = page.locator("input[data-name]")
    expect(names).to_have_count(3)
    for n, name in enumerate(["Ana", "Ben", "Cyrus"]):
        names.nth(n).tap()
        page.keyboard.type(name)
    expect(names.nth(2)).to_be_focused()
    control(page, "people-start", "sprout").tap()
    expect(page.locator('[data-dialog="pass"]')).to_have_count(1)
    settled(page)
    assert json.loads(json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))["log"])["names"] == ["Ana", "Ben", "Cyrus"]
    expect(page.locator("#pass-title")).not_to_contain_text("Player")
    assert "Player 3" not in page.locator("#screen").inner_text()
    log.assert_clean()
    context.close()


def test_two_people_start_with_two_sprouts(page, page_log, site_url, boot_timeout_ms):
    """Issue 41: how many bots and their level are picked apart in the setup (390×800)."""
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto(site_url + "?speed=0")
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    control(page, "people-setup").click()
    control(page, "set", "bots=2").click()
    expect(control(page, "set", "bots=2")).to_have_attribute("aria-pressed", "true")
    expect(control(page, "people-start", "sprout")).to_contain_text("With 2 Sprout bots")
    assert serious_violations(page) == []
    if os.environ.get("REPLAY_SHOTS"):
        page.screenshot(path=os.path.join(os.environ["REPLAY_SHOTS"], "people-setup-bots-390.png"), full_page=True)
    control(page, "people-start", "sprout").click()
    expect(page.locator(".opponents .opp")).to_have_count(3)            # the other person and two Sprouts
    expect(page.locator(".opponents")).to_contain_text("Sprout 2")
    page_log.assert_clean()
