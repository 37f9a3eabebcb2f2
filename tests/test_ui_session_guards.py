"""The session's guards (game/ui/session/session.py): what it does with a tap, a timer or a save that
comes at the wrong moment, a bot that errs, and a store that refuses. Each must leave the game
playable and say, where the player needs to know, what happened."""
from __future__ import annotations

import json

from game.actions import Discard, Draw
from game.cards import parse_cards
from game.rules import AGGRAVATION, PRESETS
from game.state import Phase
from game.ui.session import saving
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.store.saves import SAVE_KEY
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.store.saves import BROKEN_KEY, KEPT_KEY
from game.ui.store.settings import SETTINGS_KEY, Settings
from game.ui.screens.table.model import table_model
from game.ui.words import CANNOT_SAVE
from html_tree import parse
from scenario import table
from support import MemoryStore, RefusingStore
from test_steal_offer import offered
from test_ui_deal_end import bot_goes_out
from test_ui_table_spec import pick, session_at


def my_turn(phase: Phase = Phase.PLAY, hand: str = "5H 6H 7H QS", **kw) -> Session:
    return session_at(table(hands=[hand, "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                            phase=phase, turn=0, **kw))


# ------------------------------------------------------------ starting and resuming


def test_an_unknown_level_starts_a_sprout_game():
    s = Session(MemoryStore())
    s.start("wizard", 7)
    assert s.level == "sprout" and s.names[1:] == ["Sprout 1", "Sprout 2"]


def frames_open() -> Session:
    """A Sprout game played on to the player's first PLAY turn, with the going-down frames open."""
    s = Session(MemoryStore())
    s.start("sprout", 5)
    while s.state.current_player != HUMAN or s.state.phase is not Phase.PLAY:
        if s.state.current_player == HUMAN:
            dispatch(s, "pass" if s.state.phase is Phase.SWAP else "draw")
        else:
            assert s.step(s.token())
    dispatch(s, "godown")
    return s


def test_frames_that_cannot_be_reopened_cost_the_frames_never_the_game(monkeypatch):
    s = frames_open()
    assert json.loads(s.storage[SAVE_KEY])["frames"] is not None

    def broken(*_):
        raise ValueError("odd frames")

    monkeypatch.setattr(saving, "restore", broken)
    again = Session(s.storage)
    assert again.resume()
    assert again.ui.frames is None and again.state.view(HUMAN) == s.state.view(HUMAN)


def test_starting_a_game_keeps_the_unfinished_one_another_tab_left_in_the_slot():
    store = MemoryStore()
    other = Session(store)
    other.start("scout", 11)
    this = Session(store)                 # a second tab, which never loaded that game
    this.start("ace", 12)
    kept = json.loads(store[KEPT_KEY])
    assert [(k["game"], k["end"], k["level"]) for k in kept] == [(other.game, "abandoned", "scout")]
    assert json.loads(store[SAVE_KEY])["game"] == this.game


# ------------------------------------------------------------ saving


def test_no_save_is_written_with_no_game_or_while_another_tab_holds_it():
    store = MemoryStore()
    Session(store).save()
    assert store == {}
    s = Session(store)
    s.start("sprout", 5)
    written = dict(store)
    s.ui.elsewhere = "other"
    s.ui.order = [c.key for c in reversed(s.shown_hand())]   # would be written, but for the other tab
    s.save()
    assert store == written


def test_settings_the_store_refuses_are_said_once_in_the_alert():
    s = Session(RefusingStore(SETTINGS_KEY))
    dispatch(s, "set", "speed=fast")
    assert s.settings.speed == "fast" and s.ui.alert == CANNOT_SAVE


# ------------------------------------------------------------ the clock


def test_a_timer_set_for_another_moment_or_while_another_tab_plays_does_nothing():
    s = Session(MemoryStore())
    s.start("sprout", 5)
    token = s.token()
    assert not s.step(token + 1) and s.token() == token
    s.ui.elsewhere = "other"
    assert not s.step(token) and s.token() == token


def test_a_deals_end_cannot_be_revealed_while_the_deal_is_played():
    s = my_turn()
    assert not s.reveal(to="hands") and s.ui.ending == ""


class Errs:
    """A bot that answers every question with a move the rules refuse."""

    def choose(self, view, legal, rng):
        return Discard(parse_cards("AS")[0])


def test_a_bots_illegal_move_is_replaced_by_a_legal_one_and_the_table_goes_on():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                         phase=Phase.DRAW, turn=1))
    s.bots = {1: Errs(), 2: Errs()}
    legal = s.state.legal_actions()
    assert s.step(s.token())
    assert s.log.actions == [legal[0]] and s.state.phase is Phase.PLAY and s.state.current_player == 1


# ------------------------------------------------------------ the player's moves


def test_a_lay_off_on_a_meld_that_is_not_there_does_nothing():
    s = my_turn(hand="8H QS KS", down=[0], melds=[(0, "run", "4H 5H 6H 7H")])
    pick(s, "8H")
    s.lay_off(3)
    s.lay_off(-1)
    assert len(s.log.actions) == 0 and len(s.state.table[0].meld.cards) == 4


def test_no_further_melds_are_offered_off_turn_or_before_going_down():
    rules = PRESETS["gallery"]
    down = my_turn(hand="5H 5S 5D QS", down=[0], rules=rules)
    assert [sorted(c.code for c in m.extra.cards) for m in down.extra_melds()] == [["5D", "5H", "5S"]]
    assert my_turn(hand="5H 5S 5D QS", rules=rules).extra_melds() == []
    assert my_turn(Phase.DRAW, hand="5H 5S 5D QS", down=[0], rules=rules).extra_melds() == []


def test_lay_off_all_with_nothing_that_fits_says_so():
    s = my_turn(hand="9C QS KS", down=[0], melds=[(0, "run", "4H 5H 6H 7H")])
    dispatch(s, "layoff-all")
    assert (s.ui.message, s.ui.tone) == ("No card of yours fits a meld on the table", "info")
    assert len(s.log.actions) == 0


def test_lay_off_all_finds_the_order_that_lays_off_the_most_cards():
    """8♥ fits below their 9♥ (listed first) and above my 7♥; only the second lets 9♥ follow."""
    s = my_turn(hand="8H 9H QS", down=[0, 1], melds=[(1, "run", "9H TH JH"), (0, "run", "4H 5H 6H 7H")])
    dispatch(s, "layoff-all")
    assert s.ui.message == "You laid off 8♥, 9♥"
    assert [c.code for c in s.state.seats[HUMAN].hand] == ["QS"]
    assert [c.code for c in s.state.table[1].meld.cards] == ["4H", "5H", "6H", "7H", "8H", "9H"]


def test_the_top_card_of_the_fanned_pile_is_an_ordinary_take_and_a_card_not_there_nothing():
    s = my_turn(Phase.DRAW, rules=PRESETS["gallery"])
    s.dig("no-such-card")
    assert len(s.log.actions) == 0
    top = s.state.pile[-1]
    s.dig(top.key)
    assert len(s.log.actions) == 1 and type(s.log.actions[0]).__name__ == "TakeDiscard"
    assert top in s.state.seats[HUMAN].hand


def test_a_discard_with_no_card_picked_asks_for_one():
    s = my_turn()
    s.discard()
    assert s.ui.message == "Pick the card to discard first" and len(s.log.actions) == 0


def test_the_swap_round_take_needs_a_picked_card():
    s = my_turn(Phase.SWAP)
    s.take()
    assert s.ui.message == "Pick the card from your hand you would give for the discard"
    assert len(s.log.actions) == 0


# ------------------------------------------------------------ more of the player's moves


def test_the_lesson_is_always_a_solo_sprout_game_of_aggravation_with_no_house_rules():
    s = Session(MemoryStore(), Settings(rulebook="gallery", people=2, house=("wild_swap",)))
    s.start_lesson()
    assert (s.level, s.log.preset, s.log.house_rules, s.people) == ("sprout", "aggravation", (), 1)
    assert s.names == ["You", "Sprout 1", "Sprout 2"] and s.ui.coach is not None


def test_a_card_that_fits_one_end_is_laid_there_and_one_that_fits_none_is_refused_with_the_reason():
    s = my_turn(hand="8H QS KS", down=[0], melds=[(0, "run", "4H 5H 6H 7H")])
    pick(s, "QS")
    s.lay_off(1)                                     # one meld on the table: index 1 is past it
    assert len(s.log.actions) == 0 and s.ui.message == ""
    dispatch(s, "meld", "0")
    assert len(s.log.actions) == 0 and s.ui.tone == "error"
    assert s.ui.message == "Q♠ does not fit: that run takes 3♥ or 8♥ or a wild"
    pick(s, "8H")
    dispatch(s, "meld", "0")
    assert [c.code for c in s.state.table[0].meld.cards] == ["4H", "5H", "6H", "7H", "8H"]


def test_the_lay_offs_on_offer_are_the_tables_now_naturals_first_by_its_rules():
    contract = PRESETS["contract"]
    s = my_turn(hand="2H 6H 9C", down=[0], melds=[(1, "run", "3H 4H 5H")], rules=contract)
    assert [(a.card.code, a.end) for a in s.lay_offs()] == [("2H", "low"), ("6H", "high")]   # a 2 is natural here
    wild = my_turn(hand="2H 6H 9C", down=[0], melds=[(1, "run", "3H 4H 5H")])
    assert [a.card.code for a in wild.lay_offs()] == ["6H", "2H", "2H"]                       # a wild last
    s.state = wild.state                           # another table at the same moment (no move made)
    assert [a.card.code for a in s.lay_offs()] == ["6H", "2H", "2H"]


def test_laying_off_the_last_card_goes_out_and_says_what_was_laid():
    contract = PRESETS["contract"]
    s = my_turn(hand="8H 9H", down=[0], rounds=[7, 7, 7], melds=[(1, "run", "4H 5H 6H 7H")], rules=contract)
    dispatch(s, "layoff-all")
    assert s.ui.message == "You laid off 8♥, 9♥" and s.state.current_player is None


def test_a_wild_swap_asks_for_a_natural_card_and_says_what_it_took():
    rules = AGGRAVATION.with_house_rules(wild_swap=True)
    s = my_turn(hand="4H QS KS", down=[0], melds=[(1, "run", "2C 5H 6H")], rules=rules)
    dispatch(s, "wild", "0:0")
    assert s.ui.message == "Pick the natural card from your hand first, then tap the wild it stands in for"
    pick(s, "4H")
    for far in ("1:0", "0:3", "5:9"):               # no meld or no card there: the engine says so
        dispatch(s, "wild", far)
        assert len(s.log.actions) == 0 and s.ui.tone == "error" and s.ui.selected is not None
    dispatch(s, "wild", "0:0")
    assert s.ui.message == "You put 4♥ in its place and took 2♣ into your hand"
    assert [c.code for c in s.state.table[0].meld.cards] == ["4H", "5H", "6H"]


def test_letting_the_offer_go_clears_the_message():
    s = offered()
    s.say("something earlier")
    dispatch(s, "pass")
    assert s.ui.message == "" and s.ui.answer is not None


def test_a_save_set_aside_keeps_the_players_sort_and_the_alert_and_a_short_reason():
    s = Session(MemoryStore({SAVE_KEY: "{not json"}))
    s.ui.sort, s.ui.alert = "suit", CANNOT_SAVE
    s.set_aside("x" * 50, ValueError("y" * 1000))
    assert (s.ui.sort, s.ui.alert, s.state, s.bots) == ("suit", CANNOT_SAVE, None, {})
    assert s.ui.reason == ("ValueError: " + "y" * 1000)[:300] and len(s.ui.reason) == 300
    assert s.storage[BROKEN_KEY] == "x" * 50 and SAVE_KEY not in s.storage


# ------------------------------------------------------------ the clock and the moves, once more


def test_every_new_game_without_a_seed_gets_its_own():
    seeds = set()
    for _ in range(30):
        s = Session(MemoryStore())
        s.start("sprout")
        seeds.add(s.log.seed)
    assert len(seeds) == 30 and min(seeds) >= 1


def test_the_clock_shows_the_hands_once_and_never_steps_the_players_own_turn():
    s = bot_goes_out()
    assert s.step(s.token()) and s.ui.ending == "hands"
    assert not s.step(s.token()) and s.ui.ending == "hands"        # the scores wait for the player
    s = my_turn(Phase.DRAW)
    assert s.pending() is None and not s.step(s.token())
    assert (s.ui.message, len(s.log.actions)) == ("", 0)


def test_a_lapsed_claim_passes_quietly():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                         phase=Phase.DRAW, turn=2, claimable_from=1))
    s.log.play(s.state, Draw(), 2)
    s.say("Scout 2 chose the stock")
    assert s.pending() == ("claim", None) and s.step(s.token())
    assert s.state.phase is Phase.PLAY and s.ui.message == "Scout 2 chose the stock"


def test_a_deals_going_out_play_stays_up_twice_the_bots_pace_but_never_under_1_8_s():
    assert [Session(MemoryStore(), Settings(speed=speed)).reveal_ms() for speed in ("slow", "normal", "fast", "instant")] \
        == [2800, 1800, 1800, 0]


def test_a_move_clears_the_message_and_a_new_deal_is_veiled_only_in_pass_and_play():
    s = my_turn(Phase.DRAW)
    s.say("an earlier refusal", "error")
    s.act(Draw())
    assert s.log.actions == [Draw()] and (s.ui.message, s.ui.tone) == ("", "info")
    solo = bot_goes_out()
    solo.ui.ending = ""
    solo.next_deal()
    assert solo.state.deal_number == 2 and not solo.ui.veiled
    pair = bot_goes_out()
    pair.people, pair.ui.ending = 2, ""
    pair.next_deal()
    assert pair.state.deal_number == 2 and pair.ui.veiled


def test_frames_saved_on_the_players_turn_do_not_reopen_on_a_bots():
    s = frames_open()
    store = s.storage
    framed = json.loads(store[SAVE_KEY])["frames"]
    again = Session(MemoryStore(dict(store)))
    assert again.resume() and again.ui.frames is not None
    writes = dict(again.storage)
    again.keep_frames()                                  # nothing changed since the resume: no write
    assert dict(again.storage) == writes
    dispatch(s, "cancel")
    pick(s, next(c.code for c in s.state.seats[HUMAN].hand))
    dispatch(s, "discard-pile")                          # the player's turn ends: a bot's PLAY next
    while s.state.current_player == HUMAN or s.state.phase is not Phase.PLAY:
        assert s.step(s.token())
    record = json.loads(store[SAVE_KEY])
    record["frames"] = framed
    later = Session(MemoryStore({SAVE_KEY: json.dumps(record)}))
    assert later.resume() and later.ui.frames is None


def test_a_new_game_keeps_the_sort_and_the_alert_and_veils_only_a_shared_device():
    s = Session(MemoryStore(), Settings(people=2, names=["Ana", "Ben"]))
    s.ui.sort, s.ui.alert = "suit", CANNOT_SAVE
    s.start("sprout", 5)
    assert (s.ui.sort, s.ui.alert, s.ui.veiled, s.ui.screen) == ("suit", CANNOT_SAVE, True, "table")
    s.settings.people = 1
    s.start("sprout", 5)
    assert (s.ui.sort, s.ui.alert, s.ui.veiled) == ("suit", CANNOT_SAVE, False)


def test_nothing_runs_on_the_clock_or_is_offered_at_the_menu_or_in_pass_and_play():
    s = offered()
    assert s.pending() is not None and s.offer() is not None
    assert s.offer().token == s.token() == 0
    s.ui.screen = "start"
    assert s.pending() is None and s.offer() is None
    s.ui.screen, s.people = "table", 2
    assert s.offer() is None
    assert Session(MemoryStore()).token() < 0 and Session(MemoryStore()).pending() is None


def test_a_deals_end_is_marked_only_when_the_deal_ends():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                         phase=Phase.DRAW, turn=0))
    dispatch(s, "draw")
    pick(s, "QS")
    dispatch(s, "discard-pile")
    assert len(s.log.actions) == 2 and s.ui.ending == "" and not s.reveal(to="hands")


def test_the_hand_sorts_by_the_tables_rules():
    s = my_turn(hand="5D AH 2C KS", rules=PRESETS["contract"])
    assert [c.code for c in s.shown_hand()] == ["AH", "2C", "5D", "KS"]      # a 2 is a plain 2 here
    assert [c.code for c in my_turn(hand="5D AH 2C KS").shown_hand()] == ["2C", "AH", "5D", "KS"]


def test_a_move_other_than_a_dig_folds_the_fanned_pile_back_for_the_next_turn():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD QC", "2C 3C 4C"], stock="9S 8S 3D 5D 6D 7D",
                         pile="4D QH", phase=Phase.DRAW, turn=0, rules=PRESETS["gallery"]), bots="sprout")
    dispatch(s, "pile")
    assert s.ui.digging
    dispatch(s, "draw")
    pick(s, "QS")
    dispatch(s, "discard")
    play_to_my_draw(s)
    root = parse(table_screen(table_model(s)))
    assert root.find(data_act="pile").text == "⤵ Dig into the pile"
    assert root.find_all(data_zone="pile-fan") == []


def test_the_going_down_frames_show_which_is_active_and_each_run_as_it_reads():
    s = session_at(table(hands=["7H 2C 5H 9S 8S TS KD", "KC KD", "2D 3C"], stock="9H 8D 3D", pile="4D",
                         phase=Phase.PLAY, turn=0, rounds=[2, 2, 2]))           # round 2: two runs of 3
    dispatch(s, "godown")
    keys = {c.code: c.key for c in s.state.seats[HUMAN].hand}

    def frames() -> list:
        return parse(table_screen(table_model(s))).find(data_zone="frames").find_all(class_="frame")

    assert [("active" in f.attrs["class"], f.find(class_="frame-head").attrs["aria-pressed"]) for f in frames()] == \
        [(True, "true"), (False, "false")]
    for code in ("7H", "2C", "5H"):                          # tapped out of order, a wild among them
        dispatch(s, "card", keys[code])
    first, second = frames()
    assert [c.find(class_="sr").text for c in first.find_all(class_="card")] == \
        ["five of hearts", "two of clubs, wild, standing for the six of hearts", "seven of hearts"]
    assert first.find(class_="need").text == "✓ run 5♥ 2♣=6♥ 7♥"
    assert "active" in second.attrs["class"] and second.find(class_="frame-head").attrs["aria-pressed"] == "true"
    dispatch(s, "frame", "0")
    assert [f.find(class_="frame-head").attrs["aria-pressed"] for f in frames()] == ["true", "false"]


def play_to_my_draw(s: Session) -> None:
    """The bots' turns until the player's draw, every offer to the player let go."""
    for _ in range(60):
        if s.state.current_player == HUMAN and s.state.phase is Phase.DRAW:
            return
        if s.offer() is not None and not s.offer().answer:
            dispatch(s, "pass")
        else:
            assert s.step(s.token())
    raise AssertionError("the bots never got back to the player")


def test_the_prompt_once_down_follows_each_rulebooks_lay_off_rules():
    contract, gallery = PRESETS["contract"], PRESETS["gallery"]
    s = session_at(table(hands=["9C 9D 9S KH KS KC 4D QH", "5C 6C TC", "2D 3C JC"], stock="9H 8D 3D 7S 7C",
                         pile="4H", phase=Phase.PLAY, turn=0, down=[1], melds=[(1, "run", "5D 6D 7D 8D")],
                         rules=contract), bots="sprout")
    for act in ("godown", "fill", "lay"):
        dispatch(s, act)
    assert table_model(s)["prompt"] == "You went down this turn: discard now. You may lay off from your next turn"
    pick(s, "QH")
    dispatch(s, "discard")
    play_to_my_draw(s)
    dispatch(s, "draw")
    assert table_model(s)["prompt"] == "Lay off: pick a card, then a meld. Then pick a card to discard"

    s = session_at(table(hands=["3H 4H 5H 6H 3S 4S 5S 6S 3C 4C 5C 6C 4D", "5C 6C", "2D 3C JC"], stock="9H 8D 3D",
                         pile="4H", phase=Phase.PLAY, turn=0, rounds=[7, 7, 7], down=[1],
                         melds=[(1, "run", "5D 6D 7D 8D")], rules=contract))       # round 7: out by play
    for act in ("godown", "fill", "lay"):
        dispatch(s, act)
    assert table_model(s)["prompt"] == \
        "Lay off every card you have left to go out, with no discard, or discard as usual"

    s = session_at(table(hands=["4D QH KS", "5C 6C", "2D 3C JC"], stock="9H 8D 3D", pile="4H", phase=Phase.PLAY,
                         turn=0, down=[0, 1], melds=[(1, "run", "5D 6D 7D 8D")], rules=gallery))
    assert table_model(s)["prompt"] == \
        "Lay off every card that fits a meld (🧲 lays them all), then pick a card to discard"


def test_the_prompt_mentions_the_wild_swap_only_when_the_house_rule_is_on_and_a_natural_matches():
    hint = " (or pick a natural card, then the wild it stands in for, to take that wild)"
    swap = AGGRAVATION.with_house_rules(wild_swap=True)
    for rules, hand, said in ((swap, "4H QS KS", hint), (AGGRAVATION, "4H QS KS", ""), (swap, "9C QS KS", "")):
        s = my_turn(hand=hand, melds=[(1, "run", "2C 5H 6H")], rules=rules)
        assert table_model(s)["prompt"] == \
            f"To go down you still need 6 cards for two sets of 3; the hand holds 3{said}. Pick a card to discard"
    for rules, said in ((swap, hint), (AGGRAVATION, "")):     # a hand that makes the contract says so first
        s = my_turn(hand="4H 7C 7D 7S 9C 9D 9S", melds=[(1, "run", "2C 5H 6H")], rules=rules)
        assert table_model(s)["prompt"] == f"📥 You can go down: two sets of 3{said}. Then pick a card to discard"
