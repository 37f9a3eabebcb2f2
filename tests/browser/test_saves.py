"""Nothing lost, ever, in the page: hostile saves, storage that refuses, two tabs, leaving a game."""

import json

import pytest
from playwright.sync_api import expect

from conftest import PageLog
from helpers import TABLE, at_token, control, hand_keys, mouse_drag, open_deal, replay, settled
from test_screens import serious_violations
from ui_script import plan_deal

pytestmark = pytest.mark.browser

READY = "body[data-python=ready]"
SAVE, ASIDE, KEPT = "aggravation.save", "aggravation.save.unreadable", "aggravation.games"
SEED, LEVEL = 2, "sprout"
UNREADABLE = ("Your saved game could not be loaded, so it has been set aside: "
              "download a copy below, or pick a level to start a new game.")
CANNOT_SAVE = "This browser is not letting the game save, so this game will be lost when you close the page."


SLOT_HOLDS = """([key, moves]) => {
  try { return JSON.parse(localStorage.getItem(key)).moves === moves; } catch (error) { return false; }
}"""


def stored(page, key: str):
    return page.evaluate("key => localStorage.getItem(key)", key)


HOSTILE = {
    "huge number": json.dumps({"format": "aggravation-save", "version": 2, "game": "g", "level": "scout",
                               "moves": 1, "tab": "t", "over": False,
                               "log": '{"format":"aggravation-log","version":1,"seed":1e309,"players":4,'
                                      '"actions":[{"type":"LayOff","card":"QH/1","meld":1e309,"end":null}]}'}),
    "deep nesting": json.dumps({"level": "scout", "log": "[" * 100_000 + "]" * 100_000}),
    "5 MB": "x" * 5_000_000,
    "junk": '{"level": "scout", "log": "garbage',
}


@pytest.mark.parametrize("name", HOSTILE)
def test_a_hostile_save_is_set_aside_with_a_download_and_the_next_boot_is_clean(
        name, page, page_log, site_url, boot_timeout_ms):
    text = HOSTILE[name]
    page.goto(site_url + "rules.html")                       # same origin, no Python: set the trap
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE, text])
    page.goto(site_url)
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    notice = page.locator(".notice")
    expect(notice.locator("p")).to_have_text(UNREADABLE)
    expect(page.locator("[data-level]")).to_have_count(3)   # the start screen, playable
    if name == "junk":
        assert serious_violations(page) == []
    assert stored(page, SAVE) is None
    assert stored(page, ASIDE) == (text if len(text) <= 400_000 else None)   # too big: download only
    with page.expect_download() as download:
        control(page, "download").click()
    path = download.value.path()
    assert download.value.suggested_filename == "aggravation-unreadable-save.json"
    with open(path, encoding="utf-8") as handle:
        assert handle.read() == text, "the player gets exactly what was stored"
    page.reload()
    page.wait_for_selector(READY, state="attached", timeout=boot_timeout_ms)
    expect(page.locator(".notice")).to_have_count(0)
    page.get_by_role("button", name="🌱 Sprout").click()
    expect(page.locator(TABLE)).to_be_visible()
    page_log.assert_clean()


REFUSE = """
Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
};
"""


def test_storage_that_refuses_keeps_the_game_playable_and_says_so_once(page, page_log, site_url):
    page.add_init_script(REFUSE)
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    alert = page.locator(".alert")
    expect(alert).to_have_count(1)
    expect(alert.locator("p")).to_have_text("⚠️ " + CANNOT_SAVE)
    expect(control(page, "dismiss")).to_be_visible()
    control(page, "dismiss").click()
    expect(alert).to_have_count(0)

    def never_again(index, act, arg):
        assert alert.count() == 0, f"told again before step {index}"

    steps = plan.steps[:20]
    replay(page, steps, never_again)
    expect(page.locator(TABLE)).not_to_have_attribute("data-token", str(steps[-1][0]))   # played on
    assert stored(page, SAVE) is None                      # nothing could be saved...
    expect(alert).to_have_count(0)                         # ...and the player was told once
    page_log.assert_clean()


def test_the_game_in_progress_comes_first_and_a_level_asks_before_leaving_it(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    replay(page, plan.steps[:3])
    moves = plan.steps[3][0]
    at_token(page, moves)
    control(page, "menu").click()
    resume = page.locator(".start button").first
    expect(resume).to_have_text("▶ Back to your Sprout game — deal 1, round 1")
    expect(resume).to_have_attribute("data-act", "resume")
    page.get_by_role("button", name="🧭 Scout").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text("Leave your Sprout game (deal 1, round 1) and start a new Scout game?")
    expect(control(page, "keep")).to_be_focused()           # the safe answer is the default
    assert serious_violations(page) == []
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator(TABLE)).to_have_attribute("data-token", str(moves))   # the same game, untouched
    control(page, "menu").click()
    page.get_by_role("button", name="🧭 Scout").click()
    control(page, "confirm").click()
    expect(page.locator(".opponents .opp")).to_have_count(3)
    kept = json.loads(stored(page, KEPT))
    assert [(k["level"], k["end"], k["moves"]) for k in kept] == [("sprout", "abandoned", moves)]
    page_log.assert_clean()


def reach(page, token: int, pages) -> None:
    """at_token, saying on a timeout where each tab stands and what the slot holds."""
    try:
        at_token(page, token)
    except Exception as error:  # noqa: BLE001 (the state of both tabs is the useful part)
        slot = json.loads(stored(page, SAVE) or "null")
        where = [(p.locator(TABLE).get_attribute("data-token"), p.locator("[data-dialog], .message").all_inner_texts())
                 for p in pages]
        raise AssertionError(f"tab {pages.index(page) + 1} never reached move {token}: the tabs stand at "
                             f"{where}; the slot holds {slot and slot.get('moves')} moves") from error


def test_two_tabs_play_one_deal_by_turns_and_neither_loses_a_move(context, site_url, boot_timeout_ms):
    """The player's moves alternate between two pages of one browser context (the taps of one
    move, such as a card then Discard, stay on one page): each page must follow the other's moves
    (storage events) to reach its next one, and the deal ends exactly as planned."""
    plan = plan_deal(SEED, LEVEL)
    one, two = context.new_page(), context.new_page()
    logs = [PageLog().attach(one), PageLog().attach(two)]
    open_deal(one, site_url, SEED, LEVEL)
    two.goto(site_url + "?speed=0&steal=off")
    two.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    tokens = sorted({token for token, _, _ in plan.steps})
    for token, act, arg in plan.steps:
        page = (one, two)[tokens.index(token) % 2]
        page.bring_to_front()   # as a player switches tabs: a tab behind draws no frames, and a tap waits on them
        reach(page, token, (one, two))
        control(page, act, arg).click()
    final = plan.session.token()
    for page in (one, two):
        reach(page, final, (one, two))
        # The tab that played the last move shows everyone's cards first; the other, the scores.
        expect(page.locator('[data-zone="summary"], [data-zone="leftovers"]')).to_be_visible()
        expect(page.locator("[data-dialog]")).to_have_count(0)
    # Two tabs writing at once settle: a write that raced the other tab's newer one is not made
    # (assets/page/storage.js checks the slot first) and the tab further on writes its game again.
    try:
        one.wait_for_function(SLOT_HOLDS, arg=[SAVE, final], timeout=30_000)
    except Exception as error:  # noqa: BLE001 (say what the slot holds instead)
        slot = json.loads(stored(one, SAVE) or "null")
        raise AssertionError(f"the slot holds {slot and slot.get('moves')} moves, not {final}") from error
    saved = json.loads(stored(one, SAVE))
    assert saved["moves"] == final and saved["log"] == plan.session.log.to_json()
    for log in logs:
        log.assert_clean()


def test_a_tab_whose_game_was_replaced_asks_and_play_here_keeps_both(context, site_url, boot_timeout_ms):
    plan = plan_deal(SEED, LEVEL)
    one, two = context.new_page(), context.new_page()
    logs = [PageLog().attach(one), PageLog().attach(two)]
    open_deal(one, site_url, SEED, LEVEL)
    replay(one, plan.steps[:2])
    moves = plan.steps[2][0]
    at_token(one, moves)
    two.goto(site_url + "?speed=0&steal=off")
    two.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    control(two, "menu").click()
    two.get_by_role("button", name="🏆 Ace").click()
    control(two, "confirm").click()
    expect(two.locator(".opponents .opp")).to_have_count(4)
    dialog = one.get_by_role("dialog")
    expect(dialog).to_contain_text("Another tab has started a different game.")
    expect(control(one, "play-here")).to_be_focused()
    expect(one.locator(TABLE)).to_have_attribute("data-token", str(moves))   # no bot played on meanwhile
    control(one, "play-here").click()
    expect(dialog).to_have_count(0)
    saved = json.loads(stored(one, SAVE))
    assert saved["level"] == "sprout" and saved["moves"] >= moves
    expect(two.get_by_role("dialog")).to_contain_text("Another tab has started a different game.")
    ends = sorted((k["level"], k["end"]) for k in json.loads(stored(one, KEPT)))
    assert ends == [("ace", "replaced"), ("sprout", "abandoned")], "both games kept"
    for log in logs:
        log.assert_clean()


def test_the_hand_as_arranged_comes_back_after_a_reload(page, page_log, site_url):
    """A card moved by Shift+→ and another dragged: a reload shows the hand in the same order."""
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan.steps[0][0])                           # the swap round: my turn, the table waits
    keys = hand_keys(page)
    page.keyboard.press("ArrowRight")                          # picks the first card
    settled(page)
    page.keyboard.press("Shift+ArrowRight")
    settled(page)
    page.keyboard.press("Shift+ArrowRight")
    settled(page)
    arranged = keys[1:3] + keys[:1] + keys[3:]
    assert hand_keys(page) == arranged
    last, second = (page.locator(f'[data-zone="hand"] [data-key="{k}"]') for k in (keys[-1], keys[1]))
    mouse_drag(page, last, second)                                   # the last card to the front
    arranged = [keys[-1]] + arranged[:-1]
    assert hand_keys(page) == arranged
    page.wait_for_function("key => (localStorage.getItem(key) || '').includes('\"order\"')", arg=SAVE)
    page.reload()
    page.wait_for_selector(TABLE, timeout=60_000)
    settled(page)
    assert hand_keys(page) == arranged
    control(page, "sort").click()                              # a sort gives it up, for good
    settled(page)
    assert hand_keys(page) != arranged
    assert '"order"' not in stored(page, SAVE)
    page_log.assert_clean()


