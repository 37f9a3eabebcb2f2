"""House rules in the page's session: chosen on the new-game screen, kept in the game's log,
shown on the table; the wild swap by taps; every reading made with the game's own rules."""

import random
import re
from dataclasses import replace

import pytest

from game.actions import SwapWild
from game.log import GameLog
from game.rules import AGGRAVATION, HOUSE_RULES
from game.state import IllegalAction, Phase
from game.ui.session import advice
from game.ui.session.frames import Frames
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session, make_bot
from game.ui.store.saves import SAVE_KEY
from game.ui.dispatch import dispatch
from game.ui.screens.start.markup import start_screen
from game.ui.screens.table.markup import table_screen
from game.ui.store.settings import SETTINGS_KEY, Settings, parse_house
from game.ui.screens.start.model import start_model
from game.ui.screens.table.model import table_model
from html_tree import parse
from scenario import table
from test_ui_session import Store

EVERY = tuple(HOUSE_RULES)
NAMES = ["You", "Sprout 1", "Sprout 2"]


def session_at(state, house=()) -> Session:
    """A session on a built table, its log carrying the same house rules as the state."""
    s = Session(Store())
    s.state, s.log, s.ui.screen = state, GameLog(0, len(state.seats), house_rules=house, names=NAMES), "table"
    assert s.log.rules() == state.rules
    for seat, name in zip(state.seats, NAMES):
        seat.name = name
    return s


def pick(s: Session, code: str) -> str:
    key = next(c.key for c in s.state.seats[HUMAN].hand if c.code == code)
    dispatch(s, "card", key)
    return key


# ------------------------------------------------------------ choosing them


def test_the_new_game_screen_offers_every_switch_off_with_its_description():
    s = Session(Store())
    html = start_screen(start_model(s))
    switches = re.findall(r'<button [^>]*data-act="house"[^>]*>', html)
    assert len(switches) == len(HOUSE_RULES)
    for name, description in HOUSE_RULES.items():
        button = next(b for b in switches if f'data-arg="{name}"' in b)
        assert 'aria-pressed="false"' in button and 'type="button"' in button
        assert f'aria-describedby="house-{name}"' in button
        assert f'<small id="house-{name}">{description}</small>' in html


def test_a_switch_is_remembered_for_the_next_game_and_reaches_its_log():
    store = Store()
    s = Session(store)
    dispatch(s, "house", "ace_wrap")
    dispatch(s, "house", "wild_swap")
    dispatch(s, "house", "no_such_rule")
    assert 'data-arg="ace_wrap" aria-pressed="true"' in start_screen(start_model(s))
    ticks = {b.attrs["data-arg"]: b.find(class_="tick").text
             for b in parse(start_screen(start_model(s))).find_all("button", data_act="house")}
    assert ticks == {"wild_swap": "✓", "advance_after_miss": "", "steal_limit_per_game": "", "ace_wrap": "✓"}
    later = Session(store, Settings.from_json(store.get(SETTINGS_KEY)))   # the next visit
    assert later.settings.house == ("wild_swap", "ace_wrap")
    later.start("sprout", 7)
    assert later.log.house_rules == ("wild_swap", "ace_wrap")
    assert later.state.rules == replace(AGGRAVATION, wild_swap=True, ace_wrap=True)
    dispatch(later, "house", "ace_wrap")                                  # off again: next game only
    assert later.settings.house == ("wild_swap",) and later.state.rules.ace_wrap


def test_the_url_list_sets_them_for_the_game_and_unknown_names_are_dropped():
    assert parse_house(None) is None
    assert parse_house("ace_wrap, wild_swap,bogus,ace_wrap") == ("wild_swap", "ace_wrap")
    s = Session(Store(), Settings(house=("ace_wrap",)))
    s.start("sprout", 3, house=parse_house("steal_limit_per_game"))
    assert s.log.house_rules == ("steal_limit_per_game",) and s.state.rules.steal_limit_per_game
    assert not s.state.rules.ace_wrap


def test_house_rules_survive_save_and_resume_and_the_table_names_them():
    store = Store()
    s = Session(store)
    s.start("scout", 11, house=("ace_wrap", "advance_after_miss"))
    again = Session(store)
    assert again.resume()
    assert again.log.house_rules == ("advance_after_miss", "ace_wrap")
    assert again.state.rules.ace_wrap and again.state.rules.advance_after_miss
    html = table_screen(table_model(again))
    assert '<p class="house-line" data-house="advance_after_miss,ace_wrap">' \
           'House rules: everyone advances, ace wrap-around</p>' in html
    dispatch(again, "settings")
    assert "This game — House rules: everyone advances, ace wrap-around" in table_screen(table_model(again))


def test_a_game_without_house_rules_shows_no_line():
    s = Session(Store())
    s.start("sprout", 3)
    html = table_screen(table_model(s))
    assert "house-line" not in html and s.log.house_rules == ()
    dispatch(s, "settings")
    assert "House rules: none" in table_screen(table_model(s))


# ------------------------------------------------------------ the wild swap


def wild_table(rules=replace(AGGRAVATION, wild_swap=True), house=("wild_swap",), hand="8H 5C 2H KD"):
    state = table([hand, "KC KS 4C", "QC QD 5S"], stock="9S 8S", pile="4D", phase=Phase.PLAY, rules=rules,
                  melds=[(1, "run", "7H JK 9H"), (2, "set", "TC TD 2S")], down=(1, 2))
    return session_at(state, house)


def wild_targets(s: Session) -> list[str]:
    return re.findall(r'<button [^>]*data-act="wild"[^>]*>', table_screen(table_model(s)))


def test_each_meld_is_a_group_its_head_then_its_cards_a_wild_one_a_button():
    s = wild_table()
    first, _ = parse(table_screen(table_model(s))).find(data_zone="table").items()   # each owner's melds together
    assert first.attrs == {"class": "owner-melds", "role": "group", "aria-label": "Sprout 1’s melds", "data-seat": "1"}
    run, = first.find(class_="row").items()
    assert run.attrs == {"class": "meld", "role": "group", "data-meld": "0",
                         "aria-label": "Sprout 1’s run: seven of hearts, joker, wild, standing for the eight of hearts, nine of hearts"}
    head, cards = run.items()
    assert head.attrs == {"type": "button", "class": "meld-pick", "data-act": "meld", "data-arg": "0", "data-meld": "0",
                          "aria-disabled": "true"}                     # not down: it says why when tapped
    assert head.text == "Sprout 1’s run of hearts: lay off here"
    seven, joker, nine = cards.items()
    assert [(c.tag, c.attrs["class"], c.attrs.get("role")) for c in (seven, nine)] == [
        ("span", "card red small", "img"), ("span", "card red small", "img")]
    assert joker.tag == "button" and joker.attrs["class"] == "card black joker small"
    assert (joker.attrs["data-act"], joker.attrs["data-arg"], joker.attrs["data-meld"], joker.attrs["data-index"]) == (
        "wild", "0:1", "0", "1")
    assert joker.find(class_="sr").text == "joker, wild, standing for the eight of hearts: swap your own 8♥ for it"
    s.state.seats[HUMAN].down = True                          # down: every meld takes a lay-off
    head = parse(table_screen(table_model(s))).find(data_meld="0", class_="meld").items()[0]
    assert "aria-disabled" not in head.attrs


def test_every_table_wild_is_a_target_with_its_meld_and_place():
    s = wild_table()
    targets = wild_targets(s)
    assert len(targets) == 2
    assert 'data-arg="0:1"' in targets[0] and 'data-meld="0"' in targets[0] and 'data-index="1"' in targets[0]
    assert 'data-arg="1:2"' in targets[1] and 'data-meld="1"' in targets[1] and 'data-index="2"' in targets[1]
    assert not any("disabled" in t for t in targets)
    assert "pick a natural card, then the wild" in table_model(s)["prompt"]
    plain = wild_table(rules=AGGRAVATION, house=())
    assert wild_targets(plain) == []                      # without the house rule wilds are pictures


def test_a_wild_swap_by_taps_and_the_engines_refusals():
    s = wild_table()
    before = s.state.view(HUMAN)
    dispatch(s, "wild", "0:1")                            # nothing picked
    assert "Pick the natural card" in s.ui.message and s.state.view(HUMAN) == before
    pick(s, "5C")
    dispatch(s, "wild", "0:1")
    assert s.ui.tone == "error" and s.ui.message == "Only a natural 8♥ can take that wild's place"
    assert s.state.view(HUMAN) == before
    pick(s, "5C")                                         # unpick…
    pick(s, "8H")
    dispatch(s, "wild", "0:1")
    assert s.ui.tone == "info" and "took 🃏 into your hand" in s.ui.message
    assert isinstance(s.log.actions[-1], SwapWild) and s.log.actions[-1].card.code == "8H"
    assert [c.code for c in s.state.table[0].meld.cards] == ["7H", "8H", "9H"]
    assert "JK" in [c.code for c in s.state.seats[HUMAN].hand]
    assert "You swapped 8♥ for 🃏 on the table" in table_model(s)["log"]
    assert len(wild_targets(s)) == 1
    assert '"type":"SwapWild"' in s.storage[SAVE_KEY].replace("\\", "")   # saved like any move


def test_a_two_never_swaps_and_the_legal_list_agrees_with_the_engine():
    rules = replace(AGGRAVATION, wild_swap=True)
    state = table(["2H 5C", "KC KS 4C", "QC QD 5S"], stock="9S", pile="4D", phase=Phase.PLAY, rules=rules,
                  melds=[(1, "run", "AH JK 3H")], down=(1,))
    assert not any(isinstance(a, SwapWild) for a in state.legal_actions())
    two = next(c for c in state.seats[0].hand if c.code == "2H")
    with pytest.raises(IllegalAction, match="is a wild itself"):
        state.apply(SwapWild(two, 0, 1))


def test_tapping_a_wild_with_a_wild_picked_means_laying_it_off():
    s = wild_table(hand="8H 5C 2H KD")
    pick(s, "2H")
    dispatch(s, "wild", "1:2")
    assert s.ui.message == "Go down with your contract before laying off"     # the engine's reason


def test_wild_targets_are_off_while_going_down():
    s = wild_table(hand="5C 5D 5H KD KS KH 8H")          # two sets of 3: 📥 opens the frames
    dispatch(s, "godown")
    assert s.ui.frames is not None
    assert wild_targets(s) and all("disabled" in t for t in wild_targets(s))
    dispatch(s, "wild", "0:1")
    assert not any(isinstance(a, SwapWild) for a in s.log.actions)


# ------------------------------------------------------------ readings under the game's rules


def wrap_rules():
    return replace(AGGRAVATION, ace_wrap=True)


def test_table_wilds_are_labelled_by_the_games_rules():
    s = session_at(table(["5C 6C", "KC KS 4C", "QC QD 5S"], stock="9S", pile="4D", phase=Phase.PLAY,
                         rules=wrap_rules(), melds=[(1, "run", "QH KH JK 2H")], down=(1,)), ("ace_wrap",))
    cards = table_model(s)["table"][0]["cards"]
    assert [(c["code"], c["wild_as"]) for c in cards] == [("QH", ""), ("KH", ""), ("JK", "A♥"), ("2H", "")]
    assert table_model(s)["table"][0]["label"] == "Sprout 1’s run: queen of hearts, king of hearts, joker, wild, standing for the ace of hearts, two of hearts"
    # Read by the default rules, the 2♥ would be a wild standing for a 15th rank that does not exist.
    assert s.state.table[0].meld.wild_flags(AGGRAVATION)[3] and not cards[3]["wild"]


@pytest.mark.parametrize("run, low, high, after", [("QH KH AH 2H", "Q♥", "2♥", "run Q♥ K♥ A♥ 2♥ 🃏=3♥"),
                                                    ("KH AH 2H 3H", "K♥", "3♥", "run K♥ A♥ 2♥ 3♥ 🃏=4♥")])
def test_run_ends_are_named_by_the_games_rules(run, low, high, after):
    s = session_at(table(["JK 5C 6C", "KC KS 4C", "QC QD 5S"], stock="9S", pile="4D", phase=Phase.PLAY,
                         rules=wrap_rules(), melds=[(1, "run", run)], down=(0, 1)), ("ace_wrap",))
    pick(s, "JK")
    dispatch(s, "meld", "0")
    assert [b["label"] for b in table_model(s)["ends"]] == [f"⬅ Before {low}", f"After {high} ➡"]
    row = parse(table_screen(table_model(s))).find(class_="choices")
    assert row.items()[0].text == "Which end?"                                # the question, then only buttons
    choices = row.find_all("button")
    assert [(b.attrs["data-act"], b.attrs["data-arg"], b.text) for b in choices] == [
        ("end", "low", f"⬅ Before {low}"), ("end", "high", f"After {high} ➡")]
    dispatch(s, "end", "high")
    assert s.state.table[0].meld.describe(s.state.rules) == after


def test_frames_read_melds_by_the_games_rules():
    """K-A-🃏-3 is a run of 4 only with ace wrap-around: the frames, ✅ and the engine all agree."""
    def going_down(rules, house, makes_it):
        state = table(["7C 7D 7H KS AS JK 3S 9C", "KC KS 4C", "QC QD 5S"], stock="9S", pile="4D",
                      phase=Phase.PLAY, rules=rules, rounds=(3, 3, 3))
        s = session_at(state, house)
        dispatch(s, "godown")
        assert (s.ui.frames is not None) == makes_it == advice.ready(s.state, HUMAN)
        if not makes_it:
            # Without wrap-around the hand cannot make the contract, so 📥 refuses; this test is about
            # how the frames read the same cards, so they are opened here the way open_frames does.
            s.ui.frames = Frames.open(s.state.contract_of(HUMAN).melds)
        for code in ("7C", "7D", "7H"):
            pick(s, code)
        dispatch(s, "frame", "1")
        for code in ("KS", "AS", "JK", "3S"):
            pick(s, code)
        return s

    wrapped = going_down(wrap_rules(), ("ace_wrap",), True)
    model = table_model(wrapped)["frames"]
    assert model["all_ok"] and model["frames"][1]["reading"] == "run K♠ A♠ 🃏=2♠ 3♠"
    dispatch(wrapped, "lay")
    assert wrapped.state.seats[HUMAN].down
    plain = going_down(AGGRAVATION, (), False)
    assert not table_model(plain)["frames"]["all_ok"]


# ------------------------------------------------------------ bots with every house rule on


class Checked:
    """A bot whose every answer is remembered, to tell accepted moves from the controller's fallback."""

    def __init__(self, bot):
        self.bot, self.last = bot, None

    def choose(self, view, legal, rng):
        self.last = self.bot.choose(view, legal, rng)
        return self.last


@pytest.mark.parametrize("level", ["sprout", "scout", "ace"])
def test_bots_play_a_whole_game_with_every_house_rule_on(level):
    s = Session(Store(), Settings(steal="off", speed="instant"))
    s.start(level, 21, house=EVERY)
    s.bots = {seat: Checked(bot) for seat, bot in s.bots.items()}
    me = make_bot(level)                     # a bot plays the player's seat through the session too
    refused = []
    for _ in range(20_000):
        state = s.state
        if state.phase is Phase.GAME_OVER:
            break
        seat = state.current_player
        if seat is None:
            dispatch(s, "next")
        elif seat != HUMAN:
            played = len(s.log.actions)
            assert s.step(s.token())           # the bot's move first, then any claims it calls for
            if s.log.actions[played] != s.bots[seat].last:
                refused.append(s.bots[seat].last)
        else:
            legal = state.legal_actions()
            choice = me.choose(state.view(HUMAN), legal, random.Random(len(s.log.actions)))
            if not s._play(choice):
                refused.append(choice)
                assert any(s._play(action) for action in legal)
    assert s.state.phase is Phase.GAME_OVER
    assert refused == []
    assert s.state.rules == replace(AGGRAVATION, **{name: True for name in EVERY})


