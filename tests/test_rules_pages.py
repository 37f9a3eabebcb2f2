"""The rules pages and printable cards say what the engine plays: each rulebook's contracts, the
cards going down takes, the cards dealt, the card points and its numbers (players, buys, stock
rebuilds) are read from the static HTML and compared with its ``Rules`` in game/rules.py, so a
change to either side that the other does not follow fails here. The pages link to each other
and to their cards, and the cards back (the browser side, one sheet per card: tests/browser/test_print.py).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.rules import PRESETS, Rules
from html_tree import Node, parse

ROOT = Path(__file__).resolve().parent.parent

# Per rulebook: its rules page and its printable card (paths from the site's root).
BOOKS = {
    "aggravation": ("rules.html", "print/index.html"),
    "gallery": ("rules-gallery.html", "print/gallery.html"),
    "contract": ("rules-contract.html", "print/contract.html"),
}
PAGES = [(name, kind, path) for name, paths in BOOKS.items() for kind, path in zip(("page", "card"), paths)]

RANK_WORDS = {"ace": 1, "two": 2, "jack": 11, "j": 11, "queen": 12, "q": 12, "king": 13, "k": 13, "joker": 0}
TIMES = {1: "once", 2: "twice"}


def tree(path: str) -> Node:
    return parse((ROOT / path).read_text(encoding="utf-8"))


def spoken(node: Node) -> str:
    """The text a reader hears: text, plus the label of an image (the joker mark says "joker")."""
    if node.attrs.get("role") == "img":
        return f" {node.attrs.get('aria-label', '')} "
    return "".join(c if isinstance(c, str) else spoken(c) for c in node.children)


def words(node: Node) -> str:
    return " ".join(spoken(node).split())


def ranks_named(label: str) -> list[int]:
    """'3 to 10' → 3…10, 'Jack, queen, king' → 11 12 13, '2 and joker' → 2 0 ('–' is 'to')."""
    text = re.sub(r"\s*[–-]\s*", " to ", label.lower())
    ranks: list[int] = []
    for low, high, word in re.findall(r"(\d+) to (\d+)|(\w+)", text):
        if low:
            ranks += range(int(low), int(high) + 1)
        elif word.isdigit():
            ranks.append(int(word))
        elif word in RANK_WORDS:
            ranks.append(RANK_WORDS[word])
        else:
            assert word == "and", f"a points row names {word!r}"
    return ranks


def compact(contract_words: str) -> str:
    """The card's short form of a contract: 'a set of 3 and two runs of 4' → 'set of 3 + 2 runs of 4'."""
    parts = contract_words.split(" and ")
    short = [re.sub(r"^a ", "", re.sub(r"^two ", "2 ", re.sub(r"^three ", "3 ", part))) for part in parts]
    return " + ".join(short)


def columns(table: Node) -> list[str]:
    return [words(th) for th in table.find("thead").find_all("th")]


@pytest.mark.parametrize("name,kind,path", PAGES)
def test_the_contracts_table_is_the_rulebooks(name, kind, path):
    rules: Rules = PRESETS[name]
    table = tree(path).find("table", class_="contracts")
    heads = columns(table)
    rows = [[words(td) for td in tr.find_all("td")] for tr in table.find("tbody").find_all("tr")]
    assert len(rows) == rules.rounds
    for number, row in enumerate(rows, start=1):
        contract = rules.contract(number)
        cells = dict(zip(heads, row))
        assert row[0] == str(number)
        wanted = contract.describe() if kind == "page" else compact(contract.describe())
        assert row[1] == wanted, f"round {number}"
        assert row[-1] == str(contract.cards), f"round {number}: cards going down"
        dealt = cells.get("Cards dealt", cells.get("Dealt"))
        if rules.deal_sizes:
            assert dealt == str(rules.deal_size(number)), f"round {number}: cards dealt"
        else:
            assert dealt is None  # one deal size, told in words (checked below)


@pytest.mark.parametrize("name,kind,path", PAGES)
def test_the_points_table_gives_every_card_the_rulebooks_points(name, kind, path):
    rules: Rules = PRESETS[name]
    found: dict[int, int] = {}
    for tr in tree(path).find("table", class_="points").find_all("tr"):
        cells = tr.find_all("td")
        if not cells:
            continue  # the header row
        label, points = words(cells[0]), int(words(cells[1]))
        for rank in ranks_named(label):
            assert rank not in found, f"{label}: rank {rank} is on two rows"
            found[rank] = points
    assert found == {rank: rules.points_of_rank(rank) for rank in range(14)}


@pytest.mark.parametrize("name,kind,path", [p for p in PAGES if p[0] != "aggravation"])
def test_the_rulebooks_numbers_are_in_its_words(name, kind, path):
    """Table size, deal sizes, buys and stock rebuilds as the rules object holds them."""
    rules: Rules = PRESETS[name]
    text = words(tree(path).find("main"))
    assert f"{rules.min_players} to {rules.max_players}" in text
    for size in sorted(set(rules.deal_sizes or (rules.hand_size,))):
        assert f"{size} cards" in text or f"{size} in rounds" in text
    if rules.steal_limit is None:
        assert "No limit" in text or "no limit" in text
    else:
        assert f"{rules.steal_limit} buys per player per round" in text
    assert rules.claim_word == "buy" and "🛒 Buying" in text
    assert TIMES[rules.stock_rebuilds] in text
    assert f"round {rules.rounds}" in text


@pytest.mark.parametrize("name,kind,path", [p for p in PAGES if p[0] == "contract"])
def test_the_shoe_by_table_size_is_the_rulebooks(name, kind, path):
    rules: Rules = PRESETS[name]
    table = tree(path).find("table", class_="shoe")
    for tr in table.find("tbody").find_all("tr"):
        players, decks, jokers, cards = (words(td) for td in tr.find_all("td"))
        low, high = map(int, players.split("–"))
        for count in (low, high):
            assert rules.decks_for(count) == int(decks)
            assert rules.decks_for(count) * (52 + rules.jokers_per_deck) == int(cards)
        assert rules.decks_for(low) * rules.jokers_per_deck == int(jokers)
    covered = {n for tr in table.find("tbody").find_all("tr")
               for lo, hi in [map(int, words(tr.find_all("td")[0]).split("–"))] for n in range(lo, hi + 1)}
    assert covered == set(range(rules.min_players, rules.max_players + 1))


def links(path: str) -> set[str]:
    return {a.attrs["href"] for a in tree(path).find_all("a")}


@pytest.mark.parametrize("name", BOOKS)
def test_each_rules_page_leads_to_its_card_and_the_other_rulebooks_and_back(name):
    page, card = BOOKS[name]
    assert {card, "index.html"} <= links(page)
    assert {other for other, _ in BOOKS.values()} - {page} <= links(page)
    back = {"../index.html", f"../{page}"}
    assert back <= links(card)
    assert tree(page).find("nav", class_="books").find("a", aria_current="page").attrs["href"] == page


def test_the_aggravation_page_keeps_anchors_for_the_other_rulebooks():
    """rules.html#gallery and #contract land on a word about each, with the way to its page."""
    root = tree("rules.html")
    for anchor, (page, _) in (("gallery", BOOKS["gallery"]), ("contract", BOOKS["contract"])):
        assert root.find(id=anchor).find("a").attrs["href"] == page
    assert root.find("h1").attrs["id"] == "aggravation"


def test_ranks_named_and_compact_read_the_pages_words():
    assert ranks_named("3 – 10") == list(range(3, 11))
    assert ranks_named("10, jack, queen, king") == [10, 11, 12, 13]
    assert ranks_named("2 and joker") == [2, 0]
    assert compact("a set of 3 and two runs of 4") == "set of 3 + 2 runs of 4"
    assert compact("three sets of 3") == "3 sets of 3"
