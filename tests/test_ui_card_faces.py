"""A card's face as the table draws it: rank, suit, colour, and the name a screen reader says.

Every card on the page is drawn by render.card from viewmodel.card_model, so these five cards
(both red suits, both black ones, a ten and a joker) pin what every hand, pile and meld shows.
"""
from __future__ import annotations

import pytest

from game.cards import Card
from game.ui.screens.html import card
from game.ui.screens.parts import card_model
from html_tree import parse


@pytest.mark.parametrize("code, rank, suit, classes, name", [
    ("AH", "A", "♥", "card red", "ace of hearts"),
    ("TD", "10", "♦", "card red", "ten of diamonds"),
    ("5S", "5", "♠", "card black", "five of spades"),
    ("QC", "Q", "♣", "card black", "queen of clubs"),
    ("JK", "🃏", "", "card black joker", "joker"),
])
def test_each_face_shows_its_rank_suit_and_colour(code, rank, suit, classes, name):
    face = parse(card(card_model(Card.parse(code)), act=None)).find(role="img")
    assert face.attrs["class"] == classes
    assert face.attrs["aria-label"] == name and face.attrs["data-card"] == code
    assert face.find(class_="rank").text == rank
    assert face.find(class_="suit").text == suit
    assert face.find_all(class_="as") == []                                    # no wild label off a meld


def test_a_card_in_hand_is_a_button_named_in_words():
    button = parse(card(card_model(Card.parse("TD"), selected=True))).find("button")
    assert button.attrs["aria-pressed"] == "true" and "selected" in button.attrs["class"].split()
    assert button.attrs["data-arg"] == "TD/0"
    assert button.find(class_="sr").text == "ten of diamonds"
