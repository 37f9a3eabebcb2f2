"""Issue 41, point 1: the table's story on a phone (game/ui/screens/table/story.py) and the bots'
pace (game/ui/session/clock.py shown_move, settings.BOT_PACES). The account of the moves since a
seat's last turn is a pure function of that seat's public events, so it serves a solo game, each
person at a pass-and-play table and each guest at an online table alike; the 📋 sheet holds every
line of the deal's log. Drawn in the page at phone sizes: tests/browser/test_story_sheet.py."""
from __future__ import annotations

import json
import random

from game.bots import make_bot
from game.cards import parse_cards
from game.state import Event, Phase
from game.ui.app import App
from game.ui.dispatch import dispatch
from game.ui.screens.table.markup import table_screen
from game.ui.screens.table.model import table_model
from game.ui.screens.table.story import account, history, runs, since_turn
from game.ui.session import passing
from game.ui.session.clock import TURN_ENDS, shown_move
from game.ui.store.settings import Settings
from game.ui.words import event_text
from html_tree import parse

NAMES = ["You", "Scout 1", "Scout 2", "Scout 3"]


def ev(kind: str, seat: int, cards: str = "") -> Event:
    return Event(kind, seat, tuple(parse_cards(cards)) if cards else ())


# A deal: Scout 1 dealt, the player passed the swap; round the table twice.
DEAL = [
    ev("passed", 1), ev("passed", 2), ev("passed", 3), ev("passed", 0),
    ev("drew", 1), ev("discarded", 1, "KC"),
    ev("took", 2, "KC"), ev("discarded", 2, "4D"),
    ev("drew", 3), ev("went_down", 3, "5S 5H 5D 9C 9S 9H"), ev("discarded", 3, "7H"),
    ev("drew", 0), ev("discarded", 0, "QS"),                 # the player's turn
    ev("no_steal", 1), ev("drew", 1), ev("laid_off", 1, "5C"), ev("laid_off", 1, "9D"), ev("discarded", 1, "2C"),
    ev("stole", 0, "2C"), ev("drew", 2), ev("discarded", 2, "JH"),   # the player stole out of turn
    ev("drew", 3), ev("discarded", 3, "3S"),
    ev("drew", 0),                                           # the player's next turn begins
]


def test_the_account_runs_from_the_seats_last_turn_to_the_start_of_its_next():
    moves, ended = since_turn(DEAL[:-1], 0)
    assert ended and moves[0] == ev("no_steal", 1) and moves[-1] == ev("discarded", 3, "3S")
    assert since_turn(DEAL, 0)[0] == moves, "the player's own draw starts their turn: the account stops before it"


def test_before_a_seats_first_turn_the_account_is_the_deals_from_its_start():
    moves, ended = since_turn(DEAL[:3], 0)
    assert not ended and moves == [ev("passed", s) for s in (1, 2, 3)]
    assert account(DEAL[:3], 0, NAMES)["title"] == "This deal so far"
    assert account(DEAL[:11], 0, NAMES)["title"] == "Since your turn", "the swap round's answer was a turn"


def test_each_seats_run_of_moves_is_one_line_in_the_logs_words():
    said = account(DEAL[:-1], 0, NAMES)
    assert said["title"] == "Since your turn" and said["earlier"] == 0
    assert [(line["who"], line["did"]) for line in said["lines"]] == [
        ("Scout 1", "drew, laid off 5♣, 9♦, discarded 2♣"),
        ("You", "stole 2♣ 🫳"),
        ("Scout 2", "drew, discarded J♥"),
        ("Scout 3", "drew, discarded 3♠"),
    ]
    # The words are the log's: each move's phrase is its log line without the name.
    for event in DEAL[13:23]:
        line = event_text(event, NAMES)
        if line and event.kind not in ("drew", "laid_off"):
            assert line.split(" ", 2)[-1] in " ".join(r["did"] for r in said["lines"]), line


def test_the_strip_keeps_the_newest_lines_and_counts_the_rest():
    many = [ev("discarded", 0, "QS")] + [e for n in range(6) for e in (ev("drew", 1 + n % 3), ev("discarded", 1 + n % 3, "4D"))]
    said = account(many, 0, NAMES, shown=4)
    assert len(said["lines"]) == 4 and said["earlier"] == 2
    assert said["lines"][-1] == {"seat": 3, "who": "Scout 3", "did": "drew, discarded 4♦"}


def test_nothing_since_the_seats_turn_is_an_account_of_no_lines():
    assert account([ev("drew", 0), ev("discarded", 0, "QS")], 0, NAMES) == {"title": "Since your turn", "lines": [], "earlier": 0}
    assert account([], 0, NAMES)["lines"] == []


def test_a_line_without_a_seat_stands_alone():
    lines = runs([ev("drew", 1), ev("rebuilt", 1), ev("discarded", 1, "4D")], NAMES)
    assert [(r["who"], r["did"]) for r in lines] == [
        ("Scout 1", "drew"), ("", "The discards were shuffled into a new stock"), ("Scout 1", "discarded 4♦")]


def test_each_seat_reads_the_account_since_its_own_turn():
    """Pass-and-play and online guests: the same events, read from each seat's own last turn."""
    said = account(DEAL[:-1], 2, NAMES)
    assert [r["who"] for r in said["lines"]] == ["Scout 3"]
    assert account(DEAL[:-1], 1, NAMES)["lines"][0]["who"] == "You"


def test_the_sheet_holds_every_line_of_the_log_each_turns_end_marked():
    lines = history(DEAL, NAMES)
    assert [x["text"] for x in lines] == [t for t in (event_text(e, NAMES) for e in DEAL) if t]
    assert [x["text"] for x in lines if x["end"]][-1] == "Scout 3 discarded 3♠"


# ---------------------------------------------------------------- on the table

def to_my_draw(app: App, after: int = 1) -> None:
    """Play (the player as a Scout bot, the bots on their timers) until the player is to draw for the
    ``after``-th time past the swap round."""
    s, me, rng, seen = app.session, make_bot("scout"), random.Random(5), 0
    frame = app.frame()
    for _ in range(2000):
        st = s.state
        if st.current_player == 0:
            if st.phase is Phase.DRAW:
                seen += 1
                if seen == after:
                    return
            s.act(me.choose(st.view(0), st.legal_actions(), rng))
            frame = app.frame()
        else:
            frame = app.tick(frame["timer"][1]) or app.frame()
    raise AssertionError("the player's turn never came")


def test_when_the_players_turn_comes_the_table_tells_the_bots_moves_and_the_sheet_holds_the_deal():
    app = App({}, {"seed": "7", "level": "scout", "speed": "0", "steal": "off"})
    app.boot()
    to_my_draw(app, after=2)
    s = app.session
    m = table_model(s)["story"]
    assert m["account"]["title"] == "Since your turn" and not m["open"]
    discards = [e for e in since_turn(s.state.events, 0)[0] if e.kind == "discarded"]
    assert discards and all(f"discarded {e.cards[0].symbol}" in " ".join(r["did"] for r in m["account"]["lines"])
                            for e in discards)
    page = parse(table_screen(table_model(s)))
    assert page.find(class_="story").text.startswith("📋 All movesSince your turn") and not page.find_all(role="dialog")

    app.intent("history")
    html = table_screen(table_model(s))
    sheet = parse(html).find(role="dialog")
    assert sheet.attrs.get("aria-modal") == "true" and "data-autofocus" in sheet.find("header").find(data_act="history-close").attrs
    last = event_text(discards[-1], s.names)
    assert last in [li.text for li in sheet.find_all("li")]
    app.escape()
    assert not parse(table_screen(table_model(s))).find_all(role="dialog"), "Escape closes the sheet"


def test_the_sheet_is_of_its_deal_a_new_deal_starts_with_it_shut():
    app = App({}, {"seed": "7", "level": "scout", "speed": "0", "steal": "off"})
    app.boot()
    app.intent("history")
    assert table_model(app.session)["story"]["open"]
    s = app.session
    s.ui.history = (s.moment().game, s.moment().deal - 1)     # as if opened in the deal before
    assert not table_model(s)["story"]["open"]


def test_a_guest_at_an_online_table_reads_its_own_account_and_opens_its_own_sheet():
    from tests.test_online_host import play_until, started, tap, turn_of

    wire = started()
    seat = wire.app.host.seats["c1"]
    play_until(wire, turn_of(seat))
    html = wire.html("c1")
    names = wire.s.names
    told = parse(html).find(class_="story").text
    mine = account(wire.s.state.events, seat, names)
    assert all(line["did"] in told for line in mine["lines"]) and mine["title"] in told
    wire.guest("c1", tap("history"))
    assert len(parse(wire.html("c1")).find_all(role="dialog")) == 1
    assert not parse(table_screen(table_model(wire.s))).find_all(role="dialog"), "the host's screen is its own"
    wire.guest("c1", json.dumps({"t": "escape"}))
    assert not parse(wire.html("c1")).find_all(role="dialog")


# ---------------------------------------------------------------- the bots' pace

def test_a_move_to_read_stays_in_view_longer_than_a_draw():
    assert [shown_move([ev(k, 1)]) for k in ("discarded", "went_down", "stole", "swapped", "drew", "laid_off")] == \
        ["read", "read", "read", "read", "glance", "move"]
    assert shown_move([ev("stole", 2, "KC"), ev("drew", 1)]) == "read", "a steal shows with the draw it came with"
    assert shown_move([ev("discarded", 0, "KC"), ev("no_steal", 1)], mine=0) == "move", "the player's own discard"
    for speed, read in (("slow", 1800), ("normal", 1000), ("fast", 650)):
        s = Settings(speed=speed)
        assert s.bot_delay_ms("read") == read > s.bot_delay_ms() >= s.bot_delay_ms("glance") > 0
    assert Settings(speed="instant").bot_delay_ms("read") == 0


def test_after_a_bots_discard_the_next_bot_waits_a_second_at_normal():
    app = App({}, {"seed": "7", "level": "scout", "speed": "normal", "steal": "off"})
    frame = app.boot()
    s, me, rng = app.session, make_bot("scout"), random.Random(5)
    checked = 0
    for _ in range(400):
        st = s.state
        if st.current_player is None or checked >= 5:
            break
        if st.current_player == 0:
            s.act(me.choose(st.view(0), st.legal_actions(), rng))
            frame = app.frame()
            continue
        last = [e for e in st.events if e.kind != "no_steal"][-1:]
        if last and last[0].kind == "discarded" and last[0].seat != 0:
            assert frame["timer"][0] == 1000
            checked += 1
        frame = app.tick(frame["timer"][1]) or app.frame()
    assert checked >= 5


def test_at_a_pass_and_play_table_each_person_reads_the_moves_since_their_own_turn():
    from tests.test_ui_passing import play, shared

    s = shared(people=3)
    read = set()

    def check(s) -> None:                      # called at each pass screen: the next person's turn
        seat = s.state.current_player
        if passing.pass_to(s) != seat or s.state.phase is not Phase.DRAW:
            return
        passing.show(s)                        # the person taps "show my hand"
        said = table_model(s)["story"]["account"]
        moves, ended = since_turn(s.state.events, seat)
        assert said == account(s.state.events, seat, s.names, table_model(s)["story"]["rows"])
        if ended:                              # after their own last discard, and nothing of theirs since
            mine = [n for n, e in enumerate(s.state.events) if e.seat == seat and e.kind in TURN_ENDS]
            assert s.state.events[mine[-1] + 1:][:len(moves)] == moves and said["title"] == "Since your turn"
            read.add(seat)

    play(s, deals=1, check=check)
    assert {1, 2} <= read, "people other than the first read their own account"


def test_the_sheet_one_person_opened_is_shut_when_the_device_goes_to_the_next():
    from tests.test_ui_passing import shared

    s = shared(people=2)
    for _ in range(500):
        if passing.pass_to(s) is not None and passing.pass_to(s) != s.seat:
            break
        seat = s.state.current_player
        if s.person(seat):
            passing.show(s)
            s.ui.history = None
            dispatch(s, "history")
            assert table_model(s)["story"]["open"]
            s._play(make_bot("scout").choose(s.state.view(seat), s.state.legal_actions(), random.Random(1)))
        else:
            s.step(s.token())
    assert passing.show(s) and not table_model(s)["story"]["open"]
