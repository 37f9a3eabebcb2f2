"""Issue 42, point 4: the live region tells a screen reader's user their own steps, not only the
others' moves: the card a draw brought, the prompt as it changes within the turn, each frame while
going down and when every frame is ready, the table's answer to a key (a refusal too), the hint.
Each once. (The whole deal, heard through a virtual screen reader: tests/browser/test_by_ear.py.)"""
from __future__ import annotations

from game.state import Phase
from game.ui.app import App


def at_my_draw(seed: int = 2, level: str = "sprout") -> App:
    """A table at the player's first draw (the swap round passed)."""
    app = App({}, {"seed": str(seed), "level": level, "speed": "0", "steal": "off"})
    until_my_turn(app, app.boot())
    until_my_turn(app, app.intent("pass"))
    assert app.session.state.phase is Phase.DRAW
    return app


def until_my_turn(app: App, frame: dict) -> None:
    s = app.session
    while not s.my_turn():
        frame = app.tick(frame["timer"][1]) or app.frame()


def test_a_draw_says_which_card_came_and_what_to_do_now():
    app = at_my_draw()
    said = app.intent("stock")["narrate"]
    drawn = app.session.state.seats[app.session.seat].hand[-1]
    assert said.startswith("You drew the ") and "from the stock" not in said
    assert drawn.name in said
    assert "You can go down: two sets of 3. Then pick a card to discard." in said    # seed 2: ready at once
    assert app.intent("sort")["narrate"] == ""            # nothing new to say: nothing said


def test_going_down_by_keys_is_told_frame_by_frame_until_every_frame_is_ready():
    app = at_my_draw()
    app.intent("stock")
    said = app.intent("godown")["narrate"]
    assert "Frame 1, a set of 3: needs 3 more cards. Frame 2, a set of 3: needs 3 more cards." in said
    assert "Every frame is ready" not in said
    said = app.intent("fill")["narrate"]
    assert "Frame 1, a set of 3: ready, set " in said and "Frame 2, a set of 3: ready, set " in said
    assert said.endswith("Every frame is ready: Lay it down.") and "✅" not in said
    assert "=" not in said and "standing for" in said     # seed 2's wild in words: 'two of diamonds standing for an ace'
    said = app.intent("lay")["narrate"]
    assert said.startswith("You went down.") and said.count("You went down") == 1
    assert "Lay off: pick a card, then a meld" in said


def test_a_refused_key_is_told_each_time_and_a_hint_once():
    app = at_my_draw()
    app.intent("stock")
    first = app.intent("discard")["narrate"]
    assert first == "Pick the card to discard first."
    assert app.intent("discard")["narrate"] == first      # the same refusal again: said again
    hint = app.intent("hint")["narrate"]
    assert hint and hint != first and app.frame()["narrate"] == ""


def test_lay_off_all_with_nothing_left_to_lay_says_so_over_an_older_message():
    """🧲 (A) once everything is laid off: 'No card of yours fits…', not silence under the last
    'You laid off…' (a player by ear heard nothing and could not tell the key had worked)."""
    app = at_my_draw()
    app.intent("stock")
    app.intent("godown")
    app.intent("fill")
    app.intent("lay")
    app.intent("layoff-all")
    s = app.session
    assert not s.lay_offs() and s.state.current_player == s.seat
    said = app.intent("layoff-all")["narrate"]
    assert s.ui.message == "No card of yours fits a meld on the table"
    assert said == "No card of yours fits a meld on the table."
