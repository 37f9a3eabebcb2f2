"""A touch drag on a phone rearranges the hand, and a touch tap still picks a card."""

import pytest

from helpers import at_token, centre, hand_keys, open_deal, settled
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL = 2, "sprout"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 360, "height": 740}, "has_touch": True,
            "is_mobile": True}


def touch(cdp, kind: str, x: float = 0, y: float = 0) -> None:
    points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def test_a_touch_drag_rearranges_the_hand_and_a_tap_still_picks(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan.steps[0][0])                           # the swap round: my turn, nothing drawn
    keys = hand_keys(page)
    page.locator(f'[data-zone="hand"] [data-key="{keys[4]}"]').tap()      # a tap picks
    settled(page)
    assert page.locator('[data-zone="hand"] [aria-pressed="true"]').get_attribute("data-key") == keys[4]
    first = page.locator(f'[data-zone="hand"] [data-key="{keys[0]}"]')
    third = page.locator(f'[data-zone="hand"] [data-key="{keys[2]}"]')
    (x, y), (tx, ty) = centre(first), centre(third)
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", x, y)
    for n in range(1, 7):
        touch(cdp, "touchMove", x + (tx - x) * n / 6, y + (ty - y) * n / 6)
    touch(cdp, "touchEnd")
    settled(page)
    assert hand_keys(page) == keys[1:3] + keys[:1] + keys[3:]                # a drag moves
    page.locator(f'[data-zone="hand"] [data-key="{keys[6]}"]').tap()      # and the next tap, at once,
    settled(page)                                                          # is a tap again
    assert page.locator('[data-zone="hand"] [aria-pressed="true"]').get_attribute("data-key") == keys[6]
    page_log.assert_clean()
