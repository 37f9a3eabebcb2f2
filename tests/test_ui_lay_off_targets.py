"""Issue 31: a picked card shows exactly which melds and which ends take it, from the engine's legal
lay-offs (not a guess by shape); the player's own melds come first, each owner's together; a tap or
a drop on a run's end lays the card off at that end. Read off the table's model and its HTML.
"""
from __future__ import annotations

from game.actions import GoDown, LayOff
from game.melds import check_meld
from game.rules import PRESETS, MeldKind
from game.state import Phase
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.melds import lay_off_targets, meld_name
from game.ui.screens.table.model import table_model
from html_tree import parse
from scenario import table
from test_ui_table_spec import session_at

CR, GALLERY = PRESETS["contract"], PRESETS["gallery"]


def down_table(hand: str = "8H KS 3D JK QC", rules=PRESETS["aggravation"], preset: str = "aggravation"):
    """Scout 1's run of hearts and set of kings, Scout 2's run of clubs, the player's run of hearts
    and set of fives: the player is down and to play."""
    state = table([hand, "2C 3C", "4D 5D"], stock="9S 8S", pile="4D", phase=Phase.PLAY, turn=0, down=(0, 1, 2),
                  rules=rules, melds=[(1, "run", "9H TH JH"), (1, "set", "KC KD KH"), (2, "run", "5C 6C 7C"),
                                      (0, "run", "5H 6H 7H"), (0, "set", "5S 5D 5C")])
    return session_at(state, preset=preset)


def pick(s, code: str) -> None:
    dispatch(s, "card", next(c.key for c in s.state.seats[0].hand if c.code == code))


def fits(s) -> list:
    return [m["fits"] for m in table_model(s)["table"]]


def test_a_picked_card_lights_only_the_melds_and_ends_that_take_it():
    s = down_table()
    assert fits(s) == [None] * 5                       # nothing picked: no meld is lit, none dimmed
    pick(s, "8H")
    assert fits(s) == [["low"], [], [], ["high"], []]  # below their 9♥, above your 7♥
    pick(s, "KS")
    assert fits(s) == [[], [None], [], [], []]         # a set has no end
    pick(s, "JK")
    assert fits(s) == [["low", "high"], [None], ["low", "high"], ["low", "high"], [None]]
    pick(s, "QC")
    assert fits(s) == [[], [], [], [], []]             # fits nowhere: every meld says so


def test_the_targets_are_the_engines_legal_lay_offs_of_that_card():
    for rules, preset in ((PRESETS["aggravation"], "aggravation"), (GALLERY, "gallery"), (CR, "contract")):
        s = down_table(rules=rules, preset=preset)
        legal = [a for a in s.state.legal_actions() if isinstance(a, LayOff)]
        for card in s.state.seats[0].hand:
            dispatch(s, "card", card.key)
            want: dict = {}
            for a in legal:
                if a.card.code == card.code:
                    want.setdefault(a.meld, []).append(a.end)
            assert lay_off_targets(s, s.state.view(0)) == want, (preset, card.code)
            dispatch(s, "card", card.key)                  # put it back down


def test_round_7_lights_only_the_lay_offs_the_engine_offers_on_the_going_down_turn():
    """Contract Rummy's round 7 goes out by play: on the going-down turn only the lay-offs of an
    order that lays off every card are offered. 8♥ fits below Ben's 9♥ by shape, but there it
    would strand the 9♥, so only the high end of the player's own run takes it."""
    state = table(hands=["4H 5H 6H 7H 3C 4C 5C 6C 9S TS JS QS 8H 9H 2C 7C 8S", "KD KC QC"],
                  melds=[(1, "run", "9H TH JH QH")], down=[1], rounds=[7, 7], stock="3D 4D 5D", rules=CR, dealer=1)
    s = session_at(state, preset="contract")
    mine = s.state.seats[0].hand
    s.state.apply(GoDown(tuple(check_meld(mine[n:n + 4], MeldKind.RUN, CR) for n in (0, 4, 8))))
    pick(s, "8H")
    assert fits(s) == [[], ["high"], [], []]
    pick(s, "9H")
    assert fits(s) == [[], [], [], []]


def test_no_targets_while_the_question_does_not_arise():
    s = down_table()
    s.state.seats[0].down = False
    pick(s, "8H")
    assert fits(s) == [None] * 5                       # not down: a tap says why
    s = down_table()
    s.state.turn = 1
    pick(s, "8H")
    assert fits(s) == [None] * 5                       # not the player's turn
    s = down_table()
    s.state.phase = Phase.DRAW
    pick(s, "8H")
    assert fits(s) == [None] * 5                       # to draw first


def test_each_end_that_takes_it_is_a_ghost_button_saying_where():
    s = down_table()
    pick(s, "8H")
    root = parse(table_screen(table_model(s)))
    theirs = root.find(data_meld="0", class_="fits")
    slot = theirs.find(class_="slot")
    assert (slot.attrs["data-act"], slot.attrs["data-arg"], slot.attrs["data-end"]) == ("meld", "0:low", "low")
    assert slot.find(class_="sr").text == "Lay 8♥ off on Scout 1’s run of hearts, low end, before 9♥"
    assert [c.attrs.get("class") for c in theirs.find(class_="cards").items()][0] == "slot red"   # drawn at that end
    mine = root.find(data_meld="3", class_="fits")
    assert mine.find(class_="slot").find(class_="sr").text == "Lay 8♥ off on your run of hearts, high end, after 7♥"
    assert mine.find(class_="cards").items()[-1].attrs["class"] == "slot red"
    dim = root.find(data_meld="1", class_="no-fit")
    assert dim.find(class_="meld-pick").attrs["aria-disabled"] == "true"
    assert dim.find(class_="meld-pick").text == "Scout 1’s set of kings: 8♥ does not fit here"
    pick(s, "JK")
    both = parse(table_screen(table_model(s))).find(data_meld="2", class_="fits")
    assert [x.attrs["data-arg"] for x in both.find_all(class_="slot")] == ["2:low", "2:high"]
    assert both.find(class_="meld-pick").text == "Scout 2’s run of clubs: 🃏 fits either end"


def test_the_players_own_melds_come_first_then_the_others_from_their_left():
    s = down_table()
    groups = table_model(s)["groups"]
    assert [(g["owner"], [m["index"] for m in g["melds"]]) for g in groups] == [
        ("Your melds", [3, 4]), ("Scout 1", [0, 1]), ("Scout 2", [2])]
    root = parse(table_screen(table_model(s)))
    assert [g.attrs["aria-label"] for g in root.find(data_zone="table").items()] == [
        "Your melds", "Scout 1’s melds", "Scout 2’s melds"]


def test_a_tap_or_a_drop_on_an_end_lays_the_card_off_there():
    s = down_table("8H JK KS 3D QC")
    pick(s, "JK")
    dispatch(s, "meld", "0:high")                      # the joker above J♥, not below 9♥
    assert [c.code for c in s.state.table[0].meld.cards] == ["9H", "TH", "JH", "JK"]
    key = next(c.key for c in s.state.seats[0].hand if c.code == "8H")
    dispatch(s, "drop", f"{key}|meld|0:low")
    assert [c.code for c in s.state.table[0].meld.cards] == ["8H", "9H", "TH", "JH", "JK"]
    pick(s, "KS")
    dispatch(s, "meld", "0:low")                       # a card that does not fit there: the engine says why
    assert s.ui.tone == "error" and s.state.table[0].meld.size == 5
    dispatch(s, "meld", "1:sideways")                  # not an end: nothing happens
    assert s.state.table[1].meld.size == 3


def test_a_meld_in_a_few_words():
    s = down_table()
    assert [meld_name(m.meld) for m in s.state.table] == [
        "run of hearts", "set of kings", "run of clubs", "run of hearts", "set of 5s"]
