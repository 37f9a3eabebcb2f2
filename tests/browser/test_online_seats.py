"""Who sits where at an online table, in real browsers (phone-sized contexts through the local relay,
as tests/browser/test_online.py): the join page says whose table it is before it asks a name; a
friend on a new device asks for their seat and the host gives it, hand and all; a seat taken up on
another device is told to the host, who moves it back; the host takes someone off the lobby; a
guest leaves and a bot plays on."""
from __future__ import annotations

import json

import pytest

from helpers import fresh_context
from test_screens import serious_violations
from test_online import (BOOT_MS, CAPTURE, ERRORS, PHONE, STATE, in_step, join, open_host, state, table,  # noqa: F401
                         until)
from urllib.parse import quote


OPENED: list = []   # this test's phones, closed after it (a table left open plays on, and costs the next tests)


@pytest.fixture(autouse=True)
def close_phones():
    yield
    while OPENED:
        OPENED.pop().close()


def phone(browser):
    made = fresh_context(browser, **PHONE)
    made.add_init_script(CAPTURE)
    OPENED.append(made)
    return made


def hand(page) -> list[str]:
    return sorted(state(page)["hand"])


def lead(page) -> str:
    page.wait_for_selector("#screen .join-form, #screen .seat-asks", timeout=30_000)
    return page.locator("#screen h1").inner_text() + " | " + page.locator("#screen .lead").inner_text()


def test_the_join_page_says_whose_table_what_and_how_many_seats_before_the_name(browser, site_url, relay):
    host = open_host(phone(browser), f"{site_url}?relay={quote(relay, safe='')}&speed=0")
    host.click('#screen [data-act="online"]')
    host.fill('#screen input[data-name="0"]', "Ann")
    host.press('#screen input[data-name="0"]', "Enter")
    link = host.locator(".join-link").input_value(timeout=30_000)
    join(phone(browser), link, "Ben")
    newcomer = phone(browser).new_page()
    newcomer.goto(link)
    assert lead(newcomer) == "🌐 Ann’s table | Aggravation · 🌱 Sprout bots · 2 of 5 seats taken"
    assert serious_violations(newcomer) == [], "axe-core: the join page"
    newcomer.fill('input[name="name"]', "Cy")
    newcomer.click('button[type="submit"]')
    newcomer.wait_for_selector('#screen [data-screen="lobby"]', timeout=30_000)
    until(host, "document.querySelectorAll('.room-seats li').length === 3")
    assert serious_violations(host) == [], "axe-core: the host's lobby"
    assert serious_violations(newcomer) == [], "axe-core: a guest's lobby"


def test_a_friend_on_a_new_device_asks_for_their_seat_and_gets_it_with_the_same_hand(table, browser):
    ben = table.guests[0]
    in_step(table)
    before = hand(ben)
    tablet = phone(browser).new_page()
    tablet.goto(table.link)
    assert "the game has started. Which seat is yours?" in lead(tablet)
    tablet.locator("#screen .seat-asks button", has_text="I’m Ben, on a new device").click()
    table.host.wait_for_selector("#screen .notice.ask", timeout=10_000)
    assert "says they are Ben" in table.host.locator("#screen .notice.ask").inner_text()
    table.host.locator('#screen .notice.ask [data-act="online-ask"]', has_text="Give it to them").click()
    tablet.wait_for_selector("#screen .table-screen", timeout=10_000)
    assert hand(tablet) == before
    until(ben, "document.body.textContent.includes('Your seat moved to another device')", timeout=10_000)
    tablet.reload()                                          # the seat is this device's now: no asking again
    tablet.wait_for_selector("#screen .table-screen", timeout=30_000)
    assert hand(tablet) == before


def test_a_seat_taken_up_on_another_device_is_told_to_the_host_who_moves_it_back(table, browser):
    ben = table.guests[0]
    in_step(table)
    kept = ben.evaluate("localStorage.getItem('aggravation.guest')")
    other = phone(browser)
    other.add_init_script(f"localStorage.setItem('aggravation.guest', {json.dumps(kept)})")   # Ben's token, copied
    laptop = other.new_page()
    laptop.goto(table.link)
    laptop.wait_for_selector("#screen .table-screen", timeout=30_000)
    until(ben, "s.status.includes('open on another page')", timeout=10_000)
    table.host.wait_for_selector("#screen .notice.ask", timeout=10_000)
    assert "Ben’s seat moved to another device" in table.host.locator("#screen .notice.ask").inner_text()
    table.host.locator('#screen [data-act="online-ask"]', has_text="Move it back").click()
    until(ben, "!s.status && !!document.querySelector('#screen .table-screen')", timeout=10_000)
    until(laptop, "s.status.includes('other device')", timeout=10_000)
    token = in_step(table)
    assert state(ben)["token"] == token


def test_the_host_takes_someone_off_the_lobby(browser, site_url, relay):
    host = open_host(phone(browser), f"{site_url}?relay={quote(relay, safe='')}&speed=0")
    host.click('#screen [data-act="online"]')
    link = host.locator(".join-link").input_value(timeout=30_000)
    ben, cy = join(phone(browser), link, "Ben"), join(phone(browser), link, "Cy")
    until(host, "document.querySelectorAll('.room-seats li').length === 3")
    host.click('#screen [aria-label="Take Cy off the table"]')
    until(cy, "document.body.textContent.includes('The host took you off this table.')", timeout=10_000)
    until(host, "document.querySelectorAll('.room-seats li:not(.bots)').length === 2")
    cy.goto(link)                                            # the same device again: its token was forgotten, a new one
    assert "2 of 5 seats taken" in lead(cy)
    assert ben.locator("#screen .room-seats").inner_text().count("Cy") == 0


def test_a_guest_who_leaves_is_asked_first_then_a_bot_plays_on(table):
    cy = table.guests[1]
    in_step(table)
    cy.locator('#screen [data-act="leave"]').click()
    cy.locator("dialog.leave-dialog button", has_text="Stay").click()
    cy.wait_for_selector("dialog", state="detached", timeout=5_000)
    assert cy.locator("#screen .table-screen").count()
    cy.locator('#screen [data-act="leave"]').click()
    cy.locator("dialog.leave-dialog button", has_text="Leave").click()
    until(cy, "document.body.textContent.includes('You left the table')", timeout=10_000)
    until(table.host, "document.body.textContent.includes('Cy left the table: a bot plays their seat')", timeout=10_000)
    assert cy.evaluate("localStorage.getItem('aggravation.guest')") is None
    until(table.host, "document.querySelector('#screen .opp[data-seat=\"2\"] .away-mark')?.textContent === '🤖 bot'",
          timeout=10_000)
