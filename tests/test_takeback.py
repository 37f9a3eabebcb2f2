"""Issue 41, point 3: ↶ take-backs that never reveal a card.

A person takes back, one step at a time, what they did since their draw (lay-offs, going down,
a dig, a swap-round answer, an arrangement) and their discard until the next seat acts; never a
draw from the stock, a claim, a move that ends the deal or anyone else's move. The property:
over seeded whole games under the three rulebooks, after any take-back the state is the state
before the moves taken back (hidden parts too: the stock's order, the RNG, the log) and so every
seat's view is what it was.
"""
from __future__ import annotations

import random
from dataclasses import fields, is_dataclass, replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.playout import choose
from game.actions import Draw, NextDeal, Pass, Steal, TakeDiscard
from game.rules import PRESETS
from game.state import Phase
from game.takeback import snapshot, undoable
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from game.ui.session import advice, passing, takeback
from game.ui.session.screen_state import HUMAN
from game.ui.session.session import Session
from game.ui.store.saves import Record
from game.ui.store.settings import Settings
from html_tree import parse
from support import MemoryStore
# dealt: the online tests' autouse fixture, so each run deals the same seats
from test_online_host import dealt, play_until, started, tap, turn_of  # noqa: F401

RULEBOOKS = ("aggravation", "gallery", "contract")


def whole(state) -> dict:
    """Everything a state holds, hidden parts included (the RNG by its inner state), as values
    that later moves cannot change."""
    out = {f.name: frozen(getattr(state, f.name)) for f in fields(state) if f.name != "rng"}
    out["rng"] = state.rng.getstate()
    return out


def frozen(value):
    """``value`` as it is now: lists as tuples, the seats' and melds' changing records as tuples
    of their fields (cards, melds, events and results are frozen already)."""
    if isinstance(value, list):
        return tuple(frozen(item) for item in value)
    if is_dataclass(value) and not value.__dataclass_params__.frozen:
        return (type(value).__name__,) + tuple(frozen(getattr(value, f.name)) for f in fields(value))
    return value


def views(state) -> list:
    return [state.view(seat) for seat in range(state.players)]


class Playout:
    """A fast stand-in for a bot: the fuzz playouts' beginner (bench/playout.py), seeded."""

    def __init__(self, s: Session, seed: int) -> None:
        self.s, self.rng = s, random.Random(seed)

    def choose(self, view, legal, rng):
        return choose(self.s.state, self.rng)


def game_of(rulebook: str, seed: int) -> Session:
    s = Session(MemoryStore(), Settings(speed="instant", steal="short"))
    s.start("sprout", seed, preset=rulebook, people=1)
    s.bots = {seat: Playout(s, seed * 10 + seat) for seat in s.bots}
    s.save = lambda automatic=False: None     # the whole log written at every move is most of the time (saves: below)
    return s


def take_back_is_exact(s: Session, before: tuple) -> None:
    state_before, views_before, log_before = before
    assert s.take_back()
    assert s.log.actions == log_before
    assert whole(s.state) == state_before
    assert views(s.state) == views_before


def reveals(action, phase_before, s: Session) -> bool:
    """A move that is never taken back: a draw from the stock, a claim answer, the next deal, or
    one that ended the deal (every hand is shown)."""
    return (isinstance(action, (Draw, NextDeal)) or phase_before is Phase.CLAIMS
            or s.state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER))


def play_with_take_backs(s: Session, seed: int, limit: int = 20_000) -> int:
    """Play the game to its end, the person (seat 0) as a beginner who now and then takes back
    one or more steps; each take-back is checked against the state before the move it takes
    back. Returns how many take-backs were made."""
    rng = random.Random(seed)
    before: list[tuple] = []            # (whole state, views, log) before each step still standing
    taken = 0
    for _ in range(limit):
        state = s.state
        if state.is_over:
            assert whole(s.log.replay()) == whole(s.state)     # the log cut back replays to the game played
            return taken
        seat = state.current_player
        if seat is None:
            assert s._play(NextDeal(), seat=None)
            before.clear()
        elif seat != HUMAN:
            assert s.step(s.token())
            assert s.take_back_step() is None, "another seat acted: nothing of the person's is taken back"
            before.clear()
        else:
            kept, phase = (whole(state), views(state), list(s.log.actions)), state.phase
            action = choose(state, rng)
            assert s._play(action, automatic=True)
            step = s.take_back_step()
            if step is not None and step.action is action:
                before.append(kept)
            else:
                assert reveals(action, phase, s), f"{action} revealed nothing, yet cannot be taken back"
                before.clear()
        while before and rng.random() < 0.3:
            take_back_is_exact(s, before.pop())
            taken += 1
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("rulebook,seed", [("aggravation", 2), ("gallery", 2), ("contract", 5)])
def test_a_take_back_restores_the_state_and_every_view_over_a_whole_game(rulebook, seed):
    s = game_of(rulebook, seed)
    taken = play_with_take_backs(s, seed)
    assert taken > 50 and s.takebacks == taken


@pytest.mark.slow
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(1, 10**6))
@pytest.mark.parametrize("rulebook", RULEBOOKS)
def test_a_take_back_restores_the_state_and_every_view_over_seeded_whole_games(rulebook, seed):
    s = game_of(rulebook, seed)
    assert play_with_take_backs(s, seed) == s.takebacks


# ------------------------------------------------------------ the engine's part


def test_a_snapshot_shares_no_list_or_record_a_move_changes():
    s = game_of("aggravation", 3)
    state = s.state
    copied = snapshot(state)
    assert whole(copied) == whole(state)
    for f in fields(state):
        value = getattr(state, f.name)
        if isinstance(value, list) or (is_dataclass(value) and not value.__dataclass_params__.frozen) \
                or f.name == "rng":
            assert getattr(copied, f.name) is not value, f.name
    assert all(a is not b and a.hand is not b.hand for a, b in zip(copied.seats, state.seats))


def test_only_moves_that_reveal_no_card_may_be_taken_back_and_a_rulebook_may_forbid_them():
    rules = PRESETS["aggravation"]
    assert undoable(Pass(), Phase.SWAP, rules) and undoable(TakeDiscard(), Phase.DRAW, rules)
    assert not undoable(Draw(), Phase.DRAW, rules)
    assert not undoable(Pass(), Phase.CLAIMS, rules) and not undoable(Steal(), Phase.CLAIMS, rules)
    assert not undoable(NextDeal(), Phase.DEAL_OVER, rules)
    assert not undoable(Pass(), Phase.SWAP, replace(rules, take_backs=False))


# ------------------------------------------------------------ at the table


def solo(speed: str = "instant", seed: int = 4, preset: str = "aggravation") -> Session:
    s = Session(MemoryStore(), Settings(speed=speed, steal="off"))
    s.start("sprout", seed, preset=preset, people=1)
    return s


def run_bots(s: Session) -> None:
    for _ in range(500):
        if s.state.current_player == HUMAN or s.state.current_player is None:
            return
        assert s.step(s.token())


def to_my_play(s: Session) -> None:
    """On to the person's turn, drawn from the stock (the swap round passed)."""
    for _ in range(50):
        run_bots(s)
        if s.state.phase is Phase.PLAY:
            return
        dispatch(s, "pass" if s.state.phase is Phase.SWAP else "draw")
    raise AssertionError("no turn of the person's came")


def labels(s: Session) -> list[str]:
    return [b["label"] for b in table_model(s)["buttons"]]


def test_a_draw_is_never_taken_back_but_a_discard_is_until_the_next_seat_moves():
    s = solo()
    to_my_play(s)
    assert s.take_back_step() is None and "↶ Take back" not in labels(s)    # just drawn: nothing yet
    dispatch(s, "takeback")
    assert s.ui.message == takeback.NOTHING and s.state.phase is Phase.PLAY
    hand = [c.key for c in s.shown_hand()]
    dispatch(s, "card", hand[0])
    dispatch(s, "discard")
    assert s.state.current_player != HUMAN and labels(s)[-1] == "↶ Take back"
    button = parse(table_screen(table_model(s))).find(data_act="takeback")
    assert button.text == "↶ Take back" and button.attrs["aria-keyshortcuts"] == "Control+Z"
    dispatch(s, "takeback")
    assert s.my_turn() and s.state.phase is Phase.PLAY and sorted(c.key for c in s.shown_hand()) == sorted(hand)
    assert s.ui.message.startswith("↶ Taken back: your discard of") and s.takebacks == 1
    assert s.take_back_step() is None                                       # back to just after the draw
    dispatch(s, "card", hand[1])
    dispatch(s, "discard")
    assert s.step(s.token())                                                 # the next seat moves...
    assert s.take_back_step() is None and "↶ Take back" not in labels(s)     # ...and the discard stands


def test_the_bots_wait_a_moment_after_a_discard_that_may_be_taken_back():
    s = solo(speed="normal")
    to_my_play(s)
    hand = [c.key for c in s.shown_hand()]
    dispatch(s, "card", hand[0])
    dispatch(s, "discard")
    assert s.pending() == ("bot", takeback.window_ms(500)) and takeback.window_ms(500) > 500
    assert takeback.window_ms(0) == 0                                        # the tests' instant bots
    dispatch(s, "takeback")
    assert s.pending() is None                                               # the person's turn again


def test_the_hands_order_after_the_draw_is_a_step_and_each_step_goes_back_in_turn():
    s = solo()
    to_my_play(s)
    sorted_hand = [c.key for c in s.shown_hand()]
    dispatch(s, "move", f"{sorted_hand[0]}:")          # the first card to the right end
    moved = [c.key for c in s.shown_hand()]
    assert moved == sorted_hand[1:] + sorted_hand[:1]
    dispatch(s, "card", moved[0])
    dispatch(s, "discard")
    dispatch(s, "takeback")                            # the discard, with the order it was made in
    assert [c.key for c in s.shown_hand()] == moved
    dispatch(s, "takeback")                            # the order
    assert [c.key for c in s.shown_hand()] == sorted_hand and s.takebacks == 2
    assert s.take_back_step() is None


def test_a_take_back_is_saved_and_a_reload_resumes_the_game_as_taken_back_and_marked():
    s = solo()
    to_my_play(s)
    dispatch(s, "card", s.shown_hand()[0].key)
    dispatch(s, "discard")
    dispatch(s, "takeback")
    again = Session(s.storage, Settings(speed="instant"))
    assert again.resume()
    assert again.log.actions == s.log.actions and whole(again.state) == whole(s.state)
    assert again.takebacks == 1 and Record.from_json(s.saves.slot()).takebacks == 1


def test_a_reload_mid_turn_keeps_the_persons_moves_to_take_back_but_never_anothers():
    s = solo()
    to_my_play(s)
    drawn = whole(s.state)
    dispatch(s, "card", s.shown_hand()[0].key)
    dispatch(s, "discard")                              # the phone drops the tab here
    again = Session(s.storage, Settings(speed="instant"))
    assert again.resume() and again.take_back_step() is not None
    assert "↶ Take back" in labels(again)
    dispatch(again, "takeback")
    assert again.my_turn() and whole(again.state) == drawn and again.takebacks == 1
    dispatch(again, "card", s.log.actions[-1].card.key)
    dispatch(again, "discard")
    assert again.step(again.token())                    # the next seat moves, then a reload
    later = Session(again.storage, Settings(speed="instant"))
    assert later.resume() and later.take_back_step() is None and later.steps == []


def test_going_down_is_taken_back_with_every_card_back_in_hand():
    for seed in range(1, 60):
        s = solo(seed=seed)
        for _ in range(40):
            to_my_play(s)
            if not s.state.seats[HUMAN].down and advice.ready(s.state, HUMAN):
                break
            dispatch(s, "card", s.shown_hand()[-1].key)
            dispatch(s, "discard")
            if s.state.current_player is None:
                break
        else:
            continue
        if s.state.phase is not Phase.PLAY or not advice.ready(s.state, HUMAN):
            continue
        held = sorted(c.key for c in s.shown_hand())
        dispatch(s, "fill")
        dispatch(s, "lay")
        if not s.state.seats[HUMAN].down or s.state.phase is not Phase.PLAY:
            continue
        assert labels(s)[-1] == "↶ Take back"
        dispatch(s, "takeback")
        assert not s.state.seats[HUMAN].down and sorted(c.key for c in s.shown_hand()) == held
        assert s.ui.message == "↶ Taken back: going down" and all(m.owner != HUMAN for m in s.state.table)
        return
    raise AssertionError("no seed let the person go down")


def test_a_rulebook_without_take_backs_offers_none():
    s = solo()
    s.state.rules = replace(s.state.rules, take_backs=False)
    to_my_play(s)
    dispatch(s, "card", s.shown_hand()[0].key)
    dispatch(s, "discard")
    assert s.take_back_step() is None and "↶ Take back" not in labels(s)


def test_pass_and_play_takes_a_discard_back_until_the_device_is_handed_over():
    s = Session(MemoryStore(), Settings(speed="instant", steal="off", people=3, names=["Ana", "Ben", "Cy"]))
    s.start("scout", 7, people=3, bots=0)
    for _ in range(200):
        if passing.pass_to(s) is not None:
            dispatch(s, "show")
        if s.my_turn() and s.state.phase is Phase.PLAY:
            break
        state = s.state
        dispatch(s, "pass" if state.phase in (Phase.SWAP, Phase.CLAIMS) else "draw")
    me = s.seat
    after = s.state.next_seat(me)
    held = sorted(c.key for c in s.shown_hand())
    dispatch(s, "card", s.shown_hand()[0].key)
    dispatch(s, "discard")
    assert passing.pass_to(s) == after and s.hand_hidden()
    screen = parse(table_screen(table_model(s)))
    assert screen.find(data_dialog="pass").find(data_act="takeback").text == f"↶ {s.names[me]}: take it back"
    assert dispatch(s, "takeback")                     # on the pass screen, before the hand-over
    assert s.my_turn() and not s.hand_hidden() and sorted(c.key for c in s.shown_hand()) == held
    dispatch(s, "card", s.shown_hand()[0].key)
    dispatch(s, "discard")
    dispatch(s, "show")                                # the device changes hands
    assert s.seat == after and s.take_back_step() is None
    dispatch(s, "takeback")
    assert s.state.current_player == after and s.ui.message == takeback.NOTHING


def test_online_a_guest_takes_back_their_discard_until_the_next_seat_acts():
    wire = started()                                   # the host at seat 0, Ben at 1, Cy at 2
    play_until(wire, turn_of(1))
    wire.guest("c1", tap("draw"))
    play_until(wire, turn_of(1, Phase.PLAY))
    s = wire.s
    held = sorted(c.key for c in s.state.seats[1].hand)
    card = s.state.seats[1].hand[0]
    wire.guest("c1", tap("card", card.key))
    wire.guest("c1", tap("discard"))
    assert s.state.pile[-1] == card and s.state.current_player == 2
    assert 'data-act="takeback"' in wire.html("c1")                  # Ben's own screen offers it...
    assert 'data-act="takeback"' not in wire.html("c2")              # ...Cy's does not,
    wire.intent("takeback")                                          # ...nor may the host take it back
    assert s.state.current_player == 2 and s.state.pile[-1] == card
    wire.guest("c1", tap("takeback"))
    assert s.state.current_player == 1 and sorted(c.key for c in s.state.seats[1].hand) == held
    assert "↶ Taken back: your discard of" in wire.html("c1")
    wire.guest("c1", tap("card", card.key))
    wire.guest("c1", tap("discard"))
    wire.guest("c2", tap("draw"))                                    # Cy acts: the discard stands
    wire.guest("c1", tap("takeback"))
    assert card not in s.state.seats[1].hand and "There is nothing to take back" in wire.html("c1")


def test_another_tab_of_the_game_follows_a_take_back_instead_of_writing_the_move_again():
    s = solo()
    to_my_play(s)
    dispatch(s, "card", s.shown_hand()[0].key)
    dispatch(s, "discard")
    other = Session(s.storage, Settings(speed="instant", steal="off"))
    assert other.resume() and other.log.actions == s.log.actions          # the other tab holds the discard
    dispatch(s, "takeback")
    assert other.sync()                                                   # it hears the shorter game...
    assert other.log.actions == s.log.actions and whole(other.state) == whole(s.state)
    assert Record.from_json(s.saves.slot()).moves == len(s.log.actions)   # ...and does not write its own over it
