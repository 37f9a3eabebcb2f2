"""An online table's waits end, and a guest's screen is drawn from its own seat alone.

- A person asked whether they claim a discard has the table's offer window (the host's setting;
  "Wait for me" is the long one there), shown running on every screen; unanswered, it is a pass,
  and a redraw meanwhile never starts it again (game/ui/session/clock.py ``claim_left_ms``).
- A person's turn has the table's turn limit (the host's, in the lobby; 2 minutes by default): its
  last 20 s count down on every screen, then a bot of the table's level plays that one turn and
  the person is told; their next turn is theirs again.
- A guest's message that changes nothing redraws no table: the frame carries the online fields
  alone (game/ui/online/fields.py ``quiet_fields``).
- Nothing on a guest's screen depends on another seat's hidden cards: at any moment, shuffling
  the other hands and the stock among themselves leaves every guest's screen byte for byte.
"""
import copy
import re
import json
import random

import pytest

from game.bots import make_bot
from game.state import Phase
from game.ui.session import clock as clock_module

from test_online_host import dealt, lobby, play_one, play_until, started, tap  # noqa: F401 (dealt: autouse)


@pytest.fixture
def now(monkeypatch):
    """The session clock's seconds, moved by the test."""
    at = [500.0]
    monkeypatch.setattr(clock_module, "now", lambda: at[0])
    return at


def guest_asked(s) -> bool:
    return s.state.phase is Phase.CLAIMS and s.state.current_player in (1, 2)


def test_a_guest_asked_about_a_discard_has_the_tables_window_on_every_screen_then_passes(now):
    wire = started()
    play_until(wire, guest_asked)
    s = wire.s
    seat, token = s.state.current_player, s.token()
    wire.recheck()
    assert wire.frame["timer"] == [9000, token]
    assert 'class="timer"' in wire.frame["html"]                      # the host sees it run
    assert all('class="timer"' in wire.html(conn) for conn in ("c1", "c2"))
    now[0] += 4.0
    wire.guest("c1", tap("sort"))                                       # a redraw meanwhile
    wire.recheck()
    assert wire.frame["timer"] == [5000, token], "what is left, not the window again"
    assert 'style="animation-duration:9000ms;animation-delay:-4000ms"' in wire.html("c2")   # the bar where it stands
    wire.take(wire.app.tick(token))
    assert s.token() == token, "before the window ends nothing is played"
    now[0] += 5.0
    wire.take(wire.app.tick(token))
    assert s.token() > token and type(s.log.actions[token]).__name__ == "Pass"
    assert not (s.state.phase is Phase.CLAIMS and s.state.current_player == seat)


@pytest.mark.parametrize("steal, window", [("short", 3000), ("wait", 9000)])
def test_the_offer_window_is_the_hosts_setting_and_never_endless_online(now, steal, window):
    wire = started()
    wire.s.settings.steal = steal
    play_until(wire, guest_asked)
    wire.recheck()
    assert wire.frame["timer"] == [window, wire.s.token()]


def test_a_guests_message_that_changes_nothing_redraws_no_table():
    wire = started()
    play_until(wire, lambda s: s.state.current_player == 0 and s.state.phase is Phase.DRAW)
    wire.recheck()
    sent = len(wire.texts)
    frame = wire.app.guest("stranger", "not json")                    # a line that never said hello
    assert frame is not None and "html" not in frame and frame["refusals"] and not frame["peers"]
    frame = wire.app.guest("c1", json.dumps({"t": "escape"}))         # a seated guest's idle escape
    assert "html" not in frame and [conn for conn, _ in frame["peers"]] == ["c1"]
    assert wire.app.guest("c1", tap("draw")) is not None               # out of turn: refused by the engine
    assert len(wire.texts) == sent


def other_cards_shuffled(s, seat: int, rng: random.Random):
    """A copy of the session whose other seats' hands and stock hold the same number of cards,
    dealt afresh from the same cards: what ``seat`` cannot see, changed."""
    twin = copy.deepcopy(s)
    state = twin.state
    hidden = [n for n in range(state.players) if n != seat]
    cards = [c for n in hidden for c in state.seats[n].hand] + list(state.stock)
    rng.shuffle(cards)
    for n in hidden:
        size = len(state.seats[n].hand)
        state.seats[n].hand, cards = cards[:size], cards[size:]
    state.stock = cards
    return twin


@pytest.mark.parametrize("rules", ["aggravation", "contract"])
def test_no_guests_screen_depends_on_the_hidden_cards_of_other_seats(now, rules):
    wire = started(rules, "sprout")
    wire.s.settings.ask = "helps"
    host, s = wire.app.host, wire.s
    brain, rng = make_bot("scout"), random.Random(rules)
    compared = claims = 0
    while s.state.deal_number < 2 and not s.state.is_over:
        play_one(wire, brain, rng)
        if s.state.current_player is None:          # a deal's end shows every hand to everyone
            continue
        for seat in sorted(set(host.seats.values())):
            screen = host.screen_of(seat)
            twin_host = copy.copy(host)
            twin_host.s, twin_host.uis = other_cards_shuffled(s, seat, rng), copy.deepcopy(host.uis)
            assert twin_host.screen_of(seat) == screen, f"seat {seat}'s screen at move {s.token()} tells of hidden cards"
            compared += 1
            claims += s.state.phase in (Phase.CLAIMS, Phase.DRAW) and s.state.claimable_from is not None
    assert compared > 100 and claims > 10


def guest_to_draw(s) -> bool:
    return s.state.current_player == 1 and s.state.turn == 1 and s.state.phase is Phase.DRAW


def test_a_turn_left_alone_is_played_by_a_bot_at_the_limit_and_the_next_is_the_persons_own(now):
    wire = started()
    s = wire.s
    assert s.settings.turn == "2"
    play_until(wire, guest_to_draw)
    wire.recheck()
    token = s.token()
    assert wire.frame["timer"] == [100_000, token]                     # the countdown shows 20 s before the end
    assert "⏱" not in wire.html("c1")
    now[0] += 100
    wire.take(wire.app.tick(token))
    assert s.token() == token and wire.frame["timer"] == [20_000, token]
    assert "⏱ Under 20 s left, then a bot plays this turn for you" in wire.html("c1")
    assert "then a bot plays this turn for Ben" in wire.html("c2") and "for Ben" in wire.prompt()
    assert 'style="animation-duration:20000ms"' in wire.html("c2")   # the bar on every screen
    now[0] += 20
    wire.take(wire.app.tick(token))
    assert s.state.turn != 1 and 1 not in s.bots, "one turn, played by a bot; the seat is still Ben's"
    played = [e.kind for e in s.state.events if e.seat == 1]
    assert "drew" in played or "took" in played
    assert "Your time ran out: a bot played that turn for you, Ben" in wire.html("c1")
    assert "time ran out" not in wire.html("c2")
    play_until(wire, guest_to_draw)                                    # Ben's next turn: the whole limit again
    wire.recheck()
    assert wire.frame["timer"] == [100_000, s.token()]


def test_the_turn_limit_is_the_hosts_choice_in_the_lobby():
    wire = lobby()
    assert 'data-arg="turn=2" aria-pressed="true"' in wire.frame["html"]
    wire.guest("c1", tap("set", "turn=off"))                           # a guest's tap: not theirs to make
    assert wire.s.settings.turn == "2"
    wire.intent("set", "turn=1")
    assert wire.s.settings.turn_limit_ms() == 60_000
    wire.intent("set", "turn=off")
    wire.intent("online-start")
    play_until(wire, guest_to_draw)
    wire.recheck()
    assert wire.frame["timer"] is None and "⏱" not in wire.html("c1")


def test_the_host_may_let_a_bot_play_the_turn_of_someone_connected_but_still_for_30_s(now):
    wire = started()
    s = wire.s
    s.settings.turn = "off"
    play_until(wire, guest_to_draw)
    wire.recheck()
    token = s.token()
    assert 'data-act="online-bot"' not in wire.frame["html"]
    assert wire.frame["online"]["recheck"] == 30_050                    # the page looks again at 30 s
    now[0] += 20
    wire.intent("online-bot", "1")                                     # too early (a stale screen): nothing
    assert s.token() == token
    now[0] += 10
    wire.recheck()
    assert "🤖 Let a bot play this turn for Ben" in wire.frame["html"]
    assert 'data-act="online-bot"' not in wire.html("c1") + wire.html("c2")   # the host's say alone
    wire.intent("online-bot", "1")
    assert s.state.turn != 1 and 1 not in s.bots and not s.room.guest_at(1).stand_in, "that one turn only"
    assert "let a bot play that turn for you, Ben" in wire.html("c1")
    play_until(wire, guest_to_draw)                                    # the next turn is Ben's, and its 30 s anew
    wire.recheck()
    assert 'data-act="online-bot"' not in wire.frame["html"]


def test_a_guests_tap_that_moves_nothing_redraws_its_own_screen_alone():
    """Out of turn, or a card picked: the guest's screen says so, and no other screen (nor the
    host's, nor its bot timer) is drawn again."""
    wire = started()
    play_until(wire, lambda s: s.state.current_player == 0 and s.state.phase is Phase.DRAW)
    wire.recheck()
    frame = wire.guest("c1", tap("draw"))
    assert "html" not in frame and [conn for conn, _ in frame["peers"]] == ["c1"]
    assert ">It is not your turn</p>" in wire.html("c1")
    card = re.search(r'data-key="([^"]+)" data-act="card"', wire.html("c2")).group(1)
    frame = wire.guest("c2", tap("card", card))
    assert "html" not in frame and [conn for conn, _ in frame["peers"]] == ["c2"]
    assert f'data-key="{card}" data-act="card" data-arg="{card}" aria-pressed="true"' in wire.html("c2")
