"""Issue 41, point 3: ↶ Take back in the page, on a 360×740 phone. Going down is taken back by a
tap on the action bar's ↶ Take back and every card is back in hand; a discard is taken back by
Ctrl+Z while the next player (a bot) still waits, and the card is back in hand, the turn the
player's again. Seed 2 at Sprout deals the player a hand that goes down on their first draw."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from game.cards import Card
from helpers import TABLE, control, hand_keys, open_deal, replay, settled
from ui_script import plan_deal

pytestmark = pytest.mark.browser

MY_TURN = f'{TABLE}[data-my-turn="true"]'
THEIR_TURN = f'{TABLE}[data-my-turn="false"]'
SHOTS = "/tmp"


def my_play(page, site_url: str, boot_timeout_ms: int) -> list[str]:
    """The swap round passed and the stock drawn: the player's hand, just after the draw."""
    open_deal(page, site_url, seed=2, level="sprout", timeout=boot_timeout_ms)
    page.wait_for_selector(f'{MY_TURN}[data-phase="swap"]', state="attached")
    control(page, "pass").click()
    page.wait_for_selector(f'{MY_TURN}[data-phase="draw"]', state="attached")
    control(page, "draw").click()
    page.wait_for_selector(f'{MY_TURN}[data-phase="play"]', state="attached")
    settled(page)
    return hand_keys(page)


def test_going_down_and_a_discard_are_taken_back_on_a_phone(page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size({"width": 360, "height": 740})
    drawn = my_play(page, site_url, boot_timeout_ms)
    take_back = page.locator('#screen .actions [data-act="takeback"]')
    expect(take_back).to_have_count(0)                          # the draw is never taken back
    for act in ("godown", "fill", "lay"):
        control(page, act).click()
        settled(page)
    assert len(hand_keys(page)) < len(drawn)                   # down: the melds left the hand
    expect(take_back).to_be_visible()
    expect(take_back).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "no sideways scrolling"
    page.screenshot(path=f"{SHOTS}/takeback-360-down.png")
    take_back.click()
    settled(page)
    assert sorted(hand_keys(page)) == sorted(drawn)            # every card back in hand
    expect(page.locator("#screen .message")).to_have_text("↶ Taken back: going down")
    expect(take_back).to_have_count(0)                          # back to just after the draw

    control(page, "settings").click()                           # slow bots: the window is theirs to wait
    control(page, "set", "speed=slow").click()
    control(page, "settings").click()
    settled(page)
    card = hand_keys(page)[0]
    control(page, "card", card).click()
    control(page, "discard").click()
    page.wait_for_selector(THEIR_TURN, state="attached")
    assert card not in hand_keys(page)
    page.screenshot(path=f"{SHOTS}/takeback-360-discarded.png")
    token = page.locator(TABLE).get_attribute("data-token")
    page.keyboard.press("Control+z")
    page.wait_for_selector(f'{MY_TURN}[data-phase="play"]', state="attached")
    assert int(page.locator(TABLE).get_attribute("data-token")) == int(token) - 1   # no bot moved meanwhile
    assert sorted(hand_keys(page)) == sorted(drawn)
    expect(page.locator("#screen .message")).to_have_text(f"↶ Taken back: your discard of {Card.parse(card).symbol}")
    page_log.assert_clean()


def test_the_take_back_on_a_laptop(page, page_log, site_url, boot_timeout_ms):
    page.set_viewport_size({"width": 1280, "height": 800})
    drawn = my_play(page, site_url, boot_timeout_ms)
    for act in ("godown", "fill", "lay"):
        control(page, act).click()
        settled(page)
    page.screenshot(path=f"{SHOTS}/takeback-1280-down.png")
    page.keyboard.press("Control+z")
    page.wait_for_selector(f'{MY_TURN}[data-phase="play"]', state="attached")
    settled(page)
    assert sorted(hand_keys(page)) == sorted(drawn)
    page_log.assert_clean()



def test_pass_and_play_takes_a_discard_back_on_the_pass_screen_before_the_hand_over(page, page_log, site_url):
    """Three people, no bot between them: the pass screen after a discard offers ↶ Take back to the
    one who still holds the device; it brings their hand back with the card in it."""
    page.set_viewport_size({"width": 360, "height": 740})
    plan = plan_deal(7, "scout", people=3)
    at = next(n for n, (token, act, _) in enumerate(plan.steps)
              if act == "discard" and n + 1 in plan.hidden and plan.steps[n + 1][0] == token + 1)
    open_deal(page, site_url, 7, "scout", people=3)
    replay(page, plan.steps[:at])
    held = hand_keys(page)
    control(page, "discard").click()
    settled(page)
    dialog = page.locator('[data-dialog="pass"]')
    expect(dialog).to_have_count(1)
    assert hand_keys(page) == []                                # no hand shows at the pass screen
    expect(dialog.locator('[data-act="takeback"]')).to_be_visible()
    page.screenshot(path=f"{SHOTS}/takeback-360-pass.png")
    dialog.locator('[data-act="takeback"]').click()
    settled(page)
    expect(dialog).to_have_count(0)
    assert sorted(hand_keys(page)) == sorted(held)
    page_log.assert_clean()
