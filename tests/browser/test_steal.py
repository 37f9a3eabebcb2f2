"""🫳 Steal in the page: offered while the player may steal, and resolved by seat order, not speed."""

import pytest
from playwright.sync_api import expect

from helpers import at_token, control, open_deal, replay
from ui_script import plan_first_steal

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("seed, thief", [(1, "You"), (111, "Scout 3")])
def test_steal_is_offered_and_the_soonest_seat_gets_the_card(page, page_log, site_url, seed, thief):
    """Seed 1: the player is first in line and gets the card. Seed 111: Scout 3 sits before the
    player in the order after the discarder and claims too, so Scout 3 gets it though we tapped."""
    plan, winner = plan_first_steal(seed)
    assert (winner == 0) == (thief == "You")
    open_deal(page, site_url, seed, "scout", steal="wait")
    *before, (token, act, _) = plan.steps
    replay(page, before)
    at_token(page, token)
    steal = control(page, "steal")
    expect(steal).to_be_visible()
    expect(steal).to_contain_text("🫳 Steal")
    expect(page.locator(".prompt")).to_contain_text("steal it?")
    top = page.locator('[data-zone="discard"] [data-card]').get_attribute("aria-label")
    steal.click()
    expect(page.locator(".log")).to_contain_text(f"{thief} stole")
    assert top
    page_log.assert_clean()
