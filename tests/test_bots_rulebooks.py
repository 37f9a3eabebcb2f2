"""The bots under the other two rulebooks (SPEC §10, §11): every level plays them legally to the end;
Sprout never buys, Scout buys what completes its contract, and a bot lays Gallery's further melds."""
import random

import pytest

from game.actions import Draw, LayMeld, Pass, Steal
from game.bots import LEVELS, make_bot
from game.rules import CONTRACT_RUMMY, GALLERY, PRESETS
from game.sim import run_tournament
from game.state import Phase
from scenario import table


@pytest.mark.parametrize("name", ["gallery", "contract"])
def test_every_level_plays_whole_games_without_an_illegal_move(name):
    result = run_tournament(list(LEVELS), games=2, seed=7, rules=PRESETS[name])
    assert result.games == 2 and result.errors == 0
    assert result.stats("sprout").steals == 0  # Sprout never buys
    assert sum(result.stats(level).wins for level in LEVELS) == pytest.approx(2)


def buy_offer(claimant: str, rules, rounds=(1, 1, 1)):
    """Seat 0 discarded 7D, seat 1 drew from the stock: seat 2 is asked whether to buy it."""
    game = table(hands=["5H 6H 8H QD", "5C 6C 8D KD", claimant], stock="3C 4C 8S 9S", pile="4D 7D",
                 phase=Phase.DRAW, turn=1, claimable_from=0, rounds=rounds, rules=rules)
    game.apply(Draw())
    assert game.phase is Phase.CLAIMS and game.current_player == 2
    return game


def decide(level, game):
    seat = game.current_player
    return make_bot(level).choose(game.view(seat), game.legal_actions(), random.Random(0))


@pytest.mark.parametrize("rules", [GALLERY, CONTRACT_RUMMY], ids=["gallery", "contract"])
def test_scout_buys_the_card_that_completes_its_contract_and_sprout_never_buys(rules):
    completes = buy_offer("7H 7S KC KS KH 9C JD", rules)
    assert decide("scout", completes) == Steal()
    assert decide("sprout", completes) == Pass()
    useless = buy_offer("7H QS KC KS KH 9C JD", rules)
    assert decide("scout", useless) == Pass()


def test_a_bot_that_is_down_lays_a_further_gallery_meld():
    game = table(hands=["QH QS QD 4C", "KS KD QC"], melds=[(0, "set", "7H 7S 7C"), (0, "set", "9C 9D 9H")],
                 down=[0], rules=GALLERY, dealer=1)
    for level in LEVELS:
        assert isinstance(decide(level, game), LayMeld)


def test_ace_digs_into_the_pile_for_what_completes_its_contract_and_sprout_does_not():
    from game.actions import TakeFromPile

    game = table(hands=["7H 7S 9C 9D KS 4C 5D", "KD QC"], pile="9H 7C JD", stock="3C 4H",
                 phase=Phase.DRAW, rules=GALLERY, dealer=1)
    ace = decide("ace", game)
    assert isinstance(ace, TakeFromPile) and ace.card.code == "7C"  # 7C and JD: two sets of 3
    assert not isinstance(decide("sprout", game), TakeFromPile)


@pytest.mark.parametrize("name", ["gallery", "contract"])
def test_a_bots_decision_depends_only_on_its_view(name):
    """Reshuffling the hidden cards (other hands, the stock) changes no view and no decision."""
    from game.bots import seat_rng
    from game.state import new_game
    from test_bots import reshuffle_hidden

    game = new_game(9, players=4, rules=PRESETS[name])
    levels = ["ace", "scout", "sprout", "ace"]
    bots = [make_bot(level) for level in levels]
    shuffler = random.Random(9)
    checked = 0
    for step in range(700):
        if game.is_over:
            break
        if game.phase is Phase.DEAL_OVER:
            game.apply(game.legal_actions()[0])
            continue
        seat, legal = game.current_player, game.legal_actions()
        if step % 7 == 0:
            other = reshuffle_hidden(game, seat, shuffler)
            assert other.view(seat) == game.view(seat)
            for level in LEVELS:
                mine = make_bot(level).choose(game.view(seat), legal, random.Random(step))
                assert mine == make_bot(level).choose(other.view(seat), other.legal_actions(), random.Random(step))
            checked += 1
        game.apply(bots[seat].choose(game.view(seat), legal, seat_rng(9, seat)), seat)
    assert checked > 50
