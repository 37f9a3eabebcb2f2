"""Hidden information is structural (SPEC §6), and a game is its seed plus its actions."""
import json
import random

import pytest

from bench.playout import choose
from game.actions import Draw, Pass
from game.log import GameLog, LogError, load
from game.state import IllegalAction, Phase, new_game


def played(seed=21, players=4, actions=60):
    state = new_game(seed, players)
    log = GameLog(seed, players)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.phase in (Phase.DEAL_OVER, Phase.GAME_OVER):
            break
        log.play(state, choose(state, rng))
    return state, log


def test_a_view_does_not_change_when_other_hands_or_the_stock_are_reshuffled():
    state, _ = played()
    for seat in range(state.players):
        before = state.view(seat)
        rng = random.Random(seat)
        others = [c for n, s in enumerate(state.seats) if n != seat for c in s.hand] + state.stock
        rng.shuffle(others)
        for n, s in enumerate(state.seats):
            if n != seat:
                s.hand = [others.pop() for _ in s.hand]
        state.stock = others
        assert state.view(seat) == before


def test_a_view_holds_no_other_hand_and_no_stock_order():
    state, _ = played()
    view = state.view(1)
    assert view.hand == tuple(state.seats[1].hand)
    assert isinstance(view.stock, int)
    names = set(type(view).__dataclass_fields__)
    assert not {"stock_cards", "hands", "rng", "state"} & names
    assert all(not hasattr(p, "hand") for p in view.players)


def test_a_log_replays_to_the_identical_state_and_round_trips_through_json():
    state, log = played(actions=200)
    again = GameLog.from_json(log.to_json()).replay()
    for seat in range(state.players):
        assert again.view(seat) == state.view(seat)
    assert again.stock == state.stock


def test_same_seed_same_actions_same_game_and_different_seed_differs():
    a, _ = played(seed=5)
    b, _ = played(seed=5)
    c, _ = played(seed=6)
    assert a.view(0) == b.view(0) and a.stock == b.stock
    assert a.stock != c.stock


@pytest.mark.parametrize("text, message", [
    ("not json", "not readable JSON"),
    ("[]", "not an Aggravation saved game"),
    ('{"format": "chess"}', "not an Aggravation saved game"),
    ('{"format": "aggravation-log", "version": 99}', "version 99"),
    ('{"format": "aggravation-log", "version": 1, "seed": "x", "players": 3, "actions": []}', "seed"),
    ('{"format": "aggravation-log", "version": 1, "seed": 1, "players": 9, "actions": []}', "cannot start"),
    ('{"format": "aggravation-log", "version": 1, "seed": 1, "players": 3, "actions": [{"type": "Fly"}]}', "malformed"),
    ('{"format": "aggravation-log", "version": 1, "seed": 1, "players": 3, "actions": [{"type": "Swap", "card": "ZZ"}]}', "ZZ"),
    ('{"format": "aggravation-log", "version": 1, "seed": 1, "players": 3, "actions": [{"type": "Draw"}]}', "move 1"),
    ('{"format": "aggravation-log", "version": 1, "seed": 1, "players": 3, "preset": "poker", "actions": []}', "preset"),
])
def test_a_malformed_or_tampered_log_gives_a_clear_error(text, message):
    with pytest.raises(LogError, match=message):
        load(text)


def test_a_tampered_card_in_an_otherwise_valid_log_is_refused():
    _, log = played(actions=40)
    data = json.loads(log.to_json())
    swap_or_discard = next(a for a in data["actions"] if "card" in a)
    swap_or_discard["card"] = "JK/7" if swap_or_discard["card"] != "JK/7" else "JK/6"
    with pytest.raises(LogError, match="move"):
        load(json.dumps(data))


def test_a_log_records_only_accepted_moves():
    state = new_game(3, 3)
    log = GameLog(3, 3)
    with pytest.raises(IllegalAction, match="^It is the swap round: swap a card with the pile or pass$"):
        log.play(state, Draw())
    assert log.actions == []
    log.play(state, Pass())
    assert log.actions == [Pass()]
    not_to_move = (state.current_player + 1) % state.players
    with pytest.raises(IllegalAction, match="^It is not your turn$"):
        log.play(state, Pass(), seat=not_to_move)  # a second tab, or a double tap, a move late
    assert log.actions == [Pass()]
    log.play(state, Pass(), seat=state.current_player)
    assert log.actions == [Pass(), Pass()]


def test_a_saved_game_is_compact_json():
    """localStorage is small (SPEC: a full one must still play): no space between tokens."""
    state, log = played(actions=60)
    text = log.to_json()
    assert json.loads(text)["actions"] and text == json.dumps(json.loads(text), separators=(",", ":"))
    assert ", " not in text and '": ' not in text


def test_a_contracts_words_are_each_rulebooks_own_for_the_same_round():
    from game.rules import PRESETS
    from game.view import contract_text

    assert contract_text(PRESETS["aggravation"], 2) == "two runs of 3"
    assert contract_text(PRESETS["contract"], 2) == "a set of 3 and a run of 4"
    assert contract_text(PRESETS["aggravation"], 2) == "two runs of 3"
