"""The soak's invariant checker catches broken states, and a short soak runs clean.

The checker is what makes ``python -m bench.soak`` worth running, so each kind of
breakage it claims to find is planted here and must be reported; an engine bug
planted in scoring must become an error record that reproduces, without stopping the run.
"""
import random

import pytest

from bench import soak
from bench.playout import choose
from game.dealing import end_deal, start_deal
from game.rules import PRESETS
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


# ---------------------------------------------------------------- the other rulebooks (--rules)


def fresh_rulebook(preset, seed=3, players=5):
    state = new_game(seed, players, PRESETS[preset])
    return state, soak.Watch(state)


def test_a_rulebook_game_is_checked_against_its_own_shoe_and_deal_size():
    state, watch = fresh_rulebook("contract", players=5)  # 5 players: three decks and six jokers
    assert watch.size == 162 and len(state.seats[0].hand) == 10
    state.stock.pop()
    with pytest.raises(soak.InvariantError, match="161 in play, the shoe holds 162"):
        watch.after(state)
    state = new_game(3, 4, PRESETS["contract"])
    state.seats[1].hand.append(state.stock.pop())
    with pytest.raises(soak.InvariantError, match="seat 1 on round 1 holding 11 cards, not 10"):
        soak.Watch(state)


def test_a_buy_over_the_rounds_limit_or_while_down_is_caught():
    state, watch = fresh_rulebook("contract")
    seat = state.seats[2]
    seat.steals_this_deal = seat.steals_this_game = 4
    state.events += [Event("bought", 2)] * 4
    with pytest.raises(soak.InvariantError, match="seat 2 bought 4 times this deal, limit 3"):
        watch.after(state)
    state, watch = fresh_rulebook("gallery")
    state.seats[0].down = True
    state.events.append(Event("bought", 0))
    with pytest.raises(soak.InvariantError, match="seat 0 bought while down"):
        watch.after(state)


def test_gallery_has_no_buy_limit_and_no_hand_cap_for_a_deep_pick_or_a_buy():
    """SPEC §10: no limit on buys and no 19-card cap, for a deep pick and a buy alike."""
    state, watch = fresh_rulebook("gallery", players=2)
    buyer = state.seats[1]
    buyer.hand += [state.stock.pop() for _ in range(6)]
    buyer.steals_this_deal = buyer.steals_this_game = 9
    state.events += [Event("bought", 1)] * 9
    watch.after(state)
    digger = state.seats[0]
    digger.hand += [state.stock.pop() for _ in range(12)]  # 23 cards, as a deep pick can give
    watch.after(state)
    state.events.append(Event("bought", 0))
    digger.steals_this_deal = digger.steals_this_game = 1
    watch.after(state)  # a buy to 23 cards breaks no rule of Gallery's


def test_an_aggravation_steal_past_nineteen_cards_is_caught():
    state, watch = fresh_rulebook("aggravation", players=3)
    thief = state.seats[1]
    thief.hand += [state.stock.pop() for _ in range(9)]  # 20 cards
    state.events.append(Event("stole", 1))
    thief.steals_this_deal = thief.steals_this_game = 1
    with pytest.raises(soak.InvariantError, match="seat 1 holds 20 cards after a steal"):
        watch.after(state)


def test_seats_off_the_shared_round_are_caught():
    state, watch = fresh_rulebook("contract")
    state.seats[3].round = 2
    with pytest.raises(soak.InvariantError, match="not all on one"):
        watch.after(state)


def test_a_wrong_winner_is_caught_by_the_rulebooks_own_pool_and_tie_break():
    """Contract Rummy's last round: everybody is in the pool, equal totals go to the lower last deal."""
    rules = PRESETS["contract"]
    state = new_game(4, 3, rules)
    for seat in state.seats:
        seat.round = rules.rounds
    start_deal(state, dealer=0)
    watch = soak.Watch(state)
    for seat, total in zip(state.seats, (40, 35, 40)):
        state.stock += seat.hand
        seat.hand, seat.total = [], total
    five = next(c for c in state.stock if rules.points[c.rank] == 5)
    state.stock.remove(five)
    state.seats[1].hand = [five]  # all end on 40: seat 1 with 5 points from round 7, the others with none
    watch.totals = [40, 35, 40]
    end_deal(state, went_out=0)
    watch.after(state)
    assert [s.total for s in state.seats] == [40, 40, 40]
    assert state.winners == (0, 2)  # three tie on 40; seats 0 and 2 scored nothing in round 7
    state.winners = (0, 1, 2)
    watch.results -= 1
    with pytest.raises(soak.InvariantError, match=r"winners \[0, 1, 2\] are not \[0, 2\]"):
        watch.after(state)


@pytest.mark.parametrize("preset", ["gallery", "contract"])
def test_rulebook_seeds_cover_every_table_size_and_level(preset):
    rules = PRESETS[preset]
    specs = [soak.GameSpec.of(seed, preset) for seed in range(60)]
    assert {s.players for s in specs} == set(range(rules.min_players, rules.max_players + 1))
    assert {kind for s in specs for kind in s.seats} == {"sprout", "scout", "ace"}
    assert all(s.house == () and len(s.seats) == s.players and s.rules() is rules for s in specs)
    assert specs[7].command() == f"python -m bench.soak --rules {preset} --replay 7 --trace"
    assert soak.GameSpec.of(7) == soak.GameSpec.of(7, "aggravation")  # Aggravation's games unchanged


@pytest.mark.parametrize("preset", ["gallery", "contract"])
def test_a_short_rulebook_soak_runs_clean(preset, capsys):
    """Six whole bot games of the rulebook, one of them deep; the summary names the rulebook."""
    tally, _ = soak.soak(6, seed=0, workers=1, say=lambda line: None, preset=preset)
    assert tally.errors == [] and tally.games == 6 and tally.deep_games >= 1 and tally.bot_games == 6
    assert tally.deals >= 6 * 7 and tally.actions > tally.deals * 20
    assert soak.main(["--rules", preset, "--replay", "25"]) == 0
    assert f"seed 25: {PRESETS[preset].name}" in capsys.readouterr().out
