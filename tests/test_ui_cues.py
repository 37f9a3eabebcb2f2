"""Issue 42, points 1–2: each frame names the sound cues of what it newly shows (your turn, a draw,
a discard, an offer, a steal or buy, going down, going out, a deal's end) and how loud to play them."""
from __future__ import annotations

import random

from game.bots import make_bot
from game.rules import PRESETS
from game.state import Phase
from game.tabletop import Event
from game.ui import narration
from game.ui.app import App
from game.ui.cues import Cues
from game.ui.dispatch import dispatch
from game.ui.session.screen_state import HUMAN
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from html_tree import parse
from scenario import table
from test_ui_table_spec import session_at


def play_deal(seed: int, level: str = "scout", steal: str = "short") -> list[tuple[str, list[str]]]:
    """One deal through the page's App: each frame's (what the table's log gained, cues)."""
    app = App({}, {"seed": str(seed), "level": level, "speed": "fast", "steal": steal})
    frames = [app.boot()]
    me, rng, s = make_bot(level), random.Random(seed), app.session
    for _ in range(3000):
        state = s.state
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            break
        if state.current_player == HUMAN and state.phase in (Phase.SWAP, Phase.DRAW, Phase.PLAY) and s.my_turn():
            s.act(me.choose(state.view(HUMAN), state.legal_actions(), rng))
            frames.append(app.frame())
        else:
            frames.append(app.tick(frames[-1]["timer"][1]) or app.frame())
    return [f["cues"] for f in frames], s


def test_a_deal_cues_every_turn_draw_discard_and_its_end_once():
    cues, s = play_deal(3)
    flat = [c for frame in cues for c in frame]
    events = [e.kind for e in s.state.events]
    assert flat.count("discard") == events.count("discarded")
    assert flat.count("draw") == events.count("drew") + events.count("took") + events.count("swapped")
    assert flat.count("claim") == events.count("stole")
    assert flat.count("down") == events.count("went_down") + events.count("laid_down")
    assert flat.count("out") == events.count("went_out") and flat[-1] == "end" and flat.count("end") == 1
    mine = [n for n, frame in enumerate(cues) if "turn" in frame]
    assert len(mine) >= 2 and all(b - a > 1 for a, b in zip(mine, mine[1:]))    # once a turn, not per move


def test_an_offer_is_cued_once_when_it_opens():
    for seed in range(1, 40):
        cues, _ = play_deal(seed, level="ace", steal="long")
        offers = [frame for frame in cues if "offer" in frame]
        if offers:
            assert all(frame.count("offer") == 1 for frame in offers)
            return
    raise AssertionError("no offer in 40 deals")


def play_on(s, events: int) -> None:
    """The table moves on by ``events`` public events, no frame drawn between."""
    until = len(s.state.events) + events
    while len(s.state.events) < until:
        if s.my_turn():
            s.act(s.state.legal_actions()[0])
        else:
            s.step(s.token())


def test_a_first_frame_or_a_catch_up_is_silent():
    cues = Cues()
    app = App({}, {"seed": "3", "level": "scout", "speed": "0"})
    app.boot()
    s = app.session
    play_on(s, 12)
    assert [c for c in cues.heard(s) if c not in ("turn", "offer")] == []   # nothing seen before: no catch-up
    play_on(s, 8)                                             # eight moves in one frame (a reload, a tab)
    assert [c for c in cues.heard(s) if c not in ("turn", "offer", "end")] == []


def test_volume_and_mute_reach_the_frame_and_the_tables_bar():
    app = App({}, {"seed": "3", "level": "scout", "speed": "0"})
    frame = app.boot()
    assert (frame["sound"], frame["buzz"]) == ("mid", True)
    s = app.session
    bar = parse(table_screen(table_model(s))).find("header").find(aria_label="🔇 Mute sound")
    assert (bar.text, bar.attrs["aria-pressed"], bar.attrs["data-arg"]) == ("🔊", "false", "mute=on")
    assert app.intent("set", "mute=on")["sound"] == "mute"
    bar = parse(table_screen(table_model(s))).find("header").find(aria_label="🔇 Mute sound")
    assert (bar.text, bar.attrs["aria-pressed"], bar.attrs["data-arg"]) == ("🔇", "true", "mute=off")
    frame = app.intent("set", "sound=high")                   # a volume picked is heard: unmuted
    assert frame["sound"] == "high" and s.settings.mute == "off"
    assert app.intent("set", "buzz=off")["buzz"] is False
    assert App(dict(app.store.values), {}).boot()["sound"] == "high"     # kept for the next visit


def test_each_frame_tells_its_new_moves_and_its_question_in_words():
    app = App({}, {"seed": "3", "level": "scout", "speed": "fast", "steal": "off"})
    frames = [app.boot()]
    me, rng, s = make_bot("scout"), random.Random(3), app.session
    while s.state.phase not in (Phase.DEAL_OVER, Phase.GAME_OVER):
        state = s.state
        if state.current_player == HUMAN and s.my_turn():
            s.act(me.choose(state.view(HUMAN), state.legal_actions(), rng))
            frames.append(app.frame())
        else:
            frames.append(app.tick(frames[-1]["timer"][1]) or app.frame())
    told = [f["narrate"] for f in frames if f["narrate"]]
    said = " ".join(told)
    discards = [e for e in s.state.events if e.kind == "discarded"]
    assert said.count(" discarded the ") + said.count(" discarded a joker") == len(discards)
    assert not any(ch in said for ch in "♣♦♥♠🫳📥🂠")                       # glyphs said in words, emoji left out
    turns = [f["narrate"] for f in frames if "turn" in f["cues"]]
    assert turns and all("Your turn" in t for t in turns)
    assert "end" in frames[-1]["cues"] and frames[-1]["narrate"]


def test_going_down_on_the_last_round_is_told_with_the_news_that_the_deal_is_the_last():
    last = PRESETS["aggravation"].rounds
    s = session_at(table(["5H 6H 7H QS", "KC KD", "2C 3C"], stock="9S 8S", pile="4D", phase=Phase.PLAY, turn=1,
                         rounds=[last, last, 3], down=[1]))
    went = Event("went_down", 1, ())
    words = narration.told(s, [went], [])
    assert words.endswith(f"Last deal: Scout 1 went down on round {last}, so the game ends with this deal.")
    s.state.seats[1].round = last - 1          # down on an earlier round: nothing more is said
    assert "Last deal" not in narration.told(s, [went], [])
