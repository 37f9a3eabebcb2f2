"""axe-core on the end of a deal and of the game: everyone's cards (the leftovers step), the
deal's summary, and the game-over screen (places, last moves, New game), on a phone and a laptop.

The screens are reached quickly: a game played under CPython with the page's own Session is saved
one move before the end (of deal 1, or of the whole game); the page resumes it and that move is
made (by a bot at ?speed=0, or by the player's taps)."""
from __future__ import annotations

import random
from functools import lru_cache

import pytest
from playwright.sync_api import expect

from game.actions import Discard
from game.log import GameLog
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session, make_bot
from game.ui.store.saves import SAVE_KEY, Record
from game.ui.store.settings import Settings
from tests.support import MemoryStore as Store
from helpers import TABLE, control, settled
from test_screens import serious_violations

pytestmark = pytest.mark.browser

SIZES = [{"width": 360, "height": 740}, {"width": 1280, "height": 800}]


@lru_cache(maxsize=None)
def before_the_end(seed: int, whole_game: bool) -> tuple[str, object, int]:
    """A Sprout game (a Scout bot in the player's seat) saved one move before deal 1 ends, or the
    game: (the save's text, that last move, who makes it)."""
    s = Session(Store(), Settings(steal="off", speed="instant"))
    s.start("sprout", seed)
    me = make_bot("scout")
    while not (s.state.is_over if whole_game else s.state.phase is Phase.DEAL_OVER):
        if s.pending() is not None:
            s.step(s.token())
        elif s.state.phase is Phase.DEAL_OVER:
            s.next_deal()
        else:
            s.act(me.choose(s.state.view(HUMAN), s.state.legal_actions(), random.Random(len(s.log.actions))))
    log = GameLog.from_json(s.log.to_json())
    final = log.actions.pop()
    seat = log.replay().current_player
    return Record(f"end-{seed}", "sprout", log.to_json(), len(log.actions)).to_json(), final, seat


def resume_and_end(page, site_url: str, boot_timeout_ms: int, whole_game: bool) -> None:
    """Open the save one move before the end and make that move: the leftovers step shows."""
    text, final, seat = before_the_end(7, whole_game)
    page.goto(site_url + "rules.html")                  # same origin, no Python: store the save
    page.evaluate("([key, text]) => localStorage.setItem(key, text)", [SAVE_KEY, text])
    page.goto(site_url + "?speed=0&steal=off")
    page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    if seat == HUMAN:
        assert isinstance(final, Discard), final          # seed 7: the player's own last discard
        control(page, "card", final.card.key).click()
        settled(page)
        control(page, "discard").click()
    expect(page.locator('[data-zone="leftovers"]')).to_be_visible()
    settled(page)


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_axe_finds_nothing_serious_at_the_end_of_a_deal(page, page_log, site_url, boot_timeout_ms, size):
    page.set_viewport_size(size)
    resume_and_end(page, site_url, boot_timeout_ms, whole_game=False)
    expect(control(page, "scores")).to_be_visible()
    assert serious_violations(page) == [], "the leftovers step"
    control(page, "scores").click()
    expect(page.locator('[data-zone="summary"] #summary-title')).to_have_text("Deal 1 is over")
    settled(page)
    assert serious_violations(page) == [], "the deal's summary"
    assert page.evaluate(COLUMNS) == [], "the score sheet's numbers stand under their names"
    page_log.assert_clean()


# Each column of the score sheet: its head's box and its cells' boxes share their left and right edges.
COLUMNS = """() => {
  const table = document.querySelector('[data-zone="summary"] table.sheet');
  const off = [];
  const heads = [...table.tHead.rows[0].cells];
  for (const row of [...table.tBodies[0].rows, ...table.tFoot.rows]) {
    [...row.cells].forEach((cell, i) => {
      const a = heads[i].getBoundingClientRect(), b = cell.getBoundingClientRect();
      if (Math.abs(a.left - b.left) > 1 || Math.abs(a.right - b.right) > 1) off.push(`${heads[i].textContent} / ${cell.textContent}`);
    });
  }
  return off;
}"""


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size['width']}x{size['height']}")
def test_axe_finds_nothing_serious_when_the_game_is_over(page, page_log, site_url, boot_timeout_ms, size):
    page.set_viewport_size(size)
    resume_and_end(page, site_url, boot_timeout_ms, whole_game=True)
    assert serious_violations(page) == [], "the last deal's leftovers step"
    control(page, "scores").click()
    summary = page.locator('[data-zone="summary"]')
    expect(summary.locator("#summary-title")).to_contain_text("the game!")
    expect(summary.locator("table.places tbody tr").first).to_be_visible()
    expect(summary.locator(".last-moves li").first).to_be_attached()
    expect(control(page, "menu")).to_be_visible()
    settled(page)
    assert serious_violations(page) == [], "the game-over screen"
    page_log.assert_clean()
