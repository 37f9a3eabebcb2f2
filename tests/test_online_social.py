"""An online table among friends: reactions by the seat on every screen, and (below) the table
played again, the join page's words and a guest who leaves. The host's worker as in
tests/test_online_host.py: guests' messages through ``App.guest``, their screens in ``peers``."""
import json
import re

from test_online_host import clock, dealt, lobby, started, tap  # noqa: F401 (fixtures)


def bubbles(html: str) -> list[str]:
    """The reactions on a screen, as their labels say them."""
    return re.findall(r'<span class="reaction" role="img" aria-label="([^"]+)"', html)


def test_a_reaction_shows_by_its_seat_on_every_screen_for_a_few_seconds(clock):
    wire = started()
    wire.recheck()
    assert 'data-act="react" data-arg="party"' in wire.frame["html"] and 'data-act="react"' in wire.html("c1")
    wire.guest("c1", tap("react", "party"))
    assert bubbles(wire.html("c2")) == ["Ben: 🎉"] and bubbles(wire.frame["html"]) == ["Ben: 🎉"]
    assert bubbles(wire.html("c1")) == ["You: 🎉"]
    assert wire.frame["online"]["recheck"] == 4050                     # the page looks again when it is to go
    clock[0] += 2.5
    wire.intent("react", "thumbs")                                     # the host's own
    assert bubbles(wire.html("c1")) == ["Player 1: 👍", "You: 🎉"]
    assert 'animation-delay:-2500ms' in wire.html("c2"), "the fade placed where it stands"
    clock[0] += 2.0
    wire.recheck()
    assert bubbles(wire.html("c2")) == ["Player 1: 👍"] and wire.frame["online"]["recheck"] == 2050
    clock[0] += 3.0
    wire.recheck()
    assert bubbles(wire.html("c2")) == [] and bubbles(wire.frame["html"]) == []


def test_reactions_are_a_fixed_set_one_a_second_and_changing_nothing_otherwise(clock):
    wire = started()
    wire.recheck()
    sent = len(wire.texts)
    frame = wire.app.guest("c1", tap("react", "poop"))                 # not one of the set: nothing shows
    assert "html" not in frame and [conn for conn, _ in frame["peers"]] == ["c1"]
    assert wire.app.guest("c1", json.dumps({"t": "tap", "act": "react", "arg": "<b>hi</b>"}))["refusals"]
    wire.guest("c1", tap("react", "wow"))
    shown = len(wire.texts)
    assert shown > sent + 1                                           # every screen: the bubble
    clock[0] += 0.5
    frame = wire.app.guest("c1", tap("react", "laugh"))                # too soon: no redraw of anyone's table
    assert "html" not in frame and len(frame["peers"]) <= 1
    assert "😂" not in json.dumps(frame)
    clock[0] += 0.6
    wire.guest("c1", tap("react", "laugh"))
    assert bubbles(wire.html("c2")) == ["Ben: 😂"]


def test_no_reactions_at_a_table_that_is_not_online():
    wire = started()
    wire.intent("online-close")                                       # the game goes on at this device alone
    assert wire.s.state is not None and 'data-act="react"' not in wire.frame["html"]
    wire.intent("react", "party")
    assert "🎉" not in wire.frame["html"]


def to_the_end(wire) -> None:
    """Plays the game out (the host taps each deal on)."""
    import random
    from game.bots import make_bot
    from test_online_host import play_one
    brain, rng = make_bot("scout"), random.Random(5)
    for _ in range(20000):
        if wire.s.state.is_over:
            return
        play_one(wire, brain, rng)
        if wire.s.state.phase.value == "deal_over" and wire.s.ui.ending == "":
            wire.intent("next")
    raise AssertionError("the game did not end")


def test_play_again_deals_another_game_to_the_same_people_in_the_same_seats():
    wire = started("contract", "sprout")
    s = wire.s
    code, tokens = s.room.code, [g.token for g in s.room.guests]
    to_the_end(wire)
    wire.recheck()
    while s.ui.ending:
        wire.intent("onward")
    assert "🔁 Play again with Ben and Cy" in wire.frame["html"]
    for _ in range(3):                                                # each guest steps its own screen to the places
        for conn in ("c1", "c2"):
            act = re.search(r'data-act="(scores|onward)"', wire.html(conn))
            if act:
                wire.guest(conn, tap(act.group(1)))
    assert "may start another game at this table" in wire.html("c1") and 'data-act="online-again"' not in wire.html("c1")
    wire.guest("c1", tap("online-again"))                             # the host's say, not a guest's
    assert s.state.is_over
    old = s.game
    wire.intent("online-again")
    assert s.game != old and s.room.game == s.game and s.room.code == code and not s.state.is_over
    assert [g.token for g in s.room.guests] == tokens and s.names[:3] == ["Player 1", "Ben", "Cy"]
    assert "started another game: the same table, your same seat" in wire.html("c1")
    assert 'data-screen="table"' in wire.html("c2") and wire.last["c2"]["seat"] == 2
    assert "Another game at the same table" in wire.frame["html"]


# ---------------------------------------------------------------- who sits where: the host decides

from test_online_host import TOKENS, hello, play_until, turn_of  # noqa: E402

NEW = "e" * 32        # a new device's token
DEVICES = ("1" * 32, "2" * 32)


def look(wire, conn: str) -> dict:
    frame = wire.app.guest(conn, json.dumps({"t": "look"}))
    assert "html" not in frame, "a look redraws nothing"
    wire.take(frame)
    return wire.last[conn]


def test_a_look_tells_whose_table_which_rules_and_bots_and_how_many_seats_are_taken():
    wire = lobby(level="scout", names=("Ben",))
    wire.intent("name", "0|Ann")
    info = look(wire, "x1")
    assert info == {"t": "table", "host": "Ann", "rulebook": "Aggravation", "bots": "🧭 Scout bots", "taken": 2,
                    "seats": 5, "started": False, "people": []}
    wire.intent("online-start")
    info = look(wire, "x1")
    assert info["started"] and info["people"] == [{"seat": 1, "name": "Ben"}] and info["seats"] == 4
    assert "x1" not in wire.app.host.seats


def ask(seat: int, token: str = NEW, device: str = DEVICES[1]) -> str:
    return json.dumps({"t": "ask", "seat": str(seat), "token": token, "name": "Ben", "device": device})


def test_a_new_device_asks_for_its_seat_and_the_host_gives_it_with_the_same_hand():
    wire = started()
    s = wire.s
    play_until(wire, turn_of(1))
    hand = sorted(c.key for c in s.state.seats[1].hand)
    wire.guest("x1", ask(1))
    assert "Someone on a new device says they are Ben" in wire.frame["html"]
    assert "new device" not in wire.html("c2"), "the host's question alone"
    number = s.room.asks[0].id
    wire.intent("online-ask", f"{number}:give")
    assert wire.last["c1"] == {"t": "refused", "why": "Your seat moved to another device: the host gave it there."}
    assert "c1" in wire.frame["drop"] and wire.app.host.seats["x1"] == 1
    assert s.room.guest_at(1).token == NEW and wire.last["x1"]["seat"] == 1
    assert sorted(k for k in re.findall(r'data-key="([^"]+)" data-act="card"', wire.html("x1"))) == hand
    wire.guest("c1-back", hello(TOKENS[0], "Ben"))                   # the old token: no seat any more
    assert wire.last["c1-back"]["t"] == "refused"
    wire.guest("x1", tap("draw"))
    assert s.state.seats[1].hand and s.state.phase.value != "draw"


def test_the_host_may_say_no_and_a_line_asks_once():
    wire = started()
    wire.guest("x1", ask(2))
    wire.guest("x1", ask(1))                                          # a second question from the same line: not heard
    assert len(wire.s.room.asks) == 1
    wire.intent("online-ask", f"{wire.s.room.asks[0].id}:keep")
    assert wire.last["x1"]["t"] == "refused" and "kept Cy’s seat" in wire.last["x1"]["why"]
    assert wire.s.room.guest_at(2).token == TOKENS[1] and wire.s.room.asks == []
    wire.guest("x2", ask(1, token=TOKENS[1]))                        # a token already at the table: no
    assert wire.last["x2"]["t"] == "refused" and wire.s.room.asks == []


def test_a_seat_taken_up_on_another_device_is_told_to_the_host_who_may_move_it_back():
    wire = started()
    s, host = wire.s, wire.app.host
    wire.guest("c1", json.dumps({"t": "hello", "token": TOKENS[0], "name": "Ben", "device": DEVICES[0]}))
    wire.guest("c1-tablet", json.dumps({"t": "hello", "token": TOKENS[0], "name": "Ben", "device": DEVICES[1]}))
    assert host.seats.get("c1-tablet") == 1 and host.benched == {"c1": 1} and wire.last["c1"]["t"] == "moved"
    assert "🔁 Ben’s seat moved to another device." in wire.frame["html"]
    wire.intent("online-ask", f"{s.room.asks[0].id}:back")
    assert host.seats.get("c1") == 1 and host.benched == {"c1-tablet": 1}
    assert wire.last["c1"]["t"] == "frame" and wire.last["c1-tablet"]["t"] == "moved"
    assert "other device" in wire.last["c1-tablet"]["why"] and s.room.asks == []
    wire.guest("c1-tablet", json.dumps({"t": "hello", "token": TOKENS[0], "name": "Ben", "device": DEVICES[1]}))
    assert host.seats.get("c1-tablet") == 1 and len(s.room.asks) == 1, "each move is told: no silent swapping"
    wire.intent("online-ask", f"{s.room.asks[0].id}:ok")
    assert s.room.asks == [] and "seat moved" not in wire.frame["html"]


def test_the_host_takes_someone_off_the_lobby_and_their_token_is_refused_from_then_on():
    wire = lobby()
    assert 'data-act="online-remove" data-arg="1"' in wire.frame["html"] and "online-remove" not in wire.html("c2")
    wire.intent("online-remove", "1")
    assert wire.last["c1"] == {"t": "refused", "why": "The host took you off this table."} and "c1" in wire.frame["drop"]
    assert [g.name for g in wire.s.room.guests] == ["Cy"] and wire.app.host.seats == {"c2": 1}
    wire.guest("c1-again", hello(TOKENS[0], "Ben"))
    assert wire.last["c1-again"]["t"] == "refused" and [g.name for g in wire.s.room.guests] == ["Cy"]
    assert TOKENS[0] in json.loads(wire.s.saves.storage.get("aggravation.room") or wire.s.room.to_json())["removed"]


def test_a_guest_who_leaves_the_game_is_played_by_a_bot_and_the_host_is_told():
    wire = started()
    s = wire.s
    wire.guest("c1", json.dumps({"t": "leave"}))
    assert wire.last["c1"]["t"] == "left" and "A bot plays your seat" in wire.last["c1"]["why"] and "c1" in wire.frame["drop"]
    assert 1 in s.bots and s.room.guest_at(1).left and "🚪 Ben left the table: a bot plays their seat" in wire.frame["html"]
    play_until(wire, lambda s: s.state.turn == 2 and s.state.events and s.state.events[-1].seat == 1)
    wire.guest("c1-again", hello(TOKENS[0], "Ben"))
    assert wire.last["c1-again"]["t"] == "refused" and 1 in s.bots


def test_a_guest_who_leaves_the_lobby_frees_the_seat():
    wire = lobby()
    wire.guest("c1", json.dumps({"t": "leave"}))
    assert wire.last["c1"]["t"] == "left" and [g.name for g in wire.s.room.guests] == ["Cy"]
    assert "🚪 Ben left the table" in wire.frame["html"]


def test_the_host_is_asked_its_name_once_in_the_lobby():
    wire = lobby()
    assert 'placeholder="Your name"' in wire.frame["html"] and 'value=""' in wire.frame["html"]
    assert "Your friends see this name" in wire.frame["html"]
    wire.intent("name", "0|Ann")
    assert 'value="Ann"' in wire.frame["html"] and "Your friends see this name" not in wire.frame["html"]
    assert wire.html("c1").count("Ann’s table") == 1


def test_a_deal_a_guest_ends_shows_its_end_step_by_step_on_the_hosts_screen_too():
    """The guest's move is drawn on the host's screen in the same frame that ends the deal: the
    going-out play, with the host's clock set to move every screen on (not the scores at once,
    with every guest left on the going-out play until the host taps)."""
    import random
    from game.bots import make_bot
    from test_online_host import play_one
    wire = started("contract", "sprout")
    s, brain, rng = wire.s, make_bot("scout"), random.Random(3)
    ended_by_guest = 0
    for _ in range(20_000):
        if s.state.is_over or ended_by_guest >= 2:
            break
        deals = len(s.state.results)
        play_one(wire, brain, rng)
        if len(s.state.results) > deals:              # this step ended a deal
            went_out = s.state.results[-1].went_out
            if went_out in (1, 2):
                ended_by_guest += 1
                assert 'data-phase="deal_over"' in wire.frame["html"] or 'data-phase="game_over"' in wire.frame["html"]
                assert s.ui.ending == "play" and f"🎉 {s.names[went_out]} went out" in wire.frame["html"]
                assert wire.frame["timer"] is not None, "the host's clock moves the end on"
            while s.state.phase.value == "deal_over":
                if wire.frame["timer"]:
                    wire.tick()
                else:
                    wire.intent("scores") if s.ui.ending else wire.intent("next")
    assert ended_by_guest
