"""The page's session without a browser: saving, resuming, refusals, frames, steals, bots' pace."""

import json

from game.actions import Draw, Pass
from game.state import Phase
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.store.saves import BROKEN_KEY, SAVE_KEY
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.store.settings import SETTINGS_KEY, Settings
from game.ui.screens.table.model import table_model
from support import MemoryStore as Store


def run_bots(s: Session, limit: int = 500) -> None:
    """Let the bots play until the human must act (steal offers are declined)."""
    for _ in range(limit):
        pending = s.pending()
        if pending is None:
            return
        if pending[0] == "claim":
            dispatch(s, "pass")
        else:
            assert s.step(s.token())


def test_every_action_is_saved_and_a_reload_resumes_the_same_table():
    store = Store()
    s = Session(store)
    s.start("scout", 123)
    run_bots(s)
    dispatch(s, "pass")            # the human's swap turn
    run_bots(s)
    again = Session(store)
    assert again.resume()
    assert again.state.view(HUMAN) == s.state.view(HUMAN)
    assert again.level == "scout" and len(again.state.seats) == 4


def test_a_corrupt_or_foreign_save_is_set_aside_with_a_message():
    for text in ("{not json", json.dumps({"level": "scout", "log": "[]"}), json.dumps([1, 2])):
        store = Store({SAVE_KEY: text})
        s = Session(store)
        assert not s.resume()
        assert "could not be loaded" in s.ui.notice
        assert store.get(BROKEN_KEY) == text and store.get(SAVE_KEY) is None


def test_a_refused_move_shows_the_engines_reason_and_changes_nothing():
    s = Session(Store())
    s.start("sprout", 5)
    before = s.state.view(HUMAN)
    dispatch(s, "draw")            # seat 1 is in the swap round, not us
    assert s.ui.tone == "error" and s.ui.message == "It is not your turn"
    assert s.state.view(HUMAN) == before


def test_a_double_tap_plays_once():
    s = Session(Store())
    s.start("sprout", 5)
    run_bots(s)
    assert s.state.phase is Phase.SWAP and s.state.current_player == HUMAN
    dispatch(s, "pass")
    actions = len(s.log.actions)
    dispatch(s, "pass")            # the second tap lands while a bot is to move
    assert len(s.log.actions) == actions


def test_fill_for_me_only_fills_and_lay_it_down_lays():
    s = Session(Store())
    s.start("scout", 123)
    run_bots(s)
    dispatch(s, "pass")
    run_bots(s)
    dispatch(s, "draw")
    run_bots(s)
    hand = len(s.state.seats[HUMAN].hand)
    dispatch(s, "godown")
    dispatch(s, "fill")
    model = table_model(s)
    assert model["frames"]["all_ok"] and len(s.state.seats[HUMAN].hand) == hand
    assert not s.state.seats[HUMAN].down
    assert 'data-zone="frames"' in table_screen(model)
    dispatch(s, "lay")
    assert s.state.seats[HUMAN].down and s.ui.frames is None


def test_cancel_returns_every_card():
    s = Session(Store())
    s.start("scout", 123)
    run_bots(s)
    dispatch(s, "pass")
    run_bots(s)
    dispatch(s, "draw")
    run_bots(s)
    dispatch(s, "godown")
    first = s.state.seats[HUMAN].hand[0]
    dispatch(s, "card", first.key)
    assert first.key not in [c["key"] for c in table_model(s)["hand"]]
    dispatch(s, "cancel")
    assert len(table_model(s)["hand"]) == len(s.state.seats[HUMAN].hand)


def test_the_steal_offer_lapses_after_the_timer_and_off_means_never_waiting():
    s = Session(Store(), Settings(steal="wait", ask="every"))
    s.start("scout", 4)
    for _ in range(400):
        if s.offer() is not None:
            break
        pending = s.pending()
        if pending is None:
            state = s.state
            if state.phase is Phase.SWAP:
                dispatch(s, "pass")
            elif state.phase is Phase.DRAW:
                dispatch(s, "draw")
            else:
                dispatch(s, "card", state.seats[HUMAN].hand[-1].key)
                dispatch(s, "discard")
        else:
            s.step(s.token())
    # The offer runs in the next player's think time: "wait for me" holds that player, no timer.
    assert s.state.current_player != HUMAN and s.state.phase is Phase.DRAW
    assert s.pending() == ("bot", None)
    assert any(b["act"] == "steal" for b in table_model(s)["buttons"])
    token, hand = s.token(), len(s.state.seats[HUMAN].hand)
    assert not s.step(token) and s.token() == token     # the timer never fires; a stray tick waits too
    # The settings' documented lengths, as literals: never read back from the code's own table.
    for setting, ms in (("short", 3000), ("long", 9000)):
        s.settings.change("steal", setting)
        assert s.pending() == ("bot", ms)
    s.settings.change("steal", "off")                 # never offered: the bot thinks its usual time after
    assert s.offer() is None and s.pending() == ("bot", 1000)   # a discard, time to read it (BOT_PACES)
    assert all(b["act"] != "steal" for b in table_model(s)["buttons"])
    s.settings.change("steal", "short")
    assert not s.step(token - 1)        # a stale timer does nothing
    assert s.token() == token
    assert s.step(token)                # the real one: the next player moves, the offer lapses
    if Draw() in s.log.actions[token:]:  # it drew: claims were gathered, the player's a pass
        assert Pass() in s.log.actions[token:]
    assert s.state.phase is not Phase.CLAIMS and s.offer() is None
    assert len(s.state.seats[HUMAN].hand) == hand
    assert HUMAN not in s.state.claimants and HUMAN not in s.state.claims


def test_settings_persist_and_unknown_values_are_ignored():
    store = Store()
    s = Session(store)
    dispatch(s, "set", "speed=fast")
    dispatch(s, "set", "steal=forever")
    dispatch(s, "set", "ask=sometimes")
    assert Settings.from_json(store[SETTINGS_KEY]) == Settings(steal="long", ask="helps", speed="fast")
    dispatch(s, "set", "ask=every")
    assert Settings.from_json(store[SETTINGS_KEY]) == Settings(steal="long", ask="every", speed="fast")


def test_every_card_on_the_page_has_a_code_a_unique_key_and_a_name():
    import re

    s = Session(Store())
    s.start("ace", 9)
    run_bots(s)
    html = table_screen(table_model(s))
    keys = re.findall(r'data-key="([^"]+)"', html)
    assert len(keys) == len(set(keys)) >= 12
    assert len(re.findall(r'data-card="(?:[A2-9TJQK][CDHS]|JK)"', html)) == len(keys)
    for zone in ("stock", "discard", "hand", "table"):
        assert f'data-zone="{zone}"' in html


def _claim_table(hand: str, down=(), steals_used: int = 0):
    """Seat 1 just discarded 7♥; seat 2 is to draw; the player (seat 0) holds ``hand`` and is asked
    about every card (by default only about one that helps: tests/test_steal_offer.py)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from scenario import table

    from game.log import GameLog

    state = table(hands=[hand, "KC KD KS 4C", "QC QD QS 5C"], stock="9S 8S 3D 4D", pile="5S 7H",
                  phase=Phase.DRAW, turn=2, claimable_from=1, down=down)
    state.seats[0].steals_this_deal = steals_used
    s = Session(Store(), Settings(ask="every"))
    s.state, s.log, s.ui.screen = state, GameLog(0, 3, names=["You", "Scout 1", "Scout 2"]), "table"
    return s


def test_steal_is_offered_only_when_allowed_and_says_why_not():
    small = "AC 3C 4C 5C 6C 8C 9C TC JC QC KC"
    offered = _claim_table(small)
    assert table_model(offered)["steal_note"] is None
    offered.state.apply(Draw(), 2)
    assert offered.pending() == ("claim", 9000)
    assert [b["act"] for b in table_model(offered)["buttons"]] == ["steal", "pass"]

    eighteen = " ".join(["AC"] * 18)
    cases = {
        "past 19 cards": _claim_table(eighteen),
        "You are down": _claim_table(small, down=(0,)),
        "used all 4 steals": _claim_table(small, steals_used=4),
    }
    for reason, s in cases.items():
        assert reason in table_model(s)["steal_note"]
        s.state.apply(Draw(), 2)
        assert s.state.current_player != HUMAN
        assert all(b["act"] != "steal" for b in table_model(s)["buttons"])
