"""👥 Pass and play as its own choice on the start screen (game/ui/screens/start/): its setup (how many
people, their names, who joins them) starts a game of people, and such a game is named as one on the
start screen, at the table and among the past games. The game itself: tests/test_ui_passing.py."""

import json

from game.ui.app import App
from game.ui.screens.start.model import start_model
from game.ui.store.settings import NAME_LENGTH
from html_tree import parse
from tests.support import MemoryStore


def booted(**params) -> App:
    app = App(MemoryStore(), {"speed": "0", **params})
    app.boot()
    return app


def screen(app: App):
    return parse(app.frame()["html"])


def test_the_start_screen_offers_pass_and_play_beside_the_levels_and_the_levels_are_one_players_games():
    app = booted()
    page = screen(app)
    group = page.find(id="levels")
    assert [(b.attrs["data-act"], b.attrs.get("data-arg")) for b in group.find_all("button")] == [
        ("level", "sprout"), ("level", "scout"), ("level", "ace"), ("people-setup", None), ("online", None)]
    card = group.find("button", data_act="people-setup")
    assert card.find(class_="level-name").text == "👥 Pass and play"
    assert "No bots" not in app.frame()["html"] and not page.find_all("button", data_arg="people=3")
    app.session.settings.people = 3                       # people remembered from a game of people...
    app.intent("level", "scout")
    assert app.session.people == 1 and app.session.names[0] == "You"   # ...a level is still one player's


def test_pass_and_play_opens_its_setup_and_back_closes_it_with_the_focus_on_the_same_act():
    app = booted()
    app.intent("people-setup")
    page = screen(app)
    setup = page.find(class_="people-setup")
    assert setup.find("h2").text == "👥 Pass and play · Aggravation"
    assert [b.text for b in setup.find(class_="people").find_all("button")] == ["2", "3", "4", "5", "6"]
    assert setup.find("button", data_arg="people=2").attrs["aria-pressed"] == "true"   # two at least
    assert [i.attrs["placeholder"] for i in setup.find_all("input")] == ["Player 1", "Player 2"]
    assert setup.find("button", data_act="people-setup").text == "← Back"
    assert not page.find_all(id="levels"), "the setup takes the levels' place"
    assert json.loads(app.session.storage.get("aggravation.settings"))["people"] == 2
    app.intent("people-setup")
    assert not screen(app).find_all(class_="people-setup") and screen(app).find(id="levels")


def tables(app: App) -> list[tuple[str, str, str]]:
    return [(b.attrs["data-arg"], b.find(class_="level-name").text, b.find("small").text)
            for b in screen(app).find(class_="people-tables").find_all("button")]


def bot_chips(app: App) -> list[tuple[str, str]]:
    rows = screen(app).find(class_="people-setup").find_all(class_="bots")
    return [(b.text, b.attrs["aria-pressed"]) for row in rows for b in row.find_all("button")]


def test_the_setup_picks_how_many_bots_join_and_their_level_apart():
    """Issue 41: the number of bots and their level are two choices (two people and two Sprouts),
    within the rulebook's table: Aggravation seats 3 to 5, Contract Rummy 3 to 8."""
    app = booted()
    app.intent("people-setup")                           # two people: Aggravation needs a bot at least
    assert bot_chips(app) == [("1", "true"), ("2", "false"), ("3", "false")]
    assert [t[1] for t in tables(app)] == ["🌱 With 1 Sprout bot", "🧭 With 1 Scout bot", "🏆 With 1 Ace bot"]
    assert screen(app).find(class_="people-note").text == \
        "Aggravation needs 3 players at least: bots take the empty seats."
    app.intent("set", "bots=2")
    assert bot_chips(app) == [("1", "false"), ("2", "true"), ("3", "false")]
    assert tables(app) == [("sprout", "🌱 With 2 Sprout bots", "4 players at the table"),
                           ("scout", "🧭 With 2 Scout bots", "4 players at the table"),
                           ("ace", "🏆 With 2 Ace bots", "4 players at the table")]
    assert json.loads(app.session.storage.get("aggravation.settings"))["bots"] == 2
    app.intent("people-start", "sprout")
    s = app.session
    assert (s.people, s.state.players, s.level) == (2, 4, "sprout") and set(s.bots) == {2, 3}
    assert s.names == ["Player 1", "Player 2", "Sprout 1", "Sprout 2"]
    assert {type(bot).__name__ for bot in s.bots.values()} == {"Sprout"}


def test_the_bots_picked_hold_within_the_table_and_none_is_a_table_of_just_the_people():
    app = booted()
    app.intent("people-setup")
    app.intent("set", "bots=3")
    app.intent("set", "people=4")                        # Aggravation seats 5: one bot at most beside 4
    assert bot_chips(app) == [("0", "false"), ("1", "true")] and not screen(app).find_all(class_="people-note")
    app.intent("set", "people=3")                        # the pick comes back where there is room again
    assert bot_chips(app) == [("0", "false"), ("1", "false"), ("2", "true")]
    app.intent("set", "bots=0")
    assert tables(app) == [("sprout", "👥 Just the 3 of you", "No bots")]
    app.intent("set", "people=6")                        # six at a table of five: no room, no bots row
    assert bot_chips(app) == [] and tables(app) == [("sprout", "👥 Just the 5 of you", "No bots")]
    app.intent("set", "rulebook=contract")               # Contract Rummy seats 3 to 8
    app.intent("set", "people=2")
    assert [c[0] for c in bot_chips(app)] == ["1", "2", "3", "4", "5", "6"]
    assert not screen(app).find(class_="people-setup").find_all(class_="table-size")   # the bots say the size
    app.intent("set", "bots=5")
    app.intent("people-start", "ace")
    assert (app.session.state.players, app.session.log.preset, set(app.session.bots)) == (7, "contract", {2, 3, 4, 5, 6})


def test_a_table_of_the_setup_starts_the_game_of_people_by_their_names():
    app = booted()
    app.intent("people-setup")
    app.intent("set", "people=3")
    for n, name in enumerate(("Ana", "  Ben   Lee ", "Cy")):
        app.intent("name", f"{n}|{name}")
    assert 'value="Ben Lee"' in app.frame()["html"]
    app.intent("set", "bots=1")
    app.intent("people-start", "scout")
    s = app.session
    assert s.people == 3 and s.names == ["Ana", "Ben Lee", "Cy", "Scout 1"] and set(s.bots) == {3}
    assert 'data-dialog="pass"' in app.frame()["html"]
    app.intent("menu")
    resume = screen(app).find("button", data_act="resume").text
    assert resume == "▶ Back to your pass-and-play game with Ana, Ben Lee and Cy — deal 1, round 1"
    app.intent("people-setup")                           # a new one while this one is in progress: asked first
    app.intent("set", "bots=0")
    app.intent("people-start", "sprout")
    dialog = screen(app).find(data_dialog="confirm")
    assert dialog.find("h2").text == ("Leave your pass-and-play game with Ana, Ben Lee and Cy (deal 1, round 1) "
                                      "and start a new pass-and-play game?")
    assert [b.text for b in dialog.find_all("button")] == ["▶ Back to the pass-and-play game",
                                                           "Start the new pass-and-play game"]
    app.intent("confirm")
    assert app.session.people == 3 and app.session.bots == {} and app.session.state.players == 3


def test_the_names_have_a_field_each_and_say_what_sharing_means():
    app = booted()
    app.intent("people-setup")
    app.intent("set", "people=3")
    app.intent("name", "1|Ben")
    setup = start_model(app.session)["setup"]
    assert [(f["label"], f["placeholder"], f["value"]) for f in setup["names"]] == [
        ("Name of person 1", "Player 1", ""), ("Name of person 2", "Player 2", "Ben"),
        ("Name of person 3", "Player 3", "")]
    assert setup["limit"] == NAME_LENGTH == 16
    assert setup["hint"] == ("Pass the device round: each person sees their own hand after a tap, and says whether "
                             "they claim a discard with their own hand in front of them.")
    app.intent("set", "people=6")
    assert start_model(app.session)["setup"]["hint"].endswith(" Aggravation seats 5: the first 5 names play.")
    app.intent("name", "7|Nobody")                        # six people at most: no seventh name
    assert json.loads(app.session.storage.get("aggravation.settings"))["names"] == ["", "Ben"]


def test_a_game_of_people_is_named_as_one_at_the_table_and_among_the_past_games():
    from tests.test_ui_passing import play, shared

    s = shared(people=3, level="scout", names=("Ana", "Ben", "Cy"), seed=11)
    app = App(s.storage, {"speed": "0"})
    app.boot()
    title = screen(app).find(class_="topbar").find("h1")
    assert title.find(class_="mode").text == "👥 Pass and play"
    s = app.session
    while not s.state.is_over:
        play(s, deals=1)
        if not s.state.is_over:
            s.next_deal()
    app.frame()
    html = app.intent("past")["html"]
    assert "Aggravation · Pass and play · 3 people · 1 Scout bot" in html
    solo = booted(seed="5", level="sprout")
    assert not screen(solo).find(class_="topbar").find_all(class_="mode")
