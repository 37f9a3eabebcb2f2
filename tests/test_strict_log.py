"""Issue 8: a saved game is read strictly — every field's type and range — and anything wrong is a LogError.

A damaged or tampered save must give one plain sentence, never OverflowError,
RecursionError, TypeError or a half-built game; and ``True`` is not the number 1.
"""
import copy
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.log import MAX_ACTIONS, MAX_CHARS, GameLog, LogError, load

GOLDEN = json.loads((Path(__file__).parent / "golden" / "game_101_3p.json").read_text())
# The first 17 moves: a swap round, two GoDowns (sets) and a LayOff onto a set; they replay cleanly.
BASE = dict(GOLDEN, actions=GOLDEN["actions"][:17])
GO_DOWN, LAY_OFF = 4, 16


def edited(path, value):
    """BASE with the value at ``path`` (keys and list indexes) replaced; DROP removes it."""
    data = copy.deepcopy(BASE)
    *parents, last = path
    holder = data
    for key in parents:
        holder = holder[key]
    if value is DROP:
        del holder[last]
    else:
        holder[last] = value
    return data


DROP = object()
MELD = ("actions", GO_DOWN, "melds", 0)


def refused(text):
    """The LogError that ``load`` gives for ``text``; a plain, short message."""
    with pytest.raises(LogError) as caught:
        load(text)
    message = str(caught.value)
    assert 0 < len(message) < 200 and "\n" not in message
    return message


def test_the_base_log_replays():
    log, state = load(json.dumps(BASE))
    assert len(log.actions) == 17 and len(state.table) == 4


@pytest.mark.parametrize("path, value, words", [
    (("seed",), True, "seed"),
    (("seed",), 101.0, "seed"),
    (("seed",), "101", "seed"),
    (("seed",), -1, "seed"),
    (("seed",), 2**63, "seed"),
    (("seed",), 10**4000, "seed is a whole number .* not a very large number"),
    (("seed",), DROP, "seed"),
    (("players",), True, "takes 3 to 5 players, not True"),
    (("players",), 2, "takes 3 to 5 players"),
    (("players",), 6, "takes 3 to 5 players"),
    (("players",), "3", "takes 3 to 5 players"),
    (("version",), True, "version True"),
    (("version",), 1.0, "version 1.0"),
    (("version",), "1", "version '1'"),
    (("version",), 2, "version 2, from a newer game"),
    (("format",), DROP, "not an Aggravation saved game"),
    (("preset",), "poker", "unknown rules preset 'poker'"),
    (("preset",), 7, "preset must be a name"),
    (("house_rules",), "ace_wrap", "house rules must be a list"),
    (("house_rules",), [True], "house rules must be a list"),
    (("house_rules",), ["no_such_rule"], "unknown house rule 'no_such_rule'"),
    (("house_rules",), ["ace_wrap", "ace_wrap"], "listed twice"),
    (("names",), ["A", "B"], "names each of its 3 players once"),
    (("names",), "ABC", "names each of its 3 players once"),
    (("names",), ["A", "B", 3], "name is text"),
    (("names",), ["A", "B", "  "], "name is text"),
    (("names",), ["A", "B", "x" * 41], "name is text of 1 to 40"),
    (("actions",), {}, "list of actions"),
    (("actions", 1, "card"), 5, "move 2 is malformed: 5 is not a card"),
    (("actions", 1, "card"), None, "move 2 is malformed: None is not a card"),
    (("actions", 1, "card"), "ZZ", "'ZZ' is not a card"),
    (("actions", 1, "card"), "8H/²", "copy after '/'"),
    (("actions", 1, "card"), "8H/" + "9" * 5000, "is not a card"),
    (("actions", 1, "card"), DROP, "Swap is missing its card"),
    (("actions", 1, "type"), ["Swap"], "not an action: a list"),
    (("actions", 1), "Pass", "not an action"),
    ((*MELD, "rank"), True, "rank is a whole number from 1 \\(ace\\) to 13 \\(king\\), not True"),
    ((*MELD, "rank"), "9", "rank .* not '9'"),
    ((*MELD, "rank"), 9.5, "rank .* not 9.5"),
    ((*MELD, "rank"), 0, "rank .* not 0"),
    ((*MELD, "rank"), 14, "rank .* not 14"),
    ((*MELD, "suit"), "ZZ", "a set names no suit"),
    ((*MELD, "suit"), "H", "a set names no suit"),
    ((*MELD, "kind"), "pair", "a set or a run, not 'pair'"),
    ((*MELD, "kind"), None, "a set or a run"),
    ((*MELD, "cards"), "9C/2 9D/1 9D/3", "cards are a list"),
    ((*MELD, "cards", 0), 9, "9 is not a card"),
    (("actions", GO_DOWN, "melds"), {}, "GoDown needs a list of melds"),
    (("actions", GO_DOWN, "melds", 0), [], "a meld is an object"),
    (("actions", LAY_OFF, "meld"), True, "LayOff needs a meld number, not True"),
    (("actions", LAY_OFF, "meld"), "1", "LayOff needs a meld number"),
    (("actions", LAY_OFF, "meld"), 1.0, "LayOff needs a meld number"),
    (("actions", LAY_OFF, "end"), "middle", "'low' or 'high', not 'middle'"),
    (("actions", LAY_OFF, "end"), "low", "move 17 .* not legal here: A set has no low or high end"),
    (("actions", LAY_OFF, "meld"), 99, "move 17 .* no such meld"),
])
def test_each_field_is_checked_for_its_type_and_range(path, value, words):
    assert re.search(words, refused(json.dumps(edited(path, value))))


def test_a_run_in_a_log_names_one_of_the_four_suits():
    data = edited((*MELD, "kind"), "run")
    for suit, shown in [(None, "None"), ("ZZ", "'ZZ'"), ("", "''"), (3, "3"), ("h", "'h'")]:
        data["actions"][GO_DOWN]["melds"][0]["suit"] = suit
        assert f"a run names its suit (C, D, H or S), not {shown}" in refused(json.dumps(data))


@pytest.mark.parametrize("text, words", [
    (json.dumps(BASE).replace('"seed": 101', '"seed": 1e309'), "seed .* not inf"),    # json reads float inf
    (json.dumps(BASE).replace('"seed": 101', '"seed": NaN'), "not readable JSON"),
    (json.dumps(BASE).replace('"seed": 101', '"seed": -Infinity'), "not readable JSON"),
    (json.dumps(BASE).replace('"seed": 101', '"seed": ' + "9" * 5000), "not readable JSON"),  # past int's digit limit
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
    (json.dumps(dict(BASE, names=["x" * 5_000_000, "B", "C"])), "too large"),
    (json.dumps(dict(BASE, notes="x" * 5_000_000)), "too large"),
    ("", "not readable JSON"),
    ("not json", "not readable JSON"),
])
def test_hostile_text_gives_a_log_error_never_a_crash(text, words):
    assert re.search(words, refused(text))


@pytest.mark.parametrize("text", [None, b"{}", 5, ["{}"]])
def test_only_text_is_read(text):
    with pytest.raises(LogError, match="not text"):
        GameLog.from_json(text)


def test_a_log_of_too_many_moves_is_refused_before_any_is_read():
    data = dict(BASE, actions=[{"type": "Draw"}] * (MAX_ACTIONS + 1))
    assert f"{MAX_ACTIONS + 1} moves is too long" in refused(json.dumps(data))


def test_keys_an_action_does_not_declare_are_ignored_and_an_end_may_be_left_out():
    data = edited(("actions", LAY_OFF, "end"), DROP)
    data["actions"][0]["note"] = "from an older page"
    log, _ = load(json.dumps(data))
    assert log.actions[LAY_OFF].end is None


# ------------------------------------------------------------ any JSON value in any field

PATHS = [
    ("format",), ("version",), ("seed",), ("players",), ("preset",), ("house_rules",), ("names",),
    ("actions",), ("actions", 0), ("actions", 1, "type"), ("actions", 1, "card"),
    ("actions", GO_DOWN, "melds"), (*MELD,), (*MELD, "kind"), (*MELD, "rank"), (*MELD, "suit"),
    (*MELD, "cards"), (*MELD, "cards", 1), ("actions", LAY_OFF, "meld"), ("actions", LAY_OFF, "end"),
    ("actions", LAY_OFF, "type"),
]
NEAR_MISSES = st.sampled_from([
    True, False, 0, 1, 3, 9, 13, 14, -1, 2**63, 10**30, 0.5, 1e309, float("nan"), "", "1", "9", "H", "ZZ",
    "low", "middle", "set", "run", "QH/0", "JK", "Swap", "LayOff", "SwapWild", "aggravation", "ace_wrap",
    [], {}, [None], ["ace_wrap"], {"type": "Draw"},
])
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | NEAR_MISSES,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.sampled_from(PATHS), value=JSON | st.just(DROP))
def test_any_json_value_in_any_field_is_a_log_error_or_a_log_that_round_trips(path, value):
    text = json.dumps(edited(path, value))
    try:
        log = GameLog.from_json(text)
    except LogError as error:
        assert str(error)
        return
    assert GameLog.from_json(log.to_json()) == log
    try:
        log.replay()
    except LogError as error:
        assert str(error).startswith("move ")


@pytest.mark.parametrize("path, value, message", [
    (("version",), "1", "this saved game is version '1'; this game reads version 1"),
    (("version",), 0, "this saved game is version 0; this game reads version 1"),
    (("version",), 2, "this saved game is version 2, from a newer game; this game reads version 1"),
    (("preset",), 7, "the rules preset must be a name, not 7"),
    (("house_rules",), "ace_wrap", "the house rules must be a list of names"),
    (("house_rules",), ["ace_wrap", "ace_wrap"], "the house rule 'ace_wrap' is listed twice"),
    (("actions", 1, "card"), "8H/1234567", "saved move 2 is malformed: '8H/1234567' is not a card: "
                                                 "the copy after '/' must be a number up to 999"),
    (("actions", 1, "card"), "8H/12345678", "saved move 2 is malformed: '8H/12345678' is not a card"),
])
def test_a_refusal_reads_as_one_whole_sentence_naming_what_came(path, value, message):
    assert refused(json.dumps(edited(path, value))) == message


def test_whole_refusals_of_text_that_is_no_saved_game():
    assert refused("[" * 100_000 + "]" * 100_000) == "this saved game is nested too deeply to be one of ours"
    text = json.dumps(BASE)
    too_long = text + " " * (MAX_CHARS + 1 - len(text))  # a space past the limit: still valid JSON
    assert refused(too_long) == "this saved game is too large (4000 KB) to be one of ours"
    with pytest.raises(LogError, match="^this saved game is not text$"):
        GameLog.from_json(None)


def test_every_limit_is_itself_allowed():
    """The largest seed, a 40-letter name, a text of the largest size: each is a game's own."""
    text = json.dumps(BASE)
    log, _ = load(text + " " * (MAX_CHARS - len(text)))
    assert len(log.actions) == 17
    for seed in (0, 2**63 - 1):
        assert GameLog.from_json(json.dumps(dict(BASE, seed=seed))).seed == seed
    names = ["x" * 40, "B", "C"]
    assert GameLog.from_json(json.dumps(dict(BASE, names=names))).names == names


def test_a_log_of_exactly_the_most_moves_is_read_before_its_moves_are_played():
    data = dict(BASE, actions=[{"type": "Pass"}] * MAX_ACTIONS)
    assert len(GameLog.from_json(json.dumps(data)).actions) == MAX_ACTIONS
