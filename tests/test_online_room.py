"""An online table's room and the messages its guests send: the room kept beside the save
(game/ui/store/room.py) and the check every guest message passes before use
(game/ui/online/protocol.py). The host's worker with its guests: tests/test_online_host.py."""

import dataclasses
import json

import pytest

from game.ui.dispatch import ALWAYS, NEEDS_GAME
from game.ui.online import protocol
from game.ui.online.protocol import GUEST_ACTS, MAX_CHARS, BadMessage, read
from game.ui.store.room import CODE, NAME_CHARS, Guest, Refused, Room, clean_name

TOKENS = [f"{n:x}" * 32 for n in range(1, 9)]


def tap(act: str, arg: str = "") -> str:
    return json.dumps({"t": "tap", "act": act, "arg": arg})


def refused(text) -> str:
    with pytest.raises(BadMessage) as caught:
        read(text)
    return str(caught.value)


# ---------------------------------------------------------------- what a guest may send


def test_the_three_messages_a_guest_sends_are_read_as_sent():
    assert read(json.dumps({"t": "hello", "token": TOKENS[0], "name": "Ben"})) == \
        {"t": "hello", "token": TOKENS[0], "name": "Ben"}
    assert read(tap("draw")) == {"t": "tap", "act": "draw", "arg": ""}
    assert read('{"t": "escape"}') == {"t": "escape"}


def test_a_message_longer_than_the_limit_is_refused_before_it_is_parsed():
    padded = tap("draw", "")[:-1] + " " * (MAX_CHARS - len(tap("draw")) + 1) + "}"
    assert len(padded) == MAX_CHARS + 1 and json.loads(padded)["act"] == "draw"   # valid JSON, one too long
    assert "at most" in refused(padded)
    assert read(padded[:-2] + "}") == {"t": "tap", "act": "draw", "arg": ""}       # at the limit: read


@pytest.mark.parametrize("text", [None, b'{"t": "escape"}', 7, ["t"]])
def test_only_text_is_read(text):
    assert "not text" in refused(text)


@pytest.mark.parametrize("text", ['{"t": "tap", "act": "draw", "arg": "', "", "nonsense", "{'t': 'escape'}",
                                  '{"t": "escape"} {"t": "escape"}'])
def test_text_that_is_not_json_is_refused(text):
    assert "not JSON" in refused(text)


def test_nesting_deeper_than_a_message_has_is_refused_unparsed():
    assert "not JSON" in refused('{"t": "tap", "act": "draw", "arg": "", "x": [[1]]}')
    assert "not JSON" in refused("[" * 1000 + "]" * 1000)


@pytest.mark.parametrize("kind", [[], {}, ["hello"], 1, None, True])
def test_a_kind_that_is_not_text_is_refused_not_a_crash(kind):
    assert refused(json.dumps({"t": kind, "act": "draw", "arg": ""})) == "not a message of the table"


@pytest.mark.parametrize("message", [
    {"t": "tap", "act": "draw"},                                   # a field missing
    {"t": "tap", "act": "draw", "arg": "", "seat": 2},             # a field no tap has
    {"t": "escape", "act": "cancel"},
    {"t": "hello", "token": TOKENS[0]},
    {"t": "frame", "seat": 0, "screen": "table", "html": ""},      # the host's message, from a guest
    {"t": "closed", "why": "bye"},
    {"act": "draw", "arg": ""},
    [{"t": "escape"}],
])
def test_only_the_fields_of_a_known_message_are_accepted(message):
    assert refused(json.dumps(message)) == "not a message of the table"


@pytest.mark.parametrize("message", [
    {"t": "tap", "act": "draw", "arg": 1},
    {"t": "tap", "act": "draw", "arg": None},
    {"t": "tap", "act": ["draw"], "arg": ""},
    {"t": "hello", "token": TOKENS[0], "name": {"first": "Ben"}},
])
def test_every_field_must_be_text(message):
    assert refused(json.dumps(message)) == "a field that is not text"


@pytest.mark.parametrize("token", ["", "a" * 31, "a" * 33, "A" * 32, "g" * 32, " " + "a" * 31, "a" * 31 + "\n"])
def test_a_hello_needs_a_token_of_32_hex_digits(token):
    assert "token" in refused(json.dumps({"t": "hello", "token": token, "name": "Ben"}))


def test_a_hello_with_a_name_past_100_characters_is_refused():
    assert "token" in refused(json.dumps({"t": "hello", "token": TOKENS[0], "name": "B" * 101}))
    assert read(json.dumps({"t": "hello", "token": TOKENS[0], "name": "B" * 100}))["name"] == "B" * 100


def test_a_guest_taps_only_the_tables_intents_never_the_hosts():
    """Nothing that runs on any screen (settings, a new game, the room's own controls, the 🤖 stand-in)
    and nothing of the host's own screens (the replay, pass-and-play) is a guest's to tap; a
    reaction is the one tap of the room's that is (the host's worker runs it for the guest's seat)."""
    assert GUEST_ACTS and GUEST_ACTS - {"react"} <= set(NEEDS_GAME)
    assert GUEST_ACTS.isdisjoint(set(ALWAYS) - {"react"})
    for act in ("online-start", "online-bot", "online-close", "online-level", "settings", "level", "menu",
                "replay", "replay-go", "show", "resume", "coach-skip", "download", "no-such-act"):
        assert "not a move" in refused(tap(act)), act
    for act in ("draw", "take", "discard", "steal", "pass", "card", "godown", "fill", "lay", "layoff-all",
                "next", "scores", "onward", "sort", "drop", "move", "react"):
        assert read(tap(act))["act"] == act


@pytest.mark.parametrize("arg", ["7H/2", "JK/0", "TS/3", "7H/2|meld|3:low", "7H/2:8C/1", "7H/2:0", "3:high",
                                 "-1", "12", "low", ""])
def test_the_arguments_taps_make_are_accepted(arg):
    """A card's key has a slash (``7H/2``), a drop bars between its parts: a guest must be able to
    tap a card of its hand."""
    assert read(tap("card", arg))["arg"] == arg


@pytest.mark.parametrize("arg", ["<b>", "a\"b", "7H/2\n", "７", "é", "x" * 121, "a=b", "{}", "'"])
def test_an_argument_no_tap_makes_is_refused(arg):
    assert refused(tap("card", arg)) == "an argument no tap makes"


def test_what_the_host_sends_is_json_of_one_kind_each():
    assert json.loads(protocol.frame(2, "table", "<p>é & ü</p>")) == \
        {"t": "frame", "seat": 2, "screen": "table", "html": "<p>é & ü</p>"}
    assert json.loads(protocol.refused("full")) == {"t": "refused", "why": "full"}
    assert json.loads(protocol.closed("bye")) == {"t": "closed", "why": "bye"}


# ---------------------------------------------------------------- the room


def test_a_new_room_has_an_unguessable_code_and_a_known_level():
    codes = {Room.new().code for _ in range(50)}
    assert len(codes) == 50 and all(CODE.match(code) for code in codes)
    assert Room.new("ace").level == "ace" and Room.new("grandmaster").level == "scout"
    assert not Room.new().started


def test_guests_sit_in_the_order_they_came_and_a_token_always_finds_its_seat():
    room = Room.new()
    assert [room.join(TOKENS[n], name, players=5) for n, name in enumerate(["Ana", "Ben", "Cy"])] == [1, 2, 3]
    assert room.join(TOKENS[1], "Someone else", players=5) == 2
    assert [(g.name, g.seat) for g in room.guests] == [("Ana", 1), ("Ben", 2), ("Cy", 3)]


def test_a_full_room_refuses_a_new_guest_and_still_seats_its_own():
    room = Room.new()
    for n in range(4):
        room.join(TOKENS[n], f"G{n}", players=5)      # the host and four guests: Aggravation's most
    with pytest.raises(Refused, match="full"):
        room.join(TOKENS[4], "Late", players=5)
    assert room.join(TOKENS[3], "G3", players=5) == 4
    assert len(room.guests) == 4


def test_once_started_only_those_who_sat_down_get_in():
    room = Room.new()
    room.join(TOKENS[0], "Ben", players=6)
    room.game = "abc123"
    with pytest.raises(Refused, match="already started"):
        room.join(TOKENS[1], "Cy", players=6)
    assert room.join(TOKENS[0], "Ben", players=6) == 1


def test_a_guest_leaving_the_lobby_frees_the_seat_and_those_after_move_up():
    room = Room.new()
    for n, name in enumerate(["Ana", "Ben", "Cy"]):
        room.join(TOKENS[n], name, players=6)
    room.here = {2, 3}                                 # Ana's line already closed
    room.leave(1)
    assert [(g.name, g.seat) for g in room.guests] == [("Ben", 1), ("Cy", 2)]
    assert room.here == {1, 2}                         # the same people are connected, at their new seats
    assert room.join(TOKENS[0], "Ana", players=6) == 3   # back: at the end


def test_a_started_room_keeps_the_seat_of_whoever_leaves():
    room = Room.new()
    room.join(TOKENS[0], "Ben", players=6)
    room.join(TOKENS[1], "Cy", players=6)
    room.game = "abc123"
    room.leave(1)
    assert [(g.name, g.seat) for g in room.guests] == [("Ben", 1), ("Cy", 2)]


def test_names_are_tidied_as_pass_and_play_names_are():
    assert clean_name("  Ben \t  Jones\n", "x") == "Ben Jones"
    assert clean_name("\x00\x1b[31m", "Player 2") == "[31m"
    assert clean_name("\u200b\x07", "Player 2") == "Player 2"
    assert clean_name("W" * 40, "x") == "W" * NAME_CHARS
    room = Room.new()
    room.join(TOKENS[0], "   ", players=6)
    assert room.guests[0].name == "Player 2"           # the host is Player 1


def test_a_room_comes_back_from_its_text_with_every_guest_away():
    room = Room.new("ace")
    room.join(TOKENS[0], "Ben", players=6)
    room.join(TOKENS[1], "Cy", players=6)
    room.game, room.guests[1].stand_in = "abc123", True
    room.here = {1, 2}
    again = Room.from_json(room.to_json())
    assert again == room and again.guests[1].stand_in and again.level == "ace" and again.started
    assert again.here == set() and again.away == {}


def good() -> dict:
    """A sound room under a fixed code: the cases below are named by their text, and test names
    must be the same in every process that collects them (pytest-xdist's workers)."""
    room = dataclasses.replace(Room.new(), code="aggravation-" + "5eed" * 6)
    room.join(TOKENS[0], "Ben", players=6)
    room.join(TOKENS[1], "Cy", players=6)
    return json.loads(room.to_json())


def corrupt(change) -> str:
    data = good()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("text", [
    None, "", "not json", "[]", "null", '"room"', "{}", "[" * 5000 + "]" * 5000, "x" * 30_000,
    corrupt(lambda d: d.pop("code")),
    corrupt(lambda d: d.update(code="aggravation-123")),                 # too short to be ours
    corrupt(lambda d: d.update(code="AGGRAVATION-" + "0" * 24)),
    corrupt(lambda d: d.update(level="grandmaster")),
    corrupt(lambda d: d.update(game=["x"]) or d.update(level=None)),
    corrupt(lambda d: d.update(guests="Ben")),
    corrupt(lambda d: d.update(guests=[["Ben"]])),
    corrupt(lambda d: d.update(guests=["Ben"])),
    corrupt(lambda d: d["guests"][0].update(token="Z" * 32)),
    corrupt(lambda d: d["guests"][0].pop("token")),
    corrupt(lambda d: d["guests"][0].update(seat="one")),
    corrupt(lambda d: d["guests"][0].update(seat=3)),                     # seats must run 1, 2, …
    corrupt(lambda d: d["guests"][1].update(seat=1)),
    corrupt(lambda d: d["guests"][0].update(seat="9" * 5000)),
    corrupt(lambda d: d.update(guests=[dict(d["guests"][0], seat=n + 1) for n in range(8)])),  # a table for 9
])
def test_a_kept_room_that_cannot_be_read_is_none_never_an_error(text):
    assert Room.from_json(text) is None


def test_a_kept_rooms_names_are_tidied_again_as_read():
    text = corrupt(lambda d: d["guests"][0].update(name="\x1b Ben  \x07 " + "n" * 40))
    room = Room.from_json(text)
    assert room.guests[0].name == ("Ben " + "n" * 40)[:NAME_CHARS]
    assert room.guests[1] == Guest(TOKENS[1], "Cy", 2)
