"""🫳 Steal in the page: offered while the next player decides, the claim confirmed in the very
next frame, resolved by seat order (not speed), the right card goes to the right seat, and an
untouched offer lapses after its documented time without the player tapping "Let it go"."""

import pytest
from playwright.sync_api import expect

from game.cards import Card
from helpers import at_token, control, open_deal, replay
from ui_script import plan_first_steal

pytestmark = pytest.mark.browser

SHORT_MS = 3000   # the "Short" steal offer (the default setting), as documented


RECORD_RENDERS = """() => {
    // Every re-render of #screen, stamped on the page's own clock: the move number shown, whether
    // 🫳 Steal is on offer, and the log's lines. With bots at ?speed=0 a line can scroll out of
    // the six shown within a few ticks; the record keeps it. Observers run right after the
    // render's task, so a stamp is never later than the moment the page's timer for it was set.
    window.renders = [];
    const screen = document.getElementById('screen');
    new MutationObserver(() => {
        const table = screen.querySelector('.table-screen');
        window.renders.push({at: performance.now(), token: table ? Number(table.dataset.token) : -1,
                             steal: !!screen.querySelector('[data-act="steal"]:not([disabled])'),
                             claimed: !!screen.querySelector('[data-act="steal"][disabled]'),
                             timer: screen.querySelector('.timer')?.getAttribute('style') ?? null,
                             log: [...screen.querySelectorAll('.log li')].map(li => li.textContent)});
    }).observe(screen, {childList: true});
}"""


def wait_for_line(page, line: str) -> None:
    page.wait_for_function("line => window.renders.some(r => r.log.includes(line))", arg=line)


@pytest.mark.parametrize("seed, thief, seat", [(1, "You", 0), (111, "Scout 3", 3)])
def test_steal_is_offered_and_the_soonest_seat_gets_the_card(page, page_log, site_url, seed, thief, seat):
    """Seed 1: the player is first in line and gets the card. Seed 111: Scout 3 sits before the
    player in the order after the discarder and claims too, so Scout 3 gets it though we tapped."""
    plan, winner = plan_first_steal(seed)
    assert winner == seat
    open_deal(page, site_url, seed, "scout", steal="wait", ask="every")
    page.evaluate(RECORD_RENDERS)
    *before, (token, act, _) = plan.steps
    replay(page, before)
    at_token(page, token)
    steal = control(page, "steal")
    expect(steal).to_be_visible()
    top = page.locator('[data-zone="discard"] [data-card]')
    code, key = top.get_attribute("data-card"), top.get_attribute("data-key")
    symbol = Card.parse(code).symbol
    expect(steal).to_have_text(f"🫳 Steal {symbol}")
    expect(page.locator(".prompt")).to_contain_text(f"discarded {symbol}: steal it before")
    hand = page.locator('[data-zone="hand"] [data-card]').count()
    steal.click()
    # The claim shows at once, in the frame that answers the tap, before the next player moves.
    page.wait_for_function("t => window.renders.some(r => r.token === t && r.claimed)", arg=token)
    wait_for_line(page, f"{thief} stole {symbol} 🫳")        # that card, to that seat
    mine = page.locator(f'[data-zone="hand"] [data-key="{key}"]')
    if thief == "You":     # the very card shown on the pile, and the stock's top as the penalty
        expect(mine).to_have_count(1)
        expect(page.locator('[data-zone="hand"] [data-card]')).to_have_count(hand + 2)
        expect(page.locator(".bar")).to_contain_text("🫳 3 left")
    else:                  # it went to Scout 3: the player's hand is as it was
        expect(mine).to_have_count(0)
        expect(page.locator('[data-zone="hand"] [data-card]')).to_have_count(hand)
    page_log.assert_clean()


def test_an_untouched_steal_offer_lapses_after_the_short_time(page, page_log, site_url):
    plan, winner = plan_first_steal(1)
    assert winner == 0
    *before, (token, _, _) = plan.steps
    open_deal(page, site_url, 1, "scout", steal="short", ask="every")
    page.evaluate(RECORD_RENDERS)
    replay(page, before)
    # Nobody taps 🫳: wait until the page has moved past the offer on its own, then read the record.
    page.wait_for_function(f"window.renders.some(r => r.token > {token})")
    renders = page.evaluate("window.renders")
    offer = next(r for r in renders if r["token"] == token and r["steal"])
    assert offer["timer"] == f"animation-duration:{SHORT_MS}ms"
    lapsed = next(r["at"] for r in renders if r["token"] > token)
    # setTimeout never fires early; 500 ms allow for the offer's stamp landing after its timer was set.
    assert lapsed - offer["at"] >= SHORT_MS - 500, f"the offer lapsed after {lapsed - offer['at']:.0f} ms"
    assert not [line for r in renders for line in r["log"] if line.startswith("You stole")]
    page_log.assert_clean()
