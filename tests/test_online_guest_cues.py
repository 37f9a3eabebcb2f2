"""An online guest hears the table too (issue 42, points 1 and 4): the host's frame for each guest
carries the cues and words of what that guest's screen newly shows (game/ui/cues.py
``for_guest``), numbered so the guest's page (assets/page/guest.js) sounds each moment once,
however often the same screen is sent again."""
import json

from game.state import Phase

from test_online_host import dealt, play_until, started, tap, turn_of  # noqa: F401 (dealt: autouse)

ESCAPE = json.dumps({"t": "escape"})


def frames_to(wire, conn: str) -> list[dict]:
    return [json.loads(text) for to, text in wire.texts if to == conn and json.loads(text)["t"] == "frame"]


def test_each_guest_hears_its_own_turn_and_the_moves_it_sees_each_moment_numbered_once():
    wire = started()
    discarded = lambda s: any(e.kind == "discarded" for e in s.state.events)   # noqa: E731
    play_until(wire, lambda s: turn_of(1)(s) and discarded(s))   # Ben's (c1) turn, after a lap of moves
    wire.recheck()
    ben = [f for f in frames_to(wire, "c1") if f["screen"] == "table" and "at" in f]
    assert ben, "Ben's screens carried no cues"
    numbers = [f["at"] for f in ben]
    assert numbers == sorted(numbers) and len(set(numbers)) > 5              # a new number per new moment...
    moments = {f["at"]: (f["cues"], f["narrate"]) for f in ben}
    assert all(moments[f["at"]] == (f["cues"], f["narrate"]) for f in ben)   # ...and a screen sent again, the same
    last = ben[-1]
    assert "turn" in last["cues"] and "Your turn: draw" in last["narrate"]
    heard = {cue for f in ben for cue in f["cues"]}
    assert {"draw", "discard"} <= heard and heard <= {"turn", "draw", "discard", "offer", "claim", "down", "out"}
    cy = [f for f in frames_to(wire, "c2") if "at" in f]
    assert all(("turn" in f["cues"]) == ("Your turn" in f["narrate"]) for f in ben + cy)
    assert "turn" not in cy[-1]["cues"] and cy[-1]["at"] > 1   # Cy's latest moment is a move, not a turn


def test_the_same_screen_sent_again_keeps_its_number_so_nothing_is_heard_twice():
    wire = started()
    play_until(wire, turn_of(1))
    wire.recheck()
    before = wire.last["c1"]
    wire.guest("c1", ESCAPE)                            # a tap that changes nothing: the screen again
    again = wire.last["c1"]
    assert again["at"] == before["at"] and again["cues"] == before["cues"]
    wire.guest("c1", tap("draw"))                       # Ben draws: a new moment, a new number
    assert wire.last["c1"]["at"] > before["at"] and "draw" in wire.last["c1"]["cues"]


def test_a_guest_at_a_deals_end_hears_it():
    wire = started()
    play_until(wire, lambda s: s.state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER))
    wire.recheck()
    assert "end" in wire.last["c2"]["cues"]
