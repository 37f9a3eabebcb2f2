"""Every wait at an online table ends, in real browsers (three phone-sized contexts through the local
relay, as tests/browser/test_online.py): a guest asked about a discard who says nothing passes at
the table's offer window, its bar running on every phone; a guest who sits on their turn gets a
bot for it, the host's at 30 s or the table's turn limit's at its end, and is told. And the end
of a game is not the end of the table: the host plays again with the same phones."""
from __future__ import annotations

import json
import time
from urllib.parse import quote

import pytest

from game.state import Phase
from helpers import fresh_context
from test_online import CAPTURE, PHONE, in_step, join, move, open_host, state, tap, until


def seat_table(browser, site_url: str, relay: str, params: str = "", turn: str = ""):
    """Host, Ben and Cy at a started table: the host's ``params`` (?steal=&ask=), its turn limit."""
    contexts = []

    def phone():
        made = fresh_context(browser, **PHONE)
        made.add_init_script(CAPTURE)
        contexts.append(made)
        return made

    host = open_host(phone(), f"{site_url}?relay={quote(relay, safe='')}&speed=0{params}")
    host.click('#screen [data-act="online"]')
    if turn:
        host.click(f'#screen [data-act="set"][data-arg="turn={turn}"]')
    link = host.locator(".join-link").input_value(timeout=30_000)
    guests = [join(phone(), link, name) for name in ("Ben", "Cy")]
    until(host, "document.querySelectorAll('.room-seats li:not(.bots)').length === 3")
    host.click('#screen [data-act="online-start"]')
    return host, guests, contexts


class Pages:
    def __init__(self, host, guests):
        self.host, self.guests, self.pages = host, guests, [host, *guests]


def deal_on(page) -> bool:
    """A deal's end, stepped through on this page (the host deals the next): False if none shows."""
    acts = state(page)["acts"]
    act = next((a for a in ("scores", "onward", "next") if a in acts), None)
    if act is not None:
        tap(page, act)
    return act is not None


def until_someone(table: Pages, asked, limit: int = 200):
    """Moves by taps (the plainest way on) until ``asked(page)`` holds for a guest's page: that page."""
    for _ in range(limit):
        token = in_step(table)
        found = next((g for g in table.guests if asked(g)), None)
        if found is not None:
            return found
        if next((p for p in table.pages if move(p) or deal_on(p)), None) is None:   # the table moves on by itself
            until(table.host, "s.token !== arg", token, timeout=20_000)
    raise AssertionError("no guest came to that moment")


@pytest.fixture
def closing(request):
    made = []
    yield made
    for context in made:
        context.close()


def test_an_offer_left_alone_passes_at_the_tables_window_with_its_bar_on_every_phone(browser, site_url, relay, closing):
    host, guests, contexts = seat_table(browser, site_url, relay, "&ask=every")
    closing.extend(contexts)
    table = Pages(host, guests)
    asked = until_someone(table, lambda g: "steal" in state(g)["acts"])
    token = state(asked)["token"]
    began = time.monotonic()
    for page in table.pages:
        page.wait_for_selector("#screen .timer", timeout=5_000)    # the window's bar on every screen
    until(host, "s.token !== arg", token, timeout=25_000)           # no one answered: the table went on
    waited = time.monotonic() - began
    assert waited < 14, f"the table's 9 s window took {waited:.1f} s to close"
    until(asked, "s.token !== arg", token, timeout=10_000)           # the asked guest's screen moved on too
    print(f"\nan unanswered 9 s offer closed {waited:.1f} s after it was seen")


def test_a_guest_who_sits_on_their_turn_gets_a_bot_from_the_host_at_30_s_then_at_the_turn_limit(
        browser, site_url, relay, closing):
    host, guests, contexts = seat_table(browser, site_url, relay, turn="1")
    closing.extend(contexts)
    table = Pages(host, guests)
    ben = guests[0]
    draws = lambda g: g is ben and "draw" in state(g)["acts"]   # noqa: E731
    until_someone(table, draws)
    host.wait_for_selector('#screen [data-act="online-bot"]', timeout=40_000)   # still for 30 s: the host may
    assert "Let a bot play this turn for Ben" in host.locator('#screen [data-act="online-bot"]').inner_text()
    assert not ben.locator('#screen [data-act="online-bot"]').count()
    host.click('#screen [data-act="online-bot"]')
    until(ben, "document.querySelector('#screen .message')?.textContent.includes('let a bot play that turn for you')",
          timeout=10_000)
    until_someone(table, draws)                                   # Ben's next turn is his own: left alone again
    for page in table.pages:                                       # its last 20 s count down on every phone
        until(page, "document.querySelector('#screen .prompt').textContent.includes('⏱ Under 20 s left')",
              timeout=50_000)
    until(ben, "document.querySelector('#screen .message')?.textContent.includes('Your time ran out')", timeout=30_000)
    assert "draw" not in state(ben)["acts"]


def near_the_end() -> tuple[dict, str]:
    """A host's store (localStorage) holding an online table of Player 1, Ben and Cy whose game is
    one move from its end (played here through the host's own App), and the room's code."""
    import random
    from game.bots import make_bot
    from test_online_host import play_one, started
    wire = started("contract", "sprout")
    s, brain, rng = wire.s, make_bot("scout"), random.Random(3)
    for _ in range(20_000):
        if s.state.is_over:
            break
        play_one(wire, brain, rng)
        if s.state.phase is Phase.DEAL_OVER and s.ui.ending == "":
            wire.intent("next")
    assert s.state.is_over
    s.log.actions = s.log.actions[:-1]                 # one move before the end: the saved game is on
    s.state = s.log.replay()
    s._write()
    return dict(wire.app.store.values), s.room.code


def test_play_again_deals_the_same_phones_into_the_next_game_at_their_seats(browser, site_url, relay, closing):
    from test_online_host import TOKENS
    stored, code = near_the_end()
    relayed = quote(relay, safe="")

    def phone(items: dict):
        made = fresh_context(browser, **PHONE)
        made.add_init_script("if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); "
                             f"for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}")
        closing.append(made)
        return made

    host = open_host(phone(stored), f"{site_url}?relay={relayed}&speed=0")
    guests = []
    for token, name in zip(TOKENS, ("Ben", "Cy")):
        page = phone({"aggravation.guest": json.dumps({"room": code, "token": token, "name": name})}).new_page()
        page.goto(f"{site_url}?join={code}&relay={relayed}")
        guests.append(page)
    table = Pages(host, guests)
    for _ in range(60):                                   # the last move, and each phone steps to the end
        in_step(table)
        if host.locator('#screen [data-act="online-again"]').count():
            break
        if next((p for p in table.pages if move(p) or deal_on(p)), None) is None:
            until(host, "s.token !== arg || !!document.querySelector('#screen [data-act=\"online-again\"]')",
                  state(host)["token"], timeout=20_000)
    again = host.locator('#screen [data-act="online-again"]')
    assert again.inner_text() == "🔁 Play again with Ben and Cy"
    for page in guests:                                   # each steps its own screen to the places
        for _ in range(4):
            if "may start another game at this table" in page.locator("#screen").inner_text() or not deal_on(page):
                break
        until(page, "document.body.textContent.includes('may start another game at this table')", timeout=20_000)
    hands = [state(page)["hand"] for page in guests]
    again.click()
    for page, seat, hand in zip(guests, (1, 2), hands):
        until(page, "s.phase !== 'game_over' && document.body.textContent.includes('started another game')",
              timeout=20_000)
        assert page.locator(f'#screen .opp[data-seat="{3 - seat}"]').count() == 1     # the others where they sat
        assert state(page)["hand"] != hand
    in_step(table)
