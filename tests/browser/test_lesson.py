"""The guided first deal in the page (issue 12): followed to its end by taps, and by keyboard.

The planner follows the coach under CPython (tests/coach_follow.py: the page's own session, the
lesson's fixed shuffle, bots seeded per move), then the page is driven by the same steps."""

import pytest
from playwright.sync_api import expect

from coach_follow import follow, lesson_session
from helpers import at_token, control, settled
from test_screens import serious_violations

pytestmark = pytest.mark.browser

KEYS = {"pass": "p", "draw": "d", "take": "t", "steal": "s", "godown": "g", "fill": "f", "lay": "l",
        "layoff-all": "a", "discard": "x"}


def planned() -> list:
    steps: list = []
    follow(lesson_session(), steps=steps)
    return steps


def finish(page) -> None:
    """The deal's end, step by step, to the scores, where the lesson sums itself up."""
    control(page, "scores").click()
    expect(page.locator('[data-zone="summary"] .coach')).to_contain_text("9 of 9 lessons done")


@pytest.mark.parametrize("by", ["taps", "keyboard"])
def test_the_guided_deal_is_followed_to_its_end(page, page_log, site_url, boot_timeout_ms, by):
    steps = planned()
    page.goto(f"{site_url}?learn=1&speed=0")
    expect(page.locator(".coach")).to_be_visible(timeout=boot_timeout_ms)
    if by == "taps":
        assert serious_violations(page) == []             # axe-core: the table with the coach's tip
    for token, act, arg, place in steps:
        at_token(page, token)
        if act != "card":
            expect(page.locator(f'#screen .coached[data-act="{act}"]')).to_have_count(1)
        if by == "taps":
            control(page, act, arg).click()
        elif act == "card":
            for _ in range(place + 1):
                page.keyboard.press("ArrowRight")
            expect(page.locator(f'[data-zone="hand"] [data-key="{arg}"]')).to_have_attribute("aria-pressed", "true")
        else:
            page.keyboard.press(KEYS[act])
        settled(page)
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()
    finish(page)
    page_log.assert_clean()


def test_the_lesson_can_be_skipped_and_the_game_plays_on(page, page_log, site_url, boot_timeout_ms):
    page.goto(f"{site_url}?learn=1&speed=0")
    expect(page.locator(".coach")).to_be_visible(timeout=boot_timeout_ms)
    control(page, "coach-skip").click()
    settled(page)
    expect(page.locator(".coach")).to_have_count(0)
    expect(page.locator(".message")).to_have_text("Lesson skipped: this game goes on as a Sprout game")
    expect(page.locator('[data-zone="hand"] [data-card]')).to_have_count(11)
    page_log.assert_clean()
