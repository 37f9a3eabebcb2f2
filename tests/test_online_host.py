"""The host's worker at an online table (game/ui/online/host.py, game/ui/session/online.py): guests'
messages through ``App.guest``, their screens back in the frame's ``peers``, as the page carries
them. A guest acts only for its own seat; a reload of either side finds the same seats; an away
person's turn waits, and the host may let a bot play it only after the limit; no guest's screen
ever shows another seat's hand during a deal. The room and the message check themselves:
tests/test_online_room.py; the whole games: ``python -m bench.online``."""

import json
import random
import re

import pytest

from game.bots import make_bot
from game.state import Phase
from game.ui.app import App
from game.ui.session import frames as fr
from game.ui.session import online
from game.ui.session import session as session_module
from game.ui.store.room import Room
from game.ui.store.saves import ROOM_KEY

TOKENS = [f"{n:x}" * 32 for n in range(1, 6)]
KEY = re.compile(r"\b(?:[A2-9TJQK][HDCS]|JK)/\d+\b")
# App.guest turns an exception into a refusal ("c1: KeyError: …") so the host's table goes on; here it is a bug.
RAISED = re.compile(r"[^:]*: (its screen could not be drawn|[A-Z]\w*: )")


def hello(token: str, name: str) -> str:
    return json.dumps({"t": "hello", "token": token, "name": name})


def tap(act: str, arg: str = "") -> str:
    return json.dumps({"t": "tap", "act": act, "arg": arg})


class Wire:
    """The host's App and the page between it and the guests: what each line was last sent."""

    def __init__(self, app: App) -> None:
        self.app, self.last, self.texts, self.frame = app, {}, [], None

    @property
    def s(self):
        return self.app.session

    def take(self, frame):
        if frame is not None:
            self.frame = frame
            raised = [why for why in frame.get("refusals", []) if RAISED.match(why)]
            assert not raised, raised
            for conn, text in frame.get("peers", []):
                self.texts.append((conn, text))
                self.last[conn] = json.loads(text)
        return frame

    def guest(self, conn: str, text: str):
        return self.take(self.app.guest(conn, text))

    def intent(self, act: str, arg: str = ""):
        return self.take(self.app.intent(act, arg))

    def left(self, conn: str):
        return self.take(self.app.left(conn))

    def recheck(self):
        return self.take(self.app.recheck())

    def tick(self):
        assert self.frame["timer"] is not None, "a bot is to move and no timer is set"
        return self.take(self.app.tick(self.frame["timer"][1]))

    def html(self, conn: str) -> str:
        assert self.last[conn]["t"] == "frame", self.last[conn]
        return self.last[conn]["html"]

    def prompt(self) -> str:
        return re.search(r'<p class="prompt"[^>]*>(.*?)</p>', self.frame["html"]).group(1)


def lobby(rules: str = "aggravation", level: str = "scout", names=("Ben", "Cy")) -> Wire:
    wire = Wire(App({}, {"speed": "0", "rules": rules}))
    wire.take(wire.app.boot())
    wire.intent("online")
    wire.intent("online-level", level)
    for n, name in enumerate(names):
        wire.guest(f"c{n + 1}", hello(TOKENS[n], name))
    return wire


def started(rules: str = "aggravation", level: str = "scout", names=("Ben", "Cy")) -> Wire:
    wire = lobby(rules, level, names)
    wire.intent("online-start")
    assert wire.s.room.started and wire.s.online == wire.s.room.code
    return wire


@pytest.fixture(autouse=True)
def dealt(monkeypatch):
    """The host's Start deals a random game; here each test deals the same ones every run."""
    seeds = random.Random(33)

    class Seeded:
        SystemRandom = random.SystemRandom

        @staticmethod
        def Random(*args):  # noqa: N802 (random.Random's stand-in)
            return random.Random(*args) if args else random.Random(seeds.getrandbits(32))

    monkeypatch.setattr(session_module, "random", Seeded)


@pytest.fixture
def clock(monkeypatch):
    """online.clock, moved by the test: a guest can be away a minute in no time."""
    now = [1000.0]
    monkeypatch.setattr(online, "clock", lambda: now[0])
    return now


def play_one(wire: Wire, brain, rng) -> None:
    """One step of the game: a bot's timer, the end of a deal tapped on, or a person's move (the
    host's own, or a guest's as its tap would run it: seated at its own screen)."""
    s = wire.s
    seat = s.state.current_player
    if seat is None:
        wire.take(wire.app.tick(s.token()) if wire.frame["timer"] else wire.app.intent("onward"))
    elif not s.person(seat):
        wire.tick()
    else:
        action = brain.choose(s.state.view(seat), s.state.legal_actions(), rng)
        with online.seated(s, seat, wire.app.host.ui_of(seat) if seat else s.ui):
            assert s._play(action), s.ui.message
        wire.recheck()


def play_until(wire: Wire, done, limit: int = 5000, seed: int = 1) -> None:
    brain, rng = make_bot("scout"), random.Random(seed)
    for _ in range(limit):
        if done(wire.s):
            return
        assert not wire.s.state.is_over, "the game ended first"
        play_one(wire, brain, rng)
    raise AssertionError(f"not there after {limit} steps")


def turn_of(seat: int, phase: Phase = Phase.DRAW):
    return lambda s: s.state.current_player == seat and s.state.phase is phase


def drew(s, at: int) -> bool:
    """The game's move number ``at`` is a draw (the engine takes one only from the seat to move;
    a draw past the discard is told once the claims on it are settled)."""
    return len(s.log.actions) > at and type(s.log.actions[at]).__name__ == "Draw"


# ---------------------------------------------------------------- the lobby


def test_guests_who_say_hello_sit_down_and_see_the_lobby():
    wire = lobby()
    room = wire.s.room
    assert [(g.name, g.seat) for g in room.guests] == [("Ben", 1), ("Cy", 2)] and room.here == {1, 2}
    assert wire.last["c1"]["seat"] == 1 and wire.last["c1"]["screen"] == "lobby"
    assert "waiting for Player 1 to start" in wire.html("c2")
    assert "Ben" in wire.frame["html"] and "Cy" in wire.frame["html"]          # the host's lobby lists them
    assert wire.frame["online"]["code"] == room.code
    assert json.loads(wire.s.saves.storage.get(ROOM_KEY))["guests"][1]["name"] == "Cy"   # kept at once


def test_taps_in_the_lobby_are_refused():
    wire = lobby()
    frame = wire.guest("c1", tap("draw"))
    assert frame["refusals"] and wire.s.state is None


def test_a_guest_leaving_the_lobby_moves_the_others_up_and_each_line_keeps_its_person():
    wire = lobby(names=("Ana", "Ben", "Cy"))
    wire.left("c1")                                    # Ana goes: Ben and Cy move up one seat
    assert [(g.name, g.seat) for g in wire.s.room.guests] == [("Ben", 1), ("Cy", 2)]
    assert wire.app.host.seats == {"c2": 1, "c3": 2}
    assert wire.last["c2"]["seat"] == 1 and wire.last["c3"]["seat"] == 2
    assert re.search(r"Ben</span> <small>you</small>", wire.html("c2"))
    wire.intent("online-start")
    assert wire.s.names[:3] == ["Player 1", "Ben", "Cy"]
    assert wire.last["c2"]["seat"] == 1 and wire.last["c3"]["seat"] == 2


def test_a_room_is_full_at_the_rulebooks_table_and_closed_to_newcomers_once_started():
    wire = lobby(names=("A", "B", "C", "D"))           # the host and four: Aggravation seats five
    frame = wire.guest("c5", hello(TOKENS[4], "E"))
    assert wire.last["c5"]["t"] == "refused" and "full" in wire.last["c5"]["why"] and "c5" in frame["drop"]
    wire = started()
    frame = wire.guest("late", hello(TOKENS[4], "Dee"))
    assert wire.last["late"] == {"t": "refused", "why": "This game has already started. Ask the host for a new table."}
    assert "late" in frame["drop"] and len(wire.s.room.guests) == 2


# ---------------------------------------------------------------- a guest's own seat, only


def test_a_guest_acts_only_for_its_own_seat():
    wire = started()
    play_until(wire, turn_of(1))                       # Ben (seat 1) is to draw
    s, actions = wire.s, len(wire.s.log.actions)
    wire.guest("c2", tap("draw"))                      # Cy taps draw on Ben's turn
    assert len(s.log.actions) == actions and "It is not your turn" in wire.html("c2")
    frame = wire.guest("stranger", tap("draw"))        # a line that never said hello
    assert frame["refusals"] and len(s.log.actions) == actions and "stranger" not in wire.last
    wire.guest("c2", tap("online-bot", "1"))           # the host's own button, from a guest
    assert 1 not in s.bots and len(s.log.actions) == actions
    wire.guest("c1", tap("draw"))                      # Ben draws: his move, his seat
    assert drew(s, actions)
    assert wire.last["c1"]["seat"] == 1


def test_a_guest_picks_a_card_by_its_key_and_discards_it():
    wire = started()
    play_until(wire, turn_of(1))
    wire.guest("c1", tap("draw"))
    play_until(wire, turn_of(1, Phase.PLAY))           # the others said whether they claim the discard
    card = wire.s.state.seats[1].hand[0]
    wire.guest("c1", tap("card", card.key))
    assert f'data-key="{card.key}" data-act="card" data-arg="{card.key}" aria-pressed="true"' in wire.html("c1")
    wire.guest("c1", tap("discard"))
    assert wire.s.state.pile[-1] == card and wire.s.state.events[-1].seat == 1


def test_a_second_line_with_the_same_token_replaces_the_first():
    wire = started()
    play_until(wire, turn_of(1))
    frame = wire.guest("c1-again", hello(TOKENS[0], "Ben"))   # Ben's phone reloaded; the old line not yet closed
    assert wire.app.host.seats == {"c1-again": 1, "c2": 2} and wire.last["c1"]["t"] == "moved"
    assert "c1" not in frame["drop"] and wire.app.host.benched == {"c1": 1}   # its page may take the seat back
    assert wire.s.room.asks == [], "one device (no device said): the host is not bothered"
    assert wire.last["c1-again"]["seat"] == 1 and wire.last["c1-again"]["screen"] == "table"
    actions = len(wire.s.log.actions)
    assert wire.guest("c1", tap("draw"))["refusals"] and len(wire.s.log.actions) == actions
    wire.left("c1")                                   # the old line closes at last: Ben is still here
    assert 1 in wire.s.room.here and 1 not in wire.s.room.away
    wire.guest("c1-again", tap("draw"))
    assert drew(wire.s, actions)


@pytest.mark.parametrize("text", [
    tap("draw", "x" * 3000), '{"t": "tap"', '{"t": [], "act": "draw", "arg": ""}', '{"t": {}}',
    json.dumps({"t": "tap", "act": "draw", "arg": "", "seat": 1}), tap("settings"), tap("card", "<b>"),
    json.dumps({"t": "escape", "x": 1}), "[" * 3000,
    # the newer kinds, field by field: a look, a leave, an ask, a reaction
    json.dumps({"t": "look", "seat": 1}), json.dumps({"t": "leave", "seat": 2}),
    json.dumps({"t": "ask", "seat": "12", "token": "e" * 32, "name": "Ben"}),
    json.dumps({"t": "ask", "seat": "x", "token": "e" * 32, "name": "Ben"}),
    json.dumps({"t": "ask", "seat": "1", "token": "E" * 32, "name": "Ben"}),
    json.dumps({"t": "ask", "seat": 1, "token": "e" * 32, "name": "Ben"}),
    json.dumps({"t": "hello", "token": "a" * 32, "name": "Ben", "device": "not hex"}),
    json.dumps({"t": "ask", "seat": "1", "token": "e" * 32, "name": "Ben", "device": "1" * 31}),
    tap("react", "🎉"), tap("online-ask", "1:give"), tap("online-remove", "2"), tap("online-again"),
])
def test_a_forged_message_is_refused_and_changes_nothing(text):
    wire = started()
    play_until(wire, turn_of(1))
    before = (list(wire.s.log.actions), wire.s.room.to_json(), dict(wire.app.host.seats))
    frame = wire.guest("c1", text)
    assert frame["refusals"] and frame["refusals"][0].startswith("c1: ")
    assert (list(wire.s.log.actions), wire.s.room.to_json(), dict(wire.app.host.seats)) == before


def test_a_guessed_token_on_a_guests_own_line_closes_it_and_the_seat_waits_as_away():
    wire = started()
    play_until(wire, turn_of(1))
    frame = wire.guest("c1", hello(TOKENS[4], "Mallory"))
    assert wire.last["c1"]["t"] == "refused" and "c1" in frame["drop"]
    assert "c1" not in wire.app.host.seats and 1 in wire.s.room.away and 1 not in wire.s.room.here
    wire.recheck()
    assert "Waiting for Ben: they are away" in wire.prompt()


# ---------------------------------------------------------------- nobody sees another's hand


@pytest.mark.parametrize("rules", ["aggravation", "gallery", "contract"])
def test_no_guests_screen_ever_holds_a_card_of_another_hand_or_the_stock(rules):
    wire = started(rules, "sprout", names=("Ben", "Cy", "Di"))
    s, checked = wire.s, 0
    brain, rng = make_bot("scout"), random.Random(rules)
    while s.state.deal_number < 3 and not s.state.is_over:
        wire.texts.clear()
        play_one(wire, brain, rng)
        if s.state.current_player is None:        # a deal's end shows every hand: public at a real table too
            continue
        for conn, text in wire.texts:
            message = json.loads(text)
            seat = message["seat"]
            assert seat == wire.app.host.seats[conn]
            view = s.state.view(seat)
            may_see = {c.key for c in view.hand} | {c.key for c in view.pile} | \
                      {c.key for m in view.table for c in m.meld.cards}
            shown = set(KEY.findall(message["html"]))
            assert {c.key for c in view.hand} <= shown                        # its own hand: yes
            assert shown <= may_see, f"seat {seat} was shown {shown - may_see}"
            others = {c.key for n, seat_ in enumerate(s.state.seats) if n != seat for c in seat_.hand}
            assert not shown & (others | {c.key for c in s.state.stock})
            checked += 1
    assert checked > 100


# ---------------------------------------------------------------- away, a bot's stand-in, back


def test_an_away_persons_turn_waits_and_a_bot_may_play_it_only_after_the_limit(clock):
    wire = started()
    wire.s.settings.turn = "off"     # the turn limit is its own end of a wait (test_online_waits.py)
    play_until(wire, turn_of(1))
    s, actions = wire.s, len(wire.s.log.actions)
    wire.left("c1")
    assert wire.frame["timer"] is None and "Waiting for Ben: they are away" in wire.prompt()
    assert "Waiting for Ben: they are away" in wire.html("c2")       # Cy's screen says it too
    assert 'data-act="online-bot"' not in wire.frame["html"]
    assert wire.frame["online"]["recheck"] == online.AWAY_LIMIT_S * 1000 + 50
    clock[0] += online.AWAY_LIMIT_S - 1
    wire.recheck()
    assert 'data-act="online-bot"' not in wire.frame["html"]
    wire.intent("online-bot", "1")                     # tapped early (a stale screen): not yet
    assert 1 not in s.bots and "Wait a little longer" in wire.frame["html"]
    clock[0] += 2
    wire.recheck()
    assert 'data-act="online-bot" data-arg="1"' in wire.frame["html"] and "Let a bot play for Ben" in wire.frame["html"]
    assert 'data-act="online-bot"' not in wire.html("c2")        # the host's say, not a guest's
    wire.intent("online-bot", "1")
    assert 1 in s.bots and s.room.guest_at(1).stand_in and wire.frame["timer"] is not None
    wire.tick()
    assert len(s.log.actions) > actions and s.state.events[-1].seat == 1
    wire.guest("c1-back", hello(TOKENS[0], "Ben"))     # Ben is back: his seat is his again
    assert 1 not in s.bots and not s.room.guest_at(1).stand_in and 1 in s.room.here
    assert wire.last["c1-back"]["seat"] == 1 and not json.loads(s.saves.storage.get(ROOM_KEY))["guests"][0]["stand_in"]
    assert "a bot played for you while you were away" in wire.html("c1-back")      # and is told so


def test_frames_left_open_do_not_outlive_a_bots_stand_in(clock):
    """Ben opened his frames and went away; a bot played his seat; back, his screen is fresh, not
    frames of cards he may no longer hold (a tap on ✅ then raised)."""
    wire = started()
    play_until(wire, turn_of(1))
    wire.guest("c1", tap("draw"))
    s = wire.s
    ui = wire.app.host.ui_of(1)
    ui.frames = fr.Frames.open(s.state.contract_of(1).melds)
    ui.frames.keys[0] = [c.key for c in s.state.seats[1].hand[:2]]
    wire.recheck()
    assert 'data-zone="frames"' in wire.html("c1")
    wire.left("c1")
    clock[0] += online.AWAY_LIMIT_S + 1
    wire.recheck()
    wire.intent("online-bot", "1")
    deal = s.state.deal_number
    play_until(wire, lambda s: s.state.deal_number > deal and turn_of(2)(s))   # the bot played on, a new deal
    wire.guest("c1", hello(TOKENS[0], "Ben"))
    assert 'data-zone="frames"' not in wire.html("c1")
    play_until(wire, turn_of(1))
    wire.guest("c1", tap("draw"))
    play_until(wire, turn_of(1, Phase.PLAY))
    wire.guest("c1", tap("lay"))                       # nothing open: said, not raised
    assert "Go down" in wire.html("c1") and wire.s.state.current_player == 1


def test_a_host_reload_resumes_the_room_and_every_guest_finds_its_seat(clock):
    wire = started()
    play_until(wire, turn_of(2))
    code, actions = wire.s.room.code, list(wire.s.log.actions)
    again = Wire(App(dict(wire.app.store.values), {"speed": "0"}))
    again.take(again.app.boot())
    s = again.s
    assert s.room.code == code and s.online == code and s.log.actions == actions
    assert [(g.name, g.seat) for g in s.room.guests] == [("Ben", 1), ("Cy", 2)]
    assert s.room.here == set() and set(s.room.away) == {1, 2}      # everyone away until they say hello
    assert again.frame["online"]["code"] == code and again.frame["screen"] == "table"
    assert "Waiting for Cy: they are away" in again.prompt()
    again.guest("n2", hello(TOKENS[1], "Cy"))
    again.guest("n1", hello(TOKENS[0], "Ben"))
    assert again.app.host.seats == {"n1": 1, "n2": 2}
    assert again.last["n2"]["seat"] == 2 and 'data-my-turn="true"' in again.html("n2")
    assert "Waiting for Cy…" in again.prompt()
    again.guest("stranger", hello(TOKENS[4], "Eve"))
    assert again.last["stranger"]["t"] == "refused"
    again.guest("n2", tap("draw"))
    assert drew(s, len(actions))


def test_a_stand_in_is_kept_over_a_host_reload_until_its_person_returns(clock):
    wire = started()
    play_until(wire, turn_of(1))
    wire.left("c1")
    clock[0] += online.AWAY_LIMIT_S + 1
    wire.recheck()
    wire.intent("online-bot", "1")
    again = Wire(App(dict(wire.app.store.values), {"speed": "0"}))
    again.take(again.app.boot())
    assert 1 in again.s.bots and again.frame["timer"] is not None
    again.guest("n1", hello(TOKENS[0], "Ben"))
    assert 1 not in again.s.bots and not again.s.room.guest_at(1).stand_in


def test_a_guest_left_on_the_last_deals_end_sees_the_next_end_from_its_start():
    """Someone else tapped Next while Cy was still on the hands: Cy's next deal end starts with its
    going-out play, as everyone's does."""
    wire = started(names=("Ben", "Cy"))
    play_until(wire, lambda s: s.state.current_player is None and not wire.frame["timer"])
    assert wire.app.host.uis[2].ending in ("hands", "play")
    wire.intent("onward")                              # the host, on to the scores and the next deal
    while wire.s.state.current_player is None:
        wire.intent("onward")
    assert wire.app.host.uis[2].ending == ""
    play_until(wire, lambda s: s.state.current_player is None)
    if wire.s.state.results[-1].went_out is not None:
        assert wire.s.ui.ending == "play" and 'data-zone="went-out"' in wire.html("c2")


# ---------------------------------------------------------------- the room closes


def test_a_solo_game_started_by_the_host_closes_the_table():
    wire = started()
    play_until(wire, turn_of(1))
    wire.intent("menu")
    wire.intent("level", "ace")
    frame = wire.intent("confirm")                     # "start a new game?": yes
    assert wire.s.room is None and wire.s.online == "" and wire.s.people == 1
    closed = {"t": "closed", "why": "The host closed this table."}
    assert wire.last["c1"] == closed and wire.last["c2"] == closed
    assert set(frame["drop"]) == {"c1", "c2"} and frame["online"] is None
    assert wire.app.store.get(ROOM_KEY) is None
    after = wire.intent("sort")
    assert "online" not in after and "peers" not in after     # said once; a solo game carries no online fields
    frame = wire.guest("c1", tap("draw"))                      # a guest still talking is told again
    assert wire.last["c1"] == closed and "c1" in frame["drop"]


def test_closing_the_lobby_tells_the_guests_once():
    wire = lobby()
    frame = wire.intent("online-close")
    assert frame["online"] is None and wire.last["c1"]["t"] == "closed" and wire.last["c2"]["t"] == "closed"
    assert frame["screen"] == "start" and Room.from_json(wire.app.store.get(ROOM_KEY)) is None
    assert "online" not in wire.intent("settings")


def test_only_the_host_deals_the_next_hand():
    """At a deal's end a guest may step through its own screen (the play, the hands, the scores)
    but the next deal is the host's: everyone may still be reading the scores."""
    wire = started()
    play_until(wire, lambda s: s.state.phase is Phase.DEAL_OVER)
    deal = wire.s.state.deal_number
    for _ in range(3):                                     # the guest's own steps to its scores
        wire.guest("c1", tap("onward"))
    html = wire.html("c1")
    assert 'data-act="next"' not in html and "to deal the next hand" in html
    wire.guest("c1", tap("next"))
    wire.guest("c1", tap("onward"))
    assert wire.s.state.phase is Phase.DEAL_OVER and wire.s.state.deal_number == deal
    wire.intent("next")
    assert wire.s.state.deal_number == deal + 1


def test_a_guest_named_as_someone_at_the_table_gets_a_number():
    wire = lobby(names=("Ben", "ben", "Player 1"))
    assert [g.name for g in wire.s.room.guests] == ["Ben", "ben 2", "Player 1 (2)"]


def test_the_table_plays_on_while_the_host_looks_at_the_menu():
    """The host opens the menu mid-game: the bots and the guests go on (the host's screen is not
    the table's clock); 🌐 on the menu leads back to the table in play, not to its lobby."""
    wire = started(level="ace")
    play_until(wire, lambda s: not s.person(s.state.current_player) and s.state.current_player is not None)
    wire.intent("menu")
    assert wire.frame["screen"] == "start" and wire.frame["timer"] is not None    # a bot's move is due
    moves = len(wire.s.log.actions)
    wire.tick()
    assert len(wire.s.log.actions) > moves
    wire.intent("online")
    assert wire.frame["screen"] == "table"


def test_a_line_holds_one_seat_whatever_tokens_it_says():
    """A forged client that knows two guests' tokens cannot hold both seats on one line."""
    wire = started()
    wire.guest("c1", hello(TOKENS[1], "Cy"))              # Ben's line says Cy's token
    assert wire.last["c1"]["t"] == "refused" and "c1" not in wire.app.host.seats
    assert wire.app.host.seats["c2"] == 2 and 1 in wire.s.room.away and 2 in wire.s.room.here


def test_a_name_with_a_line_break_keeps_its_words_apart():
    wire = lobby(names=("Ben\nJones",))
    assert wire.s.room.guests[0].name == "Ben Jones"
