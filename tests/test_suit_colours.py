"""Issue 42, point 3: the four-colour deck. The suits' inks, read from the page's stylesheet, stay
apart from each other and from the card face under normal vision and the three common
colour-vision deficiencies; the setting reaches every card and the page."""
from __future__ import annotations

import pytest

from bench import colours
from game.cards import Card
from game.ui.app import App
from game.ui.dispatch import dispatch
from game.ui.screens.html import card
from game.ui.screens.parts import card_model
from html_tree import parse

DECKS = colours.decks(colours.css_colours(colours.CSS.read_text()))


@pytest.mark.parametrize("one, two, expected", [          # Sharma, Wu & Dalal (2005), their test data
    ((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
    ((50, 2.5, 0), (73, 25, -18), 27.1492),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
    ((50, 2.5, 0), (50, 0, -2.5), 4.3065),
])
def test_the_colour_difference_is_ciede2000(one, two, expected):
    assert colours.ciede2000(one, two) == pytest.approx(expected, abs=1e-4)


def test_the_simulated_visions_confuse_what_they_should():
    red, green = "#d62728", "#2ca02c"                       # apart to normal eyes, close to red-green blindness
    normal = colours.distances({"a": red, "b": green}, "normal")["a/b"]
    assert normal > 50
    assert colours.distances({"a": red, "b": green}, "deuteranopia")["a/b"] < normal / 2


@pytest.mark.parametrize("vision", colours.VISIONS)
def test_four_colours_keep_every_suit_and_the_face_apart_in_every_vision(vision):
    deck = DECKS["four-colour"]
    assert len({deck[s] for s in "♠♥♦♣"}) == 4
    pairs = colours.distances(deck, vision)
    assert len(pairs) == 10 and min(pairs.values()) >= 12, pairs


@pytest.mark.parametrize("vision", colours.VISIONS)
def test_two_colours_keep_red_and_black_apart_in_every_vision(vision):
    pairs = colours.distances(DECKS["two-colour"], vision)
    assert min(pairs.values()) >= 20, pairs


@pytest.mark.parametrize("deck", DECKS)
def test_every_ink_reads_as_text_on_the_face(deck):
    inks = DECKS[deck]
    assert min(colours.contrast(inks[s], inks["face"]) for s in "♠♥♦♣") >= 4.5


def test_every_card_names_its_suit_for_the_stylesheet_and_the_setting_reaches_the_page():
    for code in ("AH", "TD", "5S", "QC"):
        assert parse(card(card_model(Card.parse(code)), act=None)).find(role="img").attrs["data-card"] == code
    css = colours.CSS.read_text()
    for suit in "HDCS":
        assert (f'[data-deck="four"] :is(.card[data-card$="{suit}"], .slot[data-ghost$="{suit}"]) '
                f'{{ color: var(--suit-{suit.lower()}); }}') in css
    app = App({}, {"seed": "5", "level": "sprout", "speed": "0"})
    assert app.boot()["deck"] == "two"
    assert dispatch(app.session, "set", "deck=four") and app.session.settings.deck == "four"
    assert App(dict(app.store.values), {}).boot()["deck"] == "four"          # kept for the next visit
