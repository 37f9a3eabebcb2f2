"""The soak's invariant checker catches broken states, and a short soak runs clean.

The checker is what makes ``python -m bench.soak`` worth running, so each kind of
breakage it claims to find is planted here and must be reported; an engine bug
planted in scoring must become an error record that reproduces, without stopping the run.
"""
import random

import pytest

from bench import soak
from bench.playout import choose
from game.state import Event, Phase, new_game


def fresh(seed=3, players=4, deep=False):
    state = new_game(seed, players)
    return state, soak.Watch(state, deep)


def test_a_lost_card_is_caught():
    state, watch = fresh()
    state.stock.pop()
    with pytest.raises(soak.InvariantError, match="cards not conserved: 215 in play"):
        watch.after(state)


def test_a_card_in_two_places_is_caught_where_the_full_check_runs():
    state, watch = fresh(deep=True)
    state.stock[-1] = state.seats[0].hand[0]
    with pytest.raises(soak.InvariantError, match="cards not conserved: missing .* extra"):
        watch.after(state)


def test_a_hand_of_twenty_is_caught():
    state, watch = fresh()
    state.seats[2].hand += [state.stock.pop() for _ in range(9)]
    with pytest.raises(soak.InvariantError, match="seat 2 holds 20 cards"):
        watch.after(state)


def test_a_steal_over_the_limit_is_caught():
    state, watch = fresh()
    seat = state.seats[1]
    seat.steals_this_deal = seat.steals_this_game = 5
    state.events += [Event("stole", 1)] * 5
    with pytest.raises(soak.InvariantError, match="seat 1 stole 5 times this deal, limit 4"):
        watch.after(state)


def test_a_steal_while_down_and_a_miscounted_steal_are_caught():
    state, watch = fresh()
    state.seats[1].down = True
    state.events.append(Event("stole", 1))
    with pytest.raises(soak.InvariantError, match="seat 1 stole while down"):
        watch.after(state)
    state, watch = fresh()
    state.seats[0].steals_this_deal = 1
    with pytest.raises(soak.InvariantError, match="the events say 0/0"):
        watch.after(state)


def test_nobody_to_act_and_an_endless_deal_are_caught():
    state, watch = fresh()
    state.phase, state.claimants = Phase.CLAIMS, []
    with pytest.raises(soak.InvariantError, match="nobody to answer"):
        watch.after(state)
    state, watch = fresh()
    watch.actions = soak.DEAL_ACTIONS
    with pytest.raises(soak.InvariantError, match="did not end in"):
        watch.after(state)


def play_deal_checked(state, watch):
    rng = random.Random(1)
    while state.phase is not Phase.DEAL_OVER:
        state.apply(choose(state, rng))
        watch.after(state)


def test_points_that_are_not_the_hand_left_are_caught():
    state, watch = fresh()
    play_deal_checked(state, watch)  # clean: the true scoring passes
    watch.results -= 1
    state.seats[0].total += 5
    with pytest.raises(soak.InvariantError, match="seat 0 took .* points"):
        watch.after(state)


def test_an_engine_bug_becomes_a_reproducible_error_and_the_run_goes_on(monkeypatch, capsys):
    import game.dealing

    monkeypatch.setattr(game.dealing, "hand_points", lambda cards, rules: 1)
    tally = soak.play_chunk([5, 6])
    assert tally.games == 2 and len(tally.errors) == 2
    error = tally.errors[0]
    assert error["seed"] == 5 and error["house_rules"] == list(soak.GameSpec.of(5).house)
    assert "took 1 points" in error["error"] and error["action_index"] > 0
    assert error["replay"] == "python -m bench.soak --replay 5 --trace"
    assert soak.main(["--replay", "5"]) == 1
    assert '"seed": 5' in capsys.readouterr().out


def test_seeds_cover_every_house_rule_combination_and_table():
    specs = [soak.GameSpec.of(seed) for seed in range(2 * soak.BLOCK)]
    assert {(s.house, s.players) for s in specs} == {(c, p) for c in soak.COMBOS for p in (3, 4, 5)}
    assert len(soak.COMBOS) == 16 and all(len(s.seats) == s.players for s in specs)
    assert {kind for s in specs for kind in s.seats} == set(soak.SEATS)


def test_a_short_soak_runs_clean():
    """Twenty games, bots and beginners, one deep (legal actions each action, log replayed)."""
    tally, _ = soak.soak(20, seed=0, workers=1, say=lambda line: None)
    assert tally.errors == []
    assert tally.games == 20 and tally.deep_games >= 1 and tally.bot_games == 20
    assert tally.deals >= 20 * 11 and tally.actions > tally.deals * 50
