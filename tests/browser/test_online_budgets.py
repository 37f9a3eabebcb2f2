"""An online table's budgets, in real browsers (issue 40): a stranger's flood is cut at the line's
budget and a seated guest's move is answered meanwhile; refusals every 250 ms never stall the
bots (a frame that restarted the bot's 350 ms timer at each would); a guest's burst of escapes is
cut at the budget, and escapes within it are each answered with the screen as it was.

The figures themselves (the delays, the host's CPU time) are ``python -m bench.flood``'s; these
only check the behaviour behind them, with margins wide enough for a loaded 2-core machine.
"""
from __future__ import annotations

import pytest

from bench import online_table as ot
from bench.flood import bot_gaps, guest_first_taps


@pytest.fixture
def table(browser, site_url, relay):
    made = ot.open_table(browser, site_url, relay)
    outsider = browser.new_context()
    stranger = outsider.new_page()
    stranger.goto(f"{site_url}rules.html")
    made.stranger = stranger
    refused = []
    made.host.on("console", lambda m: "refused" in m.text and refused.append(m.text))
    made.refused = refused
    yield made
    outsider.close()
    ot.close(made)


def test_a_guests_move_during_a_strangers_flood_is_answered_and_the_flood_stops_at_the_budget(table, relay):
    floods = []

    def flood(_page):
        floods.append(table.stranger.evaluate(ot.FLOOD, [relay, table.code, ot.DRAW, 3000]))

    [took] = guest_first_taps(table, 1, before=flood)
    result = table.stranger.evaluate("window.__flood")
    assert floods and result["closed_ms"] is not None, "the flood's line was never closed"
    assert took < 5000, f"the guest's move took {took:.0f} ms during the flood (target 1 s)"
    assert len(table.refused) <= 41, f"{len(table.refused)} of the flood's messages reached the worker"
    assert ot.step(table)                                  # the table plays on


def test_refusals_every_250_ms_never_stall_the_bots(table, relay):
    table.stranger.evaluate(ot.TRICKLE, [relay, table.code, ot.DRAW, 250])
    table.guests[0].evaluate(ot.GUEST_TRICKLE, ["draw", 250])
    gaps = bot_gaps(table, 8)            # a bot's timer restarted by each refusal's frame: no move, ever
    said = table.stranger.evaluate("window.__stop()"), table.guests[0].evaluate("window.__stop()")
    assert all(s["sent"] >= 4 for s in said), said
    assert not said[0]["closed"], "a trickle within the budget keeps its line"
    assert max(gaps) < 5000, f"a bot's move waited {max(gaps):.0f} ms (350 ms a move)"
    assert len(table.refused) >= 4


def test_a_guests_escapes_are_each_answered_within_the_budget_and_cut_past_it(table):
    guest = table.guests[0]
    ot.settle(table)
    before, screen = guest.evaluate("window.__texts"), ot.state(guest)
    guest.evaluate(ot.GUEST_SAYS, ["escape", 30, 60])      # within the budget: each answered, nothing moves
    ot.settle(table)
    assert guest.evaluate("window.__texts") - before == 30
    now = ot.state(guest)
    assert not now["away"] and (now["token"], now["hand"]) == (screen["token"], screen["hand"])
    before = guest.evaluate("window.__texts")
    guest.evaluate(ot.GUEST_SAYS, ["escape", 500, 0])      # all at once: the line is closed past 40
    guest.wait_for_function("document.body.dataset.away === '1'", timeout=30_000)
    assert guest.evaluate("window.__texts") - before <= 41, "no more than the budget answered"
    table.host.wait_for_function("!document.querySelector('#screen').hasAttribute('aria-busy')")
    assert ot.state(table.host)["token"] is not None       # the host's table is as it was, and answers
