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
