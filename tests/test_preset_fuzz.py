"""Random playouts of the two other rulebooks (SPEC §10, §11): over a thousand deals each, every
action checked against the invariants; random illegal moves refused without a trace; logs replay."""
import random
import pytest

from bench.playout import fingerprint, play_deal, play_game
from game.cards import new_shoe
from game.dealing import start_deal
from game.log import GameLog
from game.melds import hand_points
from game.rules import CONTRACT_RUMMY, GALLERY
from game.state import new_game
from test_fuzz import FIELDS, refuse_randomly, somebody_can_act, zones

PRESETS = {"gallery": GALLERY, "contract": CONTRACT_RUMMY}
DEALS = 1100  # per preset, in chunks


def checker(rules, players):
    full = set(map(FIELDS, new_shoe(rules.decks_for(players), rules.jokers_per_deck)))

    def invariants(state):
        cards = zones(state)  # as many as the shoe, and all of them: the same cards, none twice
        assert len(cards) == len(full) and set(map(FIELDS, cards)) == full
        assert not state.top_buried  # neither rulebook buries a discard
        if rules.steal_limit is not None:
            assert all(s.steals_this_deal <= rules.steal_limit for s in state.seats)
        if rules.advance_after_miss:
            assert len({s.round for s in state.seats}) == 1  # everyone on the same round
        somebody_can_act(state)

    return invariants


def players_for(rules, n):
    return rules.min_players + n % (rules.max_players - rules.min_players + 1)


def fresh_deal(rules, seed, players, rng):
    """A new game re-dealt with every seat on a random round (the same one where rounds are shared)."""
    state = new_game(seed, players, rules)
    shared = rng.randint(1, rules.rounds)
    for seat in state.seats:
        seat.round = shared if rules.advance_after_miss else rng.randint(1, rules.rounds)
    start_deal(state, dealer=rng.randrange(players))
    for seat in state.seats:
        assert len(seat.hand) == rules.deal_size(seat.round)
    return state


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("chunk", range(2))
def test_random_deals_conserve_cards_keep_the_limits_and_score_what_is_held(name, chunk):
    rules = PRESETS[name]
    out = 0
    for n in range(DEALS // 2):
        seed = chunk * 10_000 + n
        rng = random.Random(seed)
        players = players_for(rules, n)
        state = fresh_deal(rules, seed, players, rng)
        totals = [s.total for s in state.seats]
        play_deal(state, rng, checker(rules, players))
        result = state.results[-1]
        assert result.dead or result.went_out is not None
        assert list(result.points) == [hand_points(s.hand, rules) for s in state.seats]
        assert [s.total for s in state.seats] == [t + p for t, p in zip(totals, result.points)]
        if result.went_out is not None:
            assert not state.seats[result.went_out].hand
        out += result.went_out is not None
    assert out > DEALS // 4


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("seed", range(3))
def test_complete_random_games_end_with_a_winner_and_replay_from_their_log(name, seed):
    rules = PRESETS[name]
    players = players_for(rules, seed)
    log = GameLog(seed=seed, players=players, preset=name)
    state = play_game(seed, players, checker(rules, players), log=log, rules=rules)
    assert state.is_over and state.outcome()
    best = min(s.total for s in state.seats)
    assert all(state.seats[n].total == best for n in state.outcome())  # the lowest of everyone
    again = GameLog.from_json(log.to_json()).replay()
    assert fingerprint(again) == fingerprint(state)


@pytest.mark.parametrize("name", PRESETS)
def test_random_illegal_actions_are_refused_and_change_nothing(name):
    rules = PRESETS[name]
    rng = random.Random(5)
    tried = refused = 0
    for seed in range(10):
        players = players_for(rules, seed)
        counts = refuse_randomly(new_game(seed, players, rules), rng, random.Random(seed), checker(rules, players))
        tried, refused = tried + counts[0], refused + counts[1]
    assert refused > tried * 0.5
