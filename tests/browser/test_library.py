"""Past games in the page (issue 12): from the start screen, a kept game replayed by taps and keys
across its deals to its final scores; exported as a file and imported again from it; a corrupt
file refused with a sentence and nothing stored; a deal shared as a link that starts the same
shuffle. On a phone (360×740, touch); REPLAY_SHOTS=folder also takes screenshots at 1280×800.

The games are the recorded golden games, kept in localStorage as the session keeps them; what
each step must show is worked out by game/ui/screens/replay/steps.py on the same logs here."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from game.log import GameLog
from game.ui.store.kept import facts_of
from game.ui.screens.replay.steps import GameReplay
from game.ui.store.saves import KEPT_KEY, Record, Saves
from helpers import TABLE, control, hand_codes, settled
from test_screens import serious_violations
from support import MemoryStore

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
GOLDEN = Path(__file__).parents[1] / "golden"
NAMES = ("game_101_3p.json", "game_202_4p.json")
LEVELS = {3: "sprout", 4: "scout", 5: "ace"}
SCREEN = ".replay-screen"


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True}


def kept_games() -> str:
    """KEPT_KEY's text holding the golden games, finished a day apart (g0 oldest)."""
    store = MemoryStore()
    for n, name in enumerate(NAMES):
        log = GameLog.from_json((GOLDEN / name).read_text())
        record = Record(f"g{n}", LEVELS[log.players], log.to_json(), len(log.actions), over=True)
        Saves(store).keep(record, "finished", at=1764590400 + n * 86400, facts=facts_of(log.replay(), log.preset))
    return store[KEPT_KEY]


def boot(page, site_url, boot_timeout_ms, stored: dict) -> None:
    page.goto(site_url + "?speed=0&steal=off")
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    page.evaluate("items => { localStorage.clear(); for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }",
                  stored)
    page.reload()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)


def storage(page) -> dict:
    return page.evaluate("() => Object.fromEntries(Object.keys(localStorage).map(k => [k, localStorage.getItem(k)]))")


def shot(page, name: str) -> None:
    folder = os.environ.get("REPLAY_SHOTS")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}-{page.viewport_size['width']}.png"))


def at(page, deal: int, step: int) -> None:
    page.wait_for_selector(f'{SCREEN}[data-step="{step}"]', state="attached")
    expect(page.locator("#replay-title")).to_contain_text(f"deal {deal} of")
    settled(page)


def fits(page) -> bool:
    return page.evaluate("""() => [...document.querySelectorAll('#screen *')]
        .every(el => el.closest('.replay-deals') || el.getBoundingClientRect().right <= innerWidth + 0.5)""")


def test_a_past_game_replays_across_its_deals_to_the_final_scores(page, page_log, site_url, boot_timeout_ms):
    boot(page, site_url, boot_timeout_ms, {KEPT_KEY: kept_games()})
    control(page, "past").tap()
    rows = page.locator(".past-game")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-game", "g1")           # newest first
    expect(rows.nth(0)).to_contain_text("Scout · 4 players")
    assert fits(page) and serious_violations(page) == []
    shot(page, "past-list")

    log = GameLog.from_json((GOLDEN / NAMES[1]).read_text())
    expected = GameReplay(log, deal=1)
    control(page, "past-open", "g1").tap()
    at(page, 1, 0)
    screen = page.locator(SCREEN)
    expect(screen.locator(".counter")).to_have_text("as dealt")
    for seat, state in enumerate(expected.deal_replay(1).steps[0].seats):   # every hand face up, as dealt
        codes = page.eval_on_selector_all(f'{SCREEN} [data-seat="{seat}"] .fan [data-card]', "els => els.map(e => e.dataset.card)")
        assert sorted(codes) == sorted(c.code for c in state.hand)
    expect(control(page, "replay-go", "back")).to_be_disabled()
    control(page, "replay-go", "forward").tap()
    at(page, 1, 1)
    expect(screen.locator(".words")).to_have_text("".join(expected.deal_replay(1).steps[1].words))
    page.keyboard.press("ArrowRight")
    at(page, 1, 2)
    control(page, "replay-go", "end").tap()                             # ⏭ then ▶: on into deal 2
    at(page, 1, len(expected.deal_replay(1)))
    control(page, "replay-go", "forward").tap()
    at(page, 2, 0)
    page.keyboard.press("ArrowLeft")                                    # ← back into deal 1, at its end
    at(page, 1, len(expected.deal_replay(1)))
    assert serious_violations(page) == []
    shot(page, "past-replay")

    last = expected.count
    control(page, "replay-deal", str(last)).tap()                       # the last deal's chip, then ⏭
    at(page, last, 0)
    control(page, "replay-go", "end").tap()
    at(page, last, len(expected.deal_replay(last)))
    final = page.locator(".replay-final")
    expect(final).to_contain_text("Final scores")
    state = log.replay()
    totals = sorted(seat.total for seat in state.seats)
    shown = sorted(int(t) for t in final.locator("tbody tr td:last-child").all_inner_texts())
    assert shown == totals
    expect(control(page, "replay-go", "forward")).to_be_disabled()
    assert serious_violations(page) == []
    shot(page, "past-final")

    page.keyboard.press("Escape")                                       # back to the list, then the start
    expect(page.locator(".past-game")).to_have_count(2)
    control(page, "past-close").tap()
    expect(page.locator('main[data-screen="start"]')).to_be_visible()
    page_log.assert_clean()


def test_export_import_a_corrupt_file_and_a_shared_link(page, page_log, site_url, boot_timeout_ms, tmp_path):
    boot(page, site_url, boot_timeout_ms, {KEPT_KEY: kept_games()})
    control(page, "past").tap()
    with page.expect_download() as info:
        control(page, "export", "g0").tap()
    exported = tmp_path / info.value.suggested_filename
    info.value.save_as(exported)
    kept = {e["game"]: e for e in json.loads(storage(page)[KEPT_KEY])}
    assert json.loads(exported.read_text())["log"] == kept["g0"]["log"]

    boot(page, site_url, boot_timeout_ms, {})                           # another browser: nothing kept
    control(page, "past").tap()
    expect(page.locator(".past .empty")).to_be_visible()
    bad = tmp_path / "broken.json"
    bad.write_text(exported.read_text()[:-200])
    before = storage(page)
    page.set_input_files("input[data-import]", str(bad))
    message = page.locator(".past .message.error")
    expect(message).to_contain_text("not a game file")
    settled(page)
    assert storage(page) == before                                      # nothing changed
    expect(page.locator(".past-game")).to_have_count(0)
    shot(page, "past-import-refused")

    page.set_input_files("input[data-import]", str(exported))
    expect(page.locator(".past .message")).to_contain_text("Imported")
    expect(page.locator(".past-game")).to_have_count(1)
    imported = json.loads(storage(page)[KEPT_KEY])
    assert [e["log"] for e in imported] == [kept["g0"]["log"]]           # byte for byte
    assert serious_violations(page) == []
    shot(page, "past-imported")

    control(page, "share").tap()                                        # the link: copied or shown
    link = page.locator(".share-url")
    expect(link).to_be_visible()
    expect(page.locator(".share-said")).to_contain_text("deal 1 of this one")
    url = link.input_value()
    assert url.startswith(site_url) and "seed=101" in url
    shot(page, "past-share")

    page.goto(url)                                                      # it starts the same shuffle
    page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    first = GameLog.from_json(kept["g0"]["log"]).new_game()
    assert sorted(hand_codes(page)) == sorted(c.code for c in first.seats[0].hand)
    page_log.assert_clean()


def test_past_games_tapped_while_python_loads_open_once_it_has(page, page_log, site_url, boot_timeout_ms):
    """The static start screen's 📚 answers before Python is up: the screen opens once it is
    (Pyodide's wasm is held back until the tap is made, so the tap is surely early)."""
    held, released = [], []
    page.route("**/assets/vendor/pyodide/pyodide.asm.wasm",
               lambda route: route.continue_() if released else held.append(route))
    with page.expect_request("**/pyodide.asm.wasm"):
        page.goto(site_url, wait_until="domcontentloaded")
    page.locator('[data-act="past"]').click()
    expect(page.locator("#loading")).to_contain_text("Your past games open as soon as the game has loaded")
    released.append(True)
    for route in held:
        route.continue_()
    page.wait_for_function("window.aggravationReady === true", timeout=boot_timeout_ms)
    expect(page.locator("[data-screen=past] .empty")).to_contain_text("No finished games yet")
    page_log.assert_clean()


def test_a_later_deal_shared_from_a_replay_opens_at_that_deal_as_dealt(page, page_log, site_url, boot_timeout_ms):
    """Issue 41: 🔗 Share this deal on a past game's deal 3 gives a link that opens deal 3 (the
    moves before it ride along), not deal 1; a reload then resumes it (the link's query is dropped)."""
    page.set_viewport_size({"width": 390, "height": 800})
    boot(page, site_url, boot_timeout_ms, {KEPT_KEY: kept_games()})
    control(page, "past").tap()
    control(page, "past-open", "g0").tap()
    control(page, "replay-deal", "3").tap()
    expect(page.locator("#replay-title")).to_contain_text("deal 3 of")
    settled(page)
    control(page, "share").tap()
    expect(page.locator(".share-said")).to_contain_text("at deal 3 of this one, dealt exactly as it was")
    shot(page, "replay-share-deal-3")
    url = page.locator(".share-url").input_value()
    assert url.startswith(site_url) and "&deal=3&moves=" in url
    log = GameLog.from_json(json.loads(kept_games())[0]["log"])
    dealt = GameReplay(log, deal=3).steps[0]
    for _ in range(2):                                                  # the link, then a reload of the page
        page.goto(url) if _ == 0 else page.reload()
        page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
        if _ == 0:
            assert "moves=" not in page.evaluate("location.search")
        assert sorted(hand_codes(page)) == sorted(c.code for c in dealt.seats[0].hand)
    page_log.assert_clean()
