"""House rules in the page: ?house= starts a game with them, the table names them, a wild on the
table is a target the player swaps a natural for, and the new-game switches work by keyboard."""

import pytest
from playwright.sync_api import expect

from helpers import TABLE, at_token, control, open_deal, replay
from test_screens import serious_violations
from ui_script import plan_wild_swap

pytestmark = pytest.mark.browser

SEED, LEVEL = 4, "sprout"   # with wild swap on, a bot lays a wild on its first turn that the player can take


def test_a_wild_swap_by_taps(page, page_log, site_url):
    found = plan_wild_swap(SEED, LEVEL)
    assert found, f"seed {SEED} no longer gives the player a wild to swap: pick another"
    plan, at = found
    (token, _, key), (_, _, spot) = plan.steps[at], plan.steps[at + 1]
    meld, index = spot.split(":")
    open_deal(page, site_url, SEED, LEVEL, house="wild_swap")
    line = page.locator(".house-line")
    expect(line).to_have_text("House rules: wild swap")
    expect(line).to_have_attribute("data-house", "wild_swap")
    assert "house=" not in page.url, "the deal's parameters are dropped once it has started"

    replay(page, plan.steps[:at])
    at_token(page, token)
    wilds = page.locator('[data-zone="table"] [data-act="wild"]')
    expect(wilds.first).to_be_enabled()
    for n in range(wilds.count()):                   # every wild on the table says where it is
        assert wilds.nth(n).get_attribute("data-meld").isdigit()
        assert wilds.nth(n).get_attribute("data-index").isdigit()
    assert serious_violations(page) == []
    # A tap on a wild hits the wild; a tap anywhere else on a meld hits the meld's lay-off button.
    hits = page.evaluate("""() => [...document.querySelectorAll('[data-zone="table"] .meld .card')].map(card => {
        const r = card.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).closest('[data-act]');
        return [card.dataset.act || 'meld', hit && hit.dataset.act];
    })""")
    assert hits and all(want == got for want, got in hits), hits
    target = page.locator(f'[data-zone="table"] [data-act="wild"][data-meld="{meld}"][data-index="{index}"]')
    expect(target).to_have_count(1)
    taken = target.get_attribute("data-card")
    before = wilds.count()

    control(page, "wild", spot).click()              # nothing picked yet: the page says what to do
    expect(page.locator(".message")).to_contain_text("Pick the natural card")
    control(page, "card", key).click()
    control(page, "wild", spot).click()
    expect(page.locator(".message")).to_contain_text("into your hand")
    expect(page.locator(".log")).to_contain_text("You swapped")
    expect(page.locator(TABLE)).to_have_attribute("data-token", str(token + 1))
    expect(wilds).to_have_count(before - 1)
    swapped_in = page.locator(f'[data-zone="table"] .meld[data-meld="{meld}"] [data-key="{key}"]')
    expect(swapped_in).to_have_count(1)
    expect(page.locator(f'[data-zone="hand"] [data-card="{taken}"]').first).to_be_visible()
    page_log.assert_clean()


def test_the_switches_on_the_new_game_screen_work_by_keyboard_and_are_remembered(page, page_log, site_url):
    open_deal(page, site_url, SEED, LEVEL, house="wild_swap")
    control(page, "menu").click()
    switches = page.locator('[data-act="house"]')
    expect(switches).to_have_count(4)
    expect(control(page, "house", "wild_swap")).to_have_attribute("aria-pressed", "true")
    wrap = control(page, "house", "ace_wrap")
    expect(wrap).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#house-ace_wrap")).to_have_text("Runs may wrap around the ace (K-A-2)")
    wrap.focus()
    page.keyboard.press("Space")
    expect(control(page, "house", "ace_wrap")).to_have_attribute("aria-pressed", "true")
    expect(control(page, "house", "ace_wrap")).to_be_focused()
    assert serious_violations(page) == []
    page.get_by_role("button", name="🌱 Sprout").click()
    control(page, "confirm").click()                     # a game is in progress: the player says yes
    expect(page.locator(".house-line")).to_have_text("House rules: wild swap, ace wrap-around")
    saved = page.evaluate("JSON.parse(localStorage.getItem('aggravation.settings')).house")
    assert saved == ["wild_swap", "ace_wrap"]
    page_log.assert_clean()
