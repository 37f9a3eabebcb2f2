"""Natural gestures without a browser: tap the stock or the pile, a card then a target, a drop
(the drag's intent), the hand rearranged, the keys' intents — and every tap that cannot act says
why, leaving the game exactly as it was.

Each test builds an exact table (tests/scenario.py) and plays on it through the page's intents.
"""
from __future__ import annotations

import pytest

from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from html_tree import parse
from scenario import table
from test_ui_table_spec import session_at


def drawing(**more) -> Session:
    """My turn to draw: Q♥ on the pile over 4♦."""
    return session_at(table(hands=["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D QH",
                            phase=Phase.DRAW, turn=0, **more))


def playing(down: bool = False, hand: str = "5H 6H 7H QS 8H", **more) -> Session:
    """I have drawn; a run 9♥–Q♥ of Scout 1's on the table (8♥ lays off on it)."""
    return session_at(table(hands=[hand, "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D",
                            phase=Phase.PLAY, turn=0, down=(0, 1) if down else (1,),
                            melds=[(1, "run", "9H TH JH QH")], **more))


def key(s: Session, code: str) -> str:
    return next(c.key for c in s.state.seats[HUMAN].hand if c.code == code)


def shown_codes(s: Session) -> list[str]:
    return [c["code"] for c in table_model(s)["hand"]]


# ------------------------------------------------------------ taps that act


def test_tapping_the_stock_draws_and_tapping_the_pile_takes():
    s = drawing()
    dispatch(s, "stock")
    assert s.state.phase is Phase.PLAY and "3D" in [c.code for c in s.state.seats[HUMAN].hand]
    s = drawing()
    dispatch(s, "discard-pile")
    assert s.state.phase is Phase.PLAY and "QH" in [c.code for c in s.state.seats[HUMAN].hand]


def test_with_a_card_picked_the_pile_discards_it_and_a_meld_lays_it_off():
    s = playing()
    dispatch(s, "card", key(s, "QS"))
    dispatch(s, "discard-pile")
    assert s.state.pile[-1].code == "QS" and "QS" not in [c.code for c in s.state.seats[HUMAN].hand]
    s = playing(down=True)
    dispatch(s, "card", key(s, "8H"))
    dispatch(s, "meld", "0")
    assert [c.code for c in s.state.table[0].meld.cards] == ["8H", "9H", "TH", "JH", "QH"]


def test_in_the_swap_round_the_pile_swaps_the_picked_card():
    s = drawing()
    s.state.phase, s.state.swaps_left = Phase.SWAP, 3
    dispatch(s, "card", key(s, "QS"))
    dispatch(s, "discard-pile")
    assert "QH" in [c.code for c in s.state.seats[HUMAN].hand] and s.state.pile[-1].code == "QS"


# ------------------------------------------------------------ taps that cannot act say why


def swap_round() -> Session:
    s = drawing()
    s.state.phase, s.state.swaps_left = Phase.SWAP, 3
    return s


def with_frames() -> Session:
    """Going down: a hand that makes its contract (two sets of 3), the frames open and empty."""
    s = playing(hand="5H 5S 5D 6H 6S 6D QS 8H")
    dispatch(s, "godown")
    assert s.ui.frames is not None
    return s


def picked(s: Session, code: str) -> Session:
    dispatch(s, "card", key(s, code))
    return s


CANNOT = [
    ("a meld before you are down", lambda: picked(playing(), "8H"), "meld", "0",
     "You can lay off once you are down: go down first (📥 Go down…), then lay off on any meld", "error"),
    ("a meld before drawing", lambda: drawing(down=(0,), melds=[(1, "run", "9H TH JH QH")]), "meld", "0",
     "Draw a card first (D), then lay off", "error"),
    ("a meld on another's turn", lambda: session_at(table(hands=["8H", "KC KD", "2C 3C"], stock="9S", pile="4D",
                                                          phase=Phase.PLAY, turn=1, down=(0, 1),
                                                          melds=[(1, "run", "9H TH JH QH")])), "meld", "0",
     "Wait for your turn to lay off: Scout 1 is playing", "error"),
    ("a meld with no card picked", lambda: playing(down=True), "meld", "0",
     "Pick a card from your hand first, then the meld to lay it on", "info"),
    ("a meld while going down", with_frames, "meld", "0",
     "You can lay off once you are down: ✅ Lay it down first (or Cancel)", "error"),
    ("the stock in the swap round", swap_round, "stock", "",
     "In the swap round you swap with the discard or pass: pick a card, then tap Q♥", "info"),
    ("the stock on another's turn", lambda: session_at(table(
        hands=["5H QS", "KC KD", "2C 3C"], stock="9S 8S", pile="4D QH", phase=Phase.DRAW, turn=1)), "stock", "",
     "Wait for your turn to draw: Scout 1 is playing", "info"),
    ("the pile on another's turn", lambda: session_at(table(
        hands=["5H QS", "KC KD", "2C 3C"], stock="9S 8S", pile="4D QH", phase=Phase.DRAW, turn=2)), "discard-pile", "",
     "Wait for your turn to take the discard: Scout 2 is playing", "info"),
    ("a buried pile", lambda: drawing(top_buried=True), "discard-pile", "",
     "That card is buried 🔒: nobody may take it. Draw from the stock", "error"),
    ("the stock after drawing", playing, "stock", "",
     "You have drawn this turn: go down if you can, then discard", "info"),
    ("the stock after drawing, down", lambda: playing(down=True), "stock", "",
     "You have drawn this turn: lay off, then discard", "info"),
    ("the pile after drawing, nothing picked", playing, "discard-pile", "",
     "You have drawn this turn: pick a card, then tap the pile to discard it", "info"),
    ("the pile while going down", with_frames, "discard-pile", "",
     "Lay your frames down (✅) or Cancel them before you discard", "info"),
    ("the swap round's pile with nothing picked", swap_round, "discard-pile", "",
     "Pick the card from your hand you would give for the discard", "info"),
    ("✅ with no frames open", playing, "lay", "",
     "Open 📥 Go down… (G) and fill the frames first, then ✅ Lay it down", "info"),
    ("a card dropped on the stock", playing, "drop", "{8H}|stock|",
     "Cards go on the discard pile, not on the stock", "info"),
    ("a wild while going down", with_frames, "wild", "0:1",
     "Lay your frames down or Cancel them first", "error"),
]


# pytest.param's id, not ids=[...]: pytest keeps an ids list's escaped form on the mark and escapes it
# again in a second session of one process (mutmut's), so "✅ …" would not be found there.
@pytest.mark.parametrize("build, act, arg, message, tone", [pytest.param(*c[1:], id=c[0]) for c in CANNOT])
def test_a_tap_that_cannot_act_says_why_and_changes_nothing(build, act, arg, message, tone):
    s = build()
    if "{" in arg:
        arg = arg.replace("{8H}", key(s, "8H"))
    before, moves, frames = s.state.view(HUMAN), len(s.log.actions), s.ui.frames
    dispatch(s, act, arg)
    assert (s.ui.message, s.ui.tone) == (message, tone)
    assert s.state.view(HUMAN) == before and len(s.log.actions) == moves and s.ui.frames == frames
    root = parse(table_screen(table_model(s)))
    assert root.find(class_="message").text == message          # on the page, not only in the model


def test_a_meld_before_you_are_down_is_a_live_target_on_the_page():
    """It must reach the game to say why: aria-disabled, never the disabled attribute."""
    s = picked(playing(), "8H")
    pick = parse(table_screen(table_model(s))).find(data_act="meld")
    assert pick.attrs.get("aria-disabled") == "true" and "disabled" not in pick.attrs


def test_the_end_of_a_deal_says_so_on_the_stock_and_the_pile():
    s = drawing()
    s.state.phase = Phase.DEAL_OVER
    for act in ("stock", "discard-pile"):
        dispatch(s, act)
        assert s.ui.message == "The deal is over: ▶ on to the scores"


# ------------------------------------------------------------ drops: the same intents as tap-tap


def test_a_drop_on_the_pile_discards_and_on_a_meld_lays_off():
    s = playing()
    dispatch(s, "drop", f"{key(s, 'QS')}|discard-pile|")
    assert s.state.pile[-1].code == "QS"
    s = playing(down=True)
    dispatch(s, "drop", f"{key(s, '8H')}|meld|0")
    assert s.state.table[0].meld.cards[0].code == "8H"


def test_a_refused_drop_leaves_the_card_picked_as_a_refused_tap_would():
    s = playing()
    card = key(s, "8H")
    dispatch(s, "drop", f"{card}|meld|0")
    assert s.ui.selected == card and s.ui.tone == "error" and s.state.table[0].meld.size == 4


def test_a_drop_on_a_frame_places_it_there_and_back_on_the_hand_takes_it_out():
    s = with_frames()
    five, six = key(s, "5H"), key(s, "6H")
    dispatch(s, "drop", f"{five}|frame|1")
    dispatch(s, "drop", f"{six}|frame|1")
    assert s.ui.frames.keys[1] == [five, six] and s.ui.frames.active == 1
    dispatch(s, "drop", f"{five}|frame|0")                  # frame to frame
    assert s.ui.frames.keys == [[five], [six]]
    dispatch(s, "drop", f"{five}|card|")                    # back onto the hand
    assert s.ui.frames.keys == [[], [six]] and "5H" in shown_codes(s)


def test_a_full_frame_says_so_and_keeps_the_card():
    s = with_frames()
    spec = s.state.contract_of(HUMAN).melds[0]
    hand = [c.key for c in s.state.seats[HUMAN].hand]
    s.ui.frames.keys[0] = hand[:spec.size]
    extra = hand[spec.size]
    dispatch(s, "drop", f"{extra}|frame|0")
    assert s.ui.tone == "error" and s.ui.message.startswith("That frame is full")
    assert extra not in s.ui.frames.placed()


# ------------------------------------------------------------ the hand, arranged


def test_a_card_dropped_on_another_takes_its_place_and_the_order_holds():
    s = playing()
    assert shown_codes(s) == ["5H", "6H", "7H", "8H", "QS"]
    dispatch(s, "drop", f"{key(s, 'QS')}|card|{key(s, '6H')}")   # leftwards: before the target
    assert shown_codes(s) == ["5H", "QS", "6H", "7H", "8H"]
    dispatch(s, "move", f"{key(s, '5H')}:{key(s, '7H')}")          # rightwards: after it
    assert shown_codes(s) == ["QS", "6H", "7H", "5H", "8H"]
    dispatch(s, "move", f"{key(s, 'QS')}:")                        # to the right end
    assert shown_codes(s) == ["6H", "7H", "5H", "8H", "QS"]
    assert s.state.view(HUMAN).phase is Phase.PLAY and len(s.log.actions) == 0   # no move made


def test_a_drawn_card_joins_the_arranged_hand_at_the_right_and_sort_gives_it_up():
    s = drawing()
    dispatch(s, "move", f"{key(s, 'QS')}:{key(s, '5H')}")
    assert shown_codes(s) == ["QS", "5H", "6H", "7H"]
    dispatch(s, "stock")
    assert shown_codes(s) == ["QS", "5H", "6H", "7H", "3D"]
    dispatch(s, "sort")                                            # by suit: ♣ ♦ ♥ ♠
    assert s.ui.order is None and shown_codes(s) == ["3D", "5H", "6H", "7H", "QS"]


# ------------------------------------------------------------ the keys' intents


def test_arrows_move_the_pick_and_digits_pick_the_nth_card():
    s = playing()
    dispatch(s, "step", "1")
    assert s.ui.selected == key(s, "5H")
    dispatch(s, "step", "-1")
    assert s.ui.selected == key(s, "QS")                           # round the end
    dispatch(s, "nth", "2")
    assert s.ui.selected == key(s, "6H")
    dispatch(s, "nth", "2")
    assert s.ui.selected is None                                   # as a second tap: unpicked
    dispatch(s, "nth", "9")                                        # no ninth card: nothing
    assert s.ui.selected is None


def test_shift_arrows_move_the_picked_card_and_say_so_when_none_is_picked():
    s = playing()
    dispatch(s, "shift", "1")
    assert s.ui.message.startswith("Pick a card first")
    dispatch(s, "nth", "1")
    dispatch(s, "shift", "1")
    dispatch(s, "shift", "1")
    assert shown_codes(s) == ["6H", "7H", "5H", "8H", "QS"] and s.ui.selected == key(s, "5H")


def test_fill_for_me_opens_the_frames_when_none_are_open():
    s = session_at(table(hands=["5H 6H 7H KS KD KC 9C 9D 9S 2C", "KC KD", "2C 3C"], stock="9S 8S 3D", pile="4D",
                         phase=Phase.PLAY, turn=0))
    dispatch(s, "fill")
    assert s.ui.frames is not None and all(s.ui.frames.keys)


def test_n_steps_through_the_end_of_a_deal():
    s = drawing()
    s.state.phase, s.ui.ending = Phase.DEAL_OVER, "play"
    dispatch(s, "onward")
    assert s.ui.ending == "hands"
    dispatch(s, "onward")
    assert s.ui.ending == ""


def test_m_lays_the_picked_card_off_where_it_fits_or_says_why():
    s = playing(down=True)
    dispatch(s, "layoff")
    assert s.ui.message == "Pick a card first (← → or 1–9), then M lays it off"
    picked(s, "QS")
    dispatch(s, "layoff")
    assert (s.ui.message, s.ui.tone) == ("Q♠ fits no meld on the table", "error") and s.state.table[0].meld.size == 4
    dispatch(s, "nth", "4")                                        # 8♥
    dispatch(s, "layoff")
    assert s.state.table[0].meld.cards[0].code == "8H"
    s = picked(playing(), "8H")
    dispatch(s, "layoff")
    assert s.ui.message.startswith("You can lay off once you are down")
