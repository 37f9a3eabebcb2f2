"""The replay of the final deal on a phone (360×740, touch): from the game-over screen, step
through the deal by taps and by ←/→, every hand face up, and back to the scores.

The game is a whole Sprout game played under CPython and saved one move before its end
(test_deal_end.last_move); what each step shows is checked against game/ui/screens/replay/steps.py run on
the same log here."""
from __future__ import annotations

import os
import re

import pytest
from playwright.sync_api import expect

from game.log import GameLog
from game.ui.session.screen_state import HUMAN
from game.ui.screens.replay.steps import DealReplay
from game.ui.store.saves import SAVE_KEY, Record
from helpers import TABLE, control, settled
from test_deal_end import last_move
from test_screens import serious_violations

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
SCREEN = ".replay-screen"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "has_touch": True}


def finished_replay() -> DealReplay:
    """The final deal as the page should show it, from the finished game's log."""
    text, final, _ = last_move()
    log = GameLog.from_json(Record.from_json(text).log)
    log.actions.append(final)
    return DealReplay.of_log(log)


def at_step(page, step: int) -> None:
    page.wait_for_selector(f'{SCREEN}[data-step="{step}"]', state="attached")
    settled(page)


def seat_codes(page, seat: int) -> list[str]:
    return page.eval_on_selector_all(f'{SCREEN} [data-seat="{seat}"] .fan [data-card]',
                                     "els => els.map(e => e.dataset.card)")


def shot(page, name: str) -> None:
    """Screenshots to look at, when REPLAY_SHOTS names a folder."""
    folder = os.environ.get("REPLAY_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}-{page.viewport_size['width']}.png"))


def fits(page) -> bool:
    """Nothing in the replay sticks out sideways (each fanned hand fits the phone's width)."""
    return page.evaluate("""() => [...document.querySelectorAll('.replay-screen .fan, .replay-controls')]
        .every(el => el.getBoundingClientRect().right <= innerWidth + 0.5)""")


def test_the_last_deal_replays_step_by_step_by_taps_and_keys(page, page_log, site_url, boot_timeout_ms):
    text, final, seat = last_move()
    expected = finished_replay()
    n, start = len(expected), 0
    page.goto(site_url + "?speed=0&steal=off")
    page.wait_for_selector("body[data-python=ready]", state="attached", timeout=boot_timeout_ms)
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, text])
    page.reload()
    page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    if seat == HUMAN:
        control(page, "card", final.card.key).tap()
        control(page, "discard").tap()
    control(page, "scores").tap()
    expect(page.locator('[data-zone="summary"] #summary-title')).to_contain_text("the game!")
    shot(page, "game-over")

    control(page, "replay").tap()
    at_step(page, start)                             # the last deal, as dealt: told from its start
    screen = page.locator(SCREEN)
    expect(screen.locator(".counter")).to_have_text("as dealt")
    expect(screen.locator(".words")).to_have_text(f"Deal {expected.deal} as dealt: {n} moves to come")
    expect(control(page, "replay-go", "forward")).to_be_focused()
    assert fits(page)
    assert serious_violations(page) == []
    shot(page, "replay-lap")

    control(page, "replay-go", "forward").tap()      # ▶ then ◀: the same step as before
    at_step(page, start + 1)
    expect(screen.locator(".words")).to_have_text("".join(expected.steps[start + 1].words))
    before = screen.inner_html()
    control(page, "replay-go", "back").tap()
    at_step(page, start)
    control(page, "replay-go", "forward").tap()
    at_step(page, start + 1)
    assert screen.inner_html() == before

    page.keyboard.press("ArrowRight")                # the keys step too
    at_step(page, start + 2)
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    at_step(page, start)

    control(page, "replay-go", "end").tap()          # ⏭: the deal's end, as the game ended
    at_step(page, n)
    expect(control(page, "replay-go", "forward")).to_be_disabled()
    expect(control(page, "replay-go", "end")).to_be_disabled()
    page.keyboard.press("ArrowRight")                # no step past the end
    settled(page)
    expect(screen).to_have_attribute("data-step", str(n))
    last = expected.steps[-1]
    for number, at in enumerate(last.seats):
        assert sorted(seat_codes(page, number)) == sorted(c.code for c in at.hand)
    expect(screen.locator(".words")).to_contain_text("went out")
    shot(page, "replay-end")

    control(page, "replay-go", "start").tap()        # ⏮: as dealt, every hand in full
    at_step(page, 0)
    expect(screen.locator(".counter")).to_have_text("as dealt")
    expect(control(page, "replay-go", "start")).to_be_disabled()
    assert fits(page)
    shot(page, "replay-dealt")
    deal = expected.deal                             # ◀ from a deal as dealt: the deal before, at its end
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-title")).to_contain_text(f"deal {deal - 1} of")
    expect(screen.locator(".counter")).to_have_text(re.compile(r"^move (\d+) of \1$"))

    control(page, "replay-close").tap()              # back to the game-over screen
    expect(page.locator('[data-zone="summary"] #summary-title')).to_contain_text("the game!")
    expect(page.locator(SCREEN)).to_have_count(0)
    page_log.assert_clean()
