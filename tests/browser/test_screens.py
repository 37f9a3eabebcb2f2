"""Never lose a game, every screen usable: reload, corrupt saves, axe-core, a phone with 19 cards."""

import pytest
from playwright.sync_api import expect

from helpers import TABLE, at_token, control, open_deal, replay, settled, still
from ui_script import plan_deal

pytestmark = pytest.mark.browser

SEED, LEVEL = 2, "sprout"
AXE = "assets/vendor/axe/axe.min.js"


def table_html(page) -> str:
    """The table as drawn once its cards have landed (a card in flight carries a style)."""
    still(page)
    return page.locator(TABLE).evaluate("el => el.outerHTML")


def test_reload_resumes_the_identical_table_and_a_corrupt_save_is_handled(page, page_log, site_url, boot_timeout_ms):
    plan = plan_deal(SEED, LEVEL)
    open_deal(page, site_url, SEED, LEVEL)
    godown = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "godown")
    replay(page, plan.steps[:godown])
    at_token(page, plan.steps[godown][0])               # the player's turn, after drawing
    before = table_html(page)
    assert "?seed=" not in page.url, "the deal's URL is dropped once started, so a reload resumes"
    page.reload()
    page.wait_for_selector(TABLE, timeout=boot_timeout_ms)
    assert table_html(page) == before

    page.evaluate("localStorage.setItem('aggravation.save', '{\"level\": \"scout\", \"log\": \"garbage')")
    page.reload()
    notice = page.locator(".notice")
    expect(notice).to_be_visible(timeout=boot_timeout_ms)
    expect(notice).to_contain_text("could not be loaded")
    page.get_by_role("button", name="🌱 Sprout").click()
    expect(page.locator(TABLE)).to_be_visible()
    page_log.assert_clean()


def serious_violations(page) -> list[str]:
    page.add_script_tag(path=str(__import__("pathlib").Path(__file__).parents[2] / AXE))
    result = page.evaluate("async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
                           ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help,"
                           " where: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))")
    return [f"{v['id']} ({v['impact']}, {v['nodes']} nodes): {v['help']} at {', '.join(v['where'])}" for v in result
            if v["impact"] in ("serious", "critical")]


def test_axe_finds_nothing_serious_on_the_table_and_the_going_down_screen(page, page_log, site_url):
    plan = plan_deal(SEED, LEVEL, fill=True)
    open_deal(page, site_url, SEED, LEVEL)
    godown = next(i for i, (_, act, _) in enumerate(plan.steps) if act == "godown")
    replay(page, plan.steps[:godown])
    at_token(page, plan.steps[godown][0])
    assert serious_violations(page) == []
    control(page, "godown").click()
    control(page, "fill").click()
    expect(page.locator('[data-zone="frames"]')).to_be_visible()
    assert serious_violations(page) == []
    page_log.assert_clean()


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "viewport": {"width": 360, "height": 740}}


def test_a_phone_holds_a_19_card_hand_with_no_sideways_scroll(page, page_log, site_url):
    """19 real card elements (the hand's own buttons, cloned) at 360×740: every one on screen
    horizontally and the topmost element at its centre, so each can be tapped."""
    open_deal(page, site_url, SEED, LEVEL)
    at_token(page, plan_deal(SEED, LEVEL).steps[0][0])   # the player's turn: no redraw under the copies
    settled(page)
    still(page)
    page.evaluate("""() => {
        const hand = document.querySelector('[data-zone="hand"]');
        const cards = [...hand.querySelectorAll('[data-card]')];
        for (let n = 0; hand.children.length < 19; n++) {
            const copy = cards[n % cards.length].cloneNode(true);
            copy.dataset.key = copy.dataset.key + '-copy' + n;
            hand.appendChild(copy);
        }
    }""")
    assert page.locator('[data-zone="hand"] [data-card]').count() == 19
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    reachable = page.evaluate("""() => [...document.querySelectorAll('[data-zone="hand"] [data-card]')].map(card => {
        card.scrollIntoView({block: 'center'});
        const r = card.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return r.left >= 0 && r.right <= 360 && card.contains(hit);
    })""")
    assert all(reachable), reachable
    page_log.assert_clean()


def test_the_table_is_playable_by_keyboard_alone(page, page_log, site_url):
    """Tab to a card, Enter selects it; the action buttons are real buttons."""
    open_deal(page, site_url, SEED, LEVEL)
    plan = plan_deal(SEED, LEVEL)
    at_token(page, plan.steps[0][0])                     # our swap turn
    first = page.locator('[data-zone="hand"] [data-card]').first
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator('[data-zone="hand"] [aria-pressed="true"]')).to_have_count(1)
    expect(page.locator('[data-zone="hand"] [aria-pressed="true"]')).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator('[data-zone="hand"] [aria-pressed="true"]')).to_have_count(0)
    control(page, "pass").focus()
    page.keyboard.press("Enter")
    expect(page.locator(TABLE)).not_to_have_attribute("data-token", str(plan.steps[0][0]))
    page_log.assert_clean()


def test_on_a_phone_each_setting_is_its_name_over_one_row_of_choices(page, page_log, site_url):
    """The table's ⚙️ panel at 360 px: a setting's name on a line of its own, all its choices in
    one row under it; the ⚙️ chip is lit while its panel is open."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_deal(page, site_url, SEED, LEVEL)
    gear = control(page, "settings")
    closed = gear.evaluate("el => getComputedStyle(el).backgroundColor")
    gear.click()
    expect(page.locator(".settings .setting")).to_have_count(8)
    rows = page.locator(".settings .setting").evaluate_all("""groups => groups.map(group => {
      const name = group.querySelector(':scope > span').getBoundingClientRect();
      const tops = [...group.querySelectorAll('button')].map(b => Math.round(b.getBoundingClientRect().top));
      return {below: Math.min(...tops) >= name.bottom - 1, rows: new Set(tops).size};
    })""")
    assert rows == [{"below": True, "rows": 1}] * 8                     # Language is the eighth
    expect(gear).to_have_attribute("aria-expanded", "true")
    assert gear.evaluate("el => getComputedStyle(el).backgroundColor") != closed
    page_log.assert_clean()


INKS = """() => Object.fromEntries(['H', 'D', 'C', 'S'].map(suit => {
  const card = document.querySelector(`#screen .card[data-card$="${suit}"]`);
  return [suit, card ? getComputedStyle(card).color : null];
}))"""


def test_the_four_colour_deck_inks_each_suit_its_own_colour_and_is_kept(page, page_log, site_url):
    """⚙️ Suit colours → Four colours: ♦ blue, ♣ green on every card at once, kept for a reload
    (shown on the kept table before Python redraws it)."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(f"{site_url}?seed=11&level=ace&speed=0")      # five seats' melds and piles: every suit in view soon
    expect(page.locator(TABLE)).to_be_visible(timeout=60_000)
    two = page.evaluate(INKS)
    control(page, "settings").click()
    page.locator('[data-act="set"][data-arg="deck=four"]').click()
    expect(page.locator("body")).to_have_attribute("data-deck", "four")
    four = page.evaluate(INKS)
    shown = [suit for suit in "HDCS" if four[suit] and two[suit]]
    assert {"H", "D"} & set(shown) and {"C", "S"} & set(shown), four
    wanted = {"H": "rgb(195, 7, 1)", "D": "rgb(49, 48, 227)", "C": "rgb(2, 120, 69)", "S": "rgb(27, 27, 27)"}
    assert {suit: four[suit] for suit in shown} == {suit: wanted[suit] for suit in shown}
    assert {two[suit] for suit in shown} <= {"rgb(179, 38, 30)", "rgb(27, 27, 27)"}   # two colours before
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-deck", "four")
    page_log.assert_clean()
