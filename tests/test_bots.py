"""The bots (issue 3): blind to hidden cards, each level behaving as SPEC §6 says."""
import copy
import random
from dataclasses import replace

import pytest

from game.actions import Discard, Draw, GoDown, LayOff, Pass, Steal, Swap, SwapWild, TakeDiscard
from game.bots import LEVELS, make_bot, seat_rng
from game.melds import is_wild
from game.rules import AGGRAVATION
from game.state import Event, Phase, new_game
from scenario import table

ALL = list(LEVELS)
JUNK = "5D 8H TC JC"  # unconnected to anything the claimants hold


def claims_on(discard: str, claimant: str, rounds=(1, 1, 1)):
    """Seat 0 discarded ``discard``, seat 1 drew from the stock: seat 2 is asked to claim."""
    game = table(hands=["5H 6H 7H QD", "5C 6C 8D KD", claimant], stock="3C 4C 8S 9S",
                 pile=f"4D {discard}", phase=Phase.DRAW, turn=1, claimable_from=0, rounds=rounds)
    game.apply(Draw())
    assert game.phase is Phase.CLAIMS and game.current_player == 2
    return game


def decide(level: str, game, seed: int = 0):
    seat = game.current_player
    return make_bot(level).choose(game.view(seat), game.legal_actions(), random.Random(seed))


# ---------------------------------------------------------------- hidden information


def reshuffle_hidden(game, seat: int, rng: random.Random):
    """The same game for ``seat``: every other hand and the stock dealt again from their cards."""
    other = copy.deepcopy(game)
    pool = list(other.stock)
    for n, player in enumerate(other.seats):
        if n != seat:
            pool += player.hand
    rng.shuffle(pool)
    for n, player in enumerate(other.seats):
        if n != seat:
            player.hand, pool = pool[:len(player.hand)], pool[len(player.hand):]
    other.stock = pool
    return other


@pytest.mark.parametrize("game_seed", [3, 8])
def test_a_bots_decision_depends_only_on_its_view(game_seed):
    """Reshuffling the hidden cards leaves every bot's view, and so its decision, unchanged."""
    levels = ["ace", "scout", "sprout", "ace"]
    game = new_game(game_seed, players=4)
    bots = [make_bot(level) for level in levels]
    rngs = [seat_rng(game_seed, seat) for seat in range(4)]
    shuffler = random.Random(game_seed)
    checked = 0
    for step in range(900):
        if game.is_over:
            break
        if game.phase is Phase.DEAL_OVER:
            game.apply(game.legal_actions()[0])
            continue
        seat = game.current_player
        legal = game.legal_actions()
        if step % 7 == 0:
            other = reshuffle_hidden(game, seat, shuffler)
            assert other.view(seat) == game.view(seat)
            for level in ALL:
                mine = make_bot(level).choose(game.view(seat), legal, random.Random(step))
                theirs = make_bot(level).choose(other.view(seat), other.legal_actions(), random.Random(step))
                assert mine == theirs, (level, step)
            checked += 1
        game.apply(bots[seat].choose(game.view(seat), legal, rngs[seat]), seat)
    assert checked > 50


# ---------------------------------------------------------------- steals


CLAIMANT = "7H 7S 9D 9C 9S KS 4S " + JUNK  # round 1 (two sets of 3): a 7 completes it


def test_sprout_never_claims_a_steal_even_one_that_completes_its_contract():
    assert decide("sprout", claims_on("7C", CLAIMANT)) == Pass()


@pytest.mark.parametrize("level", ["scout", "ace"])
def test_scout_and_ace_claim_a_discard_that_completes_their_contract(level):
    assert decide(level, claims_on("7C", CLAIMANT)) == Steal()


@pytest.mark.parametrize("level", ["scout", "ace"])
def test_a_discard_that_does_not_help_is_not_claimed(level):
    assert decide(level, claims_on("QD", CLAIMANT)) == Pass()


@pytest.mark.parametrize("level,steals", [("sprout", False), ("scout", False), ("ace", True)])
def test_only_ace_steals_a_card_that_helps_without_completing(level, steals):
    """A second 7 leaves the hand two short: worth a penalty card to Ace, not to Scout."""
    hand = "7H 9D 9C KS 4S 5D 8H TC JC QD 6C"
    assert decide(level, claims_on("7C", hand)) == (Steal() if steals else Pass())


@pytest.mark.parametrize("level", ALL)
@pytest.mark.parametrize("refusal", ["A steal would take you past 19 cards", "You are down: no more steals this deal"])
def test_no_level_claims_when_the_view_says_it_may_not(level, refusal):
    """Belt and braces: even if asked, a bot past the hand limit or down passes."""
    game = claims_on("7C", CLAIMANT)
    view = game.view(2)
    if "down" in refusal:
        players = list(view.players)
        players[2] = replace(players[2], down=True)
        view = replace(view, players=tuple(players), steal_refusal=refusal)
    else:
        view = replace(view, steal_refusal=refusal)
    assert make_bot(level).choose(view, [Steal(), Pass()], random.Random(1)) == Pass()


def test_in_play_nobody_steals_past_19_cards_or_once_down():
    """Whole games between all levels: every steal leaves the thief at 19 cards or fewer, not down."""
    levels = ["ace", "scout", "ace", "scout"]
    steals = 0
    for game_seed in range(2):
        game = new_game(game_seed, players=4)
        bots = [make_bot(level) for level in levels]
        rngs = [seat_rng(game_seed, seat) for seat in range(4)]
        while not game.is_over:
            if game.phase is Phase.DEAL_OVER:
                game.apply(game.legal_actions()[0])
                continue
            seat = game.current_player
            action = bots[seat].choose(game.view(seat), game.legal_actions(), rngs[seat])
            if action == Steal():
                steals += 1
                assert not game.seats[seat].down
                assert len(game.seats[seat].hand) + 2 <= game.rules.max_hand
            game.apply(action, seat)
    assert steals > 0


# ---------------------------------------------------------------- taking, discarding, wilds


@pytest.mark.parametrize("level,takes", [("sprout", False), ("scout", True), ("ace", True)])
def test_a_useful_discard_is_taken_by_scout_and_ace(level, takes):
    """An 8 for a hand one card short: only Sprout, waiting for a completing card, draws."""
    game = table(hands=["5H 6H 7H QD", "8S 8D 4C 4D KH 9S 5C", "5C 6C 8D KD"], stock="3C 4C",
                 pile="TD 8C", phase=Phase.DRAW, turn=1, claimable_from=0)
    assert decide(level, game) == (TakeDiscard() if takes else Draw())


@pytest.mark.parametrize("level", ALL)
def test_every_level_goes_down_as_soon_as_it_can(level):
    game = table(hands=["7H 7S 7C 9D 9C 9S KS 4S", "5C 6C", "8D KD"], stock="3C", pile="TD")
    assert isinstance(decide(level, game), GoDown)


def test_ace_keeps_a_joker_it_does_not_need_to_go_down():
    game = table(hands=["7H 7S 7C 9D 9C 9S JK KS 4S", "5C 6C", "8D KD"], stock="3C", pile="TD")
    action = decide("ace", game)
    assert isinstance(action, GoDown)
    assert not any(c.is_joker for meld in action.melds for c in meld.cards)


@pytest.mark.parametrize("level", ALL)
def test_no_level_throws_away_a_wild_before_going_down(level):
    game = table(hands=["JK 2C 7H 9D KS 4S QH 5D 8C TC JS AH", "5C 6C", "8D KD"], stock="3C",
                 pile="TD", rounds=[4, 1, 1])
    action = decide(level, game)
    assert isinstance(action, Discard) and not is_wild(action.card, game.rules)


@pytest.mark.parametrize("level", ALL)
def test_a_down_player_lays_off_naturals_before_wilds(level):
    game = table(hands=["JK 8H QS", "5C 6C", "8D KD"], stock="3C", pile="TD", down=[0],
                 melds=[(0, "run", "4H 5H 6H 7H"), (1, "set", "KC KD KH")])
    action = decide(level, game)
    assert action == LayOff(game.seats[0].hand[1], 0, "high")


@pytest.mark.parametrize("level,keeps", [("sprout", False), ("scout", True), ("ace", True)])
def test_scout_and_ace_do_not_discard_what_the_next_player_picked_up(level, keeps):
    """Seat 1 took a 9 from the pile; of two dead cards, Sprout throws the 9 anyway."""
    game = table(hands=["7H 7S 7C 4D 4C 9H TS", "5C 6C 9D", "8D KD"], stock="3C", pile="TD")
    game.events.append(Event("took", 1, (game.seats[1].hand[2],)))
    action = decide(level, game)
    assert isinstance(action, Discard) and (action.card.code != "9H") == keeps


@pytest.mark.parametrize("level", ["scout", "ace"])
def test_swap_round_swaps_for_a_card_that_helps(level):
    helps = table(hands=["7H 7S 9D 9C KS 4S 5D 8H TC JC QD", "5C 6C", "8D KD"], stock="3C",
                  pile="7C", phase=Phase.SWAP, turn=0, dealer=2)
    action = decide(level, helps)
    assert isinstance(action, Swap) and action.card.code != "7H" and not action.card.code.startswith("9")


def test_sprout_plays_straight_from_the_stock():
    """Sprout passes the swap round and draws from the stock, even for a card that would complete it."""
    swap = table(hands=["7H 7S 9D 9C 9S KS 4S 5D 8H TC JC", "5C 6C", "8D KD"], stock="3C",
                 pile="7C", phase=Phase.SWAP, turn=0, dealer=2)
    assert decide("sprout", swap) == Pass()
    draw = table(hands=["5H 6H 7H QD", "7H 7S 9D 9C 9S KS 4S 5D 8H TC JC", "5C 6C 8D KD"], stock="3C 4C",
                 pile="TD 7C", phase=Phase.DRAW, turn=1, claimable_from=0)
    assert decide("sprout", draw) == Draw()


WILD_SWAP = AGGRAVATION.with_house_rules(wild_swap=True)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_down_bot_trades_a_natural_for_a_table_wild_under_the_house_rule(level):
    game = table(hands=["8H 4C KD", "5C 6C", "8D KD"], stock="3C", pile="TD", down=[0],
                 melds=[(1, "run", "7H JK 9H")], rules=WILD_SWAP)
    action = decide(level, game)
    assert isinstance(action, SwapWild) and action.card.code == "8H"
    game.apply(action)
    assert "JK" in [c.code for c in game.seats[0].hand]


def test_before_going_down_only_a_trade_that_helps_or_an_ace_takes_a_wild():
    # Round 1 (two sets of 3): the 8♥ is a lone card, so trading it for the joker helps everyone.
    hands = ["8H 5C 5D KS KD 3C 4D 9S TS JC QD AH", "5C 6C", "8D KD"]
    helps = table(hands=hands, stock="3C", pile="TD", melds=[(1, "run", "7H JK 9H")], rules=WILD_SWAP)
    assert isinstance(decide("sprout", helps), SwapWild)
    # Round 4 (a run of 7 in hearts, held 4♥-8♥ but no 9♥): the 8♥ is needed; the joker
    # stands in for it equally well, so only the wild-hoarding Ace makes the trade.
    run = ["4H 5H 6H 7H 8H KS KD 3C 4D 9S JC QD", "5C 6C", "8D KD"]
    for level, trades in (("sprout", False), ("ace", True)):
        game = table(hands=run, stock="3C", pile="TD", melds=[(1, "run", "7H JK 9H")],
                     rules=WILD_SWAP, rounds=[4, 1, 1])
        assert isinstance(decide(level, game), SwapWild) is trades, level
