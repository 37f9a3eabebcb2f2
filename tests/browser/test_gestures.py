"""Natural gestures in the page: a whole deal played by keys only, and one by dragging cards
with the mouse (frames, lay-offs, discards, a rearranged hand); a touch drag rearranges the hand
and a touch tap still picks. The player's moves are planned under CPython (ui_script.py) with
the page's own session, so the same seed gives the same table."""

import pytest
from playwright.sync_api import expect

from helpers import TABLE, at_token, centre, control, hand_keys, mouse_drag, open_deal, settled
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL = 2, "sprout"
KEYS = {"pass": "p", "draw": "d", "godown": "g", "fill": "f", "lay": "l", "meld": "m", "discard": "x"}


def press(page, key: str) -> None:
    page.keyboard.press(key)
    settled(page)


def picked(page) -> list[str]:
    return page.eval_on_selector_all('[data-zone="hand"] [aria-pressed="true"]', "els => els.map(e => e.dataset.key)")


def pick_by_key(page, key: str) -> None:
    """1–9 for the first nine cards, ← from the right end for the others."""
    keys = hand_keys(page)
    at = keys.index(key)
    if at < 9:
        press(page, str(at + 1))
    else:
        for _ in range(len(keys) - at):
            press(page, "ArrowLeft")
    assert picked(page) == [key]


def message(page):
    return page.locator(f"{TABLE} .message")


def test_a_whole_deal_by_keys_only(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL, fill=True)
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan.steps[0][0])
    press(page, "d")                                           # the swap round: no drawing, and why
    expect(message(page)).to_contain_text("In the swap round you swap with the discard or pass")
    for token, act, arg in plan.steps:
        at_token(page, token)
        if act == "card":
            pick_by_key(page, arg)
        else:
            press(page, KEYS[act])
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()
    press(page, "n")
    expect(page.locator('[data-zone="summary"]')).to_contain_text("Deal 1 is over")
    page_log.assert_clean()


def test_keys_move_the_pick_and_the_picked_card_and_ignore_modifiers(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL, fill=True)
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan.steps[0][0])
    press(page, "p")                                           # pass the swap
    at_token(page, plan.steps[1][0])                           # my first draw
    press(page, "g")
    expect(message(page)).to_have_text("Draw a card first, then go down")
    press(page, "d")
    expect(page.locator(TABLE)).to_have_attribute("data-phase", "play")
    first, second = hand_keys(page)[:2]
    press(page, "ArrowRight")
    assert picked(page) == [first]
    press(page, "Shift+ArrowRight")
    assert hand_keys(page)[:2] == [second, first] and picked(page) == [first]
    press(page, "Control+x")                                   # a browser shortcut, not a discard
    press(page, "Escape")
    assert picked(page) == [] and page.locator(f"{TABLE}").get_attribute("data-phase") == "play"
    page_log.assert_clean()


# ------------------------------------------------------------ by dragging


def card_in_hand(page, key: str):
    return page.locator(f'[data-zone="hand"] [data-key="{key}"]')


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 1280, "height": 1000}}


def test_a_whole_deal_by_dragging_cards(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    steps, frame, dragged = plan.steps, 0, set()
    for index, (token, act, arg) in enumerate(steps):
        if index in dragged:                                   # the tap-tap's target: done by the drop
            continue
        at_token(page, token)
        following = steps[index + 1][1] if index + 1 < len(steps) else ""
        if act == "frame":
            frame = arg
        elif act == "card" and page.locator('[data-zone="frames"]').count():
            mouse_drag(page, card_in_hand(page, arg), page.locator(f'[data-frame="{frame}"]'))
            expect(page.locator(f'[data-frame="{frame}"] [data-key="{arg}"]')).to_have_count(1)
        elif act == "card" and following == "meld":
            mouse_drag(page, card_in_hand(page, arg), page.locator(f'[data-meld="{steps[index + 1][2]}"].meld'))
            dragged.add(index + 1)
        elif act == "card" and following == "discard":
            mouse_drag(page, card_in_hand(page, arg), page.locator('[data-zone="discard"]'))
            expect(card_in_hand(page, arg)).to_have_count(0)      # discarded (the bots play on at once)
            dragged.add(index + 1)
        else:
            if act == "draw" and index == 1:                   # first: a drop on the stock says why
                key = hand_keys(page)[0]
                mouse_drag(page, card_in_hand(page, key), control(page, "stock"))
                expect(message(page)).to_have_text("Cards go on the discard pile, not on the stock")
            control(page, "stock" if act == "draw" else act).click()   # the stock tapped draws
            settled(page)
            if act == "draw" and index == 1:                   # then: the hand rearranged by a drag
                keys = hand_keys(page)
                mouse_drag(page, card_in_hand(page, keys[0]), card_in_hand(page, keys[3]))
                assert hand_keys(page) == keys[1:4] + keys[:1] + keys[4:]
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()
    page_log.assert_clean()


def test_a_short_mouse_press_is_still_a_tap(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan.steps[0][0])                           # the swap round: a pick to swap
    key = hand_keys(page)[2]
    x, y = centre(card_in_hand(page, key))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 3, y + 2)                             # under the 8 px threshold
    page.mouse.up()
    settled(page)
    assert picked(page) == [key]
    page_log.assert_clean()
