"""A seated guest's messages that change nothing (game/ui/online/host.py, ``take_quietly``): each
is answered with its screen, the one it was last sent while that is still its screen, so a
guest's 500 idle `escape`s cost the host no drawing (issue 40; measured in browsers by
``python -m bench.flood``). A screen running a bar is drawn afresh, the bar where it stands; a
move in between draws it afresh too.
"""
import json

from game.state import Phase
from game.ui.dispatch import dispatch
from game.ui.online.host import Host

from test_online_host import dealt, play_until, started, tap  # noqa: F401 (dealt: autouse)
from test_online_waits import guest_asked, now  # noqa: F401 (now: a fixture)

ESCAPE = json.dumps({"t": "escape"})


def counted(monkeypatch) -> list:
    """Every guest's screen the host draws, by seat."""
    drawn = []
    real = Host.screen_of

    def screen_of(self, seat):
        drawn.append(seat)
        return real(self, seat)

    monkeypatch.setattr(Host, "screen_of", screen_of)
    return drawn


def test_idle_escapes_are_each_answered_with_the_screen_last_sent_and_drawn_no_more(monkeypatch):
    wire = started()
    play_until(wire, lambda s: s.state.current_player == 0 and s.state.phase is Phase.DRAW)
    wire.recheck()
    last = wire.html("c1")
    drawn = counted(monkeypatch)
    sent = len(wire.texts)
    for _ in range(500):
        frame = wire.guest("c1", ESCAPE)
        assert "html" not in frame and [conn for conn, _ in frame["peers"]] == ["c1"]
    assert len(wire.texts) == sent + 500, "every message answered: the guest's page waits for it"
    assert wire.html("c1") == last
    assert drawn == [], "the screen was sent again as it was, not drawn 500 times"


def test_a_move_since_the_screen_was_sent_draws_it_afresh(monkeypatch):
    wire = started()
    play_until(wire, lambda s: s.state.current_player == 0 and s.state.phase is Phase.DRAW)
    wire.recheck()
    wire.guest("c1", ESCAPE)
    before = wire.html("c1")
    dispatch(wire.s, "draw", "")                          # the host moves, and no frame has drawn it yet
    host, drawn = wire.app.host, counted(monkeypatch)
    assert not host.hear("c1", ESCAPE)
    [(conn, text)], _ = host.take_quietly()
    assert drawn == [1], "drawn afresh: the screen last sent is of another moment"
    assert conn == "c1" and json.loads(text)["html"] != before
    assert not host.hear("c1", ESCAPE)
    assert host.take_quietly()[0] == [["c1", text]] and drawn == [1], "then sent again as it was"


def test_an_idle_tap_while_a_bar_runs_gets_the_bar_where_it_stands(now, monkeypatch):
    wire = started()
    play_until(wire, guest_asked)
    wire.recheck()
    asked = wire.s.state.current_player
    other = "c2" if asked == 1 else "c1"
    assert 'class="timer"' in wire.html(other)
    now[0] += 4.0
    wire.guest(other, ESCAPE)
    assert "animation-delay:-4000ms" in wire.html(other), "drawn afresh, not the bar sent 4 s ago"
