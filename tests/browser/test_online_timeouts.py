"""Every wait at an online table ends, in real browsers (three phone-sized contexts through the local
relay, as tests/browser/test_online.py): a guest asked about a discard who says nothing passes at
the table's offer window, its bar running on every phone; a guest who sits on their turn gets a
bot for it, the host's at 30 s or the table's turn limit's at its end, and is told."""
from __future__ import annotations

import time
from urllib.parse import quote

import pytest

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
