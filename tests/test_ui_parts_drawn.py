"""Single parts of the page as drawn: one card, the settings panel, the data a frame carries for
card motion, and the attributes every element is written with.

Mutation testing (bench/mutants.md, game.ui.render's card, settings_panel, motion_attrs, attrs)
found these parts reached by the whole-screen tests but not pinned down: a card's classes when it
is not selected, the wild-swap button's data, a closed settings panel, the motion data of a frame
nobody moved in. Each test draws the one part and reads it back as HTML (tests/html_tree.py);
expected words and values are literals, never read back from the code under test.
"""
from __future__ import annotations

from game.cards import Card
from game.log import GameLog
from game.ui.session.session import Session
from game.ui.screens.html import attrs, card
from game.ui.screens.settings import settings_panel
from game.ui.screens.table.markup import motion_attrs
from game.ui.store.settings import Settings
from game.ui.screens.parts import card_model
from game.ui.screens.settings import settings_model
from html_tree import Node, parse
from support import MemoryStore


def face(code: str, **extra) -> dict:
    return card_model(Card.parse(code), **extra)


def only(html: str) -> Node:
    """The one element an HTML fragment is."""
    [node] = parse(html).items()
    return node


# ------------------------------------------------------------ a card


def test_a_hand_card_by_default_is_an_enabled_full_size_button_that_picks_it():
    button = only(card(face("7H")))
    assert button.tag == "button" and button.attrs["type"] == "button"
    assert button.attrs["class"] == "card red"                 # not small, not selected, not just
    assert button.attrs["data-act"] == "card" and button.attrs["data-arg"] == "7H/0"
    assert button.attrs["data-card"] == "7H" and button.attrs["data-key"] == "7H/0"
    assert "disabled" not in button.attrs and "aria-pressed" not in button.attrs
    assert button.find(class_="sr").text == "seven of hearts"
    hidden = button.find(aria_hidden="true")
    assert hidden.find(class_="rank").text == "7" and hidden.find(class_="suit").text == "♥"
    assert hidden.find_all(class_="as") == [] and hidden.text == "7♥"      # nothing after the suit


def test_a_card_is_drawn_with_every_mark_it_carries():
    button = only(card(face("JK", selected=True, just=True), small=True))
    assert button.attrs["class"] == "card black joker small selected just"
    assert button.attrs["aria-pressed"] == "true"
    image = only(card(face("QC", just=True), act=None, small=True))
    assert image.text == "Q♣"
    assert image.attrs["class"] == "card black small just"
    assert image.attrs["role"] == "img" and image.attrs["aria-label"] == "queen of clubs"
    assert image.attrs["data-card"] == "QC" and image.attrs["data-key"] == "QC/0"
    assert "data-act" not in image.attrs and "aria-pressed" not in image.attrs


def test_a_wild_on_a_meld_says_what_it_stands_for_in_sight_and_in_words():
    wild = face("JK", wild_as="7♥", wild_said="the seven of hearts")
    image = only(card(wild, act=None, small=True))
    assert image.find(class_="as").text == "=7♥"
    assert image.attrs["aria-label"] == "joker, wild, standing for the seven of hearts"
    assert image.find(class_="rank").text == "🃏" and image.find(class_="suit").text == ""
    button = only(card(wild))
    assert button.find(class_="as").text == "=7♥" and button.find(class_="sr").text == "joker, wild, standing for the seven of hearts"
    assert only(card(face("2C", wild_as=""), act=None)).attrs["aria-label"] == "two of clubs"


def test_a_label_replaces_the_cards_name_and_a_given_arg_its_key():
    dig = only(card(face("5S"), act="dig", small=True, label="Take the 5♠ and the two above it"))
    assert dig.attrs["data-act"] == "dig" and dig.attrs["data-arg"] == "5S/0"
    assert dig.find(class_="sr").text == "Take the 5♠ and the two above it"
    pile = only(card(face("5S"), act=None, label="Discard pile: five of spades, buried"))
    assert pile.attrs["aria-label"] == "Discard pile: five of spades, buried"


def test_the_wild_swap_button_carries_its_meld_and_place_and_is_disabled_when_told():
    wild = face("JK", wild_as="7♥", wild=True, index=1)
    args = dict(act="wild", small=True, arg="2:1", label="joker, wild, standing for the seven of hearts: swap your own 7♥ for it",
                data_meld=2, data_index=1)
    button = only(card(wild, disabled=True, **args))
    assert button.attrs["data-act"] == "wild" and button.attrs["data-arg"] == "2:1"
    assert button.attrs["data-meld"] == "2" and button.attrs["data-index"] == "1"
    assert "disabled" in button.attrs
    assert "disabled" not in only(card(wild, disabled=False, **args)).attrs


# ------------------------------------------------------------ the settings panel


def session(steal: str = "wait", speed: str = "fast", open_: bool = True, ask: str = "helps") -> Session:
    s = Session(MemoryStore(), Settings(steal=steal, speed=speed, ask=ask))
    s.ui.settings_open = open_
    return s


def test_the_table_draws_the_settings_panel_only_while_it_is_open():
    s = session(open_=False)
    s.log = GameLog(0, 3)
    assert settings_panel(settings_model(s)) == ""
    s.ui.settings_open = True
    assert only(settings_panel(settings_model(s))).attrs == {"class": "settings", "aria-label": "Settings"}


def test_each_setting_is_a_named_group_of_chips_the_one_chosen_pressed():
    s = session(steal="short", speed="slow", ask="every", open_=False)   # the start screen's panel, always drawn
    panel = only(settings_panel(settings_model(s), always=True))
    steal, ask, speed, hint, deck, sound, buzz, lang = panel.items()
    assert lang.attrs == {"class": "setting", "role": "group", "aria-label": "Language"}   # each in its own name
    assert [(b.attrs["data-arg"], b.attrs["lang"], b.attrs["aria-pressed"], b.text) for b in lang.find_all("button")] == [
        ("lang=en", "en", "true", "English"), ("lang=es", "es", "false", "Español"),
        ("lang=de", "de", "false", "Deutsch"), ("lang=fr", "fr", "false", "Français")]
    assert steal.attrs == {"class": "setting", "role": "group", "aria-label": "🫳 Steal · 🛒 buy offer"}
    assert steal.find("span").text == "🫳 Steal · 🛒 buy offer"
    assert [n.tag for n in steal.items()] == ["span", "button", "button", "button", "button"]  # nothing between
    chips = steal.find_all("button")
    assert [(b.attrs["data-arg"], b.attrs["aria-pressed"], b.text) for b in chips] == [
        ("steal=off", "false", "Off"), ("steal=short", "true", "Short"),
        ("steal=long", "false", "Long"), ("steal=wait", "false", "Wait for me")]
    assert ask.attrs == {"class": "setting", "role": "group", "aria-label": "Offer me a discard"}
    assert ask.find("span").text == "Offer me a discard"
    assert [n.tag for n in ask.items()] == ["span", "button", "button"]
    chips += ask.find_all("button")
    assert [(b.attrs["data-arg"], b.attrs["aria-pressed"], b.text) for b in ask.find_all("button")] == [
        ("ask=helps", "false", "When it helps"), ("ask=every", "true", "Every card")]
    assert all(b.attrs["type"] == "button" and b.attrs["class"] == "chip" and b.attrs["data-act"] == "set"
               for b in chips)
    assert speed.attrs["aria-label"] == "Bot speed" and speed.find("span").text == "Bot speed"
    assert [(b.attrs["data-arg"], b.attrs["aria-pressed"], b.text) for b in speed.find_all("button")] == [
        ("speed=slow", "true", "Slow"), ("speed=normal", "false", "Normal"), ("speed=fast", "false", "Fast")]
    assert hint.attrs["aria-label"] == "💡 Hint button (games against the bots)"
    assert [(b.attrs["data-arg"], b.attrs["aria-pressed"], b.text) for b in hint.find_all("button")] == [
        ("hint=on", "true", "On"), ("hint=off", "false", "Off")]            # on unless switched off
    assert deck.attrs["aria-label"] == "Suit colours"
    assert [(b.attrs["data-arg"], b.attrs["aria-pressed"], b.text) for b in deck.find_all("button")] == [
        ("deck=two", "true", "Two colours"), ("deck=four", "false", "Four colours")]
    assert [(b.attrs["data-arg"], b.attrs["aria-pressed"], b.text) for b in sound.find_all("button")] == [
        ("sound=low", "false", "Quiet"), ("sound=mid", "true", "Normal"), ("sound=high", "false", "Loud"),
        ("mute=on", "false", "🔇 Mute")]
    assert buzz.attrs["aria-label"] == "Buzz on your turn"
    assert panel.find_all(class_="house-now") == []           # no game to name on the start screen


def test_the_table_panel_names_the_rules_this_game_plays_by():
    s = session()
    s.log = GameLog(0, 3)
    assert parse(settings_panel(settings_model(s))).find(class_="house-now").text == (
        "This game — House rules: none. Switch them for your next game under New game.")
    s.log = GameLog(0, 3, house_rules=("wild_swap",))
    assert parse(settings_panel(settings_model(s))).find(class_="house-now").text == (
        "This game — House rules: wild swap. Switch them for your next game under New game.")
    s.log = GameLog(0, 3, preset="gallery")
    assert parse(settings_panel(settings_model(s))).find(class_="house-now").text == (
        "This game plays by the rules of Gallery Aggravation Rummy: no house rules.")


# ------------------------------------------------------------ motion data


def test_motion_data_names_the_bot_that_moved_and_a_fresh_deal():
    def data(m: dict) -> dict:
        return parse(f"<div {motion_attrs(m)}></div>").find("div").attrs

    assert data({"just": None, "fresh": False}) == {}
    assert data({"just": {"seat": 2, "kind": "stole"}, "fresh": False}) == {
        "data-just-seat": "2", "data-just-kind": "stole"}
    assert data({"just": {"seat": 0, "kind": "drew"}, "fresh": True}) == {
        "data-just-seat": "0", "data-just-kind": "drew", "data-fresh": "true"}
    assert data({"fresh": True}) == {"data-fresh": "true"}


# ------------------------------------------------------------ attributes


def test_attributes_drop_false_and_none_write_true_bare_and_escape_values():
    written = attrs(class_="chip", data_act="set", aria_pressed=None, disabled=True, hidden=False,
                    data_arg='a "b" & <c>', data_index=0, title="")
    assert written == 'class="chip" data-act="set" disabled data-arg="a &quot;b&quot; &amp; &lt;c&gt;" data-index="0" title=""'
    assert parse(f"<p {written}></p>").find("p").attrs == {
        "class": "chip", "data-act": "set", "disabled": None, "data-arg": 'a "b" & <c>', "data-index": "0", "title": ""}
    assert attrs() == "" and attrs(hidden=False, aria_pressed=None) == ""
