"""The printable rules cards, one a rulebook: each on one side of one sheet on A4 and on US Letter,
nothing spilling out of its panels, no requests beyond its own origin; and each 📜 rules page leads
to its card and back (what the pages and cards say is checked against the rules in
tests/test_rules_pages.py)."""

import re

import pytest
from playwright.sync_api import expect
from tests.support import load_script

pytestmark = pytest.mark.browser

CARD = "print/index.html"
RULES = "rules.html"
# Each rulebook's rules page and card.
BOOKS = {
    "aggravation": (RULES, CARD),
    "gallery": ("rules-gallery.html", "print/gallery.html"),
    "contract": ("rules-contract.html", "print/contract.html"),
}
# Every language's card (scripts/rules_pages.py writes a language once its catalog is complete).
LANGS = load_script("rules_pages").languages()
CARDS = [card if lang == "en" else card.replace(".html", f".{lang}.html") for lang in LANGS for _, card in BOOKS.values()]

# Paper sizes as CSS pixels at 96 px/in: the viewport a browser lays a printed page out in.
PAPER = {
    "A4": {"width": 794, "height": 1123},      # 210 × 297 mm
    "Letter": {"width": 816, "height": 1056},  # 8.5 × 11 in
}
MIN_FONT_PX = 7 * 96 / 72  # 7 pt: the smallest text the card may print


def count_pdf_pages(pdf: bytes) -> int:
    """Page objects in a PDF: `/Type /Page`, but not the `/Type /Pages` tree nodes."""
    return len(re.findall(rb"/Type\s*/Page(?![A-Za-z])", pdf))


def test_page_counter_ignores_the_page_tree():
    pdf = b"<< /Type /Pages /Kids [3 0 R 4 0 R] >> << /Type /Page >> << /Type/Page/Parent 2 0 R >>"
    assert count_pdf_pages(pdf) == 2


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("paper", sorted(PAPER))
def test_card_prints_on_exactly_one_page(page, site_url, paper, card):
    page.goto(site_url + card)
    pdf = page.pdf(format=paper, prefer_css_page_size=False, print_background=True)
    assert pdf.startswith(b"%PDF")
    assert count_pdf_pages(pdf) == 1, f"{card} takes more than one {paper} page"


@pytest.mark.parametrize("card", CARDS)
@pytest.mark.parametrize("paper", sorted(PAPER))
def test_no_panel_overflows_when_printed(page, site_url, paper, card):
    page.set_viewport_size(PAPER[paper])
    page.goto(site_url + card)
    page.emulate_media(media="print")
    report = page.evaluate(
        """() => [...document.querySelectorAll('.sheet .panel')].map((panel, i) => {
            const box = panel.getBoundingClientRect();
            const outside = [...panel.querySelectorAll('*')]
              .filter(el => {
                const r = el.getBoundingClientRect();
                if (!r.width || !r.height) return false;
                return r.top < box.top - 0.5 || r.left < box.left - 0.5
                    || r.bottom > box.bottom + 0.5 || r.right > box.right + 0.5;
              })
              .map(el => el.tagName + ': ' + el.textContent.trim().slice(0, 40));
            return {
              panel: i + 1,
              heading: (panel.querySelector('h1, h2') || {}).textContent,
              tall: panel.scrollHeight > panel.clientHeight,
              wide: panel.scrollWidth > panel.clientWidth,
              outside,
            };
        })"""
    )
    assert len(report) == 9, "the card is a 3 × 3 grid of panels"
    spilled = [r for r in report if r["tall"] or r["wide"] or r["outside"]]
    assert not spilled, f"{card}: panels overflow on {paper}: {spilled}"
    # The sheet itself sits wholly on the paper.
    sheet = page.locator(".sheet").bounding_box()
    assert sheet["x"] >= 0 and sheet["y"] >= -0.5
    assert sheet["x"] + sheet["width"] <= PAPER[paper]["width"] + 0.5
    assert sheet["y"] + sheet["height"] <= PAPER[paper]["height"] + 0.5
    # The screen-only controls do not print.
    expect(page.get_by_role("button", name="🖨️ Print")).to_be_hidden()
    expect(page.get_by_role("link", name="← Back to the game")).to_be_hidden()


@pytest.mark.parametrize("card", CARDS)
def test_on_a_phone_the_whole_sheet_is_in_view_and_prints_unscaled(page, site_url, card):
    """At 360 px the sheet is scaled down to the screen's width (print/fit.js), never wider, so
    nothing lies off to the side; on paper it is printed at its own size."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + card)
    sheet = page.locator(".sheet")
    expect(sheet).to_have_css("transform", re.compile(r"matrix\(0\.4"))
    box = sheet.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, f"{card}: the sheet runs off the screen: {box}"
    assert box["width"] > 330, f"{card}: the sheet is smaller than the screen needs: {box}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    page.emulate_media(media="print")
    expect(sheet).to_have_css("transform", "none")
    assert abs(sheet.bounding_box()["width"] - 210 * 96 / 25.4) < 1


@pytest.mark.parametrize("card", CARDS)
def test_card_text_is_at_least_7pt(page, site_url, card):
    page.set_viewport_size(PAPER["Letter"])
    page.goto(site_url + card)
    page.emulate_media(media="print")
    too_small = page.evaluate(
        """(minPx) => [...document.querySelectorAll('.sheet *')]
            .filter(el => [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
            .filter(el => parseFloat(getComputedStyle(el).fontSize) < minPx - 0.01)
            .map(el => el.textContent.trim().slice(0, 40))""",
        MIN_FONT_PX,
    )
    assert not too_small, f"{card}: text below 7 pt: {too_small}"


@pytest.mark.parametrize("rules,card", BOOKS.values())
def test_card_on_screen_offers_print_and_the_way_back(page, site_url, rules, card):
    page.goto(site_url + card)
    expect(page.get_by_role("button", name="🖨️ Print")).to_be_visible()
    back = page.get_by_role("link", name="← Back to the game")
    expect(back).to_have_attribute("href", "../index.html")
    assert page.evaluate("document.querySelector('.toolbar .back').href") == site_url + "index.html"
    to_rules = page.locator(f'.toolbar a[href="../{rules}"]')
    expect(to_rules).to_contain_text("📜")
    to_rules.click()
    expect(page).to_have_url(site_url + rules)


@pytest.mark.parametrize("path", [*CARDS, *(rules for rules, _ in BOOKS.values())])
def test_page_requests_nothing_outside_its_origin(page, page_log, site_url, path):
    page.goto(site_url + path, wait_until="networkidle")
    assert page_log.requests, "the page was not loaded"
    foreign = [url for url in page_log.requests if not url.startswith(site_url)]
    assert not foreign, f"{path} reached outside {site_url}: {foreign}"
    page_log.assert_clean()


TITLES = {"aggravation": "Aggravation", "gallery": "Gallery Aggravation Rummy", "contract": "Contract Rummy"}


@pytest.mark.parametrize("name", BOOKS)
def test_rules_page_links_to_the_card_and_back_to_the_game(page, site_url, name):
    rules, card = BOOKS[name]
    page.goto(site_url + rules)
    expect(page.get_by_role("heading", level=1)).to_contain_text(f"The rules of {TITLES[name]}")
    expect(page.get_by_role("link", name="← Back to the game").first).to_have_attribute("href", "index.html")
    to_card = page.get_by_role("link", name="🖨️ Open the printable rules card").first
    expect(to_card).to_have_attribute("href", card)
    to_card.click()
    expect(page).to_have_url(site_url + card)
    expect(page.get_by_role("button", name="🖨️ Print")).to_be_visible()


def test_rules_page_lists_all_eleven_contracts_and_the_levels(page, site_url):
    page.goto(site_url + RULES)
    rows = page.locator("table.contracts tbody tr")
    expect(rows).to_have_count(11)
    expect(rows.nth(10)).to_contain_text("two sets of 5")
    for level in ("🌱 Sprout", "🧭 Scout", "🏆 Ace"):
        expect(page.locator("#levels")).to_contain_text(level)
