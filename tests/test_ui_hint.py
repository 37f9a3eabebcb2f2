"""Issue 41: 💡 Hint, on the player's own turn in a solo game: one sentence naming the move and the
card, from the advice that drives the coach; on offer only there; counted with the game."""
from __future__ import annotations

from game.log import GameLog
from game.state import Phase

from game.ui.dispatch import dispatch
from game.ui.screens.table import hint
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from game.ui.session.session import Session
from game.ui.store.saves import Record
from game.ui.store.settings import Settings
from html_tree import parse
from scenario import table
from support import MemoryStore


def session_at(state, **settings) -> Session:
    s = Session(MemoryStore(), Settings(speed="instant", **settings))
    s.state, s.log, s.ui.screen, s.game = state, GameLog(0, len(state.seats)), "table", "g1"
    return s


def said(state, **settings) -> str:
    s = session_at(state, **settings)
    dispatch(s, "hint")
    return table_model(s)["hint"]["text"]


def test_the_draw_hint_takes_a_card_that_helps_and_names_the_meld_it_goes_in():
    state = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 7C", phase=Phase.DRAW)
    assert said(state) == "💡 Take 7♣: it goes with your 7♥ and 7♠ for the set of 3"


def test_the_draw_hint_draws_when_the_top_card_does_not_help_or_is_buried():
    state = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 5H", phase=Phase.DRAW)
    assert said(state) == "💡 Draw from the stock: 5♥ would not bring your contract closer"
    buried = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 7C", phase=Phase.DRAW,
                   top_buried=True)
    assert said(buried) == "💡 Draw from the stock: 🔒 7♣ is buried, so nobody may take it"


def test_once_down_the_draw_hint_takes_a_card_that_lays_straight_off():
    state = table(["4S 5D", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 8S", phase=Phase.DRAW,
                  down=[0], melds=[(1, "set", "8C 8D 8H")])
    assert said(state) == "💡 Take 8♠: it lays straight off on Player 2’s set of 8s"


def test_the_play_hint_says_go_down_then_lay_off_then_what_to_discard():
    ready = table(["7H 7S 7D 9D 9C 9S KS", "KC KD QH", "3C 3D 8H"])
    assert said(ready) == "💡 You can go down now: 📥 Go down… lays two sets of 3"
    down = table(["8S KS 4D", "KC KD QH", "3C 3D 8H"], down=[0], melds=[(1, "set", "8C 8D 8H")])
    assert said(down) == "💡 Lay off 8♠ on Player 2’s set of 8s"
    nothing_fits = table(["QS 4D 5C", "KC KD QH", "3C 3D 8H"], down=[0], melds=[(1, "set", "8C 8D 8H")])
    assert said(nothing_fits) == "💡 Discard Q♠: it fits no meld, and at 10 points it costs the most if someone goes out"
    spare = table(["7H 7S 9D 9C 9S KS 4S", "KC KD QH", "3C 3D 8H"])
    assert said(spare) == ("💡 Discard K♠: your contract can spare it, and at 10 points it costs the most if "
                           "someone goes out")


def test_the_swap_hint_names_the_card_to_give_or_says_pass():
    state = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="7C", phase=Phase.SWAP)
    assert said(state) == "💡 Swap K♠ for 7♣: it goes with your 7♥ and 7♠ for the set of 3"
    nothing = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="5H", phase=Phase.SWAP)
    assert said(nothing) == "💡 Pass: no card you could give for 5♥ brings your contract closer"


def test_the_hint_shows_on_the_table_until_a_move_and_marks_the_game():
    state = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 7C", phase=Phase.DRAW)
    s = session_at(state)
    root = parse(table_screen(table_model(s)))
    assert root.find(data_act="hint").text == "💡 Hint" and root.find_all(class_="hint-said") == []
    dispatch(s, "hint")
    assert parse(table_screen(table_model(s))).find(class_="hint-said").text.startswith("💡 Take 7♣")
    assert s.hints == 1 and Record.from_json(s._record().to_json()).hints == 1   # saved with the game
    s.draw()
    assert table_model(s)["hint"]["text"] == ""                                  # a move ends it


def test_no_hint_in_pass_and_play_online_a_lesson_or_with_the_setting_off():
    state = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 7C", phase=Phase.DRAW)
    assert table_model(session_at(state, hint="off"))["hint"] is None
    shared = session_at(state)
    shared.people = 2
    assert not hint.offered(shared)
    online = session_at(state)
    online.online = "ROOM"
    assert not hint.offered(online)
    others = session_at(table(["7H 7S", "KC KD QH", "3C 3D 8H"], stock="5C", pile="JD", phase=Phase.DRAW, turn=1))
    assert table_model(others)["hint"] == {"text": "", "enabled": False}   # there, disabled: the bar stays put
    assert 'data-act="hint" aria-keyshortcuts="h" disabled' in table_screen(table_model(others))
    dispatch(others, "hint")                         # H off turn: a word, no hint, no mark
    assert others.hints == 0 and "own turn" in others.ui.message


def test_one_card_short_the_prompt_names_every_card_that_would_do():
    state = table(["7H 7S 9D 9C 9S KH KS 4D", "KC KD QH", "3C 3D 8H"])
    assert table_model(session_at(state))["prompt"].startswith(
        "To go down you still need one more 7 or king for the set of 3 (or a wild)")
    run = table(["5H 6H 7H 9C TC KC", "KD QH JH", "3C 3D 8H"], rounds=[2, 2, 2])
    assert table_model(session_at(run))["prompt"].startswith(
        "To go down you still need one more 8♣ or J♣ for the run of 3 (or a wild)")


def test_acting_against_the_hint_says_its_reason_once_a_game_after_the_move():
    state = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C 8D 8S", pile="JD 7C", phase=Phase.DRAW)
    s = session_at(state)
    dispatch(s, "hint")                                   # take 7♣: it goes with your 7♥ and 7♠
    s.draw()                                              # ...drawn from the stock instead
    assert len(s.state.seats[0].hand) == 7                # the move stands: nothing is undone
    assert s.ui.message == ("💡 Your call, and yours to make. Only so you know why it was advised: "
                            "7♣ brought your contract closer")
    s.state = table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 7C", phase=Phase.DRAW)
    dispatch(s, "hint")
    s.draw()                                              # against it again, the same game: no word
    assert s.ui.message == ""


def test_following_the_hint_or_moving_without_one_says_nothing():
    def drawing():
        return table(["7H 7S 9D 9C KS 4S", "KC KD QH", "3C 3D 8H"], stock="5C 6C", pile="JD 7C", phase=Phase.DRAW)
    followed = session_at(drawing())
    dispatch(followed, "hint")
    followed.take()
    unasked = session_at(drawing())
    unasked.draw()
    assert followed.ui.message == unasked.ui.message == "" and not followed.reminded and not unasked.reminded
    spare = table(["7H 7S 9D 9C 9S KS 4S", "KC KD QH", "3C 3D 8H"])   # the hint: discard K♠
    other_card = session_at(spare)
    dispatch(other_card, "hint")
    other_card.ui.selected = next(c.key for c in spare.seats[0].hand if c.code == "4S")
    other_card.discard()
    assert other_card.ui.message.endswith("your contract could spare K♠")


def test_once_down_the_hint_keeps_a_card_back_for_the_last_discard():
    two = table(["TC QH", "KC KD QC", "3C 3D 8H"], down=[0], melds=[(1, "set", "QS QD QC"), (2, "set", "TH TD TS")])
    assert said(two) == "💡 Lay off Q♥ on Player 2’s set of queens"        # not "both": one stays to discard
    last = table(["QH", "KC KD QC", "3C 3D 8H"], down=[0], melds=[(1, "set", "QS QD QC")])
    assert said(last) == "💡 Discard Q♥: it would fit a meld, but your last card must be your discard"
