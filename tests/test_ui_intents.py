"""Each tap's refusal in the player's words, and a refused tap changes nothing (game/ui/screens/table/intents.py).

A tap that cannot act must say why (or, for a stray tap such as a card no longer in the hand,
do nothing at all): never a silent table, never a half-made move. The expected sentences are
literals, so a changed word fails here; each case checks that the table, the log and the pick
are exactly as before the tap.
"""
from __future__ import annotations

import pytest

from game.actions import Draw
from game.rules import PRESETS
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.screens.table.model import table_model
from scenario import table
from test_steal_offer import offered
from test_ui_deal_end import bot_goes_out
from test_ui_table_spec import pick, session_at

GALLERY = PRESETS["gallery"]


def unchanged(s: Session):
    """A snapshot of everything a refused tap must leave alone."""
    return (s.state.view(HUMAN), len(s.log.actions), s.ui.selected, s.ui.frames, s.ui.extra, s.ui.order,
            s.ui.digging)


def refused(s: Session, act: str, arg: str = "") -> tuple[str, str]:
    """The tap's message and tone, after checking that it moved nothing."""
    before = unchanged(s)
    dispatch(s, act, arg)
    assert unchanged(s) == before, act
    return s.ui.message, s.ui.tone


def their_turn(phase: Phase = Phase.PLAY, **kw) -> Session:
    return session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                            phase=phase, turn=1, **kw))


def my_turn(phase: Phase = Phase.PLAY, hand: str = "5H 6H 7H QS", **kw) -> Session:
    return session_at(table(hands=[hand, "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                            phase=phase, turn=0, **kw))


# ------------------------------------------------------------ while someone else decides


def test_while_the_offer_is_open_the_stock_says_what_the_player_may_do_instead():
    s = offered()
    assert refused(s, "stock") == ("🫳 Steal 7♥ (S) or let it go (P): Ace 2 draws next", "info")


def test_once_the_offer_is_answered_the_player_waits_for_the_next_player():
    s = offered()
    dispatch(s, "steal")
    assert refused(s, "stock") == ("Wait for your turn: Ace 2 is playing", "info")
    assert refused(s, "pile") == ("Wait for your turn: Ace 2 is playing", "info")


def test_when_the_table_asks_for_the_players_claim_every_other_move_says_so_first():
    s = session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                         phase=Phase.DRAW, turn=2, claimable_from=1))
    s.log.play(s.state, Draw(), 2)       # Scout 2 draws from the stock: the player may claim Q♥
    assert s.state.phase is Phase.CLAIMS and s.state.current_player == HUMAN
    first = ("First 🫳 steal Q♥ (S) or let it go (P)", "info")
    assert refused(s, "stock") == first
    assert refused(s, "discard-pile") == first
    assert refused(s, "another") == (first[0], "error")


def test_on_another_players_turn_each_move_names_who_is_playing():
    s = their_turn()
    assert refused(s, "godown") == ("Wait for your turn to go down", "error")
    assert refused(s, "another") == ("Wait for your turn to lay a meld: Scout 1 is playing", "error")
    assert refused(s, "stock") == ("Wait for your turn to draw: Scout 1 is playing", "info")
    assert refused(s, "discard-pile") == ("Wait for your turn to take the discard: Scout 1 is playing", "info")


# ------------------------------------------------------------ going down


READY = "5H 5S 5D 7H 7S 7D QS"                  # makes contract 1 (two sets of 3), Q♠ to discard
SHORT = "5H 5S 5D 7H 7S QS"                     # one 7 short of it


def go_down_button(s: Session) -> dict:
    return next(b for b in table_model(s)["buttons"] if b["act"] == "godown")


def test_go_down_is_refused_once_down_and_before_the_draw():
    assert refused(my_turn(down=[0]), "godown") == ("You are already down this deal: lay off instead", "error")
    assert refused(my_turn(Phase.DRAW), "godown") == ("Draw a card first, then go down", "error")


def test_fill_for_me_before_the_draw_opens_no_frames_and_says_why():
    s = my_turn(Phase.DRAW)
    assert refused(s, "fill") == ("Draw a card first, then go down", "error")
    assert s.ui.frames is None


def test_go_down_opens_the_frames_only_for_a_hand_that_makes_its_contract():
    s = my_turn(hand=SHORT)
    assert not go_down_button(s)["enabled"]
    said = ("Not yet: to go down you still need one more 7 for the set of 3 (or a wild)", "error")
    assert refused(s, "godown") == said          # the solver's words for what is missing
    assert s.ui.frames is None
    assert refused(s, "fill") == said            # ✨ with no frames open asks 📥 first
    assert s.ui.frames is None
    s = my_turn(hand=READY)
    assert go_down_button(s)["enabled"]
    dispatch(s, "godown")
    assert s.ui.frames is not None and s.ui.frames.keys == [[], []]
    assert s.ui.message == ""                    # said once, by the prompt (issue 41)
    assert table_model(s)["prompt"] == "📥 Tap cards to fill the frames: two sets of 3"


def test_lay_it_down_with_a_frame_short_of_a_meld_lays_nothing():
    s = my_turn(hand=READY)                      # contract 1: two sets of 3; the third 7 left out
    dispatch(s, "godown")
    for code in ("5H", "5S", "5D", "7H", "7S"):
        pick(s, code)
    assert refused(s, "lay") == ("Every frame must hold a real meld before you lay them down", "error")
    assert not s.state.seats[HUMAN].down


def test_a_frame_tapped_by_number_takes_the_next_cards_and_a_reading_turns():
    s = my_turn(hand=READY)
    dispatch(s, "godown")
    dispatch(s, "frame", "1")
    assert s.ui.frames.active == 1 and s.ui.message == "The cards you tap now go to the 2nd frame: a set of 3"
    dispatch(s, "frame", "2")                    # no third frame: nothing changes
    dispatch(s, "frame", "x")
    assert s.ui.frames.active == 1
    dispatch(s, "reading", "1")
    dispatch(s, "reading", "1")
    assert s.ui.frames.readings == [0, 2]
    dispatch(s, "reading", "5")
    assert s.ui.frames.readings == [0, 2]


def test_a_card_placed_where_it_already_is_or_off_the_frames_moves_nothing():
    s = my_turn(hand=READY)
    five = next(c.key for c in s.state.seats[HUMAN].hand if c.code == "5H")
    dispatch(s, "place", f"{five}:0")
    assert s.ui.frames is None                   # no frames open: a drop means nothing
    dispatch(s, "godown")
    dispatch(s, "place", f"{five}:0")
    dispatch(s, "reading", "0")
    dispatch(s, "place", f"{five}:0")            # dropped where it is: its reading stays
    assert s.ui.frames.keys == [[five], []] and s.ui.frames.readings == [1, 0]
    for arg in (f"{five}:2", f"{five}:x", "nope:1"):
        dispatch(s, "place", arg)
        assert s.ui.frames.keys == [[five], []]


# ------------------------------------------------------------ more melds (Gallery)


def test_another_meld_waits_for_the_draw_and_for_the_contract():
    assert refused(my_turn(Phase.DRAW, rules=GALLERY), "another") == \
        ("Draw a card first, then lay another meld", "error")
    assert refused(my_turn(rules=GALLERY), "another") == \
        ("Go down with your contract first (📥 Go down…), then lay more melds", "error")


def test_lay_this_meld_lays_nothing_until_cards_are_picked_and_says_why_a_pick_is_no_meld():
    s = my_turn(hand="5H 5S 9D 7H 7S QS", rules=GALLERY, down=[0])
    dispatch(s, "lay-extra")                     # no meld begun: a stray tap
    assert s.ui.message == "" and len(s.log.actions) == 0
    dispatch(s, "another")
    pick(s, "5H")
    pick(s, "9D")
    assert refused(s, "lay-extra") == ("A further meld needs at least 3 cards: a set of 3 or more cards", "error")
    assert s.ui.extra is not None and len(s.ui.extra) == 2


def test_find_one_for_me_says_when_the_hand_holds_no_further_meld():
    s = my_turn(hand="5H 9S 2D 7H JS QS", rules=GALLERY, down=[0])
    assert refused(s, "find-extra") == ("Your hand holds no further meld of your contract's kinds", "error")


# ------------------------------------------------------------ the pile (Gallery)


def test_digging_into_the_pile_is_the_draw_and_only_at_its_moment():
    assert refused(my_turn(rules=GALLERY), "pile") == \
        ("You dig into the pile as your draw: at the start of your turn", "info")
    assert refused(their_turn(Phase.DRAW, rules=GALLERY), "dig", "x") == \
        ("Wait for your turn to draw: Scout 1 is playing", "info")


# ------------------------------------------------------------ the hand


def test_a_tap_on_a_card_not_in_the_hand_changes_nothing():
    s = my_turn()
    pick(s, "5H")
    dispatch(s, "card", "no-such-card")
    assert s.ui.selected is not None and s.state.seats[HUMAN].hand[0].key == s.ui.selected


def test_a_drag_onto_itself_or_an_unknown_card_leaves_the_hand_as_it_was():
    s = my_turn()
    keys = [c.key for c in s.shown_hand()]
    for arg in (f"{keys[0]}:{keys[0]}", f"{keys[0]}:nope", f"nope:{keys[1]}"):
        dispatch(s, "move", arg)
        assert s.ui.order is None, arg
    dispatch(s, "move", f"{keys[0]}:")           # no target: to the right end
    assert s.ui.order == keys[1:] + keys[:1]


def test_arrows_do_not_walk_the_hand_while_frames_are_open():
    s = my_turn(hand=READY)
    dispatch(s, "godown")
    dispatch(s, "step", "1")
    assert s.ui.selected is None


# ------------------------------------------------------------ the end of the game


def test_on_walks_a_deals_end_step_by_step_into_the_next_deal():
    s = bot_goes_out()
    assert s.ui.ending == "play"
    dispatch(s, "onward")
    assert s.ui.ending == "hands"
    dispatch(s, "onward")
    assert s.ui.ending == "" and s.state.phase is Phase.DEAL_OVER
    dispatch(s, "onward")
    assert s.state.deal_number == 2 and s.state.phase is Phase.SWAP


def test_on_after_the_last_deal_goes_to_the_menu():
    s = my_turn()
    s.state.phase = Phase.GAME_OVER
    dispatch(s, "onward")
    assert s.ui.screen == "start"


def test_the_replay_opens_only_on_a_finished_game():
    s = my_turn()
    dispatch(s, "replay")
    assert s.ui.replay is None and s.ui.message == ""


# ------------------------------------------------------------ what a tap that acts says


CONTRACT = PRESETS["contract"]


def test_fill_for_me_fills_the_frames_by_the_tables_rules_and_says_what_next():
    s = my_turn(hand="5H 5S 5C 7H 7S 7D QS")
    dispatch(s, "fill")
    assert (s.ui.message, s.ui.tone) == ("Filled in. Move any card you like, then ✅ Lay it down", "info")
    by_key = {c.key: c.code for c in s.state.seats[HUMAN].hand}
    assert sorted(sorted(by_key[k] for k in frame) for frame in s.ui.frames.keys) == [["5C", "5H", "5S"], ["7D", "7H", "7S"]]
    # In Contract Rummy a 2 is a plain 2: it cannot stand in for the third 5, so no frames open.
    s = my_turn(hand="5H 5S 2D 7H 7S 7D QS", rules=CONTRACT)
    assert refused(s, "fill") == ("Not yet: to go down you still need one more 5 for the set of 3 (or a wild)", "error")
    assert s.ui.frames is None


@pytest.mark.parametrize("rulebook, said", [
    ("aggravation", "You went down. Lay off what you can, then discard"),
    ("gallery", "You went down. Lay off every card that fits, then discard"),
    ("contract", "You went down. Discard to end your turn"),
])
def test_going_down_says_what_the_rulebook_lets_the_player_do_next(rulebook, said):
    s = my_turn(hand="5H 5S 5C 7H 7S 7D QS KD", rules=PRESETS[rulebook])
    dispatch(s, "fill")
    dispatch(s, "lay")
    assert s.state.seats[HUMAN].down and (s.ui.message, s.ui.tone) == (said, "info")


def test_going_down_refused_by_the_engine_says_the_engines_reason_not_success():
    s = my_turn(hand="5H 5S 5C 7H 7S 7D")            # every card in melds: none left to discard
    dispatch(s, "fill")
    dispatch(s, "lay")
    assert not s.state.seats[HUMAN].down
    assert (s.ui.message, s.ui.tone) == ("Keep at least 1 card to discard", "error")


def test_lay_it_down_with_no_frames_open_says_how_to_begin():
    assert refused(my_turn(), "lay") == \
        ("Open 📥 Go down… (G) and fill the frames first, then ✅ Lay it down", "info")


def test_another_meld_only_where_the_rulebook_allows_it_and_find_one_picks_it():
    assert refused(my_turn(down=[0]), "another") == \
        ("Only your contract's melds may be laid down at this table", "error")
    s = my_turn(hand="5H 5S 5D QS", rules=GALLERY, down=[0])
    dispatch(s, "another")
    dispatch(s, "find-extra")
    by_key = {c.key: c.code for c in s.state.seats[HUMAN].hand}
    assert sorted(by_key[k] for k in s.ui.extra) == ["5D", "5H", "5S"]
    assert (s.ui.message, s.ui.tone) == ("Found one. Change it if you like, then ✅ Lay this meld", "info")


def test_cancel_and_a_placed_card_clear_the_message():
    s = my_turn(hand=READY)
    dispatch(s, "godown")
    dispatch(s, "frame", "1")                    # says where the cards tapped now go
    assert s.ui.message
    five = next(c.key for c in s.state.seats[HUMAN].hand if c.code == "5H")
    dispatch(s, "place", f"{five}:0")
    assert s.ui.message == ""
    dispatch(s, "godown")
    dispatch(s, "cancel")
    assert s.ui.message == "" and s.ui.frames is None


def test_a_card_moved_from_one_frame_to_another_resets_both_readings():
    s = my_turn(hand=READY)
    dispatch(s, "godown")
    five = next(c.key for c in s.state.seats[HUMAN].hand if c.code == "5H")
    dispatch(s, "place", f"{five}:0")
    dispatch(s, "reading", "0")
    dispatch(s, "reading", "1")
    dispatch(s, "reading", "2")                      # one past the last frame: nothing
    assert s.ui.frames.readings == [1, 1]
    dispatch(s, "place", f"{five}:1")
    assert s.ui.frames.keys == [[], [five]] and s.ui.frames.readings == [0, 0] and s.ui.frames.active == 1


def test_m_lays_off_by_the_tables_rules_and_says_why_not_in_the_right_tone():
    s = my_turn(hand="2C 9S KD", rules=CONTRACT, down=[0], melds=[(1, "run", "4H 5H 6H 7H")])
    assert refused(s, "layoff") == ("Pick a card first (← → or 1–9), then M lays it off", "info")
    pick(s, "2C")
    assert refused(s, "layoff") == ("2♣ fits no meld on the table", "error")     # a plain 2 here
    assert refused(my_turn(), "layoff")[1] == "error"


def test_a_wild_run_end_is_chosen_low_or_high_and_a_stray_answer_does_nothing():
    s = my_turn(hand="2C 9S KD", down=[0], melds=[(1, "run", "5H 6H 7H")])
    dispatch(s, "end", "low")                        # no question asked: nothing happens
    dispatch(s, "wild", "x:1")
    assert len(s.log.actions) == 0
    pick(s, "2C")
    dispatch(s, "meld", "0")
    assert s.ui.end_for is not None and s.ui.message == "2♣ fits either end of that run: pick one"
    dispatch(s, "end", "middle")
    assert len(s.log.actions) == 0
    dispatch(s, "end", "low")
    assert [c.code for c in s.state.table[0].meld.cards] == ["2C", "5H", "6H", "7H"]


def test_the_stock_with_frames_open_says_to_fill_them():
    s = my_turn(hand=READY)
    dispatch(s, "godown")
    assert refused(s, "stock") == ("You have drawn this turn: fill the frames, then discard", "info")


def test_digging_waits_for_the_players_turn_and_a_fanned_pile_clears_the_message():
    assert refused(their_turn(Phase.DRAW, rules=GALLERY), "pile") == \
        ("Wait for your turn to draw: Scout 1 is playing", "info")
    s = my_turn(Phase.DRAW, rules=GALLERY)
    s.say("something earlier")
    dispatch(s, "pile")
    assert s.ui.digging and s.ui.message == ""


# ------------------------------------------------------------ the hand by keys


def test_shift_moves_the_picked_card_within_the_hand_never_past_its_ends():
    s = my_turn(hand="5H 6S 7D 8C")
    keys = [c.key for c in s.shown_hand()]
    assert refused(s, "shift", "1") == ("Pick a card first (← → or 1–9), then Shift+← → moves it", "info")
    dispatch(s, "card", keys[1])
    dispatch(s, "shift", "-1")
    assert s.ui.order == [keys[1], keys[0], keys[2], keys[3]]
    dispatch(s, "shift", "-1")                       # already first
    assert s.ui.order == [keys[1], keys[0], keys[2], keys[3]]
    dispatch(s, "card", keys[3])
    dispatch(s, "shift", "1")                        # already last
    assert s.ui.order == [keys[1], keys[0], keys[2], keys[3]]


def test_arrows_pick_from_either_end_and_bad_keys_pick_nothing():
    s = my_turn(hand="5H 6S 7D 8C")
    keys = [c.key for c in s.shown_hand()]
    s.say("something earlier")
    dispatch(s, "step", "-1")
    assert s.ui.selected == keys[-1] and s.ui.message == ""
    dispatch(s, "step", "x")
    assert s.ui.selected == keys[-1]
    s.ui.selected = None
    dispatch(s, "step", "1")
    assert s.ui.selected == keys[0]


def test_a_number_key_picks_up_to_the_last_card_and_skips_cards_in_frames():
    s = my_turn(hand="5H 5S 5D 6S 6D 6C 8C")        # shown 5♦ 5♥ 5♠ 6♣ 6♦ 6♠ 8♣: two sets of 3
    keys = [c.key for c in s.shown_hand()]
    dispatch(s, "nth", "7")
    assert s.ui.selected == keys[6]
    dispatch(s, "nth", "8")
    assert s.ui.selected == keys[6]
    dispatch(s, "godown")
    dispatch(s, "place", f"{keys[0]}:0")
    dispatch(s, "nth", "1")                          # the first card not in a frame: 5♥, into the frame
    assert keys[1] in s.ui.frames.placed()


def test_a_card_dragged_onto_the_hand_with_no_card_under_it_goes_to_the_right_end():
    s = my_turn(hand="5H 6S 7D 8C")
    keys = [c.key for c in s.shown_hand()]
    dispatch(s, "drop", f"{keys[0]}|card")
    assert s.ui.order == keys[1:] + keys[:1]


# ------------------------------------------------------------ screens


def test_a_level_tapped_during_a_game_asks_first_on_the_start_screen():
    s = my_turn()
    dispatch(s, "level", "wizard")
    assert (s.ui.confirm, s.ui.screen) == ("sprout", "start")
    s.ui.screen = "table"
    dispatch(s, "learn")
    assert (s.ui.confirm, s.ui.screen) == ("lesson", "start")


def test_back_to_the_table_veils_the_hand_only_in_pass_and_play():
    s = my_turn()
    s.ui.screen = "start"
    dispatch(s, "resume")
    assert s.ui.screen == "table" and not s.ui.veiled
    s.people, s.ui.screen = 2, "start"
    dispatch(s, "resume")
    assert s.ui.veiled


def test_scores_after_the_hands_are_the_deals_last_stage():
    s = bot_goes_out()
    dispatch(s, "onward")
    dispatch(s, "scores")
    assert s.ui.ending == "" and table_model(s)["summary"]["stage"] == "scores"


def test_lay_off_all_says_why_not_off_turn_and_before_going_down():
    assert refused(their_turn(down=[0, 1], melds=[(1, "run", "4H 5H 6H 7H")]), "layoff-all") == \
        ("Wait for your turn to lay off: Scout 1 is playing", "error")
    assert refused(my_turn(), "layoff-all") == \
        ("You can lay off once you are down: go down first (📥 Go down…), then lay off on any meld", "error")


def test_a_card_tapped_into_the_frames_goes_where_the_tables_rules_let_it_and_a_full_set_says_so():
    s = my_turn(hand="5H 5S 5C 2D 7H 7S 7D QS", rules=CONTRACT)     # 5♣ left in hand makes the contract
    dispatch(s, "godown")
    for code in ("5H", "5S", "2D"):
        pick(s, code)
    by_code = {c.code: c.key for c in s.state.seats[HUMAN].hand}
    assert s.ui.frames.keys == [[by_code["5H"], by_code["5S"]], [by_code["2D"]]]   # a 2 is no 5 here
    assert (s.ui.message, s.ui.tone) == ("", "info")
    for code in ("7H", "7S", "7D"):                 # 7♥ fits neither: into the active frame, which says so
        pick(s, code)
    assert [len(frame) for frame in s.ui.frames.keys] == [3, 3]
    pick(s, "QS")
    assert (s.ui.message, s.ui.tone) == ("Every frame is full: tap a framed card to take it back", "error")
    pick(s, "5H")                                    # a framed card: back to the hand
    assert (s.ui.message, s.ui.tone) == ("", "info") and by_code["5H"] not in s.ui.frames.placed()


def test_cards_picked_for_another_meld_clear_the_message():
    s = my_turn(hand="5H 5S 5D QS", rules=GALLERY, down=[0])
    dispatch(s, "another")
    assert s.ui.message
    pick(s, "5H")
    assert s.ui.message == "" and len(s.ui.extra) == 1
    pick(s, "5H")
    assert s.ui.extra == []
